"""TF NumPy's dtypes and dtype rules (TF's ``numpy_ops/np_dtypes.py`` and ``np_utils.result_type``).

``tnp.float32`` and friends are NumPy's scalar types, as in TF. Result types follow NumPy's promotion
(``np.result_type``, NEP 50 in NumPy 2): a Python float is float64 unless ``prefer_float32`` is set by
``experimental_enable_numpy_behavior(prefer_float32=True)``; tensors contribute their dtype, Python scalars
their value kind. With float64 disallowed (TF's ``set_allow_float64(False)``) float64/complex128 results
become float32/complex64."""
from __future__ import annotations

import numbers

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor

__all__ = [
    "bool_", "complex128", "complex64", "complex_", "float16", "float32", "float64", "float_", "inexact", "int_",
    "int16", "int32", "int64", "int8", "object_", "string_", "uint16", "uint32", "uint64", "uint8", "unicode_",
    "iinfo", "issubdtype", "finfo", "result_type", "promote_types", "default_float_type", "is_prefer_float32",
    "set_prefer_float32", "is_allow_float64", "set_allow_float64", "np_dtype_of", "is_inexact",
]

bool_ = np.bool_
complex128 = np.complex128
complex64 = np.complex64
complex_ = np.complex128
float16 = np.float16
float32 = np.float32
float64 = np.float64
float_ = np.float64
inexact = np.inexact
int_ = np.int_
int16 = np.int16
int32 = np.int32
int64 = np.int64
int8 = np.int8
object_ = np.object_
string_ = np.bytes_
uint16 = np.uint16
uint32 = np.uint32
uint64 = np.uint64
uint8 = np.uint8
unicode_ = np.str_
iinfo = np.iinfo
issubdtype = np.issubdtype

_TO_FLOAT32 = {np.dtype("float64"): np.dtype("float32"), np.dtype("complex128"): np.dtype("complex64")}
_state = {"prefer_float32": False, "allow_float64": True}


def is_prefer_float32() -> bool:
    return _state["prefer_float32"]


def set_prefer_float32(value: bool) -> None:
    _state["prefer_float32"] = bool(value)


def is_allow_float64() -> bool:
    return _state["allow_float64"]


def set_allow_float64(value: bool) -> None:
    _state["allow_float64"] = bool(value)


def _canonicalize(dtype):
    if not _state["allow_float64"]:
        return _TO_FLOAT32.get(np.dtype(dtype), dtype)
    return dtype


def default_float_type():
    """float64, or float32 under ``prefer_float32`` or when float64 is disallowed (TF's rule)."""
    if not _state["prefer_float32"] and _state["allow_float64"]:
        return float64
    return float32


def np_dtype_of(x):
    """What ``x`` contributes to ``np.result_type``: a tensor's or DType's NumPy dtype, a Python scalar's value,
    anything else (NumPy arrays, dtype names, Python types) as it is."""
    if isinstance(x, numbers.Number) and not isinstance(x, np.generic):
        return x
    if isinstance(x, dtypes.DType):
        return x.as_numpy_dtype
    dtype = getattr(x, "dtype", None)
    if isinstance(dtype, dtypes.DType) and (isinstance(x, Tensor) or hasattr(x, "_as_tensor")
                                            or hasattr(x, "indices")):
        return dtype.as_numpy_dtype
    return x


def _flatten(items):
    for item in items:
        if isinstance(item, (list, tuple)):
            yield from _flatten(item)
        else:
            yield item


def _np_result_type(*parts) -> dtypes.DType:
    if _state["prefer_float32"]:
        parts = [np.float32(p) if isinstance(p, float) else np.complex64(p) if isinstance(p, complex) else p
                 for p in parts]
    return dtypes.as_dtype(_canonicalize(np.result_type(*parts)))


def result_type(*arrays_and_dtypes) -> dtypes.DType:
    """Mirrors ``tnp.result_type``: NumPy's promotion of the arguments' dtypes (nested lists flattened), as a
    tf.DType."""
    parts = [np_dtype_of(x) for x in _flatten(arrays_and_dtypes)]
    if not parts:
        parts = [np.asarray([])]
    return _np_result_type(*parts)


def result_type_unary(a, dtype) -> dtypes.DType:
    """The dtype of ``asarray(a, dtype)``: ``dtype`` when given, else ``a``'s own (strings stay strings)."""
    if dtype:
        return result_type(dtype)
    if isinstance(a, str):
        return dtypes.string
    if isinstance(a, bytes):
        return dtypes.string
    return result_type(a)


def promote_types(type1, type2):
    """Mirrors ``tnp.promote_types``: ``np.promote_types`` of the two dtypes (a NumPy dtype)."""
    return _canonicalize(np.promote_types(_to_numpy_type(type1), _to_numpy_type(type2)))


def _to_numpy_type(dtype):
    if isinstance(dtype, dtypes.DType):
        return dtype.as_numpy_dtype
    return np.dtype(dtype)


def finfo(dtype):
    """Mirrors ``tnp.finfo``: ``np.finfo`` of the dtype (TF forwards to NumPy too)."""
    return np.finfo(_to_numpy_type(dtype))


def is_inexact(dtype: dtypes.DType) -> bool:
    return dtype.is_floating or dtype.is_complex
