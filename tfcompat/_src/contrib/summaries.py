"""``tf.contrib.layers.summarize_activation`` of TF 1.15 (``contrib/layers/python/layers/summaries.py``)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.ops import math_ops, reduction_ops
from tfcompat._src.runtime.summary import ops_v1

__all__ = ["summarize_activation"]


def summarize_activation(op):
    """Mirrors ``tf.contrib.layers.summarize_activation``: a histogram summary '<op>/activation' of the tensor
    ``op``; for Relu/Relu6/Softplus outputs also a scalar '<op>/zeros' (the fraction of negative inputs), and for
    Relu6 '<op>/sixes' (the fraction of inputs above 6). Returns the histogram summary."""
    node = op.op
    if node.type in ("Relu", "Softplus", "Relu6"):
        x = node.inputs[0]
        ops_v1.scalar(f"{node.name}/zeros", reduction_ops.reduce_mean(
            math_ops.cast(math_ops.less(x, math_ops.cast(0.0, x.dtype)), dtypes.float32)))
    if node.type == "Relu6":
        x = node.inputs[0]
        ops_v1.scalar(f"{node.name}/sixes", reduction_ops.reduce_mean(
            math_ops.cast(math_ops.greater(x, math_ops.cast(6.0, x.dtype)), dtypes.float32)))
    return ops_v1.histogram(f"{node.name}/activation", op)
