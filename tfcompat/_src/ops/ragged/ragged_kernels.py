"""The ragged raw ops: ``RaggedRange``, ``RaggedGather``, ``RaggedTensorToTensor`` and ``RaggedTensorToSparse``.

A ragged value is its nested row splits (int64 vectors, outermost first) and its flat values. Kernels take the
splits as one list argument followed by the other inputs, as TF's ops do. Row-partition arithmetic runs in numpy
on the (small, integer) splits; flat values move with torch indexing, so gradients flow to them through torch
autograd. String flat values (numpy object arrays) move with numpy indexing."""
from __future__ import annotations

import itertools
import math

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32_64, Arg
from tfcompat._src.framework.string_tensor import is_string_value, kernel_numpy, string_value
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["rows_of_values", "take_values"]

_RANGE_TYPES = ("bfloat16", "float", "double", "int32", "int64")


def _splits_numpy(splits) -> list[np.ndarray]:
    return [s.detach().cpu().numpy().astype(np.int64) for s in splits]


def _splits_out(arr: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(arr, dtype=np.int64))


def take_values(values, index: np.ndarray):
    """Rows ``index`` of flat values: torch ``index_select`` (differentiable) or numpy ``take`` for strings."""
    if is_string_value(values):
        return string_value(kernel_numpy(values)[index]) if index.ndim else kernel_numpy(values)[index]
    return values.index_select(0, torch.from_numpy(index.astype(np.int64)).to(values.device))


def _ranges(starts: np.ndarray, limits: np.ndarray) -> np.ndarray:
    """The concatenation of ``arange(starts[i], limits[i])`` (limits >= starts)."""
    lengths = limits - starts
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    offsets = np.repeat(starts - np.concatenate([[0], np.cumsum(lengths)[:-1]]), lengths)
    return np.arange(total, dtype=np.int64) + offsets


def rows_of_values(splits: np.ndarray) -> np.ndarray:
    """TF's ``value_rowids`` of one row-splits vector."""
    return np.repeat(np.arange(len(splits) - 1, dtype=np.int64), np.diff(splits))


# ------------------------------------------------------------------------------------------------
# RaggedRange
# ------------------------------------------------------------------------------------------------
def _ragged_range_shape(inputs, attrs):
    n = None
    for x in inputs:
        if x.shape.rank == 1:
            n = x.shape.as_list()[0]
    splits = TensorShape([None if n is None else n + 1]) if any(x.shape.rank for x in inputs) else TensorShape([2])
    return [(splits, attrs.get("Tsplits", dtypes.int64)), (TensorShape([None]), inputs[0].dtype)]


@register_op("RaggedRange", grad=NOT_DIFFERENTIABLE, inputs=("starts", "limits", "deltas"), num_outputs=2,
             types={n: Arg("T", _RANGE_TYPES) for n in ("starts", "limits", "deltas")},
             shape_fn=_ragged_range_shape)
def _ragged_range(starts, limits, deltas, *, Tsplits=dtypes.int64):
    arrays = [x.detach().cpu().numpy() for x in (starts, limits, deltas)]
    ranks = {a.ndim for a in arrays}
    if max(ranks) > 1:
        raise errors.InvalidArgumentError("starts must be a scalar or vector")
    sizes = {a.shape[0] for a in arrays if a.ndim == 1}
    if len(sizes) > 1:
        raise errors.InvalidArgumentError("starts, limits, and deltas must have the same shape")
    n = sizes.pop() if sizes else 1
    s, l, d = (np.broadcast_to(a, (n,)) for a in arrays)
    pieces, splits = [], [0]
    for start, limit, delta in zip(s.tolist(), l.tolist(), d.tolist()):
        if delta == 0:
            raise errors.InvalidArgumentError("Requires delta != 0")
        exact = isinstance(start, int) and isinstance(limit, int) and isinstance(delta, int)
        size = max(0, -((start - limit) // delta) if exact else math.ceil((limit - start) / delta))
        pieces.append(start + delta * np.arange(size))
        splits.append(splits[-1] + size)
    np_dtype = dtypes.from_torch(starts.dtype).np_dtype if starts.dtype != torch.bfloat16 else np.float32
    values = np.concatenate(pieces).astype(np_dtype) if pieces else np.zeros(0, np_dtype)
    out = torch.from_numpy(values).to(starts.dtype)
    return _splits_out(np.array(splits)).to(Tsplits.torch_dtype), out


# ------------------------------------------------------------------------------------------------
# RaggedGather (rows of the outermost dimension; 1-D indices)
# ------------------------------------------------------------------------------------------------
def _ragged_gather_shape(inputs, attrs):
    n = attrs["N"]
    values = inputs[n]
    inner = values.shape.as_list()[1:] if values.shape.rank else []
    return [(TensorShape([None]), inputs[0].dtype) for _ in range(n)] + [(TensorShape([None] + inner),
                                                                          values.dtype)]


@register_op("RaggedGather", grad=DIFFERENTIABLE, inputs=("params_nested_splits", "params_dense_values", "indices"),
             list_input=True, num_outputs=lambda attrs: attrs["N"] + 1,
             types={"params_nested_splits": Arg("Tsplits", INT32_64), "params_dense_values": Arg("Tvalues"),
                    "indices": Arg("Tindices", INT32_64)},
             shape_fn=_ragged_gather_shape)
def _ragged_gather(*args, N):
    splits, values, indices = _splits_numpy(args[:N]), args[N], args[N + 1]
    rows = indices.detach().cpu().numpy().astype(np.int64).reshape(-1)
    nrows = len(splits[0]) - 1
    for i, r in enumerate(rows.tolist()):
        if not 0 <= r < nrows:
            raise errors.InvalidArgumentError(f"indices[{i}] = {r} is not in [0, {nrows})")
    out_splits = []
    for s in splits:
        starts, limits = s[rows], s[rows + 1]
        out_splits.append(_splits_out(np.concatenate([[0], np.cumsum(limits - starts)])))
        rows = _ranges(starts, limits)
    return (*out_splits, take_values(values, rows))


# ------------------------------------------------------------------------------------------------
# RaggedTensorToSparse
# ------------------------------------------------------------------------------------------------
def value_positions(splits: list[np.ndarray]) -> np.ndarray:
    """[nvals, ragged_rank + 1] int64: each flat value's index in every ragged dimension."""
    n_values = int(splits[-1][-1]) if len(splits[-1]) else 0
    positions = np.arange(n_values, dtype=np.int64)
    columns = []
    for s in reversed(splits):
        rowids = rows_of_values(s)[positions] if n_values else positions
        columns.append(positions - s[rowids] if n_values else positions)
        positions = rowids
    columns.append(positions)
    return np.stack(columns[::-1], axis=1) if n_values else np.zeros((0, len(splits) + 1), np.int64)


def _to_sparse_shape(inputs, attrs):
    n = attrs["N"]
    values = inputs[n]
    rank = None if values.shape.rank is None else n + values.shape.rank
    return [(TensorShape([None, rank]), dtypes.int64), (TensorShape([None]), values.dtype),
            (TensorShape([rank]), dtypes.int64)]


@register_op("RaggedTensorToSparse", grad=DIFFERENTIABLE, inputs=("rt_nested_splits", "rt_dense_values"),
             list_input=True, num_outputs=3, types={"rt_nested_splits": Arg("Tsplits", INT32_64)},
             shape_fn=_to_sparse_shape)
def _ragged_to_sparse(*args, N):
    splits, values = _splits_numpy(args[:N]), args[N]
    ragged_index = value_positions(splits)
    inner = list(values.shape[1:])
    n_inner = int(np.prod(inner)) if inner else 1
    if inner:   # each flat value row expands to its uniform inner elements
        inner_index = np.stack(np.unravel_index(np.arange(n_inner), inner), axis=1) if n_inner else \
            np.zeros((0, len(inner)), np.int64)
        ragged_index = np.concatenate([np.repeat(ragged_index, n_inner, axis=0),
                                       np.tile(inner_index, (len(ragged_index), 1))], axis=1)
    dense = [len(splits[0]) - 1] + [int(np.diff(s).max()) if len(s) > 1 else 0 for s in splits] + inner
    flat = string_value(kernel_numpy(values).reshape(-1)) if is_string_value(values) else values.reshape(-1)
    return _splits_out(ragged_index.reshape(-1, len(dense))), flat, _splits_out(np.array(dense))


# ------------------------------------------------------------------------------------------------
# RaggedTensorToTensor (row-splits partitions)
# ------------------------------------------------------------------------------------------------
def _to_tensor_shape(inputs, attrs):
    n = attrs["N"]
    values, splits0 = inputs[n], inputs[0]
    shape = attrs.get("shape")
    if shape is not None:
        return [(TensorShape([None if d is None or d < 0 else d for d in shape]), values.dtype)]
    inner = values.shape.as_list()[1:] if values.shape.rank else []
    s0 = splits0.shape.as_list()[0] if splits0.shape.rank else None
    return [(TensorShape([None if s0 is None else s0 - 1] + [None] * n + inner), values.dtype)]


@register_op("RaggedTensorToTensor", grad=DIFFERENTIABLE,
             inputs=("row_partition_tensors", "values", "default_value"), list_input=True,
             types={"row_partition_tensors": Arg("Tindex", INT32_64), "values": Arg("T"),
                    "default_value": Arg("T"), "shape": Arg("Tshape", INT32_64, from_attr="shape")},
             shape_fn=_to_tensor_shape)
def _ragged_to_tensor(*args, N, shape=None, row_partition_types=None):
    splits, values, default = _splits_numpy(args[:N]), args[N], args[N + 1]
    strings = is_string_value(values)
    inner = list(kernel_numpy(values).shape[1:]) if strings else list(values.shape[1:])
    natural = [len(splits[0]) - 1] + [int(np.diff(s).max()) if len(s) > 1 else 0 for s in splits] + inner
    out_shape = [n if d is None or d < 0 else int(d) for n, d in zip(natural, shape)] if shape else natural
    if shape and out_shape[N + 1:] != inner:
        raise errors.InvalidArgumentError(
            f"Inner dimensions of the values {inner} do not match the requested shape {out_shape[N + 1:]}")
    index = value_positions(splits)
    keep = np.all(index < np.array(out_shape[:N + 1]), axis=1)
    kept_rows = np.nonzero(keep)[0]
    index = index[keep]
    if strings:
        out = np.empty(out_shape, dtype=object)
        out[...] = kernel_numpy(default)
        if len(index):
            out[tuple(index.T)] = kernel_numpy(values)[kept_rows]
        return string_value(out)
    try:
        base = torch.broadcast_to(default.to(values.dtype), out_shape[N + 1:])
    except RuntimeError:
        raise errors.InvalidArgumentError(
            f"default_value.shape={list(default.shape)} and rt_input.flat_values.shape={list(values.shape)} "
            f"are incompatible: default_value.rank = {default.dim()} must be less than rt_input.flat_values.rank "
            f"= {values.dim()}") from None
    out = base.expand(out_shape).clone()
    if len(index):
        picked = values.index_select(0, torch.from_numpy(kept_rows).to(values.device))
        out = out.index_put(tuple(torch.from_numpy(c).to(values.device) for c in index.T), picked)
    return out


# ------------------------------------------------------------------------------------------------
# RaggedCross (ragged inputs only: the wrapper turns dense and sparse features into ragged ones)
# ------------------------------------------------------------------------------------------------
def _fingerprint_cat64(fp1: int, fp2: int) -> int:
    # TF's FingerprintCat64 (tensorflow/core/platform/fingerprint.h).
    mask, mul = (1 << 64) - 1, 0xC6A4A7935BD1E995
    result = fp1 ^ mul
    t = (fp2 * mul) & mask
    result ^= ((t ^ (t >> 47)) * mul) & mask
    result = (result * mul) & mask
    result = (((result ^ (result >> 47)) * mul) & mask)
    return result ^ (result >> 47)


def _feature_hash(value) -> int:
    from tfcompat._src.ops.string_hash_ops import fingerprint64
    return fingerprint64(value) if isinstance(value, bytes) else int(value) & ((1 << 64) - 1)


def _feature_text(value) -> bytes:
    return value if isinstance(value, bytes) else str(int(value)).encode()


@register_op("RaggedCross", grad=NOT_DIFFERENTIABLE, inputs=("ragged_values", "ragged_row_splits"),
             list_input=True, num_outputs=2, same_type=(),
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), dtypes.int64 if attrs["hashed_output"]
                                              else dtypes.string), (TensorShape([None]), dtypes.int64)])
def _ragged_cross(*args, N, hashed_output=False, num_buckets=0, hash_key=0xDECAFCAFFE, input_order=""):
    n = N // 2
    values = [kernel_numpy(v).reshape(-1).tolist() for v in args[:n]]
    splits = _splits_numpy(args[n:N])
    nrows = len(splits[0]) - 1
    out, out_splits = [], [0]
    key = hash_key & ((1 << 64) - 1)
    for row in range(nrows):
        columns = [vals[s[row]:s[row + 1]] for vals, s in zip(values, splits)]
        for combo in itertools.product(*columns):   # the last feature varies fastest, as TF's
            if hashed_output:
                h = key
                for v in combo:
                    h = _fingerprint_cat64(h, _feature_hash(v))
                out.append(h % num_buckets if num_buckets > 0 else h % ((1 << 63) - 1))
            else:
                out.append(b"_X_".join(_feature_text(v) for v in combo))
        out_splits.append(len(out))
    if hashed_output:
        return torch.tensor(out, dtype=torch.int64), _splits_out(np.array(out_splits))
    strings = np.empty(len(out), dtype=object)
    strings[:] = out
    return strings, _splits_out(np.array(out_splits))
