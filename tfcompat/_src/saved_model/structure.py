"""``StructuredValue`` (tensorflow/core/protobuf/struct.proto) <-> Python structures: the input signatures, output
structures and argument specs a SavedModel records for its functions (nests of ``TensorSpec``s, tuples, dicts,
named tuples and plain values, and composite ``TypeSpec``s as ``TypeSpecProto``s).

Composite specs are written as TF's ``nested_structure_coder`` writes them: a built-in spec (Ragged/Sparse/
IndexedSlices/TensorArray) under its ``TypeSpecClass`` enum and class name, an ExtensionType's ``Spec`` as
``EXTENSION_TYPE_SPEC`` under its registered name (``<the ExtensionType's __name__>.Spec``; without an explicit
``__name__``, NotEncodableError as TF); the state is the spec's ``_serialize()`` tuple, read back by
``_deserialize``. Difference: reading a name no ExtensionType defined so far registers raises ValueError (TF
falls back to an ``AnonymousExtensionTypeSpec``)."""
from __future__ import annotations

import collections

import numpy as np

from tfcompat._src.framework import nest, tensor_util
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.protos.saved_model import StructuredValue, TypeSpecProto
from tfcompat._src.runtime import type_spec
from tfcompat._src.runtime.extension_type import ExtensionType, ExtensionTypeSpec
from tfcompat._src.runtime.function_types import TensorSpec

__all__ = ["NotEncodableError", "decode", "encode", "output_signature", "is_composite_spec", "composite_fits",
           "to_components", "from_components"]

_NAMED_TUPLES: dict = {}


def _named_tuple(name, fields):
    key = (name, tuple(fields))
    cls = _NAMED_TUPLES.get(key)
    if cls is None:
        cls = _NAMED_TUPLES[key] = collections.namedtuple(name, fields)
    return cls


def decode(value):
    """The Python structure a ``StructuredValue`` describes (``TensorSpec`` for tensor specs).

    Raises:
      NotImplementedError: a composite type spec (ragged, sparse, ...) tfcompat cannot rebuild."""
    kind = value.WhichOneof("kind")
    if kind is None or kind == "none_value":
        return None
    if kind in ("float64_value", "int64_value", "string_value", "bool_value"):
        return getattr(value, kind)
    if kind == "tensor_shape_value":
        return tensor_util.shape_from_proto(value.tensor_shape_value)
    if kind == "tensor_dtype_value":
        return tensor_util.dtype_from_enum(value.tensor_dtype_value)
    if kind in ("tensor_spec_value", "bounded_tensor_spec_value"):
        spec = getattr(value, kind)
        return TensorSpec(tensor_util.shape_from_proto(spec.shape), tensor_util.dtype_from_enum(spec.dtype),
                          spec.name or None)
    if kind == "list_value":
        return [decode(v) for v in value.list_value.values]
    if kind == "tuple_value":
        return tuple(decode(v) for v in value.tuple_value.values)
    if kind == "dict_value":
        return {k: decode(v) for k, v in value.dict_value.fields.items()}
    if kind == "named_tuple_value":
        nt = value.named_tuple_value
        cls = _named_tuple(nt.name, [p.key for p in nt.values])
        return cls(*[decode(p.value) for p in nt.values])
    if kind in ("tensor_value", "numpy_value"):
        return tensor_util.make_ndarray(getattr(value, kind))
    if kind == "type_spec_value":
        return _decode_type_spec(value.type_spec_value)
    raise NotImplementedError(f"tfcompat cannot rebuild a saved {kind}.")


# TF's BuiltInTypeSpecCodec registrations (the TypeSpecClass enum of each built-in composite spec).
_BUILT_IN = {type_spec.SparseTensorSpec: TypeSpecProto.SPARSE_TENSOR_SPEC,
             type_spec.IndexedSlicesSpec: TypeSpecProto.INDEXED_SLICES_SPEC,
             type_spec.RaggedTensorSpec: TypeSpecProto.RAGGED_TENSOR_SPEC,
             type_spec.TensorArraySpec: TypeSpecProto.TENSOR_ARRAY_SPEC}


_COMPOSITES = (type_spec.RaggedTensor, type_spec.SparseTensor, type_spec.IndexedSlices, ExtensionType)


class NotEncodableError(Exception):
    """Mirrors ``nested_structure_coder.NotEncodableError``: a value with no StructuredValue encoding."""


def _extension_spec_name(spec_cls):
    """TF's ``type_spec_registry`` name of an ExtensionType's Spec: ``<__name__>.Spec`` when the ExtensionType
    sets ``__name__`` explicitly, else None (not registered)."""
    explicit = spec_cls.value_type.__dict__.get("__name__")
    return f"{explicit}.Spec" if isinstance(explicit, str) else None


def _extension_spec_class(name: str):
    """The ExtensionType Spec class registered as ``name`` (every ExtensionType subclass defined so far)."""
    todo = list(ExtensionType.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        spec_cls = cls.__dict__.get("Spec")
        if spec_cls is not None and _extension_spec_name(spec_cls) == name:
            return spec_cls
    raise ValueError(f"The type '{name}' has not been registered.  It must be registered before you load this "
                     "object (typically by importing its module).")


def _num_flat_components(spec) -> int:
    return sum(_num_flat_components(c) if hasattr(c, "_component_specs") else 1 for c in spec._component_specs)


def _encode_type_spec(spec, out: StructuredValue) -> None:
    proto = out.type_spec_value
    if isinstance(spec, ExtensionTypeSpec):
        name = _extension_spec_name(type(spec))
        if name is None:
            raise NotEncodableError(f"No encoder for object {spec!s} of type {type(spec)}.")
        proto.type_spec_class = TypeSpecProto.EXTENSION_TYPE_SPEC
        proto.type_spec_class_name = name
    else:
        proto.type_spec_class = _BUILT_IN[type(spec)]
        proto.type_spec_class_name = type(spec).__name__
    proto.type_state.CopyFrom(encode(spec._serialize()))
    proto.num_flat_components = _num_flat_components(spec)


def _decode_type_spec(proto):
    name = proto.type_spec_class_name
    if proto.type_spec_class == TypeSpecProto.EXTENSION_TYPE_SPEC:
        cls = _extension_spec_class(name)
    else:
        cls = next((c for c, enum in _BUILT_IN.items() if enum == proto.type_spec_class), None)
        if cls is None:
            raise ValueError(f"The type '{name}' is not supported by tfcompat.")
    return cls._deserialize(decode(proto.type_state))


def encode(value) -> StructuredValue:
    """A ``StructuredValue`` for a Python structure of specs, tuples, lists, dicts and plain values."""
    out = StructuredValue()
    if value is None:
        out.none_value.SetInParent()
    elif isinstance(value, bool):
        out.bool_value = value
    elif isinstance(value, (int, np.integer)):
        out.int64_value = int(value)
    elif isinstance(value, (float, np.floating)):
        out.float64_value = float(value)
    elif isinstance(value, str):
        out.string_value = value
    elif isinstance(value, TensorSpec):
        spec = out.tensor_spec_value
        spec.shape.CopyFrom(tensor_util.shape_proto(value.shape))
        spec.dtype = value.dtype.as_datatype_enum
        if value.name:
            spec.name = value.name
    elif isinstance(value, ExtensionTypeSpec) or type(value) in _BUILT_IN:
        _encode_type_spec(value, out)
    elif isinstance(value, _COMPOSITES):
        # A composite output of a function, as TF's convert_structure_to_signature: its TypeSpec.
        _encode_type_spec(type_spec.type_spec_from_value(value), out)
    elif isinstance(value, TensorShape):
        out.tensor_shape_value.CopyFrom(tensor_util.shape_proto(value))
    elif hasattr(value, "as_datatype_enum"):
        out.tensor_dtype_value = value.as_datatype_enum
    elif isinstance(value, tuple) and hasattr(value, "_fields"):
        nt = out.named_tuple_value
        nt.name = type(value).__name__
        for k, v in zip(value._fields, value):
            nt.values.add(key=k).value.CopyFrom(encode(v))
    elif isinstance(value, tuple):
        out.tuple_value.SetInParent()
        out.tuple_value.values.extend(encode(v) for v in value)
    elif isinstance(value, list):
        out.list_value.SetInParent()
        out.list_value.values.extend(encode(v) for v in value)
    elif isinstance(value, dict):
        out.dict_value.SetInParent()
        for k, v in value.items():
            out.dict_value.fields[str(k)].CopyFrom(encode(v))
    else:
        raise TypeError(f"Cannot save a {type(value).__name__} in a function signature.")
    return out


def is_composite_spec(spec) -> bool:
    """Whether ``spec`` is a composite TypeSpec (its values pass through a function as component tensors)."""
    return isinstance(spec, ExtensionTypeSpec) or type(spec) in _BUILT_IN


def composite_fits(spec, value) -> bool:
    """Whether ``value`` is a composite value compatible with composite ``spec`` (a restored function's
    argument matching)."""
    return isinstance(value, _COMPOSITES) and spec.is_compatible_with(value)


def to_components(spec, value) -> list:
    """The flat tensors a function takes for ``value`` of composite ``spec`` (TF's ``nest.flatten(...,
    expand_composites=True)``): ragged flat values then row splits, sparse indices/values/dense_shape."""
    if isinstance(spec, ExtensionTypeSpec):
        return [t for c, s in zip(spec._to_components(value), spec._component_specs)
                for t in (to_components(s, c) if is_composite_spec(s) else [c])]
    if isinstance(spec, type_spec.RaggedTensorSpec):
        if spec.ragged_rank == 0:
            return [value]
        return [value.flat_values] + list(value.nested_row_splits)
    if isinstance(spec, type_spec.SparseTensorSpec):
        return [value.indices, value.values, value.dense_shape]
    raise TypeError(f"tfcompat cannot pass a {type(spec).__name__} value to a restored function.")


def from_components(spec, flat: list):
    """The value of composite ``spec`` made of the first components of ``flat`` (consumed from the front)."""
    if isinstance(spec, ExtensionTypeSpec):
        parts = [from_components(s, flat) if is_composite_spec(s) else flat.pop(0) for s in spec._component_specs]
        return spec._from_components(parts)
    if isinstance(spec, type_spec.RaggedTensorSpec):
        if spec.ragged_rank == 0:
            return flat.pop(0)
        values, splits = flat.pop(0), [flat.pop(0) for _ in range(spec.ragged_rank)]
        return type_spec.RaggedTensor.from_nested_row_splits(values, splits, validate=False)
    if isinstance(spec, type_spec.SparseTensorSpec):
        return type_spec.SparseTensor(flat.pop(0), flat.pop(0), flat.pop(0))
    raise TypeError(f"tfcompat cannot rebuild a {type(spec).__name__} value from a restored function.")


def _sanitize_spec_name(name: str) -> str:
    """TF's ``tensor.sanitize_spec_name``: lower case, non-alphanumerics as ``_``, ``tensor_`` before a
    leading non-letter, ``unknown`` for an empty name."""
    if not name:
        return "unknown"
    swapped = "".join(c if c.isalnum() else "_" for c in name.lower())
    return swapped if swapped[0].isalpha() else "tensor_" + swapped


def _with_paths(value, path: tuple):
    """(path, leaf) pairs in ``nest.flatten`` order (dict keys sorted, named tuples by field name)."""
    if isinstance(value, dict):
        for k in sorted(value):
            yield from _with_paths(value[k], path + (k,))
    elif isinstance(value, tuple) and hasattr(value, "_fields"):
        for k, v in zip(value._fields, value):
            yield from _with_paths(v, path + (k,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _with_paths(v, path + (i,))
    else:
        yield path, value


def output_signature(outputs, is_tensor):
    """TF's ``func_graph.convert_structure_to_signature`` of a function's outputs: each tensor (``is_tensor``)
    a ``TensorSpec`` named by its nest path (``tensor_0``, ``y``; ``unknown`` for a lone output), composites
    their TypeSpecs, other values as they are."""
    specs = []
    for path, leaf in _with_paths(outputs, ()):
        if is_tensor(leaf):
            leaf = TensorSpec(leaf.shape, leaf.dtype, _sanitize_spec_name("_".join(str(p) for p in path)))
        elif isinstance(leaf, _COMPOSITES):
            leaf = type_spec.type_spec_from_value(leaf)
        specs.append(leaf)
    return nest.pack_sequence_as(outputs, specs)
