"""More of TF's ``array_ops``: masks, repeats, rolls, grids, searches, partitions, shape utilities (mirrors
``tf.boolean_mask``, ``tf.repeat``, ``tf.roll``, ``tf.meshgrid``, ``tf.strided_slice``, ``tf.searchsorted``,
``tf.unique_with_counts``, ``tf.unravel_index``, ``tf.dynamic_partition``, ``tf.dynamic_stitch``,
``tf.ensure_shape``, ``tf.bitcast``, ``tf.broadcast_static_shape``/``broadcast_dynamic_shape``,
``tf.histogram_fixed_width(_bins)``, ``tf.get_static_value``, ``tf.is_tensor``, ``tf.guarantee_const``,
``tf.parallel_stack``, ``tf.timestamp``, ``tf.vectorized_map``)."""
from __future__ import annotations

import builtins
import time

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import (DIFFERENTIABLE, NO_GRADIENT, NOT_DIFFERENTIABLE, TF_GRADIENT_NONE,
                                            ShapeMismatch, register_op)
from tfcompat._src.framework.op_types import INT32_64, Arg
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape, as_shape
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.ops._helpers import is_tensor_like, static_int_list, to_tensor
from tfcompat._src.ops.slicing_ops import strided_slice_spec

__all__ = ["boolean_mask", "boolean_mask_v1", "repeat", "roll", "meshgrid", "strided_slice", "searchsorted",
           "unique_with_counts", "unravel_index", "dynamic_partition", "dynamic_stitch", "ensure_shape",
           "bitcast", "broadcast_static_shape", "broadcast_dynamic_shape", "histogram_fixed_width",
           "histogram_fixed_width_bins", "get_static_value", "is_tensor", "is_symbolic_tensor", "guarantee_const",
           "parallel_stack", "timestamp", "vectorized_map"]


# ------------------------------------------------------------------------------------------------
# boolean_mask, repeat, meshgrid (composites of registered ops, as in TF)
# ------------------------------------------------------------------------------------------------
def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    """Mirrors ``tf.boolean_mask``: the entries of ``tensor`` where ``mask`` (a boolean tensor whose shape is
    ``tensor.shape[axis:axis + mask.rank]``) is True, the masked dimensions flattened into one. Built from TF's
    ops under TF's ``boolean_mask`` name scope (Shape, StridedSlice, Prod, ConcatV2, Reshape, Where, Squeeze,
    GatherV2: the result is ``boolean_mask/GatherV2``), so its gradient is GatherV2's. Differs from TF: when
    ``tensor``'s shape is fully known the new shape is a python list, without TF's StridedSlice/Prod/ConcatV2
    nodes over constant shapes (eagerly: 11 torch ops instead of 21)."""
    with name_scope(name, "boolean_mask"):
        t = to_tensor(tensor, name="tensor")
        m = to_tensor(mask, name="mask")
        shape_mask = m.shape
        ndims_mask = shape_mask.rank
        shape_tensor = t.shape
        if ndims_mask == 0:
            raise ValueError("mask cannot be scalar.")
        if ndims_mask is None:
            raise ValueError("Number of mask dimensions must be specified, even if some dimensions are None.  "
                             "E.g. shape=[None] is ok, but shape=None is not.")
        # As TF, a negative axis is not normalised: shape_tensor[-1:0] is empty, so it fails the check below.
        axis = 0 if axis is None else int(static_int_list(axis)[0])
        if shape_tensor.rank is not None:
            shape_tensor[axis:axis + ndims_mask].assert_is_compatible_with(shape_mask)
        if shape_tensor.is_fully_defined():
            dims = shape_tensor.as_list()
            new_shape = dims[:axis] + [-1] + dims[axis + ndims_mask:]
        else:
            leading_size = reduction_ops.reduce_prod(array_ops.shape(t)[axis:axis + ndims_mask], [0], name="Prod")
            before = array_ops.shape(t)[:axis]
            packed = array_ops.stack([leading_size], name="concat/values_1")   # TF packs it in concat's scope
            new_shape = array_ops.concat([before, packed, array_ops.shape(t)[axis + ndims_mask:]], 0)
        flat = array_ops.reshape(t, new_shape)
        if shape_tensor.rank is not None and isinstance(flat, SymbolicTensor):
            dims = shape_tensor.as_list()
            flat.set_shape(dims[:axis] + [shape_tensor[axis:axis + ndims_mask].num_elements()]
                           + dims[axis + ndims_mask:])
        indices = array_ops.squeeze(array_ops.where(array_ops.reshape(m, [-1])), axis=[1])
        return array_ops.gather(flat, indices, axis=axis)


def boolean_mask_v1(tensor, mask, name="boolean_mask", axis=None):
    """Mirrors ``tf.compat.v1.boolean_mask`` (TF1 argument order)."""
    return boolean_mask(tensor, mask, axis=axis, name=name)


def repeat(input, repeats, axis=None, name=None):  # noqa: A002
    """Mirrors ``tf.repeat``: each element (or slice along ``axis``) repeated ``repeats`` times; ``axis=None``
    repeats the flattened input. Built as TF builds it (one count: Tile + Reshape; counts per element: Tile +
    boolean_mask with a sequence mask), so values, static shapes and gradients are TF's."""
    x = to_tensor(input, name="input")
    if axis is None:
        x = array_ops.reshape(x, [-1])
        axis = 0
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"Argument `axis` must be an int. Received `axis` = {axis} of type {type(axis).__name__}")
    r = to_tensor(repeats, name="repeats", dtype=dtypes.int32 if not is_tensor_like(repeats) else None)
    if r.dtype not in (dtypes.int32, dtypes.int64):
        r = math_ops.cast(r, dtypes.int32)
    if r.shape.rank is not None and r.shape.rank > 1:
        raise ValueError(f"Shape {format_shape(r.shape)} must have rank at most 1")
    if x.shape.rank is None:
        raise NotImplementedError("tf.repeat of a tensor of unknown rank is not supported by tfcompat")
    if x.shape.rank == 0:
        x = array_ops.stack([x])
    rank = x.shape.rank
    if not -rank <= axis < rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-rank}<=axis<{rank}")
    axis %= rank
    data_shape = _shape_list(x, r.dtype)
    if r.shape.num_elements() == 1:
        r_const = constant_value(r)
        r = array_ops.reshape(r, []) if r_const is None else int(r_const.reshape(()))
        tiled = _tile_one_dimension(array_ops.expand_dims(x, axis + 1), axis + 1, r, rank + 1)
        result_shape = data_shape[:axis] + [_mul(r, data_shape[axis])] + data_shape[axis + 1:]
        return array_ops.reshape(tiled, _as_shape_arg(result_shape), name=name)
    if r.shape.rank == 1:
        TensorShape([x.shape[axis]]).assert_is_compatible_with(TensorShape([r.shape[0]]))
    counts = constant_value(r)   # TF's shape inference evaluates the sum of constant counts
    r = array_ops.broadcast_to(r, _as_shape_arg([data_shape[axis]]))
    from tfcompat._src.ops.nn_ops import sequence_mask
    max_repeat = math_ops.maximum(to_tensor(0, dtype=r.dtype), reduction_ops.reduce_max(r))
    mask = sequence_mask(r, max_repeat)
    if isinstance(mask, SymbolicTensor) and mask.shape.rank is None:
        mask.set_shape(r.shape.concatenate([None]))
    tiled = _tile_one_dimension(array_ops.expand_dims(x, axis + 1), axis + 1, max_repeat, rank + 1)
    if axis == 0:
        result = boolean_mask(tiled, mask)
    else:
        # TF broadcasts the counts to data.shape[:axis + 1]: boolean_mask flattens the dims up through axis.
        lead = _as_shape_arg(data_shape[:axis + 1])
        mask_shape = array_ops.concat([lead, array_ops.shape(mask, out_type=r.dtype)[-1:]], 0) \
            if isinstance(lead, Tensor) else lead + [mask.shape[-1]] if mask.shape[-1] is not None else \
            array_ops.concat([to_tensor(lead, dtype=r.dtype), array_ops.shape(mask, out_type=r.dtype)[-1:]], 0)
        full_mask = array_ops.broadcast_to(mask, mask_shape)
        if isinstance(full_mask, SymbolicTensor):
            full_mask.set_shape(x.shape[:axis + 1].concatenate([None]))
        masked = boolean_mask(tiled, full_mask)
        total = reduction_ops.reduce_sum(r) if counts is None else int(counts.sum())
        result_shape = data_shape[:axis] + [total] + data_shape[axis + 1:]
        result = array_ops.reshape(masked, _as_shape_arg(result_shape))
    if isinstance(result, SymbolicTensor):
        size = 0 if r.shape.rank == 1 and r.shape[0] == 0 else None
        result.set_shape(x.shape[:axis].concatenate([size]).concatenate(x.shape[axis + 1:]))
    if name is not None:
        result = array_ops.identity(result, name=name)
    return result


def _shape_list(x, dtype):
    """``x``'s dims: python ints where static, else scalar tensors of ``dtype``."""
    dynamic = None
    out = []
    for i, d in enumerate(x.shape.as_list()):
        if d is None:
            if dynamic is None:
                dynamic = array_ops.shape(x, out_type=dtype)
            out.append(dynamic[i])
        else:
            out.append(d)
    return out


def _mul(a, b):
    if not isinstance(a, Tensor):
        return a * b if not isinstance(b, Tensor) else b * a
    return a * (math_ops.cast(b, a.dtype) if isinstance(b, Tensor) else b)


def _as_shape_arg(dims):
    """A shape argument: python ints when all are static (constant scalars count), else one stacked tensor."""
    consts = [constant_value(d) if isinstance(d, Tensor) else d for d in dims]
    if all(c is not None for c in consts):
        return [int(c) for c in consts]
    dtype = next(d.dtype for d in dims if isinstance(d, Tensor))
    return array_ops.stack([d if isinstance(d, Tensor) else to_tensor(d, dtype=dtype) for d in dims])


def _tile_one_dimension(data, axis, multiple, rank):
    cm = constant_value(multiple) if isinstance(multiple, Tensor) else multiple
    multiples = [1] * rank
    if cm is not None:
        multiples[axis] = int(cm)
        return array_ops.tile(data, multiples)
    multiples = [to_tensor(1, dtype=multiple.dtype)] * rank
    multiples[axis] = multiple
    return array_ops.tile(data, array_ops.stack(multiples))


def meshgrid(*args, **kwargs):
    """Mirrors ``tf.meshgrid``: N 1-D inputs broadcast to N-D grids (``indexing='xy'`` swaps the first two
    output dimensions, as numpy)."""
    indexing = kwargs.pop("indexing", "xy")
    name = kwargs.pop("name", "meshgrid")
    if kwargs:
        key = list(kwargs)[0]
        raise TypeError(f"'{key}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got '{indexing}'")
    xs = [array_ops.reshape(to_tensor(a), [-1]) for a in args]
    ndim = len(xs)
    s0 = (1,) * ndim
    if not ndim:
        return []
    output = [array_ops.reshape(x, s0[:i] + (-1,) + s0[i + 1:]) for i, x in enumerate(xs)]
    if indexing == "xy" and ndim > 1:
        output[0] = array_ops.reshape(xs[0], (1, -1) + (1,) * (ndim - 2))
        output[1] = array_ops.reshape(xs[1], (-1, 1) + (1,) * (ndim - 2))
    sizes = [array_ops.size(x) for x in xs]
    if indexing == "xy" and ndim > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    static = [x.shape.num_elements() for x in xs]
    if indexing == "xy" and ndim > 1:
        static[0], static[1] = static[1], static[0]
    shape = static if all(s is not None for s in static) else array_ops.stack(sizes)
    # TF multiplies by ones of the full shape; the gradient is the same sum over the broadcast dimensions.
    return [o * array_ops.ones(shape, dtype=o.dtype) for o in output]


# ------------------------------------------------------------------------------------------------
# Roll
# ------------------------------------------------------------------------------------------------
def _roll_check(shapes, attrs, consts):
    shift, axis = attrs.get("shift"), attrs.get("axis")
    if shift is not None and axis is not None and len(shift) != len(axis):
        raise ShapeMismatch(f"shift and axis must have the same size", 
                            "shift and axis must have the same size")
    rank = shapes[0].rank
    if rank == 0:
        raise ShapeMismatch("Shape must be at least rank 1 but is rank 0",
                            "input must be 1-D or higher")
    if rank is not None and axis is not None:
        for a in axis:
            if not -rank <= a < rank:
                raise ShapeMismatch(f"axis {a} is out of range", f"axis {a} is out of range", eager_only=True)


@register_op("Roll", strings=(0,), grad=DIFFERENTIABLE, inputs=("input", "shift", "axis"),
             types={"shift": Arg("Tshift", INT32_64, from_attr="shift"),
                    "axis": Arg("Taxis", INT32_64, from_attr="axis")},
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)], shape_check=_roll_check)
def _roll(x, *dyn, shift=None, axis=None):
    dyn = list(dyn)
    if shift is None:
        shift = dyn.pop(0).reshape(-1).tolist()
    if axis is None:
        axis = dyn.pop(0).reshape(-1).tolist()
    if len(shift) != len(axis):
        raise errors.InvalidArgumentError("shift and axis must have the same size")
    for a in axis:
        if not -x.dim() <= a < x.dim():
            raise errors.InvalidArgumentError(f"axis {a} is out of range")
    return torch.roll(x, shifts=tuple(int(s) for s in shift), dims=tuple(int(a) for a in axis))


def roll(input, shift, axis, name=None):  # noqa: A002
    """Mirrors ``tf.roll`` (op ``Roll``): elements shifted along ``axis``, wrapping around."""
    attrs, inputs = {}, [to_tensor(input)]
    for key, value in (("shift", shift), ("axis", axis)):
        static = static_int_list(value)
        if static is not None and not (is_tensor_like(value) and not to_tensor(value).dtype.is_integer):
            attrs[key] = static
        else:
            inputs.append(to_tensor(value))
    return apply_op("Roll", inputs, attrs, name=name)


# ------------------------------------------------------------------------------------------------
# strided_slice (tf.strided_slice's masks -> the spec Tensor.__getitem__ uses)
# ------------------------------------------------------------------------------------------------
def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0, var=None, name=None):
    """Mirrors ``tf.strided_slice`` with all five masks (op ``StridedSlice``). ``var`` (used by TF for sliced
    assignment) is accepted and ignored."""
    begin_v = _int_components(begin, "begin")
    end_v = _int_components(end, "end")
    strides_v = _int_components(strides, "strides") if strides is not None else [1] * len(begin_v)
    if not len(begin_v) == len(end_v) == len(strides_v):
        raise ValueError("Expected begin, end, and strides to be 1D equal size tensors, but got shapes "
                         f"[{len(begin_v)}], [{len(end_v)}], and [{len(strides_v)}] instead.")
    items = []
    for i, (b, e, s) in enumerate(zip(begin_v, end_v, strides_v)):
        bit = 1 << i
        if ellipsis_mask & bit:
            items.append(Ellipsis)
        elif new_axis_mask & bit:
            items.append(None)
        elif shrink_axis_mask & bit:
            items.append(b)
        else:
            items.append(builtins.slice(None if begin_mask & bit else b, None if end_mask & bit else e, s))
    return strided_slice_spec(to_tensor(input_), tuple(items), name=name or "StridedSlice")


def _int_components(value, what):
    """The components of a 1-D index vector: python ints, or scalar tensors where only known at run time."""
    if is_tensor_like(value):
        t = to_tensor(value)
        cv = constant_value(t)
        if cv is not None:
            return [int(v) for v in cv.reshape(-1).tolist()]
        if t.shape.rank != 1 or t.shape[0] is None:
            raise NotImplementedError(f"tf.strided_slice: a run-time `{what}` needs a static length in tfcompat")
        return array_ops.unstack(t)
    return [v if is_tensor_like(v) else int(v) for v in (value if isinstance(value, (list, tuple))
                                                           else np.asarray(value).reshape(-1).tolist())]


# ------------------------------------------------------------------------------------------------
# searchsorted, unique_with_counts, unravel_index
# ------------------------------------------------------------------------------------------------
def _bound_kernel(right):
    def kernel(sorted_inputs, values, *, out_type=dtypes.int32):
        if sorted_inputs.shape[:-1] != values.shape[:-1]:
            raise errors.InvalidArgumentError("Leading dim_size of both tensors must match.")
        out = torch.searchsorted(sorted_inputs.contiguous(), values.contiguous(), right=right)
        return out.to(out_type.torch_dtype)
    return kernel


def _bound_shape(inputs, attrs):
    return [(inputs[1].shape, attrs.get("out_type", dtypes.int32))]


for _op, _right in (("LowerBound", False), ("UpperBound", True)):
    register_op(_op, grad=NOT_DIFFERENTIABLE, inputs=("sorted_inputs", "values"),
                types={"sorted_inputs": Arg("T"), "values": Arg("T")}, shape_fn=_bound_shape,
                tf_gradient=TF_GRADIENT_NONE)(_bound_kernel(_right))


def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None):
    """Mirrors ``tf.searchsorted`` (ops ``LowerBound``/``UpperBound``): insertion points of ``values`` in the
    innermost dimension of ``sorted_sequence``; leading dimensions must match."""
    s = to_tensor(sorted_sequence)
    v = to_tensor(values)
    out_type = dtypes.as_dtype(out_type)
    if side not in ("left", "right"):
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: `side` = {side}.")
    op = "UpperBound" if side == "right" else "LowerBound"
    sq = array_ops.reshape(s, [-1, s.shape[-1]]) if s.shape.is_fully_defined() else \
        array_ops.reshape(s, array_ops.stack([-1, array_ops.shape(s)[-1]]))
    vq = array_ops.reshape(v, [-1, v.shape[-1]]) if v.shape.is_fully_defined() else \
        array_ops.reshape(v, array_ops.stack([-1, array_ops.shape(v)[-1]]))
    out = apply_op(op, [sq, vq], {"out_type": out_type}, name=name)
    out = array_ops.reshape(out, v.shape.as_list() if v.shape.is_fully_defined() else array_ops.shape(v))
    if isinstance(out, SymbolicTensor):
        out.set_shape(v.shape)
    return out


@register_op("UniqueWithCounts", strings=(0,), grad=NO_GRADIENT, inputs=("x",), num_outputs=3,
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), inputs[0].dtype),
                                             (inputs[0].shape, attrs.get("out_idx", dtypes.int32)),
                                             (TensorShape([None]), attrs.get("out_idx", dtypes.int32))])
def _unique_with_counts(x, *, out_idx=dtypes.int32):
    if x.dim() != 1:
        raise errors.InvalidArgumentError(f"unique expects a 1D vector.")
    # TF orders unique values by first occurrence; torch.unique sorts.
    vals, inverse, counts = torch.unique(x, sorted=True, return_inverse=True, return_counts=True)
    first = torch.full((vals.shape[0],), x.shape[0], dtype=torch.long, device=x.device)
    first = first.scatter_reduce(0, inverse, torch.arange(x.shape[0], device=x.device), reduce="amin")
    order = torch.argsort(first)
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.shape[0], device=x.device)
    idx_dtype = out_idx.torch_dtype
    return x[first[order]], rank[inverse].to(idx_dtype), counts[order].to(idx_dtype)


def unique_with_counts(x, out_idx=dtypes.int32, name=None):
    """Mirrors ``tf.unique_with_counts``: unique values (first-occurrence order), the index of each input in
    them and each value's count. No gradient, as in TF."""
    return apply_op("UniqueWithCounts", [to_tensor(x)], {"out_idx": dtypes.as_dtype(out_idx)}, name=name)


def _unravel_shape(inputs, attrs):
    idx, dims = inputs[0].shape, inputs[1].shape
    n = dims[0] if dims.rank == 1 else None
    if idx.rank == 0:
        return [(TensorShape([n]), inputs[0].dtype)]
    if idx.rank is None:
        return [(TensorShape(None), inputs[0].dtype)]
    return [(TensorShape([n, idx.num_elements()]), inputs[0].dtype)]


@register_op("UnravelIndex", grad=NOT_DIFFERENTIABLE, inputs=("indices", "dims"),
             types={"indices": Arg("Tidx", INT32_64), "dims": Arg("Tidx", INT32_64)}, shape_fn=_unravel_shape)
def _unravel_index(indices, dims):
    if dims.dim() != 1:
        raise errors.InvalidArgumentError(f"The dims input must be a 1-D tensor, got shape {list(dims.shape)}")
    if indices.dim() > 1:
        raise errors.InvalidArgumentError(
            f"The indices input must be a scalar or 1-D tensor, got shape {list(indices.shape)}")
    if bool((dims <= 0).any()):
        raise errors.InvalidArgumentError("Input dims must be > 0")
    total = int(torch.prod(dims.long()))
    flat = indices.reshape(-1).long()
    if bool(((flat < 0) | (flat >= total)).any()):
        raise errors.InvalidArgumentError(f"index out of bounds")
    out = []
    rest = flat
    for d in reversed(dims.long().tolist()):
        out.append(rest % d)
        rest = rest // d
    res = torch.stack(out[::-1]).to(indices.dtype)
    return res.reshape(-1) if indices.dim() == 0 else res


def unravel_index(indices, dims, name=None):
    """Mirrors ``tf.unravel_index`` (op ``UnravelIndex``): flat indices into coordinate arrays for ``dims``."""
    i = to_tensor(indices)
    return apply_op("UnravelIndex", [i, to_tensor(dims, dtype=i.dtype if not is_tensor_like(dims) else None)],
                    name=name)


# ------------------------------------------------------------------------------------------------
# dynamic_partition / dynamic_stitch
# ------------------------------------------------------------------------------------------------
def _partition_shape(inputs, attrs):
    data, parts = inputs[0].shape, inputs[1].shape
    rest = data.as_list()[parts.rank:] if data.rank is not None and parts.rank is not None else None
    shape = TensorShape(None if rest is None else [None] + rest)
    return [(shape, inputs[0].dtype)] * attrs["num_partitions"]


def _partition_check(shapes, attrs, consts):
    data, parts = shapes
    if data.rank is not None and parts.rank is not None and parts.rank <= data.rank:
        if not TensorShape(data.as_list()[:parts.rank]).is_compatible_with(parts):
            raise ShapeMismatch(f"Dimensions must be equal, but are {parts.as_list()} and "
                                f"{data.as_list()[:parts.rank]}",
                                f"data.shape must start with partitions.shape, got data.shape = "
                                f"{format_shape(data)}, partitions.shape = {format_shape(parts)}")


@register_op("DynamicPartition", grad=DIFFERENTIABLE, inputs=("data", "partitions"),
             types={"data": Arg("T"), "partitions": Arg(None, ("int32",))},
             num_outputs=lambda attrs: attrs["num_partitions"], shape_fn=_partition_shape,
             shape_check=_partition_check)
def _dynamic_partition(data, partitions, *, num_partitions):
    if tuple(data.shape[:partitions.dim()]) != tuple(partitions.shape):
        raise errors.InvalidArgumentError(
            f"data.shape must start with partitions.shape, got data.shape = {list(data.shape)}, "
            f"partitions.shape = {list(partitions.shape)}")
    flat_p = partitions.reshape(-1)
    bad = (flat_p < 0) | (flat_p >= num_partitions)
    if bool(bad.any()):
        i = int(torch.nonzero(bad)[0])
        raise errors.InvalidArgumentError(
            f"partitions[{i}] = {int(flat_p[i])} is not in [0, {num_partitions})")
    rows = data.reshape((flat_p.shape[0],) + tuple(data.shape[partitions.dim():]))
    return tuple(rows[flat_p == k] for k in builtins.range(num_partitions))


def dynamic_partition(data, partitions, num_partitions, name=None):
    """Mirrors ``tf.dynamic_partition`` (op ``DynamicPartition``): ``num_partitions`` tensors, the k-th holding
    the slices of ``data`` whose partition is k, in order."""
    return list(apply_op("DynamicPartition", [to_tensor(data), to_tensor(partitions)],
                         {"num_partitions": int(num_partitions)}, name=name))


def dynamic_stitch(indices, data, name=None):
    """Mirrors ``tf.dynamic_stitch`` (op ``DynamicStitch``): ``merged[indices[m][i]] = data[m][i]``; later
    entries win for repeated indices."""
    idx = [to_tensor(i, dtype=dtypes.int32) for i in indices]
    vals = [to_tensor(d) for d in data]
    if len(idx) != len(vals):
        raise ValueError(f"List argument 'data' to 'DynamicStitch' Op with length {len(vals)} must match length "
                         f"{len(idx)} of argument 'indices'.")
    out = apply_op("DynamicStitch", idx + vals, {"N": len(idx)}, name=name)
    consts = [constant_value(i) for i in idx]
    if isinstance(out, SymbolicTensor) and all(c is not None for c in consts) and vals[0].shape.rank is not None:
        size = max((int(c.max()) + 1 for c in consts if c.numel()), default=0)
        out.set_shape(TensorShape([size]).concatenate(vals[0].shape[idx[0].shape.rank:]))
    return out


# ------------------------------------------------------------------------------------------------
# ensure_shape, bitcast, guarantee_const, timestamp
# ------------------------------------------------------------------------------------------------
def _ensure_shape_fn(inputs, attrs):
    return [(inputs[0].shape.merge_with(attrs["shape"]) if inputs[0].shape.is_compatible_with(attrs["shape"])
             else attrs["shape"], inputs[0].dtype)]


def _ensure_shape_check(shapes, attrs, consts):
    if not shapes[0].is_compatible_with(attrs["shape"]):
        raise ShapeMismatch(f"Shapes {format_shape(shapes[0])} and {format_shape(attrs['shape'])} are "
                            f"incompatible", _ensure_message(shapes[0], attrs["shape"]))


def _ensure_message(got, want):
    return f"Shape of tensor x {format_shape(got)} is not compatible with expected shape {format_shape(want)}."


@register_op("EnsureShape", grad=DIFFERENTIABLE, inputs=("input",), shape_fn=_ensure_shape_fn,
             shape_check=_ensure_shape_check)
def _ensure_shape(x, *, shape):
    if not TensorShape(list(x.shape)).is_compatible_with(shape):
        raise errors.InvalidArgumentError(_ensure_message(TensorShape(list(x.shape)), shape))
    return x.view_as(x) if x.requires_grad else x


def ensure_shape(x, shape, name=None):
    """Mirrors ``tf.ensure_shape`` (op ``EnsureShape``): ``x`` unchanged, its static shape refined to ``shape``;
    InvalidArgumentError at run time when the shapes disagree (ValueError while building a graph when they
    are known to)."""
    if not isinstance(shape, TensorShape):
        shape = as_shape(shape)
    return apply_op("EnsureShape", [to_tensor(x)], {"shape": shape}, name=name)


_BITCAST_TYPES = ("bfloat16", "half", "float", "double", "int64", "int32", "uint8", "uint16", "uint32", "uint64",
                  "int8", "int16", "complex64", "complex128")


def _bitcast_shape(inputs, attrs):
    x, out = inputs[0], attrs["type"]
    a, b = x.dtype.size, out.size
    dims = x.shape.as_list() if x.shape.rank is not None else None
    if dims is None or a == b:
        return [(TensorShape(dims), out)]
    if a > b:
        return [(TensorShape(dims + [a // b]), out)]
    return [(TensorShape(dims[:-1]), out)]


@register_op("Bitcast", grad=NO_GRADIENT, inputs=("input",), types={"input": Arg("T", _BITCAST_TYPES)},
             shape_fn=_bitcast_shape)
def _bitcast(x, *, type):  # noqa: A002 - TF's attribute name
    a, b = x.element_size(), torch.empty((), dtype=type.torch_dtype).element_size()
    x = x.contiguous()
    if a == b:
        return x.view(type.torch_dtype)
    if a > b:
        return x.unsqueeze(-1).view(type.torch_dtype)
    if x.dim() == 0 or x.shape[-1] != b // a:
        raise errors.InvalidArgumentError(
            f"Cannot bitcast from {dtypes.as_dtype(x.dtype).name} to {type.name}: shape {list(x.shape)}")
    return x.view(type.torch_dtype).squeeze(-1)


def bitcast(input, type, name=None):  # noqa: A002
    """Mirrors ``tf.bitcast`` (op ``Bitcast``): reinterprets the bytes; a smaller target type adds a last
    dimension, a larger one consumes it. Not differentiable, as in TF."""
    return apply_op("Bitcast", [to_tensor(input)], {"type": dtypes.as_dtype(type)}, name=name)


@register_op("GuaranteeConst", grad=NO_GRADIENT, inputs=("input",),
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _guarantee_const(x):
    return x.view_as(x) if x.requires_grad else x


def guarantee_const(input, name=None):  # noqa: A002
    """Mirrors ``tf.guarantee_const`` (deprecated in TF): the input unchanged."""
    return apply_op("GuaranteeConst", [to_tensor(input)], name=name)


@register_op("Timestamp", grad=NOT_DIFFERENTIABLE, inputs=(), stateful=True, creates=True,
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.float64)])
def _timestamp(*, device=None):
    return torch.tensor(time.time(), dtype=torch.float64, device=device)


def timestamp(name=None):
    """Mirrors ``tf.timestamp`` (op ``Timestamp``): seconds since the epoch as a float64 scalar, taken when the
    op runs."""
    return apply_op("Timestamp", [], name=name)


# ------------------------------------------------------------------------------------------------
# static/dynamic broadcast shapes, histograms
# ------------------------------------------------------------------------------------------------
def _broadcast_dims(x, y):
    """TF's broadcast of two static dim lists (None = unknown), or None when they cannot broadcast."""
    out = []
    for i in builtins.range(1, max(len(x), len(y)) + 1):
        a = x[-i] if i <= len(x) else 1
        b = y[-i] if i <= len(y) else 1
        if a == 1:
            out.append(b)
        elif b == 1:
            out.append(a)
        elif a is None or b is None:
            out.append(a if b is None else b)
        elif a == b:
            out.append(a)
        else:
            return None
    return out[::-1]


def broadcast_static_shape(shape_x, shape_y):
    """Mirrors ``tf.broadcast_static_shape``: the broadcast of two ``TensorShape``s (ValueError if they cannot
    broadcast)."""
    sx, sy = as_shape(shape_x), as_shape(shape_y)
    if sx.rank is None or sy.rank is None:
        return TensorShape(None)
    dims = _broadcast_dims(sx.as_list(), sy.as_list())
    if dims is None:
        raise ValueError(f"Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension "
                         f"pair they are either equal or one of them is 1. Received: {_shape_str(sx)} and "
                         f"{_shape_str(sy)}.")
    return TensorShape(dims)


def _shape_str(s):
    dims = s.as_list()
    return "(" + ", ".join("None" if d is None else str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"


@register_op("BroadcastArgs", grad=NOT_DIFFERENTIABLE, inputs=("s0", "s1"),
             types={"s0": Arg("T", INT32_64), "s1": Arg("T", INT32_64)},
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), inputs[0].dtype)])
def _broadcast_args(s0, s1):
    dims = _broadcast_dims(s0.tolist(), s1.tolist())
    if dims is None:
        raise errors.InvalidArgumentError(f"Incompatible shapes: [{','.join(map(str, s0.tolist()))}] vs. "
                                          f"[{','.join(map(str, s1.tolist()))}]")
    return torch.tensor(dims, dtype=s0.dtype, device=s0.device)


def broadcast_dynamic_shape(shape_x, shape_y):
    """Mirrors ``tf.broadcast_dynamic_shape`` (op ``BroadcastArgs``): the broadcast of two shape vectors."""
    sx = to_tensor(shape_x)
    sy = to_tensor(shape_y, dtype=sx.dtype if not is_tensor_like(shape_y) else None)
    return apply_op("BroadcastArgs", [sx, sy])


@register_op("HistogramFixedWidth", grad=NO_GRADIENT, inputs=("values", "value_range", "nbins"),
             types={"values": Arg("T", ("int32", "int64", "float", "double")),
                    "value_range": Arg("T", ("int32", "int64", "float", "double")),
                    "nbins": Arg(None, ("int32",))},
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), attrs.get("dtype", dtypes.int32))])
def _histogram_fixed_width(values, value_range, nbins, *, dtype=dtypes.int32):
    n = int(nbins)
    if n <= 0:
        raise errors.InvalidArgumentError(f"nbins should be a positive number, but got '{n}'")
    lo, hi = value_range.double().reshape(-1).tolist()[:2]
    if not lo < hi:
        raise errors.InvalidArgumentError(f"value_range should satisfy value_range[0] < value_range[1], but got "
                                          f"'[{lo}, {hi}]'")
    # TF's kernel: in double, ((max(v, lo) - lo) / step) clipped to nbins - 1, then truncated to int32.
    step = (hi - lo) / n
    v = values.reshape(-1).double()
    bins = ((torch.clamp(v, min=lo) - lo) / step).clamp(max=n - 1).to(torch.int32)
    return torch.bincount(bins.long(), minlength=n).to(dtype.torch_dtype)


def histogram_fixed_width(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """Mirrors ``tf.histogram_fixed_width`` (op ``HistogramFixedWidth``): counts in ``nbins`` equal bins over
    ``value_range``; values outside go to the first/last bin."""
    v = to_tensor(values)
    r = to_tensor(value_range, dtype=v.dtype if not is_tensor_like(value_range) else None)
    n = to_tensor(nbins, dtype=dtypes.int32)
    return apply_op("HistogramFixedWidth", [v, r, n], {"dtype": dtypes.as_dtype(dtype)}, name=name)


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """Mirrors ``tf.histogram_fixed_width_bins``: the bin index of each value (int32; TF ignores ``dtype``),
    computed in the values' dtype as TF's python code does."""
    v = to_tensor(values, name="values")
    shape = array_ops.shape(v)
    flat = array_ops.reshape(v, [-1])
    r = to_tensor(value_range, dtype=v.dtype if not is_tensor_like(value_range) else None)
    n = to_tensor(nbins, dtype=dtypes.int32)
    n_float = math_ops.cast(n, v.dtype)
    scaled = math_ops.truediv(flat - r[0], r[1] - r[0])
    indices = math_ops.floor(n_float * scaled)
    indices = math_ops.cast(math_ops.clip_by_value(indices, 0, n_float - 1), dtypes.int32)
    return array_ops.reshape(indices, shape, name=name)


# ------------------------------------------------------------------------------------------------
# predicates and python-level helpers
# ------------------------------------------------------------------------------------------------
def is_tensor(x) -> bool:
    """Mirrors ``tf.is_tensor``: True for tensors, variables and composite tensors (``SparseTensor``, ...)."""
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor") or bool(getattr(x, "is_tensor_like", False)) or \
        type(x).__name__ in ("SparseTensor", "RaggedTensor", "IndexedSlices")


def is_symbolic_tensor(tensor) -> bool:
    """Mirrors ``tf.is_symbolic_tensor``: True for graph (symbolic) tensors, False for eager ones and
    non-tensors."""
    return isinstance(tensor, SymbolicTensor)


def get_static_value(tensor, partial=False):
    """Mirrors ``tf.get_static_value``: the numpy value of a tensor known before running (an eager tensor or a
    constant graph tensor), None otherwise; non-tensors are returned unchanged. ``partial`` is accepted; tfcompat
    folds only whole constants."""
    if isinstance(tensor, np.ndarray) or not is_tensor(tensor):
        return tensor
    if not isinstance(tensor, Tensor):
        if hasattr(tensor, "_as_tensor") and ctx_lib.executing_eagerly():
            tensor = tensor._as_tensor()
        else:
            return None
    if not isinstance(tensor, SymbolicTensor):
        return tensor.numpy()  # as TF: an eager scalar gives a numpy scalar (np.int32(3)), not a 0-d array
    if tensor.dtype == dtypes.string:
        return None
    value = constant_value(tensor)
    if value is None:
        value = _shape_fold(tensor)
    if value is None:
        return None
    return value.detach().cpu().numpy() if isinstance(value, torch.Tensor) else value


def _shape_fold(tensor):
    """TF folds Shape/Size/Rank of a tensor whose static shape is known."""
    op = getattr(tensor, "op", None)
    if op is None:
        return None
    src = op.inputs[0].shape if op.inputs else None
    if op.type == "Shape" and src is not None and src.is_fully_defined():
        return np.array(src.as_list(), dtype=tensor.dtype.as_numpy_dtype)
    if op.type == "Size" and src is not None and src.is_fully_defined():
        # TF builds a Const for tf.size of a fully known shape, so the user sees a 0-d array of out_type
        return np.array(src.num_elements(), dtype=tensor.dtype.as_numpy_dtype)
    if op.type == "Rank" and src is not None and src.rank is not None:
        return np.array(src.rank, dtype=np.int32)
    return None


def parallel_stack(values, name="parallel_stack"):
    """Mirrors ``tf.parallel_stack``: ``tf.stack`` along a new first axis, in graph mode only (TF raises
    RuntimeError under eager execution). tfcompat builds a ``Pack`` op where TF builds ``ParallelConcat``."""
    if ctx_lib.executing_eagerly():
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    return array_ops.stack(values, axis=0, name=name)


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """Mirrors ``tf.vectorized_map``: ``fn`` applied to each slice of ``elems`` along axis 0 and the results
    stacked. tfcompat runs it as a loop (TF vectorizes with pfor; the values are the same)."""
    from tfcompat._src.framework import nest
    flat = [to_tensor(e) for e in nest.flatten(elems)]
    n = flat[0].shape[0] if flat[0].shape.rank else None
    if n is None:
        raise NotImplementedError("tf.vectorized_map needs a static first dimension in tfcompat")
    columns = [array_ops.unstack(e, num=n) for e in flat]
    outs = [fn(nest.pack_sequence_as(elems, [c[i] for c in columns])) for i in builtins.range(n)]
    if not outs:
        raise NotImplementedError("tf.vectorized_map over zero elements is not supported by tfcompat")
    flat_outs = [nest.flatten(o) for o in outs]
    stacked = [array_ops.stack([fo[j] for fo in flat_outs]) for j in builtins.range(len(flat_outs[0]))]
    return nest.pack_sequence_as(outs[0], stacked)
