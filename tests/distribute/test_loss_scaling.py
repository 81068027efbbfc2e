"""tf.nn.compute_average_loss / scale_regularization_loss under strategies against TF 2.21: the values in a
replica context (one replica) and TF's RuntimeError in a strategy's cross-replica context."""
from __future__ import annotations

import pytest

PROGRAMS = {
    "average_default": lambda tf, s: tf.nn.compute_average_loss([1.0, 2.0, 4.0]),
    "average_in_run": lambda tf, s: s.run(lambda: tf.nn.compute_average_loss([1.0, 2.0, 4.0])),
    "average_weighted_in_run": lambda tf, s: s.run(lambda: tf.nn.compute_average_loss(
        [1.0, 2.0], sample_weight=[0.5, 2.0])),
    "average_global_batch_in_run": lambda tf, s: s.run(lambda: tf.nn.compute_average_loss([1.0, 2.0],
                                                                                          global_batch_size=8)),
    "average_in_scope": lambda tf, s: _in_scope(s, lambda: tf.nn.compute_average_loss([1.0, 2.0])),
    "average_in_scope_with_global_batch": lambda tf, s: _in_scope(
        s, lambda: tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=4)),
    "average_in_merge_call": lambda tf, s: s.run(lambda: tf.distribute.get_replica_context().merge_call(
        lambda strategy: tf.nn.compute_average_loss([1.0, 2.0]))),
    "regularization_default": lambda tf, s: tf.nn.scale_regularization_loss([1.0, 2.0]),
    "regularization_in_run": lambda tf, s: s.run(lambda: tf.nn.scale_regularization_loss(tf.constant([1.0, 2.0]))),
    "regularization_in_scope": lambda tf, s: _in_scope(s, lambda: tf.nn.scale_regularization_loss([1.0, 2.0])),
}


def _in_scope(strategy, fn):
    with strategy.scope():
        return fn()


@pytest.mark.parametrize("case", sorted(PROGRAMS))
def test_loss_scaling(oracle, case):
    oracle.check(lambda tf: PROGRAMS[case](tf, tf.distribute.MirroredStrategy()))
