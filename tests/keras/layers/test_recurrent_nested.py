"""``tf.keras.layers.RNN`` over a cell with nested inputs, states and outputs (the keras guide ``rnn``'s
``NestedCell``: a tuple of two inputs, state sizes ``[TensorShape([u1]), TensorShape([u2, u3])]``), against real TF:
eager values, ``return_sequences``/``return_state``, and the functional model's output shapes."""
from __future__ import annotations

import numpy as np


def _nested_cell(tf):
    class NestedCell(tf.keras.layers.Layer):
        def __init__(self, unit_1, unit_2, unit_3, **kwargs):
            self.unit_1, self.unit_2, self.unit_3 = unit_1, unit_2, unit_3
            self.state_size = [tf.TensorShape([unit_1]), tf.TensorShape([unit_2, unit_3])]
            self.output_size = [tf.TensorShape([unit_1]), tf.TensorShape([unit_2, unit_3])]
            super().__init__(**kwargs)

        def build(self, input_shapes):
            i1, i2, i3 = input_shapes[0][1], input_shapes[1][1], input_shapes[1][2]
            self.kernel_1 = self.add_weight(shape=(i1, self.unit_1), initializer="ones", name="kernel_1")
            self.kernel_2_3 = self.add_weight(shape=(i2, i3, self.unit_2, self.unit_3), initializer="ones",
                                              name="kernel_2_3")

        def call(self, inputs, states):
            input_1, input_2 = tf.nest.flatten(inputs)
            s1, s2 = states
            output_1 = tf.matmul(input_1, self.kernel_1)
            output_2_3 = tf.einsum("bij,ijkl->bkl", input_2, self.kernel_2_3)
            new_states = (s1 + output_1, s2 + output_2_3)
            return (output_1 * s1.shape[-1], output_2_3 + new_states[1]), new_states
    return NestedCell(2, 3, 1)


_X1 = np.arange(2 * 4 * 3, dtype="float32").reshape(2, 4, 3) / 10
_X2 = np.arange(2 * 4 * 2 * 2, dtype="float32").reshape(2, 4, 2, 2) / 10


def test_nested_inputs_states_and_outputs_eager(oracle):
    def prog(tf):
        x = (tf.constant(_X1), tf.constant(_X2))
        last = tf.keras.layers.RNN(_nested_cell(tf))(x)
        seqs = tf.keras.layers.RNN(_nested_cell(tf), return_sequences=True, return_state=True)(x)
        return last, seqs
    oracle.check(prog)


def test_nested_inputs_in_a_functional_model(oracle):
    def prog(tf):
        rnn = tf.keras.layers.RNN(_nested_cell(tf))
        input_1, input_2 = tf.keras.Input((None, 3)), tf.keras.Input((None, 2, 2))
        outputs = rnn((input_1, input_2))
        model = tf.keras.models.Model([input_1, input_2], outputs)
        model.compile(optimizer="sgd", loss="mse")
        loss = model.train_on_batch([_X1, _X2], [np.ones((2, 2), "float32"), np.ones((2, 3, 1), "float32")])
        return ([o.shape.as_list() for o in outputs], tf.nest.map_structure(lambda s: s.shape, rnn.input_spec),
                [w.shape.as_list() for w in rnn.weights], np.isfinite(loss).all())
    oracle.check(prog)
