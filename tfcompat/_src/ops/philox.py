"""TF's counter-based Philox-4x32-10 generator and the sample transforms of its stateless random kernels.

TF's stateless and ``tf.random.Generator`` ops draw from Philox (``tensorflow/core/lib/random/philox_random.h``):
a 128-bit counter and a 64-bit key give four uint32 words per call. The kernels fill their output in groups, one
Philox call per group at ``counter + group index`` (``FillPhiloxRandom``); distributions that may reject samples
(truncated normal) reserve 256 calls per group and read words one at a time. Reproducing this in numpy gives
TF's exact bits. TF's float normal transforms call the C library's ``logf``/``sinf``/``cosf`` element by element
(numpy's float32 versions differ from them in the last bit for about one value in seventy). Here they are computed
in float64 by numpy and rounded to float32, which is the C library's result unless the float64 value lies within
``_LIBM_BAND`` float32 ulps of a rounding midpoint (where the C library's own error may round the other way): only
those few values are passed to the C functions one by one. The double transforms call ``log``/``sin``/``cos``
through :mod:`math` element by element. Where no C math library can be loaded (``libm_available()`` is False)
the rounded float64 results are used throughout, which can differ from TF's in the last bit.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools
import math

import numpy as np

_M32 = np.uint64(0xFFFFFFFF)
_MUL_A = np.uint64(0xD2511F53)
_MUL_B = np.uint64(0xCD9E8D57)
_KEY_A = 0x9E3779B9
_KEY_B = 0xBB67AE85
_ROUNDS = 10
RESERVED_SAMPLES_PER_OUTPUT = 256   # kReservedSamplesPerOutput: a group of k outputs owns k * 256 / 4 calls

__all__ = ["philox", "counter_blocks", "scramble_seed", "uniform_float", "uniform_double", "normal_float",
           "normal_double", "uniform_int", "uniform_full_int", "truncated_normal", "uniform_half",
           "uniform_bfloat16"]


_PHILOX_CHUNK = 1 << 15   # counters per pass: the working arrays (six of uint64) stay in the CPU's cache


def philox(counters: np.ndarray, key: tuple[int, int]) -> np.ndarray:
    """Philox-4x32-10 of each row of ``counters`` (shape [n, 4], uint32 words low first) under ``key``:
    [n, 4] uint32 words, as ``PhiloxRandom::operator()``. The 32-bit words are held in uint64 arrays so that
    one multiplication gives the 64-bit product whose halves the round uses; each chunk is updated in place."""
    n = counters.shape[0]
    out = np.empty((n, 4), np.uint32)
    size = min(n, _PHILOX_CHUNK)
    c0, c1, c2, c3, p0, p1 = (np.empty(size, np.uint64) for _ in range(6))
    shift = np.uint64(32)
    for start in range(0, n, _PHILOX_CHUNK):
        stop = min(n, start + _PHILOX_CHUNK)
        m = stop - start
        if m != size:
            c0, c1, c2, c3, p0, p1 = (a[:m] for a in (c0, c1, c2, c3, p0, p1))
        for c, i in ((c0, 0), (c1, 1), (c2, 2), (c3, 3)):
            c[:] = counters[start:stop, i]
        k0, k1 = int(key[0]), int(key[1])
        for _ in range(_ROUNDS):
            np.multiply(c0, _MUL_A, out=p0)
            np.multiply(c2, _MUL_B, out=p1)
            np.right_shift(p1, shift, out=c0)             # c0' = hi(p1) ^ c1 ^ k0
            np.bitwise_xor(c0, c1, out=c0)
            np.bitwise_xor(c0, np.uint64(k0), out=c0)
            np.bitwise_and(p1, _M32, out=c1)              # c1' = lo(p1)
            np.right_shift(p0, shift, out=c2)             # c2' = hi(p0) ^ c3 ^ k1
            np.bitwise_xor(c2, c3, out=c2)
            np.bitwise_xor(c2, np.uint64(k1), out=c2)
            np.bitwise_and(p0, _M32, out=c3)              # c3' = lo(p0)
            k0 = (k0 + _KEY_A) & 0xFFFFFFFF
            k1 = (k1 + _KEY_B) & 0xFFFFFFFF
        for c, i in ((c0, 0), (c1, 1), (c2, 2), (c3, 3)):
            out[start:stop, i] = c
    return out


def counter_blocks(counter: tuple[int, int, int, int], start: int, count: int, stride: int = 1) -> np.ndarray:
    """The counters ``counter + start + i * stride`` for i < count (128-bit addition), as [count, 4] uint32."""
    base = int(counter[0]) | int(counter[1]) << 32 | int(counter[2]) << 64 | int(counter[3]) << 96
    if count == 0:
        return np.zeros((0, 4), np.uint32)
    lo = (base & (2 ** 64 - 1)) + start
    offsets = np.arange(count, dtype=np.uint64) * np.uint64(stride)
    low64 = np.uint64(lo & (2 ** 64 - 1)) + offsets            # wraps modulo 2**64 like the C++ words
    carry = (low64 < np.uint64(lo & (2 ** 64 - 1))).astype(np.uint64) + np.uint64(lo >> 64)
    high64 = np.uint64(base >> 64) + carry
    out = np.empty((count, 4), np.uint32)
    out[:, 0] = (low64 & _M32).astype(np.uint32)
    out[:, 1] = (low64 >> np.uint64(32)).astype(np.uint32)
    out[:, 2] = (high64 & _M32).astype(np.uint32)
    out[:, 3] = (high64 >> np.uint64(32)).astype(np.uint32)
    return out


def words(key, counter, calls: int) -> np.ndarray:
    """The uint32 words of ``calls`` consecutive Philox calls from ``counter``: shape [calls, 4]."""
    return philox(counter_blocks(counter, 0, calls), key)


def scramble_seed(seed0: int, seed1: int) -> tuple[tuple[int, int], tuple[int, int, int, int]]:
    """TF's ``GenerateKey`` (StatelessRandomGetKeyCounter, Philox): the (key, counter) a 2-element seed selects.
    The seeds are taken as uint64 (an int32 seed is sign-extended first)."""
    s0, s1 = seed0 & (2 ** 64 - 1), seed1 & (2 ** 64 - 1)
    start = np.array([[s0 & 0xFFFFFFFF, s0 >> 32, s1 & 0xFFFFFFFF, s1 >> 32]], np.uint32)
    mix = philox(start, (0x3EC8F720, 0x02461E29))[0]
    return (int(mix[0]), int(mix[1])), (0, 0, int(mix[2]), int(mix[3]))


def _unit_float(w: np.ndarray) -> np.ndarray:
    # Uint32ToFloat: 23 mantissa bits under exponent 0 give [1, 2), minus one.
    bits = (w & np.uint32(0x7FFFFF)) | np.uint32(0x3F800000)
    return bits.view(np.float32) - np.float32(1.0)


def _unit_double(hi: np.ndarray, lo: np.ndarray) -> np.ndarray:
    # Uint64ToDouble: 20 bits of the first word above the 32 of the second.
    man = (hi.astype(np.uint64) & np.uint64(0xFFFFF)) << np.uint64(32) | lo.astype(np.uint64)
    return (man | np.uint64(1023) << np.uint64(52)).view(np.float64) - 1.0


def uniform_float(key, counter, n: int) -> np.ndarray:
    """``UniformDistribution<float>``: four per call."""
    return _unit_float(words(key, counter, -(-n // 4)).reshape(-1)[:n])


def uniform_double(key, counter, n: int) -> np.ndarray:
    """``UniformDistribution<double>``: two per call."""
    w = words(key, counter, -(-n // 2)).reshape(-1, 2)
    return _unit_double(w[:, 0], w[:, 1])[:n]


def uniform_half(key, counter, n: int) -> np.ndarray:
    """``UniformDistribution<Eigen::half>``: 10 mantissa bits of each word's low half, four per call."""
    w = words(key, counter, -(-n // 4)).reshape(-1)[:n]
    bits = ((w & np.uint32(0x3FF)) | np.uint32(15 << 10)).astype(np.uint16)
    return bits.view(np.float16) - np.float16(1.0)


def uniform_bfloat16(key, counter, n: int) -> np.ndarray:
    """``UniformDistribution<bfloat16>``: 7 mantissa bits, as float32 values exactly representable in bfloat16."""
    w = words(key, counter, -(-n // 4)).reshape(-1)[:n]
    bits = ((w & np.uint32(0x7F)) | np.uint32(127 << 7)).astype(np.uint32) << np.uint32(16)
    return bits.view(np.float32) - np.float32(1.0)


@functools.lru_cache(maxsize=None)
def _libm():
    name = ctypes.util.find_library("m")
    if name is None:
        return None
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    fns = []
    for fn_name in ("logf", "sinf", "cosf"):
        fn = getattr(lib, fn_name)
        fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        fns.append(fn)
    return tuple(fns)


def libm_available() -> bool:
    """Whether the C library's float ``logf``/``sinf``/``cosf`` are used (TF's exact normal samples)."""
    return _libm() is not None


# For logf, sinf, cosf: how many float32 ulps from a rounding midpoint a value must be for the rounded float64
# value to be the C library's. glibc's (2.28+) logf errs by at most 0.82 ulp and sinf/cosf by 0.56, i.e. up to
# 0.32 and 0.06 ulp past the midpoint; checked against glibc 2.36 on all 2**23 inputs the kernels can produce
# (u = k / 2**23: logf of max(u, 1e-7), sinf/cosf of float(2 * pi * u)), its results differ from the rounded
# float64 ones only within 0.287, 0.061 and 0.061 ulp of a midpoint. Values nearer than this go to the C functions.
_LIBM_BAND = (0.35, 0.08, 0.08)


def _near_midpoint(exact: np.ndarray, rounded: np.ndarray, band: float) -> np.ndarray:
    """Where float64 ``exact`` may lie within ``band`` float32 ulps of a midpoint next to ``rounded`` (its float32
    rounding): its rounding error is at least ``0.5 - band`` ulps. Powers of two (whose ulp below is half the
    one above), zeros, infs and NaNs count as near."""
    error = np.abs(exact - rounded)
    ulp = np.spacing(np.abs(rounded)).astype(np.float64)
    power_of_two = (rounded.view(np.uint32) & np.uint32(0x7FFFFF)) == 0
    return ~(error < (0.5 - band) * ulp) | power_of_two


def _float_fn(values: np.ndarray, index: int, float64_fn) -> np.ndarray:
    exact = float64_fn(values.astype(np.float64))
    out = exact.astype(np.float32)
    fns = _libm()
    if fns is None:
        return out
    near = _near_midpoint(exact, out, _LIBM_BAND[index])
    if near.any():
        out[near] = np.fromiter(map(fns[index], values[near].tolist()), np.float32, count=int(near.sum()))
    return out


def _double_fn(values: np.ndarray, fn) -> np.ndarray:
    return np.fromiter(map(fn, values.reshape(-1).tolist()), np.float64, count=values.size).reshape(values.shape)


def _box_muller_float(x0: np.ndarray, x1: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # BoxMullerFloat: u1 clamped to 1e-7; v1 = float(2 * M_PI (double) * u); sincosf(v1) -> (sin, cos).
    u1 = np.maximum(_unit_float(x0), np.float32(1.0e-7))
    v1 = (2.0 * np.pi * _unit_float(x1).astype(np.float64)).astype(np.float32)
    u2 = np.sqrt(np.float32(-2.0) * _float_fn(u1, 0, np.log))   # sqrt is correctly rounded everywhere
    return _float_fn(v1, 1, np.sin) * u2, _float_fn(v1, 2, np.cos) * u2


def _box_muller_double(x0, x1, x2, x3) -> tuple[np.ndarray, np.ndarray]:
    u1 = np.maximum(_unit_double(x0, x1), 1.0e-7)
    v1 = 2.0 * np.pi * _unit_double(x2, x3)
    u2 = np.sqrt(-2.0 * _double_fn(u1, math.log))
    return _double_fn(v1, math.sin) * u2, _double_fn(v1, math.cos) * u2


def normal_float(key, counter, n: int) -> np.ndarray:
    """``NormalDistribution<float>``: per call, (sin, cos) of words 0-1 then of words 2-3."""
    w = words(key, counter, -(-n // 4))
    a0, a1 = _box_muller_float(w[:, 0], w[:, 1])
    b0, b1 = _box_muller_float(w[:, 2], w[:, 3])
    return np.stack([a0, a1, b0, b1], axis=1).reshape(-1)[:n]


def normal_double(key, counter, n: int) -> np.ndarray:
    """``NormalDistribution<double>``: two per call."""
    w = words(key, counter, -(-n // 2))
    f0, f1 = _box_muller_double(w[:, 0], w[:, 1], w[:, 2], w[:, 3])
    return np.stack([f0, f1], axis=1).reshape(-1)[:n]


def truncated_normal(key, counter, n: int, double: bool = False) -> np.ndarray:
    """``TruncatedNormalDistribution``: groups of 4 (float) or 2 (double) normals with |x| < 2, each group
    starting ``group * 256 / 4`` Philox calls after the previous one and reading words one at a time."""
    group = 2 if double else 4
    stride = group * RESERVED_SAMPLES_PER_OUTPUT // 4
    groups = -(-n // group)
    out = np.empty((groups, group), np.float64 if double else np.float32)
    calls = 2
    todo = np.arange(groups)
    while todo.size:
        # The first `calls` Philox calls of every pending group; a group short of accepted values retries with more.
        blocks = _group_blocks(counter, todo, calls, stride)
        w = philox(blocks, key).reshape(todo.size, calls * 4)
        if double:
            f0, f1 = _box_muller_double(w[:, 0::4], w[:, 1::4], w[:, 2::4], w[:, 3::4])
        else:
            f0, f1 = _box_muller_float(w[:, 0::2], w[:, 1::2])
        cand = np.stack([f0, f1], axis=2).reshape(todo.size, -1)
        ok = np.abs(cand) < 2.0
        done = ok.sum(axis=1) >= group
        rows = np.nonzero(done)[0]
        # Each finished group's first `group` accepted values, in order (a stable sort puts accepted ones first).
        first = np.argsort(~ok[rows], axis=1, kind="stable")[:, :group]
        out[todo[rows]] = np.take_along_axis(cand[rows], first, axis=1)
        todo = todo[~done]
        calls *= 2
        if calls > stride:
            raise RuntimeError("truncated normal: no accepted samples within the reserved Philox calls")
    return out.reshape(-1)[:n]


def _group_blocks(counter, groups: np.ndarray, calls: int, stride: int) -> np.ndarray:
    if groups.size and np.all(np.diff(groups) == 1):
        first = counter_blocks(counter, int(groups[0]) * stride, groups.size, stride)
        return np.concatenate([_advance(first, j) for j in range(calls)], axis=1).reshape(-1, 4)
    return np.concatenate([counter_blocks(counter, int(g) * stride, calls) for g in groups])


def _advance(blocks: np.ndarray, j: int) -> np.ndarray:
    low = blocks[:, 0].astype(np.uint64) | blocks[:, 1].astype(np.uint64) << np.uint64(32)
    high = blocks[:, 2].astype(np.uint64) | blocks[:, 3].astype(np.uint64) << np.uint64(32)
    new_low = low + np.uint64(j)
    high = high + (new_low < low).astype(np.uint64)
    out = np.empty_like(blocks)
    out[:, 0] = (new_low & _M32).astype(np.uint32)
    out[:, 1] = (new_low >> np.uint64(32)).astype(np.uint32)
    out[:, 2] = (high & _M32).astype(np.uint32)
    out[:, 3] = (high >> np.uint64(32)).astype(np.uint32)
    return out


def uniform_int(key, counter, n: int, minval: int, maxval: int, bits: int) -> np.ndarray:
    """``UniformDistribution<int32|int64>(lo, hi)``: lo + word % (hi - lo) (int64 uses two words per draw)."""
    rng = (maxval - minval) & (2 ** bits - 1)
    with np.errstate(over="ignore"):   # SignedAdd: the sum wraps like the C++ unsigned arithmetic
        if bits == 32:
            w = words(key, counter, -(-n // 4)).reshape(-1)[:n]
            return (w % np.uint32(rng)).view(np.int32) + np.int32(_wrap_int(minval, 32))
        w = words(key, counter, -(-n // 2)).reshape(-1, 2)
        w64 = w[:, 0].astype(np.uint64) | w[:, 1].astype(np.uint64) << np.uint64(32)
        return (w64[:n] % np.uint64(rng)).view(np.int64) + np.int64(_wrap_int(minval, 64))


def uniform_full_int(key, counter, n: int, dtype: str) -> np.ndarray:
    """``UniformFullIntDistribution``: the raw words (two per draw for 64-bit types), as ``dtype``."""
    if dtype in ("int32", "uint32"):
        return words(key, counter, -(-n // 4)).reshape(-1)[:n].view(np.dtype(dtype))
    w = words(key, counter, -(-n // 2)).reshape(-1, 2)
    w64 = w[:, 0].astype(np.uint64) | w[:, 1].astype(np.uint64) << np.uint64(32)
    return w64[:n].view(np.dtype(dtype))


def _wrap_int(v: int, bits: int) -> int:
    return ((v + 2 ** (bits - 1)) % 2 ** bits) - 2 ** (bits - 1)
