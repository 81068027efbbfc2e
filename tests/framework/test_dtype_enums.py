"""``tf.as_dtype`` of ``DataType`` enum values (ints), as ``tf.zeros(1, 1)`` passes one (the keras guide
``custom_layers_and_models`` does), against real TF."""
from __future__ import annotations

import numpy as np
import pytest

ENUMS = [1, 2, 3, 7, 9, 10, 14, 18, np.int64(1), True]


@pytest.mark.parametrize("value", ENUMS, ids=[repr(v) for v in ENUMS])
def test_as_dtype_of_an_enum_value(oracle, value):
    oracle.check(lambda tf: (tf.as_dtype(value).name, tf.as_dtype(value).as_datatype_enum))


@pytest.mark.parametrize("value", [0, 200, -1])
def test_as_dtype_of_an_unknown_enum_value_raises(oracle, value):
    oracle.check(lambda tf: tf.as_dtype(value))


def test_zeros_with_an_enum_dtype(oracle):
    oracle.check(lambda tf: (tf.zeros(1, 1), tf.ones([2], 9), tf.fill([2], tf.constant(3, tf.as_dtype(3)))))
