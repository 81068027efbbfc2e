"""``tf.contrib.seq2seq`` attention (TF 1.15's ``BahdanauAttention``, ``LuongAttention``, ``AttentionWrapper``,
``hardmax``) against hand-written TF 2.21 programs.

TF 2.21 has no contrib (tensorflow-addons, its port, is not installed), so the oracle is TF 1.15's attention
formulas written by hand in real TF 2.21 ``tf.compat.v1``: memory masked by ``sequence_mask``, keys =
memory @ W_memory, Bahdanau score ``sum(v * tanh(keys + query @ W_query))`` (normalised: ``g * v / ||v||`` and a
bias inside the tanh), Luong score ``query . keys`` (scaled by ``g``), masked scores -inf, softmax alignments,
context = alignments @ memory, attention = ``[cell_output, context] @ W_attention``, the cell fed
``[input, previous attention]`` -- a Python loop over time with an ``LSTMCell`` and the same weights (assigned
from fixed values in creation order). tfcompat runs ``AttentionWrapper`` inside ``BasicDecoder`` +
``dynamic_decode``. Compared: outputs, final cell state and attention, alignment history, gradients."""
from __future__ import annotations

import numpy as np
import pytest

MEMORY = (np.sin(np.arange(2 * 5 * 4) * 0.61) * 0.9).astype(np.float32).reshape(2, 5, 4)
MEMORY_LENGTHS = np.array([5, 3], np.int32)
INPUTS = (np.cos(np.arange(2 * 3 * 3) * 0.45) * 0.7).astype(np.float32).reshape(2, 3, 3)


def _weights_value(shape, i):
    n = int(np.prod(shape)) if shape else 1
    return (np.sin(np.arange(n) * 0.41 + i) * 0.5 + 0.1).astype(np.float32).reshape(shape)


def _assign_weights(tf, sess):
    sess.run([v.assign(_weights_value(v.shape.as_list(), i)) for i, v in enumerate(tf.trainable_variables())])


CASES = {  # id: (kind, normalize/scale, attention_layer_size, output_attention)
    "bahdanau": ("bahdanau", False, 8, True),
    "bahdanau_normalized": ("bahdanau", True, 8, True),
    "bahdanau_no_layer": ("bahdanau", False, None, True),
    "luong": ("luong", False, 8, True),
    "luong_scaled_cell_output": ("luong", True, 8, False),
}
UNITS = 6


def _ref(tf, kind, flag, layer_size, output_attention):
    """TF 2.21: the AttentionWrapper step written out (variables created in tfcompat's creation order)."""
    memory = tf.constant(MEMORY)
    mask = tf.sequence_mask(MEMORY_LENGTHS, 5, dtype=tf.float32)
    values = memory * mask[:, :, None]
    w_memory = tf.get_variable("w_memory", [4, UNITS])
    keys = tf.tensordot(values, w_memory, 1)
    cell = tf.nn.rnn_cell.LSTMCell(UNITS)
    dense = tf.layers.Dense(6)
    state = cell.zero_state(2, tf.float32)
    attention = tf.zeros([2, layer_size or 4])
    outs, aligns = [], []
    for t in range(3):
        with tf.variable_scope("decoder", reuse=tf.AUTO_REUSE):
            out, state = cell(tf.concat([INPUTS[:, t], attention], -1), state)
            if kind == "bahdanau":
                w_query = tf.get_variable("w_query", [UNITS, UNITS])
                v = tf.get_variable("v", [UNITS])
                pq = tf.matmul(out, w_query)[:, None]
                if flag:
                    g = tf.get_variable("g", [])
                    b = tf.get_variable("b", [UNITS])
                    v = g * v * tf.math.rsqrt(tf.reduce_sum(tf.square(v)))
                    score = tf.reduce_sum(v * tf.tanh(keys + pq + b), 2)
                else:
                    score = tf.reduce_sum(v * tf.tanh(keys + pq), 2)
            else:
                score = tf.reduce_sum(out[:, None] * keys, 2)
                if flag:
                    score = tf.get_variable("g", []) * score
            score = tf.where(tf.sequence_mask(MEMORY_LENGTHS, 5), score, tf.fill([2, 5], -np.inf))
            alignments = tf.nn.softmax(score)
            context = tf.reduce_sum(alignments[:, :, None] * values, 1)
            if layer_size:
                w_att = tf.get_variable("w_att", [UNITS + 4, layer_size])
                attention = tf.matmul(tf.concat([out, context], 1), w_att)
            else:
                attention = context
            outs.append(dense(attention if output_attention else out))
            aligns.append(alignments)
    return tf.stack(outs, 1), state, attention, tf.stack(aligns, 0)


def _tfc(tf, kind, flag, layer_size, output_attention):
    memory = tf.constant(MEMORY)
    if kind == "bahdanau":
        mechanism = tf.contrib.seq2seq.BahdanauAttention(UNITS, memory, memory_sequence_length=MEMORY_LENGTHS,
                                                         normalize=flag)
    else:
        mechanism = tf.contrib.seq2seq.LuongAttention(UNITS, memory, memory_sequence_length=MEMORY_LENGTHS,
                                                      scale=flag)
    cell = tf.contrib.seq2seq.AttentionWrapper(tf.nn.rnn_cell.LSTMCell(UNITS), mechanism,
                                               attention_layer_size=layer_size, alignment_history=True,
                                               output_attention=output_attention)
    helper = tf.contrib.seq2seq.TrainingHelper(tf.constant(INPUTS), [3, 3])
    decoder = tf.contrib.seq2seq.BasicDecoder(cell, helper, cell.zero_state(2, tf.float32),
                                              output_layer=tf.layers.Dense(6))
    outputs, state, _ = tf.contrib.seq2seq.dynamic_decode(decoder)
    return outputs.rnn_output, state.cell_state, state.attention, state.alignment_history.stack()


@pytest.mark.parametrize("case", list(CASES))
def test_attention_wrapper_decode(oracle, case):
    def prog(build):
        def run(tf):
            logits, cell_state, attention, history = build(tf, *CASES[case])
            loss = tf.reduce_sum(tf.square(logits)) + tf.reduce_sum(attention)
            grads = tf.gradients(loss, tf.trainable_variables())
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                _assign_weights(tf, sess)
                return ([v.shape.as_list() for v in tf.trainable_variables()],
                        sess.run([logits, cell_state, attention, history, grads]))
        return run

    oracle.check(prog(_ref), prog(_tfc), v1=True, rtol=2e-5, atol=1e-6)


def test_variable_names_and_initial_values_by_hand():
    """Expected by hand from TF 1.15's attention_wrapper.py: 'memory_layer' in the enclosing scope, the rest
    under the wrapper's scope; Bahdanau's 'attention_g' starts at sqrt(1 / num_units), 'attention_b' at 0."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        mechanism = tf.contrib.seq2seq.BahdanauAttention(4, tf.constant(MEMORY), normalize=True)
        cell = tf.contrib.seq2seq.AttentionWrapper(tf.nn.rnn_cell.GRUCell(3), mechanism, attention_layer_size=2)
        state = cell.zero_state(2, tf.float32)
        out, next_state = cell(tf.zeros([2, 5]), state)
        names = [v.name for v in tf.trainable_variables()]
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            g, b = sess.run(["attention_wrapper/bahdanau_attention/attention_g:0",
                             "attention_wrapper/bahdanau_attention/attention_b:0"])
    assert names == ["memory_layer/kernel:0", "attention_wrapper/gru_cell/gates/kernel:0",
                     "attention_wrapper/gru_cell/gates/bias:0", "attention_wrapper/gru_cell/candidate/kernel:0",
                     "attention_wrapper/gru_cell/candidate/bias:0",
                     "attention_wrapper/bahdanau_attention/query_layer/kernel:0",
                     "attention_wrapper/bahdanau_attention/attention_v:0",
                     "attention_wrapper/bahdanau_attention/attention_g:0",
                     "attention_wrapper/bahdanau_attention/attention_b:0",
                     "attention_wrapper/attention_layer/kernel:0"]
    np.testing.assert_allclose(g, np.sqrt(1 / 4), rtol=1e-6)
    np.testing.assert_array_equal(b, np.zeros(4))
    assert out.shape.as_list() == [2, 2]
    assert isinstance(next_state, tf.contrib.seq2seq.AttentionWrapperState)
    assert cell.output_size == 2 and cell.state_size.alignments == 5


def test_hardmax_by_hand():
    """Expected by hand: the one-hot of the first maximum per row, in the input's dtype."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        h = tf.contrib.seq2seq.hardmax(tf.constant([[0.1, 0.7, 0.7], [3.0, -1.0, 2.0]]))
        with tf.Session() as sess:
            np.testing.assert_array_equal(sess.run(h), [[0, 1, 0], [1, 0, 0]])
    assert h.dtype == tf.float32


@pytest.mark.parametrize("make,error", [
    (lambda tf: tf.contrib.seq2seq.AttentionWrapper(tf.nn.rnn_cell.GRUCell(2), object()),
     "attention_mechanism must be an AttentionMechanism"),
    (lambda tf: tf.contrib.seq2seq.AttentionWrapper(
        tf.nn.rnn_cell.GRUCell(2), tf.contrib.seq2seq.LuongAttention(2, MEMORY), attention_layer_size=[2, 3]),
     "must contain exactly one integer per attention_mechanism"),
    (lambda tf: tf.contrib.seq2seq.AttentionWrapper(
        tf.nn.rnn_cell.GRUCell(2), tf.contrib.seq2seq.LuongAttention(2, MEMORY), attention_layer_size=2,
        attention_layer=tf.layers.Dense(2)), "Only one of attention_layer_size and attention_layer"),
    (lambda tf: tf.contrib.seq2seq.AttentionWrapper(
        tf.nn.rnn_cell.GRUCell(2), tf.contrib.seq2seq.LuongAttention(2, MEMORY)).zero_state(3, tf.float32),
     "Non-matching batch sizes"),
])
def test_argument_errors_by_hand(make, error):
    """Expected by hand from TF 1.15's attention_wrapper.py (the batch-size check is TF's assertion, raised when
    the sizes are static)."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises((TypeError, ValueError, tf.errors.InvalidArgumentError), match=error):
            make(tf)
