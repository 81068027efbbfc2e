"""``tf.experimental.RowPartition``: how one ragged dimension splits its values into rows (row splits, and a uniform
row length when every row has one), the building block of ``DynamicRaggedShape``.

Mirrors TF's ``RowPartition`` for its constructors and accessors; unlike TF's it is a plain Python object (no
CompositeTensor / TypeSpec), and ``validate`` only checks the constructors' python arguments."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, math_ops, scan_ops

__all__ = ["RowPartition"]


def _index_tensor(value, dtype, dtype_hint):
    if isinstance(value, Tensor):
        return value if dtype is None else math_ops.cast(value, dtype)
    return convert_to_tensor(value, dtype=dtype or dtype_hint or dtypes.int64)


class RowPartition:
    """Mirrors ``tf.experimental.RowPartition`` (built by its ``from_*`` class methods)."""

    def __init__(self, row_splits, uniform_row_length=None, nrows=None):
        self._row_splits = row_splits
        self._uniform_row_length = uniform_row_length
        self._nrows = nrows

    # -- constructors -----------------------------------------------------------------------------------------
    @classmethod
    def from_row_splits(cls, row_splits, validate=True, dtype=None, dtype_hint=None) -> "RowPartition":
        """Mirrors ``RowPartition.from_row_splits``."""
        return cls(_index_tensor(row_splits, dtype, dtype_hint))

    @classmethod
    def from_row_lengths(cls, row_lengths, validate=True, dtype=None, dtype_hint=None) -> "RowPartition":
        """Mirrors ``RowPartition.from_row_lengths``: splits ``[0, cumsum(row_lengths)...]``."""
        lengths = _index_tensor(row_lengths, dtype, dtype_hint)
        zero = array_ops.zeros([1], dtype=lengths.dtype)
        return cls(array_ops.concat([zero, scan_ops.cumsum(lengths)], 0))

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length, nvals, nrows=None, validate=True, dtype=None,
                                dtype_hint=None) -> "RowPartition":
        """Mirrors ``RowPartition.from_uniform_row_length``: ``nrows`` rows (``nvals // uniform_row_length`` when
        not given) of ``uniform_row_length`` values each."""
        length = _index_tensor(uniform_row_length, dtype, dtype_hint)
        nvals = _index_tensor(nvals, length.dtype, None)
        if nrows is None:
            nrows = math_ops.floordiv(nvals, math_ops.maximum(length, 1))
        nrows = _index_tensor(nrows, length.dtype, None)
        splits = array_ops.range(nrows + 1, dtype=length.dtype) * length
        return cls(splits, length, nrows)

    # -- accessors --------------------------------------------------------------------------------------------
    @property
    def dtype(self):
        return self._row_splits.dtype

    def row_splits(self) -> Tensor:
        return self._row_splits

    def row_lengths(self) -> Tensor:
        return self._row_splits[1:] - self._row_splits[:-1]

    def nrows(self) -> Tensor:
        if self._nrows is not None:
            return self._nrows
        return array_ops.shape(self._row_splits, out_type=self.dtype)[0] - 1

    def nvals(self) -> Tensor:
        return self._row_splits[-1]

    def uniform_row_length(self):
        return self._uniform_row_length

    def is_uniform(self) -> bool:
        return self._uniform_row_length is not None

    @property
    def static_nrows(self):
        n = self._row_splits.shape.as_list()[0] if self._row_splits.shape.rank == 1 else None
        if n is None and self._nrows is not None:
            value = constant_value(self._nrows)
            return None if value is None else int(value)
        return None if n is None else n - 1

    @property
    def static_uniform_row_length(self):
        if self._uniform_row_length is None:
            return None
        value = constant_value(self._uniform_row_length)
        return None if value is None else int(value)

    def with_dtype(self, dtype) -> "RowPartition":
        """Mirrors ``RowPartition.with_dtype``: the partition with its index tensors cast to ``dtype``."""
        dtype = dtypes.as_dtype(dtype)
        if dtype is self.dtype:
            return self
        cast = (lambda t: None if t is None else math_ops.cast(t, dtype))
        return RowPartition(cast(self._row_splits), cast(self._uniform_row_length), cast(self._nrows))

    def __repr__(self):
        value = constant_value(self._row_splits)
        if value is None:
            return f"tf.RowPartition(row_splits={self._row_splits!r})"
        return f"tf.RowPartition(row_splits={value.cpu().numpy() if hasattr(value, 'cpu') else value})"
