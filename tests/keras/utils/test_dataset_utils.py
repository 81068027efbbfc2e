"""tf.keras.utils timeseries_dataset_from_array / split_dataset / to_ordinal / set_random_seed
(tfcompat._src.keras.utils.{dataset_utils,np_utils}, random_generator) against tf-keras 2.21. Expected: real TF."""
from __future__ import annotations

import numpy as np
import pytest


@pytest.mark.parametrize("kwargs", [{"sequence_length": 5, "sequence_stride": 2, "sampling_rate": 2, "batch_size": 3},
                                    {"sequence_length": 3, "batch_size": None, "start_index": 2, "end_index": 12},
                                    {"sequence_length": 4, "batch_size": 4}])
def test_timeseries_dataset(kwargs, oracle):
    def prog(tf):
        data = np.arange(40, dtype=np.float32).reshape(20, 2)
        ds = tf.keras.utils.timeseries_dataset_from_array(data, np.arange(20) * 10, **kwargs)
        return list(ds.as_numpy_iterator())
    oracle.check(prog)


def test_timeseries_without_targets_shuffled_content(oracle):
    def prog(tf):
        ds = tf.keras.utils.timeseries_dataset_from_array(np.arange(30), None, 4, batch_size=None, shuffle=True,
                                                          seed=1)
        return sorted(x.tolist() for x in ds.as_numpy_iterator())
    oracle.check(prog)


@pytest.mark.parametrize("left,right", [(0.8, None), (None, 3), (4, 5)])
def test_split_dataset(left, right, oracle):
    def prog(tf):
        a, b = tf.keras.utils.split_dataset(np.arange(10), left_size=left, right_size=right)
        c, d = tf.keras.utils.split_dataset((np.arange(6.0), np.arange(6)), left_size=left if left != 4 else 2,
                                            right_size=right if right != 5 else 3)
        return list(a.as_numpy_iterator()), list(b.as_numpy_iterator()), list(c.as_numpy_iterator()), \
            list(d.as_numpy_iterator())
    oracle.check(prog)


def test_to_ordinal_and_set_random_seed(oracle):
    def prog(tf):
        tf.keras.utils.set_random_seed(5)
        first = np.random.rand(2), tf.random.uniform([2])
        tf.keras.utils.set_random_seed(5)
        second = np.random.rand(2), tf.random.uniform([2])
        return tf.keras.utils.to_ordinal([[0], [3], [1]]), tf.keras.utils.to_ordinal([1, 0], num_classes=4), \
            first, second
    oracle.check(prog)
