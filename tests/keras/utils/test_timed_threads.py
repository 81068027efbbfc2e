"""tf.keras.utils.TimedThread (tfcompat._src.keras.utils.timed_threads) against tf-keras 2.21: on_interval runs at
start and every interval until stop; the abstract method's error. Expected values: real TF."""
from __future__ import annotations

import threading


def test_timed_thread_runs_until_stopped(oracle):
    def prog(tf):
        calls = threading.Semaphore(0)

        class Counter(tf.keras.utils.TimedThread):
            def on_interval(self):
                calls.release()

        with Counter(interval=0.01, name="counter") as thread:
            alive = thread.is_alive()
            got_two = calls.acquire(timeout=5) and calls.acquire(timeout=5)
        thread.thread.join(5)
        return alive, got_two, thread.is_alive(), thread.thread.name, thread.daemon
    oracle.check(prog)


def test_on_interval_is_abstract(oracle):
    def prog(tf):
        return tf.keras.utils.TimedThread(1.0).on_interval()
    oracle.check(prog, match_message="Needs to be implemented in subclasses")
