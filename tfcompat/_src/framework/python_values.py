"""Python and NumPy values as torch tensors, with TF's dtype inference (``tf.convert_to_tensor``'s value rules).

Split from dispatch.py (which owns the Tensor/Const side of conversion); nothing here builds ops."""
from __future__ import annotations

import math

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.string_tensor import as_bytes_array
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import Dimension, TensorShape

__all__ = ["infer_python_dtype", "first_leaf", "python_to_torch", "cached_scalar", "to_torch_value",
           "is_string_like", "shape_value", "has_tensors"]

_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1
_INT64_MIN, _INT64_MAX = -(2 ** 63), 2 ** 63 - 1


def infer_python_dtype(value):
    """TF's dtype for python values: float -> float32, int -> int32 (int64 when too large), bool -> bool."""
    # numpy first: np.float64 is a subclass of python float, and keeps its own dtype (TF does the same).
    if isinstance(value, (np.generic, np.ndarray)):
        return dtypes.as_dtype(value.dtype)
    if isinstance(value, bool):
        return dtypes.bool_
    if isinstance(value, int):
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        return dtypes.int32 if _INT32_MIN <= value <= _INT32_MAX else dtypes.int64
    if isinstance(value, float):
        return dtypes.float32
    if isinstance(value, complex):
        return dtypes.complex128
    if isinstance(value, (list, tuple)):
        kinds = set()
        _collect_kinds(value, kinds)
        if not kinds:
            return dtypes.float32
        first = first_leaf(value)
        if isinstance(first, (np.ndarray, np.floating)) and "tensor" not in kinds and "s" not in kinds:
            return dtypes.as_dtype(first.dtype)  # TF: a leading numpy array/float scalar sets the dtype
        if "s" in kinds and len(kinds) > 1 and "tensor" not in kinds:
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
        if "tensor" in kinds:
            return None
        if "s" in kinds:
            return dtypes.string
        if "c" in kinds:
            return dtypes.complex128
        if "f" in kinds:
            return dtypes.float32
        if "i" in kinds:
            return dtypes.int64 if "big" in kinds else dtypes.int32
        return dtypes.bool_
    if isinstance(value, (str, bytes)):
        return dtypes.string
    return None


def first_leaf(value):
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return value


def _collect_kinds(value, kinds):
    for v in value:
        if isinstance(v, (list, tuple)):
            _collect_kinds(v, kinds)
        elif isinstance(v, bool) or isinstance(v, np.bool_):
            kinds.add("b")
        elif isinstance(v, (int, np.integer)):
            kinds.add("i")
            if not _INT32_MIN <= int(v) <= _INT32_MAX:
                if not _INT64_MIN <= int(v) <= _INT64_MAX:
                    raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
                kinds.add("big")
        elif isinstance(v, (float, np.floating)):
            kinds.add("f")
        elif isinstance(v, complex):
            kinds.add("c")
        elif isinstance(v, (str, bytes)):
            kinds.add("s")
        elif isinstance(v, Tensor) or hasattr(v, "_as_tensor"):
            kinds.add("tensor")
        elif isinstance(v, np.ndarray):
            kinds.add({"f": "f", "i": "i", "u": "i", "b": "b", "c": "c"}.get(v.dtype.kind, "s"))
        else:
            raise ValueError(f"Attempt to convert a value ({v!r}) with an unsupported type "
                             f"({type(v)}) to a Tensor.")


def _mixes_scalars_and_sequences(value) -> bool:
    """Whether some level of a nested list/tuple holds both scalars and sequences (TF: 'mixed types')."""
    if not isinstance(value, (list, tuple)):
        return False
    kinds = {isinstance(v, (list, tuple, np.ndarray)) for v in value}
    return len(kinds) > 1 or any(_mixes_scalars_and_sequences(v) for v in value)


def python_to_torch(value, dtype: dtypes.DType, device) -> torch.Tensor:
    if dtype is dtypes.string:
        # tf.string has no torch dtype: its run-time value is a numpy object array of bytes (string_tensor.py).
        try:
            return as_bytes_array(value)
        except TypeError:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype string") from None
    if dtype.torch_dtype is None:
        raise TypeError(f"tfcompat does not support {dtype.name} tensors (no torch equivalent).")
    if isinstance(value, (np.ndarray, np.generic)):
        arr = value  # numpy values are cast with numpy's rules (truncation, wrap-around), as TF does
    else:
        if infer_python_dtype(value) is dtypes.string and dtype is not dtypes.string:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
        try:
            arr = np.asarray(value)
        except ValueError:   # NumPy's "inhomogeneous shape": a ragged nested list
            if _mixes_scalars_and_sequences(value):
                raise ValueError("Can't convert Python sequence with mixed types to Tensor.") from None
            raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
        kind = arr.dtype.kind
        # TF refuses python floats for integer/bool dtypes and python ints for bool, even when exact.
        if (kind == "f" and arr.size and (dtype.is_integer or dtype.is_bool)) or (kind in "iu" and dtype.is_bool) or (
                kind == "c" and not dtype.is_complex):
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
        if kind in "iu" and dtype.is_integer:
            # TF wraps python ints that do not fit the requested integer dtype (2**40 -> int32 0).
            arr = arr.astype(np.int64) if kind == "i" or arr.dtype == np.uint64 else arr
    if dtype is dtypes.bfloat16:
        return torch.as_tensor(arr.astype(np.float32), device=device).to(torch.bfloat16)
    arr = np.asarray(arr, dtype=dtype.np_dtype)
    if arr.ndim and not arr.flags.writeable:
        arr = arr.copy()   # torch warns on (and may write into) a read-only array; TF copies the value anyway
    t = torch.from_numpy(np.ascontiguousarray(arr)) if arr.ndim else torch.tensor(arr.item(), dtype=dtype.torch_dtype)
    return t.to(device) if device is not None and device.type != "cpu" else t


_SCALAR_CACHE: dict = {}
_SCALAR_CACHE_SIZE = 4096


def cached_scalar(value, dtype: dtypes.DType, device):
    """Python float/int scalars (``y * 1.001``) become tensors once per (value, dtype, device): eager ops on
    python numbers otherwise pay a torch.tensor() call each. Values are never mutated in place, so sharing the
    torch tensor is safe; each use still gets its own EagerTensor (tapes watch EagerTensors, not values)."""
    vt = type(value)
    # The type and the sign bit are part of the key: True == 1 and 0.0 == -0.0 hash alike.
    key = (vt, value, vt is float and math.copysign(1.0, value) < 0, dtype, device)
    t = _SCALAR_CACHE.get(key)
    if t is None:
        t = python_to_torch(value, dtype, device)
        if len(_SCALAR_CACHE) >= _SCALAR_CACHE_SIZE:
            _SCALAR_CACHE.clear()
        _SCALAR_CACHE[key] = t
    return t


def to_torch_value(value, dtype=None, device=None) -> torch.Tensor:
    """A python/numpy value as a torch tensor with TF's dtype inference (``tf.string``: a numpy object array of
    bytes, the run-time form of string values)."""
    vt = type(value)
    if vt is range:   # TF converts a range as the sequence of its ints: int32 (int64 past int32), even empty
        if dtype is None:
            ends = (value.start, value[-1]) if len(value) else (0,)
            dtype = dtypes.int32 if all(_INT32_MIN <= e <= _INT32_MAX for e in ends) else dtypes.int64
        value = list(value)
    if (vt is float or vt is int) and dtype is not None and type(dtype) is dtypes.DType and value == value \
            and dtype.torch_dtype is not None and not (vt is int and (dtype.is_bool or not -2**31 <= value < 2**31)):
        return cached_scalar(value, dtype, device)
    if dtype is None:
        dtype = infer_python_dtype(value)
        if dtype is None and hasattr(value, "__array__") and not isinstance(value, type):
            value = np.asarray(value)  # TF converts other array-likes (pandas DataFrame/Series ...) as NumPy arrays
            dtype = infer_python_dtype(value)
        if dtype is None:
            raise ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                             f"({type(value)}) to a Tensor.")
    else:
        dtype = dtypes.as_dtype(dtype)
        if value is None:   # numpy would make NaN of it
            raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor.")
        inferred = infer_python_dtype(value)
        if inferred is dtypes.string and dtype is not dtypes.string:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    return python_to_torch(value, dtype, device)


def is_string_like(value) -> bool:
    if isinstance(value, (str, bytes)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "USO" and value.size > 0 and isinstance(value.flat[0], (str, bytes))
    return isinstance(value, (list, tuple)) and isinstance(first_leaf(value), (str, bytes))


def shape_value(value):
    """A TensorShape, Dimension, or list holding Dimensions as the ints TF converts it to (ValueError where a
    dimension is unknown)."""
    if isinstance(value, TensorShape):
        if not value.is_fully_defined():
            dims = value.as_list() if value.rank is not None else None
            shown = "None" if dims is None else \
                "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
            raise ValueError(f"Cannot convert a partially known TensorShape {shown} to a Tensor.")
        return value.as_list()
    if isinstance(value, Dimension):
        if value.value is None:
            raise ValueError("Cannot convert an unknown Dimension to a Tensor: ?")
        return value.value
    return [shape_value(v) if isinstance(v, Dimension) else v for v in value]


def has_tensors(value):
    for v in value:
        if isinstance(v, Tensor) or hasattr(v, "_as_tensor"):
            return True
        if isinstance(v, (list, tuple)) and has_tensors(v):
            return True
    return False
