"""``tf.experimental.ExtensionType``, ``BatchableExtensionType``, ``ExtensionTypeSpec`` and
``tf.experimental.extension_type.as_dict`` (TF's ``framework/extension_type.py``).

A subclass declares annotated fields; the metaclass checks the annotations, builds ``__init__`` (positional or
keyword fields, defaults, then keyword-only after a defaulted field, as TF), converts field values
(``extension_type_fields.py``) and calls ``__validate__``. Values are immutable outside a user-written
``__init__``. Each subclass gets a nested ``Spec`` (a ``tf.TypeSpec`` whose fields are the TensorSpecs / nested
specs / python values; a user ``Spec.__init__`` may set them), so ``_type_spec``, ``tf.type_spec_from_value`` and
spec equality work as in TF; a BatchableExtensionType's spec batches and unbatches (``_batch``/``_unbatch``).

This module lives in the runtime layer because its specs are ``tf.TypeSpec``s (``runtime/type_spec.py``).

``tf.function`` traces a value by its spec (each subclass registers ``Spec.from_value`` as its trace type) and
passes it as its component tensors (``_to_components`` / ``_from_components``, runtime/function_composites.py).

Known difference (tests/known_deviations.py, ``extension-type-trace-per-object``): ``tf.nest.flatten(...,
expand_composites=True)`` keeps the value whole. ``dispatch_for_api`` and the elementwise dispatchers live in
``framework/type_dispatch.py``."""
from __future__ import annotations

import collections.abc
import inspect
import typing

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime.extension_type_fields import (SPEC, VALUE, ImmutableDict, convert_fields,
                                                         validate_annotation)
from tfcompat._src.runtime.function_types import COMPOSITE_TRACE_TYPES, TensorSpec
from tfcompat._src.runtime.type_spec import TypeSpec, register_type_spec_from_value

__all__ = ["ExtensionType", "BatchableExtensionType", "ExtensionTypeSpec", "BatchableExtensionTypeSpec",
           "as_dict"]

_NO_DEFAULT = inspect.Parameter.empty
_IN_CONSTRUCTOR = "_tf_extension_type_in_constructor"
_RESERVED = frozenset(["self", "Spec", "_type_spec", "_shape_invariant_to_type_spec", "_consumers", "value_type",
                       "is_compatible_with", "most_specific_compatible_type", "_with_tensor_ranks_only",
                       "_to_components", "_from_components", "_component_specs", "_to_tensor_list",
                       "_from_tensor_list", "_from_compatible_tensor_list", "_flat_tensor_specs", "_serialize",
                       "_deserialize", "_to_legacy_output_types", "_to_legacy_output_shapes",
                       "_to_legacy_output_classes", "_copy", "_tf_api_names", "_tf_api_names_v1"])


def _is_reserved(name: str) -> bool:
    return name in _RESERVED or name.startswith("_tf_extension_type")


# ---- classes --------------------------------------------------------------------------------------------
class _ExtensionTypeMeta(type):
    """Builds the constructor and the nested ``Spec`` of each ExtensionType subclass (TF's
    ExtensionTypeMetaclass)."""

    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        if namespace.get("_tf_extension_type_do_not_transform_this_class", False):
            return
        _check_field_annotations(cls)
        if "__init__" in cls.__dict__:
            _wrap_user_constructor(cls)
        else:
            _build_constructor(cls)
        _add_type_spec(cls)


def _fields_of(cls) -> tuple:
    """``((name, annotation, default), ...)`` in declaration order, base classes first."""
    cached = cls.__dict__.get("_tf_extension_type_cached_fields")
    if cached is not None:
        return cached
    try:
        hints = typing.get_type_hints(cls)
        ok_to_cache = True
    except (NameError, AttributeError):
        hints = {}
        for base in reversed(cls.__mro__):
            hints.update(base.__dict__.get("__annotations__", {}))
        ok_to_cache = False
    fields = tuple((name, annotation, getattr(cls, name, _NO_DEFAULT)) for name, annotation in hints.items()
                   if not name.startswith("_tf_extension_type"))
    if ok_to_cache:
        type.__setattr__(cls, "_tf_extension_type_cached_fields", fields)
    return fields


def _check_field_annotations(cls) -> None:
    annotations = cls.__dict__.get("__annotations__", {})
    for name, value in cls.__dict__.items():
        if name == "Spec":
            if not isinstance(value, type):
                raise ValueError(f"{cls.__qualname__}.Spec must be a nested class; got {value}.")
        elif _is_reserved(name) and not name.startswith("_tf_extension_type"):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field '{name}' is reserved.")
    for name in annotations:
        if _is_reserved(name):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field '{name}' is reserved.")
        validate_annotation(name, annotations[name])
    for key, value in cls.__dict__.items():
        if not (key in annotations or callable(value) or key.startswith("_abc_") or key.startswith("_tf_extension")
                or (key.startswith("__") and key.endswith("__"))
                or isinstance(value, (property, classmethod, staticmethod))):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. Field {key} is missing a "
                             "type annotation.")


def _signature(cls):
    fields = _fields_of(cls)
    keyword_only_start, got_default = len(fields), False
    for i, (_, _, default) in enumerate(fields):
        if got_default and default is _NO_DEFAULT:
            keyword_only_start = i
            break
        if default is not _NO_DEFAULT:
            got_default = True
    params = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD if i < keyword_only_start
                                else inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
              for i, (name, annotation, default) in enumerate(fields)]
    return inspect.Signature(params)


def _build_constructor(cls) -> None:
    def __init__(self, *args, **kwargs):  # noqa: N807 - the generated constructor
        sig = type(self)._tf_extension_type_signature()
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        self.__dict__.update(bound.arguments)
        self._tf_extension_type_convert_fields()
        self.__validate__()
    cls.__init__ = __init__


def _wrap_user_constructor(cls) -> None:
    user_init = cls.__dict__["__init__"]

    def __init__(self, *args, **kwargs):  # noqa: N807
        self.__dict__[_IN_CONSTRUCTOR] = True
        user_init(self, *args, **kwargs)
        del self.__dict__[_IN_CONSTRUCTOR]
        self._tf_extension_type_convert_fields()
        self.__validate__()
    __init__.__doc__ = user_init.__doc__
    cls.__init__ = __init__


def _wrap_user_spec_constructor(spec) -> None:
    """A user-written ``Spec.__init__`` may set the fields; they are then checked (TensorSpecs for tensor
    fields), as TF does."""
    user_init = spec.__dict__["__init__"]

    def __init__(self, *args, **kwargs):  # noqa: N807
        self.__dict__[_IN_CONSTRUCTOR] = True
        user_init(self, *args, **kwargs)
        del self.__dict__[_IN_CONSTRUCTOR]
        convert_fields(_fields_of(self.value_type), self.__dict__, SPEC)
    __init__.__doc__ = user_init.__doc__
    spec.__init__ = __init__


def _add_type_spec(cls) -> None:
    spec_dict = {"value_type": cls, "__module__": cls.__module__}
    user_spec = cls.__dict__.get("Spec")
    if user_spec is not None:
        for name, value in user_spec.__dict__.items():
            if _is_reserved(name):
                raise ValueError(f"TypeSpec {cls.__qualname__}.Spec uses reserved name '{name}'.")
            if any(name == f[0] for f in _fields_of(cls)):
                raise ValueError(f"TypeSpec {cls.__qualname__}.Spec defines a variable '{name}' which shadows a "
                                 f"field in {cls.__qualname__}")
            if name not in ("__module__", "__dict__", "__weakref__"):
                spec_dict[name] = value
    base = BatchableExtensionTypeSpec if issubclass(cls, BatchableExtensionType) else ExtensionTypeSpec
    spec = type(cls.__name__ + ".Spec", (base,), spec_dict)
    spec.__qualname__ = cls.__qualname__ + ".Spec"
    if "__init__" in spec.__dict__:
        _wrap_user_spec_constructor(spec)
    type.__setattr__(cls, "Spec", spec)
    COMPOSITE_TRACE_TYPES[cls] = _type_spec_of   # tf.function traces a value of this type by its spec, as TF


class ExtensionType(metaclass=_ExtensionTypeMeta):
    """Mirrors ``tf.experimental.ExtensionType``: a user-defined, immutable value type whose fields are declared
    with annotations (``values: tf.Tensor``, ``name: str``, ``shape: tf.TensorShape``, ``Tuple``/``Mapping``/
    ``Union`` of those, nested ExtensionTypes).

    ``==`` gives a bool tensor (True when every tensor field is equal, shapes included; python ``False`` for
    another type or spec), as in TF."""

    _tf_extension_type_do_not_transform_this_class = True

    def __init__(self, *args, **kwargs):
        if type(self) is ExtensionType:
            raise AssertionError("Cannot create an instance of ExtensionType because ExtensionType is an abstract "
                                 "base class.")

    @classmethod
    def _tf_extension_type_fields(cls):
        return _fields_of(cls)

    @classmethod
    def _tf_extension_type_signature(cls):
        sig = cls.__dict__.get("_tf_extension_type_cached_signature")
        if sig is None:
            sig = _signature(cls)
            type.__setattr__(cls, "_tf_extension_type_cached_signature", sig)
        return sig

    @classmethod
    def _tf_extension_type_has_field(cls, name) -> bool:
        return any(name == f[0] for f in _fields_of(cls))

    def _tf_extension_type_convert_fields(self):
        convert_fields(_fields_of(type(self)), self.__dict__, VALUE)

    def __repr__(self):
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name, _, _ in _fields_of(type(self)))
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name, value):
        if _IN_CONSTRUCTOR in self.__dict__ and self._tf_extension_type_has_field(name):
            self.__dict__[name] = value
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom constructor of "
                                 "ExtensionType.")

    def __delattr__(self, name):
        if _IN_CONSTRUCTOR in self.__dict__ and self._tf_extension_type_has_field(name):
            del self.__dict__[name]
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom constructor of "
                                 "ExtensionType.")

    def __getattr__(self, name):
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __eq__(self, other):
        if type(self) is not type(other) or self._type_spec != other._type_spec:
            return False
        mine, theirs = _flat_tensors(self), _flat_tensors(other)
        if len(mine) != len(theirs):
            return False
        conditions = []
        for a, b in zip(mine, theirs):
            conditions.append(_all(apply_op("Equal", [apply_op("Shape", [a], {"out_type": dtypes.int32}),
                                                      apply_op("Shape", [b], {"out_type": dtypes.int32})])))
            conditions.append(_all(apply_op("Equal", [a, b])))
        if not conditions:
            return convert_to_tensor(True)
        return _all(apply_op("Pack", conditions, {"N": len(conditions), "axis": 0}))

    def __ne__(self, other):
        eq = self.__eq__(other)
        if isinstance(eq, Tensor):
            return apply_op("LogicalNot", [eq])
        return not eq

    __hash__ = None

    def __validate__(self):
        """Post-construction validation hook (override it; TF's ``ExtensionType.__validate__``)."""

    @property
    def _type_spec(self):
        spec = self.__dict__.get("_tf_extension_type_cached_type_spec")
        if spec is None:
            spec = type(self).Spec.from_value(self)
            self.__dict__["_tf_extension_type_cached_type_spec"] = spec
        return spec


def _type_spec_of(value):
    return value._type_spec


def _all(t):
    return apply_op("All", [t], {"keep_dims": False, "axis": None})


def _flat_tensors(value, leaf=Tensor) -> list:
    """The tensors of an ExtensionType (the TensorSpecs of its spec, with ``leaf=TensorSpec``), in field order
    (TF's ``nest.flatten(..., expand_composites=True)``)."""
    out = []

    def walk(v):
        if isinstance(v, leaf):
            out.append(v)
        elif isinstance(v, (ExtensionType, ExtensionTypeSpec)):
            for name, _, _ in _fields_of(v.value_type if isinstance(v, ExtensionTypeSpec) else type(v)):
                walk(v.__dict__[name])
        elif isinstance(v, collections.abc.Mapping):
            for k in sorted(v):
                walk(v[k])
        elif isinstance(v, (tuple, list)):
            for item in v:
                walk(item)
    walk(value)
    return out


class BatchableExtensionType(ExtensionType):
    """Mirrors ``tf.experimental.BatchableExtensionType``: an ExtensionType whose spec is batchable (tf.data /
    map_fn batching of such values is not emulated; the type itself behaves as an ExtensionType)."""

    _tf_extension_type_do_not_transform_this_class = True


def _spec_of_field(value):
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, ExtensionType):
        return value._type_spec
    if isinstance(value, ImmutableDict):
        return ImmutableDict((k, _spec_of_field(v)) for k, v in value.items())
    if isinstance(value, tuple):
        return tuple(_spec_of_field(v) for v in value)
    return value


class ExtensionTypeSpec(TypeSpec):
    """Mirrors ``tf.experimental.ExtensionTypeSpec``: the spec of an ExtensionType (its fields with tensors
    replaced by ``TensorSpec``s). Each ExtensionType subclass has one as its nested ``Spec`` class."""

    value_type = None

    def __init__(self, *args, **kwargs):
        if type(self) in (ExtensionTypeSpec, BatchableExtensionTypeSpec):
            raise AssertionError(f"Cannot create an instance of {type(self).__name__} because it is an abstract "
                                 "base class.")
        fields = _fields_of(self.value_type)
        sig = inspect.Signature([inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                                 for name, _, _ in fields])
        bound = sig.bind(*args, **kwargs)
        self.__dict__.update(bound.arguments)
        convert_fields(fields, self.__dict__, SPEC)

    @classmethod
    def from_value(cls, value) -> "ExtensionTypeSpec":
        """Mirrors ``ExtensionTypeSpec.from_value``: the spec of an ExtensionType value."""
        spec = cls.__new__(cls)
        for name, _, _ in _fields_of(cls.value_type):
            spec.__dict__[name] = _spec_of_field(value.__dict__[name])
        return spec

    def _serialize(self) -> tuple:
        return tuple((name, _hashable(self.__dict__[name])) for name, _, _ in _fields_of(self.value_type))

    @classmethod
    def _deserialize(cls, serialization):
        # As TF (_create_object_from_type_and_dict): the fields are set directly, so a user-written
        # ``Spec.__init__`` with other parameters (the guide's ``MaskedTensor.Spec(shape, dtype)``) is not called.
        spec = cls.__new__(cls)
        values = dict(serialization)
        fields = _fields_of(cls.value_type)
        for name, annotation, _ in fields:
            # _serialize writes a Mapping field as its sorted (key, value) pairs (hashable).
            if typing.get_origin(annotation) is collections.abc.Mapping and isinstance(values.get(name), tuple):
                values[name] = dict(values[name])
        spec.__dict__.update(values)
        convert_fields(fields, spec.__dict__, SPEC)
        return spec

    def __setattr__(self, name, value):
        if _IN_CONSTRUCTOR in self.__dict__ and self.value_type._tf_extension_type_has_field(name):
            self.__dict__[name] = value
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom constructor of "
                                 "ExtensionTypeSpec.")

    def __repr__(self):
        fields = ", ".join(f"{name}={self.__dict__[name]!r}" for name, _, _ in _fields_of(self.value_type))
        return f"{type(self).__qualname__}({fields})"

    # -- components (how tf.function passes a value of this spec: its tensors, in field order) ----------------
    @property
    def _component_specs(self) -> list:
        """Mirrors ``ExtensionTypeSpec._component_specs``: the TensorSpecs of the value's tensors."""
        return _flat_tensors(self, TensorSpec)

    def _to_components(self, value) -> list:
        """Mirrors ``ExtensionTypeSpec._to_components``: the tensors of ``value``, in field order (mapping fields
        by sorted key)."""
        return _flat_tensors(value)

    def _from_components(self, components):
        """Mirrors ``ExtensionTypeSpec._from_components``: a value of this spec holding ``components`` (as TF,
        without running the constructor or ``__validate__``)."""
        it = iter(components)
        value = object.__new__(self.value_type)
        for name, _, _ in _fields_of(self.value_type):
            value.__dict__[name] = _fill(self.__dict__[name], it)
        return value

    def most_specific_common_supertype(self, others):
        """Mirrors ``TypeSpec.most_specific_common_supertype``: TensorSpec shapes relaxed where they differ;
        None when another field differs."""
        if any(type(o) is not type(self) for o in others):
            return None
        fields = {}
        for name, _, _ in _fields_of(self.value_type):
            field = _common_field(self.__dict__[name], [o.__dict__[name] for o in others])
            if field is _NO_DEFAULT:
                return None
            fields[name] = field
        spec = type(self).__new__(type(self))
        spec.__dict__.update(fields)
        return spec


def _fill(spec_field, components):
    """A field value with each TensorSpec of ``spec_field`` replaced by the next of ``components``."""
    if isinstance(spec_field, TensorSpec):
        return next(components)
    if isinstance(spec_field, ExtensionTypeSpec):
        return spec_field._from_components(components)
    if isinstance(spec_field, ImmutableDict):
        filled = {k: _fill(spec_field[k], components) for k in sorted(spec_field)}
        return ImmutableDict((k, filled[k]) for k in spec_field)
    if isinstance(spec_field, tuple):
        return tuple(_fill(v, components) for v in spec_field)
    return spec_field


def _common_field(field, others):
    """The most specific common supertype of spec fields; ``_NO_DEFAULT`` when there is none."""
    if isinstance(field, (TensorSpec, ExtensionTypeSpec)):
        common = field.most_specific_common_supertype(others)
        return _NO_DEFAULT if common is None else common
    if isinstance(field, TensorShape):
        if any(not isinstance(o, TensorShape) for o in others):
            return _NO_DEFAULT
        return TensorSpec(field).most_specific_common_supertype([TensorSpec(o) for o in others]).shape
    if isinstance(field, ImmutableDict):
        if any(not isinstance(o, ImmutableDict) or set(o) != set(field) for o in others):
            return _NO_DEFAULT
        items = [(k, _common_field(field[k], [o[k] for o in others])) for k in field]
        return _NO_DEFAULT if any(v is _NO_DEFAULT for _, v in items) else ImmutableDict(items)
    if isinstance(field, tuple):
        if any(not isinstance(o, tuple) or len(o) != len(field) for o in others):
            return _NO_DEFAULT
        items = tuple(_common_field(v, [o[i] for o in others]) for i, v in enumerate(field))
        return _NO_DEFAULT if any(v is _NO_DEFAULT for v in items) else items
    return field if all(_hashable(o) == _hashable(field) for o in others) else _NO_DEFAULT


def _hashable(value):
    if isinstance(value, ImmutableDict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, tuple):
        return tuple(_hashable(v) for v in value)
    return value


class BatchableExtensionTypeSpec(ExtensionTypeSpec):
    """Mirrors ``tf.experimental.BatchableExtensionTypeSpec`` (the spec base of BatchableExtensionTypes), with
    TF's default batch encoder: a batch of values is the value whose tensors are the elements' tensors stacked,
    so its components are the elements' components with a leading batch dimension."""

    def _batch(self, batch_size) -> "BatchableExtensionTypeSpec":
        """Mirrors ``BatchableTypeSpec._batch``: the spec of a batch of ``batch_size`` (None: unknown) values;
        each TensorSpec and ``tf.TensorShape`` field gains the leading dimension."""
        return _map_batchable(self, lambda shape: TensorShape([batch_size]).concatenate(shape), "_batch",
                              batch_size)

    def _unbatch(self) -> "BatchableExtensionTypeSpec":
        """Mirrors ``BatchableTypeSpec._unbatch``: the spec of one element of a batch of this spec.

        Raises:
          ValueError: a TensorSpec field of rank 0 (TF's message)."""
        def drop(shape):
            if shape.rank == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            return shape[1:]
        return _map_batchable(self, drop, "_unbatch")


def _map_batchable(spec, reshape, method, *args):
    """A copy of ``spec`` with ``reshape`` applied to each TensorSpec's and TensorShape field's shape and
    ``method(*args)`` to each nested batchable spec (TF's ExtensionTypeBatchEncoder)."""
    def field(f):
        if isinstance(f, TensorSpec):
            return TensorSpec(reshape(f.shape), f.dtype)
        if isinstance(f, TensorShape):
            return reshape(f)
        if isinstance(f, BatchableExtensionTypeSpec):
            return getattr(f, method)(*args)
        if isinstance(f, ImmutableDict):
            return ImmutableDict((k, field(v)) for k, v in f.items())
        if isinstance(f, tuple):
            return tuple(field(v) for v in f)
        return f
    out = type(spec).__new__(type(spec))
    for name, _, _ in _fields_of(spec.value_type):
        out.__dict__[name] = field(spec.__dict__[name])
    return out


def as_dict(value) -> dict:
    """Mirrors ``tf.experimental.extension_type.as_dict``: the fields of an ExtensionType as a dict."""
    return {name: getattr(value, name) for name, _, _ in _fields_of(type(value))}


register_type_spec_from_value(ExtensionType, _type_spec_of)
