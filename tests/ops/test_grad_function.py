"""TFGradFunction (ops/grad_function.py), the base of the TF-gradient kernels: its ``apply`` calls torch's C apply
directly (no ``torch.autograd.Function.apply`` Python layers) unless a functorch transform is active, and
torch.compile still traces the kernels whole.

Expected values: real TF 2.21 through the oracle (recorded in tests/oracle_records); the compiled step is compared
with tfcompat's uncompiled (Python) plan, which must give the same numbers."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import tfcompat as tf
from tfcompat._src.ops.logistic_loss import _LogisticLoss
from tfcompat._src.runtime import compiled_plan, thread_fitting

X = np.array([[0.5, -1.0, 2.0], [0.0, 3.0, -0.25]], np.float32)
W0 = np.array([[0.5, -0.25], [0.125, 1.0], [-0.75, 0.3]], np.float32)
LABELS = np.array([[1.0, 0.0], [0.25, 1.0]], np.float32)


def _program(jit):
    """A step through TFGradFunction kernels (Elu, Sqrt, Maximum, SigmoidCrossEntropyWithLogits) and SGD."""
    def prog(tf):
        w = tf.Variable(W0)
        opt = tf.keras.optimizers.SGD(0.1)

        @tf.function(jit_compile=jit)
        def step(x, z):
            with tf.GradientTape() as tape:
                h = tf.maximum(tf.nn.elu(tf.matmul(x, w)), -0.5)
                logits = tf.sqrt(h + 1.0) - 1.0
                loss = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=logits))
            g = tape.gradient(loss, w)
            opt.apply_gradients([(g, w)])
            return loss, g
        x, z = tf.constant(X), tf.constant(LABELS)
        return [step(x, z) for _ in range(3)], w, step
    return prog


def test_step_through_tf_grad_kernels_matches_tf(oracle):
    oracle.check(lambda tf: _program(False)(tf)[:2])


@pytest.fixture
def _cheap_backend(monkeypatch):
    monkeypatch.setitem(compiled_plan.compile_settings, "backend", "eager")
    next_check = thread_fitting._next_check[0]
    thread_fitting._next_check[0] = float("inf")   # one compile per thread count: keep it fixed
    yield
    thread_fitting._next_check[0] = next_check


def test_compiled_step_traces_kernels_whole(_cheap_backend):
    want_steps, want_w, _ = _program(False)(tf)
    got_steps, got_w, step = _program(True)(tf)
    for got, want in zip(got_steps, want_steps):
        np.testing.assert_allclose(got[0].numpy(), want[0].numpy(), rtol=1e-6)
        np.testing.assert_allclose(got[1].numpy(), want[1].numpy(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(got_w.numpy(), want_w.numpy(), rtol=1e-6, atol=1e-7)
    fn = step.get_concrete_function(tf.constant(X), tf.constant(LABELS))._plan(False)._fn
    assert isinstance(fn, compiled_plan.CompiledPlanFunction) and fn.fallback_reason is None
    assert fn.compiles == 1


def test_apply_skips_function_apply_python_layers(monkeypatch):
    calls = []
    original = torch.autograd.Function.apply.__func__
    monkeypatch.setattr(torch.autograd.Function, "apply",
                        classmethod(lambda cls, *a, **k: calls.append(cls) or original(cls, *a, **k)))
    x = tf.Variable(X)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.sqrt(tf.nn.elu(x) + 1.0))
        loss = y + tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=X, logits=x))
    g = tape.gradient(loss, x)
    assert calls == []
    assert g.shape == X.shape and np.isfinite(g.numpy()).all()


def test_functorch_transform_takes_function_apply():
    # Under a functorch transform the Python path runs (and asks for setup_context, as torch.autograd.Function).
    x = torch.tensor(X, requires_grad=True)
    with pytest.raises(RuntimeError, match="setup_context"):
        torch.func.vmap(lambda r: _LogisticLoss.apply(r, r))(x)
