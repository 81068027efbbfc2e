"""``tf.io.serialize_sparse``, ``tf.io.serialize_many_sparse`` and ``tf.io.deserialize_many_sparse`` (ops
``SerializeSparse``, ``SerializeManySparse``, ``DeserializeManySparse``): a ``SparseTensor`` as the three
serialized ``TensorProto``s of its indices, values and dense shape (the bytes ``tf.io.serialize_tensor`` writes),
one row per minibatch entry for the "many" forms. Only ``out_type=tf.string`` is supported: TF's ``tf.variant``
form holds tensors inside a variant, which tfcompat has no dtype for."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.sparse_tensor import SparseTensor, SparseTensorValue
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import decode_ops

__all__ = ["serialize_sparse", "serialize_many_sparse", "deserialize_many_sparse", "serialize_sparse_v1",
           "serialize_many_sparse_v1"]


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _serialized(value, dtype) -> bytes:
    """TF's ``Tensor::AsProtoTensorContent`` bytes: numbers as serialize_tensor writes them (decode_ops' writer);
    strings also in ``tensor_content``, as the varint lengths of every element followed by their bytes."""
    if dtype is not dtypes.string:
        return decode_ops._tensor_proto(value, dtype).SerializeToString()
    from tfcompat._src.protos import tensor as tensor_pb
    items = [bytes(b) for b in as_bytes_array(value).reshape(-1)]
    proto = tensor_pb.TensorProto(dtype=dtype.as_datatype_enum)
    proto.tensor_shape.SetInParent()
    for d in np.shape(as_bytes_array(value)):
        proto.tensor_shape.dim.add(size=int(d))
    proto.tensor_content = b"".join(_varint(len(b)) for b in items) + b"".join(items)
    return proto.SerializeToString()


def _parsed_strings(data: bytes) -> np.ndarray:
    """The string tensor of a serialized TensorProto written either way (``string_val`` or ``tensor_content``)."""
    from tfcompat._src.protos import tensor as tensor_pb
    proto = tensor_pb.TensorProto.FromString(bytes(data))
    shape = [d.size for d in proto.tensor_shape.dim]
    if not proto.tensor_content:
        items = list(proto.string_val)
    else:
        content, pos, lengths = proto.tensor_content, 0, []
        n = int(np.prod(shape)) if shape else 1
        for _ in range(n):
            length, shift = 0, 0
            while True:
                byte = content[pos]
                pos += 1
                length |= (byte & 0x7F) << shift
                shift += 7
                if not byte & 0x80:
                    break
            lengths.append(length)
        items = []
        for length in lengths:
            items.append(bytes(content[pos:pos + length]))
            pos += length
    arr = np.empty(len(items), dtype=object)
    arr[:] = items
    return arr.reshape(shape)


def _check_out_type(out_type):
    out_type = dtypes.as_dtype(out_type)
    if out_type is not dtypes.string:
        raise NotImplementedError("tfcompat serializes SparseTensors to tf.string only (out_type=tf.variant needs "
                                  "TF's variant dtype, which tfcompat does not have).")


def _sparse_inputs(sp_input):
    if isinstance(sp_input, SparseTensorValue):
        sp_input = SparseTensor.from_value(sp_input)
    if not isinstance(sp_input, SparseTensor):
        raise TypeError("Input must be a SparseTensor.")
    return [sp_input.indices, sp_input.values, sp_input.dense_shape]


@register_op("SerializeSparse", grad=NOT_DIFFERENTIABLE, inputs=("sparse_indices", "sparse_values", "sparse_shape"),
             same_type=(), shape_fn=lambda inputs, attrs: [(TensorShape([3]), dtypes.string)])
def _serialize_sparse_kernel(indices, values, shape, *, dtype):
    out = np.empty(3, dtype=object)
    out[:] = [_serialized(indices, dtypes.int64), _serialized(values, dtype), _serialized(shape, dtypes.int64)]
    return string_value(out)


def _many_shape(inputs, attrs):
    return [(TensorShape([None, 3]), dtypes.string)]


@register_op("SerializeManySparse", grad=NOT_DIFFERENTIABLE,
             inputs=("sparse_indices", "sparse_values", "sparse_shape"), same_type=(), shape_fn=_many_shape)
def _serialize_many_sparse_kernel(indices, values, shape, *, dtype):
    if shape.numel() < 2:
        raise errors.InvalidArgumentError(f"Rank of input SparseTensor should be > 1, but saw rank: {shape.numel()}")
    n = int(shape[0])
    batch = indices[:, 0]
    out = np.empty((n, 3), dtype=object)
    inner_shape = shape[1:].clone()
    for b in range(n):
        rows = (batch == b).nonzero().reshape(-1)
        sub_values = values[rows.numpy()] if dtype is dtypes.string else values[rows]
        out[b] = [_serialized(indices[rows][:, 1:].contiguous(), dtypes.int64), _serialized(sub_values, dtype),
                  _serialized(inner_shape, dtypes.int64)]
    return string_value(out)


def _deserialize_shape(inputs, attrs):
    rank = attrs["rank"]
    return [(TensorShape([None, rank]), dtypes.int64), (TensorShape([None]), attrs["dtype"]),
            (TensorShape([rank]), dtypes.int64)]


@register_op("DeserializeManySparse", grad=NOT_DIFFERENTIABLE, inputs=("serialized_sparse",), num_outputs=3,
             shape_fn=_deserialize_shape)
def _deserialize_many_sparse_kernel(serialized, *, dtype, rank=None):
    rows = as_bytes_array(serialized)
    if rows.ndim != 2 or rows.shape[1] != 3:
        raise errors.InvalidArgumentError(f"Serialized sparse should be a matrix but received shape "
                                          f"[{','.join(str(d) for d in rows.shape)}]")
    all_indices, all_values, shapes = [], [], []
    for b in range(rows.shape[0]):
        idx = decode_ops._parse_tensor(rows[b, 0], out_type=dtypes.int64)
        if dtype is dtypes.string:
            vals = _parsed_strings(rows[b, 1])
        else:
            vals = decode_ops._parse_tensor(rows[b, 1], out_type=dtype)
        shp = decode_ops._parse_tensor(rows[b, 2], out_type=dtypes.int64)
        if shapes and shp.numel() != shapes[0].numel():
            raise errors.InvalidArgumentError(f"Inconsistent shape across SparseTensors: rank prior to "
                                              f"SparseTensor[{b}] was: {shapes[0].numel()} but rank of "
                                              f"SparseTensor[{b}] is: {shp.numel()}")
        shapes.append(shp)
        all_indices.append(torch.cat([torch.full((idx.shape[0], 1), b, dtype=torch.int64), idx], dim=1))
        all_values.append(vals)
    if not shapes:
        raise errors.InvalidArgumentError("Serialized sparse should have at least one SparseTensor")
    dense_shape = torch.cat([torch.tensor([rows.shape[0]], dtype=torch.int64),
                             torch.stack(shapes).max(dim=0).values])
    indices = torch.cat(all_indices)
    if dtype is dtypes.string:
        values = np.concatenate([np.asarray(v, dtype=object).reshape(-1) for v in all_values])
        return indices, string_value(values), dense_shape
    return indices, torch.cat(all_values), dense_shape


def serialize_sparse(sp_input, out_type=dtypes.string, name=None):
    """Mirrors ``tf.io.serialize_sparse``: a string vector [3] of the serialized indices, values and dense shape."""
    _check_out_type(out_type)
    inputs = _sparse_inputs(sp_input)
    return apply_op("SerializeSparse", inputs, {"dtype": inputs[1].dtype}, name=name or "SerializeSparse")


def serialize_many_sparse(sp_input, out_type=dtypes.string, name=None):
    """Mirrors ``tf.io.serialize_many_sparse``: a string matrix [N, 3], row ``i`` the serialized
    ``sp_input[i]`` (``sp_input`` of rank >= 2, first dimension the minibatch)."""
    _check_out_type(out_type)
    inputs = _sparse_inputs(sp_input)
    return apply_op("SerializeManySparse", inputs, {"dtype": inputs[1].dtype}, name=name or "SerializeManySparse")


def serialize_sparse_v1(sp_input, name=None, out_type=dtypes.string):
    """Mirrors ``tf.compat.v1.serialize_sparse`` (TF1's argument order)."""
    return serialize_sparse(sp_input, out_type, name)


def serialize_many_sparse_v1(sp_input, name=None, out_type=dtypes.string):
    """Mirrors ``tf.compat.v1.serialize_many_sparse`` (TF1's argument order)."""
    return serialize_many_sparse(sp_input, out_type, name)


def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    """Mirrors ``tf.io.deserialize_many_sparse``: the [N, 3] rows of ``serialize_many_sparse`` back into one
    SparseTensor of rank R+1 (dense shape: N, then the maximum of each row's dimensions). Indices are concatenated
    in row order, as TF (not re-sorted)."""
    x = convert_to_tensor(serialized_sparse, dtype=dtypes.string)
    dtype = dtypes.as_dtype(dtype)
    outs = apply_op("DeserializeManySparse", [x], {"dtype": dtype, "rank": None if rank is None else int(rank)},
                    name=name or "DeserializeManySparse")
    return SparseTensor(*outs)
