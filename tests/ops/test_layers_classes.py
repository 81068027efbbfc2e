"""tf.compat.v1.layers classes (Dense, Conv2D, pooling, Dropout, Flatten). TF 2.21 (Keras 3) no longer provides
tf.compat.v1.layers, so names follow TF1's legacy-layer source (scope fixed on first call with
default_name=<snake_case class name>; a reused object re-enters its scope; functional forms pass _scope=name),
and values/gradients are compared with the same computation written in real TF ops (weights copied)."""
from __future__ import annotations

import numpy as np
import pytest

RS = np.random.RandomState(0)
X = RS.randn(4, 3).astype(np.float32)
X3 = RS.randn(2, 5, 3).astype(np.float32)
K = RS.randn(3, 2).astype(np.float32)
BIAS = np.array([0.1, -0.2], np.float32)
IMG = RS.randn(2, 6, 6, 3).astype(np.float32)
CK = RS.randn(3, 3, 3, 4).astype(np.float32)


def test_dense_class_names_and_sharing(tfc1):
    tf = tfc1
    x = tf.placeholder(tf.float32, [None, 3])
    d = tf.layers.Dense(2, activation=tf.nn.relu)
    # layer.name: Keras' one-based name counter (TF 2.21 + tf-keras); the scope stays 'dense'
    assert d.name == "dense_1" and d.variables == [] and d.kernel is None
    y1, y2 = d(x), d.apply(x)
    d2 = tf.layers.Dense(5, use_bias=False, trainable=False)
    y3 = d2(y1)
    y4 = tf.layers.dense(x, 1)
    # Hand-derived from TF1's legacy layers (see module docstring).
    assert [v.name for v in tf.global_variables()] == ["dense/kernel:0", "dense/bias:0", "dense_1/kernel:0",
                                                       "dense_2/kernel:0", "dense_2/bias:0"]
    assert [v.name for v in tf.trainable_variables()] == ["dense/kernel:0", "dense/bias:0", "dense_2/kernel:0",
                                                          "dense_2/bias:0"]
    assert (y1.name, y2.name, y3.name, y4.name) == ("dense/Relu:0", "dense/Relu_1:0", "dense_1/MatMul:0",
                                                    "dense_2/BiasAdd:0")
    assert d.kernel.name == "dense/kernel:0" and d.bias.name == "dense/bias:0"
    assert d.variables == d.weights == d.trainable_variables == d.trainable_weights == [d.kernel, d.bias]
    assert d2.trainable_weights == [] and d2.non_trainable_weights == [d2.kernel] and d2.bias is None
    assert d.scope_name == "dense" and d.count_params() == 8
    with tf.variable_scope("net"):
        y5 = tf.layers.Dense(2, name="fc")(x)
    assert y5.name == "net/fc/BiasAdd:0" and tf.global_variables()[-1].name == "net/fc/bias:0"


def test_dense_values_and_gradients_match_tf(tf1, tfc1):
    def program(tf, ours):
        x, x3 = tf.constant(X), tf.constant(X3)
        if ours:
            layer = tf.layers.Dense(2, activation=tf.nn.tanh, kernel_initializer=tf.constant_initializer(K),
                                    bias_initializer=tf.constant_initializer(BIAS))
            y, y3 = layer(x), layer(x3)
            k, b = layer.kernel, layer.bias
        else:   # what the legacy layer builds: matmul (rank 2) / tensordot (rank 3), bias_add, activation
            k = tf.get_variable("dense/kernel", initializer=tf.constant(K))
            b = tf.get_variable("dense/bias", initializer=tf.constant(BIAS))
            y = tf.nn.tanh(tf.nn.bias_add(tf.matmul(x, k), b))
            y3 = tf.nn.tanh(tf.nn.bias_add(tf.tensordot(x3, k, [[2], [0]]), b))
        loss = tf.reduce_sum(y * y) + tf.reduce_sum(y3)
        grads = tf.gradients(loss, [k, b, x, x3])
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            return y3.shape.as_list(), sess.run([y, y3] + grads)
    ref, got = program(tf1, False), program(tfc1, True)
    assert got[0] == ref[0]
    for g, r in zip(got[1], ref[1]):
        np.testing.assert_allclose(g, r, rtol=1e-4, atol=1e-5)   # float32 rounding of tanh' near 0


def test_dense_regularizers_and_errors(tfc1):
    tf = tfc1
    x = tf.placeholder(tf.float32, [None, 3])
    layer = tf.layers.Dense(2, kernel_initializer=tf.constant_initializer(K),
                            kernel_regularizer=lambda w: 0.5 * tf.reduce_sum(w * w),
                            activity_regularizer=lambda a: tf.reduce_sum(tf.abs(a)))
    y = layer(x)
    layer(x)                                      # reuse: no second kernel-regularization loss
    reg = tf.get_collection(tf.GraphKeys.REGULARIZATION_LOSSES)
    assert len(reg) == 3 and len(layer.losses) == 3
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        kl, al, yv = sess.run([reg[0], reg[1], y], {x: X})
    # Hand-derived: kernel loss 0.5*sum(K^2); activity loss divided by the batch size (TF's base_layer_v1).
    np.testing.assert_allclose(kl, 0.5 * (K ** 2).sum(), rtol=1e-6)
    np.testing.assert_allclose(al, np.abs(yv).sum() / X.shape[0], rtol=1e-5)
    with pytest.raises(TypeError):
        tf.layers.Dense(2)(tf.placeholder(tf.int32, [None, 3]))
    with pytest.raises(ValueError, match="last dimension"):
        tf.layers.Dense(2)(tf.placeholder(tf.float32, [None, None]))
    with pytest.raises(TypeError):
        tf.layers.Dense(2, not_an_argument=1)


def test_conv_pool_flatten_dropout_classes_match_tf(tf1, tfc1):
    def program(tf, ours):
        im = tf.constant(IMG)
        if ours:
            conv = tf.layers.Conv2D(4, 3, padding="same", activation=tf.nn.relu,
                                    kernel_initializer=tf.constant_initializer(CK))
            y = tf.layers.Flatten()(tf.layers.AveragePooling2D(2, 2)(tf.layers.MaxPooling2D(1, 1)(conv(im))))
            y = tf.layers.Dropout(0.5)(y, training=False)
            k = conv.kernel
            names = [v.name for v in conv.variables]
        else:
            k = tf.get_variable("conv2d/kernel", initializer=tf.constant(CK))
            b = tf.get_variable("conv2d/bias", initializer=tf.zeros([4]))
            h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(im, k, [1, 1, 1, 1], "SAME"), b))
            h = tf.nn.avg_pool(tf.nn.max_pool(h, [1, 1, 1, 1], [1, 1, 1, 1], "VALID"), [1, 2, 2, 1],
                               [1, 2, 2, 1], "VALID")
            y = tf.reshape(h, [2, -1])
            names = ["conv2d/kernel:0", "conv2d/bias:0"]
        g = tf.gradients(tf.reduce_sum(y * y), [k, im])
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            return names, y.shape.as_list(), sess.run([y] + g)
    ref, got = program(tf1, False), program(tfc1, True)
    assert got[:2] == ref[:2]
    for g, r in zip(got[2], ref[2]):
        np.testing.assert_allclose(g, r, rtol=1e-4, atol=1e-5)


def test_dense_class_eager(tfc):
    layer = tfc.compat.v1.layers.Dense(2, kernel_initializer=tfc.compat.v1.constant_initializer(K))
    y1 = layer(X)
    y2 = layer(X)
    assert len(layer.variables) == 2
    np.testing.assert_allclose(y1.numpy(), X @ K, rtol=1e-5)      # hand-derived: zero bias
    np.testing.assert_allclose(y2.numpy(), y1.numpy())


def test_activation_by_name_as_keras_resolves_it(tfc1):
    """TF 2.x's v1 layers are Keras layers: ``activation='relu'`` is ``keras.activations.get('relu')``, an unknown
    name is Keras's ValueError (expected values by hand: relu of the product)."""
    tf = tfc1
    x = tf.placeholder(tf.float32, [None, 3])
    y = tf.layers.Dense(2, "relu", kernel_initializer=tf.constant_initializer(K),
                        bias_initializer=tf.constant_initializer(BIAS))(x)
    c = tf.layers.Conv2D(4, 3, activation="tanh", kernel_initializer=tf.constant_initializer(CK))(
        tf.constant(IMG))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        out, conv = sess.run([y, c], {x: X})
    np.testing.assert_allclose(out, np.maximum(X @ K + BIAS, 0.0), rtol=1e-6)
    assert conv.shape == (2, 4, 4, 4) and np.abs(conv).max() <= 1.0
    with pytest.raises(ValueError, match="Unknown activation function"):
        tf.layers.Dense(2, "no_such_activation")
