"""``tf.contrib.seq2seq`` decoders (TF 1.15's ``BasicDecoder`` + ``dynamic_decode`` with ``TrainingHelper`` and
``GreedyEmbeddingHelper``) against hand-written TF 2.21 programs.

TF 2.21 has no contrib (its port, tensorflow-addons, is not installed), so the oracle is the same computation written
by hand in real TF 2.21 ``tf.compat.v1``: a Python loop over time with the same cell class, the same
``tf.layers.Dense`` and the same weights (assigned from fixed values after initialisation), with TF 1.15's
``dynamic_decode`` rules applied in the program (finished rows keep their state and emit zeros under
``impute_finished``; a row's length is the step at which it finished; the loop stops when all rows are finished).
tfcompat runs ``tf.contrib.seq2seq``. Compared: outputs, sample ids, final states, lengths and gradients."""
from __future__ import annotations

import numpy as np
import pytest

INPUTS = (np.cos(np.arange(2 * 4 * 3) * 0.9).reshape(2, 4, 3) * 0.8).astype(np.float32)
LENGTHS = np.array([4, 2], np.int32)


def _weights_value(shape, i):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.37 + i) * 0.6).astype(np.float32).reshape(shape)


def _assign_weights(tf, sess):
    sess.run([v.assign(_weights_value(v.shape.as_list(), i)) for i, v in enumerate(tf.trainable_variables())])


def _cell(tf, kind):
    if kind == "lstm":
        return tf.nn.rnn_cell.LSTMCell(5)
    return tf.nn.rnn_cell.GRUCell(5)


def _ref_training(tf, kind, impute_finished, time_major):
    """TF 2.21: TrainingHelper + BasicDecoder + dynamic_decode written out as a Python loop over time."""
    cell, dense = _cell(tf, kind), tf.layers.Dense(6)
    x = tf.constant(INPUTS)
    state = cell.zero_state(2, tf.float32)
    outs, ids = [], []
    for t in range(4):
        with tf.variable_scope("decoder", reuse=t > 0):
            out, new_state = cell(x[:, t], state)
            logits = dense(out)
        sid = tf.cast(tf.argmax(logits, axis=-1), tf.int32)
        finished = tf.constant(t >= LENGTHS)
        if impute_finished:
            logits = tf.where(finished, tf.zeros_like(logits), logits)
            sid = tf.where(finished, tf.zeros_like(sid), sid)
            new_state = tf.nest.map_structure(lambda n, o: tf.where(finished, o, n), new_state, state)
        outs.append(logits)
        ids.append(sid)
        state = new_state
    axis = 0 if time_major else 1
    return tf.stack(outs, axis), tf.stack(ids, axis), state, tf.constant(LENGTHS)


def _tfc_training(tf, kind, impute_finished, time_major):
    cell, dense = _cell(tf, kind), tf.layers.Dense(6)
    helper = tf.contrib.seq2seq.TrainingHelper(tf.constant(INPUTS), tf.constant(LENGTHS))
    decoder = tf.contrib.seq2seq.BasicDecoder(cell, helper, cell.zero_state(2, tf.float32), output_layer=dense)
    outputs, state, lengths = tf.contrib.seq2seq.dynamic_decode(decoder, impute_finished=impute_finished,
                                                                output_time_major=time_major)
    return outputs.rnn_output, outputs.sample_id, state, lengths


@pytest.mark.parametrize("kind", ["gru", "lstm"])
@pytest.mark.parametrize("impute_finished", [False, True], ids=["plain", "impute"])
@pytest.mark.parametrize("time_major", [False, True], ids=["batch_major", "time_major"])
def test_training_decode(oracle, kind, impute_finished, time_major):
    def prog(build):
        def run(tf):
            logits, ids, state, lengths = build(tf, kind, impute_finished, time_major)
            loss = tf.reduce_sum(logits * logits) + tf.reduce_sum(tf.nest.flatten(state)[-1])
            grads = tf.gradients(loss, tf.trainable_variables())
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                _assign_weights(tf, sess)
                return ([v.name for v in tf.trainable_variables()], logits.shape.as_list()[-1],
                        sess.run([logits, ids, state, lengths, grads]))
        return run

    oracle.check(prog(_ref_training), prog(_tfc_training), v1=True, rtol=1e-5, atol=1e-6)


VOCAB, END = 5, 1


def _ref_greedy(tf, max_iters):
    """TF 2.21: GreedyEmbeddingHelper decoding as a Python loop of ``max_iters`` steps; the lengths, the early
    stop and the output time dimension are TF 1.15's rules applied in numpy after the run."""
    cell, dense = tf.nn.rnn_cell.GRUCell(4), tf.layers.Dense(VOCAB)
    embedding = tf.constant(_weights_value([VOCAB, 3], 9))
    inputs = tf.nn.embedding_lookup(embedding, tf.constant([0, 2, 4]))
    state = cell.zero_state(3, tf.float32)
    outs, ids, states = [], [], []
    for t in range(max_iters):
        with tf.variable_scope("decoder", reuse=t > 0):
            out, state = cell(inputs, state)
            logits = dense(out)
        sid = tf.argmax(logits, axis=-1, output_type=tf.int32)
        inputs = tf.nn.embedding_lookup(embedding, sid)
        outs.append(logits)
        ids.append(sid)
        states.append(state)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        _assign_weights(tf, sess)
        logits, ids, states = sess.run([tf.stack(outs, 1), tf.stack(ids, 1), tf.stack(states, 0)])
    lengths = np.full([3], max_iters, np.int32)
    for b in range(3):
        hits = np.nonzero(ids[b] == END)[0]
        if hits.size:
            lengths[b] = hits[0] + 1
    steps = int(lengths.max())
    return logits[:, :steps], ids[:, :steps], states[steps - 1], lengths


def _tfc_greedy(tf, max_iters):
    cell, dense = tf.nn.rnn_cell.GRUCell(4), tf.layers.Dense(VOCAB)
    embedding = tf.constant(_weights_value([VOCAB, 3], 9))
    helper = tf.contrib.seq2seq.GreedyEmbeddingHelper(embedding, tf.constant([0, 2, 4]), END)
    decoder = tf.contrib.seq2seq.BasicDecoder(cell, helper, cell.zero_state(3, tf.float32), output_layer=dense)
    outputs, state, lengths = tf.contrib.seq2seq.dynamic_decode(decoder, maximum_iterations=max_iters)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        _assign_weights(tf, sess)
        return tuple(sess.run([outputs.rnn_output, outputs.sample_id, state, lengths]))


@pytest.mark.parametrize("max_iters", [3, 8])
def test_greedy_decode(oracle, max_iters):
    oracle.check(lambda tf: _ref_greedy(tf, max_iters), lambda tf: _tfc_greedy(tf, max_iters), v1=True,
                 rtol=1e-5, atol=1e-6)


def test_greedy_decode_by_hand():
    """Expected by hand: a cell whose output is its one-hot input rotated by one (id k -> k + 1 mod 4) from start
    ids [3, 0] with end token 1 emits [0, 1] and [1, 2]: lengths [2, 1], and the loop stops after 2 steps;
    ``maximum_iterations=0`` gives lengths [0, 0]."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        embedding = tf.constant(np.eye(4, dtype=np.float32))

        class Shift(tf.nn.rnn_cell.RNNCell):
            state_size = 4
            output_size = 4

            def call(self, inputs, state):
                # id 3 -> 0, 0 -> 1 (the end token): out = roll(inputs, 1)
                return tf.concat([inputs[:, 3:], inputs[:, :3]], 1), state

        cell = Shift()
        helper = tf.contrib.seq2seq.GreedyEmbeddingHelper(embedding, [3, 0], 1)
        decoder = tf.contrib.seq2seq.BasicDecoder(cell, helper, tf.zeros([2, 4]))
        outputs, _, lengths = tf.contrib.seq2seq.dynamic_decode(decoder, maximum_iterations=10)
        _, _, zero_lengths = tf.contrib.seq2seq.dynamic_decode(decoder, maximum_iterations=0, scope="d0")
        with tf.Session() as sess:
            ids, lens, zl = sess.run([outputs.sample_id, lengths, zero_lengths])
    np.testing.assert_array_equal(ids, [[0, 1], [1, 2]])
    np.testing.assert_array_equal(lens, [2, 1])
    np.testing.assert_array_equal(zl, [0, 0])


def test_eager_training_decode_matches_graph():
    """Expected: the graph-mode result of the same decoder (checked against TF above); eager TF 1.15 runs
    ``dynamic_decode`` as a Python loop, so the numbers are the same."""
    import tfcompat as tf
    v1 = tf.compat.v1
    results = []
    with v1.Graph().as_default():
        logits, ids, state, lengths = _tfc_training(v1, "gru", True, False)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            _assign_weights(v1, sess)
            results.append(sess.run([logits, ids, lengths]))
    cell, dense = v1.nn.rnn_cell.GRUCell(5), v1.layers.Dense(6)
    helper = v1.contrib.seq2seq.TrainingHelper(tf.constant(INPUTS), tf.constant(LENGTHS))
    decoder = v1.contrib.seq2seq.BasicDecoder(cell, helper, cell.zero_state(2, tf.float32), output_layer=dense)
    v1.contrib.seq2seq.dynamic_decode(decoder, impute_finished=True)   # builds the weights
    for i, w in enumerate(cell.weights + dense.weights):
        w.assign(_weights_value(w.shape.as_list(), i))
    helper = v1.contrib.seq2seq.TrainingHelper(tf.constant(INPUTS), tf.constant(LENGTHS))  # its arrays were read
    decoder = v1.contrib.seq2seq.BasicDecoder(cell, helper, cell.zero_state(2, tf.float32), output_layer=dense)
    outputs, _, eager_lengths = v1.contrib.seq2seq.dynamic_decode(decoder, impute_finished=True)
    np.testing.assert_allclose(outputs.rnn_output.numpy(), results[0][0], rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(outputs.sample_id.numpy(), results[0][1])
    np.testing.assert_array_equal(eager_lengths.numpy(), results[0][2])


@pytest.mark.parametrize("make,error", [
    (lambda tf: tf.contrib.seq2seq.dynamic_decode(object()), "Expected decoder to be type Decoder"),
    (lambda tf: tf.contrib.seq2seq.BasicDecoder(tf.nn.rnn_cell.GRUCell(2), object(), None),
     "helper must be a Helper"),
    (lambda tf: tf.contrib.seq2seq.TrainingHelper(tf.zeros([2, 3, 1]), [[1]]), "sequence_length to be a vector"),
    (lambda tf: tf.contrib.seq2seq.GreedyEmbeddingHelper(tf.zeros([3, 2]), [[1]], 0), "start_tokens must be"),
    (lambda tf: tf.contrib.seq2seq.GreedyEmbeddingHelper(tf.zeros([3, 2]), [1], [0]), "end_token must be"),
])
def test_argument_errors_by_hand(make, error):
    """Expected by hand from TF 1.15's basic_decoder.py, decoder.py and helper.py."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises((TypeError, ValueError), match=error):
            make(tf)
