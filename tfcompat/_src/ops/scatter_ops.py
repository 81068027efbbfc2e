"""Scatter and segment ops (mirrors ``tf.scatter_nd``, ``tf.tensor_scatter_nd_*``, ``tf.compat.v1.sparse_to_dense``,
``tf.math.segment_*``)."""
from __future__ import annotations

import builtins

import torch

from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT16_32_64, INT32_64, NUMBER, Arg
from tfcompat._src.framework.shape_values import constant_value_as_shape
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops._helpers import match_dtypes, static_int_list, to_tensor


def _index_tuple(indices, shape, op):
    """Splits [..., K] indices into K index tensors; out-of-range entries raise as TF's CPU kernels do."""
    idx = indices.long()
    k = idx.shape[-1]
    if idx.device.type != "meta" and idx.numel():
        bounds = torch.tensor(list(shape[:k]), dtype=torch.long)
        flat = idx.reshape(-1, k)
        bad = ((flat < 0) | (flat >= bounds)).any(-1)
        if bool(bad.any()):
            i = int(torch.nonzero(bad)[0])
            raise errors.InvalidArgumentError(
                f"{op}: indices[{i}] = {flat[i].tolist()} does not index into shape {list(shape)}")
    return tuple(idx[..., i] for i in builtins.range(k))


def _shape_arg(shape_t, shape):
    return [int(v) for v in shape_t.tolist()] if shape_t is not None else list(shape)


@register_op("ScatterNd", strings=(0,), grad=DIFFERENTIABLE, inputs=("indices", "updates", "shape"),
             types={"indices": Arg("Tindices", INT16_32_64), "shape": Arg("Tindices", INT16_32_64)})
def _scatter_nd(indices, updates, shape_t=None, *, shape=None):
    shape = _shape_arg(shape_t, shape)
    out = updates.new_zeros(shape)
    return out.index_put(_index_tuple(indices, shape, "ScatterNd"), updates, accumulate=True)


@register_op("TensorScatterUpdate", strings=(0,), grad=DIFFERENTIABLE, inputs=("tensor", "indices", "updates"),
             types={"tensor": Arg("T"), "indices": Arg("Tindices", ("int16", "int32", "int64", "uint16")),
                    "updates": Arg("T")})
def _tensor_scatter_update(tensor, indices, updates):
    return tensor.index_put(_index_tuple(indices, tensor.shape, "TensorScatterUpdate"), updates)


@register_op("TensorScatterAdd", grad=DIFFERENTIABLE, inputs=("tensor", "indices", "updates"),
             types={"tensor": Arg("T"), "indices": Arg("Tindices", INT32_64), "updates": Arg("T")})
def _tensor_scatter_add(tensor, indices, updates):
    return tensor.index_put(_index_tuple(indices, tensor.shape, "TensorScatterAdd"), updates, accumulate=True)


@register_op("TensorScatterSub", grad=DIFFERENTIABLE, inputs=("tensor", "indices", "updates"),
             types={"tensor": Arg("T"), "indices": Arg("Tindices", INT32_64), "updates": Arg("T")})
def _tensor_scatter_sub(tensor, indices, updates):
    return tensor.index_put(_index_tuple(indices, tensor.shape, "TensorScatterSub"), -updates, accumulate=True)


def _scatter_extreme(tensor, indices, updates, reduce, op):
    """``tensor`` with the min/max of it and the updates at ``indices`` (updates of whole slices when the index
    depth is below the rank). torch's amin/amax gradient splits evenly between tied entries, as TF's does."""
    idx = _index_tuple(indices, tensor.shape, op)
    k = len(idx)
    inner = tuple(tensor.shape[k:])
    strides = [1] * k
    for d in builtins.range(k - 2, -1, -1):
        strides[d] = strides[d + 1] * tensor.shape[d + 1]
    lin = sum(i.reshape(-1) * s for i, s in zip(idx, strides)) if k else torch.zeros(1, dtype=torch.long)
    rows = tensor.reshape((-1,) + inner)
    src = updates.reshape((lin.shape[0],) + inner)
    index = lin.reshape((-1,) + (1,) * len(inner)).expand_as(src)
    return rows.scatter_reduce(0, index, src, reduce=reduce, include_self=True).reshape(tensor.shape)


@register_op("TensorScatterMin", grad=DIFFERENTIABLE, inputs=("tensor", "indices", "updates"),
             types={"tensor": Arg("T"), "indices": Arg("Tindices", INT32_64), "updates": Arg("T")})
def _tensor_scatter_min(tensor, indices, updates):
    return _scatter_extreme(tensor, indices, updates, "amin", "TensorScatterMin")


@register_op("TensorScatterMax", grad=DIFFERENTIABLE, inputs=("tensor", "indices", "updates"),
             types={"tensor": Arg("T"), "indices": Arg("Tindices", INT32_64), "updates": Arg("T")})
def _tensor_scatter_max(tensor, indices, updates):
    return _scatter_extreme(tensor, indices, updates, "amax", "TensorScatterMax")


def _sparse_to_dense_shape(inputs, attrs):
    # TF's MakeShapeFromShapeTensor: the known entries of a partly constant shape (tf.stack([n, 5])) stay known.
    return [(constant_value_as_shape(inputs[1]), inputs[2].dtype)]


@register_op("SparseToDense", strings=(0,), grad=DIFFERENTIABLE,
             inputs=("sparse_indices", "output_shape", "sparse_values", "default_value"),
             types={"sparse_indices": Arg("Tindices", INT32_64), "output_shape": Arg("Tindices", INT32_64),
                    "sparse_values": Arg("T"), "default_value": Arg("T")},
             shape_fn=_sparse_to_dense_shape)
def _sparse_to_dense(indices, shape_t, values, default, *, validate_indices=True):
    shape = [int(v) for v in shape_t.reshape(-1).tolist()]
    idx = indices.long()
    if idx.dim() < 2:  # a scalar or vector of indices into a 1-D output
        idx = idx.reshape(-1, 1)
    n = idx.shape[0]
    if validate_indices and n > 1:
        strides = torch.tensor([int(torch.tensor(shape[d + 1:]).prod()) for d in builtins.range(len(shape))])
        lin = (idx * strides).sum(-1)
        if not bool((lin[1:] > lin[:-1]).all()):
            i = int(torch.nonzero(lin[1:] <= lin[:-1])[0]) + 1
            what = "repeated" if int(lin[i]) == int(lin[i - 1]) else "out of order"
            raise errors.InvalidArgumentError(f"indices[{i}] = {idx[i].tolist()} is {what}. Many sparse ops "
                                              "require sorted indices.")
    out = default.expand(shape)
    vals = values.expand(n) if values.dim() == 0 else values
    return out.index_put(_index_tuple(idx, shape, "SparseToDense"), vals)


def _segment_shape(inputs, attrs):
    data = inputs[0].shape
    return [(TensorShape(None if data.rank is None else [None] + data.as_list()[1:]), inputs[0].dtype)]


def _segment_reduce(data, ids, n, mean):
    flat_ids = ids.long().reshape(-1)
    rows = data.reshape((flat_ids.shape[0],) + tuple(data.shape[ids.dim():]))
    keep = flat_ids >= 0  # TF drops negative ids in the unsorted segment ops
    if not bool(keep.all()):
        flat_ids, rows = flat_ids[keep], rows[keep]
    out = data.new_zeros((n,) + tuple(rows.shape[1:])).index_add(0, flat_ids, rows)
    if mean:
        count = torch.zeros(n, dtype=data.dtype).index_add(0, flat_ids, torch.ones_like(flat_ids, dtype=data.dtype))
        count = count.clamp(min=1).reshape((n,) + (1,) * (out.dim() - 1))
        out = out / count if data.dtype.is_floating_point else torch.div(out, count, rounding_mode="trunc")
    return out


def _check_sorted(ids, op):
    if ids.numel() and int(ids.min()) < 0:
        raise errors.InvalidArgumentError(f"{op}: segment ids must be >= 0")
    if ids.numel() > 1 and not bool((ids[1:] >= ids[:-1]).all()):
        raise errors.InvalidArgumentError(f"{op}: segment ids are not increasing")


@register_op("SegmentSum", grad=DIFFERENTIABLE, inputs=("data", "segment_ids"),
             types={"data": Arg("T", NUMBER), "segment_ids": Arg("Tindices", INT32_64)},
             shape_fn=_segment_shape)
def _segment_sum(data, ids):
    _check_sorted(ids, "SegmentSum")
    n = int(ids.max()) + 1 if ids.numel() else 0
    return _segment_reduce(data, ids, n, mean=False)


@register_op("SegmentMean", grad=DIFFERENTIABLE, inputs=("data", "segment_ids"),
             types={"data": Arg("T", NUMBER), "segment_ids": Arg("Tindices", INT32_64)},
             shape_fn=_segment_shape)
def _segment_mean(data, ids):
    _check_sorted(ids, "SegmentMean")
    n = int(ids.max()) + 1 if ids.numel() else 0
    return _segment_reduce(data, ids, n, mean=True)


def _unsorted_segment_shape(inputs, attrs):
    data, ids = inputs[0].shape, inputs[1].shape
    if data.rank is None or ids.rank is None:
        return [(TensorShape(None), inputs[0].dtype)]
    return [(TensorShape([attrs["num_segments"]] + data.as_list()[ids.rank:]), inputs[0].dtype)]


@register_op("UnsortedSegmentSum", grad=DIFFERENTIABLE, inputs=("data", "segment_ids"),
             types={"data": Arg("T", NUMBER), "segment_ids": Arg("Tindices", INT16_32_64),
                    "num_segments": Arg("Tnumsegments", INT32_64, from_attr="num_segments")},
             shape_fn=_unsorted_segment_shape)
def _unsorted_segment_sum(data, ids, *, num_segments):
    if ids.device.type != "meta" and ids.numel() and int(ids.max()) >= num_segments:
        raise errors.InvalidArgumentError(f"segment_ids[{int(torch.argmax(ids.reshape(-1)))}] = {int(ids.max())} "
                                          f"is out of range [0, {num_segments})")
    return _segment_reduce(data, ids, num_segments, mean=False)


# ------------------------------------------------------------------------------------------------
# public functions
# ------------------------------------------------------------------------------------------------
def _check_policy(policy):
    if policy not in ("", "DEFAULT", "ERROR"):
        raise NotImplementedError(f"bad_indices_policy={policy!r} is not supported by tfcompat (bad indices "
                                  "raise InvalidArgumentError, as TF's CPU kernels do by default).")


def scatter_nd(indices, updates, shape, bad_indices_policy: str = "", name=None):
    """Mirrors ``tf.scatter_nd``: zeros of ``shape`` with ``updates`` summed in at ``indices``."""
    _check_policy(bad_indices_policy)
    i, u = to_tensor(indices), to_tensor(updates)
    s = static_int_list(shape)
    if s is not None and -1 not in s:
        return apply_op("ScatterNd", [i, u], {"shape": s}, name=name)
    return apply_op("ScatterNd", [i, u, to_tensor(shape, dtype=i.dtype)], name=name)


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    """Mirrors ``tf.tensor_scatter_nd_update`` (op ``TensorScatterUpdate``)."""
    t, u = match_dtypes(tensor, updates)
    return apply_op("TensorScatterUpdate", [t, to_tensor(indices), u], name=name)


def _tensor_scatter(op_type: str, tensor, indices, updates, bad_indices_policy: str, name):
    """The shared body of ``tf.tensor_scatter_nd_{add,sub,min,max}``."""
    _check_policy(bad_indices_policy)
    t, u = match_dtypes(tensor, updates)
    return apply_op(op_type, [t, to_tensor(indices), u], name=name)


def tensor_scatter_nd_add(tensor, indices, updates, bad_indices_policy: str = "", name=None):
    """Mirrors ``tf.tensor_scatter_nd_add`` (op ``TensorScatterAdd``)."""
    return _tensor_scatter("TensorScatterAdd", tensor, indices, updates, bad_indices_policy, name)


def tensor_scatter_nd_sub(tensor, indices, updates, bad_indices_policy: str = "", name=None):
    """Mirrors ``tf.tensor_scatter_nd_sub`` (op ``TensorScatterSub``)."""
    return _tensor_scatter("TensorScatterSub", tensor, indices, updates, bad_indices_policy, name)


def tensor_scatter_nd_min(tensor, indices, updates, bad_indices_policy: str = "", name=None):
    """Mirrors ``tf.tensor_scatter_nd_min`` (op ``TensorScatterMin``)."""
    return _tensor_scatter("TensorScatterMin", tensor, indices, updates, bad_indices_policy, name)


def tensor_scatter_nd_max(tensor, indices, updates, bad_indices_policy: str = "", name=None):
    """Mirrors ``tf.tensor_scatter_nd_max`` (op ``TensorScatterMax``)."""
    return _tensor_scatter("TensorScatterMax", tensor, indices, updates, bad_indices_policy, name)


def sparse_to_dense(sparse_indices, output_shape, sparse_values, default_value=0, validate_indices=True,
                    name=None):
    """Mirrors ``tf.compat.v1.sparse_to_dense`` (op ``SparseToDense``); with ``validate_indices`` unsorted or
    repeated indices raise InvalidArgumentError as in TF."""
    i = to_tensor(sparse_indices)
    v, d = match_dtypes(sparse_values, default_value)
    return apply_op("SparseToDense", [i, to_tensor(output_shape, dtype=i.dtype), v, d],
                    {"validate_indices": bool(validate_indices)}, name=name)


def segment_sum(data, segment_ids, name=None):
    """Mirrors ``tf.math.segment_sum``; ids must be sorted (InvalidArgumentError otherwise, as on TF's CPU)."""
    return apply_op("SegmentSum", [to_tensor(data), to_tensor(segment_ids)], name=name)


def segment_mean(data, segment_ids, name=None):
    """Mirrors ``tf.math.segment_mean``; empty segments are 0."""
    return apply_op("SegmentMean", [to_tensor(data), to_tensor(segment_ids)], name=name)


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    """Mirrors ``tf.math.unsorted_segment_sum``; negative ids are dropped as in TF. ``num_segments`` must be a
    constant in tfcompat."""
    n = static_int_list(num_segments)
    if n is None or len(n) != 1:
        raise NotImplementedError("unsorted_segment_sum needs a constant num_segments in tfcompat.")
    return apply_op("UnsortedSegmentSum", [to_tensor(data), to_tensor(segment_ids)], {"num_segments": n[0]},
                    name=name)
