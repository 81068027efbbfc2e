"""TF's hashed feature cross (op ``SparseCross`` with ``hashed_output=True``, as ``tf.sparse.cross_hashed`` and
``crossed_column`` build it): for each batch row, every combination of one value from each input (the last input
varying fastest) is hashed with ``FingerprintCat64`` chained from ``hash_key`` (strings enter as their
``Fingerprint64``, integers as their int64 bits) and taken modulo ``num_buckets`` (modulo int64 max when 0)."""
from __future__ import annotations

import itertools

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.string_tensor import is_string_value, kernel_numpy
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import math_ops
from tfcompat._src.ops.string_hash_ops import fingerprint64

__all__ = ["fingerprint_cat64", "sparse_cross_hashed", "DEFAULT_HASH_KEY"]

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


def _rows_of_sparse(indices, values, batch: int) -> list:
    rows: list[list[int]] = [[] for _ in range(batch)]
    ints = _feature_ints(values)
    for row, value in zip(indices[:, 0].tolist(), ints):
        rows[row].append(value)
    return rows


def _rows_of_dense(values) -> list:
    arr = kernel_numpy(values)
    batch = arr.shape[0]
    ints = _feature_ints(values if is_string_value(values) else values.reshape(batch, -1))
    width = len(ints) // batch if batch else 0
    return [ints[r * width:(r + 1) * width] for r in range(batch)]


def _cross_shape(inputs, attrs):
    return [(TensorShape([None, 2]), dtypes.int64), (TensorShape([None]), dtypes.int64),
            (TensorShape([2]), dtypes.int64)]


@register_op("SparseCross", grad=NOT_DIFFERENTIABLE, inputs=("inputs",), list_input=True, num_outputs=3,
             shape_fn=_cross_shape)
def _sparse_cross(*inputs, N, n_sparse, num_buckets, hash_key):
    sparse = [(inputs[i], inputs[n_sparse + i], inputs[2 * n_sparse + i]) for i in range(n_sparse)]
    dense = list(inputs[3 * n_sparse:N])
    batches = {int(shape[0]) for _, _, shape in sparse} | {int(kernel_numpy(d).shape[0]) for d in dense}
    if len(batches) != 1:
        raise errors.InvalidArgumentError(f"Expected batch size {min(batches)} got {max(batches)}")
    batch = batches.pop()
    columns = [_rows_of_sparse(idx, vals, batch) for idx, vals, _ in sparse] + [_rows_of_dense(d) for d in dense]
    out_indices, out_values, width = [], [], 0
    for row in range(batch):
        count = 0
        for combo in itertools.product(*(col[row] for col in columns)):
            h = hash_key
            for value in combo:
                h = fingerprint_cat64(h, value)
            out_values.append(h % num_buckets if num_buckets > 0 else h % _INT64_MAX)
            out_indices.append((row, count))
            count += 1
        width = max(width, count)
    indices = torch.from_numpy(np.array(out_indices, dtype=np.int64).reshape(-1, 2))
    values = torch.from_numpy(np.array(out_values, dtype=np.uint64).astype(np.int64))
    return indices, values, torch.tensor([batch, width], dtype=torch.int64)


def sparse_cross_hashed(inputs, num_buckets: int = 0, hash_key=None, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.cross_hashed``: the hashed cross of a list of SparseTensors and dense tensors
    (string or integer, rank 2), an int64 SparseTensor."""
    if not isinstance(inputs, (list, tuple)):
        raise TypeError("Inputs must be a list")
    sparse, dense = [], []
    for x in inputs:
        if isinstance(x, SparseTensor):
            sparse.append(x)
        else:
            dense.append(convert_to_tensor(x))

    def as_supported(t):
        if t.dtype is dtypes.string or t.dtype is dtypes.int64:
            return t
        if t.dtype.is_integer:
            return math_ops.cast(t, dtypes.int64)
        raise TypeError(f"Value passed to parameter 'values' has DataType {t.dtype.name} not in list of allowed "
                        f"values: int64, string")
    flat = ([s.indices for s in sparse] + [as_supported(s.values) for s in sparse] +
            [s.dense_shape for s in sparse] + [as_supported(d) for d in dense])
    attrs = {"N": len(flat), "n_sparse": len(sparse), "num_buckets": int(num_buckets),
             "hash_key": DEFAULT_HASH_KEY if hash_key is None else int(hash_key) & _M64}
    indices, values, shape = apply_op("SparseCross", flat, attrs, name=name)
    return SparseTensor(indices, values, shape)
