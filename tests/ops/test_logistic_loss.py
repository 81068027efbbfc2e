"""tf.nn.sigmoid_cross_entropy_with_logits as one op (ops/logistic_loss.py): TF's values and TF's gradient of its
ten-op composite, at large |logits|, NaN and inf, eagerly (tape), in tf.function and in a Session; TF's errors.

Expected values: real TF 2.21 through the oracle (recorded in tests/oracle_records)."""
from __future__ import annotations

import numpy as np
import pytest

# Logits across the branches of TF's selects: 0, -0, tiny, large (exp(-|x|) denormal or 0), inf, NaN.
LOGITS = np.array([[0.0, -0.0, 1e-8, -1e-8, 0.5, -0.5, 3.0, -3.0],
                   [20.0, -20.0, 88.0, -88.0, 104.0, -104.0, 200.0, -200.0],
                   [np.inf, -np.inf, np.nan, 1.0, np.inf, -np.inf, np.nan, -1.0]], np.float32)
LABELS = np.array([[0.0, 1.0, 0.25, 0.75, 1.0, 0.0, 0.3, 0.9],
                   [1.0, 0.0, 0.5, 0.5, 1.0, 1.0, 0.0, 1.0],
                   [1.0, 1.0, 1.0, np.nan, 0.0, 0.0, 0.5, 0.5]], np.float32)
UPSTREAM = np.array([[1.0, -2.0, 0.5, 3.0, -1.0, 0.25, 2.0, -0.5]] * 3, np.float32)


def _eager(dtype):
    def prog(tf):
        x, z = tf.constant(LOGITS.astype(dtype)), tf.constant(LABELS.astype(dtype))
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([x, z])
            y = tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x)
        g = tape.gradient(y, [x, z], output_gradients=tf.constant(UPSTREAM.astype(dtype)))
        return y, g, y.dtype.name
    return prog


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_values_and_gradients_eager(oracle, dtype):
    oracle.check(_eager(dtype))


def test_values_and_gradients_tf_function(oracle):
    def prog(tf):
        x, z = tf.constant(LOGITS), tf.constant(LABELS)

        @tf.function
        def f(x, z):
            with tf.GradientTape() as tape:
                tape.watch([x, z])
                y = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x) * UPSTREAM)
            return y, tape.gradient(y, [x, z])
        return f(x, z)
    oracle.check(prog)


def test_values_and_gradients_session(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 8])
        z = v1.placeholder(v1.float32, [None, 8])
        y = v1.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x)
        g = v1.gradients(y, [x, z], grad_ys=v1.constant(UPSTREAM))
        with v1.Session() as s:
            return s.run([y, g], {x: LOGITS, z: LABELS}), y.name
    # tf.gradients adds the four logit terms in another order than the tape: the last bit may differ.
    oracle.check_v1(prog, rtol=1e-6, atol=1e-6)


def test_second_derivative(oracle):
    def prog(tf):
        x = tf.constant([[-2.0, -0.5, 0.5, 2.0]])
        z = tf.constant([[0.0, 0.25, 0.75, 1.0]])
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x))
            g = inner.gradient(y, x)
        return g, outer.gradient(g, x)
    oracle.check(prog)


def test_forward_accumulator(oracle):
    def prog(tf):
        x = tf.constant([[-2.0, 0.0, 0.5, 30.0]])
        z = tf.constant([[0.0, 0.25, 0.75, 1.0]])
        with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
            y = tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x)
        return y, acc.jvp(y)
    oracle.check(prog)


@pytest.mark.parametrize("case", ["int_labels", "shape_mismatch", "positional", "int_both", "missing"])
def test_errors(oracle, case):
    def prog(tf):
        x = tf.constant([[1.0, -1.0]])
        if case == "int_labels":
            return tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([[1, 0]]), logits=x)
        if case == "shape_mismatch":
            return tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([[1.0, 0.0, 1.0]]), logits=x)
        if case == "int_both":
            return tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([[1, 0]]),
                                                           logits=tf.constant([[1, 0]]))
        if case == "missing":
            return tf.nn.sigmoid_cross_entropy_with_logits(logits=x)
        return tf.compat.v1.nn.sigmoid_cross_entropy_with_logits(x, x)   # TF 2.21: (labels, logits, name)
    oracle.check(prog, match_message="Both `labels` and `logits` must be provided" if case == "missing" else None)


def test_graph_node_name(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [2])
        return (v1.nn.sigmoid_cross_entropy_with_logits(labels=x, logits=x).name,
                v1.nn.sigmoid_cross_entropy_with_logits(labels=x, logits=x, name="xent").name)
    oracle.check_v1(prog)


def test_one_op_in_the_graph(tfc1):
    # Known deviation "sigmoid-xent-one-op": TF's graph has ten ops here (checked by hand in TF 2.21).
    from tests.known_deviations import DEVIATIONS
    assert "SigmoidCrossEntropyWithLogits" in DEVIATIONS["sigmoid-xent-one-op"]
    x = tfc1.placeholder(tfc1.float32, [2])
    y = tfc1.nn.sigmoid_cross_entropy_with_logits(labels=x, logits=x)
    assert [op.type for op in tfc1.get_default_graph().get_operations()] == ["Placeholder",
                                                                          "SigmoidCrossEntropyWithLogits"]
    assert y.op.name == "logistic_loss"
