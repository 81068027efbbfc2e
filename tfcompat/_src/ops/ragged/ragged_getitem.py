"""``RaggedTensor.__getitem__`` (mirrors TF's ``ragged_getitem``): an int or slice on the rows, then on each
ragged dimension a full slice ``:`` or a slice cutting every row, then indices on the uniform inner dimensions.

TF refuses an integer index into a ragged (inner) dimension; so does this. A slice of a ragged dimension may have
a python int step (negative too: ``tf.reverse`` of a RaggedTensor is ``rt[:, ::-1]``), each row sliced by python's
rules; a tensor step, ``tf.newaxis`` and ``Ellipsis`` are not supported (NotImplementedError)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, math_ops

__all__ = ["ragged_getitem", "gather_rows"]


def gather_rows(rt, indices):
    """Rows ``indices`` (1-D int) of a RaggedTensor (op ``RaggedGather``)."""
    splits = rt.nested_row_splits
    outs = apply_op("RaggedGather", [*splits, rt.flat_values, indices], {"N": len(splits)})
    return type(rt).from_nested_row_splits(outs[-1], outs[:-1], validate=False)


def _row_index(rt, i):
    nrows = rt.nrows()
    i = convert_to_tensor(i, dtype=dtypes.int64) if not isinstance(i, Tensor) else math_ops.cast(i, dtypes.int64)
    return math_ops.add(i, math_ops.multiply(nrows, math_ops.cast(math_ops.less(i, 0), dtypes.int64)))


def _row_range(rt, key: slice):
    # The row numbers python's slice rules pick (a strided slice of range(nrows)).
    return array_ops.range(rt.nrows())[key]


def ragged_getitem(rt, key):
    """``rt[key]``: see the module docstring."""
    if not isinstance(key, tuple):
        key = (key,)
    if any(k is Ellipsis or k is None for k in key):
        raise NotImplementedError("tfcompat: Ellipsis and tf.newaxis are not supported in RaggedTensor indexing.")
    if not key:
        return rt
    first, rest = key[0], key[1:]
    if isinstance(first, slice):
        if first == slice(None):
            picked = rt
        else:
            picked = gather_rows(rt, _row_range(rt, first))
        return _inner(picked, rest) if rest else picked
    if isinstance(first, (bool,)) or not isinstance(first, (int, Tensor)) and not hasattr(first, "__index__"):
        raise TypeError(f"Cannot index a RaggedTensor with {first!r}")
    row = _row_index(rt, first)
    one = gather_rows(rt, array_ops.reshape(row, [1]))
    values = one.values
    return ragged_getitem(values, rest) if rest and _is_rt(values) else (values[rest] if rest else values)


def _is_rt(x) -> bool:
    # By the class's marker, not isinstance: the ragged_tensor module imports this one (for __getitem__).
    return getattr(type(x), "_is_ragged_tensor", False)


def _inner(rt, key):
    """Applies ``key`` to the dimensions after the rows of ``rt`` (every row alike)."""
    first, rest = key[0], key[1:]
    if not isinstance(first, slice):
        if rt._uniform_row_length is None:
            raise ValueError("Cannot index into an inner ragged dimension.")
        return _uniform_column(rt, first, rest)
    if first != slice(None):
        if first.step is not None and not isinstance(first.step, int):
            raise NotImplementedError("tfcompat: a tensor step in a slice of a ragged dimension is not supported.")
        if first.step == 0:
            raise ValueError("slice step cannot be zero")
        rt = _slice_each_row(rt, first)
    if not rest:
        return rt
    values = rt.values
    if _is_rt(values):
        return rt.with_values(_inner(values, rest))
    return rt.with_values(values[(slice(None),) + tuple(rest)])


def _uniform_column(rt, index, rest):
    # Dimension 1 has one static length (RaggedTensor.from_tensor, from_uniform_row_length): TF allows an int.
    length = rt._uniform_row_length
    if isinstance(index, int) and not -length <= index < length:
        raise ValueError(f"Index {index} out of bounds for uniform row length {length}")
    i = index + length if isinstance(index, int) and index < 0 else index
    positions = math_ops.add(rt.row_splits[:-1], convert_to_tensor(i, dtype=dtypes.int64))
    values = rt.values
    picked = gather_rows(values, positions) if _is_rt(values) else array_ops.gather(values, positions)
    if not rest:
        return picked
    return _inner(picked, rest) if _is_rt(picked) else picked[(slice(None),) + tuple(rest)]


def _slice_each_row(rt, key: slice):
    starts, limits = rt.row_splits[:-1], rt.row_splits[1:]
    lengths = math_ops.subtract(limits, starts)
    step = 1 if key.step is None else key.step
    # python's slice rule per row: negatives count from the row's end, then clip to [0, length] (step > 0) or
    # [-1, length - 1] (step < 0, where -1 is "before the first value")
    low, high = (0, lengths) if step > 0 else (-1, math_ops.subtract(lengths, 1))

    def bound(v, default):
        if v is None:
            return default
        v = convert_to_tensor(v, dtype=dtypes.int64)
        v = math_ops.add(v, math_ops.multiply(lengths, math_ops.cast(math_ops.less(v, 0), dtypes.int64)))
        return math_ops.minimum(math_ops.maximum(v, low), high)

    zero = math_ops.multiply(lengths, 0)
    begin = bound(key.start, zero if step > 0 else high)
    end = bound(key.stop, lengths if step > 0 else math_ops.subtract(zero, 1))
    new_starts = math_ops.add(starts, begin)
    new_limits = math_ops.add(starts, end)
    splits, positions = apply_op("RaggedRange", [new_starts, new_limits, array_ops.constant(step, dtypes.int64)],
                                 {"Tsplits": dtypes.int64})
    values = rt.values
    if _is_rt(values):
        picked = gather_rows(values, positions)
    else:
        picked = array_ops.gather(values, positions)
    return type(rt).from_row_splits(picked, splits, validate=False)
