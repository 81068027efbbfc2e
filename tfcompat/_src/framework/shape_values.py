"""Partly known values of small integer graph tensors: TF's ``constant_value_as_shape`` and the partial shape
evaluation its C++ shape inference does (``ShapeRefiner::ConstantPartialShape`` / ``EvaluateConstantTensor``).

A shape tensor such as ``tf.stack([tf.shape(x)[0], -1])`` or ``tf.concat([tf.shape(x)[:1], [20]], 0)`` is not a
constant, yet TF's shape functions know the dims of it that come from ``x``'s static shape or from constants.
:func:`partial_value` folds the ops TF folds there (Const, Shape/Size/Rank of a partly known shape, Pack,
ConcatV2, StridedSlice with static bounds, Cast, scalar arithmetic, and Identity/StopGradient of a fully known
value) into python ints with ``None`` for what is known only at run time. Ops are recognised by their TF type
names; nothing here runs a kernel."""
from __future__ import annotations

import builtins

from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["partial_value", "constant_value_as_shape"]

_ARITHMETIC = {
    "Mul": lambda a, b: a * b,
    "AddV2": lambda a, b: a + b,
    "Add": lambda a, b: a + b,
    "Sub": lambda a, b: a - b,
    "FloorDiv": lambda a, b: a // b if b else None,
    "Maximum": builtins.max,
    "Minimum": builtins.min,
}
_MAX_DEPTH = 16   # TF's evaluation of constant subgraphs is bounded too (kMaxTensorSize / node count)


def partial_value(tensor, _depth: int = 0):
    """The value of a scalar or 1-D integer graph tensor as far as it is known before running: an int (or
    None) for a scalar, a list of ints and Nones for a vector of known length, or None when nothing is known."""
    op = getattr(tensor, "op", None)
    if op is None or _depth > _MAX_DEPTH or not getattr(tensor.dtype, "is_integer", False):
        return None
    t = op.type
    inputs = list(op.inputs)
    if t == "Const":
        v = op.attrs["value"]
        if getattr(v, "dim", lambda: -1)() not in (0, 1):
            return None
        return v.tolist()
    if t == "Shape":
        shape = inputs[0].shape
        return None if shape.rank is None else shape.as_list()
    if t == "Size":
        n = inputs[0].shape.num_elements() if inputs[0].shape.is_fully_defined() else None
        return n
    if t == "Rank":
        return inputs[0].shape.rank
    if t == "Cast":
        return partial_value(inputs[0], _depth + 1)
    if t in ("Identity", "StopGradient"):
        # TF looks through these only for a fully known value (constant_value / EvaluateConstantTensor): the
        # identity of a partly known shape is unknown (tf.sparse.retain's dense shape of a [None, 5] input).
        v = partial_value(inputs[0], _depth + 1)
        return v if v is not None and None not in (v if isinstance(v, list) else [v]) else None
    if t == "Pack" and op.attrs.get("axis", 0) == 0:
        vals = [partial_value(x, _depth + 1) for x in inputs[:op.attrs.get("N", len(inputs))]]
        if any(x.shape.rank != 0 for x in inputs[:len(vals)]):
            # A matrix (stacked vectors): known only when every entry is (TF's EvaluateConstantTensor), for a
            # Squeeze/Reshape back to a vector below.
            return vals if all(_known_flat(v) is not None for v in vals) else None
        return [v if isinstance(v, int) else None for v in vals]
    if t in ("Squeeze", "Reshape") and tensor.shape.rank in (0, 1):
        v = partial_value(inputs[0], _depth + 1)
        if tensor.shape.rank == 1 and isinstance(v, list) and inputs[0].shape.rank == 1:
            return v
        flat = _known_flat(v)
        if flat is None:
            return None
        return flat if tensor.shape.rank == 1 else (flat[0] if len(flat) == 1 else None)
    if t == "ConcatV2":
        n = op.attrs.get("N", len(inputs))
        out = []
        for x in inputs[:n]:
            if x.shape.rank not in (1, None):
                return None
            v = partial_value(x, _depth + 1)
            if not isinstance(v, list):
                length = x.shape.as_list()[0] if x.shape.rank == 1 else None
                if length is None:
                    return None
                v = [None] * length
            out += v
        return out
    if t == "StridedSlice":
        return _strided_slice_value(op, inputs, _depth)
    if t in _ARITHMETIC and len(inputs) == 2:
        a, b = (partial_value(x, _depth + 1) for x in inputs)
        if isinstance(a, int) and isinstance(b, int):
            return _ARITHMETIC[t](a, b)
        return None
    return None


def _known_flat(value):
    """The row-major entries of a fully known (nested) value, or None when any entry is unknown."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, list):
        out = []
        for v in value:
            flat = _known_flat(v)
            if flat is None:
                return None
            out += flat
        return out
    return None


def _strided_slice_value(op, inputs, depth):
    """A static index or slice of a partly known vector (tfcompat's StridedSlice ``spec`` attribute)."""
    spec = op.attrs.get("spec")
    if not isinstance(spec, tuple) or len(spec) != 1 or len(inputs) != 1:
        return None
    vec = partial_value(inputs[0], depth + 1)
    if not isinstance(vec, list):
        return None
    item = spec[0]
    if item[0] == "i" and isinstance(item[1], int):
        return vec[item[1]] if -len(vec) <= item[1] < len(vec) else None
    if item[0] == "s" and all(v is None or isinstance(v, int) for v in item[1:]):
        return vec[builtins.slice(*item[1:])]
    return None


def constant_value_as_shape(tensor, input_shape=None) -> TensorShape:
    """Mirrors ``tensor_util.constant_value_as_shape`` for a 1-D shape tensor (a ``TensorShape`` with the dims
    known before running). With ``input_shape`` (a reshape's input), one ``-1`` is solved when the input's and
    every other dim's sizes are known, as TF's Reshape shape function does."""
    vec = partial_value(tensor)
    if not isinstance(vec, list):
        rank = tensor.shape.as_list()[0] if tensor.shape.rank == 1 else None
        return TensorShape(None if rank is None else [None] * rank)
    if input_shape is not None and vec.count(-1) == 1 and input_shape.is_fully_defined() \
            and all(d is not None for d in vec):
        known = 1
        for d in vec:
            if d != -1:
                known *= d
        total = input_shape.num_elements()
        vec[vec.index(-1)] = total // known if known and total % known == 0 else None
    return TensorShape([None if d is None or d < 0 else d for d in vec])
