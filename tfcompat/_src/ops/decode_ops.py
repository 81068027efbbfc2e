"""Decoding bytes into tensors (mirrors the decoding part of TF's ``parsing_ops.py``/``string_ops.py``):
``decode_raw``, ``decode_csv``, ``serialize_tensor``/``parse_tensor``, ``decode_base64``/``encode_base64``,
``decode_compressed``.

Inputs are string tensors (numpy object arrays of bytes, ``framework/string_tensor.py``); numeric outputs are torch
tensors. Nothing here is differentiable (TF registers no gradients for these ops)."""
from __future__ import annotations

import base64
import gzip
import json
import zlib

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["decode_raw", "decode_raw_v1", "decode_csv", "decode_csv_v1", "serialize_tensor", "parse_tensor", "decode_base64", "decode_json_example",
           "encode_base64", "decode_compressed"]

_RAW_TYPES = ("float16", "bfloat16", "float32", "float64", "int32", "uint16", "uint8", "int16", "int8", "int64",
              "complex64", "complex128", "bool")


def _strings(x) -> np.ndarray:
    return as_bytes_array(x)


# ------------------------------------------------------------------------------------------------
# decode_raw
# ------------------------------------------------------------------------------------------------
def _decode_raw_shape(inputs, attrs):
    shape = inputs[0].shape
    fixed = attrs.get("fixed_length")
    if shape.rank is None:
        return [(TensorShape(None), attrs["out_type"])]
    n = fixed // attrs["out_type"].size if fixed else None
    return [(TensorShape(shape.as_list() + [n]), attrs["out_type"])]


@register_op("DecodeRaw", grad=NOT_DIFFERENTIABLE, inputs=("bytes",), shape_fn=_decode_raw_shape)
def _decode_raw(data, *, out_type, little_endian=True, fixed_length=None):
    arr = _strings(data)
    flat = arr.reshape(-1)
    width = out_type.size
    np_type = np.dtype(out_type.np_dtype if out_type is not dtypes.bfloat16 else np.uint16)
    np_type = np_type.newbyteorder("<" if little_endian else ">")
    if fixed_length is not None:
        flat = [bytes(b[:fixed_length]).ljust(fixed_length, b"\0") for b in flat]
    sizes = {len(b) for b in flat}
    if len(sizes) > 1:
        first = len(flat[0])
        for i, b in enumerate(flat):
            if len(b) != first:
                raise errors.InvalidArgumentError(f"DecodeRaw requires input strings to all be the same size, but "
                                                  f"element {i} has size {len(b)} != {first}")
    size = sizes.pop() if sizes else 0
    if size % width:
        raise errors.InvalidArgumentError(f"Input to DecodeRaw has length {size} that is not a multiple of {width}, "
                                          f"the size of {out_type.name}")
    n = size // width
    buf = b"".join(bytes(b) for b in flat)
    values = np.frombuffer(buf, dtype=np_type).astype(np_type.newbyteorder("="), copy=True)
    values = values.reshape(arr.shape + (n,))
    if out_type is dtypes.bfloat16:
        return torch.from_numpy(values.astype(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(values)


def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None):
    """Mirrors ``tf.io.decode_raw``: each string's bytes reinterpreted as ``out_type`` values; the result has
    one more dimension than ``input_bytes`` (all strings must have the same length unless ``fixed_length``)."""
    out_type = dtypes.as_dtype(out_type)
    if out_type.name not in _RAW_TYPES:
        from tfcompat._src.framework import context as ctx_lib
        allowed = "half, float, double, int32, uint16, uint8, int16, int8, int64, complex64, complex128, bool, " \
                  "bfloat16"
        if ctx_lib.executing_eagerly():  # TF: the kernel's attr check eagerly, the op builder's in a graph
            raise errors.InvalidArgumentError(f"Value for attr 'out_type' of {out_type.name} is not in the list of "
                                              f"allowed values: {allowed}")
        raise TypeError(f"Value passed to parameter 'out_type' has DataType {out_type.name} not in list of allowed "
                        f"values: {allowed}")
    x = convert_to_tensor(input_bytes, dtype=dtypes.string)
    attrs = {"out_type": out_type, "little_endian": bool(little_endian)}
    if fixed_length is not None:
        attrs["fixed_length"] = int(fixed_length)
    return apply_op("DecodeRaw", [x], attrs, name=name or "DecodeRaw")


def decode_raw_v1(input_bytes=None, out_type=None, little_endian=True, name=None, bytes=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.decode_raw`` (``bytes`` is the deprecated name of ``input_bytes``)."""
    if input_bytes is not None and bytes is not None:
        raise ValueError("Cannot specify both 'input_bytes' and 'bytes'.")
    return decode_raw(input_bytes if input_bytes is not None else bytes, out_type, little_endian, name=name)


# ------------------------------------------------------------------------------------------------
# decode_csv
# ------------------------------------------------------------------------------------------------
_CSV_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.string)


def _csv_shape(inputs, attrs):
    return [(inputs[0].shape, dt) for dt in attrs["types"]]


def _split_record(record: bytes, delim: str, use_quote: bool):
    """The fields of one record, as TF's DecodeCSV splits them (RFC 4180 quotes, ``""`` inside quotes)."""
    text = record.decode("utf-8")
    if not use_quote:
        return text.split(delim)
    fields, i, n = [], 0, len(text)
    while i <= n:
        if i < n and text[i] == '"':
            i += 1
            buf = []
            while True:
                if i >= n:
                    raise errors.InvalidArgumentError("Quoted field has to end with quote followed by delim or end")
                if text[i] == '"':
                    if i + 1 < n and text[i + 1] == '"':
                        buf.append('"')
                        i += 2
                        continue
                    i += 1
                    break
                buf.append(text[i])
                i += 1
            if i < n and text[i] != delim:
                raise errors.InvalidArgumentError("Quoted field has to end with quote followed by delim or end")
            fields.append("".join(buf))
            i += 1
        else:
            j = text.find(delim, i)
            j = n if j < 0 else j
            field = text[i:j]
            if '"' in field or "\n" in field or "\r" in field:
                raise errors.InvalidArgumentError("Unquoted fields cannot have quotes/CRLFs inside")
            fields.append(field)
            i = j + 1
    return fields


def _convert_field(field: str, dt, default, col: int, row: int, na_value: str):
    if field == "" or (na_value and field == na_value):
        if default is None:
            raise errors.InvalidArgumentError(f"Field {col} is required but missing in record {row}!")
        return default
    if dt is dtypes.string:
        return field.encode("utf-8")
    try:
        if dt.is_integer:
            value = int(field, 10)
            info = np.iinfo(dt.np_dtype)
            if not info.min <= value <= info.max:
                raise ValueError(field)
            return value
        return float(field)
    except ValueError:
        raise errors.InvalidArgumentError(f"Field {col} in record {row} is not a valid {dt.name}: {field}") from None


@register_op("DecodeCSV", grad=NOT_DIFFERENTIABLE, inputs=("records",), num_outputs=lambda a: len(a["types"]),
             shape_fn=_csv_shape)
def _decode_csv(records, *, types, defaults, field_delim=",", use_quote_delim=True, na_value="",
                select_cols=None):
    arr = _strings(records)
    flat = arr.reshape(-1)
    columns = [[] for _ in types]
    for row, rec in enumerate(flat):
        fields = _split_record(bytes(rec), field_delim, use_quote_delim)
        if select_cols is not None:
            if max(select_cols) >= len(fields):
                raise errors.InvalidArgumentError(f"Expect {len(types)} fields but have {len(fields)} in record "
                                                  f"{row}")
            fields = [fields[c] for c in select_cols]
        if len(fields) != len(types):
            raise errors.InvalidArgumentError(f"Expect {len(types)} fields but have {len(fields)} in record {row}")
        for col, (field, dt, default) in enumerate(zip(fields, types, defaults)):
            columns[col].append(_convert_field(field, dt, default, col, row, na_value))
    outs = []
    for values, dt in zip(columns, types):
        if dt is dtypes.string:
            out = np.empty(len(values), dtype=object)
            out[:] = values
            outs.append(string_value(out.reshape(arr.shape)))
        else:
            outs.append(torch.from_numpy(np.asarray(values, dtype=dt.np_dtype).reshape(arr.shape)))
    return tuple(outs)


def _csv_default(value, index):
    """(dtype, default or None) of one ``record_defaults`` entry: a tensor/list/scalar, empty = required."""
    from tfcompat._src.framework import context as ctx_lib
    from tfcompat._src.framework.dispatch import constant_value
    if isinstance(value, (list, tuple)) and len(value) == 0:
        raise ValueError(f"record_defaults[{index}] is an empty list: give its dtype with an empty tensor (e.g. "
                         f"tf.constant([], tf.int32)) to make the field required.")
    if isinstance(value, Tensor):
        dt = value.dtype
        v = value.numpy() if hasattr(value, "_t") else constant_value(value)
        if v is None:
            raise ValueError(f"record_defaults[{index}] must be known before running in tfcompat (a python value, "
                             f"an eager or a constant tensor).")
        v = v.numpy() if isinstance(v, torch.Tensor) else v
    else:
        with ctx_lib.init_scope():
            t = convert_to_tensor(value)
        dt, v = t.dtype, t.numpy()
    if dt not in _CSV_TYPES:
        raise TypeError(f"Value passed to parameter 'record_defaults' has DataType {dt.name} not in list of "
                        f"allowed values: float32, float64, int32, int64, string")
    v = np.asarray(v, dtype=object if dt is dtypes.string else None).reshape(-1)
    if v.size == 0:
        return dt, None
    if v.size != 1:
        raise errors.InvalidArgumentError("Shape of a default must be a length-0 or length-1 vector, or a scalar.")
    return dt, (bytes(v[0]) if dt is dtypes.string else v[0].item())


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, na_value="", select_cols=None,
               name=None):
    """Mirrors ``tf.io.decode_csv``: one tensor per column, each shaped like ``records``. ``record_defaults``
    gives each column's dtype and default (an empty tensor makes the column required).

    Defaults must be known before running (python values or eager/constant tensors)."""
    if not record_defaults:
        raise ValueError("record_defaults must not be empty")
    if select_cols is not None:
        select_cols = [int(c) for c in select_cols]
        if any(b <= a for a, b in zip(select_cols, select_cols[1:])):
            raise ValueError("select_cols is not strictly increasing.")
        if select_cols and select_cols[0] < 0:
            raise ValueError("select_cols contains negative values.")
        if len(select_cols) != len(record_defaults):
            raise ValueError("Length of select_cols and record_defaults do not match.")
    types, defaults = [], []
    for i, d in enumerate(record_defaults):
        dt, default = _csv_default(d, i)
        types.append(dt)
        defaults.append(default)
    x = convert_to_tensor(records, dtype=dtypes.string)
    outs = apply_op("DecodeCSV", [x], {"types": types, "defaults": defaults, "field_delim": field_delim,
                                       "use_quote_delim": bool(use_quote_delim), "na_value": na_value,
                                       "select_cols": select_cols}, name=name or "DecodeCSV")
    return list(outs) if isinstance(outs, (list, tuple)) else [outs]


def decode_csv_v1(records, record_defaults, field_delim=",", use_quote_delim=True, name=None, na_value="",
                  select_cols=None):
    """Mirrors ``tf.compat.v1.decode_csv`` (TF1 argument order)."""
    return decode_csv(records, record_defaults, field_delim, use_quote_delim, na_value, select_cols, name)


# ------------------------------------------------------------------------------------------------
# serialize_tensor / parse_tensor (TensorProto, as Tensor::AsProtoTensorContent writes it)
# ------------------------------------------------------------------------------------------------
def _tensor_proto(value, dtype):
    from tfcompat._src.protos import tensor as tensor_pb
    proto = tensor_pb.TensorProto(dtype=dtype.as_datatype_enum)
    proto.tensor_shape.SetInParent()  # TF writes the (possibly empty) shape message
    shape = list(np.shape(value)) if dtype is dtypes.string else list(value.shape)
    for d in shape:
        proto.tensor_shape.dim.add(size=int(d))
    if dtype is dtypes.string:
        proto.string_val.extend(bytes(b) for b in as_bytes_array(value).reshape(-1))
    else:
        t = value.detach().cpu().contiguous()
        if dtype is dtypes.bfloat16:
            t = t.view(torch.int16)
        proto.tensor_content = t.numpy().astype(t.numpy().dtype.newbyteorder("<"), copy=False).tobytes()
    return proto


@register_op("SerializeTensor", grad=NOT_DIFFERENTIABLE, inputs=("tensor",),
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.string)])
def _serialize_tensor(x, *, dtype):
    return _tensor_proto(x, dtype).SerializeToString()


def serialize_tensor(tensor, name=None):
    """Mirrors ``tf.io.serialize_tensor``: a scalar string holding the tensor's ``TensorProto``."""
    x = convert_to_tensor(tensor)
    return apply_op("SerializeTensor", [x], {"dtype": x.dtype}, name=name or "SerializeTensor")


_VAL_FIELDS = {"float32": "float_val", "float64": "double_val", "int32": "int_val", "uint8": "int_val",
               "int16": "int_val", "int8": "int_val", "uint16": "int_val", "int64": "int64_val",
               "bool": "bool_val", "uint32": "uint32_val", "uint64": "uint64_val", "float16": "half_val",
               "complex64": "scomplex_val", "complex128": "dcomplex_val"}


@register_op("ParseTensor", grad=NOT_DIFFERENTIABLE, inputs=("serialized",),
             shape_fn=lambda inputs, attrs: [(TensorShape(None), attrs["out_type"])])
def _parse_tensor(serialized, *, out_type):
    from tfcompat._src.protos import tensor as tensor_pb
    proto = tensor_pb.TensorProto()
    data = bytes(np.asarray(serialized, dtype=object).reshape(-1)[0])
    try:
        proto.ParseFromString(data)
    except Exception as e:  # noqa: BLE001 - protobuf's DecodeError (class differs between backends)
        raise errors.InvalidArgumentError("Could not parse `serialized` as TensorProto: " + repr(data[:64])) from e
    if proto.dtype != out_type.as_datatype_enum:
        names = {d.as_datatype_enum: d.name for d in dtypes.all_dtypes}
        got = names.get(proto.dtype, str(proto.dtype))
        raise errors.InvalidArgumentError(f"Type mismatch between parsed tensor ({got}) and dtype ({out_type.name})")
    shape = [d.size for d in proto.tensor_shape.dim]
    n = int(np.prod(shape)) if shape else 1
    if out_type is dtypes.string:
        arr = np.empty(len(proto.string_val), dtype=object)
        arr[:] = list(proto.string_val)
        if arr.size == 1 and n != 1:
            arr = np.full(n, arr[0], dtype=object)
        return string_value(arr.reshape(shape))
    np_type = np.dtype(out_type.np_dtype if out_type is not dtypes.bfloat16 else np.int16)
    if proto.tensor_content:
        arr = np.frombuffer(proto.tensor_content, dtype=np_type.newbyteorder("<")).astype(np_type)
    else:
        vals = list(getattr(proto, _VAL_FIELDS[out_type.name]))
        if out_type.is_complex:
            vals = [complex(a, b) for a, b in zip(vals[::2], vals[1::2])]
        if out_type is dtypes.float16:
            arr = np.asarray(vals, dtype=np.uint16).view(np.float16)
        else:
            arr = np.asarray(vals, dtype=np_type)
        if arr.size < n:  # TF repeats the last value to fill the shape
            arr = np.concatenate([arr, np.full(n - arr.size, arr[-1] if arr.size else 0, dtype=np_type)])
    t = torch.from_numpy(arr.reshape(shape).copy())
    return t.view(torch.bfloat16) if out_type is dtypes.bfloat16 else t


def parse_tensor(serialized, out_type, name=None):
    """Mirrors ``tf.io.parse_tensor``: the tensor of a serialized ``TensorProto`` (its dtype must be
    ``out_type``). The static shape is unknown, as in TF."""
    x = convert_to_tensor(serialized, dtype=dtypes.string)
    return apply_op("ParseTensor", [x], {"out_type": dtypes.as_dtype(out_type)}, name=name or "ParseTensor")


# ------------------------------------------------------------------------------------------------
# base64 and compression
# ------------------------------------------------------------------------------------------------
def _map_strings(fn):
    def kernel(x, **attrs):
        arr = _strings(x)
        out = np.empty(arr.size, dtype=object)
        out[:] = [fn(bytes(b), **attrs) for b in arr.reshape(-1)]
        return string_value(out.reshape(arr.shape))
    return kernel


def _same_shape(inputs, attrs):
    return [(inputs[0].shape, dtypes.string)]


def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1   # int64 values: two's complement, as protobuf encodes them
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _feature_bytes(feature) -> bytes:
    """A tf.train.Feature as TF's JSON decoder writes it: repeated values unpacked, one tag each."""
    kind = feature.WhichOneof("kind")
    if kind == "bytes_list":
        return _field(1, b"".join(_field(1, v) for v in feature.bytes_list.value))
    if kind == "float_list":
        return _field(2, b"".join(b"\r" + np.float32(v).tobytes() for v in feature.float_list.value))
    if kind == "int64_list":
        return _field(3, b"".join(b"\x08" + _varint(int(v)) for v in feature.int64_list.value))
    return b""


def _json_example(b: bytes) -> bytes:
    """TF's ``DecodeJSONExample``: the JSON form of a ``tf.train.Example`` as its binary form. The features are
    written in the JSON's order with unpacked values, byte for byte as TF's C++ JSON decoder writes them (python
    protobuf would pack them and order the map differently)."""
    from google.protobuf import json_format
    from tfcompat._src.protos.example import Example
    text = b.decode("utf-8", errors="replace")
    try:
        example = json_format.Parse(text, Example())
        order = list(json.loads(text).get("features", {}).get("feature", {}))
    except (json_format.ParseError, ValueError, AttributeError) as e:
        raise errors.InvalidArgumentError(f"Error while parsing JSON: {e}") from None
    entries = b"".join(_field(1, _field(1, key.encode()) + _field(2, _feature_bytes(example.features.feature[key])))
                       for key in order)
    return _field(1, entries) if example.HasField("features") else b""


def _b64decode(b: bytes) -> bytes:
    try:
        return base64.urlsafe_b64decode(b + b"=" * (-len(b) % 4))
    except (ValueError, TypeError):
        raise errors.InvalidArgumentError("Invalid character found in base64.") from None


def _b64encode(b: bytes, pad=False) -> bytes:
    out = base64.urlsafe_b64encode(b)
    return out if pad else out.rstrip(b"=")


register_op("DecodeBase64", grad=NOT_DIFFERENTIABLE, inputs=("input",), shape_fn=_same_shape)(
    _map_strings(_b64decode))
register_op("EncodeBase64", grad=NOT_DIFFERENTIABLE, inputs=("input",), shape_fn=_same_shape)(
    _map_strings(_b64encode))
register_op("DecodeJSONExample", grad=NOT_DIFFERENTIABLE, inputs=("json_examples",), shape_fn=_same_shape)(
    _map_strings(_json_example))


def decode_json_example(json_examples, name=None):
    """Mirrors ``tf.io.decode_json_example``: JSON-encoded ``tf.train.Example`` strings as binary protos (for
    ``tf.io.parse_example``). Parse errors say ``Error while parsing JSON`` with protobuf's detail."""
    return apply_op("DecodeJSONExample", [convert_to_tensor(json_examples, dtype=dtypes.string)],
                    name=name or "DecodeJSONExample")


def _decompress(b: bytes, compression_type=""):
    try:
        if compression_type == "ZLIB":
            return zlib.decompress(b)
        if compression_type == "GZIP":
            return gzip.decompress(b)
    except (zlib.error, OSError, EOFError) as e:
        raise errors.DataLossError(f"inflate() failed with error {e}") from None
    return b


register_op("DecodeCompressed", grad=NOT_DIFFERENTIABLE, inputs=("bytes",), shape_fn=_same_shape)(
    _map_strings(_decompress))


def decode_base64(input, name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.io.decode_base64`` (web-safe alphabet, padding optional)."""
    return apply_op("DecodeBase64", [convert_to_tensor(input, dtype=dtypes.string)], name=name or "DecodeBase64")


def encode_base64(input, pad=False, name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.io.encode_base64`` (web-safe alphabet; ``=`` padding only when ``pad``)."""
    return apply_op("EncodeBase64", [convert_to_tensor(input, dtype=dtypes.string)], {"pad": bool(pad)},
                    name=name or "EncodeBase64")


def decode_compressed(bytes, compression_type="", name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.io.decode_compressed``: ``ZLIB``/``GZIP`` decompression of each string (``""``: as is)."""
    if compression_type not in ("", "ZLIB", "GZIP"):
        raise errors.InvalidArgumentError("Only ZLIB, GZIP or NONE are supported compressions")
    return apply_op("DecodeCompressed", [convert_to_tensor(bytes, dtype=dtypes.string)],
                    {"compression_type": compression_type}, name=name or "DecodeCompressed")
