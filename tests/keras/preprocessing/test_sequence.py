"""tf.keras.preprocessing.sequence additions (tfcompat._src.keras.preprocessing.sequence) against tf-keras 2.21:
TimeseriesGenerator batches, make_sampling_table, skipgrams with seeded Python random. Expected values: real TF."""
from __future__ import annotations

import random

import numpy as np
import pytest


@pytest.mark.parametrize("kwargs", [{"length": 3, "batch_size": 2}, {"length": 4, "sampling_rate": 2, "stride": 3},
                                    {"length": 2, "reverse": True, "start_index": 3, "end_index": 15}])
def test_timeseries_generator(kwargs, oracle):
    def prog(tf):
        data = np.arange(40, dtype=np.float32).reshape(20, 2)
        gen = tf.keras.preprocessing.sequence.TimeseriesGenerator(data, np.arange(20), **kwargs)
        return len(gen), [gen[i] for i in range(len(gen))], gen.get_config()["length"]
    oracle.check(prog)


def test_sampling_table_and_skipgrams(oracle):
    def prog(tf):
        seq = tf.keras.preprocessing.sequence
        random.seed(3)
        couples, labels = seq.skipgrams([1, 2, 3, 0, 4, 5], vocabulary_size=8, window_size=2, seed=11)
        cat_couples, cat_labels = seq.skipgrams([2, 3, 4], vocabulary_size=5, window_size=1, categorical=True,
                                                negative_samples=0.5, shuffle=False)
        return seq.make_sampling_table(10), couples, labels, cat_couples, cat_labels
    oracle.check(prog)


def test_timeseries_generator_length_error(oracle):
    oracle.check(lambda tf: tf.keras.preprocessing.sequence.TimeseriesGenerator(np.arange(5), np.arange(4), 2),
                 match_message="same length")
