"""Conv2D's filter gradient at a non-finite upstream gradient over SAME padding (ops/conv_padding_grad.py): TF
multiplies the padding zeros (inf * 0 = NaN at the taps that reach the padding); expected values are TF's
(oracle). Shapes have 8+ channels so torch takes its oneDNN convolution, which skips the padding."""
from __future__ import annotations

import numpy as np
import pytest

_RNG = np.random.RandomState(7)
_X = _RNG.rand(2, 6, 6, 8).astype(np.float32)
_W = _RNG.rand(3, 3, 8, 8).astype(np.float32) - 0.5


def _upstream(shape, where, value):
    dy = np.ones(shape, np.float32)
    for idx in where:
        dy[idx] = value
    return dy


# (strides, padding, dilations, kernel, positions of the non-finite upstream values, value)
_CASES = {
    "inf_corner": (1, "SAME", 1, 3, [(0, 0, 0, 0), (1, 5, 2, 3)], np.inf),
    "neg_inf_edge": (1, "SAME", 1, 3, [(1, 5, 2, 3)], -np.inf),
    "nan_corner": (1, "SAME", 1, 3, [(0, 0, 5, 1)], np.nan),
    "inf_interior": (1, "SAME", 1, 3, [(0, 2, 3, 4)], np.inf),
    "strided": (2, "SAME", 1, 3, [(0, 2, 2, 0)], np.inf),
    "valid": (1, "VALID", 1, 3, [(0, 0, 0, 0)], np.inf),
    "even_kernel": (1, "SAME", 1, 2, [(0, 5, 5, 0)], np.inf),
}


@pytest.mark.parametrize("case", sorted(_CASES))
def test_filter_and_input_gradients_are_tfs(oracle, case):
    strides, padding, dilations, k, where, value = _CASES[case]

    def prog(tf):
        x, w = tf.constant(_X), tf.constant(_W[:k, :k])
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([x, w])
            y = tf.nn.conv2d(x, w, strides, padding, dilations=dilations)
            loss = tf.reduce_sum(y * _upstream(y.shape, where, value))
        return tape.gradient(loss, [x, w])
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_graph_mode_and_fused_bias_relu_are_tfs(oracle):
    def prog(v1):
        p = v1.placeholder(v1.float32, [None, 6, 6, 8])
        w, b = v1.Variable(_W), v1.Variable(np.linspace(-0.5, 0.5, 8).astype(np.float32))
        y = v1.nn.conv2d(p, w, 1, "SAME")
        z = v1.nn.relu(v1.nn.bias_add(v1.nn.conv2d(p, w, 1, "SAME"), b))
        up = _upstream((2, 6, 6, 8), [(0, 0, 0, 0), (1, 5, 3, 2)], np.inf)
        grads = v1.gradients(v1.reduce_sum(y * up), [w]) + v1.gradients(v1.reduce_sum(z * up), [w, b])
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run(grads, {p: _X})
    oracle.check_v1(prog, rtol=1e-5, atol=1e-5)
