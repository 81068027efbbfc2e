"""Layer losses/updates (keras/engine/layer_losses.py) against tf-keras 2.21: tf.compat.v1.layers kept as
attributes of a Keras layer are sublayers for ``updates`` too (TF's v1 layers are Keras layers)."""
from __future__ import annotations

import warnings

import numpy as np


def _v1_bn_updates_program(v1):
    class Outer(v1.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.bn = v1.layers.BatchNormalization(name="bn", momentum=0.5)
            self.d = v1.layers.Dense(3, name="d")

        def call(self, inputs, training=None):
            return self.d(self.bn(inputs, training=training))

    x = v1.placeholder(v1.float32, [None, 3])
    outer = Outer()
    outer(x, training=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        updates = outer.updates
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        s.run(updates, {x: np.arange(6, dtype=np.float32).reshape(2, 3)})
        moving = s.run([outer.bn.moving_mean, outer.bn.moving_variance])
    return len(updates), sorted(u.name for u in updates), moving


def test_v1_layer_attribute_updates_in_graph_mode(oracle):
    oracle.check_v1(_v1_bn_updates_program)
