"""``tf.one_hot`` of NumPy indices that are not of an allowed index dtype, against real TF: TF converts them to
the ``TI`` attr's default, int64, by a cast (floats truncate toward zero; the keras guide ``train_and_evaluate``
one-hots a float32 label array), eagerly and in a ``tf.function``; a float *tensor*, a Python float list or a
Python float still raise."""
from __future__ import annotations

import numpy as np
import pytest

NUMPY_INDICES = [np.array([-1.5, 0.9, 2.7]), np.array([1.0, 2.0], "float32"), np.array([True, False]),
                 np.array([1, 2], "int16"), np.array([1, 2], "uint16"), np.float32(1.0)]


@pytest.mark.parametrize("indices", NUMPY_INDICES, ids=lambda a: f"{a.dtype}{np.shape(a)}")
def test_numpy_indices_are_cast_to_int64(oracle, indices):
    oracle.check(lambda tf: (tf.one_hot(indices, 3), tf.function(lambda: tf.one_hot(indices, 3, dtype=tf.int32))()))


@pytest.mark.parametrize("indices", ["tensor", "list", "scalar"])
def test_float_tensors_and_python_floats_still_raise(oracle, indices):
    def prog(tf):
        value = {"tensor": tf.constant([1.0, 2.0]), "list": [1.0, -1.5], "scalar": 1.0}[indices]
        return tf.one_hot(value, 3)
    oracle.check(prog)
