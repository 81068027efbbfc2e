"""``tf.nn.compute_average_loss`` and ``tf.nn.scale_regularization_loss`` as TF defines them under a strategy.

The arithmetic is the ops layer's (one replica: the global batch is the local batch, the regularization loss is
divided by 1); this adds what needs the distribution context, which the ops layer cannot see: TF raises
RuntimeError when either is called in a strategy's cross-replica context (inside ``strategy.scope()`` but outside
``strategy.run``), where the number of replicas sharing the batch is not defined."""
from __future__ import annotations

from tfcompat._src.distribute import distribute_context as dctx
from tfcompat._src.ops import loss_scaling as ops_loss_scaling
from tfcompat._src.ops import nn_ops

__all__ = ["compute_average_loss", "scale_regularization_loss"]


def _require_replica_context(api: str) -> None:
    if dctx.has_strategy() and dctx.in_cross_replica_context():
        raise RuntimeError(f"You are calling `{api}` in cross replica context, while it was expected to be called "
                           f"in replica context.")


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """Mirrors ``tf.nn.compute_average_loss``: ``sum(per_example_loss * sample_weight) / global_batch_size``
    (default: the local batch size times the replicas in sync, 1 under tfcompat). RuntimeError in a strategy's
    cross-replica context when ``global_batch_size`` is not given, as in TF."""
    if global_batch_size is None:
        _require_replica_context("compute_average_loss")
    return nn_ops.compute_average_loss(per_example_loss, sample_weight=sample_weight,
                                       global_batch_size=global_batch_size)


def scale_regularization_loss(regularization_loss):
    """Mirrors ``tf.nn.scale_regularization_loss``: the summed loss divided by the replicas in sync (1 under
    tfcompat). RuntimeError in a strategy's cross-replica context, as in TF."""
    _require_replica_context("scale_regularization_loss")
    return ops_loss_scaling.scale_regularization_loss(regularization_loss)
