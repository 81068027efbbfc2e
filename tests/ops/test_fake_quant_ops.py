"""Oracle tests for tfcompat/_src/ops/fake_quant_ops.py (tf.quantization.fake_quant_* and their gradient ops,
also under tf.compat.v1): values on and off the quantization grid, nudged ranges, narrow_range, per-channel
ranges, and the straight-through gradients to inputs, min and max. Expected values are TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

X = np.array([-7.0, -1.23, 0.0, 0.5, 2.71, 5.99, 7.5, 0.374], np.float32)
XC = np.array([[-1.5, 0.2, 3.3], [0.77, -0.1, 9.0]], np.float32)

CASES = {
    "args_default": lambda q: q.fake_quant_with_min_max_args(X),
    "args_4bit": lambda q: q.fake_quant_with_min_max_args(X, -6, 6, 4),
    "args_nudged": lambda q: q.fake_quant_with_min_max_args(X, -0.9, 2.3, 5),
    "args_narrow": lambda q: q.fake_quant_with_min_max_args(X, -1.0, 3.0, 8, True),
    "args_positive_range": lambda q: q.fake_quant_with_min_max_args(X, 0.5, 3.0),
    "args_bad_range": lambda q: q.fake_quant_with_min_max_args(X, 2.0, 1.0),
    "args_gradient": lambda q: q.fake_quant_with_min_max_args_gradient(np.ones_like(X) * 2.0, X, -1.0, 3.0),
    "vars": lambda q: q.fake_quant_with_min_max_vars(X, -1.0, 2.0),
    "vars_narrow_6bit": lambda q: q.fake_quant_with_min_max_vars(X, -2.5, 4.1, num_bits=6, narrow_range=True),
    "vars_gradient": lambda q: q.fake_quant_with_min_max_vars_gradient(np.arange(8, dtype=np.float32), X, -1.0, 2.0),
    "per_channel": lambda q: q.fake_quant_with_min_max_vars_per_channel(XC, [-1.0, -0.5, 0.0], [1.0, 2.0, 4.0]),
    "per_channel_gradient": lambda q: q.fake_quant_with_min_max_vars_per_channel_gradient(
        np.ones_like(XC), XC, [-1.0, -0.5, 0.0], [1.0, 2.0, 4.0]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_fake_quant(oracle, case):
    oracle.check(lambda tf: CASES[case](tf.quantization), rtol=1e-6, atol=1e-6)


def test_fake_quant_tape_gradients(oracle):
    def prog(tf):
        x = tf.constant(X)
        mn, mx = tf.Variable(-1.0), tf.Variable(2.0)
        w = tf.Variable([[-1.0, -0.5, 0.0]]), tf.Variable([[1.0, 2.0, 4.0]])
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            a = tf.quantization.fake_quant_with_min_max_args(x, -6.0, 6.0, 4) * x
            v = tf.quantization.fake_quant_with_min_max_vars(x, mn, mx) * 3.0
            c = tf.quantization.fake_quant_with_min_max_vars_per_channel(XC, w[0][0], w[1][0])
        return (tape.gradient(a, x), tape.gradient(v, [x, mn, mx]), tape.gradient(c, [w[0], w[1]]))
    oracle.check(prog)


def test_fake_quant_v1_graph(oracle):
    def prog(v1):
        mn = v1.get_variable("min", initializer=-1.0)
        mx = v1.get_variable("max", initializer=2.0)
        x = v1.placeholder(v1.float32, [None])
        y = v1.fake_quant_with_min_max_vars(x, mn, mx, name="fq")
        grads = v1.gradients(v1.reduce_sum(y), [x, mn, mx])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return y.name, sess.run([y] + grads, {x: X})
    oracle.check_v1(prog)
