"""Cumulative sums and products (mirrors ``tf.math.cumsum`` / ``tf.math.cumprod``, ops ``Cumsum``/``Cumprod``)."""
from __future__ import annotations

import torch

from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework import errors
from tfcompat._src.framework.op_def import DIFFERENTIABLE, ShapeMismatch, register_op
from tfcompat._src.framework.op_types import INT32_64, NUMBER, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import tf_grad_kernels
from tfcompat._src.ops._helpers import static_axis, to_tensor
from tfcompat._src.ops.unsigned_kernels import WIDE_UNSIGNED, numpy_scan

__all__ = ["cumsum", "cumprod"]


def _axis(x, axis_t, axis):
    axis = int(axis_t) if axis_t is not None else axis
    nd = x.dim()
    if not -nd <= axis < nd:
        raise errors.InvalidArgumentError(f"ValueError: axis = {axis} is not in [{-nd}, {nd})")
    return axis % nd


_TYPES = {"x": Arg("T", NUMBER), "axis": Arg("Tidx", INT32_64, from_attr="axis")}


def _scan_shape_check(shapes, attrs, values):
    rank = len(shapes[0]) if not isinstance(shapes[0], TensorShape) else shapes[0].rank
    axis = attrs.get("axis")
    if rank is not None and isinstance(axis, int) and not -max(rank, 1) <= axis < max(rank, 1):
        raise ShapeMismatch(f"axis {axis} out of range for a tensor of rank {rank}",
                            f"ValueError: axis = {axis} is not in [{-rank}, {rank})")


@register_op("Cumsum", grad=DIFFERENTIABLE, inputs=("x", "axis"), types=_TYPES, shape_check=_scan_shape_check)
def _cumsum(x, axis_t=None, *, axis=0, exclusive=False, reverse=False):
    if x.dtype in WIDE_UNSIGNED and x.device.type != "meta":   # no torch CPU kernel: numpy's, wrapping as TF's
        return torch.from_numpy(numpy_scan(x.numpy(), _axis(x, axis_t, axis), exclusive, reverse).copy())
    return tf_grad_kernels.cumsum_value(x, _axis(x, axis_t, axis), exclusive, reverse)


@register_op("Cumprod", grad=DIFFERENTIABLE, inputs=("x", "axis"), types=_TYPES, shape_check=_scan_shape_check)
def _cumprod(x, axis_t=None, *, axis=0, exclusive=False, reverse=False):
    if x.dtype in WIDE_UNSIGNED and x.device.type != "meta":   # no torch CPU kernel: numpy's, wrapping as TF's
        return torch.from_numpy(numpy_scan(x.numpy(), _axis(x, axis_t, axis), exclusive, reverse, True).copy())
    return tf_grad_kernels.cumprod(x, _axis(x, axis_t, axis), exclusive, reverse)


def _scan(op_type, x, axis, exclusive, reverse, name):
    x = to_tensor(x)
    ax = static_axis(axis)
    attrs = {"exclusive": bool(exclusive), "reverse": bool(reverse)}
    if hasattr(ax, "dtype"):
        return apply_op(op_type, [x, ax], attrs, name=name)
    if isinstance(ax, tuple):
        raise ValueError(f"axis must be a scalar, got {axis!r}")
    attrs["axis"] = ax
    return apply_op(op_type, [x], attrs, name=name)


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    """Mirrors ``tf.math.cumsum``."""
    return _scan("Cumsum", x, axis, exclusive, reverse, name)


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    """Mirrors ``tf.math.cumprod``; the gradient is TF's (``div_no_nan`` by x: 0 at zeros)."""
    return _scan("Cumprod", x, axis, exclusive, reverse, name)
