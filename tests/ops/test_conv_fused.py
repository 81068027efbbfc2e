"""Fused Conv2D + bias (+ activation, + max pool) kernels (ops/conv_fused.py), as runtime/codegen_fusion.py runs
them in Session and tf.function plans: values and gradients are TF's (oracle), NaN and ties included; NCHW
(which TF's CPU kernels reject) against tfcompat's own unfused eager ops; finite differences on tiny shapes."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from tfcompat._src.ops import conv_fused

_X = ((np.arange(2 * 6 * 6 * 2).reshape(2, 6, 6, 2) * 7 % 11) / 5.0 - 1.0).astype(np.float32)
_W = ((np.arange(3 * 3 * 2 * 3).reshape(3, 3, 2, 3) * 5 % 13) / 10.0 - 0.55).astype(np.float32)
_B = np.array([0.25, -0.5, 0.125], np.float32)
_TOL = {"rtol": 2e-5, "atol": 2e-5}


def _net(tf, x, w, b, form, act, pool):
    z = tf.nn.conv2d(x, w, strides=[1, 1, 1, 1], padding="SAME")
    h = tf.nn.bias_add(z, b) if form == "bias_add" else (z + b if form == "add" else b + z)
    if act is not None:
        h = getattr(tf.nn, act)(h)
    if pool is not None:
        k, s, padding = pool
        h = tf.nn.max_pool2d(h, k, s, padding)
    return h


def _weights(tf, h):
    """A fixed non-uniform upstream gradient for ``h``."""
    return tf.cast(tf.reshape(tf.range(tf.size(h)) % 5, tf.shape(h)), h.dtype) - 1.5


_CASES = [
    ("add", "relu", (2, 2, "VALID"), np.float32),
    ("bias_add", "relu", (3, 2, "SAME"), np.float32),      # a padded pool: fused conv + ReLU, then MaxPool's kernel
    ("radd", "relu", (3, 1, "VALID"), np.float32),         # overlapping windows
    ("bias_add", "relu", None, np.float32),
    ("add", "relu6", None, np.float32),
    ("bias_add", "elu", None, np.float32),
    ("add", None, None, np.float32),
    ("bias_add", "relu", (2, 2, "SAME"), np.float64),
]


@pytest.mark.parametrize("form,act,pool,dtype", _CASES)
def test_session_values_and_gradients_are_tfs(oracle, form, act, pool, dtype):
    def prog(v1):
        x = v1.placeholder(dtype, [None, 6, 6, 2])
        w, b = v1.Variable(_W.astype(dtype)), v1.Variable(_B.astype(dtype))
        h = _net(v1, x, w, b, form, act, pool)
        loss = v1.reduce_sum(h * _weights(v1, h))
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run([h] + v1.gradients(loss, [x, w, b]), {x: _X.astype(dtype)})
    oracle.check_v1(prog, **_TOL)


@pytest.mark.parametrize("form,act,pool", [("bias_add", "relu", (2, 2, "VALID")), ("add", "elu", None)])
def test_tf_function_tape_values_and_gradients_are_tfs(oracle, form, act, pool):
    def prog(tf):
        w, b = tf.Variable(_W), tf.Variable(_B)

        @tf.function
        def step(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                h = _net(tf, x, w, b, form, act, pool)
                loss = tf.reduce_sum(h * _weights(tf, h))
            return [h] + tape.gradient(loss, [x, w, b])
        return step(tf.constant(_X))
    oracle.check(prog, **_TOL)


@pytest.mark.parametrize("pool", [(2, 2, "VALID"), None])
def test_nan_upstream_and_nan_input_gradients_are_tfs(oracle, pool):
    """NaN in the upstream gradient, also over pool windows whose maximum is <= 0 (where ReluGrad multiplies by
    0), and (without a pool) a NaN input pixel: the NaN positions of the gradients are TF's. Not here, as they
    differ from TF fused or not: a NaN *into* MaxPool (TF's MaxPool skips NaN, torch's propagates it) and an inf
    upstream gradient with SAME padding (TF's filter gradient multiplies the padding zeros by it: NaN)."""
    x = _X.copy()
    if pool is None:
        x[1, 2, 3, 0] = np.nan

    def prog(v1):
        xp = v1.placeholder(v1.float32, [2, 6, 6, 2])
        w, b = v1.Variable(_W), v1.Variable(_B)
        h = _net(v1, xp, w, b, "bias_add", "relu", pool)
        up = np.ones(h.shape.as_list(), np.float32)
        up[0, :, :, 1] = np.nan          # channel 1 has a negative bias: windows at 0 among them
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run([h] + v1.gradients(h, [xp, w, b], grad_ys=up), {xp: x})
    oracle.check_v1(prog, **_TOL)


@pytest.mark.parametrize("bias", [0.5, -0.5])
def test_max_pool_ties_go_to_the_first_maximum_as_tf(oracle, bias):
    """A zero input makes every window a tie (all ``bias`` after the ReLU, or all 0)."""
    def prog(v1):
        x = v1.placeholder(v1.float32, [1, 4, 4, 1])
        w = v1.Variable(np.full((2, 2, 1, 1), 0.5, np.float32))
        b = v1.Variable(np.array([bias], np.float32))
        h = _net(v1, x, w, b, "add", "relu", (2, 2, "VALID"))
        loss = v1.reduce_sum(h * _weights(v1, h))
        x_val = np.zeros((1, 4, 4, 1), np.float32)
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run([h] + v1.gradients(loss, [x, w, b]), {x: x_val})
    oracle.check_v1(prog, **_TOL)


@pytest.mark.parametrize("act,pool", [("relu", (2, 2, "VALID")), ("relu", None), ("elu", None)])
def test_nchw_plan_equals_the_unfused_eager_ops(tfc, act, pool):
    """TF's CPU kernels reject NCHW convolutions, so the reference is tfcompat's eager ops one by one (unfused)."""
    x = np.ascontiguousarray(_X.transpose(0, 3, 1, 2))

    def run(h_fn):
        w, b = tfc.Variable(_W), tfc.Variable(_B)
        xt = tfc.constant(x)
        with tfc.GradientTape() as tape:
            tape.watch(xt)
            h = h_fn(xt, w, b)
            loss = tfc.reduce_sum(h * _weights(tfc, h))
        return [t.numpy() for t in [h] + tape.gradient(loss, [xt, w, b])]

    def net(xt, w, b):
        h = tfc.nn.bias_add(tfc.nn.conv2d(xt, w, [1, 1, 1, 1], "SAME", data_format="NCHW"), b, data_format="NCHW")
        h = getattr(tfc.nn, act)(h)
        if pool is not None:
            h = tfc.nn.max_pool2d(h, pool[0], pool[1], pool[2], data_format="NCHW")
        return h
    want = run(net)
    got = run(tfc.function(net))
    for g, e in zip(got, want):
        np.testing.assert_allclose(g, e, **_TOL)


def _fused_kernel(act, pool_attrs):
    conv_attrs = {"strides": (1, 1, 1, 1), "padding": "VALID", "data_format": "NHWC", "dilations": (1, 1, 1, 1)}

    def unfused(x, w, b):
        raise AssertionError("the fused form applies here")
    pool = None if pool_attrs is None else (pool_attrs, None)
    return conv_fused.fused_conv2d(conv_attrs, act, None, pool, unfused)


@pytest.mark.parametrize("pool_attrs", [None, {"ksize": (1, 2, 2, 1), "strides": (1, 2, 2, 1), "padding": "VALID"}])
def test_fused_relu_gradients_pass_finite_differences(pool_attrs):
    rng = np.random.default_rng(3)
    x = torch.tensor(rng.uniform(-1, 1, (1, 5, 5, 2)), dtype=torch.float64, requires_grad=True)
    w = torch.tensor(rng.uniform(-1, 1, (2, 2, 2, 2)), dtype=torch.float64, requires_grad=True)
    b = torch.tensor([0.3, -0.2], dtype=torch.float64, requires_grad=True)
    kernel = _fused_kernel("Relu", pool_attrs)
    assert torch.autograd.gradcheck(kernel, (x, w, b), eps=1e-6, atol=1e-6)


def test_fused_kernel_by_hand_leaves_its_inputs_alone():
    x, w, b = torch.tensor(_X), torch.tensor(_W), torch.tensor(_B)
    kernel = _fused_kernel("Relu", {"ksize": (1, 2, 2, 1), "strides": (1, 2, 2, 1), "padding": "VALID"})
    got = kernel(x, w, b)
    z = torch.nn.functional.conv2d(x.permute(0, 3, 1, 2), w.permute(3, 2, 0, 1), b)
    want = torch.nn.functional.max_pool2d(torch.relu(z), 2, 2).permute(0, 2, 3, 1)   # by hand (torch)
    torch.testing.assert_close(got, want)
    np.testing.assert_array_equal(x.numpy(), _X)
    np.testing.assert_array_equal(b.numpy(), _B)


def test_forward_accumulator_through_a_fused_function_is_tfs(oracle):
    """Tangents need the unfused kernels (their jvp): the fused kernel runs them while an accumulator records."""
    def prog(tf):
        w, b = tf.constant(_W), tf.constant(_B)
        f = tf.function(lambda x: _net(tf, x, w, b, "bias_add", "relu", (2, 2, "VALID")))
        x = tf.constant(_X)
        with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
            y = f(x)
        return y, acc.jvp(y)
    oracle.check(prog, **_TOL)
