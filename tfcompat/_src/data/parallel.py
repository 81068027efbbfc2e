"""Background work for pipelines: ``map(num_parallel_calls=...)`` on a thread pool and ``prefetch`` on a
producer thread.

Kernels are torch ops that release the GIL, so the threads overlap real work. Every thread stops when the
iterator that started it is closed or garbage collected (the generators' ``finally`` blocks signal them), and
threads are daemons, so an abandoned iterator never keeps the interpreter from exiting. An exception raised
while producing element ``k`` reaches the consumer when it asks for element ``k``, as in TF."""
from __future__ import annotations

import atexit
import collections
import concurrent.futures
import functools
import itertools
import os
import queue
import threading
import time
from typing import Callable, Iterator

__all__ = ["parallel_map", "prefetch", "autotune_threads"]

_DONE = object()

# Every thread started here is stopped and joined at interpreter exit, before finalisation: Python ends a daemon
# thread that wants the GIL after finalisation began with pthread_exit, and when that thread is inside a torch op
# the unwinding crosses a noexcept C++ frame and the process aborts ("terminate called without an active
# exception"). A thread stays registered until it has fully ended (not only its target: a thread between its
# target's return and its end still runs interpreter code); stopped threads finish at most the element they are
# producing, so the join waits for one element, not for a pipeline.
_THREADS: dict = {}   # thread -> the callable that asks it to stop
_EXIT_JOIN_S = 10.0


def _register(thread: threading.Thread, stop: Callable[[], None]) -> None:
    for t in [t for t in _THREADS if not t.is_alive() and t.ident is not None]:
        _THREADS.pop(t, None)
    _THREADS[thread] = stop


@atexit.register
def _stop_threads_at_exit(timeout_s: float = _EXIT_JOIN_S) -> None:
    threads = list(_THREADS.items())
    for _, stop in threads:
        stop()
    deadline = time.monotonic() + timeout_s
    for thread, _ in threads:
        thread.join(max(0.0, deadline - time.monotonic()))


def autotune_threads() -> int:
    """The parallelism ``tf.data.AUTOTUNE`` resolves to: the number of CPU cores."""
    return max(1, os.cpu_count() or 1)


class _Workers:
    """``n`` daemon threads running submitted calls (futures); they exit when ``close`` is called."""

    def __init__(self, n: int):
        self._tasks: queue.SimpleQueue = queue.SimpleQueue()
        self.stopped = threading.Event()
        self._threads = [threading.Thread(target=self._work, name=f"tf_data_map_{i}", daemon=True)
                         for i in range(n)]
        for t in self._threads:
            _register(t, self.close)
            t.start()

    def _work(self):
        while True:
            task = self._tasks.get()
            if task is None:
                return
            fut, fn, arg = task
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(fn(arg, self.stopped))
            except BaseException as e:  # noqa: BLE001 - delivered to the consumer through the future
                fut.set_exception(e)

    def submit(self, fn, arg) -> concurrent.futures.Future:
        fut = concurrent.futures.Future()
        self._tasks.put((fut, fn, arg))
        return fut

    def close(self):
        self.stopped.set()
        for _ in self._threads:
            self._tasks.put(None)


def _run_chunk(fn, elements, stopped: threading.Event):
    out = []
    try:
        for el in elements:
            if stopped.is_set():   # the consumer is gone: the rest of the chunk is never read
                break
            out.append(fn(el))
    except BaseException as e:  # noqa: BLE001 - the results before the failing element still come first
        return out, e
    return out, None


def parallel_map(source: Iterator, fn: Callable, num_threads: int, deterministic: bool, chunk: int = 32) -> Iterator:
    """``fn`` applied to each element of ``source`` by ``num_threads`` workers; results in input order when
    ``deterministic``, else as they complete. Work is handed out ``chunk`` elements at a time: one hand-off per
    element costs more than a small function (the GIL serialises the Python part of every call anyway)."""
    pool = _Workers(num_threads)
    pending = collections.deque()
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < 2 * num_threads:
                elements = list(itertools.islice(source, chunk))
                if len(elements) < chunk:
                    exhausted = True
                if elements:
                    pending.append(pool.submit(functools.partial(_run_chunk, fn), elements))
            if not pending:
                return
            if deterministic:
                fut = pending.popleft()
            else:
                done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                fut = next(f for f in pending if f in done)
                pending.remove(fut)
            results, error = fut.result()
            yield from results
            if error is not None:
                raise error
    finally:
        for f in pending:
            f.cancel()
        pool.close()


def prefetch(source: Iterator, buffer_size: int) -> Iterator:
    """The elements of ``source``, produced up to ``buffer_size`` ahead by a background thread."""
    q: queue.Queue = queue.Queue(maxsize=max(1, buffer_size))
    stop = threading.Event()

    def produce():
        try:
            for el in source:
                while not stop.is_set():
                    try:
                        q.put(("ok", el), timeout=0.05)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            item = ("end", None)
        except BaseException as e:  # noqa: BLE001 - handed to the consumer, raised at this element
            item = ("error", e)
        finally:
            close = getattr(source, "close", None)
            if close is not None:
                close()
        while not stop.is_set():
            try:
                q.put(item, timeout=0.05)
                return
            except queue.Full:
                continue

    thread = threading.Thread(target=produce, name="tf_data_prefetch", daemon=True)
    _register(thread, stop.set)
    thread.start()
    try:
        while True:
            kind, value = q.get()
            if kind == "ok":
                yield value
            elif kind == "end":
                return
            else:
                raise value
    finally:
        stop.set()
