"""Oracle tests for tfcompat/_src/ops/toplevel_raw_ops.py (tf.conv, tf.conv2d_backprop_{filter,input}_v2,
tf.ragged_fill_empty_rows and its grad op) and runtime/batch_function.py (tf.nondifferentiable_batch_function).
Every expected value is TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

X = (np.arange(2 * 4 * 4 * 3, dtype=np.float32).reshape(2, 4, 4, 3) / 10.0)
W = (np.arange(2 * 2 * 3 * 2, dtype=np.float32).reshape(2, 2, 3, 2) / 7.0 - 0.5)

CONV_CASES = {
    "valid": lambda tf: tf.conv(X, W, [1, 1, 1, 1], "VALID"),
    "same_strided": lambda tf: tf.conv(X, W, [1, 2, 2, 1], "SAME"),
    "dilated": lambda tf: tf.conv(X, W, [1, 1, 1, 1], "VALID", dilations=[1, 2, 2, 1]),
    "explicit": lambda tf: tf.conv(X, W, [1, 1, 1, 1], "EXPLICIT", explicit_paddings=[0, 0, 1, 0, 0, 1, 0, 0]),
    "conv1d_has_no_kernel": lambda tf: tf.conv(X[:, 0], W[0], [1, 1, 1], "SAME"),
    "conv3d": lambda tf: tf.conv(X[None], W[None], [1, 1, 1, 1, 1], "SAME"),
    "backprop_filter_v2_no_cpu_kernel": lambda tf: tf.conv2d_backprop_filter_v2(
        X, W, np.ones((2, 3, 3, 2), np.float32), [1, 1, 1, 1], "VALID"),
    "backprop_input_v2_no_cpu_kernel": lambda tf: tf.conv2d_backprop_input_v2(
        X, W, np.ones((2, 2, 2, 2), np.float32), [1, 2, 2, 1], "SAME"),
    "backprop_input_v2_explicit_no_cpu_kernel": lambda tf: tf.compat.v1.conv2d_backprop_input_v2(
        X, W, np.ones((2, 4, 4, 2), np.float32), [1, 1, 1, 1], "EXPLICIT",
        explicit_paddings=[0, 0, 1, 0, 1, 0, 0, 0]),
}


@pytest.mark.parametrize("case", sorted(CONV_CASES))
def test_conv_raw_ops(oracle, case):
    oracle.check(CONV_CASES[case], rtol=1e-5, atol=1e-5)


def test_conv_has_no_gradient(oracle):
    def prog(tf):
        x = tf.constant(X)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.conv(x, W, [1, 1, 1, 1], "SAME") ** 2)
        return tape.gradient(y, x)
    oracle.check(prog, match_message="no entry for: Conv")


FILL_CASES = {
    "middle_and_last_empty": lambda tf: tf.ragged_fill_empty_rows([0, 0, 2], [1.0, 2.0, 3.0], 4, 10.0),
    "all_empty": lambda tf: tf.ragged_fill_empty_rows(tf.constant([], tf.int64), tf.constant([], tf.int32), 2, 7),
    "none_empty": lambda tf: tf.ragged_fill_empty_rows([0, 1, 1], [1, 2, 3], 2, 0),
    "grad": lambda tf: tf.ragged_fill_empty_rows_grad([0, 1, 3], [1.0, 2.0, 3.0, 4.0, 5.0]),
    "bad_default": lambda tf: tf.ragged_fill_empty_rows([0], [1.0], 1, [1.0]),
}


@pytest.mark.parametrize("case", sorted(FILL_CASES))
def test_ragged_fill_empty_rows(oracle, case):
    oracle.check(FILL_CASES[case])


def _batched(tf):
    @tf.nondifferentiable_batch_function(1, 4, 1000)
    def f(x, y):
        return x * 2.0 + y, {"d": x - y}
    return f


BATCH_CASES = {
    "eager": lambda tf: _batched(tf)(tf.constant([[1.0, 2.0]]), tf.constant([[3.0, 4.0]])),
    "in_function": lambda tf: tf.function(lambda x: _batched(tf)(x, x))(tf.constant([[1.0], [2.0]])),
    "non_tensor_arg": lambda tf: _batched(tf)([[1.0]], tf.constant([[1.0]])),
    "scalar_output": lambda tf: tf.nondifferentiable_batch_function(1, 4, 1000)(tf.reduce_sum)(tf.constant([1.0])),
}


@pytest.mark.parametrize("case", sorted(BATCH_CASES))
def test_nondifferentiable_batch_function(oracle, case):
    oracle.check(BATCH_CASES[case], match_message="dimensions" if case == "scalar_output" else None)


def test_batch_function_has_no_gradient(oracle):
    """TF registers no gradient for BatchFunction: tape.gradient raises LookupError."""
    def prog(tf):
        x = tf.constant([[1.0, 2.0]])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y, _ = _batched(tf)(x, x)
        return tape.gradient(y, x)
    oracle.check(prog)
