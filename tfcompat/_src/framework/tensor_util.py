"""``TensorProto`` <-> numpy/torch values: ``tf.make_tensor_proto`` and ``tf.make_ndarray`` (TF's
``python/framework/tensor_util.py``), and the content-only encoding of TF's C++ kernels.

Two encodings exist in TF. Python's ``make_tensor_proto`` (graph ``Const`` nodes) stores a value with more than
one element as raw little-endian ``tensor_content`` when the dtype allows it, and otherwise (one element, bool,
complex, string) in the typed repeated field (``float_val``, ``int_val``, ...); a value with fewer elements than
its shape is padded with its last element when read. C++ kernels (``Tensor::AsProtoTensorContent``: summaries,
saved constants) always use ``tensor_content`` (strings: ``string_val``)."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.string_tensor import as_bytes_array
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.python_values import infer_python_dtype as _infer_python_dtype
from tfcompat._src.protos.tensor import DataType, TensorProto, TensorShapeProto

__all__ = ["make_tensor_proto", "make_ndarray", "tensor_proto_content", "shape_proto", "shape_from_proto",
           "dtype_from_enum", "tensor_proto_to_torch", "torch_to_tensor_proto"]

# dtypes Python's make_tensor_proto writes as tensor_content (more than one element).
_CONTENT_TYPES = frozenset(["float16", "float32", "float64", "int32", "uint8", "int16", "int8", "int64", "uint16",
                            "uint32", "uint64", "bfloat16"])
# The repeated field holding each dtype's values.
_VALUE_FIELD = {
    "float32": "float_val", "float64": "double_val", "int32": "int_val", "int16": "int_val", "int8": "int_val",
    "uint8": "int_val", "uint16": "int_val", "int64": "int64_val", "uint32": "uint32_val", "uint64": "uint64_val",
    "bool": "bool_val", "float16": "half_val", "bfloat16": "half_val", "complex64": "scomplex_val",
    "complex128": "dcomplex_val", "string": "string_val",
}
_BY_ENUM = {dt.as_datatype_enum: dt for dt in dtypes.all_dtypes}


def dtype_from_enum(enum: int):
    """The ``tf.DType`` of a ``DataType`` enum value (the ``_REF`` variants map to their base type).

    Raises:
      TypeError: an enum tfcompat has no dtype for (quantized and float8 types)."""
    dt = _BY_ENUM.get(enum if enum < 100 else enum - 100)
    if dt is None:
        name = DataType.values_by_number[enum].name if enum in DataType.values_by_number else str(enum)
        raise TypeError(f"tfcompat does not support TF data type {name}.")
    return dt


def shape_proto(shape) -> TensorShapeProto:
    """A ``TensorShapeProto`` for a shape (list, tuple or ``TensorShape``; unknown dims are -1)."""
    shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
    if shape.rank is None:
        return TensorShapeProto(unknown_rank=True)
    return TensorShapeProto(dim=[TensorShapeProto.Dim(size=-1 if d is None else int(d)) for d in shape.as_list()])


def shape_from_proto(proto) -> TensorShape:
    """The ``TensorShape`` of a ``TensorShapeProto`` (-1 dims are unknown)."""
    if proto.unknown_rank:
        return TensorShape(None)
    return TensorShape([None if d.size < 0 else d.size for d in proto.dim])


def _np_dtype(dt):
    return np.dtype(dt.np_dtype) if dt.np_dtype is not None else None


def _bfloat16_bits(values) -> np.ndarray:
    t = torch.as_tensor(np.asarray(values, dtype=np.float32)).to(torch.bfloat16)
    return t.view(torch.int16).numpy().view(np.uint16)


def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False, allow_broadcast=False) -> TensorProto:
    """Mirrors ``tf.make_tensor_proto``: a ``TensorProto`` holding ``values`` (python or numpy value) with
    ``dtype`` (inferred as TF does: python float -> float32, int -> int32) and ``shape``.

    Raises:
      TypeError: values that do not fit ``dtype``. ValueError: too many values for ``shape``, or (with
      ``verify_shape``) a different shape."""
    if isinstance(values, TensorProto):
        return values
    dt = dtypes.as_dtype(dtype) if dtype is not None else None
    if hasattr(values, "numpy") and not isinstance(values, np.ndarray):
        values = values.numpy()
    if dt is dtypes.string or (dt is None and _is_strings(values)):
        arr = as_bytes_array(values)
        dt = dtypes.string
    elif dt is dtypes.bfloat16:
        arr = np.asarray(values, dtype=np.float32)
    else:
        if dt is None:
            dt = dtypes.as_dtype(values.dtype) if isinstance(values, (np.ndarray, np.generic)) else \
                _infer_python_dtype(values)
            if dt is None:
                raise TypeError(f"Failed to convert elements of {values!r} to Tensor.")
        arr = np.asarray(values, dtype=_np_dtype(dt))
        if isinstance(values, (list, tuple, float, int, bool)) and not isinstance(values, bool) and \
                not np.array_equal(np.asarray(values), arr, equal_nan=True) and dt.is_integer:
            raise TypeError(f"Expected {dt.name}, but got {values!r} of type '{type(values).__name__}'.")
    if shape is None:
        shape = list(arr.shape)
    else:
        shape = [int(d) for d in shape]
        n = int(np.prod(shape, dtype=np.int64))
        if verify_shape and list(arr.shape) != shape:
            raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, but got {arr.shape}.")
        if allow_broadcast and arr.size != n:
            arr = np.broadcast_to(arr, shape)
        elif arr.size > n:
            raise ValueError(f"Too many elements provided. Takes at most {n:d}, but got {arr.size:d}.")
    proto = TensorProto(dtype=dt.as_datatype_enum, tensor_shape=shape_proto(shape))
    n = int(np.prod(shape, dtype=np.int64))
    if arr.size == n and n > 1 and dt.name in _CONTENT_TYPES:
        proto.tensor_content = _content_bytes(arr, dt)
        return proto
    _set_values(proto, dt, arr.reshape(-1))
    return proto


def _is_strings(values) -> bool:
    if isinstance(values, (str, bytes)):
        return True
    if isinstance(values, np.ndarray):
        return values.dtype.kind in "OSU"
    if isinstance(values, (list, tuple)):
        flat = np.asarray(values, dtype=object).reshape(-1)
        return flat.size > 0 and isinstance(flat[0], (str, bytes))
    return False


def _content_bytes(arr, dt) -> bytes:
    if dt is dtypes.bfloat16:
        return _bfloat16_bits(arr).tobytes()
    return np.ascontiguousarray(arr, dtype=_np_dtype(dt).newbyteorder("<")).tobytes()


def _set_values(proto, dt, flat) -> None:
    field = _VALUE_FIELD.get(dt.name)
    if field is None:
        raise TypeError(f"Cannot store a {dt.name} value in a TensorProto.")
    target = getattr(proto, field)
    if dt is dtypes.string:
        target.extend(list(flat))
    elif dt is dtypes.float16:
        target.extend(flat.astype(np.float16).view(np.uint16).astype(np.int64).tolist())
    elif dt is dtypes.bfloat16:
        target.extend(_bfloat16_bits(flat).astype(np.int64).tolist())
    elif dt.is_complex:
        target.extend(np.stack([flat.real, flat.imag], axis=-1).reshape(-1).tolist())
    else:
        target.extend(flat.tolist())


def tensor_proto_content(value) -> TensorProto:
    """A numpy value as TF's C++ kernels write it (``Tensor::AsProtoTensorContent``): numbers as little-endian
    ``tensor_content``, strings as ``string_val``."""
    arr = np.asarray(value) if not isinstance(value, np.ndarray) else value
    if arr.dtype.kind in "OSU":
        flat = as_bytes_array(arr)
        return TensorProto(dtype=dtypes.string.as_datatype_enum, tensor_shape=shape_proto(list(arr.shape)),
                           string_val=list(flat.reshape(-1)))
    dt = dtypes.as_dtype(arr.dtype)
    return TensorProto(dtype=dt.as_datatype_enum, tensor_shape=shape_proto(list(arr.shape)),
                       tensor_content=_content_bytes(arr, dt))


def make_ndarray(tensor) -> np.ndarray:
    """Mirrors ``tf.make_ndarray``: the numpy value of a ``TensorProto`` (object array of bytes for strings;
    bfloat16 values as float32, since numpy has no bfloat16).

    Raises:
      TypeError: a dtype tfcompat does not support."""
    dt = dtype_from_enum(tensor.dtype)
    shape = [d.size for d in tensor.tensor_shape.dim]
    n = int(np.prod(shape, dtype=np.int64))
    if dt is dtypes.string:
        values = np.empty(len(tensor.string_val), dtype=object)
        values[:] = list(tensor.string_val)
    elif tensor.tensor_content:
        if dt is dtypes.bfloat16:
            bits = np.frombuffer(tensor.tensor_content, dtype="<u2").astype(np.uint16)
            return _from_bfloat16_bits(bits).reshape(shape)
        return np.frombuffer(tensor.tensor_content, dtype=_np_dtype(dt).newbyteorder("<")).astype(
            _np_dtype(dt)).reshape(shape)
    else:
        raw = getattr(tensor, _VALUE_FIELD[dt.name])
        if dt is dtypes.float16:
            values = np.asarray(list(raw), dtype=np.uint16).view(np.float16)
        elif dt is dtypes.bfloat16:
            values = _from_bfloat16_bits(np.asarray(list(raw), dtype=np.uint16))
        elif dt.is_complex:
            pairs = np.asarray(list(raw), dtype=np.float64 if dt is dtypes.complex128 else np.float32)
            values = (pairs[0::2] + 1j * pairs[1::2]).astype(_np_dtype(dt))
        else:
            values = np.asarray(list(raw), dtype=_np_dtype(dt))
    if values.size == n:
        return values.reshape(shape)
    if values.size == 0:
        return np.zeros(shape, dtype=values.dtype) if dt is not dtypes.string else np.full(shape, b"", object)
    return np.concatenate([values, np.repeat(values[-1:], n - values.size)]).reshape(shape)


def _from_bfloat16_bits(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def tensor_proto_to_torch(tensor, device=None) -> torch.Tensor:
    """The value of a (non-string) ``TensorProto`` as a torch tensor of its TF dtype."""
    dt = dtype_from_enum(tensor.dtype)
    arr = make_ndarray(tensor)
    if dt is dtypes.bfloat16:
        return torch.as_tensor(np.ascontiguousarray(arr)).to(torch.bfloat16).to(device or "cpu")
    t = torch.from_numpy(np.array(arr, dtype=_np_dtype(dt), copy=True))
    return t if device is None else t.to(device)


def torch_to_tensor_proto(t: torch.Tensor) -> TensorProto:
    """A torch value as the ``TensorProto`` TF's Python ``make_tensor_proto`` would write (``Const`` nodes)."""
    dt = dtypes.from_torch(t.dtype)
    t = t.detach().cpu()
    if dt is dtypes.bfloat16:
        return make_tensor_proto(t.float().numpy(), dtypes.bfloat16)
    return make_tensor_proto(t.numpy(), dt)
