"""TF NumPy's array creation functions (TF's ``np_array_ops``: zeros, ones, full, arange, eye, tri, ...)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.numpy_api import math_ufuncs, np_dtypes, shape_ops
from tfcompat._src.numpy_api.np_arrays import array, asarray, broadcast_fill
from tfcompat._src.ops import array_more_ops, array_ops, linalg_more_ops, linalg_ops, math_ops

__all__ = ["empty", "empty_like", "zeros", "zeros_like", "ones", "ones_like", "full", "full_like", "eye",
           "identity", "arange", "linspace", "logspace", "geomspace", "tri", "tril", "triu", "diag_indices",
           "meshgrid", "ix_", "vander"]


def zeros(shape, dtype=float):
    """Mirrors ``tnp.zeros`` (dtype float: the default float type, float64 unless prefer_float32)."""
    dtype = np_dtypes.result_type(dtype) if dtype else np_dtypes.default_float_type()
    return array_ops.zeros(shape, dtype=dtypes.as_dtype(dtype))


def empty(shape, dtype=float):
    """Mirrors ``tnp.empty``: zeros, as in TF."""
    return zeros(shape, dtype)


def zeros_like(a, dtype=None):
    """Mirrors ``tnp.zeros_like``."""
    return array_ops.zeros_like(a, np_dtypes.result_type_unary(a, dtype))


def empty_like(a, dtype=None):
    """Mirrors ``tnp.empty_like``: zeros, as in TF."""
    return zeros_like(a, dtype)


def ones(shape, dtype=float):
    """Mirrors ``tnp.ones``."""
    dtype = np_dtypes.result_type(dtype) if dtype else dtypes.float32
    return array_ops.ones(shape, dtype=dtype)


def ones_like(a, dtype=None):
    """Mirrors ``tnp.ones_like``."""
    return array_ops.ones_like(a, np_dtypes.result_type_unary(a, dtype))


def full(shape, fill_value, dtype=None):
    """Mirrors ``tnp.full``: ``fill_value`` (dtype by NumPy's rules) broadcast to ``shape``."""
    return broadcast_fill(shape, fill_value, dtype)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    """Mirrors ``tnp.full_like`` (order 'K', subok and no shape override only, as TF)."""
    if order != "K":
        raise ValueError("Non-standard orders are not supported.")
    if not subok:
        raise ValueError("subok being False is not supported.")
    if shape:
        raise ValueError("Overriding the shape is not supported.")
    a = asarray(a)
    dtype = dtype or a.dtype
    return array_ops.broadcast_to(asarray(fill_value, dtype=dtype), array_ops.shape(a))


def eye(N, M=None, k=0, dtype=float):  # noqa: N803 - NumPy's argument names
    """Mirrors ``tnp.eye``."""
    dtype = np_dtypes.result_type(dtype) if dtype else dtypes.float32
    N, M, k = int(N), int(M or N), int(k)
    if k >= M or -k >= N:
        return zeros([N, M], dtype=dtype)
    if k == 0:
        return linalg_ops.eye(N, M, dtype=dtype)
    # ones where column - row == k (tfcompat's MatrixDiagV3 takes k=0 only)
    offsets = array_ops.range(M)[None, :] - array_ops.range(N)[:, None]
    return math_ops.cast(math_ops.equal(offsets, k), dtype)


def identity(n, dtype=float):
    """Mirrors ``tnp.identity``."""
    return eye(N=n, M=n, dtype=dtype)


def arange(start, stop=None, step=1, dtype=None):
    """Mirrors ``tnp.arange``: dtype from NumPy's rules over start/stop/step unless given."""
    if not step:
        raise ValueError("step must be non-zero.")
    if dtype:
        dtype = np_dtypes.result_type(dtype)
    elif stop is None:
        dtype = np_dtypes.result_type(start, step)
    else:
        dtype = np_dtypes.result_type(start, step, stop)
    if step > 0 and ((stop is not None and start > stop) or (stop is None and start < 0)):
        return array([], dtype=dtype)
    if step < 0 and ((stop is not None and start < stop) or (stop is None and start > 0)):
        return array([], dtype=dtype)
    if stop is None:
        start, stop = 0, start
    return math_ops.cast(array_ops.range(start, stop, step), dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=float, axis=0):
    """Mirrors ``tnp.linspace`` (TF 2.21 with NumPy 2: the result dtype is that of ``start * 1.0`` and
    ``stop * 1.0``, whatever ``dtype`` says)."""
    if dtype:
        dtype = np_dtypes.result_type([start * 1.0, stop * 1.0])
    start = array(start, dtype=dtype)
    stop = array(stop, dtype=dtype)
    if num < 0:
        raise ValueError("Argument `num` (number of samples) must be a non-negative integer. "
                         f"Received: num={num}")
    step = convert_to_tensor(np.nan)   # TF's float32 NaN (returned when retstep and num <= 1)
    if endpoint:
        result = array_ops.linspace(start, stop, num, axis=axis)
        if num > 1:
            step = (stop - start) / (num - 1)
    else:
        if num > 0:
            step = (stop - start) / num
        if num > 1:
            new_stop = math_ops.cast(stop, step.dtype) - step
            result = array_ops.linspace(math_ops.cast(start, new_stop.dtype), new_stop, num, axis=axis)
        else:
            result = array_ops.linspace(start, stop, num, axis=axis)
    if dtype:
        if dtype.is_integer:
            result = math_ops.floor(result)
        result = math_ops.cast(result, dtype)
    return (result, step) if retstep else result


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """Mirrors ``tnp.logspace``: ``base ** linspace(start, stop)``."""
    dtype = np_dtypes.result_type([start * 1.0, stop * 1.0])
    result = linspace(start, stop, num=num, endpoint=endpoint, dtype=dtype, axis=axis)
    result = math_ops.pow(math_ops.cast(base, result.dtype), result)
    return math_ops.cast(result, dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Mirrors ``tnp.geomspace``: numbers spaced evenly on a log scale (signs of start/stop kept)."""
    dtype = dtypes.as_dtype(dtype) if dtype else np_dtypes.result_type(start, stop, float(num),
                                                                       zeros((), dtype))
    work = np.promote_types(dtype.as_numpy_dtype, np.float32)
    start = asarray(start, dtype=work)
    stop = asarray(stop, dtype=work)
    start_sign = 1 - math_ops.sign(start)
    stop_sign = 1 - math_ops.sign(stop)
    signflip = 1 - start_sign * stop_sign // 2
    res = signflip * logspace(math_ufuncs.log10(signflip * start), math_ufuncs.log10(signflip * stop), num,
                              endpoint=endpoint, base=10.0, dtype=work, axis=0)
    if axis != 0:
        res = shape_ops.moveaxis(res, 0, axis)
    return math_ops.cast(res, dtype)


def tri(N, M=None, k=0, dtype=None):  # noqa: N803
    """Mirrors ``tnp.tri``: ones at and below the k-th diagonal."""
    M = M if M is not None else N
    dtype = np_dtypes.result_type(dtype) if dtype is not None else np_dtypes.result_type(float)
    if k < 0:
        lower = -k - 1
        if lower > N:
            return array_ops.zeros([N, M], dtype)
        ones_ = array_ops.ones([N, M], dtype=dtypes.bool_)
        return math_ops.cast(math_ops.logical_not(linalg_more_ops.band_part(ones_, lower, -1)), dtype)
    ones_ = array_ops.ones([N, M], dtype)
    return ones_ if k > M else linalg_more_ops.band_part(ones_, -1, k)


def _tri_mask_select(m, k, lower, name):
    m = asarray(m)
    if m.shape.rank is None:
        raise ValueError(f"Argument to {name} should have known rank")
    shape = m.shape.as_list()
    if len(shape) < 2:
        raise ValueError(f"Argument to {name} must have rank at least 2")
    if shape[-1] is None or shape[-2] is None:
        raise ValueError("Currently, the last two dimensions of the input array need to be known.")
    zero = array_ops.constant(0, m.dtype)
    mask = array_ops.broadcast_to(tri(*shape[-2:], k=k if lower else k - 1, dtype=bool), array_ops.shape(m))
    return array_ops.where(mask, m, zero) if lower else array_ops.where(mask, zero, m)


def tril(m, k=0):
    """Mirrors ``tnp.tril``."""
    return _tri_mask_select(m, k, True, "tril")


def triu(m, k=0):
    """Mirrors ``tnp.triu``."""
    return _tri_mask_select(m, k, False, "triu")


def diag_indices(n, ndim=2):
    """Mirrors ``tnp.diag_indices``."""
    if n < 0:
        raise ValueError(f"n argument to diag_indices must be nonnegative, got {n}")
    if ndim < 0:
        raise ValueError(f"ndim argument to diag_indices must be nonnegative, got {ndim}")
    return (array_ops.range(n),) * ndim


def meshgrid(*xi, **kwargs):
    """Mirrors ``tnp.meshgrid`` (copy=True, sparse=False only, as TF)."""
    if kwargs.get("sparse", False):
        raise ValueError("Function `meshgrid` does not support returning sparse arrays yet. "
                         f"Received: sparse={kwargs['sparse']}")
    if not kwargs.get("copy", True):
        raise ValueError(f"Function `meshgrid` only supports copy=True. Received: copy={kwargs['copy']}")
    return array_more_ops.meshgrid(*[asarray(x) for x in xi], indexing=kwargs.get("indexing", "xy"))


def ix_(*args):
    """Mirrors ``tnp.ix_``: open-mesh index arrays from 1-D integer or bool arrays."""
    n = len(args)
    out = []
    for i, a in enumerate(args):
        a = asarray(a)
        if a.shape.rank is not None and a.shape.rank != 1:
            raise ValueError(f"Arguments must be 1-d, got arg {i} of rank {a.shape.rank}")
        new_shape = [1] * n
        new_shape[i] = -1
        if a.dtype == dtypes.bool_:
            out.append(array_ops.reshape(shape_ops.nonzero(a)[0], new_shape))
        elif a.dtype.is_integer:
            out.append(array_ops.reshape(a, new_shape))
        else:
            raise ValueError(f"Only integer and bool dtypes are supported, got {a.dtype}")
    return out


def vander(x, N=None, increasing=False):  # noqa: N803
    """Mirrors ``tnp.vander``."""
    x = asarray(x)
    if x.shape.rank is not None and x.shape.rank != 1:
        raise ValueError("x must be a one-dimensional array")
    if N is None:
        N = x.shape.as_list()[0]
    if N < 0:
        raise ValueError("N must be nonnegative")
    powers = array_ops.range(0, N, 1) if increasing else array_ops.range(N - 1, -1, -1)
    return math_ops.pow(array_ops.expand_dims(x, -1), math_ops.cast(powers, x.dtype))
