"""``tf.experimental.ExtensionType``, ``BatchableExtensionType``, ``ExtensionTypeSpec`` and
``tf.experimental.extension_type.as_dict`` (TF's ``framework/extension_type.py``).

A subclass declares annotated fields; the metaclass checks the annotations, builds ``__init__`` (positional or
keyword fields, defaults, then keyword-only after a defaulted field, as TF), converts field values (``tf.Tensor``
fields through ``convert_to_tensor``, ``tf.TensorShape``/``tf.DType`` fields through their constructors,
``Tuple``/``Mapping``/``Union``/python scalar types checked element by element, ``Mapping`` stored immutably) and
calls ``__validate__``. Values are immutable outside a user-written ``__init__``. Each subclass gets a nested
``Spec`` (a ``tf.TypeSpec`` whose fields are the TensorSpecs / nested specs / python values), so ``_type_spec``,
``tf.type_spec_from_value`` and spec equality work as in TF.

This module lives in the runtime layer because its specs are ``tf.TypeSpec``s (``runtime/type_spec.py``).

Known differences (tests/known_deviations.py): ``tf.function`` traces once per ExtensionType *object* (TF: once per
spec) -- the values are right either way, only the trace count differs (``extension-type-trace-per-object``);
``tf.nest.flatten(..., expand_composites=True)`` keeps the value whole. ``dispatch_for_api`` and the elementwise
dispatchers live in ``framework/type_dispatch.py``."""
from __future__ import annotations

import collections.abc
import inspect
import types
import typing

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime.function_types import TensorSpec
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
_VALUE, _SPEC, _DEFAULT = "value", "spec", "default"


def _is_reserved(name: str) -> bool:
    return name in _RESERVED or name.startswith("_tf_extension_type")


class _ImmutableDict(collections.abc.Mapping):
    """The stored form of a ``Mapping`` field (TF's ImmutableDict)."""

    def __init__(self, items):
        self._d = dict(items)

    def __getitem__(self, key):
        return self._d[key]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __repr__(self):
        return f"ImmutableDict({self._d!r})"


# ---- field conversion ----------------------------------------------------------------------------------
def _where(path) -> str:
    return "".join(path)


def _convert_value(value, expected, path, context):
    if expected is None:
        expected = type(None)
    if expected is Tensor:
        return _convert_tensor(value, path, context)
    if isinstance(expected, type) and issubclass(expected, ExtensionType):
        if context == _SPEC:
            if not (isinstance(value, TypeSpec) and issubclass(getattr(value, "value_type", object), expected)):
                raise TypeError(f"{_where(path)}: expected a TypeSpec for {expected.__name__!r}, got "
                                f"{type(value).__name__!r}")
            return value
        if not isinstance(value, expected):
            raise TypeError(f"{_where(path)}: expected {expected.__name__!r}, got {type(value).__name__!r}")
        return value
    if expected is TensorShape:
        try:
            return value if isinstance(value, TensorShape) else TensorShape(value)
        except (TypeError, ValueError) as e:
            raise TypeError(f"{_where(path)}: expected 'tf.TensorShape', got {type(value).__name__!r}") from e
    if expected is dtypes.DType:
        try:
            return dtypes.as_dtype(value)
        except TypeError as e:
            raise TypeError(f"{_where(path)}: expected 'tf.DType', got {type(value).__name__!r}") from e
    if expected in (int, float, bool, str, bytes, type(None)):
        if not isinstance(value, expected):
            raise TypeError(f"{_where(path)}: expected {expected.__name__!r}, got {type(value).__name__!r}")
        return value
    origin = typing.get_origin(expected)
    args = typing.get_args(expected)
    if origin is tuple:
        if not isinstance(value, collections.abc.Sequence):
            raise TypeError(f"{_where(path)}: expected tuple, got {type(value).__name__!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert_value(v, args[0], path + (f"[{i}]",), context) for i, v in enumerate(value))
        if len(value) != len(args):
            raise TypeError(f"{_where(path)}: expected tuple with length {len(args)}, got "
                            f"{type(value).__name__!r})")
        return tuple(_convert_value(v, t, path + (f"[{i}]",), context) for i, (v, t) in enumerate(zip(value, args)))
    if origin in (collections.abc.Mapping, dict, typing.Mapping):
        if not isinstance(value, collections.abc.Mapping):
            raise TypeError(f"{_where(path)}: expected mapping, got {type(value).__name__!r}")
        key_type, value_type = args
        return _ImmutableDict((_convert_value(k, key_type, path + ("[<key>]",), context),
                               _convert_value(v, value_type, path + (f"[{k!r}]",), context))
                              for k, v in value.items())
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _convert_value(value, option, path, context)
            except TypeError:
                pass
        raise TypeError(f"{_where(path)}: expected {expected!r}, got {type(value).__name__!r}")
    raise TypeError(f"{_where(path)}: Unsupported type annotation {expected!r}")


def _convert_tensor(value, path, context):
    if context == _SPEC:
        if not isinstance(value, TensorSpec):
            raise TypeError(f"{_where(path)}: expected a TensorSpec, got {type(value).__name__!r}")
        return value
    if isinstance(value, Tensor):
        return value
    if context == _DEFAULT:
        return value
    try:
        return convert_to_tensor(value)
    except (ValueError, TypeError) as e:
        raise TypeError(f"{_where(path)}: expected a Tensor, got {type(value).__name__!r}") from e


def _validate_annotation(name, annotation):
    if annotation is None or annotation in (Tensor, TensorShape, dtypes.DType, int, float, bool, str, bytes,
                                            type(None)):
        return
    if isinstance(annotation, type) and issubclass(annotation, ExtensionType):
        return
    origin = typing.get_origin(annotation)
    if origin in (tuple, collections.abc.Mapping, dict, typing.Mapping, typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if arg is not Ellipsis:
                _validate_annotation(name, arg)
        return
    if isinstance(annotation, str):
        return   # a forward reference, resolved when the fields are first read
    label = getattr(annotation, "__name__", None)
    raise TypeError(f"In field {name!r}: Unsupported type annotation "
                    f"{label!r}" if label else f"In field {name!r}: Unsupported type annotation {annotation!r}")


def _report_mismatch(fields, values):
    expected = {f[0] for f in fields}
    actual = set(values)
    if actual - expected:
        raise ValueError(f"Got unexpected fields: {actual - expected}")
    if expected - actual:
        raise ValueError(f"Missing required fields: {expected - actual}")


def _convert_fields(fields, values: dict, context) -> None:
    if len(fields) != len(values) or any(name not in values for name, _, _ in fields):
        _report_mismatch(fields, values)
    for name, annotation, _ in fields:
        values[name] = _convert_value(values[name], annotation, (name,), context)


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
        _validate_annotation(name, annotations[name])
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
    type.__setattr__(cls, "Spec", spec)


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
        _convert_fields(_fields_of(type(self)), self.__dict__, _VALUE)

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


def _all(t):
    return apply_op("All", [t], {"keep_dims": False, "axis": None})


def _flat_tensors(value) -> list:
    """The tensors of an ExtensionType, in field order (TF's ``nest.flatten(..., expand_composites=True)``)."""
    out = []

    def walk(v):
        if isinstance(v, Tensor):
            out.append(v)
        elif isinstance(v, ExtensionType):
            for name, _, _ in _fields_of(type(v)):
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
    if isinstance(value, _ImmutableDict):
        return _ImmutableDict((k, _spec_of_field(v)) for k, v in value.items())
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
        _convert_fields(fields, self.__dict__, _SPEC)

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
        return cls(**{name: value for name, value in serialization})

    def __setattr__(self, name, value):
        raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom constructor of "
                             "ExtensionTypeSpec.")

    def __repr__(self):
        fields = ", ".join(f"{name}={self.__dict__[name]!r}" for name, _, _ in _fields_of(self.value_type))
        return f"{type(self).__qualname__}({fields})"


def _hashable(value):
    if isinstance(value, _ImmutableDict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, tuple):
        return tuple(_hashable(v) for v in value)
    return value


class BatchableExtensionTypeSpec(ExtensionTypeSpec):
    """Mirrors ``tf.experimental.BatchableExtensionTypeSpec`` (the spec base of BatchableExtensionTypes)."""


def as_dict(value) -> dict:
    """Mirrors ``tf.experimental.extension_type.as_dict``: the fields of an ExtensionType as a dict."""
    return {name: getattr(value, name) for name, _, _ in _fields_of(type(value))}


register_type_spec_from_value(ExtensionType, lambda value: value._type_spec)
