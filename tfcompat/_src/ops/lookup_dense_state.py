"""The state of ``tf.lookup.experimental.DenseHashTable`` (TF's ``MutableDenseHashTable``, lookup_table_op.cc):
an open-addressing table laid out exactly as TF's, so ``export`` gives TF's bucket arrays.

Buckets: a power of two (default 131072), key rows ``[num_buckets, key_size]`` filled with ``empty_key`` and
value rows ``[num_buckets, value_size]`` of zeros (a scalar key or value is a row of one). A key's first bucket is
``hash & (num_buckets - 1)`` with TF's hash (an integer key is its own unsigned 64-bit value, a string TF's
``Hash64``, a vector key the ``Hash64Combine`` of its elements); collisions probe quadratically (``+1, +2, ...``).
An insert that would pass ``max_load_factor`` (0.8) doubles the buckets first and re-inserts the old entries in
bucket order; a removed key's bucket holds ``deleted_key``, which a later insert may reuse."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import errors
from tfcompat._src.ops.lookup_table_kernels import element, flat_keys, np_dtype
from tfcompat._src.ops.string_hash_ops import legacy_hash64

__all__ = ["DenseState", "check_num_buckets"]

_M64 = (1 << 64) - 1
_MAX_LOAD_FACTOR = np.float32(0.8)   # TF's attribute default (a C++ float)


def check_num_buckets(n: int) -> int:
    """TF's ``AllocateBuckets`` check on a bucket count."""
    if n < 4 or (n & (n - 1)) != 0:
        raise errors.InvalidArgumentError(f"Number of buckets must be at least 4 and a power of 2, got: {n}")
    return n


def _hash_scalar(v) -> int:
    if isinstance(v, bytes):
        return legacy_hash64(v)
    return int(v) & _M64


def _hash_key(row: tuple) -> int:
    if len(row) == 1:
        return _hash_scalar(row[0])
    result = 0
    for v in row:   # TF's Hash64Combine
        result = (result ^ ((_hash_scalar(v) + 0x9E3779B97F4A7800 + (result << 10) + (result >> 4)) & _M64)) & _M64
    return result


class DenseState:
    """One DenseHashTable's buckets (see the module docstring)."""

    initialized = True
    static = False
    import_key_rank = 1

    def __init__(self, key_dtype, value_dtype, key_shape: list[int], value_shape: list[int], empty_key,
                 deleted_key, num_buckets: int):
        self.key_dtype, self.value_dtype = key_dtype, value_dtype
        self.key_rank = len(key_shape)
        self.key_size = int(np.prod(key_shape, dtype=np.int64)) if key_shape else 1
        self.value_size = int(np.prod(value_shape, dtype=np.int64)) if value_shape else 1
        self.empty = tuple(np.asarray(empty_key, dtype=np_dtype(key_dtype)).reshape(-1).tolist())
        self.deleted = tuple(np.asarray(deleted_key, dtype=np_dtype(key_dtype)).reshape(-1).tolist())
        if self.empty == self.deleted:
            raise errors.InvalidArgumentError("Empty and deleted keys cannot be equal")
        self._allocate(check_num_buckets(num_buckets))

    def _allocate(self, n: int) -> None:
        self.num_buckets = n
        self.num_entries = 0
        self.keys = [self.empty] * n
        self.values = np.zeros((n, self.value_size), dtype=np_dtype(self.value_dtype))
        if self.values.dtype == object:
            self.values[:] = b""

    def size(self) -> int:
        return self.num_entries

    def _key_rows(self, keys: np.ndarray) -> list[tuple]:
        n = 1 if keys.ndim == 0 else keys.shape[0]
        if keys.size != n * self.key_size:
            want = [n] + ([self.key_size] if self.key_rank else [])
            raise errors.InvalidArgumentError(f"Expected key shape {_debug_shape(want)} got "
                                              f"{_debug_shape(keys.shape)}")
        flat = flat_keys(keys)
        return [tuple(flat[i * self.key_size:(i + 1) * self.key_size]) for i in range(n)]

    def _check_special(self, row: tuple) -> None:
        if row == self.empty:
            raise errors.InvalidArgumentError("Using the empty_key as a table key is not allowed")
        if row == self.deleted:
            raise errors.InvalidArgumentError("Using the deleted_key as a table key is not allowed")

    def _probe(self, row: tuple):
        """The buckets ``row`` probes, in TF's order."""
        mask = self.num_buckets - 1
        bucket = _hash_key(row) & mask
        for probes in range(1, self.num_buckets + 1):
            yield bucket
            bucket = (bucket + probes) & mask
        raise errors.InternalError("Internal error in MutableDenseHashTable lookup")

    def find(self, keys: np.ndarray, defaults, value_shape, dtype) -> np.ndarray:
        rows = self._key_rows(keys)
        out = np.empty([len(rows)] + value_shape, dtype=dtype)
        for i, row in enumerate(rows):
            self._check_special(row)
            for b in self._probe(row):
                if self.keys[b] == row:
                    out[i] = element(self.values[b].reshape(value_shape))
                    break
                if self.keys[b] == self.empty:
                    out[i] = element(defaults(i))
                    break
        return out

    def insert(self, keys: np.ndarray, rows: np.ndarray) -> None:
        key_rows = self._key_rows(keys)
        pending = self.num_entries + len(key_rows)
        if np.float32(pending) > np.float32(self.num_buckets) * _MAX_LOAD_FACTOR:
            n = self.num_buckets << 1
            while np.float32(pending) > np.float32(n) * _MAX_LOAD_FACTOR:
                n <<= 1
            self._rebucket(n)
        self._insert_rows(key_rows, rows.reshape(len(key_rows), self.value_size), skip_special=False)

    def _rebucket(self, n: int) -> None:
        old_keys, old_values = self.keys, self.values
        self._allocate(check_num_buckets(n))
        self._insert_rows(old_keys, old_values, skip_special=True)

    def _insert_rows(self, key_rows, value_rows, skip_special: bool) -> None:
        for row, value in zip(key_rows, value_rows):
            if row == self.empty or row == self.deleted:
                if skip_special:
                    continue
                self._check_special(row)
            for b in self._probe(row):
                if self.keys[b] == row:
                    self.values[b] = value
                    break
                if self.keys[b] == self.empty or self.keys[b] == self.deleted:
                    self.num_entries += 1
                    self.keys[b] = row
                    self.values[b] = value
                    break

    def import_(self, keys: np.ndarray, rows: np.ndarray) -> None:
        # TF's ImportValues takes the bucket arrays as they are (a checkpoint's export).
        self.num_buckets = keys.shape[0]
        self.keys = [tuple(r) for r in keys.reshape(self.num_buckets, -1).tolist()]
        self.values = rows.reshape(self.num_buckets, self.value_size).copy()
        self.num_entries = sum(1 for r in self.keys if r != self.empty and r != self.deleted)

    def remove(self, keys: np.ndarray) -> None:
        for row in self._key_rows(keys):
            self._check_special(row)
            for b in self._probe(row):
                if self.keys[b] == row:
                    self.num_entries -= 1
                    self.keys[b] = self.deleted
                    break
                if self.keys[b] == self.empty:
                    break

    def export(self, key_dtype, value_dtype, value_shape):
        k = np.empty((self.num_buckets, self.key_size), dtype=np_dtype(key_dtype))
        k[:] = self.keys
        return k, self.values.copy()


def _debug_shape(shape) -> str:
    return "[" + ",".join(str(int(d)) for d in shape) + "]"
