"""A TF1 seq2seq training script (encoder ``dynamic_rnn`` + ``TrainingHelper`` + ``BasicDecoder`` +
``dynamic_decode`` + ``tf.contrib.seq2seq.sequence_loss`` + Adam in a Session) against the same model written by
hand in real TF 2.21 ``tf.compat.v1``.

TF 2.21 has no contrib (tensorflow-addons, its port, is not installed): its side decodes with a Python loop over
the target steps (same GRU cells, same ``tf.layers.Dense``, same weights assigned from fixed values in creation
order) and writes TF 1.15's ``sequence_loss`` formula out (``sum(weights * sparse xent) / sum(weights)``).
Compared: the loss of 3 Adam steps (it decreases), the final logits and a trained weight."""
from __future__ import annotations

import numpy as np

SOURCE = np.array([[3, 5, 2, 0], [4, 1, 1, 6]], np.int32)
SOURCE_LENGTHS = np.array([4, 3], np.int32)
TARGET_IN = np.array([[1, 6, 2, 3], [1, 4, 4, 0]], np.int32)       # starts with the go token 1
TARGET_OUT = np.array([[6, 2, 3, 0], [4, 4, 0, 0]], np.int32)      # ends with the end token 0
TARGET_LENGTHS = np.array([4, 3], np.int32)
VOCAB, EMBED, UNITS = 7, 4, 5


def _weights_value(shape, i):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.53 + 0.7 * i) * 0.4).astype(np.float32).reshape(shape)


def _encode(tf):
    embedding = tf.get_variable("embedding", [VOCAB, EMBED])
    _, enc_state = tf.nn.dynamic_rnn(tf.nn.rnn_cell.GRUCell(UNITS), tf.nn.embedding_lookup(embedding, SOURCE),
                                     sequence_length=SOURCE_LENGTHS, dtype=tf.float32)
    return embedding, enc_state


def _ref_logits(tf):
    embedding, state = _encode(tf)
    cell, dense = tf.nn.rnn_cell.GRUCell(UNITS), tf.layers.Dense(VOCAB)
    inputs = tf.nn.embedding_lookup(embedding, TARGET_IN)
    outs = []
    for t in range(4):
        with tf.variable_scope("decoder", reuse=t > 0):
            out, state = cell(inputs[:, t], state)
            outs.append(dense(out))
    logits = tf.stack(outs, 1)
    weights = tf.sequence_mask(TARGET_LENGTHS, 4, dtype=tf.float32)
    xent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=TARGET_OUT, logits=logits)
    return logits, tf.reduce_sum(xent * weights) / tf.reduce_sum(weights)


def _tfc_logits(tf):
    embedding, state = _encode(tf)
    cell, dense = tf.nn.rnn_cell.GRUCell(UNITS), tf.layers.Dense(VOCAB)
    helper = tf.contrib.seq2seq.TrainingHelper(tf.nn.embedding_lookup(embedding, TARGET_IN), TARGET_LENGTHS)
    decoder = tf.contrib.seq2seq.BasicDecoder(cell, helper, state, output_layer=dense)
    outputs, _, _ = tf.contrib.seq2seq.dynamic_decode(decoder)
    logits = outputs.rnn_output
    weights = tf.sequence_mask(TARGET_LENGTHS, tf.shape(logits)[1], dtype=tf.float32)
    return logits, tf.contrib.seq2seq.sequence_loss(logits, TARGET_OUT[:, :4], weights)


def _train(build):
    def run(tf):
        logits, loss = build(tf)
        train_op = tf.train.AdamOptimizer(0.05).minimize(loss)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            sess.run([v.assign(_weights_value(v.shape.as_list(), i))
                      for i, v in enumerate(tf.trainable_variables())])
            losses = [sess.run([loss, train_op])[0] for _ in range(3)]
            return ([v.shape.as_list() for v in tf.trainable_variables()], losses,
                    sess.run([logits, tf.trainable_variables()[-2]]))
    return run


def test_seq2seq_training_loop(oracle):
    got = oracle.check(_train(_ref_logits), _train(_tfc_logits), v1=True, rtol=1e-5, atol=1e-6)
    losses = got[1]
    assert losses[2] < losses[1] < losses[0]
