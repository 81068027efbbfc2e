"""``tf.io.decode_proto`` and ``tf.io.encode_proto`` (ops ``DecodeProtoV2``, ``EncodeProto``): fields of serialized
protocol buffer messages as dense tensors, and back, through the ``protobuf`` package.

``descriptor_source`` may be ``"local://"`` (or empty): the message types tfcompat knows (TF's own protos, in
``protos/``), then any type registered in protobuf's default Python pool (the ``*_pb2`` modules the program
imported); a file holding a serialized ``FileDescriptorSet``; or ``"bytes://"`` followed by one. TF's "local://"
means the C++ types linked into TF instead, so a Python-only message type decodes here but not in TF.

Layout, as TF: ``sizes`` is int32 ``bytes.shape + [len(field_names)]`` (how many values each field has; 0 or 1
for a singular field, 0 for an unset proto3 scalar), and each value tensor is ``bytes.shape + [max(1, largest
count)]``, padded with the field's default. A message or group field can only be read as ``tf.string`` (its
serialized bytes); enums read as int32, uint64 as the int64 with the same bits."""
from __future__ import annotations

import os

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["decode_proto", "encode_proto"]


def _pools(descriptor_source: str):
    from google.protobuf import descriptor_pb2, descriptor_pool
    if descriptor_source in ("", "local://"):
        from tfcompat._src.protos import (  # noqa: F401 - importing them adds TF's messages to the pool
            checkpoint, example, graph, saved_model, summary, tensor,
        )
        from tfcompat._src.protos.schema import POOL
        return [POOL, descriptor_pool.Default()]
    if descriptor_source.startswith("bytes://"):
        data = descriptor_source[len("bytes://"):].encode("latin-1")
    else:
        if not os.path.exists(descriptor_source):
            raise errors.NotFoundError(f"{descriptor_source}; No such file or directory")
        with open(descriptor_source, "rb") as f:
            data = f.read()
    files = descriptor_pb2.FileDescriptorSet.FromString(data)
    pool = descriptor_pool.DescriptorPool()
    for fd in files.file:
        pool.Add(fd)
    return [pool]


def _message_class(message_type: str, descriptor_source: str):
    from google.protobuf import message_factory
    for pool in _pools(descriptor_source):
        try:
            desc = pool.FindMessageTypeByName(message_type)
        except KeyError:
            continue
        return message_factory.GetMessageClass(desc)
    raise errors.InvalidArgumentError(f"No descriptor found for message type {message_type}")


_FD = None


def _field_kinds():
    global _FD
    if _FD is None:
        from google.protobuf.descriptor import FieldDescriptor
        _FD = FieldDescriptor
    return _FD


def _fields(cls, field_names):
    out = []
    for name in field_names:
        field = cls.DESCRIPTOR.fields_by_name.get(name)
        if field is None:
            raise errors.InvalidArgumentError(f"Unknown field: {name} in message type {cls.DESCRIPTOR.full_name}")
        out.append(field)
    return out


def _is_repeated(field) -> bool:
    if hasattr(field, "is_repeated"):   # protobuf >= 5 (``label`` is gone in 7)
        return field.is_repeated
    return field.label == _field_kinds().LABEL_REPEATED


def _is_message(field) -> bool:
    fd = _field_kinds()
    return field.type in (fd.TYPE_MESSAGE, fd.TYPE_GROUP)


def _default(field, dtype):
    if _is_message(field):
        return b""
    value = field.default_value if not _is_repeated(field) else None
    if value is None or value == []:
        return b"" if dtype is dtypes.string else 0
    if isinstance(value, str):
        return value.encode("utf-8")
    return value


def _as_output(values, dtype):
    if dtype is dtypes.string:
        return [v.encode("utf-8") if isinstance(v, str) else bytes(v) for v in values]
    return [int(v) if not isinstance(v, float) else v for v in values]


def _field_values(msg, field, dtype) -> list:
    present = {f.name for f, _ in msg.ListFields()}
    if field.name not in present:
        return []
    value = getattr(msg, field.name)
    items = list(value) if _is_repeated(field) else [value]
    if _is_message(field):
        return [m.SerializeToString() for m in items]
    return items


def _to_tensor(values, dtype, shape):
    if dtype is dtypes.string:
        arr = np.empty(len(values), dtype=object)
        arr[:] = values
        return string_value(arr.reshape(shape))
    if dtype in (dtypes.int32, dtypes.int64):
        bits = 32 if dtype is dtypes.int32 else 64
        values = [((int(v) + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) for v in values]  # two's compl.
    return torch.tensor(np.asarray(values, dtype=dtype.np_dtype).reshape(shape))


def _decode_shape(inputs, attrs):
    lead = inputs[0].shape
    lead_dims = lead.as_list() if lead.rank is not None else None
    sizes = TensorShape(None if lead_dims is None else lead_dims + [len(attrs["field_names"])])
    outs = [(sizes, dtypes.int32)]
    for dt in attrs["output_types"]:
        outs.append((TensorShape(None if lead_dims is None else lead_dims + [None]), dt))
    return outs


@register_op("DecodeProtoV2", grad=NOT_DIFFERENTIABLE, inputs=("bytes",),
             num_outputs=lambda attrs: 1 + len(attrs["output_types"]), shape_fn=_decode_shape)
def _decode_proto_kernel(data, *, message_type, field_names, output_types, descriptor_source="local://",
                         message_format="binary", sanitize=False):
    from google.protobuf import text_format
    cls = _message_class(message_type, descriptor_source)
    fields = _fields(cls, field_names)
    records = as_bytes_array(data)
    lead = list(records.shape)
    per_record = []
    for raw in records.reshape(-1):
        msg = cls()
        try:
            if message_format == "text":
                text_format.Parse(bytes(raw).decode("utf-8"), msg)
            else:
                msg.ParseFromString(bytes(raw))
        except Exception as e:  # noqa: BLE001 - protobuf's DecodeError/ParseError (classes differ by backend)
            raise errors.DataLossError("Unable to parse binary proto" if message_format != "text" else
                                       "Unable to parse text proto") from e
        per_record.append([_field_values(msg, f, dt) for f, dt in zip(fields, output_types)])
    sizes = torch.tensor([[len(v) for v in rec] for rec in per_record], dtype=torch.int32).reshape(
        lead + [len(fields)])
    outputs = [sizes]
    for i, (field, dt) in enumerate(zip(fields, output_types)):
        if _is_message(field) and dt is not dtypes.string:
            raise errors.InvalidArgumentError(f"Field {field.name} is a message and must be read as a string")
        width = max([len(rec[i]) for rec in per_record] + [1])
        fill = _default(field, dt)
        flat = []
        for rec in per_record:
            vals = _as_output(rec[i], dt)
            flat.extend(vals + [fill] * (width - len(vals)))
        outputs.append(_to_tensor(flat, dt, lead + [width]))
    return tuple(outputs)


def decode_proto(bytes, message_type, field_names, output_types, descriptor_source="local://",  # noqa: A002
                 message_format="binary", sanitize=False, name=None):
    """Mirrors ``tf.io.decode_proto``: ``(sizes, values)`` of the named fields of each serialized message (see
    the module docstring for the layout and the descriptor sources)."""
    x = convert_to_tensor(bytes, dtype=dtypes.string)
    output_types = [dtypes.as_dtype(t) for t in output_types]
    if len(output_types) != len(field_names):
        raise errors.InvalidArgumentError("field_names and output_types attributes must have the same length")
    if message_format not in ("binary", "text"):
        raise errors.InvalidArgumentError("format must be one of binary or text")
    outs = apply_op("DecodeProtoV2", [x], {"message_type": message_type, "field_names": list(field_names),
                                           "output_types": output_types, "descriptor_source": descriptor_source,
                                           "message_format": message_format, "sanitize": bool(sanitize)},
                    name=name or "DecodeProtoV2")
    return outs[0], list(outs[1:])


@register_op("EncodeProto", grad=NOT_DIFFERENTIABLE, inputs=("sizes", "values"), same_type=(),
             shape_fn=lambda inputs, attrs: [(TensorShape(inputs[0].shape[:-1]), dtypes.string)])
def _encode_proto_kernel(sizes, *values, field_names, message_type, descriptor_source="local://", Tinput_types=()):
    cls = _message_class(message_type, descriptor_source)
    fields = _fields(cls, field_names)
    lead = list(sizes.shape[:-1])
    n = int(np.prod(lead)) if lead else 1
    counts = sizes.reshape(n, len(fields)).tolist()
    flat_values = []
    for v in values:
        arr = as_bytes_array(v) if not isinstance(v, torch.Tensor) else v.detach().cpu().numpy()
        flat_values.append(arr.reshape(n, -1))
    out = np.empty(n, dtype=object)
    for r in range(n):
        msg = cls()
        for i, field in enumerate(fields):
            count = counts[r][i]
            if count > flat_values[i].shape[1]:
                raise errors.InvalidArgumentError(f"Not enough values for field {field.name}")
            items = [_python_value(field, x) for x in flat_values[i][r, :count]]
            if _is_repeated(field):
                target = getattr(msg, field.name)
                if _is_message(field):
                    for item in items:
                        target.add().ParseFromString(item)
                else:
                    target.extend(items)
            elif count > 1:
                raise errors.InvalidArgumentError(f"Singular field {field.name} has {count} values")
            elif count == 1:
                if _is_message(field):
                    getattr(msg, field.name).ParseFromString(items[0])
                else:
                    setattr(msg, field.name, items[0])
        out[r] = msg.SerializeToString()
    return string_value(out.reshape(lead))


def _python_value(field, x):
    fd = _field_kinds()
    if _is_message(field) or field.type == fd.TYPE_BYTES:
        return bytes(x)
    if field.type == fd.TYPE_STRING:
        return bytes(x).decode("utf-8")
    if field.type == fd.TYPE_BOOL:
        return bool(x)
    if field.type in (fd.TYPE_FLOAT, fd.TYPE_DOUBLE):
        return float(x)
    value = int(x)
    if field.type in (fd.TYPE_UINT64, fd.TYPE_FIXED64) and value < 0:
        value += 1 << 64
    if field.type in (fd.TYPE_UINT32, fd.TYPE_FIXED32) and value < 0:
        value += 1 << 32
    return value


def encode_proto(sizes, values, field_names, message_type, descriptor_source="local://", name=None):
    """Mirrors ``tf.io.encode_proto``: serialized messages of ``message_type`` whose field ``field_names[i]``
    holds the first ``sizes[..., i]`` entries of ``values[i]`` (shape ``sizes.shape[:-1] + [n_i]``)."""
    sizes = convert_to_tensor(sizes, dtype=dtypes.int32)
    values = [convert_to_tensor(v) for v in values]
    if len(values) != len(field_names):
        raise errors.InvalidArgumentError("Length of inputs list must match field_names")
    return apply_op("EncodeProto", [sizes] + values,
                    {"field_names": list(field_names), "message_type": message_type,
                     "descriptor_source": descriptor_source, "Tinput_types": [v.dtype for v in values]},
                    name=name or "EncodeProto")
