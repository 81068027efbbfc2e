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
