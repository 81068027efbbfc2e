"""``tf.contrib.layers.summarize_activation`` (TF 1.15). TF 2.21 has no contrib; the oracle is TF 1.15's
summaries.py written in TF 2.21 ``tf.compat.v1.summary`` calls (a '<op>/zeros' scalar of the fraction of negative
pre-activations for Relu/Relu6/Softplus, '<op>/sixes' for Relu6, '<op>/activation' histogram). Compared: the
summary tags and values of the merged summary."""
from __future__ import annotations

import numpy as np
import pytest

X = np.array([[-1.0, 2.0, 7.0], [0.5, -3.0, 6.5]], np.float32)


def _summaries(tf, merged):
    with tf.Session() as sess:
        proto = tf.Summary.FromString(sess.run(merged))
    return [(v.tag, round(v.simple_value, 6) if v.HasField("simple_value") else v.histo.num) for v in proto.value]


@pytest.mark.parametrize("activation", ["relu", "relu6", "softplus", "tanh"])
def test_summarize_activation(oracle, activation):
    def ref(tf):
        x = tf.constant(X)
        y = getattr(tf.nn, activation)(x)
        if activation in ("relu", "relu6", "softplus"):
            tf.summary.scalar(f"{y.op.name}/zeros", tf.reduce_mean(tf.cast(tf.less(x, 0.0), tf.float32)))
        if activation == "relu6":
            tf.summary.scalar(f"{y.op.name}/sixes", tf.reduce_mean(tf.cast(tf.greater(x, 6.0), tf.float32)))
        tf.summary.histogram(f"{y.op.name}/activation", y)
        return _summaries(tf, tf.summary.merge_all())

    def tfc(tf):
        y = getattr(tf.nn, activation)(tf.constant(X))
        tf.contrib.layers.summarize_activation(y)
        return _summaries(tf, tf.summary.merge_all())

    oracle.check(ref, tfc, v1=True)
