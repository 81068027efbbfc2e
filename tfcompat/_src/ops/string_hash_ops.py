"""String hashing of ``tf.strings``: ``to_hash_bucket_fast`` (FarmHash ``Fingerprint64``),
``to_hash_bucket_strong`` (SipHash-2-4 with a 128-bit key) and ``to_hash_bucket`` (TF's legacy ``Hash64``, a
MurmurHash64A with seed 0xDECAFCAFFE); ops ``StringToHashBucketFast``, ``StringToHashBucketStrong``,
``StringToHashBucket``. Pure-python 64-bit arithmetic; the bucket is ``hash % num_buckets`` (int64)."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.api_dispatch import add_dispatch_support  # RaggedTensor: ragged_string_ops.py
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import STRING, Arg
from tfcompat._src.framework.string_tensor import as_bytes_array

__all__ = ["fingerprint64", "siphash24", "legacy_hash64", "to_hash_bucket", "to_hash_bucket_v1",
           "to_hash_bucket_fast", "to_hash_bucket_strong"]

_M64 = (1 << 64) - 1


def _u64(b: bytes, i: int) -> int:
    return int.from_bytes(b[i:i + 8], "little")


def _u32(b: bytes, i: int) -> int:
    return int.from_bytes(b[i:i + 4], "little")


def _rot(v: int, s: int) -> int:   # rotate right, as farmhash's Rotate
    return v if s == 0 else ((v >> s) | (v << (64 - s))) & _M64


def _shift_mix(v: int) -> int:
    return v ^ (v >> 47)


# ------------------------------------------------------------------------------------------------
# FarmHash Fingerprint64 (farmhashna::Hash64)
# ------------------------------------------------------------------------------------------------
_K0, _K1, _K2 = 0xC3A5C85C97CB3127, 0xB492B66FBE98F273, 0x9AE16A3B2F90404F


def _hash_len16(u: int, v: int, mul: int) -> int:
    a = ((u ^ v) * mul) & _M64
    a ^= a >> 47
    b = ((v ^ a) * mul) & _M64
    b ^= b >> 47
    return (b * mul) & _M64


def _len0to16(s: bytes) -> int:
    n = len(s)
    if n >= 8:
        mul = (_K2 + n * 2) & _M64
        a = (_u64(s, 0) + _K2) & _M64
        b = _u64(s, n - 8)
        c = (_rot(b, 37) * mul + a) & _M64
        d = ((_rot(a, 25) + b) * mul) & _M64
        return _hash_len16(c, d, mul)
    if n >= 4:
        mul = (_K2 + n * 2) & _M64
        a = _u32(s, 0)
        return _hash_len16((n + (a << 3)) & _M64, _u32(s, n - 4), mul)
    if n > 0:
        a, b, c = s[0], s[n >> 1], s[n - 1]
        y = (a + (b << 8)) & 0xFFFFFFFF
        z = (n + (c << 2)) & 0xFFFFFFFF
        return (_shift_mix(((y * _K2) ^ (z * _K0)) & _M64) * _K2) & _M64
    return _K2


def _len17to32(s: bytes) -> int:
    n = len(s)
    mul = (_K2 + n * 2) & _M64
    a = (_u64(s, 0) * _K1) & _M64
    b = _u64(s, 8)
    c = (_u64(s, n - 8) * mul) & _M64
    d = (_u64(s, n - 16) * _K2) & _M64
    return _hash_len16((_rot((a + b) & _M64, 43) + _rot(c, 30) + d) & _M64,
                       (a + _rot((b + _K2) & _M64, 18) + c) & _M64, mul)


def _len33to64(s: bytes) -> int:
    n = len(s)
    mul = (_K2 + n * 2) & _M64
    a = (_u64(s, 0) * _K2) & _M64
    b = _u64(s, 8)
    c = (_u64(s, n - 8) * mul) & _M64
    d = (_u64(s, n - 16) * _K2) & _M64
    y = (_rot((a + b) & _M64, 43) + _rot(c, 30) + d) & _M64
    z = _hash_len16(y, (a + _rot((b + _K2) & _M64, 18) + c) & _M64, mul)
    e = (_u64(s, 16) * mul) & _M64
    f = _u64(s, 24)
    g = ((y + _u64(s, n - 32)) * mul) & _M64
    h = ((z + _u64(s, n - 24)) * mul) & _M64
    return _hash_len16((_rot((e + f) & _M64, 43) + _rot(g, 30) + h) & _M64,
                       (e + _rot((f + a) & _M64, 18) + g) & _M64, mul)


def _weak32(s: bytes, i: int, a: int, b: int) -> tuple[int, int]:
    w, x, y, z = _u64(s, i), _u64(s, i + 8), _u64(s, i + 16), _u64(s, i + 24)
    a = (a + w) & _M64
    b = _rot((b + a + z) & _M64, 21)
    c = a
    a = (a + x + y) & _M64
    b = (b + _rot(a, 44)) & _M64
    return (a + z) & _M64, (b + c) & _M64


def fingerprint64(s: bytes) -> int:
    """FarmHash's ``Fingerprint64`` (TF's ``Fingerprint64``) of ``s``, as an unsigned 64-bit int."""
    n = len(s)
    if n <= 16:
        return _len0to16(s)
    if n <= 32:
        return _len17to32(s)
    if n <= 64:
        return _len33to64(s)
    seed = 81
    x = seed
    y = (seed * _K1 + 113) & _M64
    z = (_shift_mix((y * _K2 + 113) & _M64) * _K2) & _M64
    v = (0, 0)
    w = (0, 0)
    x = (x * _K2 + _u64(s, 0)) & _M64
    end = ((n - 1) // 64) * 64
    last64 = end + ((n - 1) & 63) - 63
    i = 0
    while True:
        x = (_rot((x + y + v[0] + _u64(s, i + 8)) & _M64, 37) * _K1) & _M64
        y = (_rot((y + v[1] + _u64(s, i + 48)) & _M64, 42) * _K1) & _M64
        x ^= w[1]
        y = (y + v[0] + _u64(s, i + 40)) & _M64
        z = (_rot((z + w[0]) & _M64, 33) * _K1) & _M64
        v = _weak32(s, i, (v[1] * _K1) & _M64, (x + w[0]) & _M64)
        w = _weak32(s, i + 32, (z + w[1]) & _M64, (y + _u64(s, i + 16)) & _M64)
        z, x = x, z
        i += 64
        if i == end:
            break
    mul = (_K1 + ((z & 0xFF) << 1)) & _M64
    i = last64
    w = ((w[0] + ((n - 1) & 63)) & _M64, w[1])
    v = ((v[0] + w[0]) & _M64, v[1])
    w = ((w[0] + v[0]) & _M64, w[1])
    x = (_rot((x + y + v[0] + _u64(s, i + 8)) & _M64, 37) * mul) & _M64
    y = (_rot((y + v[1] + _u64(s, i + 48)) & _M64, 42) * mul) & _M64
    x ^= (w[1] * 9) & _M64
    y = (y + v[0] * 9 + _u64(s, i + 40)) & _M64
    z = (_rot((z + w[0]) & _M64, 33) * mul) & _M64
    v = _weak32(s, i, (v[1] * mul) & _M64, (x + w[0]) & _M64)
    w = _weak32(s, i + 32, (z + w[1]) & _M64, (y + _u64(s, i + 16)) & _M64)
    z, x = x, z
    return _hash_len16((_hash_len16(v[0], w[0], mul) + _shift_mix(y) * _K0 + z) & _M64,
                       (_hash_len16(v[1], w[1], mul) + x) & _M64, mul)


# ------------------------------------------------------------------------------------------------
# SipHash-2-4
# ------------------------------------------------------------------------------------------------
def _rotl(v: int, s: int) -> int:
    return ((v << s) | (v >> (64 - s))) & _M64


def siphash24(k0: int, k1: int, s: bytes) -> int:
    """SipHash-2-4 of ``s`` with the 128-bit key (``k0``, ``k1``) (TF's ``StrongKeyedHash``)."""
    v0 = k0 ^ 0x736F6D6570736575
    v1 = k1 ^ 0x646F72616E646F6D
    v2 = k0 ^ 0x6C7967656E657261
    v3 = k1 ^ 0x7465646279746573

    def rounds(v0, v1, v2, v3, n):
        for _ in range(n):
            v0 = (v0 + v1) & _M64
            v1 = _rotl(v1, 13) ^ v0
            v0 = _rotl(v0, 32)
            v2 = (v2 + v3) & _M64
            v3 = _rotl(v3, 16) ^ v2
            v0 = (v0 + v3) & _M64
            v3 = _rotl(v3, 21) ^ v0
            v2 = (v2 + v1) & _M64
            v1 = _rotl(v1, 17) ^ v2
            v2 = _rotl(v2, 32)
        return v0, v1, v2, v3

    n = len(s)
    full = n - n % 8
    for i in range(0, full, 8):
        m = _u64(s, i)
        v3 ^= m
        v0, v1, v2, v3 = rounds(v0, v1, v2, v3, 2)
        v0 ^= m
    last = ((n & 0xFF) << 56) | int.from_bytes(s[full:], "little")
    v3 ^= last
    v0, v1, v2, v3 = rounds(v0, v1, v2, v3, 2)
    v0 ^= last
    v2 ^= 0xFF
    v0, v1, v2, v3 = rounds(v0, v1, v2, v3, 4)
    return v0 ^ v1 ^ v2 ^ v3


# ------------------------------------------------------------------------------------------------
# TF's legacy Hash64 (MurmurHash64A, seed 0xDECAFCAFFE)
# ------------------------------------------------------------------------------------------------
def legacy_hash64(s: bytes, seed: int = 0xDECAFCAFFE) -> int:
    """TF's ``Hash64`` (``tensorflow/core/lib/hash/hash.cc``) of ``s``."""
    m, r = 0xC6A4A7935BD1E995, 47
    n = len(s)
    h = (seed ^ (n * m)) & _M64
    full = n - n % 8
    for i in range(0, full, 8):
        k = (_u64(s, i) * m) & _M64
        k ^= k >> r
        k = (k * m) & _M64
        h ^= k
        h = (h * m) & _M64
    tail = s[full:]
    if tail:
        h ^= int.from_bytes(tail, "little")
        h = (h * m) & _M64
    h ^= h >> r
    h = (h * m) & _M64
    h ^= h >> r
    return h


# ------------------------------------------------------------------------------------------------
# ops
# ------------------------------------------------------------------------------------------------
def _buckets(x, num_buckets: int, hash_fn) -> torch.Tensor:
    a = as_bytes_array(x)
    values = [hash_fn(s) % num_buckets for s in a.reshape(-1).tolist()]
    return torch.from_numpy(np.array(values, dtype=np.int64).reshape(a.shape))


def _bucket_shape(inputs, attrs):
    return [(inputs[0].shape, dtypes.int64)]


@register_op("StringToHashBucketFast", grad=NOT_DIFFERENTIABLE, inputs=("input",),
             types={"input": Arg(None, STRING)}, shape_fn=_bucket_shape)
def _to_hash_bucket_fast(x, *, num_buckets):
    return _buckets(x, num_buckets, fingerprint64)


@register_op("StringToHashBucketStrong", grad=NOT_DIFFERENTIABLE, inputs=("input",),
             types={"input": Arg(None, STRING)}, shape_fn=_bucket_shape)
def _to_hash_bucket_strong(x, *, num_buckets, key):
    k0, k1 = (int(k) & _M64 for k in key)
    return _buckets(x, num_buckets, lambda s: siphash24(k0, k1, s))


@register_op("StringToHashBucket", grad=NOT_DIFFERENTIABLE, inputs=("string_tensor",),
             types={"string_tensor": Arg(None, STRING)}, shape_fn=_bucket_shape)
def _to_hash_bucket(x, *, num_buckets):
    return _buckets(x, num_buckets, legacy_hash64)


def _check_buckets(num_buckets) -> int:
    n = int(num_buckets)
    if n < 1:
        raise errors.InvalidArgumentError(f"Value for attr 'num_buckets' of {n} must be at least minimum 1")
    return n


@add_dispatch_support
def to_hash_bucket_fast(input, num_buckets, name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.strings.to_hash_bucket_fast`` (op ``StringToHashBucketFast``): FarmHash Fingerprint64 of
    each string modulo ``num_buckets`` (int64)."""
    x = convert_to_tensor(input, dtype=dtypes.string)
    return apply_op("StringToHashBucketFast", [x], {"num_buckets": _check_buckets(num_buckets)}, name=name)


@add_dispatch_support
def to_hash_bucket_strong(input, num_buckets, key, name=None):  # noqa: A002
    """Mirrors ``tf.strings.to_hash_bucket_strong`` (op ``StringToHashBucketStrong``): SipHash-2-4 keyed by the
    two ints of ``key``, modulo ``num_buckets``."""
    key = [int(k) for k in key]
    if len(key) != 2:
        raise errors.InvalidArgumentError(f"Key must have 2 elements, got {len(key)}")
    x = convert_to_tensor(input, dtype=dtypes.string)
    return apply_op("StringToHashBucketStrong", [x], {"num_buckets": _check_buckets(num_buckets), "key": key},
                    name=name)


@add_dispatch_support
def to_hash_bucket(input, num_buckets, name=None):  # noqa: A002
    """Mirrors ``tf.strings.to_hash_bucket`` (op ``StringToHashBucket``): TF's legacy ``Hash64`` of each
    string modulo ``num_buckets``."""
    x = convert_to_tensor(input, dtype=dtypes.string)
    return apply_op("StringToHashBucket", [x], {"num_buckets": _check_buckets(num_buckets)}, name=name)


def to_hash_bucket_v1(string_tensor=None, num_buckets=None, name=None, input=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.strings.to_hash_bucket`` (``string_tensor``, TF2's ``input`` accepted)."""
    return to_hash_bucket(input if string_tensor is None else string_tensor, num_buckets, name=name)
