"""tf.nn.sparse_softmax_cross_entropy_with_logits' label range check (ops/nn_ops.py ``_outside``): TF's
InvalidArgumentError for a label below 0 or at/above the class count (int32 and int64, eagerly and in a
Session), and no error for labels at both ends of the range.

Expected values: real TF 2.21 through the oracle (recorded in tests/oracle_records)."""
from __future__ import annotations

import numpy as np
import pytest

LOGITS = np.array([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0], [2.0, 2.0, 2.0]], np.float32)


@pytest.mark.parametrize("labels", [[0, 2, 1], [-1, 0, 1], [0, 3, 1], [2, 0, 7], [-2, 5, 0]],
                         ids=["in_range", "negative", "at_n", "above_n", "both"])
@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_eager(oracle, labels, dtype):
    def prog(tf):
        return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant(np.array(labels, dtype)),
                                                              logits=tf.constant(LOGITS))
    oracle.check(prog)


@pytest.mark.parametrize("labels", [[0, 2, 1], [0, -1, 1], [3, 0, 0]], ids=["in_range", "negative", "at_n"])
def test_session(oracle, labels):
    def prog(v1):
        lab = v1.placeholder(v1.int64, [None])
        y = v1.nn.sparse_softmax_cross_entropy_with_logits(labels=lab, logits=v1.constant(LOGITS))
        with v1.Session() as s:
            return s.run(y, {lab: np.array(labels, np.int64)})
    oracle.check_v1(prog)
