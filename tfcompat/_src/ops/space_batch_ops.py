"""Moving spatial blocks to and from the batch dimension, and 3-D patches (mirrors ``tf.space_to_batch_nd``,
``tf.batch_to_space``, ``tf.space_to_batch``, ``tf.required_space_to_batch_paddings``,
``tf.extract_volume_patches`` and their TF1 forms)."""
from __future__ import annotations

import builtins
import math

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32_64, REAL_NUMBER, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops._helpers import is_tensor_like, static_int_list, to_tensor

__all__ = ["space_to_batch_nd", "space_to_batch", "space_to_batch_v1", "batch_to_space_nd", "batch_to_space",
           "batch_to_space_v1", "required_space_to_batch_paddings", "extract_volume_patches"]


def _pairs(value):
    flat = value.reshape(-1).tolist() if isinstance(value, torch.Tensor) else [v for p in value for v in p]
    return [(int(flat[2 * i]), int(flat[2 * i + 1])) for i in builtins.range(len(flat) // 2)]


def _ints(value):
    return [int(v) for v in (value.reshape(-1).tolist() if isinstance(value, torch.Tensor) else value)]


def _space_to_batch_shape(inputs, attrs):
    x = inputs[0].shape
    block, pads = attrs.get("block_shape"), attrs.get("paddings")
    if x.rank is None or block is None or pads is None:
        return [(TensorShape(None), inputs[0].dtype)]
    dims = x.as_list()
    m = len(block)
    prod = math.prod(block)
    spatial = [None if d is None else (d + a + b) // k for d, k, (a, b) in zip(dims[1:m + 1], block, pads)]
    return [(TensorShape([None if dims[0] is None else dims[0] * prod] + spatial + dims[m + 1:]),
             inputs[0].dtype)]


@register_op("SpaceToBatchND", grad=DIFFERENTIABLE, inputs=("input", "block_shape", "paddings"),
             types={"block_shape": Arg("Tblock_shape", INT32_64, from_attr="block_shape"),
                    "paddings": Arg("Tpaddings", INT32_64, from_attr="paddings")},
             shape_fn=_space_to_batch_shape)
def _space_to_batch_nd(x, *dyn, block_shape=None, paddings=None):
    dyn = list(dyn)
    block = _ints(dyn.pop(0) if block_shape is None else block_shape)
    pads = _pairs(dyn.pop(0) if paddings is None else paddings)
    m = len(block)
    if x.dim() < m + 1:
        raise errors.InvalidArgumentError(f"input rank should be >= {m + 1} instead of {x.dim()}")
    if any(b < 1 for b in block):
        raise errors.InvalidArgumentError("All values in block_shape must be positive")
    if any(a < 0 or b < 0 for a, b in pads):
        raise errors.InvalidArgumentError("All values in paddings must be >= 0")
    flat = []
    for a, b in reversed(pads):
        flat += [a, b]
    padded = torch.nn.functional.pad(x, [0, 0] * (x.dim() - m - 1) + flat) if any(flat) else x
    batch = x.shape[0]
    spatial = padded.shape[1:m + 1]
    rest = tuple(padded.shape[m + 1:])
    for i, (s, k) in enumerate(zip(spatial, block)):
        if s % k:
            raise errors.InvalidArgumentError(f"padded_shape[{i}]={s} is not divisible by block_shape[{i}]={k}")
    shape = [batch]
    for s, k in zip(spatial, block):
        shape += [s // k, k]
    y = padded.reshape(shape + list(rest))
    # [batch, s1, b1, ..., sM, bM, rest] -> [b1, ..., bM, batch, s1, ..., sM, rest]
    perm = [2 + 2 * i for i in builtins.range(m)] + [0] + [1 + 2 * i for i in builtins.range(m)] + \
        list(builtins.range(1 + 2 * m, 1 + 2 * m + len(rest)))
    y = y.permute(perm)
    return y.reshape([batch * math.prod(block)] + [s // k for s, k in zip(spatial, block)] + list(rest))


def _batch_to_space_shape(inputs, attrs):
    x = inputs[0].shape
    block, crops = attrs.get("block_shape"), attrs.get("crops")
    if x.rank is None or block is None or crops is None:
        return [(TensorShape(None), inputs[0].dtype)]
    dims = x.as_list()
    m = len(block)
    prod = math.prod(block)
    spatial = [None if d is None else d * k - a - b for d, k, (a, b) in zip(dims[1:m + 1], block, crops)]
    return [(TensorShape([None if dims[0] is None else dims[0] // prod] + spatial + dims[m + 1:]),
             inputs[0].dtype)]


@register_op("BatchToSpaceND", grad=DIFFERENTIABLE, inputs=("input", "block_shape", "crops"),
             types={"block_shape": Arg("Tblock_shape", INT32_64, from_attr="block_shape"),
                    "crops": Arg("Tcrops", INT32_64, from_attr="crops")},
             shape_fn=_batch_to_space_shape)
def _batch_to_space_nd(x, *dyn, block_shape=None, crops=None):
    dyn = list(dyn)
    block = _ints(dyn.pop(0) if block_shape is None else block_shape)
    crop = _pairs(dyn.pop(0) if crops is None else crops)
    m = len(block)
    if x.dim() < m + 1:
        raise errors.InvalidArgumentError(f"input rank should be >= {m + 1} instead of {x.dim()}")
    prod = math.prod(block)
    batch = x.shape[0]
    if batch % prod:
        raise errors.InvalidArgumentError(f"Input batch dimension ({batch}) is not divisible by product of block "
                                          f"sizes ({prod})")
    if any(a < 0 or b < 0 for a, b in crop):
        raise errors.InvalidArgumentError("All values in crops must be >= 0")
    spatial = list(x.shape[1:m + 1])
    rest = list(x.shape[m + 1:])
    y = x.reshape(block + [batch // prod] + spatial + rest)
    # [b1..bM, batch', s1..sM, rest] -> [batch', s1, b1, ..., sM, bM, rest]
    perm = [m]
    for i in builtins.range(m):
        perm += [m + 1 + i, i]
    perm += list(builtins.range(2 * m + 1, 2 * m + 1 + len(rest)))
    y = y.permute(perm).reshape([batch // prod] + [s * k for s, k in zip(spatial, block)] + rest)
    index = [builtins.slice(None)]
    for (a, b), s, k in zip(crop, spatial, block):
        if a + b > s * k:
            raise errors.InvalidArgumentError(f"crops must be less than or equal to the size of the dimension")
        index.append(builtins.slice(a, s * k - b))
    return y[tuple(index)]


def _block_args(op, x, block_shape, amounts, amounts_name, name):
    """Calls ``op`` with ``block_shape`` and the paddings/crops as attributes when both are known before
    running, else as int tensor inputs."""
    block = _static(block_shape)
    pairs = _static(amounts)
    if block is not None and pairs is not None:
        attrs = {"block_shape": block,
                 amounts_name: [tuple(pairs[i:i + 2]) for i in builtins.range(0, len(pairs), 2)]}
        return apply_op(op, [to_tensor(x)], attrs, name=name)
    inputs = [to_tensor(x)] + [to_tensor(v, dtype=None if is_tensor_like(v) else dtypes.int32)
                               for v in (block_shape, amounts)]
    return apply_op(op, inputs, name=name)


def _static(value):
    """The flattened python ints of ``value``, or None when only known at run time."""
    if is_tensor_like(value):
        t = to_tensor(value)
        if not t.dtype.is_integer or not t.shape.is_fully_defined():
            return None
        return static_int_list(t)
    if isinstance(value, (list, tuple)) and any(is_tensor_like(v) or isinstance(v, (list, tuple)) and
                                                any(is_tensor_like(w) for w in v) for v in value):
        return None
    return [int(v) for v in np.asarray(value).reshape(-1).tolist()]


def space_to_batch_nd(input, block_shape, paddings, name=None):  # noqa: A002
    """Mirrors ``tf.space_to_batch_nd`` (op ``SpaceToBatchND``): zero-pads the M spatial dimensions, then moves
    blocks of ``block_shape`` into the batch dimension."""
    return _block_args("SpaceToBatchND", input, block_shape, paddings, "paddings", name)


def space_to_batch(input, block_shape, paddings, name=None):  # noqa: A002
    """Mirrors ``tf.space_to_batch`` (TF2: the same as ``tf.space_to_batch_nd``)."""
    return space_to_batch_nd(input, block_shape, paddings, name=name)


def space_to_batch_v1(input, paddings, block_size=None, name=None, block_shape=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.space_to_batch``: 4-D input, a square ``block_size`` over its two spatial
    dimensions."""
    block_size = block_shape if block_size is None else block_size
    if block_size is None:
        raise TypeError("space_to_batch() missing required argument 'block_size'")
    return space_to_batch_nd(input, [int(block_size)] * 2, paddings, name=name)


def batch_to_space_nd(input, block_shape, crops, name=None):  # noqa: A002
    """Mirrors ``tf.batch_to_space_nd`` (op ``BatchToSpaceND``): the inverse of ``space_to_batch_nd``, then
    ``crops`` removed from the spatial dimensions."""
    return _block_args("BatchToSpaceND", input, block_shape, crops, "crops", name)


def batch_to_space(input, block_shape, crops, name=None):  # noqa: A002
    """Mirrors ``tf.batch_to_space`` (TF2); a scalar ``block_shape`` applies to every spatial dimension of
    ``crops``."""
    bs = static_int_list(block_shape)
    if bs is not None and len(bs) == 1 and not isinstance(block_shape, (list, tuple)) and (
            not is_tensor_like(block_shape) or to_tensor(block_shape).shape.rank == 0):
        n = len(static_int_list(crops)) // 2 if static_int_list(crops) is not None else 2
        block_shape = bs * n
    return batch_to_space_nd(input, block_shape, crops, name=name)


def batch_to_space_v1(input, crops, block_size, name=None, block_shape=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.batch_to_space``: 4-D input, a square ``block_size``."""
    block_size = block_shape if block_size is None else block_size
    return batch_to_space_nd(input, [int(block_size)] * 2, crops, name=name)


def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    """Mirrors ``tf.required_space_to_batch_paddings``: (paddings, crops) that make ``input_shape`` plus
    ``base_paddings`` divisible by ``block_shape``; int32 tensors computed with TF's formula."""
    input_shape = to_tensor(input_shape, dtype=dtypes.int32 if not is_tensor_like(input_shape) else None)
    block_shape = to_tensor(block_shape, dtype=dtypes.int32 if not is_tensor_like(block_shape) else None)
    num_block_dims = block_shape.shape[0]
    if num_block_dims is None:
        raise ValueError("block_shape must have a static length")
    if base_paddings is not None:
        base_paddings = to_tensor(base_paddings, dtype=dtypes.int32 if not is_tensor_like(base_paddings) else None)
    else:
        base_paddings = array_ops.zeros([num_block_dims, 2], dtypes.int32)
    pad_start = base_paddings[:, 0]
    orig_pad_end = base_paddings[:, 1]
    full_input_shape = input_shape + pad_start + orig_pad_end
    pad_end_extra = math_ops.floormod(block_shape - math_ops.floormod(full_input_shape, block_shape), block_shape)
    pad_end = orig_pad_end + pad_end_extra
    paddings = array_ops.stack([[pad_start[i], pad_end[i]] for i in builtins.range(num_block_dims)],
                               name="paddings")
    zero = array_ops.zeros([], dtypes.int32)
    crops = array_ops.stack([[zero, pad_end_extra[i]] for i in builtins.range(num_block_dims)], name="crops")
    return paddings, crops


def _volume_patches_shape(inputs, attrs):
    x = inputs[0].shape
    if x.rank is None:
        return [(TensorShape([None] * 5), inputs[0].dtype)]
    b, *spatial, c = x.as_list()
    k, s = attrs["ksizes"][1:4], attrs["strides"][1:4]
    out = []
    for n, kk, ss in zip(spatial, k, s):
        if n is None:
            out.append(None)
        elif attrs["padding"] == "VALID":
            out.append(max(-(-(n - kk + 1) // ss), 0))
        else:
            out.append(-(-n // ss))
    return [(TensorShape([b] + out + [None if c is None else c * math.prod(k)]), inputs[0].dtype)]


@register_op("ExtractVolumePatches", grad=DIFFERENTIABLE, inputs=("input",),
             types={"input": Arg("T", REAL_NUMBER)}, shape_fn=_volume_patches_shape)
def _extract_volume_patches(x, *, ksizes, strides, padding):
    k, s = ksizes[1:4], strides[1:4]
    if padding == "SAME":
        pads = []
        for n, kk, ss in zip(x.shape[1:4], k, s):
            out = -(-n // ss)
            total = max((out - 1) * ss + kk - n, 0)
            pads.append((total // 2, total - total // 2))
        flat = [0, 0]
        for a, b in reversed(pads):
            flat += [a, b]
        x = torch.nn.functional.pad(x, flat)
    y = x.unfold(1, k[0], s[0]).unfold(2, k[1], s[1]).unfold(3, k[2], s[2])
    # [b, o1, o2, o3, c, k1, k2, k3] -> [b, o1, o2, o3, k1, k2, k3, c]: the patch row-major, channels last.
    y = y.permute(0, 1, 2, 3, 5, 6, 7, 4)
    return y.reshape(tuple(y.shape[:4]) + (-1,))


def extract_volume_patches(input, ksizes, strides, padding, name=None):  # noqa: A002
    """Mirrors ``tf.extract_volume_patches`` (op ``ExtractVolumePatches``): 3-D patches of ``ksizes`` every
    ``strides`` of a 5-D input, flattened into the last dimension."""
    x = to_tensor(input)
    if x.shape.rank is not None and x.shape.rank != 5:
        raise ValueError(f"Shape must be rank 5 but is rank {x.shape.rank}")
    if not isinstance(padding, str) or padding.upper() not in ("SAME", "VALID"):
        raise ValueError(f"Value for attr 'padding' of {padding!r} is not in the list of allowed values: "
                         f"\"SAME\", \"VALID\"")
    ks, st = [int(v) for v in ksizes], [int(v) for v in strides]
    for what, v in (("ksizes", ks), ("strides", st)):
        if len(v) != 5 or v[0] != 1 or v[4] != 1:
            raise errors.InvalidArgumentError(f"Only support {what} across planes, rows and columns.") \
                if len(v) == 5 else ValueError(f"{what} must have 5 elements")
    return apply_op("ExtractVolumePatches", [x], {"ksizes": ks, "strides": st, "padding": padding.upper()},
                    name=name)
