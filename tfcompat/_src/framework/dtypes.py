"""TF dtypes as objects, mapped to torch dtypes by one literal table (mirrors ``tf.dtypes``)."""
from __future__ import annotations

import numpy as np
import torch

__all__ = ["DType", "as_dtype"]


class DType:
    """Mirrors ``tf.dtypes.DType``: a named dtype with its torch and numpy equivalents."""

    __slots__ = ("name", "torch_dtype", "np_dtype", "is_floating", "is_integer", "is_complex",
                 "is_bool", "is_unsigned", "_enum")

    def __init__(self, name, torch_dtype, np_dtype, kind, enum):
        self.name = name
        self.torch_dtype = torch_dtype
        self.np_dtype = np_dtype
        self.is_floating = kind == "f"
        self.is_integer = kind in ("i", "u")
        self.is_unsigned = kind == "u"
        self.is_complex = kind == "c"
        self.is_bool = kind == "b"
        self._enum = enum

    @property
    def base_dtype(self) -> "DType":
        return self

    @property
    def real_dtype(self) -> "DType":
        return {"complex64": float32, "complex128": float64}.get(self.name, self)

    @property
    def as_numpy_dtype(self):
        return self.np_dtype

    @property
    def as_datatype_enum(self) -> int:
        return self._enum

    @property
    def is_numpy_compatible(self) -> bool:
        return self.np_dtype is not None

    @property
    def min(self):
        if self.is_floating:
            return float(torch.finfo(self.torch_dtype).min)
        if self.is_integer:
            return int(torch.iinfo(self.torch_dtype).min)
        raise TypeError(f"Cannot find minimum value of {self.name}.")

    @property
    def max(self):
        if self.is_floating:
            return float(torch.finfo(self.torch_dtype).max)
        if self.is_integer:
            return int(torch.iinfo(self.torch_dtype).max)
        raise TypeError(f"Cannot find maximum value of {self.name}.")

    @property
    def size(self) -> int:
        return torch.empty((), dtype=self.torch_dtype).element_size() if self.torch_dtype else 0

    def is_compatible_with(self, other) -> bool:
        return self is as_dtype(other)

    def __repr__(self):
        return f"tf.{self.name}"

    def __str__(self):
        return f"<dtype: '{self.name}'>"

    def __reduce__(self):
        return as_dtype, (self.name,)


# name, torch dtype, numpy dtype, kind, TF DataType enum
_TABLE = [
    ("float16", torch.float16, np.float16, "f", 19),
    ("bfloat16", torch.bfloat16, None, "f", 14),
    ("float32", torch.float32, np.float32, "f", 1),
    ("float64", torch.float64, np.float64, "f", 2),
    ("int8", torch.int8, np.int8, "i", 6),
    ("int16", torch.int16, np.int16, "i", 5),
    ("int32", torch.int32, np.int32, "i", 3),
    ("int64", torch.int64, np.int64, "i", 9),
    ("uint8", torch.uint8, np.uint8, "u", 4),
    ("uint16", torch.uint16, np.uint16, "u", 17),
    ("uint32", torch.uint32, np.uint32, "u", 22),
    ("uint64", torch.uint64, np.uint64, "u", 23),
    ("bool", torch.bool, np.bool_, "b", 10),
    ("complex64", torch.complex64, np.complex64, "c", 8),
    ("complex128", torch.complex128, np.complex128, "c", 18),
    # Not representable as torch tensors; accepted as dtype objects, rejected by ops with a clear error.
    ("string", None, np.object_, "s", 7),
    ("resource", None, None, "r", 20),
    ("variant", None, None, "v", 21),
    # TF's quantized types (tf.qint8 ...): dtype objects only; no op accepts them (no torch equivalent).
    ("qint8", None, None, "q", 11),
    ("quint8", None, None, "q", 12),
    ("qint32", None, None, "q", 13),
    ("qint16", None, None, "q", 15),
    ("quint16", None, None, "q", 16),
]

_BY_NAME: dict[str, DType] = {}
_BY_TORCH: dict[torch.dtype, DType] = {}
_BY_NP: dict[np.dtype, DType] = {}
_BY_ENUM: dict[int, DType] = {}
for _name, _td, _nd, _kind, _enum in _TABLE:
    _dt = DType(_name, _td, _nd, _kind, _enum)
    _BY_NAME[_name] = _dt
    _BY_ENUM[_enum] = _dt
    if _td is not None:
        _BY_TORCH[_td] = _dt
    if _nd is not None and _kind != "s":
        _BY_NP[np.dtype(_nd)] = _dt

float16 = half = _BY_NAME["float16"]
bfloat16 = _BY_NAME["bfloat16"]
float32 = _BY_NAME["float32"]
float64 = double = _BY_NAME["float64"]
int8 = _BY_NAME["int8"]
int16 = _BY_NAME["int16"]
int32 = _BY_NAME["int32"]
int64 = _BY_NAME["int64"]
uint8 = _BY_NAME["uint8"]
uint16 = _BY_NAME["uint16"]
uint32 = _BY_NAME["uint32"]
uint64 = _BY_NAME["uint64"]
bool_ = _BY_NAME["bool"]
complex64 = _BY_NAME["complex64"]
complex128 = _BY_NAME["complex128"]
string = _BY_NAME["string"]
resource = _BY_NAME["resource"]
variant = _BY_NAME["variant"]
qint8 = _BY_NAME["qint8"]
quint8 = _BY_NAME["quint8"]
qint16 = _BY_NAME["qint16"]
quint16 = _BY_NAME["quint16"]
qint32 = _BY_NAME["qint32"]
QUANTIZED_DTYPES = frozenset({qint8, quint8, qint16, quint16, qint32})

_ALIASES = {"float": float32, "half": float16, "double": float64, "int": int32, "long": int64}
# TF maps these python types (not int or complex: tf.as_dtype(int) raises TypeError).
_PY_TYPES = {float: float32, bool: bool_, str: string, bytes: string}


def as_dtype(type_value) -> DType:
    """Mirrors ``tf.as_dtype``: converts a DType, name, ``DataType`` enum value (an int: ``tf.zeros(1, 1)`` is
    float32), numpy dtype, torch dtype or python type. Difference: the ``*_ref`` enums (101 ...) are not
    accepted (tfcompat has no reference dtypes)."""
    if isinstance(type_value, DType):
        return type_value
    if isinstance(type_value, (int, np.integer)):   # bool too: TF's as_dtype(True) is float32 (enum 1)
        try:
            return _BY_ENUM[int(type_value)]
        except KeyError:
            raise TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow "
                            f"DType.") from None
    if isinstance(type_value, torch.dtype):
        try:
            return _BY_TORCH[type_value]
        except KeyError:
            raise TypeError(f"Cannot convert torch dtype {type_value} to a tfcompat DType.") from None
    if isinstance(type_value, str):
        if type_value in _BY_NAME:
            return _BY_NAME[type_value]
        if type_value in _ALIASES:
            return _ALIASES[type_value]
    if type_value in _PY_TYPES:
        return _PY_TYPES[type_value]
    if type_value is int or type_value is complex:
        raise TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType.")
    try:
        npd = np.dtype(type_value)
    except TypeError:
        npd = None
    if npd is not None:
        if npd in _BY_NP:
            return _BY_NP[npd]
        if npd.kind in ("U", "S", "O"):
            return string
    raise TypeError(f"Cannot convert value {type_value!r} to a TensorFlow DType.")


def from_torch(torch_dtype: torch.dtype) -> DType:
    return _BY_TORCH[torch_dtype]


def to_torch(dtype) -> torch.dtype:
    dt = as_dtype(dtype)
    if dt.torch_dtype is None:
        raise TypeError(f"tfcompat does not support dtype {dt.name}: it has no torch equivalent.")
    return dt.torch_dtype


all_dtypes = tuple(_BY_NAME.values())
