"""``tf.contrib.losses`` / ``slim.losses`` (TF 1.15) against its TF 2.21 equivalent.

TF 2.21 has no contrib. Where contrib's deprecated losses agree with ``tf.compat.v1.losses`` (a scalar or
``[batch]`` weight on ``[batch]`` losses, a weight of the losses' shape), the reference program is the core loss
with the arguments swapped back (contrib takes predictions/logits first). Where they differ (a ``[batch]`` weight
on ``[batch, d]`` losses: contrib applies it to the leading dimension), the reference is contrib's
``compute_weighted_loss`` formula from TF 1.15's ``loss_ops.py`` written in TF 2.21 ops. Compared: values,
gradients, the LOSSES collection and ``get_total_loss``."""
from __future__ import annotations

import numpy as np
import pytest

LOGITS = np.array([[1.0, -2.0, 0.5], [0.3, 0.2, -0.1], [2.0, 1.0, -1.0], [-0.5, 0.0, 0.5]], np.float32)
ONEHOT = np.eye(3, dtype=np.float32)[[0, 2, 1, 1]]
MULTI = np.array([[1, 0, 1], [0, 0, 1], [1, 1, 0], [0, 1, 0]], np.float32)
PRED = np.array([[0.9, 0.15, 0.4], [0.2, 0.7, 0.35], [0.6, 0.3, 0.8], [0.1, 0.45, 0.2]], np.float32)
W_BATCH = np.array([1.0, 0.0, 2.0, 0.5], np.float32)
W_FULL = np.array([[1, 0, 1], [0, 0, 0], [2, 1, 0], [1, 1, 1]], np.float32)


def _run(tf, fetches):
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        return sess.run(fetches)


def _prob(x):
    """Logits mapped into (0, 1) affinely (|x| <= 2), as predictions."""
    return x * 0.2 + 0.5


CASES = [
    # name, contrib call, core call (labels first), weights
    ("softmax", lambda L, x, w: L.softmax_cross_entropy(x, ONEHOT, weights=w),
     lambda L, x, w: L.softmax_cross_entropy(ONEHOT, x, weights=w)),
    ("softmax_smooth", lambda L, x, w: L.softmax_cross_entropy(x, ONEHOT, weights=w, label_smoothing=0.2),
     lambda L, x, w: L.softmax_cross_entropy(ONEHOT, x, weights=w, label_smoothing=0.2)),
    ("sparse_softmax", lambda L, x, w: L.sparse_softmax_cross_entropy(x, np.array([[0], [2], [1], [1]]), w),
     lambda L, x, w: L.sparse_softmax_cross_entropy(np.array([0, 2, 1, 1]), x, weights=w)),
]
FULL_CASES = [
    ("sigmoid", lambda L, x, w: L.sigmoid_cross_entropy(x, MULTI, weights=w, label_smoothing=0.1),
     lambda L, x, w: L.sigmoid_cross_entropy(MULTI, x, weights=w, label_smoothing=0.1)),
    ("mse", lambda L, x, w: L.mean_squared_error(_prob(x), PRED, weights=w),
     lambda L, x, w: L.mean_squared_error(PRED, _prob(x), weights=w)),
    ("absolute", lambda L, x, w: L.absolute_difference(_prob(x), PRED, weights=w),
     lambda L, x, w: L.absolute_difference(PRED, _prob(x), weights=w)),
    ("log_loss", lambda L, x, w: L.log_loss(_prob(x), MULTI, weights=w),
     lambda L, x, w: L.log_loss(MULTI, _prob(x), weights=w)),
]


def _prog(call, weights, contrib):
    def run(tf):
        x = tf.Variable(LOGITS)
        losses_mod = tf.contrib.losses if contrib else tf.losses
        loss = call(losses_mod, x, weights)
        total = (tf.contrib.slim.losses if contrib else tf.losses).get_total_loss()
        coll = len(tf.get_collection(tf.GraphKeys.LOSSES))
        return loss.dtype.name, loss.shape.as_list(), coll, _run(tf, [loss, total, tf.gradients(loss, x)[0]])
    return run


@pytest.mark.parametrize("case", CASES + FULL_CASES, ids=lambda c: c[0])
@pytest.mark.parametrize("weights", [1.0, 0.0, 2.5, W_BATCH], ids=["w1", "w0", "w2.5", "wbatch"])
def test_loss_matches_core(oracle, case, weights):
    name, contrib_call, core_call = case
    if case in FULL_CASES and np.ndim(weights) == 1:
        weights = W_FULL   # core needs the full shape; contrib's leading-dim weights are tested below
    oracle.check(_prog(core_call, weights, False), _prog(contrib_call, weights, True), v1=True, rtol=1e-5,
                 atol=1e-6)


@pytest.mark.parametrize("weights", [W_BATCH, W_BATCH[:, None], np.zeros(4, np.float32)], ids=["b", "b1", "zero"])
def test_leading_dimension_weights(oracle, weights):
    """contrib: a [batch] (or [batch, 1]) weight scales each row of [batch, 3] losses; divisor = non-zero
    weights x 3 (TF 1.15 loss_ops.compute_weighted_loss)."""
    def ref(tf):
        x = tf.Variable(LOGITS)
        losses = tf.square(x * 0.2 + 0.5 - PRED)
        w = tf.reshape(tf.constant(weights), [-1])
        total = tf.reduce_sum(tf.reduce_sum(losses, axis=[1]) * w)
        present = tf.reduce_sum(tf.cast(tf.not_equal(w, 0), tf.float32)) * 3.0
        loss = tf.where(present > 0, total / tf.where(tf.equal(present, 0), 1.0, present), 0.0)
        return loss.dtype.name, _run(tf, [loss, tf.gradients(loss, x)[0]])

    def tfc(tf):
        x = tf.Variable(LOGITS)
        loss = tf.contrib.losses.mean_squared_error(x * 0.2 + 0.5, PRED, weights=weights)
        return loss.dtype.name, _run(tf, [loss, tf.gradients(loss, x)[0]])

    oracle.check(ref, tfc, v1=True, rtol=1e-5, atol=1e-6)


def test_hinge_loss_is_unreduced(oracle):
    def ref(tf):
        x = tf.constant(LOGITS)
        out = tf.losses.hinge_loss(MULTI, x, reduction=tf.losses.Reduction.NONE, loss_collection=None)
        return out.shape.as_list(), len(tf.get_collection(tf.GraphKeys.LOSSES)), _run(tf, out)

    def tfc(tf):
        out = tf.contrib.losses.hinge_loss(tf.constant(LOGITS), MULTI)
        return out.shape.as_list(), len(tf.get_collection(tf.GraphKeys.LOSSES)), _run(tf, out)

    oracle.check(ref, tfc, v1=True)


def test_shape_mismatch_raises(oracle):
    def ref(tf):
        tf.losses.softmax_cross_entropy(ONEHOT[:2], tf.constant(LOGITS))

    def tfc(tf):
        tf.contrib.losses.softmax_cross_entropy(tf.constant(LOGITS), ONEHOT[:2])

    oracle.check(ref, tfc, v1=True, match_message="are incompatible")
