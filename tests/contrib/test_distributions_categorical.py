"""``tf.contrib.distributions`` OneHotCategorical / (Exp)RelaxedOneHotCategorical / ``kl`` (TF 1.15).

TF 2.21 has no contrib (nor these classes in ``tf.compat.v1.distributions``), so the oracle is TF 1.15's formulas
in TF 2.21 ops: ``log_prob = -softmax_cross_entropy(x, logits)``, entropy ``-sum(probs * log_softmax)``, mode
``one_hot(argmax)``, KL ``sum(softmax(a) * (log_softmax(a) - log_softmax(b)))``; the relaxed density
``lgamma(k) + (k - 1) log t + sum(log_softmax(logits - t log y)) - sum(log y)``. Samples (torch's generator) are
checked by hand: shapes, one-hot rows, points on the simplex."""
from __future__ import annotations

import numpy as np
import pytest

LOGITS = np.array([[0.2, -1.0, 1.5], [0.0, 0.3, -0.4]], np.float32)
OTHER = np.array([[1.0, 0.0, -1.0], [0.5, 0.5, 0.2]], np.float32)
ONE_HOT = np.array([[0, 0, 1], [1, 0, 0]], np.int32)
SIMPLEX = np.array([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]], np.float32)


def test_one_hot_categorical(oracle):
    def ref(tf):
        x = tf.cast(ONE_HOT, tf.float32)
        lp = -tf.nn.softmax_cross_entropy_with_logits_v2(labels=x, logits=LOGITS)
        ent = -tf.reduce_sum(tf.nn.log_softmax(LOGITS) * tf.nn.softmax(LOGITS), -1)
        mode = tf.one_hot(tf.argmax(LOGITS, -1), 3, dtype=tf.int32)
        kl = tf.reduce_sum(tf.nn.softmax(LOGITS) * (tf.nn.log_softmax(LOGITS) - tf.nn.log_softmax(OTHER)), -1)
        from_probs = -tf.nn.softmax_cross_entropy_with_logits_v2(labels=x, logits=tf.math.log(tf.nn.softmax(LOGITS)))
        return tf.Session().run([lp, tf.exp(lp), ent, mode, kl, from_probs])

    def tfc(tf):
        d = tf.contrib.distributions
        a, b = d.OneHotCategorical(logits=LOGITS), d.OneHotCategorical(logits=OTHER)
        p = d.OneHotCategorical(probs=tf.nn.softmax(LOGITS))
        return tf.Session().run([a.log_prob(ONE_HOT), a.prob(ONE_HOT), a.entropy(), a.mode(), d.kl(a, b),
                                 p.log_prob(ONE_HOT)])

    oracle.check(ref, tfc, v1=True, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("temperature", [0.5, 2.0])
def test_relaxed_one_hot_categorical_log_prob(oracle, temperature):
    def ref(tf):
        t = tf.constant(temperature)
        log_y = tf.math.log(SIMPLEX)
        exp_lp = tf.math.lgamma(3.0) + 2.0 * tf.math.log(t) + \
            tf.reduce_sum(tf.nn.log_softmax(LOGITS - log_y * t), -1)
        return tf.Session().run([exp_lp - tf.reduce_sum(log_y, -1), exp_lp])

    def tfc(tf):
        d = tf.contrib.distributions
        relaxed = d.RelaxedOneHotCategorical(temperature, logits=LOGITS)
        exp_relaxed = d.ExpRelaxedOneHotCategorical(temperature, logits=LOGITS)
        return tf.Session().run([relaxed.log_prob(SIMPLEX), exp_relaxed.log_prob(np.log(SIMPLEX))])

    oracle.check(ref, tfc, v1=True, rtol=1e-5, atol=1e-5)


def test_samples_by_hand():
    """Expected by hand: one-hot int32 rows of shape sample_shape + [2, 3]; relaxed samples positive, summing to
    1 over the last axis."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        d = tf.contrib.distributions
        one_hot = d.OneHotCategorical(logits=LOGITS).sample([4, 5], seed=1)
        relaxed = d.RelaxedOneHotCategorical(0.7, logits=LOGITS).sample(6, seed=1)
        with tf.Session() as sess:
            oh, rx = sess.run([one_hot, relaxed])
    assert oh.shape == (4, 5, 2, 3) and oh.dtype == np.int32
    np.testing.assert_array_equal(oh.sum(-1), np.ones((4, 5, 2)))
    assert rx.shape == (6, 2, 3) and np.all(rx > 0)
    np.testing.assert_allclose(rx.sum(-1), np.ones((6, 2)), rtol=1e-5)


def test_logits_and_probs_errors_by_hand():
    """Expected by hand from TF 1.15's get_logits_and_probs."""
    import tfcompat.compat.v1 as tf
    with pytest.raises(ValueError, match="Must pass probs or logits, but not both"):
        tf.contrib.distributions.OneHotCategorical(logits=LOGITS, probs=LOGITS)
