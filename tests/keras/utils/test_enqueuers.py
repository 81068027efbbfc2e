"""tf.keras.utils.OrderedEnqueuer / GeneratorEnqueuer (tfcompat._src.keras.utils.enqueuers) against tf-keras 2.21:
batches in order across epochs with on_epoch_end between, a generator drained to its end, running state.
Threads only (``use_multiprocessing=False``): worker processes are slow to start. Expected values: real TF."""
from __future__ import annotations

import itertools

import numpy as np


def test_ordered_enqueuer_epochs(oracle):
    def prog(tf):
        class Squares(tf.keras.utils.Sequence):
            def __init__(self):
                self.epochs = 0

            def __len__(self):
                return 3

            def __getitem__(self, i):
                return np.full((2,), i * i + 10 * self.epochs)

            def on_epoch_end(self):
                self.epochs += 1

        enqueuer = tf.keras.utils.OrderedEnqueuer(Squares())
        before = enqueuer.is_running()
        enqueuer.start(workers=2, max_queue_size=2)
        running = enqueuer.is_running()
        batches = list(itertools.islice(enqueuer.get(), 7))
        enqueuer.stop()
        return before, running, batches, enqueuer.is_running()
    oracle.check(prog)


def test_generator_enqueuer_to_the_end(oracle):
    def prog(tf):
        enqueuer = tf.keras.utils.GeneratorEnqueuer((np.arange(2) + i for i in range(5)))
        enqueuer.start(workers=1, max_queue_size=3)
        batches = list(enqueuer.get())
        enqueuer.stop()
        return sorted(b.tolist() for b in batches)
    oracle.check(prog)
