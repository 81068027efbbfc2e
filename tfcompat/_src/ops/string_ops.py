"""String kernels and the core of ``tf.strings``: ``StringJoin``, ``StringLength``, ``AsString``, ``StringToNumber``,
``StringFormat``, and the string form of ``Add``/``Equal``/``NotEqual`` (mirrors TF's ``string_ops.py``).

String values are numpy object arrays of ``bytes`` (``bytes`` for a scalar): see ``framework/string_tensor.py``.
Strings are never differentiable: ops with only string or integer outputs are ``NOT_DIFFERENTIABLE``. No meta-device
run can infer a string output's shape, so each op here declares a ``shape_fn``."""
from __future__ import annotations

import operator
import re

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.api_dispatch import add_dispatch_support  # RaggedTensor: ragged_string_ops.py
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import STRING, Arg
from tfcompat._src.framework.string_tensor import as_bytes_array, kernel_numpy, string_value
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import shape_checks
from tfcompat._src.ops._helpers import is_tensor_like
from tfcompat._src.ops.logging_ops import format_tensor

__all__ = ["as_string", "format", "join", "length", "length_v1", "string_equal", "string_not_equal",
           "string_or_torch", "to_number", "to_number_v1"]

# TF 2.21's type lists (op registry): Add is defined on numbers and strings, AsString on nearly everything.
_ADD_TYPES = ("bfloat16", "half", "float", "double", "uint8", "int8", "int16", "int32", "int64", "complex64",
              "complex128", "string")
_AS_STRING_TYPES = ("float", "double", "int32", "uint8", "int16", "int8", "int64", "bfloat16", "uint16", "half",
                    "uint32", "uint64", "complex64", "complex128", "bool", "string")
_TO_NUMBER_TYPES = ("float32", "float64", "int32", "int64", "uint32", "uint64")
_LENGTH_UNITS = ("BYTE", "UTF8_CHAR")


# ------------------------------------------------------------------------------------------------
# elementwise kernels shared with numbers
# ------------------------------------------------------------------------------------------------
def _broadcast_strings(x, y):
    xa, ya = as_bytes_array(x), as_bytes_array(y)
    try:
        np.broadcast_shapes(xa.shape, ya.shape)
    except ValueError:
        raise errors.InvalidArgumentError(
            f"Incompatible shapes: {format_shape(xa.shape)} vs. {format_shape(ya.shape)}") from None
    return xa, ya


def string_or_torch(torch_kernel, string_kernel):
    """A binary kernel for an op TF defines on numbers and strings: ``torch_kernel`` on torch tensors,
    ``string_kernel`` on (broadcast-checked) object arrays of bytes. The op's type rule keeps both inputs of one
    kind."""
    def kernel(x, y):
        if isinstance(x, torch.Tensor):
            return torch_kernel(x, y)
        return string_kernel(*_broadcast_strings(x, y))
    kernel.__name__ = kernel.__qualname__ = getattr(torch_kernel, "__name__", "kernel")
    return kernel


_concat = np.frompyfunc(operator.add, 2, 1)


def _string_concat(x: np.ndarray, y: np.ndarray):
    return string_value(np.asarray(_concat(x, y), dtype=object))


def string_equal(x: np.ndarray, y: np.ndarray) -> torch.Tensor:
    """``Equal`` on strings: a bool tensor (numpy broadcasting)."""
    return torch.from_numpy(np.asarray(x == y, dtype=bool))


def string_not_equal(x: np.ndarray, y: np.ndarray) -> torch.Tensor:
    """``NotEqual`` on strings: a bool tensor (numpy broadcasting)."""
    return torch.from_numpy(np.asarray(x != y, dtype=bool))


# TF's Add (not AddV2) is the op with a string kernel: tf.add uses it for strings (concatenation).
register_op("Add", grad=DIFFERENTIABLE, inputs=("x", "y"),
            types={"x": Arg("T", _ADD_TYPES), "y": Arg("T", _ADD_TYPES)}, shape_check=shape_checks.broadcast,
            shape_fn=shape_checks.broadcast_spec())(string_or_torch(torch.add, _string_concat))


# ------------------------------------------------------------------------------------------------
# kernels
# ------------------------------------------------------------------------------------------------
def _join_shape(inputs, attrs):
    shape = TensorShape([])
    for x in inputs:
        if x.shape.rank == 0:
            continue
        if x.shape.rank is None:
            return [(TensorShape(None), dtypes.string)]
        shape = x.shape if shape.rank == 0 else shape.merge_with(x.shape)
    return [(shape, dtypes.string)]


@register_op("StringJoin", grad=NOT_DIFFERENTIABLE, inputs=("inputs",), list_input=True,
             types={"inputs": Arg(None, STRING)}, shape_fn=_join_shape)
def _string_join(*inputs, N=None, separator=""):
    arrays = [as_bytes_array(x) for x in inputs]
    shape = ()
    for a in arrays:
        if a.ndim == 0:
            continue
        if shape and a.shape != shape:
            raise errors.InvalidArgumentError(
                f"Input shapes do not match: {format_shape(shape)} vs. {format_shape(a.shape)}")
        shape = a.shape
    sep = separator.encode("utf-8") if isinstance(separator, str) else separator
    n = int(np.prod(shape)) if shape else 1
    columns = [np.broadcast_to(a, shape).reshape(-1) for a in arrays]
    out = np.empty(n, dtype=object)
    out[:] = [sep.join(parts) for parts in zip(*columns)] if columns else [b""] * n
    return string_value(out.reshape(shape))


def _utf8_length(s: bytes) -> int:
    return sum(1 for b in s if b & 0xC0 != 0x80)   # UTF-8 characters: bytes that are not continuation bytes


@register_op("StringLength", grad=NOT_DIFFERENTIABLE, inputs=("input",), types={"input": Arg(None, STRING)},
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, dtypes.int32)])
def _string_length(x, *, unit="BYTE"):
    a = as_bytes_array(x)
    count = len if unit == "BYTE" else _utf8_length
    return torch.tensor([count(s) for s in a.reshape(-1)], dtype=torch.int32).reshape(a.shape)


def _as_string_format(dtype, precision, scientific, shortest, width, fill) -> bytes:
    """TF's AsStringOp constructor: the printf format for ``dtype``, or InvalidArgumentError."""
    tf_name = dtype.name
    if not (dtype.is_floating or dtype.is_complex):
        if scientific or shortest:
            raise errors.InvalidArgumentError(f"scientific and shortest format not supported for datatype {tf_name}")
        if precision > -1:
            raise errors.InvalidArgumentError(f"precision not supported for datatype {tf_name}")
    if len(fill) > 1:
        raise errors.InvalidArgumentError("Fill string must be one or fewer characters")
    if scientific and shortest:
        raise errors.InvalidArgumentError("Cannot select both scientific and shortest notation")
    fmt = "%"
    if fill:
        if fill not in " +-0#":
            raise errors.InvalidArgumentError(f'Fill argument not supported: "{fill}"')
        fmt += fill
    if width > -1:
        fmt += str(width)
    if precision > -1:
        fmt += f".{precision}"
    if dtype.is_floating or dtype.is_complex:
        fmt += "g" if shortest else "e" if scientific else "f"
    elif dtype is dtypes.string:
        fmt += "s"
    else:
        fmt += "d"
    if dtype.is_complex:
        fmt = f"({fmt},{fmt})"
    return fmt.encode()


def _as_string_shape(inputs, attrs):
    return [(inputs[0].shape, dtypes.string)]


@register_op("AsString", grad=NOT_DIFFERENTIABLE, inputs=("input",), types={"input": Arg("T", _AS_STRING_TYPES)},
             shape_fn=_as_string_shape)
def _as_string(x, *, precision=-1, scientific=False, shortest=False, width=-1, fill=""):
    if isinstance(x, torch.Tensor):
        dtype = dtypes.from_torch(x.dtype)
        values = kernel_numpy(x.float() if x.dtype == torch.bfloat16 else x)
    else:
        dtype, values = dtypes.string, as_bytes_array(x)
    fmt = _as_string_format(dtype, precision, scientific, shortest, width, fill)
    flat = values.reshape(-1)
    if dtype is dtypes.bool_:
        texts = [b"true" if v else b"false" for v in flat]
    elif dtype.is_complex:
        texts = [fmt % (float(v.real), float(v.imag)) for v in flat]
    elif dtype.is_floating:
        texts = [fmt % float(v) for v in flat]
    elif dtype is dtypes.string:
        texts = [fmt % v for v in flat]
    else:
        texts = [fmt % int(v) for v in flat]
    out = np.empty(len(texts), dtype=object)
    out[:] = texts
    return string_value(out.reshape(values.shape))


_INTEGER_TEXT = re.compile(rb"[+-]?[0-9]+")
_ASCII_SPACE = b" \t\n\v\f\r"


def _parse_number(s: bytes, dtype):
    """TF's ``SafeStringToNumeric``: surrounding whitespace allowed; None when ``s`` is not a ``dtype`` value."""
    text = s.strip(_ASCII_SPACE)
    if dtype.is_integer:
        if not _INTEGER_TEXT.fullmatch(text):
            return None
        v = int(text)
        info = np.iinfo(dtype.np_dtype)
        return v if info.min <= v <= info.max else None
    if not text or b"_" in text:   # python's float() accepts digit separators; TF does not
        return None
    try:
        return float(text)
    except ValueError:
        return None


@register_op("StringToNumber", grad=NOT_DIFFERENTIABLE, inputs=("string_tensor",),
             types={"string_tensor": Arg(None, STRING)},
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, attrs["out_type"])])
def _string_to_number(x, *, out_type):
    a = as_bytes_array(x)
    values = []
    for s in a.reshape(-1):
        v = _parse_number(s, out_type)
        if v is None:
            raise errors.InvalidArgumentError(
                f"StringToNumberOp could not correctly convert string: {s.decode('utf-8', 'replace')}")
        values.append(v)
    return torch.from_numpy(np.array(values, dtype=out_type.np_dtype).reshape(a.shape))


@register_op("StringFormat", grad=NOT_DIFFERENTIABLE, inputs=("inputs",), list_input=True, same_type=(),
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.string)])
def _string_format(*inputs, template, placeholder, summarize, T=None):
    pieces = template.split(placeholder)
    values = [format_tensor(kernel_numpy(x), summarize) for x in inputs]
    text = pieces[0] + "".join(v + p for v, p in zip(values, pieces[1:]))
    return text.encode("utf-8")


# ------------------------------------------------------------------------------------------------
# python wrappers
# ------------------------------------------------------------------------------------------------
@add_dispatch_support
def join(inputs, separator="", name=None):
    """Mirrors ``tf.strings.join`` (op ``StringJoin``): elementwise concatenation of equal-shape string tensors
    (scalars broadcast), with ``separator`` between them."""
    xs = [convert_to_tensor(x, dtype=dtypes.string) for x in inputs]
    return apply_op("StringJoin", xs, {"N": len(xs), "separator": separator}, name=name)


@add_dispatch_support
def length(input, unit="BYTE", name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.strings.length`` (op ``StringLength``): int32 lengths in bytes, or in UTF-8 characters
    (``unit="UTF8_CHAR"``)."""
    if unit not in _LENGTH_UNITS:
        raise errors.InvalidArgumentError(
            f'Value for attr \'unit\' of "{unit}" is not in the list of allowed values: "BYTE", "UTF8_CHAR"')
    return apply_op("StringLength", [convert_to_tensor(input, dtype=dtypes.string)], {"unit": unit}, name=name)


@add_dispatch_support
def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):  # noqa: A002
    """Mirrors ``tf.strings.as_string`` (op ``AsString``): each element formatted as C's printf does (``%f``,
    ``%e`` with ``scientific``, ``%g`` with ``shortest``; ``width``/``fill``/``precision`` as printf flags);
    booleans as ``true``/``false``. Unsupported combinations raise InvalidArgumentError, as TF's kernel."""
    x = convert_to_tensor(input)
    attrs = {"precision": precision, "scientific": scientific, "shortest": shortest, "width": width, "fill": fill}
    return apply_op("AsString", [x], attrs, name=name)


@add_dispatch_support
def to_number(input, out_type=dtypes.float32, name=None):  # noqa: A002
    """Mirrors ``tf.strings.to_number`` (op ``StringToNumber``): InvalidArgumentError for a string that is not
    a number of ``out_type`` (float32/64, int32/64, uint32/64)."""
    out_type = dtypes.as_dtype(out_type)
    if out_type.name not in _TO_NUMBER_TYPES:
        allowed = "float, double, int32, int64, uint32, uint64"
        raise errors.InvalidArgumentError(
            f"Value for attr 'out_type' of {out_type.name} is not in the list of allowed values: {allowed}")
    x = convert_to_tensor(input, dtype=dtypes.string)
    return apply_op("StringToNumber", [x], {"out_type": out_type}, name=name)


def format(template, inputs, placeholder="{}", summarize=3, name=None):  # noqa: A001 - TF's name
    """Mirrors ``tf.strings.format`` (op ``StringFormat``): ``template`` with each ``placeholder`` replaced by
    a tensor printed as ``tf.print`` does (strings quoted and escaped; ``summarize`` elements per dimension at
    each end, -1 for all)."""
    if is_tensor_like(inputs):
        inputs = [inputs]
    if len(inputs) != template.count(placeholder):   # as TF: a python number here raises TypeError from len()
        raise ValueError(f"The template expects {template.count(placeholder)} tensors, but the inputs only has "
                         f"{len(inputs)}. Please ensure the number of placeholders in template matches inputs "
                         f"length.")
    xs = [convert_to_tensor(x) for x in inputs]
    attrs = {"template": template, "placeholder": placeholder, "summarize": summarize,
             "T": [x.dtype for x in xs]}
    return apply_op("StringFormat", xs, attrs, name=name)


def length_v1(input, name=None, unit="BYTE"):  # noqa: A002
    """Mirrors ``tf.compat.v1.strings.length`` (``name`` before ``unit``): :func:`length`."""
    return length(input, unit=unit, name=name)


def to_number_v1(string_tensor=None, out_type=dtypes.float32, name=None, input=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.strings.to_number`` / ``tf.compat.v1.string_to_number`` (``input`` is the TF2
    alias of ``string_tensor``): :func:`to_number`."""
    if (string_tensor is None) == (input is None):
        raise ValueError("Cannot specify both 'string_tensor' and 'input'." if input is not None
                         else "Must specify exactly one of 'string_tensor' and 'input'.")
    return to_number(input if string_tensor is None else string_tensor, out_type=out_type, name=name)
