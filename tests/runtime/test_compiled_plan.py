"""Compiled plans (runtime/compiled_plan.py): ``tf.function(jit_compile=True)``, ``tf.config.optimizer.set_jit``
and a Session's ``global_jit_level`` run plans through torch.compile.

Most expected values are the uncompiled (Python) plan's, computed by tfcompat in the same test: torch.compile
must not change numbers, and TF's XLA is not a bit-exact oracle for that. TF is the oracle for the config API
(``get_jit``, ``OptimizerOptions`` values) and for one jit-compiled training step. Structural tests use the cheap
``eager`` dynamo backend (tracing, lifting, no recompiles, fallbacks); one tiny test uses inductor."""
from __future__ import annotations

import logging

import numpy as np
import pytest
import torch

import tfcompat as tf
from tfcompat._src.runtime import compiled_plan
from tfcompat._src.runtime import thread_fitting


@pytest.fixture(autouse=True)
def _cheap_backend(monkeypatch):
    monkeypatch.setitem(compiled_plan.compile_settings, "backend", "eager")
    # Thread fitting changes torch's thread count with the machine's load; dynamo compiles once per thread count.
    next_check = thread_fitting._next_check[0]
    thread_fitting._next_check[0] = float("inf")
    yield
    thread_fitting._next_check[0] = next_check
    tf.config.optimizer.set_jit(False)


def _plan_fn(function):
    """The plan function of a tf.function's (only) trace."""
    return function.get_concrete_function()._plan(False)._fn


def _chain_step(jit, links=6):
    """A tanh chain on a variable, its gradient and an SGD update; returns (step, variable)."""
    y0 = tf.Variable(np.linspace(-1, 1, 8).astype(np.float32))

    @tf.function(jit_compile=jit)
    def step():
        with tf.GradientTape() as tape:
            y = y0
            for _ in range(links):
                y = tf.tanh(y * 1.01 + 0.1)
            loss = tf.reduce_sum(y)
        g = tape.gradient(loss, y0)
        y0.assign_sub(0.1 * g)
        return loss, g
    return step, y0


def test_chain_step_matches_python_plan_and_compiles_once():
    ref_step, ref_var = _chain_step(False)
    step, var = _chain_step(True)
    for _ in range(3):
        want, got = ref_step(), step()
        np.testing.assert_allclose(got[0].numpy(), want[0].numpy(), rtol=1e-6)
        np.testing.assert_allclose(got[1].numpy(), want[1].numpy(), rtol=1e-6)
    np.testing.assert_allclose(var.numpy(), ref_var.numpy(), rtol=1e-6)
    fn = _plan_fn(step)
    assert isinstance(fn, compiled_plan.CompiledPlanFunction) and fn.fallback_reason is None
    assert fn.compiles == 1   # one graph (no graph break), and variables lifted: later steps never recompile
    step(), step()
    assert fn.compiles == 1


def _dense_step(jit, optimizer):
    rng = np.random.default_rng(0)
    x = tf.constant(rng.standard_normal((4, 3)).astype(np.float32))
    w = tf.Variable(rng.standard_normal((3, 2)).astype(np.float32))
    b = tf.Variable(np.zeros(2, np.float32))
    opt = optimizer()

    @tf.function(jit_compile=jit)
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.tanh(x @ w + b) ** 2)
        grads = tape.gradient(loss, [w, b])
        opt.apply_gradients(zip(grads, [w, b]))
        return loss
    return step, [w, b]


@pytest.mark.parametrize("optimizer", [lambda: tf.keras.optimizers.Adam(0.01)], ids=["adam"])
def test_keras_optimizer_step_matches_python_plan(optimizer):
    ref_step, ref_vars = _dense_step(False, optimizer)
    step, variables = _dense_step(True, optimizer)
    for _ in range(3):
        np.testing.assert_allclose(step().numpy(), ref_step().numpy(), rtol=1e-6)
    for v, r in zip(variables, ref_vars):
        np.testing.assert_allclose(v.numpy(), r.numpy(), rtol=1e-6, atol=1e-7)
    fn = _plan_fn(step)
    assert fn.fallback_reason is None and fn.compiles == 1
    step()
    assert fn.compiles == 1


def test_reads_around_writes_are_snapshots():
    def make(jit):
        v = tf.Variable([1.0, 2.0])

        @tf.function(jit_compile=jit)
        def f(x):
            before = v.read_value()
            v.assign_add(x)
            after = v.read_value()
            v.assign(after * 2.0)
            return before, after, v.read_value()
        return f, v
    (ref, ref_v), (f, v) = make(False), make(True)
    x = tf.constant([0.5, 0.25])
    for _ in range(2):
        for got, want in zip(f(x), ref(x)):
            np.testing.assert_array_equal(got.numpy(), want.numpy())
    np.testing.assert_array_equal(v.numpy(), ref_v.numpy())
    fn = f.get_concrete_function(x)._plan(False)._fn
    assert fn.fallback_reason is None and fn.compiles >= 1


def test_cond_falls_back_with_one_warning(caplog):
    def make(jit):
        v = tf.Variable(1.0)

        @tf.function(jit_compile=jit)
        def f(x):
            y = tf.cond(x > 0, lambda: x * v, lambda: x - v)
            v.assign_add(y)
            return y
        return f, v
    (ref, ref_v), (f, v) = make(False), make(True)
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        for value in [2.0, -1.0, 3.0]:
            np.testing.assert_array_equal(f(tf.constant(value)).numpy(), ref(tf.constant(value)).numpy())
    np.testing.assert_array_equal(v.numpy(), ref_v.numpy())
    warnings = [r.getMessage() for r in caplog.records if "jit_compile" in r.getMessage()]
    assert len(warnings) == 1 and "tf.cond/tf.while_loop" in warnings[0] and "runs uncompiled" in warnings[0]


def test_run_error_in_compiled_plan_is_tf_error():
    @tf.function(jit_compile=True)
    def f(i):
        return tf.gather(tf.constant([1.0, 2.0, 3.0]), i)
    assert f(tf.constant(1)).numpy() == 2.0
    with pytest.raises(tf.errors.InvalidArgumentError, match="indices"):
        f(tf.constant(7))


def test_compile_is_logged_once(caplog):
    step, _ = _chain_step(True, links=2)
    with caplog.at_level(logging.INFO, logger="tensorflow"):
        for _ in range(3):
            step()
    lines = [r.getMessage() for r in caplog.records if "with torch.compile" in r.getMessage()]
    assert len(lines) == 1 and "compiled step" in lines[0] and "backend=eager" in lines[0]


def test_set_jit_compiles_functions_without_jit_compile_false():
    tf.config.optimizer.set_jit(True)

    @tf.function
    def auto(x):
        return x * 2.0

    @tf.function(jit_compile=False)
    def off(x):
        return x * 2.0
    x = tf.constant(1.5)
    assert auto(x).numpy() == off(x).numpy() == 3.0
    assert isinstance(auto.get_concrete_function(x)._plan(False)._fn, compiled_plan.CompiledPlanFunction)
    assert not isinstance(off.get_concrete_function(x)._plan(False)._fn, compiled_plan.CompiledPlanFunction)


def test_get_jit_values(oracle):
    def prog(tf):
        before = tf.config.optimizer.get_jit()
        tf.config.optimizer.set_jit(True)
        on = tf.config.optimizer.get_jit()
        tf.config.optimizer.set_jit(False)
        return before, on, tf.config.optimizer.get_jit()
    oracle.check(prog)


def test_optimizer_options_levels(oracle):
    def prog(tf):
        o = tf.compat.v1.OptimizerOptions
        config = tf.compat.v1.ConfigProto()
        default = config.graph_options.optimizer_options.global_jit_level
        config.graph_options.optimizer_options.global_jit_level = o.ON_1
        return o.DEFAULT, o.OFF, o.ON_1, o.ON_2, default, config.graph_options.optimizer_options.global_jit_level
    oracle.check(prog)


def _session_train(jit_level, optimizer, steps=3):
    v1 = tf.compat.v1
    graph = tf.Graph()
    with graph.as_default():
        x = v1.placeholder(tf.float32, [None, 3])
        w = v1.Variable(np.full((3, 2), 0.1, np.float32))
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - 1.0))
        train = optimizer(v1).minimize(loss)
        config = v1.ConfigProto()
        if jit_level is not None:
            config.graph_options.optimizer_options.global_jit_level = jit_level
        with v1.Session(config=config) as sess:
            sess.run(v1.global_variables_initializer())
            feed = {x: np.arange(12, dtype=np.float32).reshape(4, 3) / 10}
            losses = [sess.run([train, loss], feed)[1] for _ in range(steps)]
            plan = next(p for p in sess._plans.values() if len(p.fetches) == 1)
            return losses, sess.run(w), plan._fn


@pytest.mark.parametrize("optimizer", [lambda v1: v1.train.GradientDescentOptimizer(0.1),
                                       lambda v1: v1.train.AdamOptimizer(0.01)], ids=["sgd", "adam"])
def test_session_global_jit_level_matches_python_plan(optimizer):
    want_losses, want_w, ref_fn = _session_train(None, optimizer)
    losses, w, fn = _session_train(tf.compat.v1.OptimizerOptions.ON_1, optimizer)
    np.testing.assert_allclose(losses, want_losses, rtol=1e-6)
    np.testing.assert_allclose(w, want_w, rtol=1e-6)
    assert not isinstance(ref_fn, compiled_plan.CompiledPlanFunction)
    assert isinstance(fn, compiled_plan.CompiledPlanFunction) and fn.fallback_reason is None
    assert fn.compiles >= 1


def test_jit_compiled_training_step_matches_tf(oracle):
    """TF's own jit_compile=True (XLA) step is the oracle, to float tolerance."""
    def prog(tf):
        w = tf.Variable([[0.5, -0.25], [0.125, 1.0]])
        opt = tf.keras.optimizers.SGD(0.1)

        @tf.function(jit_compile=True)
        def step(x):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.sigmoid(x @ w))
            opt.apply_gradients([(tape.gradient(loss, w), w)])
            return loss
        x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
        return [step(x) for _ in range(3)], w
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_inductor_compiles_a_tiny_function(monkeypatch):
    """The one inductor test (its C++ compile is slow on small machines): a few ops, same numbers."""
    monkeypatch.setitem(compiled_plan.compile_settings, "backend", "inductor")

    @tf.function(jit_compile=True)
    def f(x):
        return tf.tanh(x) * 2.0 + 1.0
    x = tf.constant([0.5, -1.0, 2.0])
    np.testing.assert_allclose(f(x).numpy(), np.tanh(x.numpy()) * 2.0 + 1.0, rtol=1e-6)
    fn = f.get_concrete_function(x)._plan(False)._fn
    assert fn.backend == "inductor" and fn.compiles == 1 and fn.fallback_reason is None


# -- graph breaks removed ------------------------------------------------------------------------------------------
def test_sparse_softmax_label_check_compiles_and_keeps_tf_error():
    @tf.function(jit_compile=True)
    def f(labels):
        logits = tf.constant([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]])
        return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    got = f(tf.constant([2, 0]))
    logits = np.array([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]], np.float32)
    log_softmax = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    np.testing.assert_allclose(got.numpy(), [-log_softmax[0, 2], -log_softmax[1, 0]], rtol=1e-6)  # by hand
    fn = f.get_concrete_function(tf.constant([2, 0]))._plan(False)._fn
    assert fn.fallback_reason is None and fn.compiles == 1
    with pytest.raises(tf.errors.InvalidArgumentError, match="Received a label value of 3"):
        f(tf.constant([3, 0]))
    assert fn.fallback_reason is None


# -- thread count ----------------------------------------------------------------------------------------------------
def test_thread_count_change_does_not_recompile():
    step, _ = _chain_step(True, links=2)
    step()
    fn = _plan_fn(step)
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(before + 1)
        step()
        assert torch.get_num_threads() == before + 1   # the user's setting is left as it was
    finally:
        torch.set_num_threads(before)
    step()
    assert fn.compiles == 1
