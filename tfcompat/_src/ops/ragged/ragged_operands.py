"""The operands of ragged elementwise ops: a RaggedTensor's partner as a value for its ``flat_values`` (shared by
the math dispatch in ``ragged_ops`` and the string dispatch in ``ragged_string_ops``).

A dense partner broadcasts as in TF's ragged dispatch (``DynamicRaggedShape`` broadcasting): its shape is padded
with leading 1s to the ragged operand's rank; each outer (row-partitioned) dimension must be 1, or equal the row
count (dimension 0), or be a uniform length every ragged row has (else TF's InvalidArgumentError from asserting the
dense operand's uniform row splits equal the ragged ones); the inner dimensions broadcast with the flat values'.
Building a graph, the checks the static shapes cannot decide are Assert ops the result depends on. A dense operand of
higher rank than the ragged one is not supported (NotImplementedError)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.name_scope import control_dependencies
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, debugging_ops, math_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["check_same_partition", "flat_operand"]

# TF's message when the row counts differ: it asserts (scalar) equality of the partitions' sizes first.
_ROW_COUNT_MISMATCH = ("Condition x == y did not hold.\nFirst 1 elements of x:\n[False]\nFirst 1 elements of y:\n"
                       "[ True]")


def flat_operand(x, y):
    """``y`` as an operand for ``x``'s flat values: a RaggedTensor's flat values (same row partitions), or a dense
    value broadcast to one row per flat value (see the module docstring)."""
    if isinstance(y, RaggedTensor):
        if y.ragged_rank != x.ragged_rank:
            raise ValueError("Ragged elementwise ops need operands with the same ragged_rank in tfcompat.")
        check_same_partition(x, y)
        return y.flat_values
    t = convert_to_tensor(y, dtype_hint=x.dtype)
    inner_rank = x.flat_values.shape.rank - 1
    rank = t.shape.rank
    if rank is not None and rank <= inner_rank:
        return t
    if rank is None or rank > x.shape.rank:
        raise NotImplementedError(f"tfcompat: broadcasting a dense {t.shape} operand against a ragged "
                                  f"{x.shape} is not supported.")
    # Each dimension: a python int when static, else t's run-time length (a 1 broadcasts, checked at run time).
    pad = x.shape.rank - rank
    static = t.shape.as_list()
    dynamic = array_ops.shape(t, out_type=x.row_splits.dtype) if None in static else None
    dims = [1] * pad + [d if d is not None else dynamic[i] for i, d in enumerate(static)]
    inner = dims[x.ragged_rank + 1:]
    if any(isinstance(d, Tensor) for d in inner):
        inner = [array_ops.stack([convert_to_tensor(d, dtype=x.row_splits.dtype) for d in inner])]
        target = array_ops.concat([convert_to_tensor([-1], dtype=x.row_splits.dtype)] + inner, 0)
    else:
        target = [-1] + inner
    outer = dims[:x.ragged_rank + 1]
    # Fast paths (no checks needed): all outer dimensions 1 (inner broadcasting only), or a column of one value per
    # row of a ragged_rank-1 operand with a statically matching row count (the values' row ids pick them).
    static_outer = None if any(isinstance(d, Tensor) for d in outer) else outer
    if static_outer is not None and all(d == 1 for d in static_outer):
        return array_ops.reshape(t, target)
    nrows = x.row_splits.shape.as_list()[0]
    if static_outer is not None and x.ragged_rank == 1 and nrows is not None and static_outer == [nrows - 1, 1]:
        return array_ops.gather(array_ops.reshape(t, target), x.value_rowids())
    return array_ops.gather(array_ops.reshape(t, target), _outer_index(x, outer))


def _outer_index(x: RaggedTensor, outer: list):
    """For each flat value of ``x``, the row-major index into a dense operand's ``outer`` dimensions (a 1 there
    broadcasts), asserting each outer dimension above 1 fits ``x``'s rows."""
    levels = [x]
    while isinstance(levels[-1].values, RaggedTensor):
        levels.append(levels[-1].values)
    nrows = x.nrows()
    checks = []
    if isinstance(outer[0], Tensor):   # known at run time only: 1 or the row count
        checks.append(debugging_ops.assert_equal(
            math_ops.logical_or(math_ops.equal(outer[0], 1), math_ops.equal(outer[0], nrows)), True))
    elif outer[0] != 1:
        checks.append(_assert_fits(array_ops.range(outer[0] + 1, dtype=nrows.dtype),
                                   array_ops.range(nrows + 1, dtype=nrows.dtype)))
    for level, d in zip(levels, outer[1:]):
        if not isinstance(d, Tensor) and d == 1:
            continue
        uniform = array_ops.range(level.nrows() + 1, dtype=level.row_splits.dtype) * d
        if isinstance(d, Tensor):   # known at run time only: a 1 broadcasts
            uniform = array_ops.where(math_ops.equal(d, 1), level.row_splits, uniform)
        checks.append(_assert_fits(uniform, level.row_splits))
    checks = [c for c in checks if c is not None]
    if checks:
        with control_dependencies(checks):
            return _outer_index_unchecked(x, levels, outer)
    return _outer_index_unchecked(x, levels, outer)


def _outer_index_unchecked(x: RaggedTensor, levels: list, outer: list):
    idx = array_ops.range(array_ops.shape(x.flat_values, out_type=x.row_splits.dtype)[0], dtype=x.row_splits.dtype)
    coords = []
    for level in reversed(levels):
        rows = array_ops.gather(level.value_rowids(), idx)
        coords.append(idx - array_ops.gather(level.row_splits, rows))
        idx = rows
    coords.append(idx)
    coords.reverse()
    out, stride = None, 1
    for c, d in reversed(list(zip(coords, outer))):
        if isinstance(d, Tensor):
            c = c * math_ops.cast(math_ops.not_equal(d, 1), c.dtype)
        if isinstance(d, Tensor) or d != 1:
            out = c * stride if out is None else out + c * stride
        stride *= d
    return array_ops.zeros_like(coords[0]) if out is None else out


def _assert_fits(dense_splits, ragged_splits):
    """TF's assert that the dense operand's uniform row splits equal the ragged operand's: raised here when both are
    known, else the graph's Assert op (for the caller's control dependencies), else None."""
    a, b = constant_value(dense_splits), constant_value(ragged_splits)
    if a is None or b is None:
        return debugging_ops.assert_equal(dense_splits, ragged_splits)
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        raise errors.InvalidArgumentError(_ROW_COUNT_MISMATCH)
    if np.any(a != b):
        debugging_ops.assert_equal(dense_splits, ragged_splits)


def check_same_partition(x, y) -> None:
    # TF asserts equal row splits (its assert_equal's InvalidArgumentError); checked here when the splits are known
    # (eager); graph-mode operands are not checked.
    for a, b in zip(x.nested_row_splits, y.nested_row_splits):
        if a is b:
            continue
        va, vb = constant_value(a), constant_value(b)
        if va is None or vb is None:
            continue
        va, vb = np.asarray(va), np.asarray(vb)
        if va.shape != vb.shape:
            raise errors.InvalidArgumentError(_ROW_COUNT_MISMATCH)
        if np.any(va != vb):
            debugging_ops.assert_equal(a, b)
