"""tf.keras recurrent layers on ragged inputs (tfcompat._src.keras.layers.recurrent) against tf-keras 2.21 (issue 13):
SimpleRNN, LSTM, GRU and Bidirectional (merge modes concat/sum/None) called eagerly on a tf.RaggedTensor and
in a functional model on ``Input(ragged=True)``: outputs, ragged sequence outputs (row splits and values), states,
gradients, and the errors for a mask or ``unroll=True`` with a ragged input."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import fixed_weights

LENGTHS = [3, 1, 4, 2]


def _ragged(tf, values):
    return tf.RaggedTensor.from_row_lengths(values, np.array(LENGTHS, dtype=np.int64))


def _values(features=3, seed=0):
    return np.random.RandomState(seed).randn(sum(LENGTHS), features).astype("float32")


def _plain(tf, y):
    """A layer result as arrays: ragged outputs become (row_splits, flat_values)."""
    return [("ragged", v.row_splits, v.flat_values) if isinstance(v, tf.RaggedTensor) else v
            for v in tf.nest.flatten(y)]


def ragged_program(make_layer):
    """``prog(tf)``: the layer's outputs on a ragged batch and the gradients of a loss on them with respect to the
    input values and the trainable weights."""
    def prog(tf):
        tf.keras.backend.clear_session()
        values = tf.constant(_values())
        layer = make_layer(tf)
        layer(_ragged(tf, values))
        layer.set_weights(fixed_weights(layer.weights))
        with tf.GradientTape() as tape:
            tape.watch(values)
            y = layer(_ragged(tf, values))
            flat = [v.flat_values if isinstance(v, tf.RaggedTensor) else v for v in tf.nest.flatten(y)]
            loss = tf.add_n([tf.reduce_sum(tf.square(v) * (i + 1.0)) for i, v in enumerate(flat)])
        grads = tape.gradient(loss, [values] + layer.trainable_weights)
        return _plain(tf, y), [None if g is None else tf.convert_to_tensor(g) for g in grads]
    return prog


CASES = {
    "simple_rnn": lambda tf: tf.keras.layers.SimpleRNN(3),
    "simple_rnn_sequences": lambda tf: tf.keras.layers.SimpleRNN(2, return_sequences=True),
    "simple_rnn_backwards_sequences": lambda tf: tf.keras.layers.SimpleRNN(2, return_sequences=True,
                                                                         go_backwards=True),
    "lstm": lambda tf: tf.keras.layers.LSTM(3),
    "lstm_sequences_state": lambda tf: tf.keras.layers.LSTM(2, return_sequences=True, return_state=True),
    "lstm_backwards": lambda tf: tf.keras.layers.LSTM(3, go_backwards=True, return_state=True),
    "lstm_backwards_sequences": lambda tf: tf.keras.layers.LSTM(2, go_backwards=True, return_sequences=True),
    "gru": lambda tf: tf.keras.layers.GRU(3, return_state=True),
    "gru_sequences": lambda tf: tf.keras.layers.GRU(2, return_sequences=True),
    "gru_reset_before_backwards": lambda tf: tf.keras.layers.GRU(2, reset_after=False, go_backwards=True,
                                                                 return_sequences=True),
    "rnn_stacked_cells": lambda tf: tf.keras.layers.RNN([tf.keras.layers.SimpleRNNCell(3),
                                                         tf.keras.layers.GRUCell(2)], return_sequences=True,
                                                        return_state=True),
    # Bidirectional with return_sequences=True reverses the backward layer's ragged output row by row.
    "bidirectional_lstm_sequences": lambda tf: tf.keras.layers.Bidirectional(
        tf.keras.layers.LSTM(2, return_sequences=True)),
    "bidirectional_gru_sequences_sum": lambda tf: tf.keras.layers.Bidirectional(
        tf.keras.layers.GRU(2, return_sequences=True), merge_mode="sum"),
    "bidirectional_lstm_sequences_none_state": lambda tf: tf.keras.layers.Bidirectional(
        tf.keras.layers.LSTM(2, return_sequences=True, return_state=True), merge_mode=None),
    "bidirectional_gru": lambda tf: tf.keras.layers.Bidirectional(tf.keras.layers.GRU(2)),
    "bidirectional_lstm_state": lambda tf: tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2,
                                                                                              return_state=True)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_ragged_layer_matches_tf(name, oracle):
    oracle.check(ragged_program(CASES[name]), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("return_sequences", [False, True])
def test_functional_ragged_input(return_sequences, oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(None, 3), ragged=True)
        out = tf.keras.layers.LSTM(2, return_sequences=return_sequences)(inp)
        model = tf.keras.Model(inp, out)
        model.set_weights(fixed_weights(model.weights))
        y = model(_ragged(tf, tf.constant(_values())))
        return _plain(tf, y), out.shape
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_functional_bidirectional_ragged_sequences(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(None, 3), ragged=True)
        out = tf.keras.layers.Bidirectional(tf.keras.layers.GRU(2, return_sequences=True))(inp)
        model = tf.keras.Model(inp, out)
        model.set_weights(fixed_weights(model.weights))
        y = model(_ragged(tf, tf.constant(_values())))
        return _plain(tf, y), out.shape
    oracle.check(prog, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("kind", ["mask", "unroll"])
def test_ragged_input_errors(kind, oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = _ragged(tf, tf.constant(_values()))
        if kind == "unroll":
            return tf.keras.layers.GRU(2, unroll=True)(x)
        return tf.keras.layers.SimpleRNN(2)(x, mask=tf.ones([4, 4], tf.bool))
    outcome = oracle.tf_result(prog)
    assert type(outcome).__name__ == "Raised" and outcome.type == "ValueError"
    oracle.check(prog)
