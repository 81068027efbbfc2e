"""TF's feature crosses: the hashed one (op ``SparseCross`` with ``hashed_output=True``, as
``tf.sparse.cross_hashed`` and ``crossed_column`` build it) and the string one (op ``SparseCrossV2``,
``tf.sparse.cross``). For each batch row, every combination of one value from each input (the last input varying
fastest) is hashed with ``FingerprintCat64`` chained from ``hash_key`` (strings enter as their ``Fingerprint64``,
integers as their int64 bits) and taken modulo ``num_buckets`` (modulo int64 max when 0), or, for the string
cross, its values (ints as decimal digits) are joined with a separator."""
from __future__ import annotations

import itertools

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.string_tensor import is_string_value, kernel_numpy
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import math_ops
from tfcompat._src.ops.string_hash_ops import fingerprint64

__all__ = ["fingerprint_cat64", "sparse_cross", "sparse_cross_hashed", "DEFAULT_HASH_KEY"]

DEFAULT_HASH_KEY = 0xDECAFCAFFE   # TF's sparse_ops._DEFAULT_HASH_KEY
_M64 = (1 << 64) - 1
_INT64_MAX = (1 << 63) - 1
_K_MUL = 0xC6A4A7935BD1E995


def _shift_mix(v: int) -> int:
    return v ^ (v >> 47)


def fingerprint_cat64(fp1: int, fp2: int) -> int:
    """TF's ``FingerprintCat64`` (tensorflow/core/platform/fingerprint.h) on unsigned 64-bit ints."""
    result = fp1 ^ _K_MUL
    result ^= (_shift_mix((fp2 * _K_MUL) & _M64) * _K_MUL) & _M64
    result = (result * _K_MUL) & _M64
    result = (_shift_mix(result) * _K_MUL) & _M64
    return _shift_mix(result)


def _feature_ints(values) -> list:
    """Each value as the unsigned 64-bit int the cross hashes: Fingerprint64 of a string, an int's bits."""
    if is_string_value(values):
        return [fingerprint64(v) for v in kernel_numpy(values).reshape(-1).tolist()]
    return [int(v) & _M64 for v in values.reshape(-1).tolist()]


def _feature_texts(values) -> list:
    """Each value as the bytes the string cross joins: a string itself, an int's decimal digits."""
    if is_string_value(values):
        return kernel_numpy(values).reshape(-1).tolist()
    return [str(int(v)).encode() for v in values.reshape(-1).tolist()]


def _rows_of_sparse(indices, features, batch: int) -> list:
    rows: list[list] = [[] for _ in range(batch)]
    for row, value in zip(indices[:, 0].tolist(), features):
        rows[row].append(value)
    return rows


def _rows_of_dense(features, batch: int) -> list:
    width = len(features) // batch if batch else 0
    return [features[r * width:(r + 1) * width] for r in range(batch)]


def _cross_columns(inputs, n_sparse: int, n_dense: int, as_features) -> tuple:
    """The batch size and, per input (sparse ones first, as TF's kernel orders them), each row's features;
    validated as TF's ``SparseCross`` kernels do (InvalidArgumentError, TF's messages)."""
    indices, values, shapes = inputs[:n_sparse], inputs[n_sparse:2 * n_sparse], inputs[2 * n_sparse:3 * n_sparse]
    dense = inputs[3 * n_sparse:3 * n_sparse + n_dense]
    for i, idx in enumerate(indices):
        if idx.dim() != 2:
            raise errors.InvalidArgumentError(f"Input indices should be a matrix but received shape "
                                              f"{_debug_shape(idx)} at position {i}")
        if idx.shape[1] != 2:
            raise errors.InvalidArgumentError(f"Expected D2 of index to be 2 got {idx.shape[1]} at position {i}")
    dense_shapes = [kernel_numpy(d).shape for d in dense]
    for i, shape in enumerate(dense_shapes):
        if len(shape) != 2:
            raise errors.InvalidArgumentError(f"Dense inputs should be a matrix but received shape "
                                              f"[{','.join(map(str, shape))}] at position {i}")
    sparse_batches = [int(shape[0]) for shape in shapes]
    batch = sparse_batches[0] if sparse_batches else (dense_shapes[0][0] if dense_shapes else 0)
    for i, b in enumerate(sparse_batches):
        if b != batch:
            raise errors.InvalidArgumentError(f"Expected batch size {batch} got {b} at position {i}")
    for i, shape in enumerate(dense_shapes):
        if shape[0] != batch:
            raise errors.InvalidArgumentError(f"Expected batch size {batch} got {shape[0]} at dense tensor {i}")
    columns = [_rows_of_sparse(idx, as_features(vals), batch) for idx, vals in zip(indices, values)]
    columns += [_rows_of_dense(as_features(d), batch) for d in dense]
    return batch, columns


def _debug_shape(t) -> str:
    return "[" + ",".join(str(d) for d in t.shape) + "]"


def _crossed(batch: int, columns, combine) -> tuple:
    """Per row, ``combine`` of every combination of one feature per column (the last column varying
    fastest), as TF's ProductIterator: the indices, the combined values and the dense shape."""
    out_indices, out_values, width = [], [], 0
    if columns:
        for row in range(batch):
            count = 0
            for combo in itertools.product(*(col[row] for col in columns)):
                out_values.append(combine(combo))
                out_indices.append((row, count))
                count += 1
            width = max(width, count)
    indices = torch.from_numpy(np.array(out_indices, dtype=np.int64).reshape(-1, 2))
    return indices, out_values, torch.tensor([batch if columns else 0, width], dtype=torch.int64)


def _cross_shape(inputs, attrs):
    out = dtypes.int64 if "hash_key" in attrs else dtypes.string
    return [(TensorShape([None, 2]), dtypes.int64), (TensorShape([None]), out), (TensorShape([2]), dtypes.int64)]


@register_op("SparseCross", grad=NOT_DIFFERENTIABLE, inputs=("inputs",), list_input=True, num_outputs=3,
             shape_fn=_cross_shape)
def _sparse_cross(*inputs, N, n_sparse, num_buckets, hash_key):
    batch, columns = _cross_columns(inputs, n_sparse, N - 3 * n_sparse, _feature_ints)

    def combine(combo):
        h = hash_key
        for value in combo:
            h = fingerprint_cat64(h, value)
        return h % num_buckets if num_buckets > 0 else h % _INT64_MAX
    indices, values, shape = _crossed(batch, columns, combine)
    return indices, torch.from_numpy(np.array(values, dtype=np.uint64).astype(np.int64)), shape


@register_op("SparseCrossV2", grad=NOT_DIFFERENTIABLE, inputs=("inputs",), list_input=True, num_outputs=3,
             shape_fn=_cross_shape)
def _sparse_cross_v2(*inputs, N, n_sparse):
    # inputs: the sparse indices, values and shapes, the dense inputs, then ``sep`` (a string scalar).
    sep = kernel_numpy(inputs[N - 1]).reshape(-1)[0]
    batch, columns = _cross_columns(inputs, n_sparse, N - 1 - 3 * n_sparse, _feature_texts)
    indices, values, shape = _crossed(batch, columns, sep.join)
    strings = np.empty(len(values), dtype=object)
    strings[:] = values
    return indices, strings, shape


def _cross_inputs(inputs, type_message: str) -> tuple:
    """TF's ``_sparse_cross_internal``: the op inputs (sparse indices, values, shapes, then dense inputs;
    non-string values cast to int64) and the number of sparse inputs."""
    if not isinstance(inputs, (list, tuple)):
        raise TypeError("Inputs must be a list")
    if not all(isinstance(x, (SparseTensor, Tensor)) for x in inputs):
        raise TypeError(type_message)
    sparse = [x for x in inputs if isinstance(x, SparseTensor)]
    dense = [x for x in inputs if not isinstance(x, SparseTensor)]

    def as_supported(t):
        return t if t.dtype is dtypes.string else math_ops.cast(t, dtypes.int64)
    flat = ([s.indices for s in sparse] + [as_supported(s.values) for s in sparse] +
            [s.dense_shape for s in sparse] + [as_supported(d) for d in dense])
    return flat, len(sparse)


def sparse_cross(inputs, name=None, separator=None) -> SparseTensor:
    """Mirrors ``tf.sparse.cross`` (op ``SparseCrossV2``): per batch row, every combination of one value from
    each input (SparseTensors first, then dense tensors, each in list order; the last varying fastest) joined
    with ``separator`` (default ``"_X_"``); integers as their decimal digits. A string SparseTensor."""
    flat, n_sparse = _cross_inputs(inputs, "All inputs must be Tensor or SparseTensor.")
    flat.append(convert_to_tensor("_X_" if separator is None else separator, dtypes.string))
    indices, values, shape = apply_op("SparseCrossV2", flat, {"N": len(flat), "n_sparse": n_sparse}, name=name)
    return SparseTensor(indices, values, shape)


def sparse_cross_hashed(inputs, num_buckets: int = 0, hash_key=None, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.cross_hashed`` (op ``SparseCross``, hashed): the hashed cross of a list of SparseTensors
    and dense tensors (rank 2; strings, or numbers cast to int64), an int64 SparseTensor. As TF, a ``hash_key``
    of 0 (or None) means the default key."""
    flat, n_sparse = _cross_inputs(inputs, "All inputs must be SparseTensors")
    attrs = {"N": len(flat), "n_sparse": n_sparse, "num_buckets": int(num_buckets),
             "hash_key": int(hash_key or DEFAULT_HASH_KEY) & _M64}
    indices, values, shape = apply_op("SparseCross", flat, attrs, name=name)
    return SparseTensor(indices, values, shape)
