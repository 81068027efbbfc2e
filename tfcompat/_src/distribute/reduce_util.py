"""``tf.distribute.ReduceOp``: how values from replicas are combined."""
from __future__ import annotations

import enum

__all__ = ["ReduceOp"]


class ReduceOp(enum.Enum):
    """Mirrors ``tf.distribute.ReduceOp`` (``SUM``, ``MEAN``; ``ReduceOp("SUM")`` by value)."""

    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_variable_aggregation(aggregation) -> "ReduceOp":
        """The ReduceOp for a ``tf.VariableAggregation`` (SUM or MEAN); ValueError for the others, as in TF."""
        name = getattr(aggregation, "name", aggregation)
        if name in ("SUM", "MEAN"):
            return ReduceOp[name]
        raise ValueError(f"Could not convert from `tf.VariableAggregation` {aggregation} to`tf.distribute.ReduceOp` "
                         f"type")


def as_reduce_op(reduce_op) -> ReduceOp:
    """A ``ReduceOp`` for a ReduceOp or its name in any case ("sum", "MEAN"), as TF's reduce/all_reduce accept."""
    if isinstance(reduce_op, str):
        return ReduceOp(reduce_op.upper())
    return reduce_op
