"""``tf.compat.v1.keras.utils.track_tf1_style_variables`` / ``get_or_create_layer``
(tfcompat._src.keras.utils.variable_scope_shim): TF1 ``get_variable`` and ``tf.compat.v1.layers`` code in a
decorated Layer/Module method creates variables once, with TF1's names, tracked (sorted by name) by the object;
``get_variable`` regularizers become ``layer.losses``; training through the variables; errors. Examples after TF's
migration guide (guide/migrate/model_mapping). Expected values: TF 2.21 through the oracle."""
from __future__ import annotations

import numpy as np


def _x(tf):
    return tf.constant(np.arange(10, dtype=np.float32).reshape(2, 5) / 10)


def _dense_layer_class(tf):
    class DenseLayer(tf.keras.layers.Layer):
        def __init__(self, units, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.units = units

        @tf.compat.v1.keras.utils.track_tf1_style_variables
        def call(self, inputs):
            with tf.compat.v1.variable_scope("dense"):
                kernel = tf.compat.v1.get_variable(
                    "kernel", shape=[inputs.shape[-1], self.units], regularizer=tf.keras.regularizers.L2(),
                    initializer=tf.compat.v1.ones_initializer())
                bias = tf.compat.v1.get_variable("bias", shape=[self.units],
                                                 initializer=tf.compat.v1.zeros_initializer())
                return tf.compat.v1.nn.bias_add(tf.linalg.matmul(inputs, kernel), bias)
    return DenseLayer


def _names(ws):
    return [w.name for w in ws]


def test_get_variable_created_once_tracked_and_regularized(oracle):
    def prog(tf):
        layer = _dense_layer_class(tf)(3)
        x = _x(tf)
        first = layer(x)
        seen = (_names(layer.weights), _names(layer.trainable_weights), [l for l in layer.losses])
        second = layer(x)
        return first, seen, second, _names(layer.weights), layer.losses
    oracle.check(prog)


def test_v1_layers_names_reuse_and_scope_counts(oracle):
    def prog(tf):
        class CompatV1LayerModel(tf.keras.layers.Layer):
            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, inputs):
                out = tf.compat.v1.layers.conv2d(inputs, 3, 3, kernel_initializer=tf.compat.v1.ones_initializer())
                out = tf.compat.v1.layers.flatten(out)
                out = tf.compat.v1.layers.dropout(out, training=False)
                out = tf.compat.v1.layers.dense(out, 4, kernel_initializer=tf.compat.v1.constant_initializer(0.01))
                return tf.compat.v1.layers.dense(out, 4, name="final",
                                                 kernel_initializer=tf.compat.v1.constant_initializer(0.02))

        m = CompatV1LayerModel()
        x = tf.constant(np.arange(50, dtype=np.float32).reshape(2, 5, 5, 1) / 50)
        # (Scope use counts are per process when executing eagerly: a scope no other test opens.)
        with tf.compat.v1.variable_scope("shim_v1_layers"):
            out = m(x)
            first = [(w.name, tuple(w.shape)) for w in m.weights]
            m(x)  # unnamed v1 layers take new default names ('conv2d_1', ...) on every call, as in TF1
        return out, first, _names(m.weights)
    oracle.check(prog)


def test_auto_reuse_and_default_names_within_a_call(oracle):
    def prog(tf):
        class Shared(tf.keras.layers.Layer):
            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, x):
                outs = []
                for _ in range(2):
                    with tf.compat.v1.variable_scope("shared", reuse=tf.compat.v1.AUTO_REUSE):
                        outs.append(tf.compat.v1.layers.dense(x, 2, name="d",
                                                              kernel_initializer=tf.compat.v1.ones_initializer()))
                with tf.compat.v1.variable_scope("shim_other"):
                    a = tf.compat.v1.layers.dense(x, 1, kernel_initializer=tf.compat.v1.ones_initializer())
                    b = tf.compat.v1.layers.dense(x, 1, kernel_initializer=tf.compat.v1.ones_initializer())
                return outs[0] + outs[1], a + b

        s = Shared()
        r = s(_x(tf))
        first = _names(s.weights)
        s(_x(tf))
        return r, first, _names(s.weights)
    oracle.check(prog)


def test_module_and_get_or_create_layer(oracle):
    def prog(tf):
        class ModuleWith(tf.Module):
            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def __call__(self, x):
                with tf.compat.v1.variable_scope("mod"):
                    w = tf.compat.v1.get_variable("w", shape=[5, 1],
                                                  initializer=tf.compat.v1.constant_initializer(2.0))
                return tf.matmul(x, w)

        class Nested(tf.keras.layers.Layer):
            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, inputs):
                with tf.compat.v1.variable_scope("outer"):
                    dense = tf.compat.v1.keras.utils.get_or_create_layer(
                        "dense_model", lambda: tf.keras.layers.Dense(
                            2, name="dense", kernel_regularizer="l2",
                            kernel_initializer=tf.compat.v1.ones_initializer()))
                    return dense(inputs)

        mod, nested = ModuleWith(), Nested()
        x = _x(tf)
        outs = [mod(x), mod(x), nested(x), nested(x)]
        return (outs, _names(mod.variables), _names(mod.trainable_variables), _names(nested.weights),
                nested.losses)
    oracle.check(prog)


def test_training_in_functional_model_and_tf_function(oracle):
    def prog(tf):
        layer_cls = _dense_layer_class(tf)
        x = _x(tf)
        inp = tf.keras.Input(shape=(5,))
        model = tf.keras.Model(inp, layer_cls(1, name="dl")(inp))
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(x)) + tf.add_n(model.losses)
        grads = tape.gradient(loss, model.trainable_weights)
        fn_layer = layer_cls(2)
        f = tf.function(lambda t: fn_layer(t))
        return _names(model.weights), len(model.losses), grads, f(x), f(x), _names(fn_layer.weights)
    oracle.check(prog)


def test_errors(oracle):
    def not_a_module(tf):
        @tf.compat.v1.keras.utils.track_tf1_style_variables
        def method(self, x):
            return x
        return method(object(), 1)

    def undecorated_get_or_create_layer(tf):
        return tf.compat.v1.keras.utils.get_or_create_layer("x", lambda: tf.keras.layers.Dense(1))

    def shape_mismatch(tf):
        class L(tf.keras.layers.Layer):
            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, x):
                tf.compat.v1.get_variable("v", shape=[2])
                return tf.compat.v1.get_variable("v", shape=[3])
        return L()(1.0)

    for prog in (not_a_module, undecorated_get_or_create_layer, shape_mismatch):
        oracle.check(prog)


def test_get_or_create_layer_in_graph_mode_just_creates(oracle):
    def prog(v1):
        a = v1.keras.utils.get_or_create_layer("d", lambda: v1.keras.layers.Dense(1))
        b = v1.keras.utils.get_or_create_layer("d", lambda: v1.keras.layers.Dense(1))
        return a is b
    oracle.check_v1(prog)


def test_make_template_inside(oracle):
    def prog(tf):
        class ScaleByY(tf.keras.layers.Layer):
            def __init__(self, **kwargs):
                super().__init__(**kwargs)

                def my_op(x, scalar_name):
                    var1 = tf.compat.v1.get_variable(scalar_name, shape=[],
                                                     regularizer=tf.compat.v1.keras.regularizers.L2(),
                                                     initializer=tf.compat.v1.constant_initializer(1.5))
                    return x * var1
                self.scale_by_y = tf.compat.v1.make_template("scale_by_y", my_op, scalar_name="y")

            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, inputs):
                with tf.compat.v1.variable_scope("layer"):
                    return self.scale_by_y(inputs)

        layer = ScaleByY()
        outs = [layer(tf.ones(shape=(2, 3))), layer(tf.ones(shape=(2, 3)))]
        return outs, _names(layer.weights), layer.losses
    oracle.check(prog)


def test_model_fit(oracle):
    """A decorated layer in a Sequential model trained by fit (its tf.function train step): losses include the
    get_variable regularizer; v1 layers and get_variable share the shim's store."""
    def prog(tf):
        class DL(tf.keras.layers.Layer):
            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, inputs):
                with tf.compat.v1.variable_scope("dense"):
                    k = tf.compat.v1.get_variable("kernel", [5, 1],
                                                  initializer=tf.compat.v1.constant_initializer(0.1),
                                                  regularizer=tf.keras.regularizers.L2(0.1))
                    out = tf.compat.v1.layers.dense(inputs, 1, kernel_initializer=tf.compat.v1.ones_initializer(),
                                                    name="d2")
                return tf.matmul(inputs, k) + out

        x = np.arange(40, dtype=np.float32).reshape(8, 5) / 40
        y = np.arange(8, dtype=np.float32).reshape(8, 1) / 8
        model = tf.keras.Sequential([tf.keras.Input((5,)), DL()])
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")
        history = model.fit(x, y, epochs=3, batch_size=4, verbose=0, shuffle=False)
        return history.history["loss"], sorted(w.name for w in model.weights), model.get_weights()
    oracle.check(prog, rtol=1e-5)


def test_object_checkpoint_keys_and_restore(oracle, tmp_path):
    """tf.train.Checkpoint of a decorated layer: the store is the dependency '_tf1_style_var_store', its variables
    are keyed by their full names ('dense.Sdense.Skernel'); a new layer restores them."""
    def prog(tf, directory):
        class DL(tf.keras.layers.Layer):
            @tf.compat.v1.keras.utils.track_tf1_style_variables
            def call(self, inputs):
                with tf.compat.v1.variable_scope("dense"):
                    return tf.compat.v1.layers.dense(inputs, 1, kernel_initializer=tf.compat.v1.ones_initializer())

        layer = DL()
        layer(tf.ones([1, 2]))
        path = tf.train.Checkpoint(layer=layer).save(directory + "/ck")
        restored = DL()
        restored(tf.zeros([1, 2]))
        for w in restored.weights:
            w.assign(w * 3 + 1)
        tf.train.Checkpoint(layer=restored).restore(path)
        return sorted(n for n, _ in tf.train.list_variables(path)), restored.weights
    oracle.check(lambda tf: prog(tf, str(tmp_path / "tf")), lambda tf: prog(tf, str(tmp_path / "tfc")))
