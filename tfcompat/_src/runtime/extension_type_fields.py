"""The fields of ``tf.experimental.ExtensionType`` values and specs (TF's ``extension_type_field.py``): which
annotations are allowed, and how a field value is converted and checked -- ``tf.Tensor`` fields through
``convert_to_tensor`` (TensorSpecs in a spec), ``tf.TensorShape``/``tf.DType`` through their constructors, python
scalar types, nested ExtensionTypes, and ``Tuple``/``Mapping``/``Union`` of those element by element (a
``Mapping`` stored as an immutable dict). Errors are TF's TypeErrors, naming the field path."""
from __future__ import annotations

import collections.abc
import types
import typing

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime.function_types import TensorSpec
from tfcompat._src.runtime.type_spec import TypeSpec

__all__ = ["ImmutableDict", "VALUE", "SPEC", "DEFAULT", "convert_fields", "validate_annotation"]

VALUE, SPEC, DEFAULT = "value", "spec", "default"   # what a field holds: a value, a spec, a declared default


def _is_extension_type_class(t) -> bool:
    # ExtensionType lives in extension_type.py, which builds on this module: recognised by its field table.
    return isinstance(t, type) and hasattr(t, "_tf_extension_type_fields")


class ImmutableDict(collections.abc.Mapping):
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
    if _is_extension_type_class(expected):
        if context == SPEC:
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
        return ImmutableDict((_convert_value(k, key_type, path + ("[<key>]",), context),
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
    if context == SPEC:
        if not isinstance(value, TensorSpec):
            raise TypeError(f"{_where(path)}: expected a TensorSpec, got {type(value).__name__!r}")
        return value
    if isinstance(value, Tensor):
        return value
    if context == DEFAULT:
        return value
    try:
        return convert_to_tensor(value)
    except (ValueError, TypeError) as e:
        raise TypeError(f"{_where(path)}: expected a Tensor, got {type(value).__name__!r}") from e


def validate_annotation(name, annotation):
    if annotation is None or annotation in (Tensor, TensorShape, dtypes.DType, int, float, bool, str, bytes,
                                            type(None)):
        return
    if _is_extension_type_class(annotation):
        return
    origin = typing.get_origin(annotation)
    if origin in (tuple, collections.abc.Mapping, dict, typing.Mapping, typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if arg is not Ellipsis:
                validate_annotation(name, arg)
        return
    if isinstance(annotation, (str, typing.ForwardRef)):
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


def convert_fields(fields, values: dict, context) -> None:
    if len(fields) != len(values) or any(name not in values for name, _, _ in fields):
        _report_mismatch(fields, values)
    for name, annotation, _ in fields:
        values[name] = _convert_value(values[name], annotation, (name,), context)
