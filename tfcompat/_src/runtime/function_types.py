"""``tf.function``'s trace types (mirrors TF's ``tf.types.experimental.TraceType`` family and ``tf.TensorSpec``).

Each argument of a call has a trace type; a call reuses a traced ConcreteFunction whose types it is a subtype of
(the most specific one), as TF 2.21 does:

* tensors and numpy arrays: ``TensorSpec(shape, dtype)``; a spec with ``None`` dimensions (or unknown rank)
  accepts every shape it is compatible with. ``reduce_retracing`` traces the most specific common supertype of the
  new call and the earlier traces (``(1,)`` and ``(2,)`` give ``(None,)``; different ranks give an unknown rank).
* python values: ``Literal[value]``, equal when the values compare equal (``1``, ``1.0`` and ``True`` share one).
* lists, tuples, namedtuples and dicts: their structure and the types of their items.
* ``tf.Variable``: ``VariableSpec``; the trace belongs to the variable it was traced with (see Function).
* objects with ``__tf_tracing_type__(context)``: that type; other objects: ``Weakref[...]`` (identity)."""
from __future__ import annotations

import weakref

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["TraceType", "TensorSpec", "Literal", "Sequence", "Mapping", "Weakref", "VariableSpec", "CustomType",
           "trace_type_of", "shape_text"]


def shape_text(shape: TensorShape) -> str:
    """TF's ``TensorShape.__str__`` as TensorSpec prints it: ``()``, ``(None,)``, ``(2, 3)``, ``<unknown>``."""
    if shape.rank is None:
        return "<unknown>"
    dims = shape.as_list()
    return "(" + ", ".join("None" if d is None else str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"


def dtype_text(dtype) -> str:
    return f"tf.{dtype.name}"


class TraceType:
    """Mirrors ``tf.types.experimental.TraceType``."""

    def is_subtype_of(self, other) -> bool:
        return self == other

    def most_specific_common_supertype(self, others):
        return self if all(self == o for o in others) else None

    def placeholder_value(self, placeholder_context=None):
        """The value the traced function gets for an argument of this type (a custom type overrides it)."""
        raise NotImplementedError(f"{type(self).__name__} does not define placeholder_value")

    def __ne__(self, other):
        return not self == other


def _subshape(left: TensorShape, right: TensorShape) -> bool:
    """``left`` is at least as specific as ``right``."""
    if right.rank is None:
        return True
    if left.rank != right.rank:
        return False
    return all(r is None or l == r for l, r in zip(left.as_list(), right.as_list()))


def _common_shape(shapes) -> TensorShape:
    ranks = {s.rank for s in shapes}
    if None in ranks or len(ranks) != 1:
        return TensorShape(None)
    dims = list(shapes[0].as_list())
    for s in shapes[1:]:
        dims = [a if a == b else None for a, b in zip(dims, s.as_list())]
    return TensorShape(dims)


class TensorSpec(TraceType):
    """Mirrors ``tf.TensorSpec``: the shape and dtype of a tensor (and an optional name)."""

    __slots__ = ("shape", "dtype", "name")

    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self.shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
        self.dtype = dtypes.as_dtype(dtype)
        self.name = name

    @property
    def value_type(self):
        """Mirrors ``TensorSpec.value_type`` (``tf.Tensor``)."""
        return Tensor

    @classmethod
    def from_tensor(cls, tensor, name=None) -> "TensorSpec":
        """Mirrors ``TensorSpec.from_tensor``."""
        return cls(tensor.shape, tensor.dtype, name if name is not None else getattr(tensor, "_spec_name", None))

    @classmethod
    def from_spec(cls, spec, name=None) -> "TensorSpec":
        return cls(spec.shape, spec.dtype, name if name is not None else spec.name)

    def is_compatible_with(self, spec_or_value) -> bool:
        """Mirrors ``TensorSpec.is_compatible_with``: same dtype and compatible shapes."""
        other = spec_or_value
        if not isinstance(other, TensorSpec):
            if not isinstance(other, Tensor) and not hasattr(other, "_as_tensor"):
                from tfcompat._src.framework.dispatch import convert_to_tensor
                other = convert_to_tensor(other)
            other = TensorSpec(other.shape, other.dtype)
        return self.dtype is other.dtype and self.shape.is_compatible_with(other.shape)

    def is_subtype_of(self, other) -> bool:
        return isinstance(other, TensorSpec) and self.dtype is other.dtype and _subshape(self.shape, other.shape)

    def most_specific_common_supertype(self, others):
        if not all(isinstance(o, TensorSpec) and o.dtype is self.dtype for o in others):
            return None
        return TensorSpec(_common_shape([self.shape] + [o.shape for o in others]), self.dtype)

    def _key(self):
        return (self.dtype.name, None if self.shape.rank is None else tuple(self.shape.as_list()))

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and self._key() == other._key() and self.name == other.name

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"TensorSpec(shape={shape_text(self.shape)}, dtype={dtype_text(self.dtype)}, name={self.name!r})"


class VariableSpec(TraceType):
    """A ``tf.Variable`` argument: ``VariableSpec(shape, dtype, trainable, alias_id)``. The trace is bound to the
    variable it was traced with (``variable`` keeps it weakly)."""

    def __init__(self, variable, alias_id: int):
        self.shape = variable.shape
        self.dtype = variable.dtype
        self.trainable = variable.trainable
        self.alias_id = alias_id
        self._ref = weakref.ref(variable)

    def __eq__(self, other):
        return isinstance(other, VariableSpec) and self._ref() is not None and self._ref() is other._ref()

    def __hash__(self):
        return hash(id(self._ref()))

    def __repr__(self):
        return (f"VariableSpec(shape={shape_text(self.shape)}, dtype={dtype_text(self.dtype)}, "
                f"trainable={self.trainable}, alias_id={self.alias_id})")


class Literal(TraceType):
    """A python value (``Literal[1]``): equal to every value that compares equal."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return isinstance(other, Literal) and _literal_equal(self.value, other.value)

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return f"Literal[{self.value!r}]"


def _literal_equal(a, b) -> bool:
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return a is b


class Sequence(TraceType):
    """A list, tuple or namedtuple of trace types (``List[...]``, ``Tuple[...]``, ``P[['a', ...], ...]``)."""

    def __init__(self, kind, components, fields=None):
        self.kind = kind              # list, tuple, or the namedtuple class
        self.components = tuple(components)
        self.fields = fields

    def is_subtype_of(self, other) -> bool:
        return (isinstance(other, Sequence) and self.kind is other.kind and len(self.components) ==
                len(other.components) and all(a.is_subtype_of(b) for a, b in zip(self.components, other.components)))

    def most_specific_common_supertype(self, others):
        if not all(isinstance(o, Sequence) and o.kind is self.kind and len(o.components) == len(self.components)
                   for o in others):
            return None
        parts = []
        for i, c in enumerate(self.components):
            s = c.most_specific_common_supertype([o.components[i] for o in others])
            if s is None:
                return None
            parts.append(s)
        return Sequence(self.kind, parts, self.fields)

    def __eq__(self, other):
        return isinstance(other, Sequence) and self.kind is other.kind and self.components == other.components

    def __hash__(self):
        return hash((id(self.kind), self.components))

    def __repr__(self):
        if self.fields is not None:
            items = ", ".join(f"[{f!r}, {c!r}]" for f, c in zip(self.fields, self.components))
            return f"{self.kind.__name__}[{items}]"
        name = "List" if self.kind is list else "Tuple"
        return f"{name}[{', '.join(repr(c) for c in self.components)}]"


class Mapping(TraceType):
    """A dict of trace types (``Dict[['a', ...], ...]``), compared by key."""

    def __init__(self, items):
        self.items = tuple(items)   # (key, type) in the dict's order

    def _by_key(self):
        return dict(self.items)

    def is_subtype_of(self, other) -> bool:
        if not isinstance(other, Mapping):
            return False
        mine, theirs = self._by_key(), other._by_key()
        return set(mine) == set(theirs) and all(mine[k].is_subtype_of(theirs[k]) for k in mine)

    def most_specific_common_supertype(self, others):
        mine = self._by_key()
        if not all(isinstance(o, Mapping) and set(o._by_key()) == set(mine) for o in others):
            return None
        items = []
        for k, t in self.items:
            s = t.most_specific_common_supertype([o._by_key()[k] for o in others])
            if s is None:
                return None
            items.append((k, s))
        return Mapping(items)

    def __eq__(self, other):
        return isinstance(other, Mapping) and self._by_key() == other._by_key()

    def __hash__(self):
        return hash(frozenset((k, hash(v)) for k, v in self.items))

    def __repr__(self):
        return "Dict[" + ", ".join(f"[{k!r}, {v!r}]" for k, v in self.items) + "]"


class Weakref(TraceType):
    """Any other object: the trace belongs to that object (TF's ``Weakref`` type)."""

    def __init__(self, obj):
        try:
            self._ref = weakref.ref(obj)
        except TypeError:
            self._ref = lambda obj=obj: obj   # objects without weakref support are kept alive
        self._id = id(obj)

    def __eq__(self, other):
        return isinstance(other, Weakref) and self._ref() is not None and self._ref() is other._ref()

    def __hash__(self):
        return self._id

    def __repr__(self):
        obj = self._ref()
        return f"Weakref[<weakref at {hex(id(self))}; to '{type(obj).__name__}' at {hex(self._id)}>])"


class CustomType(TraceType):
    """A user ``__tf_tracing_type__`` result, wrapped so the cache can key it."""

    def __init__(self, trace_type, value):
        self.trace_type = trace_type
        self.value = value

    def is_subtype_of(self, other) -> bool:
        return isinstance(other, CustomType) and self.trace_type.is_subtype_of(other.trace_type)

    def most_specific_common_supertype(self, others):
        s = self.trace_type.most_specific_common_supertype([o.trace_type for o in others])
        return None if s is None else CustomType(s, self.value)

    def __eq__(self, other):
        return isinstance(other, CustomType) and self.trace_type == other.trace_type

    def __hash__(self):
        return hash(self.trace_type)

    def __repr__(self):
        return repr(self.trace_type)


# Trace types of composite values, {value type: function(value) -> TraceType}: filled by runtime/type_spec.py
# (SparseTensor -> SparseTensorSpec), which sits above this module.
COMPOSITE_TRACE_TYPES: dict = {}


def trace_type_of(value, variable_ids: dict | None = None) -> TraceType:
    """The trace type of one argument (``variable_ids`` numbers the distinct variables of a call: alias ids)."""
    if isinstance(value, TraceType):
        return value
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    composite = COMPOSITE_TRACE_TYPES.get(type(value))
    if composite is not None:
        return composite(value)
    if isinstance(value, np.ndarray):
        return TensorSpec(value.shape, dtypes.as_dtype(value.dtype))
    if hasattr(value, "_as_tensor") and hasattr(value, "assign"):
        ids = variable_ids if variable_ids is not None else {}
        alias = ids.setdefault(id(value), len(ids))
        return VariableSpec(value, alias)
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return Sequence(type(value), [trace_type_of(v, variable_ids) for v in value], list(type(value)._fields))
    if isinstance(value, (list, tuple)):
        return Sequence(list if isinstance(value, list) else tuple, [trace_type_of(v, variable_ids) for v in value])
    if isinstance(value, dict):
        return Mapping([(k, trace_type_of(v, variable_ids)) for k, v in value.items()])
    custom = getattr(value, "__tf_tracing_type__", None)
    if custom is not None:
        return CustomType(custom(None), value)
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, np.generic, dtypes.DType)):
        return Literal(value)
    try:
        hash(value)
    except TypeError:
        return Weakref(value)
    if isinstance(value, type) or callable(value):
        return Literal(value)
    return Weakref(value)
