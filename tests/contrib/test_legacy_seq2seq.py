"""``tf.contrib.legacy_seq2seq`` (TF 1.15) against its TF 2.21 equivalent.

TF 2.21 has no legacy_seq2seq, so the TF-side reference programs are TF 1.15's
``contrib/legacy_seq2seq/python/ops/seq2seq.py`` in TF 2.21 ops: ``rnn_decoder`` is the cell called step by step
in variable scope 'rnn_decoder' (reuse after step 0; ``loop_function`` feeding the previous output), the losses
are the weighted ``sparse_softmax_cross_entropy_with_logits`` summed over steps, divided by the summed weights
+ 1e-12 and by the batch size. tfcompat runs ``tf.contrib.legacy_seq2seq``. Compared: variable names, outputs,
states, gradients, loss values."""
from __future__ import annotations

import numpy as np
import pytest

STEPS = [np.cos(np.arange(6, dtype=np.float32).reshape(2, 3) * (t + 1)).astype(np.float32) for t in range(3)]
LOGITS = [np.sin(np.arange(8, dtype=np.float32).reshape(2, 4) + t).astype(np.float32) for t in range(3)]
TARGETS = [np.array([1, 3], np.int32), np.array([0, 2], np.int32), np.array([3, 3], np.int32)]
WEIGHTS = [np.array([1.0, 1.0], np.float32), np.array([1.0, 0.5], np.float32), np.array([0.0, 1.0], np.float32)]


def _ref_decoder(tf, inputs, state, cell, loop_function=None):
    with tf.variable_scope("rnn_decoder"):
        outputs, prev = [], None
        for i, inp in enumerate(inputs):
            if loop_function is not None and prev is not None:
                with tf.variable_scope("loop_function", reuse=True):
                    inp = loop_function(prev, i)
            if i > 0:
                tf.get_variable_scope().reuse_variables()
            out, state = cell(inp, state)
            outputs.append(out)
            if loop_function is not None:
                prev = out
    return outputs, state


@pytest.mark.parametrize("loop", [False, True])
def test_rnn_decoder(oracle, loop):
    def prog(contrib):
        def run(tf):
            inputs = [tf.constant(s) for s in STEPS]
            with tf.variable_scope("m", initializer=tf.constant_initializer(0.1)):
                cell = tf.nn.rnn_cell.GRUCell(3)
                init = cell.zero_state(2, tf.float32)
                loop_fn = (lambda prev, i: tf.tanh(prev) * float(i)) if loop else None
                if contrib:
                    outs, state = tf.contrib.legacy_seq2seq.rnn_decoder(inputs, init, cell, loop_function=loop_fn)
                else:
                    outs, state = _ref_decoder(tf, inputs, init, cell, loop_fn)
            grads = tf.gradients(tf.add_n([tf.reduce_sum(o) for o in outs]), inputs[:1] + tf.trainable_variables())
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                return [v.name for v in tf.global_variables()], sess.run([outs, state, grads])
        return run

    oracle.check(prog(False), prog(True), v1=True, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("avg_t,avg_b", [(True, True), (False, True), (True, False), (False, False)])
def test_sequence_losses(oracle, avg_t, avg_b):
    def ref(tf, logits):
        terms = [tf.nn.sparse_softmax_cross_entropy_with_logits(labels=t, logits=lg) * w
                 for lg, t, w in zip(logits, TARGETS, WEIGHTS)]
        by_example = tf.add_n(terms)
        if avg_t:
            by_example = by_example / (tf.add_n([tf.constant(w) for w in WEIGHTS]) + 1e-12)
        cost = tf.reduce_sum(by_example)
        return by_example, (cost / 2.0 if avg_b else cost)

    def tfc(tf, logits):
        s2s = tf.contrib.legacy_seq2seq
        return (s2s.sequence_loss_by_example(logits, TARGETS, WEIGHTS, average_across_timesteps=avg_t),
                s2s.sequence_loss(logits, TARGETS, WEIGHTS, average_across_timesteps=avg_t,
                                  average_across_batch=avg_b))

    def prog(build):
        def run(tf):
            logits = [tf.Variable(lg) for lg in LOGITS]
            by_example, loss = build(tf, logits)
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                return loss.dtype.name, sess.run([by_example, loss, tf.gradients(loss, logits)])
        return run

    oracle.check(prog(ref), prog(tfc), v1=True, rtol=1e-5, atol=1e-6)


def test_length_mismatch_by_hand():
    """Expected by hand from TF 1.15's seq2seq.py."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match="Lengths of logits, weights, and targets must be the same 3, 2, 3."):
            tf.contrib.legacy_seq2seq.sequence_loss_by_example(LOGITS, TARGETS, WEIGHTS[:2])
