"""``tf.RaggedTensor``: a tensor with variable-length rows, as ``values`` plus int64 ``row_splits``.

A ragged tensor is a composite of ordinary tensors: ``values`` (a ``Tensor`` or another ``RaggedTensor``) and a
row-splits vector; ``flat_values`` and ``nested_row_splits`` are the innermost values and every level's splits.
Every operation on it is built from registered ops (``ragged_kernels``, array and math ops), so it works the same
eagerly and in a graph, and gradients reach ``flat_values`` through torch autograd. ``Session.run`` fetches one as
a ``tf.compat.v1.ragged.RaggedTensorValue``.

Differences from TF: row splits are always int64 (``row_splits_dtype=int32`` is refused); the row-partition
encodings other than row splits (cached value_rowids, uniform_row_length) are computed, not stored."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, constant_value, convert_to_tensor
from tfcompat._src.framework.name_scope import control_dependencies
from tfcompat._src.framework.tensor import EagerTensor, Tensor
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, math_more_ops, reduction_ops, scan_ops
from tfcompat._src.ops.ragged.ragged_tensor_value import RaggedTensorValue, _build_value  # noqa: F401 (re-exported)

__all__ = ["RaggedTensor", "RaggedTensorValue", "is_ragged", "row_splits_to_segment_ids",
           "segment_ids_to_row_splits"]


def is_ragged(value) -> bool:
    """Whether ``value`` is a ``RaggedTensor`` (TF's ``ragged_tensor.is_ragged``)."""
    return isinstance(value, RaggedTensor)


def _int64(x, name=None) -> Tensor:
    t = convert_to_tensor(x, name=name) if not isinstance(x, Tensor) else x
    if t.dtype is dtypes.int32:
        return math_ops.cast(t, dtypes.int64)
    if t.dtype is not dtypes.int64:
        raise ValueError(f"Tensor conversion requested dtype int64 for Tensor with dtype {t.dtype.name}: {t!r}")
    return t


def _check_splits_dtype(row_splits_dtype) -> None:
    if dtypes.as_dtype(row_splits_dtype) is not dtypes.int64:
        raise NotImplementedError("tfcompat's RaggedTensor keeps int64 row splits; row_splits_dtype=int32 is not "
                                  "supported (cast the splits with tf.cast where int32 is needed).")


def _prepend_zero(lengths: Tensor) -> Tensor:
    zero = array_ops.zeros([1], dtype=dtypes.int64)
    return array_ops.concat([zero, scan_ops.cumsum(lengths)], axis=0)


def _is_eager(t) -> bool:
    return isinstance(t, (EagerTensor, StringTensor))


def row_splits_to_segment_ids(splits, name=None, out_type=None) -> Tensor:
    """Mirrors ``tf.ragged.row_splits_to_segment_ids``: the row index of each value (``value_rowids``)."""
    splits = _int64(convert_to_tensor(splits, name=name))
    if splits.shape.rank is not None and splits.shape.rank != 1:
        raise ValueError(f"Shape {splits.shape} must have rank 1")
    n_values = splits[-1]
    indices = apply_op("RaggedTensorToSparse", [splits, array_ops.range(n_values)], {"N": 1})[0]
    ids = indices[:, 0]
    if out_type is not None and dtypes.as_dtype(out_type) is not dtypes.int64:
        ids = math_ops.cast(ids, out_type)
    return ids


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None) -> Tensor:
    """Mirrors ``tf.ragged.segment_ids_to_row_splits``: row splits of sorted segment ids (``num_segments``
    rows, default ``max(segment_ids) + 1``)."""
    ids = _int64(convert_to_tensor(segment_ids, name=name))
    if ids.shape.rank is not None and ids.shape.rank != 1:
        raise ValueError(f"Shape {ids.shape} must have rank 1")
    if num_segments is not None:
        num_segments = _int64(num_segments)
    counts = math_more_ops.bincount(ids, minlength=num_segments, maxlength=num_segments, dtype=dtypes.int64)
    splits = _prepend_zero(counts)
    if out_type is not None and dtypes.as_dtype(out_type) is not dtypes.int64:
        splits = math_ops.cast(splits, out_type)
    return splits


class RaggedTensor:
    """Mirrors ``tf.RaggedTensor``: ``values`` partitioned into rows by int64 ``row_splits``.

    Build one with the ``from_*`` factories or ``tf.ragged.constant``; the constructor is internal, as TF's."""

    __array_priority__ = 100
    _is_ragged_tensor = True  # what ragged_getitem checks (it cannot import this module)

    def __init__(self, values, row_splits, internal: bool = False):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the factory methods instead "
                             "(e.g., RaggedTensor.from_row_lengths())")
        self._values = values
        self._row_splits = row_splits
        self._uniform_row_length = None   # a python int when built with a static uniform_row_length

    # ------------------------------------------------------------------------------------------
    # factories
    # ------------------------------------------------------------------------------------------
    @classmethod
    def _from_splits(cls, values, splits) -> "RaggedTensor":
        if not isinstance(values, RaggedTensor):
            values = convert_to_tensor(values)
            if values.shape.rank == 0:
                raise ValueError("Shape () must have rank at least 1")
        return cls(values, splits, internal=True)

    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True) -> "RaggedTensor":
        """Mirrors ``tf.RaggedTensor.from_row_splits``: row ``i`` is ``values[row_splits[i]:row_splits[i+1]]``."""
        splits = _int64(row_splits, name=name)
        if splits.shape.rank is not None and splits.shape.rank != 1:
            raise ValueError(f"Shape {splits.shape} must have rank 1")
        if validate:
            _validate_splits(splits, values)
        return cls._from_splits(values, splits)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True) -> "RaggedTensor":
        """Mirrors ``tf.RaggedTensor.from_row_lengths``: row ``i`` has ``row_lengths[i]`` values."""
        return cls.from_row_splits(values, _prepend_zero(_int64(row_lengths, name=name)), validate=validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True) -> "RaggedTensor":
        """Mirrors ``tf.RaggedTensor.from_value_rowids``: value ``j`` goes to row ``value_rowids[j]`` (sorted);
        ``nrows`` defaults to ``max(value_rowids) + 1``."""
        splits = segment_ids_to_row_splits(value_rowids, num_segments=nrows, name=name)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True) -> "RaggedTensor":
        """Mirrors ``tf.RaggedTensor.from_row_starts``: the splits are ``row_starts + [nvals]``."""
        values = values if isinstance(values, RaggedTensor) else convert_to_tensor(values)
        nvals = _int64(_nrows(values))
        splits = array_ops.concat([_int64(row_starts, name=name), array_ops.reshape(nvals, [1])], axis=0)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True) -> "RaggedTensor":
        """Mirrors ``tf.RaggedTensor.from_row_limits``: the splits are ``[0] + row_limits``."""
        limits = _int64(row_limits, name=name)
        splits = array_ops.concat([array_ops.zeros([1], dtype=dtypes.int64), limits], axis=0)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True, name=None):
        """Mirrors ``tf.RaggedTensor.from_uniform_row_length`` (stored as row splits: the result's shape has
        ``None`` where TF's keeps the uniform length)."""
        values = values if isinstance(values, RaggedTensor) else convert_to_tensor(values)
        length = _int64(uniform_row_length)
        nvals = _int64(_nrows(values))
        if nrows is None:
            nrows = math_ops.floordiv(nvals, math_ops.maximum(length, array_ops.constant(1, dtypes.int64)))
        splits = math_ops.multiply(array_ops.range(_int64(nrows) + 1), length)
        rt = cls.from_row_splits(values, splits, validate=validate)
        static = uniform_row_length if isinstance(uniform_row_length, int) else constant_value(length)
        rt._uniform_row_length = None if static is None else int(static)
        return rt

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        """Mirrors ``tf.RaggedTensor.from_nested_row_splits`` (outermost splits first)."""
        if isinstance(nested_row_splits, Tensor):
            raise TypeError("nested_row_splits must be a list of Tensors")
        result = flat_values
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        """Mirrors ``tf.RaggedTensor.from_nested_row_lengths`` (outermost lengths first)."""
        result = flat_values
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_nested_value_rowids(cls, flat_values, nested_value_rowids, nested_nrows=None, name=None,
                                 validate=True):
        """Mirrors ``tf.RaggedTensor.from_nested_value_rowids`` (outermost first)."""
        rowids = list(nested_value_rowids)
        nrows = [None] * len(rowids) if nested_nrows is None else list(nested_nrows)
        if len(nrows) != len(rowids):
            raise ValueError(f"Argument `nested_nrows` must have the same length as argument "
                             f"`nested_value_rowids`. len(nested_nrows) = {len(nrows)} vs. "
                             f"len(nested_values_rowids) = {len(rowids)}.")
        result = flat_values
        for ids, n in reversed(list(zip(rowids, nrows))):
            result = cls.from_value_rowids(result, ids, n, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None,
                    row_splits_dtype=dtypes.int64) -> "RaggedTensor":
        """Mirrors ``tf.RaggedTensor.from_tensor``: rows of a dense tensor, cut at ``lengths`` or before the
        trailing ``padding`` values (ragged_rank 1 only with ``lengths``/``padding``)."""
        _check_splits_dtype(row_splits_dtype)
        if lengths is not None and padding is not None:
            raise ValueError("Specify argument `lengths` or `padding`, but not both.")
        if not isinstance(ragged_rank, int):
            raise TypeError(f"Argument `ragged_rank` must be an int. Received {ragged_rank}.")
        if ragged_rank <= 0:
            raise ValueError(f"Argument `ragged_rank` must be greater than 0. Received {ragged_rank}.")
        tensor = convert_to_tensor(tensor, name=name)
        if tensor.shape.rank is not None and tensor.shape.rank < 2:
            raise ValueError(f"The rank of a RaggedTensor must be greater than 1, i.e., a list of scalars won't "
                             f"have ragged dimensions. Received argument `tensor` with rank {tensor.shape.rank}.")
        if ragged_rank > 1:
            if lengths is not None or padding is not None:
                raise NotImplementedError("tfcompat: RaggedTensor.from_tensor with ragged_rank > 1 takes no "
                                          "lengths or padding yet.")
            inner = cls.from_tensor(array_ops.reshape(tensor, _merge_first_two(tensor)), ragged_rank=ragged_rank - 1)
            dim = tensor.shape.as_list()[1]
            length = dim if dim is not None else array_ops.shape(tensor, out_type=dtypes.int64)[1]
            return cls.from_uniform_row_length(inner, length)
        shape = array_ops.shape(tensor, out_type=dtypes.int64)
        nrows, ncols = shape[0], shape[1]
        if padding is not None:
            padding = convert_to_tensor(padding, dtype=tensor.dtype)
            is_pad = math_ops.equal(tensor, padding)
            if tensor.shape.rank > 2:
                is_pad = reduction_ops.reduce_all(is_pad, axis=list(range(2, tensor.shape.rank)))
            positions = array_ops.expand_dims(array_ops.range(ncols) + 1, 0)
            keep_len = math_ops.multiply(math_ops.cast(math_ops.logical_not(is_pad), dtypes.int64), positions)
            lengths = reduction_ops.reduce_max(keep_len, axis=1)
        if lengths is None:
            values = array_ops.reshape(tensor, _merge_first_two(tensor))
            splits = math_ops.multiply(array_ops.range(nrows + 1), ncols)
            static_rows = tensor.shape.as_list()[0]
            if static_rows is not None:
                splits.set_shape([static_rows + 1])   # TF keeps the static row count too: shape (2, 2)
            rt = cls._from_splits(values, splits)
            rt._uniform_row_length = tensor.shape.as_list()[1]   # TF keeps the static row length: shape (2, 2)
            return rt
        lengths = math_ops.minimum(_int64(lengths), ncols)
        mask = math_ops.less(array_ops.expand_dims(array_ops.range(ncols), 0), array_ops.expand_dims(lengths, 1))
        values = array_ops.gather_nd(tensor, array_ops.where(mask))
        return cls._from_splits(values, _prepend_zero(lengths))

    @classmethod
    def from_sparse(cls, st_input, name=None, row_splits_dtype=dtypes.int64) -> "RaggedTensor":
        """Mirrors ``tf.RaggedTensor.from_sparse`` for a 2-D, ragged-right ``SparseTensor`` (indices sorted,
        each row's columns ``0..n-1``; as TF, an ``Assert`` raises InvalidArgumentError otherwise)."""
        _check_splits_dtype(row_splits_dtype)
        ds, ind = st_input.dense_shape.shape, st_input.indices.shape
        rank_ds = ds.as_list()[0] if ds.rank is not None else None
        rank_ind = ind.as_list()[1] if ind.rank is not None else None
        if rank_ds != 2 and rank_ind != 2:
            raise ValueError("rank(st_input) must be 2.")
        with control_dependencies(_assert_ragged_right(st_input.indices)):
            rowids = st_input.indices[:, 0]
            return cls.from_value_rowids(st_input.values, rowids, nrows=st_input.dense_shape[0], validate=False)

    # ------------------------------------------------------------------------------------------
    # properties
    # ------------------------------------------------------------------------------------------
    @property
    def values(self):
        """The concatenated rows (a ``Tensor`` or, for ragged_rank > 1, a ``RaggedTensor``)."""
        return self._values

    @property
    def row_splits(self) -> Tensor:
        """int64 [nrows + 1]: row ``i`` is ``values[row_splits[i]:row_splits[i+1]]``."""
        return self._row_splits

    @property
    def flat_values(self) -> Tensor:
        v = self._values
        while isinstance(v, RaggedTensor):
            v = v._values
        return v

    @property
    def nested_row_splits(self) -> tuple:
        rt, out = self, []
        while isinstance(rt, RaggedTensor):
            out.append(rt._row_splits)
            rt = rt._values
        return tuple(out)

    @property
    def ragged_rank(self) -> int:
        return len(self.nested_row_splits)

    @property
    def dtype(self):
        return self.flat_values.dtype

    @property
    def row_splits_dtype(self):
        return dtypes.int64

    @property
    def shape(self) -> TensorShape:
        """The static shape: ``[nrows, None (each ragged dim), inner dims...]``."""
        n = self._row_splits.shape
        nrows = n.as_list()[0] - 1 if n.rank == 1 and n.as_list()[0] is not None else None
        inner = self.flat_values.shape
        inner_dims = inner.as_list()[1:] if inner.rank is not None else None
        if inner_dims is None:
            return TensorShape(None)
        ragged = []
        rt = self
        while isinstance(rt, RaggedTensor):
            ragged.append(rt._uniform_row_length)
            rt = rt._values
        return TensorShape([nrows] + ragged + inner_dims)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ndim(self):
        return self.shape.rank

    def nrows(self, out_type=None, name=None) -> Tensor:
        """Mirrors ``RaggedTensor.nrows``: the number of rows (int64 scalar)."""
        n = math_ops.subtract(array_ops.size(self._row_splits, out_type=dtypes.int64), 1, name=name)
        return n if out_type is None else math_ops.cast(n, out_type)

    def row_starts(self, name=None) -> Tensor:
        return self._row_splits[:-1]

    def row_limits(self, name=None) -> Tensor:
        return self._row_splits[1:]

    def row_lengths(self, axis=1, name=None):
        """Mirrors ``RaggedTensor.row_lengths``: the length of each row (``axis`` 1) or of each row of a nested
        ragged dimension (``axis`` > 1, a RaggedTensor)."""
        if axis == 0:
            return self.nrows()
        if axis == 1:
            return math_ops.subtract(self._row_splits[1:], self._row_splits[:-1], name=name)
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        shape = array_ops.shape(self._values, out_type=dtypes.int64)
        return self.with_values(array_ops.fill(array_ops.reshape(shape[0], [1]), shape[axis - 1]))

    def nested_row_lengths(self, name=None) -> tuple:
        rt, out = self, []
        while isinstance(rt, RaggedTensor):
            out.append(rt.row_lengths())
            rt = rt._values
        return tuple(out)

    def value_rowids(self, name=None) -> Tensor:
        """Mirrors ``RaggedTensor.value_rowids``: the row index of each value (int64)."""
        return row_splits_to_segment_ids(self._row_splits, name=name)

    def nested_value_rowids(self, name=None) -> tuple:
        rt, out = self, []
        while isinstance(rt, RaggedTensor):
            out.append(rt.value_rowids())
            rt = rt._values
        return tuple(out)

    def bounding_shape(self, axis=None, name=None, out_type=None) -> Tensor:
        """Mirrors ``RaggedTensor.bounding_shape``: the smallest dense shape (int64) holding every row."""
        dims = [array_ops.reshape(self.nrows(), [1])]
        rt = self
        while isinstance(rt, RaggedTensor):
            lengths = rt.row_lengths()
            longest = reduction_ops.reduce_max(array_ops.concat([array_ops.zeros([1], dtypes.int64), lengths], 0))
            dims.append(array_ops.reshape(longest, [1]))
            rt = rt._values
        dims.append(array_ops.shape(rt, out_type=dtypes.int64)[1:])
        shape = array_ops.concat(dims, axis=0)
        if axis is not None:
            shape = array_ops.gather(shape, axis)
        return shape if out_type is None else math_ops.cast(shape, out_type)

    # ------------------------------------------------------------------------------------------
    # transforms
    # ------------------------------------------------------------------------------------------
    def with_values(self, new_values) -> "RaggedTensor":
        """Mirrors ``RaggedTensor.with_values``: the same row partition over ``new_values``."""
        if not isinstance(new_values, RaggedTensor):
            new_values = convert_to_tensor(new_values)
        rt = RaggedTensor(new_values, self._row_splits, internal=True)
        rt._uniform_row_length = self._uniform_row_length
        return rt

    def with_flat_values(self, new_values) -> "RaggedTensor":
        """Mirrors ``RaggedTensor.with_flat_values``: every row partition kept, innermost values replaced."""
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype) -> "RaggedTensor":
        _check_splits_dtype(dtype)
        return self

    def merge_dims(self, outer_axis, inner_axis) -> "RaggedTensor | Tensor":
        """Mirrors ``RaggedTensor.merge_dims``: dimensions ``outer_axis..inner_axis`` become one."""
        rank = self.shape.rank
        if outer_axis < 0:
            outer_axis += rank
        if inner_axis < 0:
            inner_axis += rank
        if not 0 <= outer_axis <= inner_axis < rank:
            raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal to inner_axis "
                             f"({inner_axis})")
        if outer_axis == inner_axis:
            return self
        if outer_axis == 0:
            if inner_axis > self.ragged_rank:
                flat = self.flat_values
                merged = array_ops.reshape(flat, [-1] + flat.shape.as_list()[inner_axis - self.ragged_rank + 1:])
                return merged
            return _merge_outer(self, inner_axis)
        if outer_axis == 1:
            return _merge_rows(self, inner_axis)
        return self.with_values(_merge(self._values, outer_axis - 1, inner_axis - 1))

    # ------------------------------------------------------------------------------------------
    # conversion
    # ------------------------------------------------------------------------------------------
    def to_tensor(self, default_value=None, name=None, shape=None) -> Tensor:
        """Mirrors ``RaggedTensor.to_tensor`` (op ``RaggedTensorToTensor``): rows padded with
        ``default_value`` (zeros / empty strings by default) to the bounding shape, or cut/padded to
        ``shape``."""
        flat = self.flat_values
        if default_value is None:
            default_value = b"" if flat.dtype is dtypes.string else 0
        default = convert_to_tensor(default_value, dtype=flat.dtype)
        attrs = {"N": self.ragged_rank, "row_partition_types": ["ROW_SPLITS"] * self.ragged_rank}
        if shape is not None:
            dims = TensorShape(shape).as_list() if not isinstance(shape, Tensor) else constant_value(shape).tolist()
            attrs["shape"] = [-1 if d is None else int(d) for d in dims]
        return apply_op("RaggedTensorToTensor", [*self.nested_row_splits, flat, default], attrs, name=name)

    def to_sparse(self, name=None):
        """Mirrors ``RaggedTensor.to_sparse`` (op ``RaggedTensorToSparse``)."""
        from tfcompat._src.framework.sparse_tensor import SparseTensor
        splits = self.nested_row_splits
        indices, values, dense_shape = apply_op("RaggedTensorToSparse", [*splits, self.flat_values],
                                                {"N": len(splits)}, name=name)
        return SparseTensor(indices, values, dense_shape)

    def numpy(self):
        """Mirrors ``RaggedTensor.numpy``: an object array of rows (a plain array when all rows have one
        length)."""
        if not _is_eager(self._row_splits):
            raise ValueError("RaggedTensor.numpy() is only supported in eager mode.")
        values = self._values.numpy()
        splits = self._row_splits.numpy()
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        ragged = any(len(row) != len(rows[0]) for row in rows)
        if ragged:
            out = np.empty(len(rows), dtype=object)
            out[:] = rows
            return out
        return np.array(rows)

    def to_list(self) -> list:
        """Mirrors ``RaggedTensor.to_list``: nested python lists (eager only)."""
        if not _is_eager(self._row_splits):
            raise ValueError("to_list can only be used in eager mode.")
        s = self._row_splits.numpy().tolist()
        values = self._values.to_list() if isinstance(self._values, RaggedTensor) else self._values.numpy().tolist()
        return [values[s[i]:s[i + 1]] for i in range(len(s) - 1)]

    def _fetch_components(self):
        """``Session.run``'s protocol (see ``runtime/session.py``): the value builder and the fetched parts."""
        return _build_value, [self.flat_values, *self.nested_row_splits]

    def __repr__(self):
        if _is_eager(self._row_splits):
            with np.printoptions(formatter={"all": _formatter}):
                text = _formatter(self.numpy())
            return f"<tf.RaggedTensor {text}>"
        return f"tf.RaggedTensor(values={self._values}, row_splits={self._row_splits})"

    __str__ = __repr__

    def __len__(self):
        raise TypeError("len is not well defined for a ragged tensor; use nrows()")

    def __bool__(self):
        raise TypeError("RaggedTensor may not be used as a boolean.")

    def __iter__(self):
        if not _is_eager(self._row_splits):
            raise TypeError("Cannot iterate over a symbolic RaggedTensor.")
        n = int(self._row_splits.numpy().shape[0]) - 1
        return (self[i] for i in range(n))

    def __getitem__(self, key):
        from tfcompat._src.ops.ragged.ragged_getitem import ragged_getitem
        return ragged_getitem(self, key)


def _formatter(x) -> str:
    # TF's RaggedTensor repr: numpy arrays with comma separators; an empty array as its nested list.
    if isinstance(x, np.ndarray):
        return np.array2string(x, separator=", ") if x.size else repr(x.tolist())
    return str(x)


def _nrows(values) -> Tensor:
    if isinstance(values, RaggedTensor):
        return values.nrows()
    return array_ops.shape(values, out_type=dtypes.int64)[0]


def _merge_first_two(tensor) -> list:
    dims = tensor.shape.as_list()
    return [-1] + [(-1 if d is None else d) for d in dims[2:]] if None not in dims[2:] else [-1] + dims[2:]


def _merge_outer(rt: RaggedTensor, inner_axis: int):
    # Merging dims 0..inner_axis (inner_axis <= ragged_rank): drop the outer row partitions.
    values = rt
    for _ in range(inner_axis):
        values = values.values
    return values


def _merge_rows(rt: RaggedTensor, inner_axis: int) -> RaggedTensor:
    # Merging dims 1..inner_axis: compose the row partitions (ragged levels) or scale by the uniform sizes.
    splits, values = rt.row_splits, rt.values
    for _ in range(inner_axis - 1):
        if isinstance(values, RaggedTensor):
            splits = array_ops.gather(values.row_splits, splits)
            values = values.values
        else:
            shape = values.shape.as_list()
            splits = math_ops.multiply(splits, array_ops.shape(values, out_type=dtypes.int64)[1])
            values = array_ops.reshape(values, [-1] + [(-1 if d is None else d) for d in shape[2:]])
    return RaggedTensor.from_row_splits(values, splits, validate=False)


def _merge(values, outer_axis: int, inner_axis: int):
    if isinstance(values, RaggedTensor):
        return values.merge_dims(outer_axis, inner_axis)
    shape = values.shape.as_list()
    merged = shape[:outer_axis] + [-1] + shape[inner_axis + 1:]
    return array_ops.reshape(values, [(-1 if d is None else d) for d in merged])


def _assert_ragged_right(indices) -> list:
    """TF's ``_assert_sparse_indices_are_ragged_right``: each row's column indices are 0, 1, 2, ... in order."""
    from tfcompat._src.ops.debugging_ops import Assert
    prefix, suffix = indices[:, :-1], indices[:, -1]
    changed = reduction_ops.reduce_any(math_ops.not_equal(prefix[1:], prefix[:-1]), axis=1)
    ok = array_ops.where(changed, math_ops.equal(suffix[1:], 0), math_ops.equal(suffix[1:], suffix[:-1] + 1))
    right = math_ops.logical_and(reduction_ops.reduce_all(math_ops.equal(suffix[:1], 0)),
                                 reduction_ops.reduce_all(ok))
    return [Assert(right, ["SparseTensor is not right-ragged", "SparseTensor.indices =", indices])]


def _validate_splits(splits, values) -> None:
    # Eager checks of TF's `validate=True` assertions (graph-mode splits are not validated).
    v = constant_value(splits) if _is_eager(splits) else None
    if v is None:
        return
    v = np.asarray(v)
    from tfcompat._src.framework import errors
    if len(v) == 0 or v[0] != 0:
        raise errors.InvalidArgumentError("Arguments to from_row_splits do not form a valid RaggedTensor:zero")
    if np.any(np.diff(v) < 0):
        raise errors.InvalidArgumentError("Arguments to from_row_splits do not form a valid "
                                          "RaggedTensor:monotonic")
    n = _nrows(values)
    if _is_eager(n) and int(n.numpy()) != int(v[-1]):
        raise errors.InvalidArgumentError("Arguments to from_row_splits do not form a valid RaggedTensor:nvals")
