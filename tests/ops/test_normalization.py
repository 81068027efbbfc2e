"""Batch normalization against real TF. TF 2.21 (Keras 3) has no tf.compat.v1.layers, so the layer's oracle is
the program TF1's legacy layer builds (keras BatchNormalization V1, read from its source), written with real TF
ops: get_variable in scope 'batch_normalization', tf.nn.moments + tf.nn.batch_normalization (non-fused, 2D) or
tf.nn.fused_batch_norm (fused, 4D; moving variance updated with the Bessel-corrected variance), and
assign_sub(moving, (moving - stat) * (1 - momentum)) update ops in UPDATE_OPS."""
from __future__ import annotations

import numpy as np
import pytest

RS = np.random.RandomState(0)
X2 = RS.randn(6, 3).astype(np.float32) * 2 + 1
X4 = RS.randn(4, 3, 3, 2).astype(np.float32) * 2 - 1
KERNEL = RS.randn(3, 3).astype(np.float32)


def test_nn_batch_normalization_values_and_gradients(tf1, tfc1):
    def program(tf):
        x = tf.constant(X2)
        mean, var = tf.nn.moments(x, [0])
        offset, scale = tf.constant([0.1, 0.2, 0.3]), tf.constant([1.0, 2.0, 0.5])
        y = tf.nn.batch_normalization(x, mean, var, offset, scale, 1e-3)
        y2 = tf.nn.batch_normalization(x, mean, var, None, None, 1e-3)
        grads = tf.gradients(tf.reduce_sum(y * y), [x, offset, scale])
        with tf.Session() as sess:
            return y.dtype, y.shape.as_list(), sess.run([y, y2] + grads)
    ref, got = program(tf1), program(tfc1)
    assert got[:2] == (tfc1.float32, ref[1]) and ref[0] == tf1.float32
    for g, r in zip(got[2], ref[2]):
        np.testing.assert_allclose(g, r, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("fmt", ["NHWC", "NCHW"])
@pytest.mark.parametrize("is_training", [True, False])
def test_fused_batch_norm_matches_tf(tf1, tfc1, fmt, is_training):
    def program(tf):
        x = tf.constant(X4 if fmt == "NHWC" else np.transpose(X4, [0, 3, 1, 2]))
        scale, offset = tf.constant([1.5, 0.5]), tf.constant([0.1, -0.2])
        mean, var = tf.constant([0.2, -0.1]), tf.constant([1.2, 0.8])
        y, m, v = tf.nn.fused_batch_norm(x, scale, offset, mean, var, epsilon=1e-3, data_format=fmt,
                                         is_training=is_training)
        grads = tf.gradients(tf.reduce_sum(y * y), [x, scale, offset])
        with tf.Session() as sess:
            return sess.run([y, m, v] + grads)
    for g, r in zip(program(tfc1), program(tf1)):
        np.testing.assert_allclose(g, r, rtol=1e-4, atol=1e-4)


def _tf_reference_bn(tf, x, training, fused, momentum=0.9, eps=1e-3):
    """What TF1's tf.layers.batch_normalization(x, momentum=momentum, training=training) builds."""
    c = x.shape.as_list()[-1]
    with tf.variable_scope("batch_normalization"):
        gamma = tf.get_variable("gamma", [c], initializer=tf.ones_initializer())
        beta = tf.get_variable("beta", [c], initializer=tf.zeros_initializer())
        mm = tf.get_variable("moving_mean", [c], initializer=tf.zeros_initializer(), trainable=False)
        mv = tf.get_variable("moving_variance", [c], initializer=tf.ones_initializer(), trainable=False)
    if fused:
        y, mean, var = tf.cond(training,
                               lambda: tf.nn.fused_batch_norm(x, gamma, beta, mm, mv, eps, is_training=True),
                               lambda: tf.nn.fused_batch_norm(x, gamma, beta, mm, mv, eps, is_training=False))
    else:
        bm, bv = tf.nn.moments(x, [0])
        mean = tf.cond(training, lambda: bm, lambda: tf.convert_to_tensor(mm))
        var = tf.cond(training, lambda: bv, lambda: tf.convert_to_tensor(mv))
        y = tf.nn.batch_normalization(x, mean, var, beta, gamma, eps)
    mom = tf.cond(training, lambda: tf.constant(momentum), lambda: tf.constant(1.0))
    for v, stat in ((mm, mean), (mv, var)):
        tf.add_to_collection(tf.GraphKeys.UPDATE_OPS, tf.assign_sub(v, (v - stat) * (1.0 - mom)))
    return y


@pytest.mark.parametrize("fused", [False, True])
def test_batch_normalization_layer_training_matches_tf(tf1, tfc1, fused):
    xv = X4 if fused else X2

    def program(tf, reference):
        x = tf.placeholder(tf.float32, [None] + list(xv.shape[1:]))
        training = tf.placeholder_with_default(False, [])
        h = x * 1.5 + 0.25
        if reference:
            y = _tf_reference_bn(tf, h, training, fused)
        else:
            y = tf.layers.batch_normalization(h, momentum=0.9, training=training)
        loss = tf.reduce_mean(tf.square(y - 0.3) * tf.range(1.0, 1.0 + xv.shape[-1]))
        with tf.control_dependencies(tf.get_collection(tf.GraphKeys.UPDATE_OPS)):
            train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
        names = ([v.name for v in tf.global_variables()], [v.name for v in tf.trainable_variables()])
        n_updates = len(tf.get_collection(tf.GraphKeys.UPDATE_OPS))
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            losses = [sess.run([loss, train], {x: xv, training: True})[0] for _ in range(3)]
            losses.append(sess.run([loss, train], {x: xv})[0])      # inference: moving stats stay put
            state = sess.run(tf.global_variables())
            infer = sess.run(y, {x: xv})
        return names, n_updates, losses, state, infer
    ref, got = program(tf1, True), program(tfc1, False)
    assert got[0] == ref[0] == (["batch_normalization/gamma:0", "batch_normalization/beta:0",
                                 "batch_normalization/moving_mean:0", "batch_normalization/moving_variance:0"],
                                ["batch_normalization/gamma:0", "batch_normalization/beta:0"])
    assert got[1] == ref[1] == 2
    np.testing.assert_allclose(got[2], ref[2], rtol=1e-5)
    for g, r in zip(got[3], ref[3]):
        np.testing.assert_allclose(g, r, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got[4], ref[4], rtol=1e-4, atol=1e-5)


def test_batch_normalization_layer_python_bool_and_class(tfc1):
    tf = tfc1
    x = tf.placeholder(tf.float32, [None, 3])
    y_eval = tf.layers.batch_normalization(x)                     # training=False: no update ops
    assert tf.get_collection(tf.GraphKeys.UPDATE_OPS) == []
    bn = tf.layers.BatchNormalization(momentum=0.5, center=False, name="bn")
    y1 = bn(x, training=True)
    y2 = bn.apply(x, training=True)                               # same object: variables shared
    assert [v.name for v in bn.variables] == ["bn/gamma:0", "bn/moving_mean:0", "bn/moving_variance:0"]
    assert [v.name for v in bn.trainable_variables] == ["bn/gamma:0"]
    assert len(bn.updates) == 4 and len(tf.get_collection(tf.GraphKeys.UPDATE_OPS)) == 4
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        a, b, c = sess.run([y_eval, y1, y2], {x: X2})
        sess.run(bn.updates[:2], {x: X2})
        mm = sess.run(bn.moving_mean)
    # Hand-derived: inference normalizes with the initial moving stats (0, 1); training with batch stats.
    np.testing.assert_allclose(a, X2 / np.sqrt(1 + 1e-3), rtol=1e-5)
    ref = (X2 - X2.mean(0)) / np.sqrt(X2.var(0) + 1e-3)
    np.testing.assert_allclose(b, ref, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(c, ref, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(mm, 0.5 * X2.mean(0), rtol=1e-5)   # one update at momentum 0.5 from zeros


def test_batch_normalization_functional_reuse(tfc1):
    tf = tfc1
    x = tf.placeholder(tf.float32, [None, 4, 4, 3])
    with tf.variable_scope("model"):
        tf.layers.batch_normalization(x, training=True, name="bn")
    with tf.variable_scope("model", reuse=True):
        y = tf.layers.batch_normalization(x, training=False, name="bn")
    # Hand-derived (TF1 legacy layers): the second call shares model/bn/*, adds no update ops, and its ops live
    # under a fresh name scope 'model_1/bn/'.
    assert [v.name for v in tf.global_variables()] == ["model/bn/gamma:0", "model/bn/beta:0",
                                                       "model/bn/moving_mean:0", "model/bn/moving_variance:0"]
    assert len(tf.get_collection(tf.GraphKeys.UPDATE_OPS)) == 2
    assert y.name.startswith("model_1/bn/")
    tf.layers.batch_normalization(x, training=True, name="bn2")
    with pytest.raises(ValueError, match="already exists"):     # same name without reuse: TF1 raises
        tf.layers.batch_normalization(x, training=True, name="bn2")


@pytest.mark.parametrize("outer_training", [True, False, None])
def test_batch_normalization_layer_inherits_keras_call_training(oracle, outer_training):
    # TF: the legacy layer is a Keras layer, so a `training` left out inside a Keras layer's call is the enclosing
    # call's (base_layer_v1.__call__, priority 2); outside any Keras call it is the signature's False.
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 3])

        class Outer(v1.keras.layers.Layer):
            def __init__(self):
                super().__init__()
                self.bn = v1.layers.BatchNormalization(momentum=0.5)

            def call(self, inputs, training=None):
                return self.bn(inputs * 2.0)

        y_plain = v1.layers.BatchNormalization(name="plain")(x)
        n_plain = len(v1.get_collection(v1.GraphKeys.UPDATE_OPS))
        y = Outer()(x, training=outer_training)
        updates = v1.get_collection(v1.GraphKeys.UPDATE_OPS)
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            out = s.run([y_plain, y], {x: X2})
            s.run(updates, {x: X2})
            moving = s.run([v for v in v1.global_variables() if "moving" in v.name])
        return n_plain, len(updates), out, moving
    oracle.check_v1(prog, rtol=1e-5, atol=1e-5)


def test_nn_batch_normalization_graph_op_names(oracle):
    # TF builds it with Python operators: ops 'add', 'mul', 'sub' (the epsilon constant's name is not compared).
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 3])
        mean, var = v1.nn.moments(x, [0])
        v1.nn.batch_normalization(x, mean, var, v1.constant([0.1, 0.2, 0.3]), v1.constant([1.0, 2.0, 0.5]), 1e-3)
        v1.nn.batch_normalization(x, mean, var, None, None, 1e-3, name="bn")
        return [(op.name, op.type) for op in v1.get_default_graph().get_operations()
                if op.name.startswith(("batchnorm", "bn")) and op.type != "Const"]
    oracle.check_v1(prog)
