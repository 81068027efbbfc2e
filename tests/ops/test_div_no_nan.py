"""tf.math.divide_no_nan (DivNoNan, ops/math_ops.py ``_div_no_nan``): TF's values and gradients where y is 0, -0,
NaN or inf and x is NaN or inf, broadcasting, complex and half inputs, eagerly and in a Session.

Expected values: real TF 2.21 through the oracle (recorded in tests/oracle_records)."""
from __future__ import annotations

import numpy as np
import pytest

X = np.array([[1.0, -2.0, 0.0, np.nan, np.inf, 3.0, -np.inf, 5.0]], np.float32)
Y = np.array([[0.0], [-0.0], [2.0], [np.nan], [np.inf], [-4.0]], np.float32)   # broadcasts to [6, 8]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_values_and_gradients_eager(oracle, dtype):
    def prog(tf):
        x, y = tf.constant(X.astype(dtype)), tf.constant(Y.astype(dtype))
        with tf.GradientTape() as tape:
            tape.watch([x, y])
            z = tf.math.divide_no_nan(x, y)
        return z, tape.gradient(z, [x, y]), z.dtype.name
    oracle.check(prog)


def test_complex(oracle):
    def prog(tf):
        x = tf.constant([1 + 2j, -3j, 4.0 + 0j], tf.complex64)
        y = tf.constant([0j, 1 - 1j, 2j], tf.complex64)
        return tf.math.divide_no_nan(x, y)
    oracle.check(prog)


def test_session(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 8])
        y = v1.placeholder(v1.float32, [None, 1])
        z = v1.div_no_nan(x, y)
        g = v1.gradients(z, [x, y])
        with v1.Session() as s:
            return s.run([z, g], {x: X, y: Y})
    oracle.check_v1(prog)
