"""Control flow in compiled plans (runtime/compiled_control_flow.py): a ``tf.cond``/``tf.switch_case`` with a constant
predicate and a ``tf.while_loop`` with a constant trip count are inlined into the one torch.compile graph.

Expected values are the uncompiled (Python) plan's, computed by tfcompat in the same test (torch.compile must not
change numbers; TF's XLA is not a bit-exact oracle for that), and the static courses are checked by hand. The cheap
``eager`` dynamo backend traces the plans (compile counts, fallbacks)."""
from __future__ import annotations

import logging

import numpy as np
import pytest

import tfcompat as tf
from tfcompat._src.runtime import compiled_control_flow
from tfcompat._src.runtime import compiled_plan


@pytest.fixture(autouse=True)
def _cheap_backend(monkeypatch):
    monkeypatch.setitem(compiled_plan.compile_settings, "backend", "eager")


def _while_op(graph):
    return next(op for op in graph.get_operations() if "body" in op.attrs)


@pytest.mark.parametrize("start, limit, maximum_iterations, trips", [
    (0, 5, None, 5), (2, 10, 3, 3), (7, 5, None, 0)])   # by hand
def test_static_course_of_counter_loops(start, limit, maximum_iterations, trips):
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        x = v1.placeholder(tf.float32, [])
        tf.while_loop(lambda i, a: i < limit, lambda i, a: (i + 1, a * 2.0), [tf.constant(start), x],
                      maximum_iterations=maximum_iterations)
        op = _while_op(g)
        assert compiled_control_flow.static_course(op, {id(x)}) == compiled_control_flow.StaticLoop(trips, 0)


def test_no_static_course_for_fed_or_data_dependent_bounds():
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        n = v1.placeholder(tf.int32, [])
        x = v1.placeholder(tf.float32, [])
        tf.while_loop(lambda i, a: i < n, lambda i, a: (i + 1, a), [tf.constant(0), x])
        assert compiled_control_flow.static_course(_while_op(g), {id(n), id(x)}) is None
    with tf.Graph().as_default() as g:
        x = v1.placeholder(tf.float32, [])
        tf.while_loop(lambda a: a < 10.0, lambda a: a * 2.0, [x])
        assert compiled_control_flow.static_course(_while_op(g), {id(x)}) is None


# -- control flow with a static course (runtime/compiled_control_flow.py) -------------------------------------------
def _loop_grad_fn(jit, limit, maximum_iterations):
    @tf.function(jit_compile=jit)
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            i, y = tf.while_loop(lambda i, a: i < limit, lambda i, a: (i + 1, tf.sin(a) * 1.5 + x),
                                 [tf.constant(0), x], maximum_iterations=maximum_iterations)
        return i, y, tape.gradient(y, x)
    return f


@pytest.mark.parametrize("limit, maximum_iterations", [(5, None), (10, 3), (0, None)])
def test_static_trip_count_loop_is_unrolled_with_equal_gradient(limit, maximum_iterations):
    ref, f = _loop_grad_fn(False, limit, maximum_iterations), _loop_grad_fn(True, limit, maximum_iterations)
    for value in (0.5, -1.25):
        x = tf.constant([value, 2.0 * value])
        for got, want in zip(f(x), ref(x)):
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6)
            assert got.dtype == want.dtype
    fn = f.get_concrete_function(x)._plan(False)._fn
    assert fn.fallback_reason is None and fn.compiles == 1


def test_static_predicate_cond_and_switch_case_take_one_branch():
    def make(jit):
        @tf.function(jit_compile=jit)
        def f(x):
            a = tf.cond(tf.constant(False), lambda: x * 2.0, lambda: x - 1.0)
            b = tf.switch_case(tf.constant(7), [lambda: x + 1.0, lambda: tf.exp(x)])  # out of range: the last
            return a, b
        return f
    ref, f = make(False), make(True)
    x = tf.constant([0.5, 1.5])
    for got, want in zip(f(x), ref(x)):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6)
    fn = f.get_concrete_function(x)._plan(False)._fn
    assert fn.fallback_reason is None and fn.compiles == 1


def test_data_dependent_loop_falls_back_naming_the_loop(caplog):
    @tf.function(jit_compile=True)
    def f(x):
        return tf.while_loop(lambda a: tf.reduce_sum(a) < 10.0, lambda a: a * 2.0, [x])[0]
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        np.testing.assert_array_equal(f(tf.constant([1.0, 2.0])).numpy(), [4.0, 8.0])
    warnings = [r.getMessage() for r in caplog.records if "jit_compile" in r.getMessage()]
    assert len(warnings) == 1 and "trip count is not a constant" in warnings[0]


def test_session_while_loop_gradient_compiles_with_global_jit_level():
    v1 = tf.compat.v1

    def run(jit_level):
        with tf.Graph().as_default():
            x = v1.placeholder(tf.float32, [])
            y = tf.while_loop(lambda i, a: i < 4, lambda i, a: (i + 1, a * 1.5 + 0.5), [tf.constant(0), x])[1]
            (grad,) = v1.gradients(y, x)
            config = v1.ConfigProto()
            if jit_level is not None:
                config.graph_options.optimizer_options.global_jit_level = jit_level
            with v1.Session(config=config) as sess:
                out = [sess.run([y, grad], {x: value}) for value in (1.0, -2.0)]
                return out, next(iter(sess._plans.values()))._fn
    want, _ = run(None)
    got, fn = run(v1.OptimizerOptions.ON_1)
    np.testing.assert_allclose(got, want, rtol=1e-6)
    assert fn.fallback_reason is None and fn.compiles == 1
