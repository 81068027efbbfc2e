"""Conversion of array-likes to tensors under TF NumPy's dtype rules (TF's ``np_array_ops.array``/``asarray``
and ``_promote_dtype``). ``tnp.ndarray`` is ``tf.Tensor``."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.numpy_api import np_dtypes
from tfcompat._src.ops import array_ops, math_ops

__all__ = ["ndarray", "array", "asarray", "asanyarray", "ascontiguousarray", "copy", "promote", "as_tensor",
           "to_float_if_integral", "broadcast_fill"]

ndarray = Tensor


def as_tensor(value, dtype=None, dtype_hint=None):
    """TF NumPy's ``convert_to_tensor``: Python floats become the default float type, ints >= 2**63 uint64."""
    if dtype is None and isinstance(value, int) and not isinstance(value, bool) and value >= 2 ** 63:
        dtype = dtypes.uint64
    elif dtype is None and dtype_hint is None and isinstance(value, float):
        dtype = np_dtypes.default_float_type()
    return convert_to_tensor(value, dtype=dtype, dtype_hint=dtype_hint)


def _array_internal(val, dtype=None, copy=True, ndmin=0):
    if isinstance(val, Tensor):
        result = math_ops.cast(val, dtype) if dtype else val
    elif hasattr(val, "_as_tensor"):   # a tf.Variable reads as its value
        result = convert_to_tensor(val)
        result = math_ops.cast(result, dtype) if dtype else result
    else:
        dtype = np_dtypes.result_type_unary(val, dtype)
        result = math_ops.cast(as_tensor(val, dtype_hint=dtype), dtype)
    if copy:
        result = array_ops.identity(result)
    if ndmin > 32:
        raise ValueError(f"ndmin bigger than allowable number of dimensions: 32.")
    rank = result.shape.rank
    if ndmin and rank is not None and ndmin > rank:
        result = array_ops.reshape(result, [1] * (ndmin - rank) + [-1 if d is None else d
                                                                  for d in result.shape.as_list()])
    return result


def array(val, dtype=None, copy: bool = True, ndmin: int = 0):
    """Mirrors ``tnp.array``: a tensor of ``val`` (a copy), dtype from NumPy's rules unless ``dtype`` is given,
    with at least ``ndmin`` dimensions."""
    if dtype:
        dtype = np_dtypes.result_type(dtype)
    return _array_internal(val, dtype, copy, ndmin)


def asarray(a, dtype=None):
    """Mirrors ``tnp.asarray``: ``a`` itself when it is a tensor of the requested dtype, else a conversion."""
    if dtype:
        dtype = np_dtypes.result_type(dtype)
    if isinstance(a, Tensor) and (not dtype or dtype == a.dtype):
        return a
    return array(a, dtype, copy=False)


def asanyarray(a, dtype=None):
    """Mirrors ``tnp.asanyarray`` (same as ``asarray``)."""
    return asarray(a, dtype)


def ascontiguousarray(a, dtype=None):
    """Mirrors ``tnp.ascontiguousarray``: ``array(a, dtype, ndmin=1)``."""
    return array(a, dtype, ndmin=1)


def copy(a):
    """Mirrors ``tnp.copy``."""
    return array(a, copy=True)


def promote(*arrays):
    """The arguments as tensors of their common NumPy result type (TF NumPy's ``_promote_dtype``)."""
    dtype = np_dtypes.result_type(*arrays)
    return [a if isinstance(a, Tensor) and a.dtype == dtype else _array_internal(a, dtype, copy=False)
            for a in arrays]


def to_float_if_integral(x):
    """``x`` cast to the default float type when it is not already inexact (TF NumPy's ``promote_to_float``)."""
    if np_dtypes.is_inexact(x.dtype):
        return x
    return math_ops.cast(x, np_dtypes.result_type(float))


def broadcast_fill(shape, fill_value, dtype=None):
    """``asarray(fill_value, dtype)`` broadcast to ``shape`` (TF NumPy's ``full``, which ``broadcast_to`` uses)."""
    if not isinstance(shape, Tensor):
        shape = as_tensor(shape, dtype_hint=dtypes.int32)
    if shape.shape.rank == 0:
        shape = array_ops.reshape(shape, [1])
    return array_ops.broadcast_to(asarray(fill_value, dtype=dtype), shape)
