"""The ``tf.strings`` functions that give ragged results: ``split``, ``bytes_split``, ``unicode_decode`` /
``unicode_split`` (with offsets), ``unicode_encode``, ``unicode_transcode`` and ``ngrams`` (ops
``StringSplitV2``, ``UnicodeDecodeWithOffsets``, ``UnicodeEncode``, ``UnicodeTranscode``, ``StringNGrams``).

Encodings are UTF-8, UTF-16-BE and UTF-32-BE (TF accepts other ICU encodings; tfcompat raises
NotImplementedError for them). Invalid UTF-8 is cut into maximal ill-formed subparts (Unicode's recommended
practice, which ICU follows), each one replaced or dropped according to ``errors``."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework import errors as _errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32, STRING, Arg
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["split", "split_v1", "string_split_v1", "bytes_split", "unicode_decode", "unicode_decode_with_offsets", "unicode_split",
           "unicode_split_with_offsets", "unicode_encode", "unicode_transcode", "ngrams"]

_ENCODINGS = ("UTF-8", "UTF-16-BE", "UTF-32-BE")
_ERRORS = ("strict", "replace", "ignore")


def _strings(x) -> Tensor:
    return convert_to_tensor(x, dtype=dtypes.string)


def _int64(values) -> torch.Tensor:
    return torch.from_numpy(np.asarray(values, dtype=np.int64))


def _strings_out(items) -> np.ndarray:
    out = np.empty(len(items), dtype=object)
    out[:] = list(items)
    return out


# ------------------------------------------------------------------------------------------------
# StringSplitV2
# ------------------------------------------------------------------------------------------------
def _split_one(s: bytes, sep: bytes, maxsplit: int) -> list:
    # TF's SplitV2 (string_split_op.cc): python's str.split, except that maxsplit=0 keeps the string whole and,
    # on whitespace, the rest after the last allowed split is kept even when empty.
    if maxsplit == 0:
        return [s]
    if sep == b"":
        pieces, rest = [], s.lstrip(_WHITESPACE)
        while rest:
            cut = len(rest)
            for i, b in enumerate(rest):
                if b in _WHITESPACE:
                    cut = i
                    break
            pieces.append(rest[:cut])
            rest = rest[cut:].lstrip(_WHITESPACE)
            if 0 < maxsplit == len(pieces):
                pieces.append(rest)
                break
        return pieces
    return s.split(sep, maxsplit)


_WHITESPACE = b" \t\n\v\f\r"


@register_op("StringSplitV2", grad=NOT_DIFFERENTIABLE, inputs=("input", "sep"), num_outputs=3,
             types={"input": Arg(None, STRING), "sep": Arg(None, STRING)},
             shape_fn=lambda inputs, attrs: [(TensorShape([None, 2]), dtypes.int64),
                                             (TensorShape([None]), dtypes.string), (TensorShape([2]), dtypes.int64)])
def _string_split_v2(x, sep, *, maxsplit=-1):
    a, s = as_bytes_array(x), as_bytes_array(sep)
    a = a.reshape(1) if a.ndim == 0 else a   # tfcompat's wrapper passes a scalar as one row; TF's kernel refuses
    if a.ndim != 1:
        raise errors.InvalidArgumentError(f"input must be a vector, got shape: {list(a.shape)}")
    if s.ndim != 0:
        raise errors.InvalidArgumentError(f"sep must be a scalar, got shape: {list(s.shape)}")
    indices, values, widest = [], [], 0
    for row, text in enumerate(a.tolist()):
        pieces = _split_one(text, s[()], maxsplit)
        indices.extend([row, col] for col in range(len(pieces)))
        values.extend(pieces)
        widest = max(widest, len(pieces))
    return (_int64(indices).reshape(-1, 2), _strings_out(values), _int64([len(a), widest]))


@register_op("StringSplit", grad=NOT_DIFFERENTIABLE, inputs=("input", "delimiter"), num_outputs=3,
             types={"input": Arg(None, STRING), "delimiter": Arg(None, STRING)},
             shape_fn=lambda inputs, attrs: [(TensorShape([None, 2]), dtypes.int64),
                                             (TensorShape([None]), dtypes.string), (TensorShape([2]), dtypes.int64)])
def _string_split(x, delimiter, *, skip_empty=True):
    # TF1's split: at any of the delimiter's bytes; an empty delimiter splits into single bytes.
    a, d = as_bytes_array(x), as_bytes_array(delimiter)
    a = a.reshape(1) if a.ndim == 0 else a   # as StringSplitV2's kernel above
    if a.ndim != 1:
        raise errors.InvalidArgumentError(f"input must be a vector, got shape: {list(a.shape)}")
    delims = set(d[()])
    indices, values, widest = [], [], 0
    for row, text in enumerate(a.tolist()):
        if not delims:
            pieces = [bytes([b]) for b in text]
        else:
            pieces, cur = [], bytearray()
            for b in text:
                if b in delims:
                    pieces.append(bytes(cur))
                    cur = bytearray()
                else:
                    cur.append(b)
            pieces.append(bytes(cur))
        if skip_empty:
            pieces = [p for p in pieces if p]
        indices.extend([row, col] for col in range(len(pieces)))
        values.extend(pieces)
        widest = max(widest, len(pieces))
    return (_int64(indices).reshape(-1, 2), _strings_out(values), _int64([len(a), widest]))


def split(input, sep=None, maxsplit=-1, name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.strings.split`` (op ``StringSplitV2``): each string split at ``sep`` (whitespace runs when
    ``sep`` is None or empty, empty pieces dropped), at most ``maxsplit`` times. A scalar gives a 1-D tensor;
    rank N >= 1 input gives a RaggedTensor of rank N + 1."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(split(input.flat_values, sep, maxsplit))
    x = _strings(input)
    rank = x.shape.rank
    if rank is None:
        raise NotImplementedError("tfcompat: tf.strings.split needs an input of known rank.")
    if rank == 0:   # the kernel takes the scalar as one row (a string scalar cannot be reshaped)
        sep_t = _strings(b"" if sep is None else sep)
        return apply_op("StringSplitV2", [x, sep_t], {"maxsplit": int(maxsplit)}, name=name)[1]
    if rank > 1:
        return split(RaggedTensor.from_tensor(x, ragged_rank=rank - 1), sep, maxsplit)
    sep_t = _strings(b"" if sep is None else sep)
    indices, values, shape = apply_op("StringSplitV2", [x, sep_t], {"maxsplit": int(maxsplit)}, name=name)
    return RaggedTensor.from_value_rowids(values, indices[:, 0], nrows=shape[0], validate=False)


def split_v1(input=None, sep=None, maxsplit=-1, result_type="SparseTensor", source=None, name=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.strings.split`` with ``result_type="RaggedTensor"`` (the SparseTensor result is
    built from the ragged one's ``to_sparse``)."""
    value = split(source if input is None else input, sep, maxsplit, name=name)
    if result_type == "RaggedTensor":
        return value
    if result_type != "SparseTensor":
        raise ValueError("result_type must be 'RaggedTensor' or 'SparseTensor'.")
    return value.to_sparse()


def string_split_v1(source, sep=None, skip_empty=True, delimiter=None):
    """Mirrors ``tf.compat.v1.string_split`` (op ``StringSplit``): a SparseTensor of the pieces of each string
    of the 1-D ``source``, split at any byte of ``sep`` (``delimiter`` is its old name; default " ")."""
    from tfcompat._src.framework.sparse_tensor import SparseTensor
    if delimiter is not None:
        if sep is not None:
            raise ValueError("Cannot specify both 'sep' and 'delimiter'.")
        sep = delimiter
    sep = " " if sep is None else sep
    x = _strings(source)
    if x.shape.rank is not None and x.shape.rank != 1:
        raise ValueError(f"Shape {x.shape} must have rank 1")
    indices, values, shape = apply_op("StringSplit", [x, _strings(sep)], {"skip_empty": bool(skip_empty)})
    return SparseTensor(indices, values, shape)


def bytes_split(input, name=None):  # noqa: A002
    """Mirrors ``tf.strings.bytes_split``: each string as its single bytes (a 1-D tensor for a scalar, a
    RaggedTensor otherwise)."""
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(bytes_split(input.flat_values))
    x = _strings(input)
    if x.shape.rank == 0:   # the kernel takes the scalar as one row (a string scalar cannot be reshaped)
        return apply_op("StringSplit", [x, _strings(b"")], {"skip_empty": False}, name=name)[1]
    if x.shape.rank > 1:
        return bytes_split(RaggedTensor.from_tensor(x, ragged_rank=x.shape.rank - 1))
    indices, values, shape = apply_op("StringSplit", [x, _strings(b"")], {"skip_empty": False}, name=name)
    return RaggedTensor.from_value_rowids(values, indices[:, 0], nrows=shape[0], validate=False)


# ------------------------------------------------------------------------------------------------
# decoding
# ------------------------------------------------------------------------------------------------
# UTF-8 lead byte -> (sequence length, allowed range of the second byte) (Unicode table 3-7).
_UTF8_LEADS = {}
for _b in range(0xC2, 0xE0):
    _UTF8_LEADS[_b] = (2, 0x80, 0xBF)
_UTF8_LEADS[0xE0] = (3, 0xA0, 0xBF)
for _b in list(range(0xE1, 0xED)) + [0xEE, 0xEF]:
    _UTF8_LEADS[_b] = (3, 0x80, 0xBF)
_UTF8_LEADS[0xED] = (3, 0x80, 0x9F)
_UTF8_LEADS[0xF0] = (4, 0x90, 0xBF)
for _b in range(0xF1, 0xF4):
    _UTF8_LEADS[_b] = (4, 0x80, 0xBF)
_UTF8_LEADS[0xF4] = (4, 0x80, 0x8F)


def _utf8_units(s: bytes):
    """(start, code point or None when ill-formed, end) for each character of ``s``."""
    i, n = 0, len(s)
    while i < n:
        b = s[i]
        if b < 0x80:
            yield i, b, i + 1
            i += 1
            continue
        lead = _UTF8_LEADS.get(b)
        if lead is None:
            yield i, None, i + 1
            i += 1
            continue
        length, lo, hi = lead
        j = i + 1
        ok = True
        for k in range(1, length):
            if j >= n or not ((lo <= s[j] <= hi) if k == 1 else (0x80 <= s[j] <= 0xBF)):
                ok = False
                break
            j += 1
        if not ok:
            yield i, None, j
            i = j
            continue
        yield i, ord(s[i:j].decode("utf-8")), j
        i = j


def _fixed_units(s: bytes, width: int):
    codec = "utf-16-be" if width == 2 else "utf-32-be"
    i, n = 0, len(s)
    while i < n:
        if i + width > n:
            yield i, None, n
            return
        if width == 2 and 0xD800 <= int.from_bytes(s[i:i + 2], "big") <= 0xDBFF and i + 4 <= n:
            try:
                yield i, ord(s[i:i + 4].decode(codec)), i + 4
                i += 4
                continue
            except UnicodeDecodeError:
                pass
        try:
            yield i, ord(s[i:i + width].decode(codec)), i + width
        except UnicodeDecodeError:
            yield i, None, i + width
        i += width


def _units(s: bytes, encoding: str):
    if encoding == "UTF-8":
        return _utf8_units(s)
    return _fixed_units(s, 2 if encoding == "UTF-16-BE" else 4)


def _decode_one(s: bytes, encoding, errors_mode, replacement, replace_control):
    chars, starts = [], []
    for start, cp, _end in _units(s, encoding):
        if cp is None:
            if errors_mode == "strict":
                raise errors.InvalidArgumentError("Invalid formatting on input string")
            if errors_mode == "ignore":
                continue
            cp = replacement
        elif replace_control and cp < 0x20:
            cp = replacement
        chars.append(cp)
        starts.append(start)
    return chars, starts


def _check_encoding(name: str, what: str) -> str:
    if name.upper() not in _ENCODINGS:
        raise NotImplementedError(f"tfcompat supports the {what} encodings {', '.join(_ENCODINGS)}; got {name!r}.")
    return name.upper()


def _decode_shape(inputs, attrs):
    return [(TensorShape([None]), dtypes.int64), (TensorShape([None]), dtypes.int32),
            (TensorShape([None]), dtypes.int64)]


@register_op("UnicodeDecodeWithOffsets", grad=NOT_DIFFERENTIABLE, inputs=("input",), num_outputs=3,
             types={"input": Arg(None, STRING)}, shape_fn=_decode_shape)
def _unicode_decode_with_offsets(x, *, input_encoding, errors="replace", replacement_char=0xFFFD,
                                 replace_control_characters=False, Tsplits=dtypes.int64):
    a = as_bytes_array(x).reshape(-1)
    splits, chars, offsets = [0], [], []
    for s in a.tolist():
        c, o = _decode_one(s, input_encoding, errors, replacement_char, replace_control_characters)
        chars.extend(c)
        offsets.extend(o)
        splits.append(len(chars))
    return _int64(splits), torch.tensor(chars, dtype=torch.int32), _int64(offsets)


def _decode(x, input_encoding, errors_mode, replacement_char, replace_control, with_offsets, name=None):
    """Decodes a 1-D string tensor: a RaggedTensor of code points (and one of byte offsets)."""
    attrs = {"input_encoding": input_encoding, "errors": errors_mode, "replacement_char": int(replacement_char),
             "replace_control_characters": bool(replace_control), "Tsplits": dtypes.int64}
    splits, chars, offsets = apply_op("UnicodeDecodeWithOffsets", [x], attrs, name=name)
    codepoints = RaggedTensor.from_row_splits(chars, splits, validate=False)
    if with_offsets:
        return codepoints, RaggedTensor.from_row_splits(offsets, splits, validate=False)
    return codepoints


@register_op("UnicodeEncode", grad=NOT_DIFFERENTIABLE, inputs=("input_values", "input_splits"),
             types={"input_values": Arg(None, INT32), "input_splits": Arg("Tsplits", ("int32", "int64"))},
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), dtypes.string)])
def _unicode_encode(values, splits, *, output_encoding, errors="replace", replacement_char=0xFFFD):
    cps = values.cpu().numpy().tolist()
    s = splits.cpu().numpy().tolist()
    codec = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be"}[output_encoding]
    out = []
    for i in range(len(s) - 1):
        text = []
        for cp in cps[s[i]:s[i + 1]]:
            if not (0 <= cp <= 0x10FFFF) or 0xD800 <= cp <= 0xDFFF:
                if errors == "strict":
                    raise _errors.InvalidArgumentError(f"Invalid code point: {cp}")
                if errors == "ignore":
                    continue
                cp = replacement_char
            text.append(chr(cp))
        out.append("".join(text).encode(codec))
    return _strings_out(out)


@register_op("UnicodeTranscode", grad=NOT_DIFFERENTIABLE, inputs=("input",), types={"input": Arg(None, STRING)},
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, dtypes.string)])
def _unicode_transcode(x, *, input_encoding, output_encoding, errors="replace", replacement_char=0xFFFD,
                       replace_control_characters=False):
    a = as_bytes_array(x)
    codec = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be"}[output_encoding]
    out = []
    for s in a.reshape(-1).tolist():
        cps, _ = _decode_one(s, input_encoding, errors, replacement_char, replace_control_characters)
        out.append("".join(chr(c) for c in cps).encode(codec))
    return string_value(_strings_out(out).reshape(a.shape))


# ------------------------------------------------------------------------------------------------
# unicode python wrappers
# ------------------------------------------------------------------------------------------------
def _check_decode_args(input_encoding, errors_mode):
    if errors_mode not in _ERRORS:
        raise ValueError(f"errors must be one of {_ERRORS}, got {errors_mode!r}")
    return _check_encoding(input_encoding, "input")


def _decode_any(input, input_encoding, errors_mode, replacement_char, replace_control, with_offsets, name):  # noqa: A002
    encoding = _check_decode_args(input_encoding, errors_mode)
    if isinstance(input, RaggedTensor):
        inner = _decode_any(input.flat_values, encoding, errors_mode, replacement_char, replace_control,
                            with_offsets, name)
        if with_offsets:
            return input.with_flat_values(inner[0]), input.with_flat_values(inner[1])
        return input.with_flat_values(inner)
    x = _strings(input)
    rank = x.shape.rank
    if rank is None:
        raise NotImplementedError("tfcompat: unicode decoding needs an input of known rank.")
    if rank == 0:   # the op flattens its input: a scalar decodes as one row
        out = _decode(x, encoding, errors_mode, replacement_char, replace_control, with_offsets, name)
        return (out[0].values, out[1].values) if with_offsets else out.values
    if rank > 1:
        return _decode_any(RaggedTensor.from_tensor(x, ragged_rank=rank - 1), encoding, errors_mode,
                           replacement_char, replace_control, with_offsets, name)
    return _decode(x, encoding, errors_mode, replacement_char, replace_control, with_offsets, name)


def unicode_decode(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                   replace_control_characters=False, name=None):
    """Mirrors ``tf.strings.unicode_decode`` (op ``UnicodeDecode``): int32 code points of each string (a 1-D
    tensor for a scalar, else a RaggedTensor). ``errors``: 'strict' raises InvalidArgumentError on ill-formed
    input, 'replace' substitutes ``replacement_char``, 'ignore' drops it."""
    return _decode_any(input, input_encoding, errors, replacement_char, replace_control_characters, False, name)


def unicode_decode_with_offsets(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                                replace_control_characters=False, name=None):
    """Mirrors ``tf.strings.unicode_decode_with_offsets``: :func:`unicode_decode` and the int64 byte offset
    where each character starts."""
    return _decode_any(input, input_encoding, errors, replacement_char, replace_control_characters, True, name)


def _encode_chars(codepoints, encoding, errors_mode, replacement_char):
    # Each code point as its own string (TF's unicode_split: unicode_encode of expand_dims(codepoints, -1)).
    flat = codepoints.flat_values if isinstance(codepoints, RaggedTensor) else codepoints
    n = array_ops.size(flat, out_type=dtypes.int64)
    splits = array_ops.range(n + 1)
    chars = apply_op("UnicodeEncode", [flat, splits], {"output_encoding": encoding, "errors": errors_mode,
                                                       "replacement_char": int(replacement_char)})
    return codepoints.with_flat_values(chars) if isinstance(codepoints, RaggedTensor) else chars


def unicode_split(input, input_encoding, errors="replace", replacement_char=65533, name=None):  # noqa: A002
    """Mirrors ``tf.strings.unicode_split``: each string's characters, each re-encoded in ``input_encoding``
    (so ill-formed input comes back as the encoded ``replacement_char``)."""
    cps = unicode_decode(input, input_encoding, errors, replacement_char, name=name)
    return _encode_chars(cps, _check_encoding(input_encoding, "input"), errors, replacement_char)


def unicode_split_with_offsets(input, input_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                               name=None):
    """Mirrors ``tf.strings.unicode_split_with_offsets``: :func:`unicode_split` and each character's int64 start
    byte offset."""
    cps, offsets = unicode_decode_with_offsets(input, input_encoding, errors, replacement_char, name=name)
    return _encode_chars(cps, _check_encoding(input_encoding, "input"), errors, replacement_char), offsets


def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533, name=None):  # noqa: A002
    """Mirrors ``tf.strings.unicode_encode`` (op ``UnicodeEncode``): the innermost dimension of int32 code
    points (dense or ragged) encoded as one string; invalid code points follow ``errors``."""
    encoding = _check_encoding(output_encoding, "output")
    if errors not in _ERRORS:
        raise ValueError(f"errors must be one of {_ERRORS}, got {errors!r}")
    attrs = {"output_encoding": encoding, "errors": errors, "replacement_char": int(replacement_char)}
    if isinstance(input, RaggedTensor):
        if input.ragged_rank > 1:
            return input.with_values(unicode_encode(input.values, output_encoding, errors, replacement_char))
        if input.flat_values.shape.rank != 1:
            return input.with_values(unicode_encode(input.values, output_encoding, errors, replacement_char))
        return apply_op("UnicodeEncode", [input.values, input.row_splits], attrs, name=name)
    x = convert_to_tensor(input, dtype=dtypes.int32)
    rank = x.shape.rank
    if rank == 0:
        raise ValueError("Rank of input_tensor must be statically known and at least 1.")
    if rank == 1:
        splits = array_ops.stack([array_ops.constant(0, dtypes.int64), array_ops.size(x, out_type=dtypes.int64)])
        return array_ops.reshape(apply_op("UnicodeEncode", [x, splits], attrs, name=name), [])
    flat = array_ops.reshape(x, [-1, x.shape.as_list()[-1] if x.shape.as_list()[-1] is not None else -1])
    rt = RaggedTensor.from_tensor(flat)
    encoded = apply_op("UnicodeEncode", [rt.values, rt.row_splits], attrs, name=name)
    return array_ops.reshape(encoded, array_ops.shape(x)[:-1])


def unicode_transcode(input, input_encoding, output_encoding, errors="replace", replacement_char=65533,  # noqa: A002
                      replace_control_characters=False, name=None):
    """Mirrors ``tf.strings.unicode_transcode`` (op ``UnicodeTranscode``): each string decoded from
    ``input_encoding`` and encoded in ``output_encoding``."""
    attrs = {"input_encoding": _check_encoding(input_encoding, "input"),
             "output_encoding": _check_encoding(output_encoding, "output"), "errors": errors,
             "replacement_char": int(replacement_char),
             "replace_control_characters": bool(replace_control_characters)}
    return apply_op("UnicodeTranscode", [_strings(input)], attrs, name=name)


# ------------------------------------------------------------------------------------------------
# StringNGrams
# ------------------------------------------------------------------------------------------------
def _row_ngrams(tokens, widths, sep, left, right, pad_attr, preserve_short):
    out = []
    for w in widths:
        pad = min(w - 1 if pad_attr < 0 else pad_attr, w - 1)
        out.extend(_width_ngrams(tokens, w, pad, sep, left, right))
    if preserve_short and tokens and not out:
        w = len(tokens) + 2 * pad_attr
        pad = min(w - 1 if pad_attr < 0 else pad_attr, w - 1)
        out.extend(_width_ngrams(tokens, w, pad, sep, left, right)[:1])
    return out


def _width_ngrams(tokens, w, pad, sep, left, right):
    n = max(0, len(tokens) + 2 * pad - w + 1)
    grams = []
    for i in range(n):
        lpad = max(0, pad - i)
        rpad = max(0, pad - (n - (i + 1)))
        start = 0 if lpad > 0 else i - pad
        body = tokens[start:start + (w - lpad - rpad)]
        grams.append(sep.join([left] * lpad + body + [right] * rpad))
    return grams


@register_op("StringNGrams", grad=NOT_DIFFERENTIABLE, inputs=("data", "data_splits"), num_outputs=2,
             types={"data": Arg(None, STRING), "data_splits": Arg("Tsplits", ("int32", "int64"))},
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), dtypes.string),
                                             (TensorShape([None]), inputs[1].dtype)])
def _string_ngrams(data, splits, *, separator, ngram_widths, left_pad, right_pad, pad_width,
                   preserve_short_sequences):
    tokens = as_bytes_array(data).reshape(-1).tolist()
    s = splits.cpu().numpy().tolist()
    b = (lambda v: v.encode("utf-8") if isinstance(v, str) else v)
    out, out_splits = [], [0]
    for i in range(len(s) - 1):
        out.extend(_row_ngrams(tokens[s[i]:s[i + 1]], ngram_widths, b(separator), b(left_pad), b(right_pad),
                               pad_width, preserve_short_sequences))
        out_splits.append(len(out))
    return _strings_out(out), torch.tensor(out_splits, dtype=splits.dtype)


def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None,  # noqa: PLR0913
           preserve_short_sequences=False, name=None):
    """Mirrors ``tf.strings.ngrams`` (op ``StringNGrams``): the n-grams of the innermost dimension (1-D tensor
    or RaggedTensor), joined with ``separator``, optionally padded with ``pad_values`` (a string or a
    (left, right) pair) ``padding_width`` times (default ``ngram_width - 1``)."""
    widths = [int(ngram_width)] if isinstance(ngram_width, int) else [int(w) for w in ngram_width]
    if any(w < 1 for w in widths):
        raise ValueError(f"All ngram_widths must be greater than 0. Got {ngram_width}")
    if pad_values is None:
        left = right = ""
    elif isinstance(pad_values, (list, tuple)):
        left, right = pad_values[0], pad_values[1]
    else:
        left = right = pad_values
    if not all(isinstance(v, (str, bytes)) for v in (left, right)):
        raise TypeError("pad_values must be a string, tuple of strings, or None.")
    if padding_width is not None and padding_width < 1:
        raise ValueError("padding_width must be greater than 0.")
    if padding_width is not None and pad_values is None:
        raise ValueError("pad_values must be provided if padding_width is set.")
    pad = 0 if pad_values is None else (-1 if padding_width is None else int(padding_width))
    attrs = {"separator": separator, "ngram_widths": widths, "left_pad": left, "right_pad": right,
             "pad_width": pad, "preserve_short_sequences": bool(preserve_short_sequences)}
    if isinstance(data, RaggedTensor):
        if data.ragged_rank > 1:
            return data.with_values(ngrams(data.values, ngram_width, separator, pad_values, padding_width,
                                           preserve_short_sequences, name))
        values, splits = apply_op("StringNGrams", [data.values, data.row_splits], attrs, name=name)
        return RaggedTensor.from_row_splits(values, splits, validate=False)
    x = _strings(data)
    if x.shape.rank == 0:
        raise ValueError("Data must have rank>0")
    if x.shape.rank == 1:
        n = array_ops.shape(x, out_type=dtypes.int64)[0]
        splits = array_ops.stack([array_ops.constant(0, dtypes.int64), n])
        return apply_op("StringNGrams", [x, splits], attrs, name=name)[0]
    rt = RaggedTensor.from_tensor(x, ragged_rank=x.shape.rank - 1)
    out = ngrams(rt, ngram_width, separator, pad_values, padding_width, preserve_short_sequences, name)
    dense_shape = array_ops.concat([array_ops.shape(x)[:-1], array_ops.constant([-1])], axis=0)
    return array_ops.reshape(out.flat_values, dense_shape)
