"""``tf.keras.utils.SequenceEnqueuer`` / ``OrderedEnqueuer`` / ``GeneratorEnqueuer`` (tf-keras 2.21): a background
thread keeps a bounded queue filled with batches produced by a pool of workers (threads, or processes with
``use_multiprocessing=True``), read back with ``get()``."""
from __future__ import annotations

import abc
import itertools
import multiprocessing
import multiprocessing.pool
import queue
import random
import threading
import time
from contextlib import closing

import numpy as np

__all__ = ["SequenceEnqueuer", "OrderedEnqueuer", "GeneratorEnqueuer"]

# uid -> the Sequence/generator an enqueuer shares with its workers (worker processes get a copy at start).
_SHARED_SEQUENCES: dict = {}
_UIDS = itertools.count()


def _pool(use_multiprocessing: bool, workers: int, random_seed=None):
    if not use_multiprocessing:
        return multiprocessing.pool.ThreadPool(workers)
    return multiprocessing.Pool(workers, initializer=_init_worker, initargs=(dict(_SHARED_SEQUENCES), random_seed))


def _init_worker(shared: dict, random_seed) -> None:
    _SHARED_SEQUENCES.clear()
    _SHARED_SEQUENCES.update(shared)
    process = multiprocessing.current_process()
    process.name = f"Keras_worker_{process.name}"
    if random_seed is not None:
        np.random.seed((random_seed + process.ident) % 2 ** 32)


def _get_index(uid: int, i: int):
    return _SHARED_SEQUENCES[uid][i]


def _next_sample(uid: int):
    return next(_SHARED_SEQUENCES[uid])


class SequenceEnqueuer(abc.ABC):
    """Mirrors ``tf.keras.utils.SequenceEnqueuer``: ``start(workers, max_queue_size)`` runs the producer,
    ``get()`` yields its outputs, ``stop()`` ends it. Subclasses define ``_run`` and ``get``."""

    def __init__(self, sequence, use_multiprocessing: bool = False):
        self.sequence = sequence
        self.use_multiprocessing = use_multiprocessing
        self.uid = next(_UIDS)
        self.workers = 0
        self.queue = None
        self.run_thread = None
        self.stop_signal = None

    def is_running(self) -> bool:
        return self.stop_signal is not None and not self.stop_signal.is_set()

    def start(self, workers: int = 1, max_queue_size: int = 10) -> None:
        """Starts the producer thread with ``workers`` workers and a queue of at most ``max_queue_size``."""
        self.workers = workers
        self.queue = queue.Queue(max_queue_size)
        self.stop_signal = threading.Event()
        _SHARED_SEQUENCES[self.uid] = self.sequence
        self.run_thread = threading.Thread(target=self._run, daemon=True)
        self.run_thread.start()

    def stop(self, timeout=None) -> None:
        """Stops the producer (dropping queued batches) and waits up to ``timeout`` seconds for it."""
        self.stop_signal.set()
        with self.queue.mutex:
            self.queue.queue.clear()
            self.queue.unfinished_tasks = 0
            self.queue.not_full.notify()
        self.run_thread.join(timeout)
        _SHARED_SEQUENCES.pop(self.uid, None)

    def __del__(self):
        if self.is_running():
            self.stop()

    @abc.abstractmethod
    def _run(self):
        raise NotImplementedError

    @abc.abstractmethod
    def get(self):
        raise NotImplementedError


class OrderedEnqueuer(SequenceEnqueuer):
    """Mirrors ``tf.keras.utils.OrderedEnqueuer``: yields a ``keras.utils.Sequence``'s batches in index order
    (reshuffled each epoch with python's ``random`` when ``shuffle``), epoch after epoch, calling
    ``on_epoch_end`` between epochs."""

    def __init__(self, sequence, use_multiprocessing: bool = False, shuffle: bool = False):
        super().__init__(sequence, use_multiprocessing)
        self.shuffle = shuffle

    def _wait_queue(self):
        while self.queue.unfinished_tasks != 0 and not self.stop_signal.is_set():
            time.sleep(0.1)

    def _run(self):
        order = list(range(len(self.sequence)))
        while True:
            if self.shuffle:
                random.shuffle(order)
            with closing(_pool(self.use_multiprocessing, self.workers)) as executor:
                for i in order:
                    if self.stop_signal.is_set():
                        return
                    self.queue.put(executor.apply_async(_get_index, (self.uid, i)), block=True)
                self._wait_queue()
                if self.stop_signal.is_set():
                    return
            self.sequence.on_epoch_end()
            _SHARED_SEQUENCES[self.uid] = self.sequence

    def get(self):
        """Yields batches while running (a worker's exception stops the enqueuer and is raised here)."""
        while self.is_running():
            try:
                inputs = self.queue.get(block=True, timeout=5).get()
                if self.is_running():
                    self.queue.task_done()
                if inputs is not None:
                    yield inputs
            except queue.Empty:
                pass
            except Exception:
                self.stop()
                raise


class GeneratorEnqueuer(SequenceEnqueuer):
    """Mirrors ``tf.keras.utils.GeneratorEnqueuer``: yields ``next(generator)`` results produced by the
    workers until the generator is exhausted (the generator must be thread-safe when ``workers > 1``)."""

    def __init__(self, generator, use_multiprocessing: bool = False, random_seed=None):
        super().__init__(generator, use_multiprocessing)
        self.random_seed = random_seed

    def _run(self):
        with closing(_pool(self.use_multiprocessing, self.workers, self.random_seed)) as executor:
            while not self.stop_signal.is_set():
                self.queue.put(executor.apply_async(_next_sample, (self.uid,)), block=True)

    def get(self):
        """Yields the generator's outputs; at its end, the results already queued.

        Raises:
          RuntimeError: the generator is not thread-safe (several workers ran it at once)."""
        try:
            while self.is_running():
                inputs = self.queue.get(block=True).get()
                self.queue.task_done()
                if inputs is not None:
                    yield inputs
        except StopIteration:
            pending = []
            while self.queue.qsize() > 0:
                pending.append(self.queue.get(block=True))
            for future in pending:
                future.wait()
            for inputs in [future.get() for future in pending if future.successful()]:
                if inputs is not None:
                    yield inputs
        except Exception as error:
            self.stop()
            if "generator already executing" in str(error):
                raise RuntimeError("Your generator is NOT thread-safe. Keras requires a thread-safe generator when "
                                   "`use_multiprocessing=False, workers > 1`. ") from error
            raise
