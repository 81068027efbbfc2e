"""Activation gradients at the IEEE edge points, bit for bit against TF (ops/tf_grad_kernels.py, ops/nn_ops.py).

TF's ReluGrad *multiplies* the upstream gradient by ``features > 0``, so a NaN/inf upstream gradient where the
feature is <= 0 (or NaN) gives NaN and a negative one -0.0; ``relu(-0.0)`` is +0.0. LeakyReluGrad multiplies by
alpha there (-0.0 * alpha is -0.0). The oracle's comparison
ignores the sign of zero, so these tests compare NaN-ness, values and sign bits themselves, in eager, tf.function
and TF1 graph mode, for the value, the gradient, the gradient's gradient and the forward-mode JVP; and check
that the backward pass runs no Python (torch's native node)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

_NAN, _INF = np.nan, np.inf
_FEATURES = [-0.0, 0.0, _NAN, -_INF, _INF, -3.0, 3.0, 0.5]
_UPSTREAM = [1.0, -1.0, _NAN, _INF, -_INF, -0.0, 0.0]


def _grid(dtype):
    """Every feature against every upstream gradient: ``x[i, j] = F[i]``, ``dy[i, j] = U[j]``."""
    x = np.repeat(np.array(_FEATURES, dtype)[:, None], len(_UPSTREAM), axis=1)
    dy = np.repeat(np.array(_UPSTREAM, dtype)[None, :], len(_FEATURES), axis=0)
    return x, dy


def _assert_bits(got, want, path="result"):
    if isinstance(want, (list, tuple)):
        assert len(got) == len(want), path
        for i, (g, w) in enumerate(zip(got, want)):
            _assert_bits(g, w, f"{path}[{i}]")
        return
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype and g.shape == w.shape, (path, g.dtype, w.dtype, g.shape, w.shape)
    assert np.array_equal(np.isnan(g), np.isnan(w)), (path, g, w)
    ok = ~np.isnan(w)
    assert np.array_equal(g[ok], w[ok]), (path, g, w)
    assert np.array_equal(np.signbit(g[ok]), np.signbit(w[ok])), (path, "sign of zero", g, w)


def _eager_prog(name, dtype):
    def prog(tf):
        x_np, dy_np = _grid(dtype)
        x, dy = tf.constant(x_np), tf.constant(dy_np)
        w = tf.constant(np.full(x_np.shape, -2.0, dtype))
        f = getattr(tf.nn, name)
        with tf.GradientTape() as outer:
            outer.watch(dy)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = f(x)
            g = inner.gradient(y, x, output_gradients=dy)
        gg = outer.gradient(g, dy, output_gradients=w)
        with tf.autodiff.ForwardAccumulator(x, dy) as acc:
            yf = f(x)
        return y, g, gg, acc.jvp(yf)
    return prog


def _function_prog(name, dtype):
    def prog(tf):
        x_np, dy_np = _grid(dtype)
        f = getattr(tf.nn, name)

        @tf.function
        def step(x, dy):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = f(x)
            return y, tape.gradient(y, x, output_gradients=dy)
        return step(tf.constant(x_np), tf.constant(dy_np))
    return prog


def _graph_prog(name, dtype):
    def prog(v1):
        x_np, dy_np = _grid(dtype)
        x = v1.placeholder(dtype, x_np.shape)
        dy = v1.placeholder(dtype, x_np.shape)
        y = getattr(v1.nn, name)(x)
        g, = v1.gradients(y, x, grad_ys=dy)
        gg, = v1.gradients(g, dy, grad_ys=v1.fill(v1.shape(x), v1.constant(-2.0, dtype)))
        with v1.Session() as sess:
            return sess.run([y, g, gg], {x: x_np, dy: dy_np})
    return prog


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", ["relu", "leaky_relu", "relu6"])   # not elu/selu: TF's JVP at x < 0 is 1 ulp off
# its own EluGrad (another exp path in Eigen); their gradients are tested below and in the tf.function/graph tests
def test_activation_gradient_bits_eager(oracle, name, dtype):
    prog = _eager_prog(name, dtype)
    _assert_bits(oracle.tfc_result(prog), oracle.tf_result(prog))


@pytest.mark.parametrize("name", ["relu", "leaky_relu", "relu6", "elu", "selu"])
def test_activation_gradient_bits_function(oracle, name):
    prog = _function_prog(name, "float32")
    _assert_bits(oracle.tfc_result(prog), oracle.tf_result(prog))


@pytest.mark.parametrize("name", ["relu", "leaky_relu", "relu6", "elu", "selu"])
def test_activation_gradient_bits_graph(oracle, name):
    prog = _graph_prog(name, "float32")
    _assert_bits(oracle.tfc_result(prog, v1=True), oracle.tf_result(prog, v1=True))


def _second_order_prog(name, dtype):
    def prog(tf):
        x_np, dy_np = _grid(dtype)
        x, dy = tf.constant(x_np), tf.constant(dy_np)
        f = getattr(tf.nn, name)
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = f(x)
            g = inner.gradient(y, x, output_gradients=dy)
        return g, outer.gradient(g, x)
    return prog


@pytest.mark.parametrize("name", ["relu", "relu6", "elu", "selu"])
def test_activation_second_derivative_bits(oracle, name):
    """d(gradient)/dx: TF's _EluGradGrad/_SeluGradGrad select (a NaN upstream gradient where the output is >= 0
    gives 0), _ReluGradGrad/_Relu6GradGrad give zeros."""
    prog = _second_order_prog(name, "float32")
    _assert_bits(oracle.tfc_result(prog), oracle.tf_result(prog))


@pytest.mark.parametrize("op", ["ReluGrad", "Relu6Grad", "EluGrad", "SeluGrad"])
def test_raw_activation_grad_bits(oracle, op):
    """The raw gradient kernels: products with a mask (ReluGrad, Relu6Grad), selections on ``y < 0`` (EluGrad,
    SeluGrad: -0.0 and NaN outputs take the positive branch)."""
    def prog(tf):
        x_np, dy_np = _grid("float32")
        second = "outputs" if op in ("EluGrad", "SeluGrad") else "features"
        return getattr(tf.raw_ops, op)(gradients=tf.constant(dy_np), **{second: tf.constant(x_np)})
    _assert_bits(oracle.tfc_result(prog), oracle.tf_result(prog))


def test_relu6_negative_zero_is_positive_zero():
    """relu6(-0.0) is +0.0 (TF's vectorised kernel; see the deviation for its scalar tail), NaN stays NaN."""
    import tfcompat as tf
    from tests.known_deviations import DEVIATIONS
    assert "relu6" in DEVIATIONS["relu6-negative-zero-tail"]
    y = tf.nn.relu6(tf.constant([-0.0, np.nan, -np.inf, np.inf, 7.0, 2.5] * 4)).numpy()
    assert not np.signbit(y[0]) and y[0] == 0.0 and np.isnan(y[1])
    assert y[2:6].tolist() == [0.0, 6.0, 6.0, 2.5]


def test_relu_backward_is_a_native_node():
    """No Python autograd node: the gradient of Relu runs as torch's ``leaky_relu_backward``."""
    from tfcompat._src.ops import tf_grad_kernels
    x = torch.tensor([-1.0, 2.0], requires_grad=True)
    y = tf_grad_kernels.relu(x)
    assert type(y.grad_fn).__name__ == "LeakyReluBackward0"
    assert y.tolist() == [0.0, 2.0]
