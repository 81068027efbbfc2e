"""Keras weight names against tf-keras 2.21: they come from the name scopes layers are called in
(tfcompat._src.keras.backend.layer_name_scope, tf.Variable's eager scope): Sequential/functional layers at the
top ('dense/kernel:0'), subclassed models prefix their sublayers ('my_model/dense/kernel:0'), layers called in a
tf.name_scope or first called inside a tf.function."""
from __future__ import annotations

import numpy as np


def _names(weights):
    return [w.name for w in weights]


def test_sequential_and_functional_weight_names(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        seq = tf.keras.Sequential([tf.keras.layers.Dense(2), tf.keras.layers.Dense(1)])
        seq.build((None, 3))
        deferred = tf.keras.Sequential([tf.keras.layers.Dense(2)])
        deferred(np.ones((1, 3), np.float32))
        inputs = tf.keras.Input((3,))
        with tf.name_scope("outer"):
            hidden = tf.keras.layers.Dense(4, name="hidden")(inputs)
        model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, name="out")(hidden))
        wrapper_in = tf.keras.Input((3,))
        wrapper = tf.keras.Model(wrapper_in, model(wrapper_in), name="wrapper")
        return _names(seq.weights), _names(deferred.weights), _names(model.weights), _names(wrapper.weights)
    oracle.check(prog)


def test_subclassed_and_scoped_weight_names(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()

        class Block(tf.keras.layers.Layer):
            def __init__(self):
                super().__init__()
                self.inner = tf.keras.layers.Dense(2)

            def build(self, input_shape):
                self.scale = self.add_weight("scale", shape=(), initializer="ones")

            def call(self, x):
                return self.inner(x) * self.scale

        class MyModel(tf.keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = tf.keras.layers.Dense(3)
                self.block = Block()
                self.lstm = tf.keras.layers.LSTM(2)

            def call(self, x):
                return self.block(self.dense(x)), self.lstm(x[:, None, :])

        x = np.ones((1, 3), np.float32)
        model = MyModel()
        model(x)
        with tf.name_scope("scope"):
            scoped = tf.keras.layers.Dense(1)
            scoped(x)
        traced = MyModel()
        tf.function(traced)(x)
        bn = tf.keras.layers.BatchNormalization()
        bn(x)
        return _names(model.weights), _names(scoped.weights), _names(traced.weights), _names(bn.weights)
    oracle.check(prog)


def test_first_built_in_a_train_step_names(oracle):
    """A subclassed model first built inside a tf.function train step under a tf.name_scope (issue 13 item 2):
    its weights take the step's scope ('outer/m/dense/kernel:0'), the optimizer's slots follow
    ('Adam/m/outer/m/dense/kernel:0'); a second model gets uniquified names."""
    def prog(tf):
        tf.keras.backend.clear_session()

        class M(tf.keras.Model):
            def __init__(self):
                super().__init__()
                self.d = tf.keras.layers.Dense(2)
                self.bn = tf.keras.layers.BatchNormalization()

            def call(self, x):
                return self.bn(self.d(x))

        model, opt = M(), tf.keras.optimizers.Adam()

        @tf.function
        def step(x):
            with tf.name_scope("outer"):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(model(x))
            grads = tape.gradient(loss, model.trainable_variables)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        step(tf.ones([2, 3]))
        second = M()
        tf.function(second)(tf.ones([2, 3]))
        return _names(model.weights), [v.name for v in opt.variables()], _names(second.weights)
    oracle.check(prog)
