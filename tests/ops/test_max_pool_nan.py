"""TF's CPU max pooling at NaN and -inf (ops/max_pool_nan.py): MaxPool skips NaN and floors a window of NaN / -inf
at the lowest float, MaxPoolGrad and MaxPoolWithArgmax take the window's first element when it is NaN (or nothing
exceeds it); every expected value is TF's (oracle), in eager, tf.function, graph mode, Keras and the fused
Conv2D + bias + ReLU + MaxPool plan."""
from __future__ import annotations

import numpy as np
import pytest

_NAN, _INF = np.nan, np.inf

# 1x2x4x1 inputs pooled 2x2 / stride 2 (two windows, listed by window), one per rule.
_WINDOWS = {
    "nan_first": [[_NAN, 5.0, 1.0, _NAN], [2.0, 3.0, _NAN, _NAN]],     # [nan 5 2 3] and [1 nan nan nan]
    "all_nan": [[_NAN, _NAN, _NAN, _NAN], [_NAN, _NAN, _NAN, _NAN]],
    "neg_inf": [[-_INF, -_INF, _NAN, -_INF], [-_INF, -_INF, -_INF, _NAN]],
    "nan_later": [[1.0, _NAN, _NAN, 4.0], [_NAN, 7.0, 3.0, _NAN]],
    "ties": [[2.0, 2.0, _NAN, 0.5], [2.0, 1.0, 0.5, _NAN]],
}


def _grad_weights(tf, y):
    return tf.cast(tf.reshape(tf.range(tf.size(y)) + 1, tf.shape(y)), y.dtype)


@pytest.mark.parametrize("case", sorted(_WINDOWS))
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_max_pool2d_value_and_gradient_are_tfs(oracle, case, dtype):
    def prog(tf):
        x = tf.constant(np.array(_WINDOWS[case], dtype).reshape(1, 2, 4, 1))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.max_pool2d(x, 2, 2, "VALID")
            loss = tf.reduce_sum(y * _grad_weights(tf, y))
        return y, tape.gradient(loss, x)
    oracle.check(prog)


_SAME = np.array([[_NAN, 1.0, _NAN], [_NAN, _NAN, _NAN], [2.0, _NAN, _NAN]], np.float32).reshape(1, 3, 3, 1)


@pytest.mark.parametrize("ksize,strides", [(2, 2), (3, 1), (2, 1)])
def test_same_padding_and_overlapping_windows_are_tfs(oracle, ksize, strides):
    def prog(tf):
        x = tf.constant(np.concatenate([_SAME, _SAME[:, ::-1] * 3.0], axis=3))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.max_pool2d(x, ksize, strides, "SAME")
            loss = tf.reduce_sum(y * _grad_weights(tf, y))
        return y, tape.gradient(loss, x)
    oracle.check(prog)


def test_max_pool1d_and_keras_layers_are_tfs(oracle):
    def prog(tf):
        x1 = tf.constant([[[_NAN], [1.0], [_NAN], [_NAN]]], tf.float32)
        x2 = tf.constant(np.array(_WINDOWS["nan_first"], np.float32).reshape(1, 2, 4, 1))
        return (tf.nn.max_pool1d(x1, 2, 2, "VALID"), tf.keras.layers.MaxPooling1D()(x1),
                tf.keras.layers.MaxPooling2D()(x2), tf.nn.max_pool(x2, [1, 2, 2, 1], [1, 2, 2, 1], "VALID"))
    oracle.check(prog)


def test_graph_mode_value_and_gradient_are_tfs(oracle):
    def prog(v1):
        p = v1.placeholder(v1.float32, [1, 2, 4, 1])
        y = v1.nn.max_pool(p, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
        g = v1.gradients(v1.reduce_sum(y * _grad_weights(v1, y)), p)[0]
        with v1.Session() as s:
            return s.run([y, g], {p: np.array(_WINDOWS["nan_first"], np.float32).reshape(1, 2, 4, 1)})
    oracle.check_v1(prog)


@pytest.mark.parametrize("case", ["nan_first", "all_nan", "neg_inf", "nan_later"])
def test_max_pool_with_argmax_is_tfs(oracle, case):
    def prog(tf):
        x = tf.constant(np.array(_WINDOWS[case], np.float32).reshape(1, 2, 4, 1))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y, arg = tf.nn.max_pool_with_argmax(x, 2, 2, "VALID")
            loss = tf.reduce_sum(y * _grad_weights(tf, y))
        return y, arg, tape.gradient(loss, x)
    oracle.check(prog)


def test_fused_conv_bias_relu_max_pool_skips_nan_as_tf(oracle):
    """A NaN input reaches the fused plan's pool (runtime/codegen_fusion.py); TF runs its ops one by one."""
    x = np.arange(1 * 4 * 4 * 1, dtype=np.float32).reshape(1, 4, 4, 1) / 8.0 - 0.5
    x[0, 0, 0, 0] = _NAN

    def prog(v1):
        p = v1.placeholder(v1.float32, [None, 4, 4, 1])
        w = v1.Variable(np.array([1.0, -1.0], np.float32).reshape(1, 1, 1, 2))
        b = v1.Variable(np.array([0.25, 0.0], np.float32))
        h = v1.nn.max_pool2d(v1.nn.relu(v1.nn.bias_add(v1.nn.conv2d(p, w, 1, "VALID"), b)), 2, 2, "VALID")
        grads = v1.gradients(v1.reduce_sum(h * _grad_weights(v1, h)), [p, w, b])
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run([h] + grads, {p: x})
    oracle.check_v1(prog)
