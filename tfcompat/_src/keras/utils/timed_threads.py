"""``tf.keras.utils.TimedThread`` (tf-keras 2.21): a daemon thread calling ``on_interval`` every ``interval``
seconds until stopped."""
from __future__ import annotations

import abc
import logging
import threading

__all__ = ["TimedThread"]

_logger = logging.getLogger("absl")  # tf-keras logs this through absl


class TimedThread:
    """Mirrors ``tf.keras.utils.TimedThread``: subclasses implement ``on_interval``; ``start``/``stop`` (or use it
    as a context manager) run it on a ``threading.Thread`` (``daemon`` and other keyword arguments go to the
    thread), calling it first at start and then every ``interval`` seconds."""

    def __init__(self, interval, **kwargs):
        self.interval = interval
        self.daemon = kwargs.pop("daemon", True)
        self.thread_kwargs = kwargs
        self.thread = None
        self.thread_stop_event = None

    def _call_on_interval(self):
        while not self.thread_stop_event.is_set():
            self.on_interval()
            self.thread_stop_event.wait(self.interval)

    def start(self):
        """Starts the thread (a warning, and nothing else, when it is already running)."""
        if self.thread and self.thread.is_alive():
            _logger.warning("Thread is already running.")
            return
        self.thread = threading.Thread(target=self._call_on_interval, daemon=self.daemon, **self.thread_kwargs)
        self.thread_stop_event = threading.Event()
        self.thread.start()

    def stop(self):
        """Asks the thread to stop after its current ``on_interval`` call."""
        if self.thread_stop_event:
            self.thread_stop_event.set()

    def is_alive(self) -> bool:
        return self.thread.is_alive() if self.thread else False

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *args, **kwargs):
        self.stop()

    @abc.abstractmethod
    def on_interval(self):
        raise NotImplementedError("Runs every x interval seconds. Needs to be implemented in subclasses of "
                                  "`TimedThread`")
