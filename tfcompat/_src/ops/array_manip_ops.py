"""Padding, reversing, broadcasting and unique values (mirrors ``tf.pad``, ``tf.reverse``, ``tf.broadcast_to``,
``tf.unique``; part of TF's ``array_ops``, re-exported by ``ops/array_ops.py``)."""
from __future__ import annotations

import builtins

import numpy as np
import torch

from tfcompat._src.framework import api_dispatch, dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NO_GRADIENT, ShapeMismatch, register_op
from tfcompat._src.framework.op_types import INT32_64, NUMBER_BOOL, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import shape_checks
from tfcompat._src.ops._helpers import has_non_integer, is_tensor_like, static_int_list, to_tensor

__all__ = ["pad", "reverse", "broadcast_to", "unique"]


def _paddings_mismatch(in_shape, paddings, mirror=False):
    """TF's checks of ``paddings`` (PadShapeFn / PadOp / MirrorPadOp): a ``ShapeMismatch`` with the shape
    function's wording (graph ValueError) and the kernel's (eager InvalidArgumentError), or None."""
    if has_non_integer(paddings):
        return None
    p_shape = np.shape(paddings)
    p_desc = format_shape(p_shape)
    if len(p_shape) != 2:
        return ShapeMismatch(f"Shape must be rank 2 but is rank {len(p_shape)}",
                             f"paddings must be a matrix with 2 columns: {p_desc}")
    if p_shape[1] != 2:
        return ShapeMismatch(f"Dimension must be 2 but is {p_shape[1]}",
                             f"paddings must be a matrix with 2 columns: {p_desc}")
    rank = in_shape.rank if isinstance(in_shape, TensorShape) else len(in_shape)
    if rank is not None and rank != p_shape[0]:
        return ShapeMismatch(f"Shape must be rank {p_shape[0]} but is rank {rank}",
                             f"The first dimension of paddings must be the rank of inputs{p_desc}"
                             f"{', ' if mirror else ' '}{format_shape(in_shape)}")
    negative = [(int(b), int(a)) for b, a in paddings if int(b) < 0 or int(a) < 0]
    if negative and not mirror:
        return ShapeMismatch("Paddings must be non-negative", "Paddings must be non-negative: %d %d" % negative[0])
    return None


def _pad_check(shapes, attrs, values):
    mismatch = _paddings_mismatch(shapes[0], attrs.get("paddings"))
    if mismatch is not None:
        raise mismatch


def _mirror_pad_check(shapes, attrs, values):
    mismatch = _paddings_mismatch(shapes[0], attrs.get("paddings"), mirror=True)
    if mismatch is not None:
        raise mismatch


def _check_paddings(x, paddings, mirror=False):
    mismatch = _paddings_mismatch(x.shape, paddings, mirror)
    if mismatch is not None:
        raise errors.InvalidArgumentError(mismatch.eager_message)


@register_op("Pad", strings=(0,), grad=DIFFERENTIABLE, inputs=("input",), shape_check=_pad_check,
             types={"paddings": Arg("Tpaddings", INT32_64, from_attr="paddings")})
def _pad(x, *, paddings, constant_values=0):
    _check_paddings(x, paddings)
    flat = []
    for before, after in reversed(paddings):
        flat += [before, after]
    return torch.nn.functional.pad(x, flat, value=constant_values)


def _pad_v2_shape(inputs, attrs):
    """TF's shape function: each dim grows by its paddings (constant_values' rank is checked when it runs)."""
    shape = inputs[0].shape
    pads = attrs["paddings"]
    if shape.rank is None or has_non_integer(pads):
        rank = shape.rank if shape.rank is not None else (len(pads) if isinstance(pads, (list, tuple)) else None)
        return [(TensorShape(None if rank is None else [None] * rank), inputs[0].dtype)]
    dims = [None if d is None else d + int(b) + int(a) for d, (b, a) in zip(shape.as_list(), pads)]
    return [(TensorShape(dims), inputs[0].dtype)]


@register_op("PadV2", strings=(0,), grad=DIFFERENTIABLE, inputs=("input", "constant_values"), shape_fn=_pad_v2_shape,
             shape_check=_pad_check,
             types={"input": Arg("T"), "constant_values": Arg("T"),
                    "paddings": Arg("Tpaddings", INT32_64, from_attr="paddings")})
def _pad_v2(x, constant_values, *, paddings, _grad_input_indices=(0,)):
    _check_paddings(x, paddings)
    if constant_values.dim() != 0:
        raise errors.InvalidArgumentError(f"constant_values must be a scalar. Found: "
                                          f"[{','.join(str(d) for d in constant_values.shape)}]")
    flat = []
    for before, after in reversed(paddings):
        flat += [before, after]
    # TF's PadV2 gradient gives None for constant_values: the fill value enters as a constant.
    padded = torch.nn.functional.pad(x, flat)
    is_pad = torch.nn.functional.pad(torch.zeros(x.shape, dtype=torch.bool, device=x.device), flat, value=True)
    return torch.where(is_pad, constant_values.detach(), padded)


@register_op("MirrorPad", strings=(0,), grad=DIFFERENTIABLE, inputs=("input",), shape_check=_mirror_pad_check,
             types={"paddings": Arg("Tpaddings", INT32_64, from_attr="paddings")})
def _mirror_pad(x, *, paddings, mode):
    _check_paddings(x, paddings, mirror=True)
    # torch's reflect/replicate modes cover only some ranks and torch has no SYMMETRIC mode: gather indices.
    edge = 1 if mode == "REFLECT" else 0
    for d, (before, after) in enumerate(paddings):
        n = x.shape[d]
        if before > n - edge or after > n - edge:
            raise ValueError(f"paddings must be less than{' or equal to' if edge == 0 else ''} the dimension "
                             f"size: {before}, {after} greater than {n - edge}")
        if not before and not after:
            continue
        left = [before - i - 1 + edge for i in builtins.range(before)]
        right = [n - 1 - i - edge for i in builtins.range(after)]
        idx = torch.tensor(left + list(builtins.range(n)) + right, dtype=torch.long, device=x.device)
        x = torch.index_select(x, d, idx)
    return x


@register_op("ReverseV2", strings=(0,), grad=DIFFERENTIABLE, inputs=("tensor",),
             types={"tensor": Arg("T", NUMBER_BOOL + ("string",)), "axis": Arg("Tidx", INT32_64, from_attr="axis")})
def _reverse(x, *, axis):
    return torch.flip(x, dims=list(axis))


@register_op("BroadcastTo", strings=(0,), grad=DIFFERENTIABLE, inputs=("input", "shape"),
             types={"shape": Arg("Tidx", INT32_64, from_attr="shape")}, shape_check=shape_checks.broadcast_to)
def _broadcast_to(x, shape_t=None, *, shape=None):
    if shape_t is not None:   # a shape known only at run time
        shape = shape_t.tolist()
    return x.expand(shape).clone()


@register_op("Unique", strings=(0,), grad=NO_GRADIENT, inputs=("x",), num_outputs=2,
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), inputs[0].dtype),
                                             (inputs[0].shape, attrs.get("out_idx", dtypes.int32))])
def _unique(x, *, out_idx=dtypes.int32):
    # TF orders unique values by first occurrence; torch.unique sorts.
    vals, inverse = torch.unique(x, sorted=True, return_inverse=True)
    first = torch.full((vals.shape[0],), x.shape[0], dtype=torch.long, device=x.device)
    first = first.scatter_reduce(0, inverse, torch.arange(x.shape[0], device=x.device), reduce="amin")
    order = torch.argsort(first)
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.shape[0], device=x.device)
    return x[first[order]] if x.requires_grad else vals[order], rank[inverse].to(out_idx.torch_dtype)


def pad(tensor, paddings, mode="CONSTANT", name=None, constant_values=0):
    """Mirrors ``tf.pad``."""
    p = np.asarray(paddings if not is_tensor_like(paddings) else constant_value(to_tensor(paddings)).cpu())
    pads = paddings if has_non_integer(paddings) else \
        [tuple(int(v) for v in r) for r in p.tolist()] if p.ndim == 2 else p.tolist()   # (Pad rejects the latter)
    x = to_tensor(tensor)
    mode = mode.upper()
    if mode == "CONSTANT":
        # As TF: op Pad for a python zero, else PadV2 with the fill value as an input of the input's dtype.
        if not is_tensor_like(constant_values) and np.ndim(constant_values) == 0 and constant_values == 0:
            return apply_op("Pad", [x], {"paddings": pads}, name=name)
        cv = to_tensor(constant_values, dtype=None if is_tensor_like(constant_values) else x.dtype)
        # TF's PadV2 gradient is None for constant_values (graph tf.gradients reads _grad_input_indices).
        return apply_op("PadV2", [x, cv], {"paddings": pads, "_grad_input_indices": (0,)}, name=name)
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"Value of argument `mode` expected to be one of \"CONSTANT\", \"REFLECT\", or "
                         f"\"SYMMETRIC\". Received `mode` = {mode}")
    return apply_op("MirrorPad", [x], {"paddings": pads, "mode": mode}, name=name)


@api_dispatch.add_dispatch_support
def reverse(tensor, axis, name=None):
    """Mirrors ``tf.reverse``."""
    ax = axis if has_non_integer(axis) else tuple(static_int_list(axis))
    return apply_op("ReverseV2", [to_tensor(tensor)], {"axis": ax}, name=name)


def broadcast_to(input, shape, name=None):  # noqa: A002
    """Mirrors ``tf.broadcast_to``; a ``shape`` tensor known only at run time is the op's second input."""
    if has_non_integer(shape):
        return apply_op("BroadcastTo", [to_tensor(input)], {"shape": shape}, name=name)
    s = static_int_list(shape)
    if s is None:
        return apply_op("BroadcastTo", [to_tensor(input), to_tensor(shape)], name=name)
    return apply_op("BroadcastTo", [to_tensor(input)], {"shape": list(s)}, name=name)


def unique(x, out_idx=dtypes.int32, name=None):
    """Mirrors ``tf.unique``: values in first-occurrence order; has no gradient in TF."""
    return apply_op("Unique", [to_tensor(x)], {"out_idx": dtypes.as_dtype(out_idx)}, name=name)
