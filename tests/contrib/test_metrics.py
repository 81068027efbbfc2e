"""``tf.contrib.metrics.accuracy`` (TF 1.15). TF 2.21 has no contrib; the oracle is TF 1.15's formula in TF 2.21
ops (``reduce_mean(cast(equal))``, or the weighted ``sum(w * correct) / sum(w * ones)``)."""
from __future__ import annotations

import numpy as np
import pytest

PRED = np.array([1, 2, 3, 3, 0], np.int64)
LABELS = np.array([1, 2, 0, 3, 1], np.int64)
WEIGHTS = np.array([1.0, 0.5, 2.0, 0.0, 1.0], np.float32)


@pytest.mark.parametrize("weighted", [False, True])
def test_accuracy(oracle, weighted):
    def ref(tf):
        correct = tf.cast(tf.equal(PRED, LABELS), tf.float32)
        if weighted:
            value = tf.reduce_sum(correct * WEIGHTS) / tf.reduce_sum(WEIGHTS * tf.ones_like(correct))
        else:
            value = tf.reduce_mean(correct)
        return value.dtype.name, tf.Session().run(value)

    def tfc(tf):
        value = tf.contrib.metrics.accuracy(PRED, LABELS, weights=WEIGHTS if weighted else None)
        return value.dtype.name, tf.Session().run(value)

    oracle.check(ref, tfc, v1=True)


def test_accuracy_dtype_mismatch_by_hand():
    """Expected by hand from TF 1.15: predictions and labels of different dtypes are a ValueError."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match="Dtypes of predictions and labels should match"):
            tf.contrib.metrics.accuracy(PRED, LABELS.astype(np.int32))
