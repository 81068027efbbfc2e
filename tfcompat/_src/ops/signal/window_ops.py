"""``tf.signal`` window functions, computed in the requested dtype with TF's formulas and operation order."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.ops import array_ops, math_ops, nn_ops, scan_ops, special_math_ops
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["hann_window", "hamming_window", "kaiser_window", "kaiser_bessel_derived_window", "vorbis_window"]


def _float_dtype(dtype) -> dtypes.DType:
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {dtype!r}")
    return dtype


def _length(window_length):
    t = to_tensor(window_length, dtype=dtypes.int32)
    if t.shape.rank is not None and t.shape.rank != 0:
        raise ValueError(f"Shape {t.shape} must have rank 0")
    v = constant_value(t)
    return t, None if v is None else int(v)


def _raised_cosine(window_length, periodic, dtype, a: float, b: float):
    dtype = _float_dtype(dtype)
    length, static = _length(window_length)
    if static == 1:
        return array_ops.ones([1], dtype=dtype)
    periodic_t = math_ops.cast(to_tensor(periodic, dtype=dtypes.bool_), dtypes.int32)
    even = 1 - math_ops.floormod(length, 2)
    n = math_ops.cast(length + periodic_t * even - 1, dtype)
    count = math_ops.cast(array_ops.range(length), dtype)
    cos_arg = to_tensor(2 * np.pi, dtype=dtype) * count / n
    window = a - b * math_ops.cos(cos_arg)
    if static is not None:
        return window
    return array_ops.where(math_ops.equal(length, 1), array_ops.ones_like(window), window)


def hann_window(window_length, periodic=True, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.signal.hann_window``: 0.5 - 0.5 cos(2 pi n / N) (N = length, or length - 1 unless
    ``periodic`` and the length is even)."""
    return _raised_cosine(window_length, periodic, dtype, 0.5, 0.5)


def hamming_window(window_length, periodic=True, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.signal.hamming_window``: 0.54 - 0.46 cos(2 pi n / N)."""
    return _raised_cosine(window_length, periodic, dtype, 0.54, 0.46)


def kaiser_window(window_length, beta=12.0, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.signal.kaiser_window`` (through ``bessel_i0e`` as TF, for numerical range)."""
    dtype = _float_dtype(dtype)
    length, static = _length(window_length)
    if static == 1:
        return array_ops.ones([1], dtype=dtype)
    halflen = (math_ops.cast(length, dtypes.float32) - 1.0) / 2.0
    arg = math_ops.cast(array_ops.range(-halflen, halflen + 0.1, dtype=dtypes.float32), dtype)
    beta = math_ops.cast(beta, dtype)
    one = math_ops.cast(1.0, dtype)
    halflen = math_ops.cast(halflen, dtype)
    num = beta * math_ops.sqrt(nn_ops.relu(one - math_ops.square(arg / halflen)))
    return math_ops.exp(num - beta) * (special_math_ops.bessel_i0e(num) / special_math_ops.bessel_i0e(beta))


def kaiser_bessel_derived_window(window_length, beta=12.0, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.signal.kaiser_bessel_derived_window``."""
    dtype = _float_dtype(dtype)
    length, _ = _length(window_length)
    halflen = math_ops.floordiv(length, 2)
    kaiser = kaiser_window(halflen + 1, beta, dtype=dtype)
    csum = scan_ops.cumsum(kaiser)
    half = math_ops.sqrt(csum[:-1] / csum[-1])
    return array_ops.concat([half, half[::-1]], axis=0)


def vorbis_window(window_length, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.signal.vorbis_window``: sin(pi/2 sin^2(pi (n + 0.5) / N))."""
    dtype = _float_dtype(dtype)
    length, _ = _length(window_length)
    arg = math_ops.cast(array_ops.range(length), dtype)
    inner = math_ops.sin(np.pi / math_ops.cast(length, dtype) * (arg + 0.5))
    return math_ops.sin(np.pi / 2.0 * math_ops.pow(inner, 2.0))
