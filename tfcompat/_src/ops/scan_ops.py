"""Cumulative sums and products (mirrors ``tf.math.cumsum`` / ``tf.math.cumprod``, ops ``Cumsum``/``Cumprod``)."""
from __future__ import annotations

import torch

from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework import errors
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32_64, NUMBER, Arg
from tfcompat._src.ops import tf_grad_kernels
from tfcompat._src.ops._helpers import static_axis, to_tensor
from tfcompat._src.ops.unsigned_kernels import WIDE_UNSIGNED, numpy_scan

__all__ = ["cumsum", "cumprod"]


def scan_axis(x, axis_t, axis):
    """The scan kernels' (Cumsum, Cumprod, CumulativeLogsumexp) axis made non-negative, or TF's error."""
    axis = int(axis_t) if axis_t is not None else axis
    nd = x.dim()
    if not -nd <= axis < nd:   # (TF's shape function does not check the axis: graphs build, runs fail)
        raise errors.InvalidArgumentError(f"ScanOp: Expected scan axis in the range [{-nd}, {nd}), but got "
                                          f"{axis + nd if axis < 0 else axis}")
    return axis % nd


_TYPES = {"x": Arg("T", NUMBER), "axis": Arg("Tidx", INT32_64, from_attr="axis")}


def _same_shape(inputs, attrs):
    """TF's shape function (UnchangedShape): the input's shape, also for an axis out of range."""
    return [(inputs[0].shape, inputs[0].dtype)]


@register_op("Cumsum", grad=DIFFERENTIABLE, inputs=("x", "axis"), types=_TYPES, shape_fn=_same_shape)
def _cumsum(x, axis_t=None, *, axis=0, exclusive=False, reverse=False):
    if x.dtype in WIDE_UNSIGNED and x.device.type != "meta":   # no torch CPU kernel: numpy's, wrapping as TF's
        return torch.from_numpy(numpy_scan(x.numpy(), scan_axis(x, axis_t, axis), exclusive, reverse).copy())
    return tf_grad_kernels.cumsum_value(x, scan_axis(x, axis_t, axis), exclusive, reverse)


@register_op("Cumprod", grad=DIFFERENTIABLE, inputs=("x", "axis"), types=_TYPES, shape_fn=_same_shape)
def _cumprod(x, axis_t=None, *, axis=0, exclusive=False, reverse=False):
    if x.dtype in WIDE_UNSIGNED and x.device.type != "meta":   # no torch CPU kernel: numpy's, wrapping as TF's
        return torch.from_numpy(numpy_scan(x.numpy(), scan_axis(x, axis_t, axis), exclusive, reverse, True).copy())
    return tf_grad_kernels.cumprod(x, scan_axis(x, axis_t, axis), exclusive, reverse)


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
