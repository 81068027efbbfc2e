"""Layer attribute tracking (keras/engine/layer_tracking.py) against tf-keras 2.21: tf.compat.v1.layers kept as
attributes of a Keras layer are sublayers for the weights, listed in assignment order (TF's v1 layers are Keras
layers), both in graph mode and through track_tf1_style_variables' store."""
from __future__ import annotations

import numpy as np


def _outer(tf, v1, tracked_call):
    class Outer(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.d = v1.layers.Dense(4, name="zz")
            self.bn = v1.layers.BatchNormalization(name="aa")
            self.k = tf.keras.layers.Dense(2, name="mm")

        def call(self, inputs, training=None):
            h = self.bn(self.d(inputs))
            if tracked_call:
                h = h * v1.get_variable("bb", [1], initializer=v1.ones_initializer())
            return self.k(h)
    if tracked_call:
        Outer.call = v1.keras.utils.track_tf1_style_variables(Outer.call)
    return Outer()


def _names(layer):
    return ([w.name for w in layer.weights], [w.name for w in layer.trainable_weights],
            [w.name for w in layer.non_trainable_weights])


def test_v1_layer_attributes_weights_in_graph_mode(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 3])
        outer = _outer(v1, v1, tracked_call=False)
        outer(x, training=True)
        return _names(outer), [w.name for w in v1.global_variables()]
    oracle.check_v1(prog)


def test_v1_layer_attributes_weights_through_shim_store(oracle):
    def prog(tf):
        outer = _outer(tf, tf.compat.v1, tracked_call=True)
        y = outer(tf.constant(np.ones((2, 3), np.float32)), training=True)
        return _names(outer), y.shape.as_list(), len(outer.get_weights())
    oracle.check(prog)
