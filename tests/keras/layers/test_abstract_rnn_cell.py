"""tf.keras.layers.AbstractRNNCell (tfcompat._src.keras.layers.abstract_rnn_cell) against tf-keras 2.21: a user
cell subclass inside ``RNN``, its zero initial state. Expected values: real TF."""
from __future__ import annotations

import numpy as np


def test_user_cell_in_rnn(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()

        class MinimalCell(tf.keras.layers.AbstractRNNCell):
            def __init__(self, units, **kwargs):
                super().__init__(**kwargs)
                self.units = units

            @property
            def state_size(self):
                return self.units

            def build(self, input_shape):
                self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones",
                                              name="kernel")
                self.built = True

            def call(self, inputs, states):
                output = tf.tanh(tf.matmul(inputs, self.kernel) * 0.1 + states[0] * 0.5)
                return output, output

        cell = MinimalCell(3)
        x = tf.constant(np.linspace(-1, 1, 24, dtype=np.float32).reshape(2, 4, 3))
        layer = tf.keras.layers.RNN(cell, return_sequences=True)
        with tf.GradientTape() as tape:
            y = layer(x)
            loss = tf.reduce_sum(y * y)
        return y, tape.gradient(loss, layer.trainable_weights), cell.get_initial_state(x), \
            cell.get_initial_state(batch_size=2, dtype=tf.float64)
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_abstract_members_raise(oracle):
    def prog(tf):
        return tf.keras.layers.AbstractRNNCell().state_size
    oracle.check(prog)
