"""tf.debugging.enable_check_numerics / disable_check_numerics (ops/check_numerics_callback.py): NaN/Inf in an
op's floating output raises TF's InvalidArgumentError, eagerly, in a tf.function and in a TF1 graph; nothing
changes when it is off. Each program switches it off again before returning."""
from __future__ import annotations

import numpy as np
import pytest


def _checked(body):
    def prog(tf):
        tf.debugging.enable_check_numerics()
        try:
            return body(tf)
        finally:
            tf.debugging.disable_check_numerics()
    return prog


@pytest.mark.parametrize("op, arg, message", [
    ("sqrt", [4.0, -1.0], 'output 0 of eagerly-executing op "Sqrt" (# of outputs: 1)'),
    ("log", [0.0, 1.0], "Tensor had -Inf values"),
    ("exp", [1000.0], "Tensor had +Inf values"),
    ("log_nan", [-1.0], "Tensor had NaN values"),
])
def test_eager_op_raises(oracle, op, arg, message):
    def body(tf):
        x = tf.constant(arg)
        if op == "log_nan":
            return tf.math.log(x)
        return getattr(tf.math, op)(x)
    oracle.check(_checked(body), match_message=message)


def test_eager_operator_and_variable(oracle):
    """A python operator on a variable (the fused eager entry steps aside while checks are on)."""
    def body(tf):
        v = tf.Variable([1.0, 0.0])
        return 1.0 / v
    oracle.check(_checked(body), match_message='eagerly-executing op "RealDiv"')


def test_finite_values_pass(oracle):
    def body(tf):
        v = tf.Variable([1.0, 4.0])
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.sqrt(v) * 2.0)
        return y, tape.gradient(y, v), tf.constant([1, 2]) // 2
    oracle.check(_checked(body))


def test_disabled_again(oracle):
    def prog(tf):
        tf.debugging.enable_check_numerics()
        tf.debugging.enable_check_numerics()   # idempotent
        tf.debugging.disable_check_numerics()
        tf.debugging.disable_check_numerics()  # no error when already off
        return tf.math.log(tf.constant([0.0, -1.0]))
    oracle.check(prog)


def test_tf_function(oracle):
    def body(tf):
        @tf.function
        def f(x):
            return tf.square(tf.math.log(x + 1.0))
        return f(tf.constant([-1.0]))
    oracle.check(_checked(body), match_message='graph op "Log"')


def test_tf1_graph(oracle):
    def prog(v1):
        v1.debugging.enable_check_numerics()
        try:
            x = v1.placeholder(v1.float32, [2])
            y = v1.log(x) * 2.0
            with v1.Session() as s:
                ok = s.run(y, {x: [1.0, 2.0]})
                return ok, s.run(y, {x: [0.0, 1.0]})
        finally:
            v1.debugging.disable_check_numerics()
    oracle.check_v1(prog, match_message='graph op "Log"')


def test_nan_input_is_not_the_op(oracle):
    """An op passing a NaN it was given is reported (TF checks outputs, whatever their cause)."""
    def body(tf):
        return tf.constant([np.nan]) + 1.0
    oracle.check(_checked(body), match_message='eagerly-executing op "AddV2"')


def test_eager_variable_read(oracle):
    """TF checks each eager ReadVariableOp: a variable holding NaN fails when read."""
    def body(tf):
        v = tf.Variable([np.nan, 1.0])
        return v * 2.0
    oracle.check(_checked(body), match_message='eagerly-executing op "ReadVariableOp"')


def test_tf1_graph_names(oracle):
    """A TF1 graph hands back the checked tensors, named as TF names them."""
    def prog(v1):
        v1.debugging.enable_check_numerics()
        try:
            c = v1.constant([1.0])
            x = v1.placeholder(v1.float32, [2])
            with v1.name_scope("scope"):
                y = v1.log(x)
            return c.name, c.op.type, x.op.type, y.name, y.op.type
        finally:
            v1.debugging.disable_check_numerics()
    oracle.check_v1(prog)
