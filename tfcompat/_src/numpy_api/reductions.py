"""TF NumPy's reductions, scans, sorting and statistics (TF's ``np_array_ops._reduce`` family and
``np_math_ops``'s argmax/sort/average/nan* functions).

Integer and bool inputs of sum/prod/cumsum/cumprod are widened to int64 (uint64 for unsigned), of
mean/std/var/average computed in the default float type, as NumPy and TF NumPy do."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.numpy_api import np_dtypes
from tfcompat._src.numpy_api.np_arrays import array, asarray
from tfcompat._src.numpy_api.math_ufuncs import isnan, logical_not
from tfcompat._src.ops import (
    array_ops, complex_ops, linalg_more_ops, math_ops, reduction_ops, scan_ops, sort_ops,
)

__all__ = ["sum", "prod", "mean", "amax", "amin", "max", "min", "var", "std", "all", "any", "cumsum",
           "cumprod", "argmax", "argmin", "sort", "argsort", "average", "count_nonzero", "nansum", "nanprod",
           "nanmean", "ptp", "size", "ndim", "shape", "isscalar"]

_TO_INT, _TO_FLOAT = 0, 1


def _widened_int(dtype: dtypes.DType) -> dtypes.DType:
    if dtype == dtypes.bool_ or (dtype.is_integer and not dtype.is_unsigned):
        return dtypes.int64
    return dtypes.uint64


def _reduce(tf_fn, a, axis=None, dtype=None, keepdims=None, promote_int=_TO_INT, tf_bool_fn=None,
            preserve_bool=False):
    if dtype:
        dtype = np_dtypes.result_type(dtype)
    keepdims = bool(keepdims)
    a = asarray(a, dtype=dtype)
    if (dtype == dtypes.bool_ or (preserve_bool and a.dtype == dtypes.bool_)) and tf_bool_fn is not None:
        return tf_bool_fn(a, axis=axis, keepdims=keepdims)
    if dtype is None and (a.dtype.is_integer or a.dtype == dtypes.bool_):
        if promote_int == _TO_INT:
            a = math_ops.cast(a, _widened_int(a.dtype))
        elif promote_int == _TO_FLOAT:
            a = math_ops.cast(a, np_dtypes.result_type(float))
    if isinstance(axis, Tensor) and axis.dtype not in (dtypes.int32, dtypes.int64):
        axis = math_ops.cast(axis, dtypes.int64)
    return tf_fn(a, axis=axis, keepdims=keepdims)


def sum(a, axis=None, dtype=None, keepdims=None):  # noqa: A001 - NumPy's name
    """Mirrors ``tnp.sum``."""
    return _reduce(reduction_ops.reduce_sum, a, axis, dtype, keepdims, tf_bool_fn=reduction_ops.reduce_any)


def prod(a, axis=None, dtype=None, keepdims=None):
    """Mirrors ``tnp.prod``."""
    return _reduce(reduction_ops.reduce_prod, a, axis, dtype, keepdims, tf_bool_fn=reduction_ops.reduce_all)


def mean(a, axis=None, dtype=None, out=None, keepdims=None):
    """Mirrors ``tnp.mean`` (integers averaged in the default float type)."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_mean, a, axis, dtype, keepdims, promote_int=_TO_FLOAT)


def amax(a, axis=None, out=None, keepdims=None):
    """Mirrors ``tnp.amax``."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_max, a, axis, None, keepdims, promote_int=None,
                   tf_bool_fn=reduction_ops.reduce_any, preserve_bool=True)


def amin(a, axis=None, out=None, keepdims=None):
    """Mirrors ``tnp.amin``."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    return _reduce(reduction_ops.reduce_min, a, axis, None, keepdims, promote_int=None,
                   tf_bool_fn=reduction_ops.reduce_all, preserve_bool=True)


def max(a, axis=None, keepdims=None):  # noqa: A001
    """Mirrors ``tnp.max``."""
    return amax(a, axis=axis, keepdims=keepdims)


def min(a, axis=None, keepdims=None):  # noqa: A001
    """Mirrors ``tnp.min``."""
    return amin(a, axis=axis, keepdims=keepdims)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=None):
    """Mirrors ``tnp.var`` (``ddof`` degrees of freedom subtracted from the count)."""
    if out is not None:
        raise ValueError("Setting out is not supported.")
    working = np_dtypes.result_type(a, dtype) if dtype else None
    if ddof != 0:
        def reduce_fn(x, axis, keepdims):
            centered = x - reduction_ops.reduce_mean(x, axis=axis, keepdims=True)
            if x.dtype.is_complex:
                centered = math_ops.cast(complex_ops.real(centered * complex_ops.conj(centered)), x.dtype)
            else:
                centered = math_ops.square(centered)
            total = reduction_ops.reduce_sum(centered, axis=axis, keepdims=keepdims)
            if axis is None:
                n = array_ops.size(x)
            else:
                axes = [axis] if isinstance(axis, int) else list(axis)
                n = reduction_ops.reduce_prod(array_ops.gather(array_ops.shape(x), axes))
            return math_ops.truediv(total, math_ops.cast(n - ddof, x.dtype))
    else:
        reduce_fn = reduction_ops.reduce_variance
    result = _reduce(reduce_fn, a, axis, working, keepdims, promote_int=_TO_FLOAT)
    return math_ops.cast(result, np_dtypes.result_type(dtype)) if dtype else result


def std(a, axis=None, keepdims=None):
    """Mirrors ``tnp.std``."""
    return _reduce(reduction_ops.reduce_std, a, axis, None, keepdims, promote_int=_TO_FLOAT)


def all(a, axis=None, keepdims=None):  # noqa: A001
    """Mirrors ``tnp.all``."""
    return reduction_ops.reduce_all(asarray(a, dtype=bool), axis=axis, keepdims=keepdims)


def any(a, axis=None, keepdims=None):  # noqa: A001
    """Mirrors ``tnp.any``."""
    return reduction_ops.reduce_any(asarray(a, dtype=bool), axis=axis, keepdims=keepdims)


def _scan(tf_fn, a, axis, dtype):
    a = asarray(a, dtype=dtype)
    if dtype is None and a.dtype.is_integer:
        widened = np.promote_types(a.dtype.as_numpy_dtype, int)
        if widened != a.dtype.as_numpy_dtype:
            a = math_ops.cast(a, dtypes.as_dtype(widened))
    if axis is None:
        a, axis = array_ops.reshape(a, [-1]), 0
    elif axis < 0:
        axis += a.shape.rank
    return tf_fn(a, axis)


def cumsum(a, axis=None, dtype=None):
    """Mirrors ``tnp.cumsum`` (flattened when ``axis`` is None; integers widened to int64)."""
    return _scan(scan_ops.cumsum, a, axis, dtype)


def cumprod(a, axis=None, dtype=None):
    """Mirrors ``tnp.cumprod``."""
    return _scan(scan_ops.cumprod, a, axis, dtype)


def _argminmax(fn, a, axis):
    a = array(a)
    if axis is None:
        a = array_ops.reshape(a, [-1])
    elif a.shape.rank == 0:
        a = array_ops.reshape(a, [1])
    return fn(a, axis=axis)


def argmax(a, axis=None):
    """Mirrors ``tnp.argmax`` (int64; flattened when ``axis`` is None)."""
    return _argminmax(reduction_ops.argmax, a, axis)


def argmin(a, axis=None):
    """Mirrors ``tnp.argmin``."""
    return _argminmax(reduction_ops.argmin, a, axis)


def sort(a, axis=-1, kind="quicksort", order=None):
    """Mirrors ``tnp.sort`` (ascending; flattened when ``axis`` is None)."""
    if kind != "quicksort":
        raise ValueError(f"Invalid value for argument `kind`. Only kind=\"quicksort\" is supported. "
                         f"Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    a = array(a)
    if axis is None:
        return sort_ops.sort(array_ops.reshape(a, [-1]), 0)
    return sort_ops.sort(a, axis)


def argsort(a, axis=-1, kind="quicksort", order=None):
    """Mirrors ``tnp.argsort`` (int64 indices; kind 'quicksort' or 'stable')."""
    if kind not in ("quicksort", "stable"):
        raise ValueError("Invalid value for argument `kind`. Only kind=\"quicksort\" and kind=\"stable\" are "
                         f"supported. Received: kind={kind}")
    if order is not None:
        raise ValueError("The `order` argument is not supported. Pass order=None")
    a = array(a)
    if a.dtype.is_complex:
        raise TypeError(f"argsort does not support complex64/complex128 dtypes. Received dtype: {a.dtype}")
    if a.shape.rank == 0:
        result = array_ops.constant([0])
    else:
        if axis is None:
            a, axis = array_ops.reshape(a, [-1]), 0
        result = sort_ops.argsort(a, axis, stable=kind == "stable")
    return math_ops.cast(result, dtypes.int64)


def average(a, axis=None, weights=None, returned=False):
    """Mirrors ``tnp.average`` (weighted mean; with ``returned`` also the sum of weights)."""
    if axis is not None and not isinstance(axis, int):
        raise ValueError(f"Argument `axis` must be an integer. Received axis={axis} (of type {type(axis)})")
    a = array(a)
    default_float = np_dtypes.result_type(float)
    if weights is None:
        if not np_dtypes.is_inexact(a.dtype):
            a = math_ops.cast(a, np_dtypes.result_type(a.dtype, default_float))
        avg = reduction_ops.reduce_mean(a, axis=axis)
        if returned:
            n = array_ops.size(a) if axis is None else array_ops.shape(a)[axis]
            weights_sum = math_ops.cast(n, a.dtype)
    else:
        if np_dtypes.is_inexact(a.dtype):
            out_dtype = np_dtypes.result_type(a.dtype, weights)
        else:
            out_dtype = np_dtypes.result_type(a.dtype, weights, default_float)
        a = array(a, out_dtype)
        weights = array(weights, out_dtype)
        if axis is None or a.shape.rank == weights.shape.rank:
            weights_sum = reduction_ops.reduce_sum(weights, axis=axis)
            avg = reduction_ops.reduce_sum(a * weights, axis=axis) / weights_sum
        else:
            weights_sum = reduction_ops.reduce_sum(weights)
            avg = linalg_more_ops.tensordot(a, weights, [[axis], [0]]) / weights_sum
    if returned:
        return avg, array_ops.broadcast_to(weights_sum, array_ops.shape(avg))
    return avg


def count_nonzero(a, axis=None):
    """Mirrors ``tnp.count_nonzero`` (int64)."""
    return reduction_ops.count_nonzero(array(a), axis)


def _nan_reduction(reduction, init_val, name):
    def fn(a, axis=None, dtype=None, keepdims=False):
        a = array(a)
        v = array(init_val, dtype=a.dtype)
        return reduction(array_ops.where(isnan(a), v, a), axis=axis, dtype=dtype, keepdims=keepdims)
    fn.__name__ = name
    fn.__doc__ = f"Mirrors ``tnp.{name}``: NaNs count as {init_val}."
    return fn


nansum = _nan_reduction(sum, 0, "nansum")
nanprod = _nan_reduction(prod, 1, "nanprod")


def nanmean(a, axis=None, dtype=None, keepdims=None):
    """Mirrors ``tnp.nanmean``: the mean of the non-NaN elements."""
    a = array(a)
    if a.dtype == dtypes.bool_ or a.dtype.is_integer:
        return mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    mask = logical_not(isnan(a))
    dtype = dtype or a.dtype
    normalizer = sum(mask, axis=axis, dtype=dtype, keepdims=keepdims)
    return nansum(a, axis=axis, dtype=dtype, keepdims=keepdims) / normalizer


def ptp(a, axis=None, keepdims=None):
    """Mirrors ``tnp.ptp``: max minus min."""
    return amax(a, axis=axis, keepdims=keepdims) - amin(a, axis=axis, keepdims=keepdims)


def size(x, axis=None):
    """Mirrors ``tnp.size``: a Python int when the shape is known."""
    if axis is not None:
        raise NotImplementedError("axis argument is not supported in the current `np.size` implementation")
    if isinstance(x, (int, float, np.int32, np.int64, np.float32, np.float64)):
        return 1
    x = asarray(x)
    if x.shape.is_fully_defined():
        return int(np.prod(x.shape.as_list(), dtype=int))
    return array_ops.size(x)


def ndim(a):
    """Mirrors ``tnp.ndim``."""
    return asarray(a).shape.rank


def shape(a):
    """Mirrors ``tnp.shape``: the TensorShape."""
    return asarray(a).shape


def isscalar(num) -> bool:
    """Mirrors ``tnp.isscalar``."""
    return ndim(num) == 0
