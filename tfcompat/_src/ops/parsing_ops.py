"""Parsing serialized ``tf.train.Example``/``SequenceExample`` protos (mirrors TF's ``parsing_ops.py``):
``parse_example``, ``parse_single_example``, ``parse_sequence_example``, ``parse_single_sequence_example`` with
``FixedLenFeature``, ``VarLenFeature`` and ``FixedLenSequenceFeature``.

The kernels parse with the ``protobuf`` package (the messages of ``protos/example.py``) and build torch tensors;
string features are numpy object arrays of bytes (``framework/string_tensor.py``). ``VarLenFeature`` gives a
``SparseTensor`` triple (``framework/sparse_tensor.py``)."""
from __future__ import annotations

import collections

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import parsing_ragged
from tfcompat._src.ops.parsing_ragged import RaggedFeature
from tfcompat._src.protos import example as example_pb

__all__ = ["FixedLenFeature", "VarLenFeature", "FixedLenSequenceFeature", "RaggedFeature", "SparseFeature",
           "parse_example",
           "parse_single_example", "parse_sequence_example", "parse_single_sequence_example"]


class FixedLenFeature(collections.namedtuple("FixedLenFeature", ["shape", "dtype", "default_value"])):
    """Mirrors ``tf.io.FixedLenFeature``: a dense feature of a fixed ``shape``."""

    __slots__ = ()

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)


class FixedLenSequenceFeature(collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """Mirrors ``tf.io.FixedLenSequenceFeature``: a variable number of ``shape``-sized values."""

    __slots__ = ()

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"])):
    """Mirrors ``tf.io.VarLenFeature``: any number of values, parsed into a ``SparseTensor``."""

    __slots__ = ()


class SparseFeature(collections.namedtuple(
        "SparseFeature", ["index_key", "value_key", "dtype", "size", "already_sorted"])):
    """Mirrors ``tf.io.SparseFeature`` (declared; parsing it raises NotImplementedError in tfcompat)."""

    __slots__ = ()

    def __new__(cls, index_key, value_key, dtype, size, already_sorted=False):
        return super().__new__(cls, index_key, value_key, dtype, size, already_sorted)


_KIND = {dtypes.float32: "float_list", dtypes.int64: "int64_list", dtypes.string: "bytes_list"}
_TYPE_NAME = {"float_list": "float", "int64_list": "int64", "bytes_list": "string"}


# ------------------------------------------------------------------------------------------------
# the parse plan: one entry per feature, in TF's output order (sparse keys, then dense keys, each sorted)
# ------------------------------------------------------------------------------------------------
class _Spec:
    __slots__ = ("key", "kind", "dtype", "shape", "default", "sequence", "splits_dtype")

    def __init__(self, key, kind, dtype, shape=None, default=None, sequence=False, splits_dtype=None):
        self.key, self.kind, self.dtype, self.shape, self.default, self.sequence = \
            key, kind, dtype, shape, default, sequence
        self.splits_dtype = splits_dtype


def _build_specs(features, where="features"):
    if not features:
        raise ValueError("Invalid argument: features cannot be empty.")
    sparse, dense, ragged = [], [], {}
    for key in sorted(features):
        f = features[key]
        if isinstance(f, RaggedFeature):
            if where != "features":
                raise NotImplementedError("tf.io.RaggedFeature in SequenceExample parsing is not supported by "
                                          "tfcompat yet; use it with parse_example/parse_single_example.")
            for name, dt, splits_dt in parsing_ragged.ragged_keys(key, f):
                seen = ragged.get(name)
                if seen is not None and (seen.dtype, seen.splits_dtype) != (dt, splits_dt):
                    raise ValueError(f"Conflicting type for feature {name}: {seen.dtype!r} vs {dt!r}")
                ragged[name] = _Spec(name, "ragged", dt, splits_dtype=splits_dt)
            continue
        if isinstance(f, SparseFeature):
            raise NotImplementedError("tf.io.SparseFeature is not supported by tfcompat yet; parse the index and "
                                      "value keys with VarLenFeature.")
        if not isinstance(f, (FixedLenFeature, FixedLenSequenceFeature, VarLenFeature)):
            raise ValueError(f"Unsupported {type(f).__name__} {f}.")
        dt = dtypes.as_dtype(f.dtype)
        if dt not in _KIND:
            raise errors.InvalidArgumentError(
                f"Value for attr 'Tdense' of {dt.name} is not in the list of allowed values: float, int64, string")
        if isinstance(f, VarLenFeature):
            sparse.append(_Spec(key, "sparse", dt))
            continue
        shape = TensorShape(f.shape)
        if not shape.is_fully_defined():
            raise ValueError(f"All dimensions of shape for feature {key} need to be known but received {shape}.")
        if isinstance(f, FixedLenSequenceFeature) and not f.allow_missing and where == "features":
            raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing to be True.")
        default = _dense_default(key, dt, shape.as_list(), f.default_value)
        dense.append(_Spec(key, "dense", dt, shape.as_list(), default, isinstance(f, FixedLenSequenceFeature)))
    return sparse + dense + [ragged[k] for k in sorted(ragged)]


def _dense_default(key, dt, shape, value):
    if value is None:
        return None
    if dt is dtypes.string:
        arr = as_bytes_array(value)
    else:
        arr = np.asarray(value.numpy() if hasattr(value, "numpy") else value, dtype=dt.np_dtype)
    n = int(np.prod(shape)) if shape else 1
    if arr.size != n and not (arr.size == 1 and n == 0):
        raise errors.InvalidArgumentError(f"Input to reshape is a tensor with {arr.size} values, but the requested "
                                          f"shape has {n}")
    return arr.reshape(shape)


# ------------------------------------------------------------------------------------------------
# value extraction
# ------------------------------------------------------------------------------------------------
def _parse_proto(cls, data: bytes, what: str):
    msg = cls()
    try:
        msg.ParseFromString(data)
    except Exception as e:  # noqa: BLE001 - protobuf's DecodeError (its class differs between backends)
        shown = data[:64].decode("latin-1")
        raise errors.InvalidArgumentError(f"Could not parse {what} input, value: '{shown}'") from e
    return msg


def _values(feature, spec, key):
    kind = feature.WhichOneof("kind")
    want = _KIND[spec.dtype]
    if kind is None:
        return []
    if kind != want:
        raise errors.InvalidArgumentError(f"Key: {key}.  Data types don't match. Data type: {_TYPE_NAME[kind]} but "
                                          f"expected type: {_TYPE_NAME[want]}")
    return list(getattr(feature, kind).value)


def _as_array(vals, dt, shape=None):
    if dt is dtypes.string:
        arr = np.empty(len(vals), dtype=object)
        arr[:] = [bytes(v) for v in vals]
    else:
        arr = np.asarray(vals, dtype=dt.np_dtype)
    return arr if shape is None else arr.reshape(shape)


def _to_output(arr, dt):
    if dt is dtypes.string:   # as_bytes_array: a scalar taken from a batch is bytes, not a 0-d object array
        return string_value(as_bytes_array(arr))
    arr = np.asarray(arr)
    return torch.from_numpy(arr.copy() if arr.flags.c_contiguous else np.ascontiguousarray(arr))


def _dense_value(feature_map, spec, name_hint):
    """One example's dense feature: an array of ``spec.shape`` (or [n] + shape for a sequence feature)."""
    per = int(np.prod(spec.shape)) if spec.shape else 1
    if spec.key not in feature_map:
        if spec.sequence:
            return _as_array([], spec.dtype, [0] + spec.shape)
        if spec.default is None:
            raise errors.InvalidArgumentError(f"Feature: {spec.key} (data type: {_TYPE_NAME[_KIND[spec.dtype]]}) is "
                                              f"required but could not be found.")
        return spec.default
    vals = _values(feature_map[spec.key], spec, spec.key)
    if spec.sequence:
        if per == 0 or len(vals) % per:
            raise errors.InvalidArgumentError(
                f"Name: {name_hint}, Key: {spec.key}, Index: 0.  Number of values is not a multiple of stride. "
                f"Values size: {len(vals)}; stride: {per}")
        return _as_array(vals, spec.dtype, [len(vals) // per] + spec.shape)
    if len(vals) != per:
        raise errors.InvalidArgumentError(
            f"Key: {spec.key}.  Can't parse serialized Example: Number of values != expected. Values size: "
            f"{len(vals)} but output shape: [{','.join(map(str, spec.shape))}]")
    return _as_array(vals, spec.dtype, spec.shape)


def _pad_batch(arrays, spec):
    """Stacks per-example sequence features, padding the row dimension with the default (or zero/empty)."""
    n = max((a.shape[0] for a in arrays), default=0)
    fill = spec.default if spec.default is not None else (b"" if spec.dtype is dtypes.string else 0)
    out = np.empty([len(arrays), n] + spec.shape, dtype=object if spec.dtype is dtypes.string else
                   spec.dtype.np_dtype)
    out[...] = np.asarray(fill, dtype=out.dtype).reshape([1, 1] + spec.shape if np.ndim(fill) else [])
    for i, a in enumerate(arrays):
        out[i, :a.shape[0]] = a
    return out


def _sparse_parts(per_example, dt, rank_prefix):
    """(indices, values, dense_shape) for VarLen values of each example; ``rank_prefix`` adds the batch index."""
    idx, vals = [], []
    max_len = 0
    for b, v in enumerate(per_example):
        max_len = max(max_len, len(v))
        for j in range(len(v)):
            idx.append([b, j] if rank_prefix else [j])
        vals.extend(v)
    width = 2 if rank_prefix else 1
    indices = torch.tensor(idx, dtype=torch.int64).reshape(-1, width)
    shape = [len(per_example), max_len] if rank_prefix else [max_len]
    return indices, _to_output(_as_array(vals, dt), dt), torch.tensor(shape, dtype=torch.int64)


def _parse_batch(serialized, specs, single):
    records = as_bytes_array(serialized)
    flat = records.reshape(-1)
    maps = [_parse_proto(example_pb.Example, bytes(r), "example").features.feature for r in flat]
    outs = []
    for spec in specs:
        if spec.kind == "sparse":
            per = [_values(m[spec.key], spec, spec.key) if spec.key in m else [] for m in maps]
            outs.extend(_sparse_parts(per, spec.dtype, not single))
        elif spec.kind == "ragged":
            per = [_values(m[spec.key], spec, spec.key) if spec.key in m else [] for m in maps]
            flat_values = [v for vals in per for v in vals]
            splits = np.cumsum([0] + [len(vals) for vals in per]).astype(spec.splits_dtype.np_dtype)
            outs.append(_to_output(_as_array(flat_values, spec.dtype), spec.dtype))
            outs.append(torch.from_numpy(splits))
        else:
            arrays = [_dense_value(m, spec, "<unknown>") for m in maps]
            if spec.sequence:
                batch = _pad_batch(arrays, spec)
            else:
                batch = np.stack(arrays) if arrays else _as_array([], spec.dtype, [0] + spec.shape)
            outs.append(_to_output(batch[0] if single else batch, spec.dtype))
    return tuple(outs)


def _output_specs(specs, batch_dim, single):
    out = []
    lead = [] if single else [batch_dim]
    for spec in specs:
        if spec.kind == "sparse":
            out += [(TensorShape([None, 1 if single else 2]), dtypes.int64), (TensorShape([None]), spec.dtype),
                    (TensorShape([1 if single else 2]), dtypes.int64)]
        elif spec.kind == "ragged":
            out += [(TensorShape([None]), spec.dtype),
                    (TensorShape([None if batch_dim is None or single else batch_dim + 1]), spec.splits_dtype)]
        elif spec.sequence:
            out.append((TensorShape(lead + [None] + spec.shape), spec.dtype))
        else:
            out.append((TensorShape(lead + spec.shape), spec.dtype))
    return out


def _n_outputs(attrs):
    return sum({"sparse": 3, "ragged": 2}.get(s.kind, 1) for s in attrs["specs"])


def _example_shape_fn(inputs, attrs):
    shape = inputs[0].shape
    batch = shape.as_list()[0] if shape.rank == 1 else None
    return _output_specs(attrs["specs"], batch, attrs["single"])


@register_op("ParseExampleV2", grad=NOT_DIFFERENTIABLE, inputs=("serialized",), num_outputs=_n_outputs,
             shape_fn=_example_shape_fn)
def _parse_example_kernel(serialized, *, specs, single=False):
    return _parse_batch(serialized, specs, single)


@register_op("ParseSingleExample", grad=NOT_DIFFERENTIABLE, inputs=("serialized",), num_outputs=_n_outputs,
             shape_fn=_example_shape_fn)
def _parse_single_example_kernel(serialized, *, specs, single=True):
    if np.ndim(serialized) != 0:
        raise errors.InvalidArgumentError(f"Expected serialized to be a scalar, got shape: "
                                          f"{list(np.shape(serialized))}")
    return _parse_batch(as_bytes_array(serialized).reshape(1), specs, True)


def _assemble(specs, outs, features=None, single=False):
    result = {}
    it = iter(outs if isinstance(outs, (list, tuple)) else [outs])
    for spec in specs:
        if spec.kind == "sparse":
            result[spec.key] = SparseTensor(next(it), next(it), next(it))
        elif spec.kind == "ragged":
            values, splits = next(it), next(it)
            if single:
                result[spec.key] = values
            else:
                from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
                result[spec.key] = RaggedTensor.from_row_splits(values, splits, validate=False)
        else:
            result[spec.key] = next(it)
    if features is not None and any(isinstance(f, RaggedFeature) for f in features.values()):
        # As TF: the RaggedFeatures are composed after every feature is parsed; helper keys are dropped.
        updates = {key: parsing_ragged.build_ragged(key, f, result, single)
                   for key, f in sorted(features.items()) if isinstance(f, RaggedFeature)}
        result.update(updates)
        result = {k: v for k, v in result.items() if k in features}
    return result


def parse_example(serialized, features, example_names=None, name=None):
    """Mirrors ``tf.io.parse_example``: a batch ``[B]`` of serialized Examples into a dict of batched tensors
    (``FixedLenFeature`` → ``[B] + shape``, ``FixedLenSequenceFeature`` → ``[B, max_len] + shape`` padded with the
    default, ``VarLenFeature`` → SparseTensor with ``[B, max_len]`` dense shape)."""
    specs = _build_specs(features)
    ser = convert_to_tensor(serialized, dtype=dtypes.string)
    if ser.shape.rank not in (None, 1):
        raise ValueError(f"Shape must be rank 1 but is rank {ser.shape.rank} for 'ParseExample/ParseExampleV2' "
                         f"(op: 'ParseExampleV2') with input shapes: {ser.shape}.")
    outs = apply_op("ParseExampleV2", [ser], {"specs": specs, "single": False}, name=name or "ParseExample")
    return _assemble(specs, outs, features)


def parse_single_example(serialized, features, example_names=None, name=None):
    """Mirrors ``tf.io.parse_single_example``: one serialized Example (a scalar string) into a dict of tensors."""
    specs = _build_specs(features)
    ser = convert_to_tensor(serialized, dtype=dtypes.string)
    if ser.shape.rank not in (None, 0):
        raise ValueError(f"Shape must be rank 0 but is rank {ser.shape.rank} for 'ParseSingleExample' with input "
                         f"shapes: {ser.shape}.")
    outs = apply_op("ParseSingleExample", [ser], {"specs": specs, "single": True},
                    name=name or "ParseSingleExample")
    return _assemble(specs, outs, features, single=True)


def parse_single_example_v1(serialized, features, name=None, example_names=None):
    """Mirrors ``tf.compat.v1.io.parse_single_example`` (argument order of TF1)."""
    return parse_single_example(serialized, features, example_names, name)


def parse_example_v1(serialized, features, name=None, example_names=None):
    """Mirrors ``tf.compat.v1.io.parse_example`` (argument order of TF1)."""
    return parse_example(serialized, features, example_names, name)


# ------------------------------------------------------------------------------------------------
# SequenceExample
# ------------------------------------------------------------------------------------------------
def _sequence_specs(context_features, sequence_features):
    if not context_features and not sequence_features:
        raise ValueError("Missing features.")
    ctx = _build_specs(context_features, "context") if context_features else []
    seq = _build_specs(sequence_features, "sequence") if sequence_features else []
    for s in seq:
        if s.kind == "dense":
            s.sequence = True
    return ctx, seq


def _feature_list_values(feature_list, spec):
    return [_values(f, spec, spec.key) for f in feature_list.feature]


def _parse_sequence_batch(serialized, ctx_specs, seq_specs, single, allow_missing):
    records = as_bytes_array(serialized).reshape(-1)
    msgs = [_parse_proto(example_pb.SequenceExample, bytes(r), "sequence example") for r in records]
    outs = list(_parse_batch_from_maps([m.context.feature for m in msgs], ctx_specs, single))
    lengths = []
    for spec in seq_specs:
        per_example = []
        for m in msgs:
            fl = m.feature_lists.feature_list
            if spec.key not in fl:
                if spec.kind == "dense" and not allow_missing.get(spec.key, False):
                    raise errors.InvalidArgumentError(
                        f"Name: <unknown>, Feature list '{spec.key}' is required but could not be found.  Did you "
                        f"mean to include it in feature_list_dense_missing_assumed_empty or "
                        f"feature_list_dense_defaults?")
                per_example.append([])
                continue
            per_example.append(_feature_list_values(fl[spec.key], spec))
        if spec.kind == "sparse":
            idx, vals, max_t, max_j = [], [], 0, 0
            for b, steps in enumerate(per_example):
                max_t = max(max_t, len(steps))
                for t, step in enumerate(steps):
                    max_j = max(max_j, len(step))
                    idx.extend(([b, t, j] if not single else [t, j]) for j in range(len(step)))
                    vals.extend(step)
            width = 2 if single else 3
            shape = ([max_t, max_j] if single else [len(per_example), max_t, max_j])
            outs += [torch.tensor(idx, dtype=torch.int64).reshape(-1, width),
                     _to_output(_as_array(vals, spec.dtype), spec.dtype), torch.tensor(shape, dtype=torch.int64)]
        else:
            per = int(np.prod(spec.shape)) if spec.shape else 1
            arrays = []
            for steps in per_example:
                for t, step in enumerate(steps):
                    if len(step) != per:
                        raise errors.InvalidArgumentError(
                            f"Name: <unknown>, Key: {spec.key}, Index: {t}.  Number of {_TYPE_NAME[_KIND[spec.dtype]]} "
                            f"values != expected.  values size: {len(step)} but output shape: "
                            f"[{','.join(map(str, spec.shape))}]")
                flat = [v for step in steps for v in step]
                arrays.append(_as_array(flat, spec.dtype, [len(steps)] + spec.shape))
            lengths.append(torch.tensor([a.shape[0] for a in arrays], dtype=torch.int64))
            batch = _pad_batch(arrays, spec)
            outs.append(_to_output(batch[0] if single else batch, spec.dtype))
    return tuple(outs) + tuple(lengths)


def _parse_batch_from_maps(maps, specs, single):
    outs = []
    for spec in specs:
        if spec.kind == "sparse":
            per = [_values(m[spec.key], spec, spec.key) if spec.key in m else [] for m in maps]
            outs.extend(_sparse_parts(per, spec.dtype, not single))
        else:
            arrays = [_dense_value(m, spec, "<unknown>") for m in maps]
            batch = _pad_batch(arrays, spec) if spec.sequence else np.stack(arrays)
            outs.append(_to_output(batch[0] if single else batch, spec.dtype))
    return outs


def _seq_n_outputs(attrs):
    n = _n_outputs({"specs": attrs["ctx"]}) + _n_outputs({"specs": attrs["seq"]})
    return n + sum(1 for s in attrs["seq"] if s.kind == "dense")


def _seq_shape_fn(inputs, attrs):
    single = attrs["single"]
    shape = inputs[0].shape
    batch = shape.as_list()[0] if shape.rank == 1 else None
    out = _output_specs(attrs["ctx"], batch, single)
    lead = [] if single else [batch]
    for s in attrs["seq"]:
        if s.kind == "sparse":
            w = 2 if single else 3
            out += [(TensorShape([None, w]), dtypes.int64), (TensorShape([None]), s.dtype),
                    (TensorShape([w]), dtypes.int64)]
        else:
            out.append((TensorShape(lead + [None] + s.shape), s.dtype))
    out += [(TensorShape(lead[:1] or [1]), dtypes.int64) for s in attrs["seq"] if s.kind == "dense"]
    return out


@register_op("ParseSequenceExampleV2", grad=NOT_DIFFERENTIABLE, inputs=("serialized",),
             num_outputs=_seq_n_outputs, shape_fn=_seq_shape_fn)
def _parse_sequence_kernel(serialized, *, ctx, seq, single, allow_missing):
    if single:
        serialized = as_bytes_array(serialized).reshape(1)
    return _parse_sequence_batch(serialized, ctx, seq, single, allow_missing)


def _sequence_call(serialized, context_features, sequence_features, single, name):
    ctx, seq = _sequence_specs(context_features, sequence_features)
    allow_missing = {k: getattr(f, "allow_missing", False) for k, f in (sequence_features or {}).items()}
    ser = convert_to_tensor(serialized, dtype=dtypes.string)
    outs = apply_op("ParseSequenceExampleV2", [ser], {"ctx": ctx, "seq": seq, "single": single,
                                                      "allow_missing": allow_missing},
                    name=name or ("ParseSingleSequenceExample" if single else "ParseSequenceExample"))
    outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
    n_ctx = _n_outputs({"specs": ctx})
    n_seq = _n_outputs({"specs": seq})
    context = _assemble(ctx, outs[:n_ctx]) if ctx else {}
    feature_lists = _assemble(seq, outs[n_ctx:n_ctx + n_seq]) if seq else {}
    dense_keys = [s.key for s in seq if s.kind == "dense"]
    lengths = dict(zip(dense_keys, outs[n_ctx + n_seq:]))
    return context, feature_lists, lengths


def parse_single_sequence_example(serialized, context_features=None, sequence_features=None, example_name=None,
                                  name=None):
    """Mirrors ``tf.io.parse_single_sequence_example``: ``(context dict, feature_list dict)``; a
    ``FixedLenSequenceFeature`` in ``sequence_features`` gives ``[T] + shape``, a ``VarLenFeature`` a
    SparseTensor with dense shape ``[T, max_len]``."""
    context, feature_lists, _ = _sequence_call(serialized, context_features, sequence_features, True, name)
    return context, feature_lists


def parse_sequence_example(serialized, context_features=None, sequence_features=None, example_names=None,
                           name=None):
    """Mirrors ``tf.io.parse_sequence_example``: ``(context, feature_lists, lengths)`` for a batch ``[B]``."""
    return _sequence_call(serialized, context_features, sequence_features, False, name)
