"""``tf.compat.v1.layers`` as TF 2.21's (tf-keras) Keras layers, inside and outside
``track_tf1_style_variables`` (tfcompat._src.ops.layers_base + keras/utils/variable_scope_shim.py): string
regularizers and initializers through Keras' ``get``, eager weight regularizers as re-evaluated losses that the
shim also collects, ``Dropout`` with ``training`` left out or None taking the enclosing Keras call's (else
inference), Keras' GlorotUniform as the default kernel initializer, layer names from Keras' shared one-based
counters, a functional model built by ``get_or_create_layer``. Examples after TF's guide/migrate/model_mapping.
Expected values: TF 2.21 (oracle)."""
from __future__ import annotations

import numpy as np


def _img(tf):
    return tf.constant(np.arange(150, dtype=np.float32).reshape(2, 5, 5, 3) / 150)


def _compat_model(tf, units):
    class CompatModel(tf.keras.layers.Layer):
        @tf.compat.v1.keras.utils.track_tf1_style_variables
        def call(self, inputs, training=None):
            with tf.compat.v1.variable_scope("model"):
                out = tf.compat.v1.layers.conv2d(inputs, 3, 3, kernel_regularizer="l2",
                                                 kernel_initializer=tf.compat.v1.constant_initializer(0.05))
                out = tf.compat.v1.layers.flatten(out)
                out = tf.compat.v1.layers.dropout(out, training=training)
                return tf.compat.v1.layers.dense(out, units, kernel_regularizer="l1", kernel_initializer="ones",
                                                 bias_initializer="ones")
    return CompatModel()


def test_string_regularizers_collected_by_the_shim(oracle):
    def prog(tf):
        layer = _compat_model(tf, 4)
        x = _img(tf)
        out = layer(x)
        names = [w.name for w in layer.weights]
        first = [l.numpy() for l in layer.losses]
        layer.weights[-1].assign(layer.weights[-1] * 2.0)   # the dense kernel: its l1 loss doubles
        layer(x)
        return out, names, first, [l.numpy() for l in layer.losses], len(layer.trainable_weights)
    oracle.check(prog)


def test_eager_v1_layer_regularizer_is_reevaluated(oracle):
    def prog(tf):
        d = tf.compat.v1.layers.Dense(2, kernel_regularizer="l2", kernel_initializer="ones",
                                      activity_regularizer="l1", bias_regularizer=tf.keras.regularizers.L1(0.5))
        y = d(tf.constant([[1.0, -2.0, 3.0]]))
        before = [l.numpy() for l in d.losses]
        d.kernel.assign(tf.fill([3, 2], 3.0))
        return (y, type(d.kernel_regularizer).__name__, type(d.kernel_initializer).__name__, before,
                [l.numpy() for l in d.losses])
    oracle.check(prog)


def test_graph_v1_layer_string_regularizer_in_collection(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 3])
        y = v1.layers.dense(x, 2, kernel_regularizer="l2", kernel_initializer="ones")
        y = v1.layers.dense(y, 1, kernel_regularizer="l1", kernel_initializer="ones")
        losses = v1.get_collection(v1.GraphKeys.REGULARIZATION_LOSSES)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            # (The loss ops' names are not compared: keras/regularizers.py's L2 builds 'Mul', TF's 'mul'.)
            return ([l.name.split("/")[:2] for l in losses], sess.run(losses),
                    sess.run(y, {x: [[1.0, 2.0, 3.0]]}))
    oracle.check_v1(prog)


def test_dropout_training_none_is_inference(oracle):
    def prog(tf):
        x = tf.ones([4, 50])
        layer = _compat_model(tf, 2)
        flat_out = layer(_img(tf))                          # dropout(training=None) inside: inference
        return (tf.compat.v1.layers.dropout(x, training=None), tf.compat.v1.layers.Dropout(0.9)(x, training=None),
                tf.compat.v1.layers.Dropout(0.9)(x), flat_out)
    oracle.check(prog)


def test_dropout_inherits_enclosing_keras_training(oracle):
    def prog(tf):
        class Outer(tf.keras.layers.Layer):
            def call(self, x, training=None):
                return (tf.compat.v1.layers.Dropout(0.5)(x), tf.compat.v1.layers.Dropout(0.5)(x, training=None),
                        tf.compat.v1.layers.dropout(x), tf.compat.v1.layers.Dropout(0.5)(x, training=False))
        x = tf.ones([2, 8])
        # Whether each output is the input unchanged (no dropout applied).
        return [[bool(np.all(o.numpy() == 1.0)) for o in Outer()(x, training=t)] for t in (True, False, None)]
    oracle.check(prog)


def test_v1_layer_names_share_keras_counters(oracle):
    def prog(tf):
        with tf.Graph().as_default():
            a = tf.compat.v1.layers.Dense(2)
            b = tf.keras.layers.Dense(2)
            c = tf.compat.v1.layers.Dense(2)
            d = tf.compat.v1.layers.Conv2D(2, 1)
            e = tf.compat.v1.layers.Dense(2, name="dense")
            with tf.name_scope("ns"):
                f = tf.compat.v1.layers.Dense(2)
            x = tf.ones([1, 3])
            a(x), c(x), e(x), f(x)
            g = tf.compat.v1.layers.MaxPooling2D(2, 2)
            return ([l.name for l in (a, b, c, d, e, f, g)], [l.scope_name for l in (a, c, e, f)],
                    [v.name for v in tf.compat.v1.global_variables()])
    oracle.check(prog)


def test_default_kernel_initializer_is_keras_glorot_uniform(oracle):
    def prog(tf):
        # After the same global seed, the same draws exactly when both use Keras' GlorotUniform (TF: not
        # get_variable's own glorot_uniform_initializer, which draws differently).
        x = tf.ones([1, 30])
        kernels = []
        v1_glorot = tf.compat.v1.glorot_uniform_initializer()
        for make in (lambda: tf.compat.v1.layers.Dense(20), lambda: tf.keras.layers.Dense(20),
                     lambda: tf.compat.v1.layers.Dense(20, kernel_initializer=v1_glorot)):
            tf.keras.utils.set_random_seed(7)
            layer = make()
            layer(x)
            kernels.append(layer.kernel.numpy())
        return (bool(np.array_equal(kernels[0], kernels[1])), bool(np.array_equal(kernels[0], kernels[2])),
                bool(np.abs(kernels[0]).max() <= np.sqrt(6.0 / 50)))
    oracle.check(prog)


def test_get_or_create_layer_functional_model(oracle):
    def prog(tf):
        class NestedModel(tf.keras.Model):
            def build_model(self):
                inp = tf.keras.Input(shape=(5, 5))
                dense_layer = tf.keras.layers.Dense(10, name="dense", kernel_regularizer="l2",
                                                    kernel_initializer=tf.compat.v1.ones_initializer())
                return tf.keras.Model(inputs=inp, outputs=dense_layer(inp))

            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, inputs):
                model = tf.compat.v1.keras.utils.get_or_create_layer("dense_model", self.build_model)
                return model(inputs)

        layer = NestedModel()
        out = layer(tf.ones(shape=(5, 5)))
        layer(tf.ones(shape=(5, 5)))
        return out, sorted(w.name for w in layer.weights), [l.numpy() for l in layer.losses]
    oracle.check(prog)
