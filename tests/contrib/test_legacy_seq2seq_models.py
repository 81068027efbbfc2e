"""``tf.contrib.legacy_seq2seq`` models (TF 1.15's ``embedding_rnn_seq2seq``, ``embedding_attention_seq2seq``,
``model_with_buckets``) against hand-written TF 2.21 programs.

TF 2.21 has no contrib, so the oracle is TF 1.15's seq2seq.py written out by hand in real TF 2.21
``tf.compat.v1``: an embedding + ``GRUCell`` encoder over the steps, then the decoder -- for the attention model
``linear([input, attention])`` into the cell, the cell's output projection (``OutputProjectionWrapper``), additive
attention over the encoder outputs (the 1x1 convolution 'AttnW_0' is a matmul), ``linear([cell output,
attention])`` as the output; ``feed_previous`` feeds the embedding of the previous output's argmax. Weights are
assigned from fixed values in creation order (the reference creates its variables in tfcompat's order).
Compared: outputs, final state and gradients. (tests/contrib/test_legacy_seq2seq.py covers rnn_decoder and the
losses.)"""
from __future__ import annotations

import numpy as np
import pytest

ENC = [np.array([1, 2], np.int32), np.array([3, 0], np.int32), np.array([4, 4], np.int32)]
DEC = [np.array([0, 0], np.int32), np.array([1, 5], np.int32), np.array([2, 3], np.int32)]
ENC_SYMBOLS, DEC_SYMBOLS, EMBED, UNITS = 5, 6, 3, 4


def _weights_value(shape, i):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.47 + 0.9 * i) * 0.5).astype(np.float32).reshape(shape)


def _run(tf, outputs, state):
    loss = tf.add_n([tf.reduce_sum(tf.square(o)) for o in outputs])
    # Dense gradients: TF concatenates the embeddings' IndexedSlices pieces in another order than tfcompat.
    grads = [tf.convert_to_tensor(g) for g in tf.gradients(loss, tf.trainable_variables())]
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run([v.assign(_weights_value(v.shape.as_list(), i)) for i, v in enumerate(tf.trainable_variables())])
        return [v.shape.as_list() for v in tf.trainable_variables()], sess.run([outputs, state, grads])


def _ref_encoder(tf):
    enc_emb = tf.get_variable("enc_emb", [ENC_SYMBOLS, EMBED])
    cell = tf.nn.rnn_cell.GRUCell(UNITS)
    state = tf.zeros([2, UNITS])
    outs = []
    for t, ids in enumerate(ENC):
        with tf.variable_scope("enc", reuse=t > 0):
            out, state = cell(tf.nn.embedding_lookup(enc_emb, ids), state)
        outs.append(out)
    return outs, state


def _decoder_input(tf, dec_emb, ids, prev, feed_previous):
    """The step's input: the given ids, or (``feed_previous``) the previous output's argmax embedded -- without
    gradient when ``feed_previous`` is a tensor (TF 1.15 passes ``update_embedding_for_previous=False`` then)."""
    if prev is None or not feed_previous:
        return tf.nn.embedding_lookup(dec_emb, ids)
    fed = tf.nn.embedding_lookup(dec_emb, tf.argmax(prev, 1))
    return tf.stop_gradient(fed) if feed_previous == "tensor" else fed


def _ref_rnn_seq2seq(tf, feed_previous):
    _, state = _ref_encoder(tf)
    dec_emb = tf.get_variable("dec_emb", [DEC_SYMBOLS, EMBED])
    cell = tf.nn.rnn_cell.GRUCell(UNITS)
    outputs, prev = [], None
    for i, ids in enumerate(DEC):
        inp = _decoder_input(tf, dec_emb, ids, prev, feed_previous)
        with tf.variable_scope("dec", reuse=tf.AUTO_REUSE):
            out, state = cell(inp, state)
            out = tf.matmul(out, tf.get_variable("proj_k", [UNITS, DEC_SYMBOLS])) + \
                tf.get_variable("proj_b", [DEC_SYMBOLS])
        outputs.append(out)
        prev = out
    return outputs, state


def _ref_attention_seq2seq(tf, feed_previous):
    enc_outs, state = _ref_encoder(tf)
    attention_states = tf.stack(enc_outs, 1)
    dec_emb = tf.get_variable("dec_emb", [DEC_SYMBOLS, EMBED])
    attn_w = tf.get_variable("attn_w", [1, 1, UNITS, UNITS])
    attn_v = tf.get_variable("attn_v", [UNITS])
    features = tf.tensordot(attention_states, attn_w[0, 0], 1)
    cell = tf.nn.rnn_cell.GRUCell(UNITS)
    attns = tf.zeros([2, UNITS])
    outputs, prev = [], None
    for i, ids in enumerate(DEC):
        inp = _decoder_input(tf, dec_emb, ids, prev, feed_previous)
        with tf.variable_scope("dec", reuse=tf.AUTO_REUSE):
            x = tf.matmul(tf.concat([inp, attns], 1), tf.get_variable("in_k", [EMBED + UNITS, EMBED])) + \
                tf.get_variable("in_b", [EMBED])
            cell_out, state = cell(x, state)
            cell_out = tf.matmul(cell_out, tf.get_variable("proj_k", [UNITS, DEC_SYMBOLS])) + \
                tf.get_variable("proj_b", [DEC_SYMBOLS])
            y = tf.matmul(state, tf.get_variable("q_k", [UNITS, UNITS])) + tf.get_variable("q_b", [UNITS])
            weights = tf.nn.softmax(tf.reduce_sum(attn_v * tf.tanh(features + y[:, None]), 2))
            attns = tf.reduce_sum(weights[:, :, None] * attention_states, 1)
            out = tf.matmul(tf.concat([cell_out, attns], 1), tf.get_variable("o_k", [DEC_SYMBOLS + UNITS,
                                                                                     DEC_SYMBOLS])) + \
                tf.get_variable("o_b", [DEC_SYMBOLS])
        outputs.append(out)
        prev = out
    return outputs, state


def _feed(tf, mode):
    return {"false": False, "true": True, "tensor": tf.placeholder_with_default(True, [])}[mode]


@pytest.mark.parametrize("mode", ["false", "true", "tensor"])
@pytest.mark.parametrize("model", ["rnn", "attention"])
def test_embedding_seq2seq(oracle, model, mode):
    def ref(tf):
        build = _ref_rnn_seq2seq if model == "rnn" else _ref_attention_seq2seq
        return _run(tf, *build(tf, {"false": False, "true": True, "tensor": "tensor"}[mode]))

    def tfc(tf):
        fn = tf.contrib.legacy_seq2seq.embedding_rnn_seq2seq if model == "rnn" else \
            tf.contrib.legacy_seq2seq.embedding_attention_seq2seq
        outputs, state = fn([tf.constant(e) for e in ENC], [tf.constant(d) for d in DEC],
                            tf.nn.rnn_cell.GRUCell(UNITS), ENC_SYMBOLS, DEC_SYMBOLS, EMBED,
                            feed_previous=_feed(tf, mode))
        return _run(tf, outputs, state)

    oracle.check(ref, tfc, v1=True, rtol=2e-5, atol=1e-6)


def test_model_with_buckets_by_hand():
    """Expected by hand from TF 1.15's model_with_buckets: one model per bucket with shared variables (those of one
    model: 2 embeddings, 2 x 4 GRU weights, the output projection's 2 = 12), each bucket's loss the legacy
    ``sequence_loss`` of its own outputs."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        enc = [tf.constant(e) for e in ENC]
        dec = [tf.constant(d) for d in DEC]
        targets = dec[1:] + [tf.constant(np.array([0, 0], np.int32))]
        weights = [tf.ones([2]) for _ in DEC]

        def seq2seq(x, y):
            return tf.contrib.legacy_seq2seq.embedding_rnn_seq2seq(x, y, tf.nn.rnn_cell.GRUCell(UNITS),
                                                                   ENC_SYMBOLS, DEC_SYMBOLS, EMBED)

        outputs, losses = tf.contrib.legacy_seq2seq.model_with_buckets(enc, dec, targets, weights,
                                                                       [(2, 2), (3, 3)], seq2seq)
        n_vars = len(tf.trainable_variables())
        expected = [tf.contrib.legacy_seq2seq.sequence_loss(outputs[j], targets[:n], weights[:n])
                    for j, n in enumerate([2, 3])]
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            got, want = sess.run([losses, expected])
    assert n_vars == 12 and [len(o) for o in outputs] == [2, 3]
    np.testing.assert_allclose(got, want, rtol=1e-6)
    with pytest.raises(ValueError, match="must be at least that of last bucket"):
        with tf.Graph().as_default():
            tf.contrib.legacy_seq2seq.model_with_buckets(ENC[:1], DEC, DEC, DEC, [(2, 2)], seq2seq)


@pytest.mark.parametrize("path", ["nn.seq2seq", "nn.rnn", "compat.v1.nn.seq2seq"])
def test_tf0_names_name_their_replacements_by_hand(path):
    """Expected by hand: TF 0.x's tf.nn.seq2seq / tf.nn.rnn (absent from TF 1.15 and 2.21) raise tfcompat's
    UnsupportedAPIError (a NotImplementedError and AttributeError) naming the TF 1.x replacement."""
    import tfcompat
    obj = tfcompat
    *parents, last = path.split(".")
    for p in parents:
        obj = getattr(obj, p)
    with pytest.raises(NotImplementedError, match="legacy_seq2seq|static_rnn"):
        getattr(obj, last)
    assert not hasattr(obj, last)
