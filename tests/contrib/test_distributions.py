"""``tf.contrib.distributions`` (TF 1.15) against its TF 2.21 equivalent: contrib's ``Normal``, ``Bernoulli`` and
``kl_divergence`` were the classes TF 2.21 still has as ``tf.compat.v1.distributions``, which the TF-side
reference programs use; tfcompat runs ``tf.contrib.distributions``. Compared: values, gradients, dtypes, shapes
and errors; samples by dtype/shape/support only (TF's RNG cannot be matched)."""
from __future__ import annotations

import numpy as np
import pytest

P = np.array([0.1, 0.5, 0.8], np.float32)
LOGITS = np.array([[-1.5, 0.0, 2.0], [0.3, -0.2, 1.1]], np.float32)


def _dist(tf, contrib):
    return tf.contrib.distributions if contrib else tf.distributions


@pytest.mark.parametrize("use_logits", [False, True])
def test_bernoulli(oracle, use_logits):
    def prog(contrib):
        def run(tf):
            ds = _dist(tf, contrib)
            x = tf.Variable(LOGITS if use_logits else P)
            d = ds.Bernoulli(logits=x) if use_logits else ds.Bernoulli(probs=x)
            other = ds.Bernoulli(probs=tf.constant([0.3, 0.6, 0.9], np.float32))
            values = [d.logits, d.probs, d.log_prob([1, 0, 1]), d.prob([[0], [1]]), d.entropy(), d.mean(),
                      d.variance(), d.mode(), ds.kl_divergence(d, other)]
            s = d.sample(4, seed=1)
            grads = tf.gradients(tf.add_n([tf.reduce_sum(v) for v in values if v.dtype.is_floating]), x)
            static = [d.batch_shape.as_list(), d.event_shape.as_list(), d.dtype.name, s.dtype.name,
                      s.shape.as_list(), [v.dtype.name for v in values]]
            with tf.Session() as sess:
                sess.run(tf.global_variables_initializer())
                out, sample = sess.run([values + grads, s])
            return static, out, sorted(set(np.unique(sample).tolist()) - {0, 1})
        return run

    oracle.check(prog(False), prog(True), v1=True, rtol=1e-5, atol=1e-6)


def test_normal_and_errors(oracle):
    def prog(contrib):
        def run(tf):
            ds = _dist(tf, contrib)
            a, b = ds.Normal(0.5, 2.0), ds.Normal(-1.0, 0.5)
            return tf.Session().run([a.log_prob(1.0), a.cdf(0.0), ds.kl_divergence(a, b)])
        return run

    oracle.check(prog(False), prog(True), v1=True, rtol=1e-6)

    def both(contrib):
        return lambda tf: _dist(tf, contrib).Bernoulli(logits=[0.0], probs=[0.5])

    oracle.check(both(False), both(True), v1=True, match_message="Must pass probs or logits, but not both.")

    def int_probs(contrib):
        return lambda tf: _dist(tf, contrib).Bernoulli(probs=[1, 0])

    oracle.check(int_probs(False), int_probs(True), v1=True, match_message="floating")

    def mixed_kl(contrib):
        return lambda tf: _dist(tf, contrib).kl_divergence(_dist(tf, contrib).Bernoulli(probs=[0.5]),
                                                           _dist(tf, contrib).Normal(0.0, 1.0))

    oracle.check(mixed_kl(False), mixed_kl(True), v1=True)
