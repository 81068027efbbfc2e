"""``tf.contrib.seq2seq`` beam search (TF 1.15's ``BeamSearchDecoder``, ``gather_tree``, ``tile_batch``).

TF 2.21 has neither contrib nor a ``GatherTree`` op (tensorflow-addons, the port, is not installed). Oracles:
``tile_batch`` against TF 2.21's ``tf.repeat(t, multiplier, axis=0)`` (the same values); ``gather_tree`` by hand;
``BeamSearchDecoder`` against an independent numpy beam search written from TF 1.15's rules (``_beam_search_step``:
finished beams extend only with the end token at no cost, the length penalty ``((5 + len) / 6) ** alpha`` with
lengths counting non-end words, ``top_k`` over ``beam * vocab`` per batch row, parents ``index // vocab``) over a
bigram model (the "cell" emits its input, and the embedding table holds each token's next-token logits), plus
beam width 1 against greedy decoding of the same model (checked against TF in test_seq2seq_decoder.py)."""
from __future__ import annotations

import numpy as np
import pytest

TILE_INPUT = np.arange(2 * 3, dtype=np.float32).reshape(2, 3)


def test_tile_batch(oracle):
    def ref(tf):
        return tf.repeat(tf.constant(TILE_INPUT), 3, axis=0), tf.repeat(tf.constant([4, 2]), 3, axis=0)

    def tfc(tf):
        tiled = tf.contrib.seq2seq.tile_batch((tf.constant(TILE_INPUT), tf.constant([4, 2])), 3)
        assert tiled[0].shape.as_list() == [6, 3]
        return tiled

    oracle.check(ref, tfc, v1=True)


def test_tile_batch_rank_error_by_hand():
    """Expected by hand from TF 1.15: a scalar has no batch axis."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match="t must have statically known rank"):
            tf.contrib.seq2seq.tile_batch(tf.constant(1.0), 2)


def test_gather_tree_by_hand():
    """Expected by hand: follow the parents back from the last step of each row; steps past the row's length,
    and after its first end token, are the end token (10)."""
    import tfcompat.compat.v1 as tf
    step_ids = np.array([[[1, 2, 3], [11, 12, 13]], [[4, 5, 6], [14, 15, 16]], [[7, 8, 9], [17, 18, 19]]], np.int32)
    parent_ids = np.array([[[0, 0, 0], [0, 0, 0]], [[2, 0, 1], [1, 1, 0]], [[1, 2, 0], [0, 0, 0]]], np.int32)
    with tf.Graph().as_default():
        out = tf.contrib.seq2seq.gather_tree(step_ids, parent_ids, [3, 2], 10)
        with tf.Session() as sess:
            got = sess.run(out)
    # row 0, beam 0: t2 id 7 <- parent 1: t1 id 5 <- parent 0: t0 id 1.  beam 1: 8 <- 2: 6 <- 1: 2.
    # beam 2: 9 <- 0: 4 <- 2: 3.  row 1 has length 2: t1 ids 14 15 16 <- parents 1 1 0: 12 12 11; t2 is 10.
    want = np.array([[[1, 2, 3], [12, 12, 11]], [[5, 6, 4], [14, 15, 16]], [[7, 8, 9], [10, 10, 10]]])
    np.testing.assert_array_equal(got, want)
    assert out.dtype == tf.int32 and out.shape.as_list() == [3, 2, 3]


def test_gather_tree_end_token_truncates_by_hand():
    """Expected by hand: a beam holding the end token at step 0 is end-token from there on."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        out = tf.contrib.seq2seq.gather_tree([[[2, 0]], [[3, 4]]], [[[0, 0]], [[0, 1]]], [2], 2)
        with tf.Session() as sess:
            np.testing.assert_array_equal(sess.run(out), [[[2, 0]], [[2, 4]]])


def test_gather_tree_bad_parent_by_hand():
    """Expected by hand: a parent id outside [0, beam_width) is an InvalidArgumentError at run time."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        out = tf.contrib.seq2seq.gather_tree([[[1, 2]], [[3, 4]]], [[[0, 0]], [[5, 0]]], [2], 9)
        with tf.Session() as sess:
            with pytest.raises(tf.errors.InvalidArgumentError, match="invalid parent id"):
                sess.run(out)


VOCAB, END = 5, 0
BIGRAM = np.array([[0.0, 0.0, 0.0, 0.0, 0.0],        # after the end token (never used: finished beams are masked)
                   [0.3, -1.0, 1.2, 0.9, -0.4],
                   [1.1, 0.2, -0.6, 1.0, 0.15],
                   [-0.2, 1.3, 0.8, -1.1, 0.5],
                   [0.9, 0.05, 0.7, 0.35, -0.8]], np.float32)


def _log_softmax(x):
    x = x.astype(np.float64)
    return x - np.log(np.sum(np.exp(x - x.max()))) - x.max()


def _numpy_beam_search(start, beam, alpha, max_iters, stop_when_finished=True):
    """TF 1.15's beam search over the bigram model for one batch row: (ids [time, beam], scores, parents,
    lengths of each beam)."""
    log_probs = np.array([0.0] + [-np.inf] * (beam - 1))
    finished = np.zeros(beam, bool)
    lengths = np.zeros(beam, np.int64)
    prev = np.full(beam, start)
    ids, scores, parents = [], [], []
    for _ in range(max_iters):
        step = np.stack([_log_softmax(BIGRAM[p]) for p in prev])
        for b in range(beam):
            if finished[b]:
                step[b] = np.where(np.arange(VOCAB) == END, 0.0, np.finfo(np.float32).min)
        total = log_probs[:, None] + step
        add = np.where(np.arange(VOCAB)[None] == END, 0, 1) * (~finished)[:, None]
        new_len = lengths[:, None] + add
        score = total / (((5.0 + new_len) / 6.0) ** alpha) if alpha else total
        flat = score.reshape(-1)
        order = sorted(range(flat.size), key=lambda i: (-flat[i], i))[:beam]
        word = np.array([i % VOCAB for i in order])
        parent = np.array([i // VOCAB for i in order])
        prev_finished = finished[parent]
        log_probs = total.reshape(-1)[order]
        lengths = lengths[parent] + (~prev_finished)
        finished = prev_finished | (word == END)
        ids.append(word)
        scores.append(flat[order])
        parents.append(parent)
        prev = word
        if stop_when_finished and finished.all():
            break
    return np.array(ids), np.array(scores), np.array(parents), lengths


def _back_trace(ids, parents, lengths):
    steps, beam = ids.shape
    seq_len = min(steps, int(lengths.max()))
    out = np.full(ids.shape, END)
    for b in range(beam):
        p = b
        for t in range(seq_len - 1, -1, -1):
            out[t, b] = ids[t, p]
            p = parents[t, p]
        done = False
        for t in range(seq_len):
            if done:
                out[t, b] = END
            elif out[t, b] == END:
                done = True
    return out


def _decode(tf, starts, beam, alpha, max_iters):
    class Identity(tf.nn.rnn_cell.RNNCell):
        state_size = 1
        output_size = VOCAB

        def call(self, inputs, state):
            return inputs, state

    cell = Identity()
    decoder = tf.contrib.seq2seq.BeamSearchDecoder(
        cell, tf.constant(BIGRAM), starts, END, tf.zeros([len(starts) * beam, 1]), beam,
        length_penalty_weight=alpha)
    outputs, state, lengths = tf.contrib.seq2seq.dynamic_decode(decoder, maximum_iterations=max_iters)
    with tf.Session() as sess:
        return sess.run([outputs, state.lengths, lengths])


@pytest.mark.parametrize("beam,alpha,max_iters", [(2, 0.0, 6), (3, 0.0, 4), (3, 1.5, 6), (4, 0.6, 3)])
def test_beam_search_by_hand(beam, alpha, max_iters):
    """Expected by hand: the numpy beam search above, per batch row, for as many steps as the decode loop runs
    (until every beam of every row is finished, or ``max_iters``: a finished row keeps extending its beams with
    the end token, which can reorder them)."""
    import tfcompat.compat.v1 as tf
    starts = [1, 3]
    with tf.Graph().as_default():
        outputs, beam_lengths, _ = _decode(tf, starts, beam, alpha, max_iters)
    raw = outputs.beam_search_decoder_output
    steps = max(_numpy_beam_search(start, beam, alpha, max_iters)[0].shape[0] for start in starts)
    assert outputs.predicted_ids.shape == (2, steps, beam)
    for row, start in enumerate(starts):
        ids, scores, parents, lengths = _numpy_beam_search(start, beam, alpha, steps, stop_when_finished=False)
        np.testing.assert_array_equal(raw.predicted_ids[row], ids)
        np.testing.assert_array_equal(raw.parent_ids[row], parents)
        np.testing.assert_allclose(raw.scores[row], scores, rtol=1e-5)
        np.testing.assert_array_equal(beam_lengths[row], lengths)
        np.testing.assert_array_equal(outputs.predicted_ids[row], _back_trace(ids, parents, lengths))


def test_beam_width_one_is_greedy_by_hand():
    """Expected by hand: with one beam, beam search picks the argmax word each step (greedy decoding)."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        outputs, _, _ = _decode(tf, [2, 4], 1, 0.0, 5)
    for row, start in enumerate([2, 4]):
        prev, want = start, []
        for _ in range(outputs.predicted_ids.shape[1]):
            prev = END if prev == END else int(np.argmax(BIGRAM[prev]))
            want.append(prev)
        np.testing.assert_array_equal(outputs.predicted_ids[row, :, 0], want)


def test_beam_search_with_attention_and_coverage_runs():
    """Expected by hand: with a tiled memory, an AttentionWrapper cell, a length and a coverage penalty, the
    decode gives [batch, time, beam] ids, the beams' scores sorted best first at every step, alignment histories
    reordered to [time, batch * beam, memory time], and every beam's length <= the number of steps."""
    import tfcompat.compat.v1 as tf
    beam = 3
    with tf.Graph().as_default():
        memory = tf.constant(np.sin(np.arange(2 * 5 * 4)).astype(np.float32).reshape(2, 5, 4))
        tiled = tf.contrib.seq2seq.tile_batch(memory, beam)
        lengths = tf.contrib.seq2seq.tile_batch(tf.constant([5, 3]), beam)
        mechanism = tf.contrib.seq2seq.BahdanauAttention(6, tiled, memory_sequence_length=lengths)
        cell = tf.contrib.seq2seq.AttentionWrapper(tf.nn.rnn_cell.LSTMCell(7), mechanism, attention_layer_size=8,
                                                   alignment_history=True)
        embedding = tf.constant(np.cos(np.arange(6 * 3)).astype(np.float32).reshape(6, 3))
        decoder = tf.contrib.seq2seq.BeamSearchDecoder(
            cell, embedding, [1, 2], 0, cell.zero_state(2 * beam, tf.float32), beam,
            output_layer=tf.layers.Dense(6), length_penalty_weight=0.5, coverage_penalty_weight=0.2)
        outputs, state, _ = tf.contrib.seq2seq.dynamic_decode(decoder, maximum_iterations=5)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            out, history, beam_lengths = sess.run([outputs, state.cell_state.alignment_history, state.lengths])
    steps = out.predicted_ids.shape[1]
    assert out.predicted_ids.shape == (2, steps, beam) and 1 <= steps <= 5
    scores = out.beam_search_decoder_output.scores
    assert np.all(np.diff(scores, axis=2) <= 0)
    assert history.shape == (steps, 2 * beam, 5)
    assert np.all(beam_lengths <= steps)


@pytest.mark.parametrize("make,error", [
    (lambda tf: tf.contrib.seq2seq.BeamSearchDecoder(tf.nn.rnn_cell.GRUCell(2), tf.zeros([3, 2]), [[1]], 0,
                                                     tf.zeros([2, 2]), 2), "start_tokens must be a vector"),
    (lambda tf: tf.contrib.seq2seq.BeamSearchDecoder(tf.nn.rnn_cell.GRUCell(2), tf.zeros([3, 2]), [1], [0],
                                                     tf.zeros([2, 2]), 2), "end_token must be a scalar"),
    (lambda tf: tf.contrib.seq2seq.BeamSearchDecoder(tf.nn.rnn_cell.GRUCell(2), tf.zeros([3, 2]), [1, 1], 0,
                                                     tf.zeros([2, 2]), 2), "Perhaps you forgot to create a zero"),
])
def test_argument_errors_by_hand(make, error):
    """Expected by hand from TF 1.15's beam_search_decoder.py (a state of batch 2 for 2 rows x 2 beams)."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match=error):
            make(tf)
