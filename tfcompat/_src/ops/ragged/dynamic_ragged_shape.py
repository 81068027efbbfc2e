"""``tf.experimental.DynamicRaggedShape``: the shape of a RaggedTensor (or Tensor) as its row partitions plus the
shape of its flat values, and the ragged behaviour of ``tf.shape``, ``tf.reshape``, ``tf.zeros``, ``tf.ones`` and
``tf.fill`` (TF's ``ragged_array_ops`` dispatch, registered with ``framework/api_dispatch``; it answers once those
functions fall back to dispatch).

Mirrors TF's class for construction (``__init__``, ``from_lengths``, ``from_tensor``), ``static_lengths``, its
``repr``, indexing (``shape[0]``, ``shape[:k]``; a ragged dimension is TF's ValueError) and ``rank``/``dtype``/
``inner_shape``. Unlike TF's it is a plain Python object (no ExtensionType, so it cannot cross a ``tf.function``
boundary), and ragged shape broadcasting lives in ``ragged_operands`` instead."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.api_dispatch import dispatch_for_types
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.ops.ragged.row_partition import RowPartition

__all__ = ["DynamicRaggedShape", "ragged_shape"]


def _element_str(x) -> str:
    return "..." if x is Ellipsis else str(x)


class DynamicRaggedShape:
    """Mirrors ``tf.experimental.DynamicRaggedShape(row_partitions, inner_shape, dtype=None, validate=False,
    static_inner_shape=None)``."""

    __iter__ = None   # not a sequence of dimensions (a ragged one has no single length)

    def __init__(self, row_partitions, inner_shape, dtype=None, validate=False, static_inner_shape=None):
        row_partitions = list(row_partitions)
        for rp in row_partitions:
            if not isinstance(rp, RowPartition):
                raise TypeError("row_partitions should be a list of row partitions. Instead, got " +
                                str(row_partitions))
        if dtype is None:
            if row_partitions:
                dtype = row_partitions[0].dtype
            elif isinstance(inner_shape, Tensor):
                dtype = inner_shape.dtype
            else:
                dtype = dtypes.int64
        dtype = dtypes.as_dtype(dtype)
        self._row_partitions = tuple(rp.with_dtype(dtype) for rp in row_partitions)
        if isinstance(inner_shape, Tensor):
            inner = math_ops.cast(inner_shape, dtype) if inner_shape.dtype is not dtype else inner_shape
        else:
            inner = array_ops.stack([math_ops.cast(d, dtype) if isinstance(d, Tensor) else
                                     convert_to_tensor(d, dtype=dtype) for d in inner_shape]) \
                if len(inner_shape) else convert_to_tensor([], dtype=dtype)
        self._inner_shape = inner
        self._dtype = dtype
        if static_inner_shape is None:
            value = constant_value(inner)
            static_inner_shape = None if value is None else [int(v) for v in value.tolist()]
            if static_inner_shape is None and inner.shape.rank == 1 and inner.shape.as_list()[0] is not None:
                static_inner_shape = [None] * inner.shape.as_list()[0]
        self._static_inner_shape = static_inner_shape

    # -- constructors -----------------------------------------------------------------------------------------
    @classmethod
    def from_lengths(cls, lengths, num_row_partitions=None, dtype=dtypes.int64) -> "DynamicRaggedShape":
        """Mirrors ``DynamicRaggedShape.from_lengths``: ``lengths`` lists each dimension's length, a tuple for a
        ragged one (its row lengths); ``num_row_partitions`` defaults to the fewest that hold the ragged ones."""
        if not isinstance(lengths, list):
            raise ValueError("lengths should be a list")
        for x in lengths:
            if not (isinstance(x, int) or isinstance(x, tuple) and all(isinstance(y, int) for y in x)):
                raise ValueError(f"element of lengths should be int or tuple of ints: instead {x!r}")
        if num_row_partitions is None:
            ragged = [not isinstance(x, int) for x in lengths]
            num_row_partitions = len(ragged) - ragged[::-1].index(True) - 1 if any(ragged) else 0
        if not isinstance(num_row_partitions, int):
            raise ValueError("num_row_partitions should be an int or None")
        if not lengths:
            if num_row_partitions > 0:
                raise ValueError("num_row_partitions==0 for a scalar shape")
            return cls([], [], dtype=dtype)
        if not num_row_partitions < len(lengths):
            raise ValueError("num_row_partitions should be less than `len(lengths)` if shape is not scalar.")
        if num_row_partitions == 0:
            return cls([], lengths, dtype=dtype)
        size, partitions = lengths[0], []
        for current in lengths[1:num_row_partitions + 1]:
            if isinstance(current, int):
                partitions.append(RowPartition.from_uniform_row_length(current, current * size, nrows=size,
                                                                       dtype_hint=dtype))
                size *= current
            else:
                if size != len(current):
                    raise ValueError("Shape not consistent.")
                partitions.append(RowPartition.from_row_lengths(list(current), dtype_hint=dtype))
                size = sum(current)
        return cls(partitions, [size] + lengths[num_row_partitions + 1:], dtype=dtype)

    @classmethod
    def from_tensor(cls, t, dtype=None) -> "DynamicRaggedShape":
        """Mirrors ``DynamicRaggedShape.from_tensor``: a RaggedTensor's row partitions and flat values' shape, or
        a Tensor's shape with no row partitions."""
        if isinstance(t, RaggedTensor):
            partitions, level = [], t
            while isinstance(level, RaggedTensor):
                length = level._uniform_row_length
                rp = RowPartition.from_row_splits(level.row_splits)
                if length is not None:
                    rp = RowPartition(level.row_splits, convert_to_tensor(length, dtype=rp.dtype), level.nrows())
                partitions.append(rp)
                level = level.values
            out_type = partitions[0].dtype
            shape = cls(partitions, array_ops.shape(level, out_type=out_type), dtype=out_type)
            return shape if dtype is None else shape.with_dtype(dtype)
        t = convert_to_tensor(t)
        return cls([], array_ops.shape(t, out_type=dtype or dtypes.int64))

    def with_dtype(self, dtype) -> "DynamicRaggedShape":
        """Mirrors ``DynamicRaggedShape.with_dtype``."""
        return DynamicRaggedShape(self._row_partitions, self._inner_shape, dtype=dtype,
                                  static_inner_shape=self._static_inner_shape)

    # -- accessors --------------------------------------------------------------------------------------------
    row_partitions = property(lambda self: self._row_partitions)
    inner_shape = property(lambda self: self._inner_shape)
    dtype = property(lambda self: self._dtype)
    num_row_partitions = property(lambda self: len(self._row_partitions))

    @property
    def inner_rank(self):
        return None if self._static_inner_shape is None else len(self._static_inner_shape)

    @property
    def rank(self):
        inner = self.inner_rank
        if inner is None:
            return None
        return inner + self.num_row_partitions

    def is_uniform(self, axis: int) -> bool:
        """Mirrors ``DynamicRaggedShape.is_uniform``: whether dimension ``axis`` has one length."""
        if not isinstance(axis, int):
            raise TypeError("axis must be an integer")
        if axis < 0:
            raise IndexError("Negative axis values are not supported")
        if self.rank is not None and axis >= self.rank:
            raise IndexError(f"Expected axis={axis} < rank={self.rank}")
        return axis == 0 or axis > self.num_row_partitions or self._row_partitions[axis - 1].is_uniform()

    def static_lengths(self, ragged_lengths=True) -> list:
        """Mirrors ``DynamicRaggedShape.static_lengths``: each known length (a tuple of row lengths for a ragged
        dimension, None where unknown; a trailing Ellipsis for an unknown inner rank)."""
        inner = [Ellipsis] if self._static_inner_shape is None else list(self._static_inner_shape)
        if not self._row_partitions:
            return inner
        out = [self._row_partitions[0].static_nrows]
        for rp in self._row_partitions:
            if rp.is_uniform():
                out.append(rp.static_uniform_row_length)
            elif ragged_lengths:
                value = constant_value(rp.row_lengths())
                out.append(None if value is None else tuple(int(v) for v in value.tolist()))
            else:
                out.append(None)
        return out + inner[1:]

    def __repr__(self):
        lengths = "[" + ", ".join(_element_str(x) for x in self.static_lengths()) + "]"
        return f"<DynamicRaggedShape lengths={lengths} num_row_partitions={self.num_row_partitions!r}>"

    # -- indexing ---------------------------------------------------------------------------------------------
    def __getitem__(self, index):
        rank = self.rank
        if isinstance(index, slice):
            if index.step is not None and index.step != 1:
                raise IndexError("Cannot stride through a shape")
            start = self._fix_start(0 if index.start is None else index.start)
            return self._slice(start, self._fix_stop(index.stop))
        if isinstance(index, int):
            if index < 0:
                if rank is None:
                    raise ValueError("Rank must be known to use __getitem__ with a negative index.")
                return self._dimension(rank + index)
            return self._dimension(index)
        raise TypeError("Argument is not an int or a slice")

    def _fix_start(self, index: int) -> int:
        rank = self.rank
        if index < 0:
            if rank is None:
                raise ValueError("Rank must be known to use __getitem__ on a negative index.")
            index = max(rank + index, 0)
        if (self.num_row_partitions > 0 and index <= self.num_row_partitions + 1) or index == 0:
            return index
        if rank is None:
            raise ValueError("Rank must be known to use __getitem__ on a large index.")
        return min(index, rank)

    def _fix_stop(self, index) -> int:
        rank = self.rank
        if index is None:
            if rank is None:
                raise ValueError("Rank must be known to use __getitem__ without a stop.")
            return rank
        if index < 0:
            if rank is None:
                raise ValueError("Rank must be known to use __getitem__ on a negative index.")
            index = max(rank + index, 0)
        return index if rank is None else min(rank, index)

    def _dimension(self, index: int):
        rank = self.rank
        if self.num_row_partitions == 0 or index > self.num_row_partitions + 1:
            if rank is None:
                raise ValueError("Rank must be known to use __getitem__ on a large index.")
            if index >= rank:
                raise IndexError(f"Index is too big: {index}>={rank}")
        if not self.is_uniform(index):
            raise ValueError(f"Index {index} is not uniform")
        if index == 0 and self._row_partitions:
            static = self._row_partitions[0].static_nrows
            return self._row_partitions[0].nrows() if static is None else convert_to_tensor(static, self._dtype)
        if index == 0 or index > self.num_row_partitions:
            i = index - self.num_row_partitions
            static = self._static_inner_shape[i]
            return self._inner_shape[i] if static is None else convert_to_tensor(static, self._dtype)
        return self._row_partitions[index - 1].uniform_row_length()

    def _slice(self, start: int, stop: int) -> "DynamicRaggedShape":
        if stop <= start:
            return DynamicRaggedShape([], [])
        if start == 0:
            if stop <= self.num_row_partitions:
                if stop == 1:
                    return DynamicRaggedShape([], [self._row_partitions[0].nrows()], dtype=dtypes.int64)
                partitions = self._row_partitions[:stop - 1]
                return DynamicRaggedShape(partitions, [partitions[-1].nvals()])
            if self.rank is not None and self.rank <= stop:
                return self
            keep = stop - self.num_row_partitions
            return DynamicRaggedShape(self._row_partitions, self._inner_shape[:keep],
                                      static_inner_shape=None if self._static_inner_shape is None else
                                      self._static_inner_shape[:keep])
        partial = self._slice(0, stop) if self.rank is None or stop < self.rank else self
        if any(not rp.is_uniform() for rp in partial.row_partitions):
            raise ValueError("All relevant dimensions must be uniform")
        dense = [partial._dimension(0)] + [rp.uniform_row_length() for rp in partial.row_partitions] + \
            [partial._inner_shape[i] for i in range(1, partial.inner_rank)]
        return DynamicRaggedShape([], dense[start:], dtype=self._dtype)

    def _add_row_partitions(self, flat_values):
        """``flat_values`` (of shape ``inner_shape``) partitioned by this shape's row partitions."""
        out = flat_values
        for rp in reversed(self._row_partitions):
            out = RaggedTensor._from_splits(out, rp.row_splits())
            out._uniform_row_length = rp.static_uniform_row_length
        return out


# ------------------------------------------------------------------------------------------------
# TF's ragged dispatch of tf.shape / tf.reshape / tf.zeros / tf.ones / tf.fill
# ------------------------------------------------------------------------------------------------
@dispatch_for_types(array_ops.shape, RaggedTensor)
def ragged_shape(input, name=None, out_type=dtypes.int32) -> DynamicRaggedShape:  # noqa: A002 - TF's name
    """``tf.shape(rt)``: the RaggedTensor's DynamicRaggedShape with ``out_type`` indices."""
    return DynamicRaggedShape.from_tensor(input, out_type)


@dispatch_for_types(array_ops.reshape, DynamicRaggedShape)
def _ragged_reshape(tensor, shape, name=None):
    values = tensor.values if isinstance(tensor, RaggedTensor) else tensor
    return shape._add_row_partitions(array_ops.reshape(values, shape.inner_shape))


@dispatch_for_types(array_ops.zeros, DynamicRaggedShape)
def _ragged_zeros(shape, dtype=dtypes.float32, name=None, layout=None):
    return shape._add_row_partitions(array_ops.zeros(shape.inner_shape, dtype=dtype, name=name))


@dispatch_for_types(array_ops.ones, DynamicRaggedShape)
def _ragged_ones(shape, dtype=dtypes.float32, name=None, layout=None):
    return shape._add_row_partitions(array_ops.ones(shape.inner_shape, dtype=dtype, name=name))


@dispatch_for_types(array_ops.fill, DynamicRaggedShape)
def _ragged_fill(dims, value, name=None, layout=None):
    return dims._add_row_partitions(array_ops.fill(dims.inner_shape, value, name=name))
