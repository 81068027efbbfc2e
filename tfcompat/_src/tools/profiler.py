"""``tf.profiler.experimental``: the profiler session API, without a profiler behind it.

TF's profiler (``start``/``stop``, the ``Profile`` context, ``Trace`` annotations) collects XPlane traces of TF's
runtime for TensorBoard. tfcompat runs on torch and has no TF runtime to trace: the session's state and errors
are TF's (one session at a time; ``stop`` without ``start`` fails), ``stop`` writes no profile and says so in a
warning, and ``Trace`` annotates nothing. Use ``torch.profiler`` to profile what tfcompat runs."""
from __future__ import annotations

import logging
import os

from tfcompat._src.framework import errors

__all__ = ["ProfilerOptions", "start", "stop", "Profile", "Trace"]

_log = logging.getLogger("tensorflow")
# The running session: None, or {"logdir": str, "options": ProfilerOptions | None}.
_session: dict | None = None


class ProfilerOptions:
    """Mirrors ``tf.profiler.experimental.ProfilerOptions`` (the namedtuple of tracer levels; kept, unused)."""

    def __init__(self, host_tracer_level: int = 2, python_tracer_level: int = 0, device_tracer_level: int = 1,
                 delay_ms=None):
        self.host_tracer_level = host_tracer_level
        self.python_tracer_level = python_tracer_level
        self.device_tracer_level = device_tracer_level
        self.delay_ms = delay_ms

    def __repr__(self):
        return (f"ProfilerOptions(host_tracer_level={self.host_tracer_level}, python_tracer_level="
                f"{self.python_tracer_level}, device_tracer_level={self.device_tracer_level}, "
                f"delay_ms={self.delay_ms})")


def start(logdir, options: ProfilerOptions | None = None) -> None:
    """Mirrors ``tf.profiler.experimental.start``: starts the (single) profiler session.

    Raises:
      AlreadyExistsError: a session is already running (as TF)."""
    global _session
    if _session is not None:
        raise errors.AlreadyExistsError(None, None, "Another profiler is running.")
    _session = {"logdir": os.fspath(logdir), "options": options}


def stop(save: bool = True) -> None:
    """Mirrors ``tf.profiler.experimental.stop``. Difference: no profile is written (tfcompat has no TF runtime
    to trace); with ``save`` a warning says so.

    Raises:
      UnavailableError: no session is running (as TF)."""
    global _session
    if _session is None:
        raise errors.UnavailableError(None, None, "Cannot export profiling results. No profiler is running.")
    logdir, _session = _session["logdir"], None
    if save:
        _log.warning("tfcompat has no TensorFlow profiler: nothing is written to %s (use torch.profiler to "
                     "profile what tfcompat runs).", logdir)


class Profile:
    """Mirrors ``tf.profiler.experimental.Profile``: ``start`` on entry, ``stop`` on exit."""

    def __init__(self, logdir, options: ProfilerOptions | None = None):
        self._logdir = logdir
        self._options = options

    def __enter__(self):
        start(self._logdir, self._options)

    def __exit__(self, typ, value, tb):
        stop()


class Trace:
    """Mirrors ``tf.profiler.experimental.Trace`` (a named event for the profiler). Difference: it records
    nothing."""

    def __init__(self, name, **kwargs):
        self.name = name
        self._metadata = kwargs

    def __enter__(self):
        return self

    def __exit__(self, typ, value, tb):
        return False
