"""``tf.compat.v1.train.ProfilerHook`` (TF's ``basic_session_run_hooks.ProfilerHook``): every ``save_steps`` steps
or ``save_secs`` seconds, writes ``timeline-<global step>.json`` in ``output_dir``, a Chrome trace
(``chrome://tracing`` / Perfetto) of that ``Session.run``.

The steps at which files are written are TF's. The content is not: TF traces the run with
``RunOptions.FULL_TRACE`` and converts its per-kernel ``StepStats``; tfcompat's session runs a compiled plan
without per-op timing, so the trace holds the device's process metadata and one complete event (``ph: "X"``)
spanning the traced ``Session.run``, timed around it (``profiler-hook-trace-content`` in
tests/known_deviations.py). The hook opens ``output_dir``'s summary writer as TF does (its events file appears),
but has no ``RunMetadata`` to add to it."""
from __future__ import annotations

import json
import os
import time

from tfcompat._src.runtime import gfile
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.summary.writer_v1 import FileWriterCache
from tfcompat._src.runtime.training.basic_session_run_hooks import SecondOrStepTimer, _as_tensor, _global_step_read
from tfcompat._src.runtime.training.session_run_hook import SessionRunArgs, SessionRunHook

__all__ = ["ProfilerHook"]

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def chrome_trace(step: int, start_s: float, end_s: float) -> str:
    """A Chrome trace JSON document with one complete event for the run of ``step``."""
    events = [
        {"name": "process_name", "ph": "M", "pid": 0, "args": {"name": f"{_DEVICE} Compute"}},
        {"name": "thread_name", "ph": "M", "pid": 0, "tid": 0, "args": {"name": "Session.run"}},
        {"name": "Session.run", "cat": "Op", "ph": "X", "pid": 0, "tid": 0, "ts": int(start_s * 1e6),
         "dur": max(int((end_s - start_s) * 1e6), 0), "args": {"name": "Session.run", "global_step": int(step)}},
    ]
    return json.dumps({"traceEvents": events}, indent=4)


class ProfilerHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.ProfilerHook``: saves a timeline file every ``save_steps`` steps or
    ``save_secs`` seconds (exactly one of them). ``show_dataflow`` / ``show_memory`` are accepted and have no
    effect (see the module docstring for how the file differs from TF's).

    Raises:
      ValueError: neither or both of ``save_steps`` / ``save_secs`` given.
      RuntimeError: at ``begin``, no global step in the graph (TF's message)."""

    def __init__(self, save_steps=None, save_secs=None, output_dir="", show_dataflow=True, show_memory=False):
        self._output_file = os.path.join(output_dir, "timeline-{}.json")
        self._file_writer = FileWriterCache.get(output_dir)   # as TF: the events file exists from here on
        self._show_dataflow = show_dataflow
        self._show_memory = show_memory
        self._timer = SecondOrStepTimer(every_secs=save_secs, every_steps=save_steps)

    def begin(self):
        self._next_step = None
        self._global_step_tensor = _as_tensor(_global_step_read("ProfilerHook"))

    def before_run(self, run_context):
        self._request_summary = self._next_step is not None and self._timer.should_trigger_for_step(self._next_step)
        self._started = time.time()
        return SessionRunArgs({"global_step": self._global_step_tensor})

    def after_run(self, run_context, run_values):
        ended = time.time()
        stale_global_step = int(run_values.results["global_step"])
        if self._next_step is None:
            # Not before N steps or seconds have passed.
            self._timer.update_last_triggered_step(stale_global_step)
        global_step = stale_global_step + 1
        if self._request_summary:
            global_step = int(run_context.session.run(self._global_step_tensor))
            self._timer.update_last_triggered_step(global_step)
            self._save(global_step, self._output_file.format(global_step), self._started, ended)
        self._next_step = global_step + 1

    def _save(self, step, save_path, start_s, end_s):
        logging.info("Saving timeline for %d into '%s'.", step, save_path)
        with gfile.GFile(save_path, "w") as f:
            f.write(chrome_trace(step, start_s, end_s))
