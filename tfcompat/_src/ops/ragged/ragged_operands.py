"""The operands of ragged elementwise ops: a RaggedTensor's partner as a value for its ``flat_values`` (shared by
the math dispatch in ``ragged_ops`` and the string dispatch in ``ragged_string_ops``)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["check_same_partition", "flat_operand"]


def flat_operand(x, y):
    """``y`` as an operand for ``x``'s flat values: a RaggedTensor's flat values, or a dense value that
    broadcasts over the uniform inner dimensions (or a per-row ``[nrows, 1]`` column when ragged_rank is 1)."""
    if isinstance(y, RaggedTensor):
        if y.ragged_rank != x.ragged_rank:
            raise ValueError("Ragged elementwise ops need operands with the same ragged_rank in tfcompat.")
        check_same_partition(x, y)
        return y.flat_values
    t = convert_to_tensor(y, dtype_hint=x.dtype)
    inner_rank = x.flat_values.shape.rank - 1
    if t.shape.rank is not None and t.shape.rank <= inner_rank:
        return t
    if x.ragged_rank == 1 and t.shape.rank == inner_rank + 2 and t.shape.as_list()[1] == 1:
        return array_ops.gather(array_ops.squeeze(t, axis=[1]), x.value_rowids())
    raise NotImplementedError(f"tfcompat: broadcasting a dense {t.shape} operand against a ragged "
                              f"{x.shape} is not supported.")


def check_same_partition(x, y) -> None:
    # TF asserts equal row splits (InvalidArgumentError "Condition x == y did not hold."); checked here when the
    # splits are known (eager); graph-mode operands are not checked.
    from tfcompat._src.framework import errors
    from tfcompat._src.framework.dispatch import constant_value
    for a, b in zip(x.nested_row_splits, y.nested_row_splits):
        if a is b:
            continue
        va, vb = constant_value(a), constant_value(b)
        if va is None or vb is None:
            continue
        if np.asarray(va).shape != np.asarray(vb).shape or np.any(np.asarray(va) != np.asarray(vb)):
            raise errors.InvalidArgumentError("Condition x == y did not hold.")
