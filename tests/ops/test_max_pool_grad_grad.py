"""Second order of max pooling (TF's ``MaxPoolGradGrad``: the gradient of ``MaxPoolGrad`` with respect to its
upstream gradient) on windows with ties (zeros after ReLU), NaN and -inf, float32 and float64, VALID, SAME and
overlapping windows; every expected value is TF's (oracle)."""
from __future__ import annotations

import numpy as np
import pytest

_NAN, _INF = np.nan, np.inf

# 1x4x4x2: channel 0 has ReLU-style ties (zeros) and positive ties, channel 1 NaN and -inf windows.
_X = np.stack([
    np.array([[0, 0, 2, 2], [0, 0, 1, 2], [3, 1, 0, 0], [3, 3, 0, 0]], np.float64),
    np.array([[_NAN, 5, -_INF, -_INF], [2, 3, -_INF, _NAN], [1, _NAN, _NAN, _NAN], [_NAN, 4, _NAN, _NAN]]),
], axis=-1).reshape(1, 4, 4, 2)


def _weights(tf, t, offset):
    return tf.cast(tf.reshape(tf.range(tf.size(t)) + offset, tf.shape(t)), t.dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("ksize,strides,padding", [(2, 2, "VALID"), (3, 2, "SAME"), (2, 1, "VALID")])
def test_gradient_of_max_pool_gradient_is_tfs(oracle, dtype, ksize, strides, padding):
    def prog(tf):
        x = tf.constant(_X.astype(dtype))
        y_shape = tf.shape(tf.nn.max_pool2d(x, ksize, strides, padding))
        dy = tf.cast(tf.reshape(tf.range(tf.reduce_prod(y_shape)) + 1, y_shape), x.dtype)
        with tf.GradientTape(persistent=True) as outer:
            outer.watch([x, dy])
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.nn.max_pool2d(x, ksize, strides, padding)
            dx = inner.gradient(y, x, output_gradients=dy)
            loss = tf.reduce_sum(tf.where(tf.math.is_nan(dx), tf.zeros_like(dx), dx) * _weights(tf, dx, 7))
        return dx, outer.gradient(loss, dy), outer.gradient(loss, x)
    oracle.check(prog)
