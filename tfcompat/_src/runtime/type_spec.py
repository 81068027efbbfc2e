"""``tf.TypeSpec`` and its composite-value specs: ``SparseTensorSpec``, ``RaggedTensorSpec``,
``IndexedSlicesSpec``, ``TensorArraySpec``, ``NoneTensorSpec``, and ``tf.type_spec_from_value``.

``TypeSpec`` is a trace type (``function_types.TraceType``), like ``tf.TensorSpec``, which ``tf.function`` and
tf.data already use; ``TensorSpec`` (and ``VariableSpec``) are registered as virtual subclasses, so
``isinstance(tf.TensorSpec(...), tf.TypeSpec)`` holds as in TF without a second TensorSpec class. A spec is
described by its ``_serialize()`` tuple, which gives equality, hashing and TF's repr
(``SparseTensorSpec(TensorShape([2, 3]), tf.float32)``). ``OptionalSpec`` lives with tf.data's Optional
(``data/optional_spec.py``)."""
from __future__ import annotations

import abc

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.ops.tensor_array import TensorArray
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime.function_types import COMPOSITE_TRACE_TYPES, TensorSpec, TraceType, VariableSpec

__all__ = ["TypeSpec", "SparseTensorSpec", "RaggedTensorSpec", "IndexedSlicesSpec", "TensorArraySpec",
           "NoneTensorSpec", "type_spec_from_value", "register_type_spec_from_value"]


def _shape(shape) -> TensorShape:
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


class TypeSpec(TraceType, metaclass=abc.ABCMeta):
    """Mirrors ``tf.TypeSpec``: the type of a (composite) value, described by ``_serialize()``.

    Subclasses define ``value_type`` and ``_serialize``; compatibility compares the serialized fields, with
    TensorShapes compatible dimension by dimension, as TF does."""

    __slots__ = ()

    @property
    @abc.abstractmethod
    def value_type(self):
        """The Python type of values this spec describes."""

    @abc.abstractmethod
    def _serialize(self) -> tuple:
        """The fields that define this spec (its constructor arguments)."""

    @classmethod
    def _deserialize(cls, serialization):
        return cls(*serialization)

    def _spec_of(self, value) -> "TypeSpec":
        return value if isinstance(value, TypeSpec) else type_spec_from_value(value)

    def is_compatible_with(self, spec_or_value) -> bool:
        """Mirrors ``TypeSpec.is_compatible_with``: same spec type, equal fields, compatible shapes."""
        other = self._spec_of(spec_or_value)
        return type(other) is type(self) and _fields_compatible(self._serialize(), other._serialize())

    def is_subtype_of(self, other) -> bool:
        """Mirrors ``TypeSpec.is_subtype_of``: each shape at least as specific as ``other``'s."""
        return type(other) is type(self) and _fields_subtype(self._serialize(), other._serialize())

    def most_specific_common_supertype(self, others):
        """Mirrors ``TypeSpec.most_specific_common_supertype``: shapes relaxed where they differ; None when
        another field differs."""
        fields = self._serialize()
        for other in others:
            if type(other) is not type(self):
                return None
            fields = _common_fields(fields, other._serialize())
            if fields is None:
                return None
        return self._deserialize(fields)

    def most_specific_compatible_type(self, other):
        """Mirrors the deprecated ``TypeSpec.most_specific_compatible_type``.

        Raises:
          ValueError: the specs are not compatible."""
        out = self.most_specific_common_supertype([other])
        if out is None:
            raise ValueError(f"No TypeSpec is compatible with both {self!r} and {other!r}")
        return out

    def __eq__(self, other):
        return type(other) is type(self) and _key(self._serialize()) == _key(other._serialize())

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((type(self).__name__, _key(self._serialize())))

    def __repr__(self):
        return f"{type(self).__name__}{self._serialize()!r}"


TypeSpec.register(TensorSpec)
TypeSpec.register(VariableSpec)


def _key(value):
    if isinstance(value, TensorShape):
        return ("shape", None if value.rank is None else tuple(value.as_list()))
    if isinstance(value, tuple):
        return tuple(_key(v) for v in value)
    if isinstance(value, dtypes.DType):
        return ("dtype", value.name)
    return value


def _fields_compatible(a, b) -> bool:
    if isinstance(a, TensorShape) and isinstance(b, TensorShape):
        return a.is_compatible_with(b)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_fields_compatible(x, y) for x, y in zip(a, b))
    if isinstance(a, TypeSpec) and isinstance(b, TypeSpec):
        return a.is_compatible_with(b)
    return _key(a) == _key(b)


def _fields_subtype(a, b) -> bool:
    if isinstance(a, TensorShape) and isinstance(b, TensorShape):
        return b.rank is None or (a.rank == b.rank and all(
            y is None or x == y for x, y in zip(a.as_list(), b.as_list())))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_fields_subtype(x, y) for x, y in zip(a, b))
    if isinstance(a, TraceType) and isinstance(b, TraceType):
        return a.is_subtype_of(b)
    return _key(a) == _key(b)


def _common_fields(a, b):
    if isinstance(a, TensorShape) and isinstance(b, TensorShape):
        if a.rank is None or b.rank is None or a.rank != b.rank:
            return TensorShape(None)
        return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            return None
        out = [_common_fields(x, y) for x, y in zip(a, b)]
        return None if any(o is None and (x is not None) for o, x in zip(out, a)) else tuple(out)
    if isinstance(a, TraceType) and isinstance(b, TraceType):
        return a.most_specific_common_supertype([b])
    return a if _key(a) == _key(b) else None


class SparseTensorSpec(TypeSpec):
    """Mirrors ``tf.SparseTensorSpec(shape=None, dtype=tf.float32)``: the dense shape and dtype of a
    SparseTensor."""

    __slots__ = ("_shape", "_dtype")

    def __init__(self, shape=None, dtype=dtypes.float32):
        self._shape = _shape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    value_type = property(lambda self: SparseTensor)
    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)

    def _serialize(self) -> tuple:
        return (self._shape, self._dtype)

    @property
    def _component_specs(self) -> list:
        """Mirrors ``SparseTensorSpec._component_specs``: indices, values, dense_shape."""
        rank = self._shape.rank
        return [TensorSpec([None, rank], dtypes.int64), TensorSpec([None], self._dtype),
                TensorSpec([rank], dtypes.int64)]

    @classmethod
    def from_value(cls, value) -> "SparseTensorSpec":
        """Mirrors ``SparseTensorSpec.from_value``."""
        return cls(value.shape, value.dtype)


# tf.function traces a SparseTensor argument as its SparseTensorSpec (placeholders for its three components).
COMPOSITE_TRACE_TYPES[SparseTensor] = SparseTensorSpec.from_value


class RaggedTensorSpec(TypeSpec):
    """Mirrors ``tf.RaggedTensorSpec(shape=None, dtype=tf.float32, ragged_rank=None, row_splits_dtype=tf.int64,
    flat_values_spec=None)``; ``ragged_rank`` defaults to rank - 1.

    Raises:
      ValueError: ``ragged_rank`` is None and the rank unknown, or ``ragged_rank`` is not below the rank."""

    __slots__ = ("_shape", "_dtype", "_ragged_rank", "_row_splits_dtype", "_flat_values_spec")

    def __init__(self, shape=None, dtype=dtypes.float32, ragged_rank=None, row_splits_dtype=dtypes.int64,
                 flat_values_spec=None):
        self._shape = _shape(shape)
        self._dtype = dtypes.as_dtype(dtype) if flat_values_spec is None else flat_values_spec.dtype
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        self._flat_values_spec = flat_values_spec
        rank = self._shape.rank
        if ragged_rank is None:
            if rank is None:
                raise ValueError("Must specify ragged_rank or a shape with a known rank.")
            ragged_rank = rank - 1
        if not isinstance(ragged_rank, int):
            raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
        if rank is not None and ragged_rank >= rank:
            raise ValueError(f"Argument `ragged_rank` ({ragged_rank}) must be less than rank ({rank}).")
        self._ragged_rank = ragged_rank

    value_type = property(lambda self: RaggedTensor if self._ragged_rank > 0 else Tensor)
    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ragged_rank = property(lambda self: self._ragged_rank)
    row_splits_dtype = property(lambda self: self._row_splits_dtype)
    flat_values_spec = property(lambda self: self._flat_values_spec)

    def _serialize(self) -> tuple:
        out = (self._shape, self._dtype, self._ragged_rank, self._row_splits_dtype)
        return out if self._flat_values_spec is None else out + (self._flat_values_spec,)

    @property
    def _component_specs(self) -> list:
        """Mirrors ``RaggedTensorSpec._component_specs``: the flat values, then the row splits from the
        outermost dimension in (the outermost of known length when the row count is known)."""
        if self._ragged_rank == 0:
            return [TensorSpec(self._shape, self._dtype)]
        if self._flat_values_spec is not None:
            flat = self._flat_values_spec
        else:
            inner = TensorShape(None) if self._shape.rank is None else self._shape[self._ragged_rank + 1:]
            flat = TensorSpec(TensorShape([None]).concatenate(inner), self._dtype)
        nrows = None if self._shape.rank is None else self._shape.as_list()[0]
        splits = [TensorSpec([None if nrows is None else nrows + 1], self._row_splits_dtype)]
        return [flat] + splits + [TensorSpec([None], self._row_splits_dtype)] * (self._ragged_rank - 1)

    @classmethod
    def from_value(cls, value) -> "RaggedTensorSpec":
        """Mirrors ``RaggedTensorSpec.from_value``."""
        return cls(value.shape, value.dtype, value.ragged_rank, value.row_splits.dtype)


class IndexedSlicesSpec(TypeSpec):
    """Mirrors ``tf.IndexedSlicesSpec(shape=None, dtype=tf.float32, indices_dtype=tf.int64,
    dense_shape_dtype=None, indices_shape=None)``."""

    __slots__ = ("_shape", "_values_dtype", "_indices_dtype", "_dense_shape_dtype", "_indices_shape")

    def __init__(self, shape=None, dtype=dtypes.float32, indices_dtype=dtypes.int64, dense_shape_dtype=None,
                 indices_shape=None):
        self._shape = _shape(shape)
        self._values_dtype = dtypes.as_dtype(dtype)
        self._indices_dtype = dtypes.as_dtype(indices_dtype)
        self._dense_shape_dtype = None if dense_shape_dtype is None else dtypes.as_dtype(dense_shape_dtype)
        self._indices_shape = TensorShape([None]) if indices_shape is None else _shape(indices_shape)

    value_type = property(lambda self: IndexedSlices)

    def _serialize(self) -> tuple:
        return (self._shape, self._values_dtype, self._indices_dtype, self._dense_shape_dtype, self._indices_shape)


class TensorArraySpec(TypeSpec):
    """Mirrors ``tf.TensorArraySpec(element_shape=None, dtype=tf.float32, dynamic_size=False,
    infer_shape=True)``."""

    __slots__ = ("_element_shape", "_dtype", "_dynamic_size", "_infer_shape")

    def __init__(self, element_shape=None, dtype=dtypes.float32, dynamic_size=False, infer_shape=True):
        self._element_shape = _shape(element_shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        self._infer_shape = bool(infer_shape)

    value_type = property(lambda self: TensorArray)

    def _serialize(self) -> tuple:
        return (self._element_shape, self._dtype, self._dynamic_size, self._infer_shape)

    @classmethod
    def from_value(cls, value) -> "TensorArraySpec":
        """Mirrors ``TensorArraySpec.from_value``."""
        return cls(value.element_shape, value.dtype, getattr(value, "_dynamic_size", False),
                   getattr(value, "_infer_shape", True))


class NoneTensorSpec(TypeSpec):
    """Mirrors ``tf.NoneTensorSpec()``: the spec of ``None`` inside a structure of specs. Difference: its
    ``value_type`` is ``type(None)`` (TF's is its private NoneTensor class)."""

    __slots__ = ()

    value_type = property(lambda self: type(None))

    def _serialize(self) -> tuple:
        return ()


# Upper layers (tf.data's DatasetSpec and OptionalSpec) register how to build their values' specs here.
_SPEC_BUILDERS: list = []


def register_type_spec_from_value(value_type, build) -> None:
    """Makes ``type_spec_from_value`` return ``build(value)`` for instances of ``value_type`` (a hook for layers
    above the runtime)."""
    _SPEC_BUILDERS.append((value_type, build))


def type_spec_from_value(value) -> TypeSpec:
    """Mirrors ``tf.type_spec_from_value``: the TypeSpec of a tensor, composite tensor, ``None``, or anything
    ``convert_to_tensor`` accepts (a ``TensorSpec`` without a name).

    Raises:
      TypeError: ``value`` has no spec (TF's message)."""
    if value is None:
        return NoneTensorSpec()
    if isinstance(value, SparseTensor):
        return SparseTensorSpec.from_value(value)
    if isinstance(value, RaggedTensor):
        return RaggedTensorSpec.from_value(value)
    if isinstance(value, IndexedSlices):
        dense = value.dense_shape
        return IndexedSlicesSpec(TensorShape(None) if dense is None else _static_dense_shape(value),
                                 value.dtype, value.indices.dtype, None if dense is None else dense.dtype,
                                 value.indices.shape)
    if isinstance(value, TensorArray):
        return TensorArraySpec.from_value(value)
    for value_type, build in _SPEC_BUILDERS:
        if isinstance(value, value_type):
            return build(value)
    if isinstance(value, Variable):
        return VariableSpec(value, None)
    if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, (list, tuple, int, float, bool, complex, str, bytes, np.ndarray, np.generic)):
        try:
            t = convert_to_tensor(value)
        except (TypeError, ValueError):
            t = None
        if t is not None:
            return TensorSpec(t.shape, t.dtype)
    raise TypeError(f"Could not build a TypeSpec for {value!r} of unsupported type {type(value)}.")


def _static_dense_shape(value) -> TensorShape:
    known = constant_value(value.dense_shape)
    return TensorShape(None if known is None else [int(d) for d in np.asarray(known).reshape(-1)])
