"""Elementwise string transforms and string reductions of ``tf.strings``: ``lower``/``upper``/``strip``,
``regex_full_match``/``regex_replace``, ``substr``, ``reduce_join``, ``unsorted_segment_join`` (ops
``StringLower``, ``StringUpper``, ``StringStrip``, ``(Static)RegexFullMatch``, ``(Static)RegexReplace``,
``Substr``, ``ReduceJoin``, ``UnsortedSegmentJoin``).

Regular expressions: TF uses RE2; tfcompat uses Python's ``re`` on the UTF-8 text (bytes when a value is not
valid UTF-8) with ``re.ASCII`` (RE2's ``\\w``/``\\d``/``\\s``/``\\b`` are ASCII). RE2 syntax is (nearly) a subset
of Python's: patterns RE2 rejects (backreferences, lookaround) are accepted here, and ``\\C``/``\\pN``-style
classes and case-insensitive matching of non-ASCII letters differ. Rewrites use RE2's syntax (``\\0``-``\\9``,
``\\\\``), translated here."""
from __future__ import annotations

import re

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.api_dispatch import add_dispatch_support  # RaggedTensor: ragged_string_ops.py
from tfcompat._src.framework.dispatch import apply_op, constant_value, convert_to_tensor
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32, INT32_64, STRING, Arg
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["lower", "upper", "strip", "regex_full_match", "regex_replace", "substr", "substr_v1", "reduce_join",
           "reduce_join_v1", "unsorted_segment_join"]

_ASCII_SPACE = b" \t\n\v\f\r"


def _map_strings(x, fn):
    a = as_bytes_array(x)
    out = np.empty(a.size, dtype=object)
    out[:] = [fn(s) for s in a.reshape(-1)]
    return string_value(out.reshape(a.shape))


def _same_shape(inputs, attrs):
    return [(inputs[0].shape, dtypes.string)]


def _bool_same_shape(inputs, attrs):
    return [(inputs[0].shape, dtypes.bool_)]


# ------------------------------------------------------------------------------------------------
# case and whitespace
# ------------------------------------------------------------------------------------------------
def _case(s: bytes, encoding: str, upper: bool) -> bytes:
    if encoding == "":   # ASCII letters only, as TF's default
        return s.upper() if upper else s.lower()
    # TF converts through ICU with a NUL-terminated string: the text ends at the first NUL byte.
    text = s.split(b"\x00", 1)[0].decode("utf-8", "replace")
    return (text.upper() if upper else text.lower()).encode("utf-8")


@register_op("StringLower", grad=NOT_DIFFERENTIABLE, inputs=("input",), types={"input": Arg(None, STRING)},
             shape_fn=_same_shape)
def _string_lower(x, *, encoding=""):
    return _map_strings(x, lambda s: _case(s, encoding, False))


@register_op("StringUpper", grad=NOT_DIFFERENTIABLE, inputs=("input",), types={"input": Arg(None, STRING)},
             shape_fn=_same_shape)
def _string_upper(x, *, encoding=""):
    return _map_strings(x, lambda s: _case(s, encoding, True))


@register_op("StringStrip", grad=NOT_DIFFERENTIABLE, inputs=("input",), types={"input": Arg(None, STRING)},
             shape_fn=_same_shape)
def _string_strip(x):
    return _map_strings(x, lambda s: s.strip(_ASCII_SPACE))


# ------------------------------------------------------------------------------------------------
# regular expressions
# ------------------------------------------------------------------------------------------------
def _compile(pattern: bytes):
    """(compiled str pattern, compiled bytes pattern) or InvalidArgumentError worded as TF's."""
    text = pattern.decode("utf-8", "replace")
    try:
        return re.compile(text, re.ASCII), re.compile(pattern)   # RE2's \w, \d, \s, \b are ASCII
    except re.error as e:
        raise errors.InvalidArgumentError(f"Invalid pattern: {text}, error: {e}") from None


def _as_text(s: bytes):
    try:
        return s.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _full_match(compiled, s: bytes) -> bool:
    text = _as_text(s)
    return (compiled[0].fullmatch(text) if text is not None else compiled[1].fullmatch(s)) is not None


def _pattern_bytes(p) -> bytes:
    return p.encode("utf-8") if isinstance(p, str) else bytes(p)


@register_op("StaticRegexFullMatch", grad=NOT_DIFFERENTIABLE, inputs=("input",),
             types={"input": Arg(None, STRING)}, shape_fn=_bool_same_shape)
def _static_regex_full_match(x, *, pattern):
    compiled = _compile(_pattern_bytes(pattern))
    a = as_bytes_array(x)
    return torch.tensor([_full_match(compiled, s) for s in a.reshape(-1)], dtype=torch.bool).reshape(a.shape)


@register_op("RegexFullMatch", grad=NOT_DIFFERENTIABLE, inputs=("input", "pattern"),
             types={"input": Arg(None, STRING), "pattern": Arg(None, STRING)}, shape_fn=_bool_same_shape)
def _regex_full_match(x, pattern):
    p = as_bytes_array(pattern)
    if p.ndim != 0:
        raise errors.InvalidArgumentError(f"Pattern must be scalar, but received {format_shape(p.shape)}")
    return _static_regex_full_match(x, pattern=p[()])


def _rewrite_template(rewrite: bytes, n_groups: int):
    """RE2's rewrite string as (literal pieces and group numbers, complete): ``\\N`` is group N, ``\\\\`` a
    backslash. None when it names a missing group (RE2 then replaces nothing). An unknown escape ends the pieces
    (``complete`` False): RE2's GlobalReplace keeps what it rewrote up to there, its Replace changes nothing."""
    parts, i = [], 0
    literal = bytearray()
    while i < len(rewrite):
        c = rewrite[i:i + 1]
        if c == b"\\":
            nxt = rewrite[i + 1:i + 2]
            if nxt.isdigit():
                parts.append(bytes(literal))
                literal = bytearray()
                group = int(nxt)
                if group > n_groups:
                    return None
                parts.append(group)
                i += 2
                continue
            if nxt == b"\\":
                literal += b"\\"
                i += 2
                continue
            parts.append(bytes(literal))
            return parts, False
        literal += c
        i += 1
    parts.append(bytes(literal))
    return parts, True


def _substitute(parts, match, as_text: bool):
    out = []
    for p in parts:
        if isinstance(p, int):
            g = match.group(p)
            out.append("" if g is None else g) if as_text else out.append(b"" if g is None else g)
        else:
            out.append(p.decode("utf-8") if as_text else p)
    return ("" if as_text else b"").join(out)


def _replace_one(compiled, parts, s: bytes, replace_global: bool) -> bytes:
    text = _as_text(s)
    count = 0 if replace_global else 1
    if text is not None:
        return compiled[0].sub(lambda m: _substitute(parts, m, True), text, count=count).encode("utf-8")
    return compiled[1].sub(lambda m: _substitute(parts, m, False), s, count=count)


def _regex_replace_kernel(x, pattern: bytes, rewrite: bytes, replace_global: bool):
    compiled = _compile(pattern)
    template = _rewrite_template(rewrite, compiled[1].groups)
    if template is None or (not template[1] and not replace_global):
        return _map_strings(x, lambda s: s)
    parts = template[0]
    return _map_strings(x, lambda s: _replace_one(compiled, parts, s, replace_global))


@register_op("StaticRegexReplace", grad=NOT_DIFFERENTIABLE, inputs=("input",),
             types={"input": Arg(None, STRING)}, shape_fn=_same_shape)
def _static_regex_replace(x, *, pattern, rewrite, replace_global=True):
    return _regex_replace_kernel(x, _pattern_bytes(pattern), _pattern_bytes(rewrite), replace_global)


@register_op("RegexReplace", grad=NOT_DIFFERENTIABLE, inputs=("input", "pattern", "rewrite"),
             types={"input": Arg(None, STRING), "pattern": Arg(None, STRING), "rewrite": Arg(None, STRING)},
             shape_fn=_same_shape)
def _regex_replace(x, pattern, rewrite, *, replace_global=True):
    p, r = as_bytes_array(pattern), as_bytes_array(rewrite)
    if p.ndim != 0:
        raise errors.InvalidArgumentError(f"Pattern must be scalar, but received {format_shape(p.shape)}")
    if r.ndim != 0:
        raise errors.InvalidArgumentError(f"Replacement string must be scalar, but received "
                                          f"{format_shape(r.shape)}")
    return _regex_replace_kernel(x, p[()], r[()], replace_global)


# ------------------------------------------------------------------------------------------------
# Substr
# ------------------------------------------------------------------------------------------------
def _utf8_char_starts(s: bytes) -> list[int]:
    return [i for i, b in enumerate(s) if b & 0xC0 != 0x80] + [len(s)]


def _substr_one(s: bytes, pos: int, length: int, unit: str, index: int) -> bytes:
    if unit == "BYTE":
        n = len(s)
        p = pos + n if pos < 0 else pos
        if not 0 <= p <= n:
            raise errors.InvalidArgumentError(f"pos {pos} out of range for string b'{_shown(s)}' at index {index}")
        return s[p:p + max(length, 0)] if length >= 0 else s[p:]
    starts = _utf8_char_starts(s)
    n = len(starts) - 1
    p = pos + n if pos < 0 else pos
    if not 0 <= p <= n:
        raise errors.InvalidArgumentError(f"pos {pos} out of range for string at index {index}")
    end = n if length < 0 else min(n, p + length)
    return s[starts[p]:starts[end]]


def _shown(s: bytes) -> str:
    return s.decode("utf-8", "replace")


def _substr_shape(inputs, attrs):
    return [(inputs[0].shape, dtypes.string)]


@register_op("Substr", grad=NOT_DIFFERENTIABLE, inputs=("input", "pos", "len"),
             types={"input": Arg(None, STRING), "pos": Arg("T", INT32_64), "len": Arg("T", INT32_64)},
             shape_fn=_substr_shape)
def _substr(x, pos, length, *, unit="BYTE"):
    a = as_bytes_array(x)
    p, n = pos.cpu().numpy(), length.cpu().numpy()
    if p.shape != n.shape:
        raise errors.InvalidArgumentError(f"pos and len should have the same shape, got: {format_shape(p.shape)} "
                                          f"vs. {format_shape(n.shape)}")
    try:
        shape = np.broadcast_shapes(a.shape, p.shape)
    except ValueError:
        raise errors.InvalidArgumentError(f"Incompatible shapes: {format_shape(a.shape)} vs. "
                                          f"{format_shape(p.shape)}") from None
    flat_s = np.broadcast_to(a, shape).reshape(-1)
    flat_p, flat_n = np.broadcast_to(p, shape).reshape(-1), np.broadcast_to(n, shape).reshape(-1)
    out = np.empty(len(flat_s), dtype=object)
    out[:] = [_substr_one(s, int(i), int(m), unit, k) for k, (s, i, m) in enumerate(zip(flat_s, flat_p, flat_n))]
    return string_value(out.reshape(shape))


# ------------------------------------------------------------------------------------------------
# ReduceJoin / UnsortedSegmentJoin
# ------------------------------------------------------------------------------------------------
def _reduce_join_shape(inputs, attrs):
    shape = inputs[0].shape
    axes = attrs.get("axis")
    if shape.rank is None or axes is None:
        return [(TensorShape(None), dtypes.string)]
    dims = shape.as_list()
    axes = {a % len(dims) for a in axes} if dims else set()
    keep = attrs.get("keep_dims", False)
    out = [1 if i in axes else d for i, d in enumerate(dims)] if keep else \
        [d for i, d in enumerate(dims) if i not in axes]
    return [(TensorShape(out), dtypes.string)]


@register_op("ReduceJoin", grad=NOT_DIFFERENTIABLE, inputs=("inputs", "reduction_indices"),
             types={"inputs": Arg(None, STRING), "reduction_indices": Arg(None, INT32, from_attr="axis")},
             shape_fn=_reduce_join_shape)
def _reduce_join(x, axes_t=None, *, axis=None, keep_dims=False, separator=""):
    a = as_bytes_array(x)
    axes = [int(v) for v in np.asarray(axes_t.cpu().numpy()).reshape(-1)] if axes_t is not None else list(axis)
    rank = a.ndim
    norm = []
    for ax in axes:
        if not -rank <= ax < rank:
            raise errors.OutOfRangeError(f"Invalid reduction dimension {ax} for input with {rank} dimension(s)")
        ax %= rank
        if ax in norm:
            raise errors.InvalidArgumentError(f"Duplicate reduction dimension {ax}")
        norm.append(ax)
    sep = separator.encode("utf-8") if isinstance(separator, str) else separator
    kept = [i for i in range(rank) if i not in norm]
    moved = np.transpose(a, kept + sorted(norm)) if rank else a
    out_shape = [a.shape[i] for i in kept]
    n_out = int(np.prod(out_shape)) if out_shape else 1
    rows = moved.reshape(n_out, -1) if a.size else np.empty((n_out, 0), dtype=object)
    out = np.empty(n_out, dtype=object)
    out[:] = [sep.join(r) for r in rows]
    out = out.reshape(out_shape)
    if keep_dims:
        out = out.reshape([1 if i in norm else a.shape[i] for i in range(rank)])
    return string_value(out)


def _segment_join_shape(inputs, attrs):
    data, ids = inputs[0].shape, inputs[1].shape
    n = attrs.get("num_segments")
    if data.rank is None or ids.rank is None:
        return [(TensorShape(None), dtypes.string)]
    return [(TensorShape([n] + data.as_list()[ids.rank:]), dtypes.string)]


@register_op("UnsortedSegmentJoin", grad=NOT_DIFFERENTIABLE, inputs=("inputs", "segment_ids"),
             types={"inputs": Arg(None, STRING), "segment_ids": Arg("Tindices", INT32_64),
                    "num_segments": Arg("Tnumsegments", INT32_64, from_attr="num_segments")},
             shape_fn=_segment_join_shape)
def _unsorted_segment_join(x, ids, *, num_segments, separator=""):
    a = as_bytes_array(x)
    seg = ids.cpu().numpy().astype(np.int64)
    if a.shape[:seg.ndim] != seg.shape:
        raise errors.InvalidArgumentError(f"segment_ids.shape = {format_shape(seg.shape)} does not match the "
                                          f"prefix of data.shape = {format_shape(a.shape)}")
    if np.any(seg < 0) or np.any(seg >= num_segments):
        raise errors.InvalidArgumentError("segment_ids are not allowed to exceed num_segments or to have "
                                          "negative values.")
    inner = a.shape[seg.ndim:]
    rows = a.reshape((seg.size,) + inner)
    sep = separator.encode("utf-8") if isinstance(separator, str) else separator
    groups: list[list] = [[] for _ in range(num_segments)]
    for i, s in enumerate(seg.reshape(-1).tolist()):
        groups[s].append(rows[i])
    n_inner = int(np.prod(inner)) if inner else 1
    out = np.empty((num_segments, n_inner), dtype=object)
    for k, g in enumerate(groups):
        cols = [np.asarray(r, dtype=object).reshape(-1) for r in g]
        out[k] = [sep.join(c[j] for c in cols) for j in range(n_inner)]
    return string_value(out.reshape((num_segments,) + inner))


# ------------------------------------------------------------------------------------------------
# python wrappers
# ------------------------------------------------------------------------------------------------
def _strings(x) -> Tensor:
    return convert_to_tensor(x, dtype=dtypes.string)


@add_dispatch_support
def lower(input, encoding="", name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.strings.lower`` (op ``StringLower``): ASCII letters, or all of Unicode with
    ``encoding="utf-8"`` (python's ``str.lower``; ICU's case mapping may differ on rare characters)."""
    return apply_op("StringLower", [_strings(input)], {"encoding": encoding}, name=name)


@add_dispatch_support
def upper(input, encoding="", name=None):  # noqa: A002
    """Mirrors ``tf.strings.upper`` (op ``StringUpper``): see :func:`lower`."""
    return apply_op("StringUpper", [_strings(input)], {"encoding": encoding}, name=name)


@add_dispatch_support
def strip(input, name=None):  # noqa: A002
    """Mirrors ``tf.strings.strip`` (op ``StringStrip``): leading and trailing ASCII whitespace removed."""
    return apply_op("StringStrip", [_strings(input)], name=name)


@add_dispatch_support
def regex_full_match(input, pattern, name=None):  # noqa: A002
    """Mirrors ``tf.strings.regex_full_match`` (op ``StaticRegexFullMatch`` for a python pattern, else
    ``RegexFullMatch``): whether each whole string matches. Python ``re`` stands in for RE2 (module doc)."""
    if isinstance(pattern, (str, bytes)):
        return apply_op("StaticRegexFullMatch", [_strings(input)], {"pattern": _pattern_bytes(pattern)},
                        name=name)
    return apply_op("RegexFullMatch", [_strings(input), _strings(pattern)], name=name)


@add_dispatch_support
def regex_replace(input, pattern, rewrite, replace_global=True, name=None):  # noqa: A002
    """Mirrors ``tf.strings.regex_replace`` (op ``StaticRegexReplace`` for python pattern and rewrite, else
    ``RegexReplace``): every (or the first) match replaced by ``rewrite`` (RE2 syntax: ``\\1``, ``\\0``)."""
    if isinstance(pattern, (str, bytes)) and isinstance(rewrite, (str, bytes)):
        attrs = {"pattern": _pattern_bytes(pattern), "rewrite": _pattern_bytes(rewrite),
                 "replace_global": bool(replace_global)}
        return apply_op("StaticRegexReplace", [_strings(input)], attrs, name=name)
    return apply_op("RegexReplace", [_strings(input), _strings(pattern), _strings(rewrite)],
                    {"replace_global": bool(replace_global)}, name=name)


@add_dispatch_support
def substr(input, pos, len, unit="BYTE", name=None):  # noqa: A002 - TF's argument names
    """Mirrors ``tf.strings.substr`` (op ``Substr``): ``len`` bytes (or UTF-8 characters with
    ``unit="UTF8_CHAR"``) from ``pos`` (negative counts from the end); ``pos`` and ``len`` share one shape
    that broadcasts with ``input``. An out-of-range ``pos`` raises InvalidArgumentError."""
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise errors.InvalidArgumentError(
            f'Value for attr \'unit\' of "{unit}" is not in the list of allowed values: "BYTE", "UTF8_CHAR"')
    p = convert_to_tensor(pos) if isinstance(pos, Tensor) else convert_to_tensor(pos, dtype_hint=dtypes.int32)
    n = convert_to_tensor(len) if isinstance(len, Tensor) else convert_to_tensor(len, dtype=p.dtype)
    return apply_op("Substr", [_strings(input), p, n], {"unit": unit}, name=name)


def substr_v1(input, pos, len, name=None, unit="BYTE"):  # noqa: A002
    """Mirrors ``tf.compat.v1.strings.substr`` (``name`` before ``unit``): :func:`substr`."""
    return substr(input, pos, len, unit=unit, name=name)


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    """Mirrors ``tf.strings.reduce_join`` (op ``ReduceJoin``): strings joined with ``separator`` along
    ``axis`` (all axes when None)."""
    x = _strings(inputs)
    if axis is None:
        if x.shape.rank is None:
            raise NotImplementedError("tfcompat: reduce_join over all axes needs a known rank.")
        axis = list(range(x.shape.rank))[::-1]
    if isinstance(axis, Tensor):
        axis = constant_value(axis).tolist()
    axes = [int(a) for a in (axis if isinstance(axis, (list, tuple)) else [axis])]
    attrs = {"axis": axes, "keep_dims": bool(keepdims), "separator": separator}
    return apply_op("ReduceJoin", [x], attrs, name=name)


def reduce_join_v1(inputs, axis=None, keep_dims=None, separator="", name=None, reduction_indices=None,
                   keepdims=None):
    """Mirrors ``tf.compat.v1.strings.reduce_join`` (TF1 aliases ``reduction_indices``/``keep_dims``)."""
    axis = reduction_indices if axis is None else axis
    keep = keepdims if keepdims is not None else bool(keep_dims)
    return reduce_join(inputs, axis=axis, keepdims=keep, separator=separator, name=name)


def unsorted_segment_join(inputs, segment_ids, num_segments, separator="", name=None):
    """Mirrors ``tf.strings.unsorted_segment_join`` (op ``UnsortedSegmentJoin``): the strings of each segment
    joined in input order (``num_segments`` must be a constant in tfcompat)."""
    n = constant_value(convert_to_tensor(num_segments)) if not isinstance(num_segments, int) else num_segments
    if n is None:
        raise NotImplementedError("tfcompat: unsorted_segment_join needs a constant num_segments.")
    ids = convert_to_tensor(segment_ids)
    return apply_op("UnsortedSegmentJoin", [_strings(inputs), ids], {"num_segments": int(n),
                                                                      "separator": separator}, name=name)
