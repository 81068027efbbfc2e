"""``tf.register_tensor_conversion_function``: user conversions of their own classes to tensors, consulted by
``convert_to_tensor`` (``framework/dispatch.py``) for a value that is neither a tensor nor a variable, before the
built-in conversion of Python and numpy values (TF's ``tensor_conversion_registry``)."""
from __future__ import annotations

from typing import Callable

import numpy as np

__all__ = ["FUNCTIONS", "register_tensor_conversion_function", "convert"]

# (priority, registration number, base_type, conversion_func); kept sorted (priority, then registration order).
FUNCTIONS: list = []

# TF refuses to override the conversions of these (its ``_CONSTANT_OP_CONVERTIBLES``).
_PROTECTED = (int, float, np.generic, np.ndarray)


def register_tensor_conversion_function(base_type, conversion_func: Callable, priority: int = 100) -> None:
    """Mirrors ``tf.register_tensor_conversion_function``: ``conversion_func(value, dtype=None, name=None,
    as_ref=False)`` converts instances of ``base_type`` (a type or tuple of types) to a Tensor; lower ``priority``
    runs first. Raises TypeError for Python numeric types and numpy values, as TF."""
    types = base_type if isinstance(base_type, tuple) else (base_type,)
    if any(not isinstance(t, type) for t in types):
        raise TypeError("Argument `base_type` must be a type or a tuple of types. Obtained: " + str(base_type))
    if any(issubclass(t, _PROTECTED) for t in types):
        raise TypeError("Cannot register conversions for Python numeric types and NumPy scalars and arrays.")
    if not callable(conversion_func):
        raise TypeError("Argument `conversion_func` must be callable. Received " + str(conversion_func))
    FUNCTIONS.append((priority, len(FUNCTIONS), types, conversion_func))
    FUNCTIONS.sort(key=lambda entry: (entry[0], entry[1]))


def convert(value, dtype, name, dtype_hint, is_tensor: Callable):
    """The Tensor a registered function makes of ``value``, or None when none is registered for its type.

    As TF: a function may return ``NotImplemented`` to pass; a non-Tensor result or one of another dtype than
    ``dtype`` raises RuntimeError; with only a ``dtype_hint`` the hint is tried first, then no dtype."""
    for _, _, types, func in FUNCTIONS:
        if not isinstance(value, types):
            continue
        ret = NotImplemented
        if dtype is None and dtype_hint is not None:
            try:
                ret = func(value, dtype=dtype_hint, name=name, as_ref=False)
            except (TypeError, ValueError):
                ret = NotImplemented
        if ret is NotImplemented:
            ret = func(value, dtype=dtype, name=name, as_ref=False)
        if ret is NotImplemented:
            continue
        if not is_tensor(ret):
            raise RuntimeError(f"Conversion function {func!r} for type {type(value)} returned non-Tensor: {ret!r}")
        if dtype is not None and ret.dtype.base_dtype is not dtype:
            raise RuntimeError(f"Conversion function {func!r} for type {type(value)} returned incompatible dtype: "
                               f"requested = {dtype.name}, actual = {ret.dtype.name}")
        return ret
    return None
