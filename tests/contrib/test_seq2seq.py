"""``tf.contrib.seq2seq.sequence_loss`` (TF 1.15) against its TF 2.21 equivalent.

TF 2.21 has no contrib (and no core ``sequence_loss``), so the TF-side reference program is TF 1.15's
``contrib/seq2seq/python/ops/loss.py`` formula in TF 2.21 ops: weighted ``sparse_softmax_cross_entropy_with_logits``,
then ``div_no_nan(sum, sum of weights)`` for averages or ``div_no_nan(sum, count_nonzero(weights))`` for sums over
the reduced axes. tfcompat runs ``tf.contrib.seq2seq.sequence_loss``. Compared: values, shapes, gradients and
the argument errors (messages from TF 1.15's source)."""
from __future__ import annotations

import numpy as np
import pytest

LOGITS = np.sin(np.arange(2 * 3 * 4) * 0.7).astype(np.float32).reshape(2, 3, 4) * 2.0
TARGETS = np.array([[1, 3, 0], [2, 2, 1]], np.int32)
WEIGHTS = np.array([[1.0, 1.0, 0.0], [1.0, 0.5, 0.0]], np.float32)


def _ref_loss(tf, logits, targets, weights, avg_t, avg_b, sum_t, sum_b, loss_fn):
    flat = tf.reshape(logits, [-1, 4])
    t = tf.reshape(targets, [-1])
    ce = (loss_fn or tf.nn.sparse_softmax_cross_entropy_with_logits)(labels=t, logits=flat)
    ce = ce * tf.reshape(weights, [-1])
    if avg_t and avg_b:
        return tf.math.divide_no_nan(tf.reduce_sum(ce), tf.reduce_sum(weights))
    if sum_t and sum_b:
        return tf.math.divide_no_nan(tf.reduce_sum(ce), tf.cast(tf.math.count_nonzero(weights), ce.dtype))
    ce = tf.reshape(ce, [2, 3])
    if avg_t or avg_b:
        axis = [0] if avg_b else [1]
        return tf.math.divide_no_nan(tf.reduce_sum(ce, axis=axis), tf.reduce_sum(weights, axis=axis))
    if sum_t or sum_b:
        axis = [0] if sum_b else [1]
        return tf.math.divide_no_nan(tf.reduce_sum(ce, axis=axis),
                                     tf.cast(tf.math.count_nonzero(weights, axis=axis), ce.dtype))
    return ce


FLAGS = [(True, True, False, False), (True, False, False, False), (False, True, False, False),
         (False, False, False, False), (False, False, True, True), (False, False, True, False),
         (False, False, False, True), (True, False, False, True)]


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: "".join("ATST"[i] if v else "_" for i, v in enumerate(f)))
@pytest.mark.parametrize("zero_weights", [False, True], ids=["w", "w0"])
def test_sequence_loss(oracle, flags, zero_weights):
    avg_t, avg_b, sum_t, sum_b = flags
    w_value = WEIGHTS * 0 if zero_weights else WEIGHTS

    def prog(contrib):
        def run(tf):
            logits = tf.Variable(LOGITS)
            weights = tf.constant(w_value)
            if contrib:
                loss = tf.contrib.seq2seq.sequence_loss(
                    logits, tf.constant(TARGETS), weights, average_across_timesteps=avg_t,
                    average_across_batch=avg_b, sum_over_timesteps=sum_t, sum_over_batch=sum_b)
            else:
                loss = _ref_loss(tf, logits, tf.constant(TARGETS), weights, avg_t, avg_b, sum_t, sum_b, None)
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                return loss.dtype.name, loss.shape.as_list(), sess.run([loss, tf.gradients(loss, logits)[0]])
        return run

    oracle.check(prog(False), prog(True), v1=True, rtol=1e-5, atol=1e-6)


def test_sequence_loss_custom_loss_function(oracle):
    def loss_fn(tf):
        def fn(labels, logits):
            return tf.reduce_sum(tf.square(logits), axis=1) * tf.cast(labels, tf.float32)
        return fn

    def ref(tf):
        return tf.Session().run(_ref_loss(tf, tf.constant(LOGITS), TARGETS, WEIGHTS, True, True, False, False,
                                          loss_fn(tf)))

    def tfc(tf):
        return tf.Session().run(tf.contrib.seq2seq.sequence_loss(LOGITS, TARGETS, WEIGHTS,
                                                                 softmax_loss_function=loss_fn(tf)))

    oracle.check(ref, tfc, v1=True, rtol=1e-6)


@pytest.mark.parametrize("args,kw,message", [
    ((LOGITS[0], TARGETS, WEIGHTS), {}, "Logits must be a [batch_size x sequence_length x logits_size] tensor"),
    ((LOGITS, TARGETS[0], WEIGHTS), {}, "Targets must be a [batch_size x sequence_length] tensor"),
    ((LOGITS, TARGETS, WEIGHTS[0]), {}, "Weights must be a [batch_size x sequence_length] tensor"),
    ((LOGITS, TARGETS, WEIGHTS), {"sum_over_timesteps": True}, "average_across_timesteps and sum_over_timesteps"),
    ((LOGITS, TARGETS, WEIGHTS), {"sum_over_batch": True}, "average_across_batch and sum_over_batch"),
])
def test_sequence_loss_errors_by_hand(args, kw, message):
    """Expected by hand from TF 1.15's loss.py."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises(ValueError) as err:
            tf.contrib.seq2seq.sequence_loss(*args, **kw)
        assert message in str(err.value)
