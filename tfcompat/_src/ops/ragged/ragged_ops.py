"""``tf.ragged.*`` and the ragged behaviour of the math wrappers (TF's ragged dispatch): elementwise ops on
``flat_values``, reductions per TF's ragged axis semantics, concat/stack of ragged tensors.

Elementwise ops run the same raw op on ``flat_values`` (gradients reach them through torch autograd); reductions
over ragged axes pad rows with the reduction's identity (``RaggedTensorToTensor``) and reduce densely, which gives
TF's values (an empty row sums to 0, its max is the dtype's lowest value, its mean NaN)."""
from __future__ import annotations

import builtins

import numpy as np

from tfcompat._src.framework import composite_dispatch, dtypes
from tfcompat._src.framework.api_dispatch import dispatch_for_types
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_manip_ops, array_ops, math_ops, reduction_ops
from tfcompat._src.ops._helpers import static_int_list
from tfcompat._src.ops.ragged import ragged_kernels  # noqa: F401 - registers the ragged raw ops
from tfcompat._src.ops.ragged import ragged_string_ops  # noqa: F401 - registers tf.strings.* on RaggedTensors
from tfcompat._src.ops.ragged import ragged_embedding_ops  # noqa: F401 - registers tf.nn.embedding_lookup(ragged ids)
from tfcompat._src.ops.ragged import dynamic_ragged_shape  # noqa: F401 - registers tf.shape/zeros/... of ragged shapes
from tfcompat._src.ops.ragged.ragged_operands import flat_operand as _flat_operand
from tfcompat._src.ops.ragged.ragged_getitem import gather_rows
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor, _check_splits_dtype, _int64, _prepend_zero

__all__ = ["boolean_mask", "constant", "constant_value", "cross", "cross_hashed", "map_flat_values", "range", "stack", "ragged_concat",
           "stack_dynamic_partitions"]


# ------------------------------------------------------------------------------------------------
# tf.ragged.constant
# ------------------------------------------------------------------------------------------------
def _depth(value) -> int:
    if isinstance(value, (list, tuple)):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, np.ndarray):
        return value.ndim
    return 0


def _scalar_depths(value, depth=0, out=None) -> set:
    out = set() if out is None else out
    if isinstance(value, (list, tuple)):
        for v in value:
            _scalar_depths(v, depth + 1, out)
    else:
        out.add(depth + (value.ndim if isinstance(value, np.ndarray) else 0))
    return out


def _levels(pylist, ragged_rank, inner_shape):
    """(ragged_rank, innermost python values, row splits of each level) of a nested list, as TF's
    ``ragged_factory_ops._constant_value`` splits it; None for ragged_rank 0."""
    depths = _scalar_depths(pylist)
    if len(depths) > 1:
        raise ValueError("all scalar values must have the same nesting depth")
    max_depth = _depth(pylist)
    scalar_depth = depths.pop() if depths else None
    if ragged_rank is None:
        depth = scalar_depth if scalar_depth is not None else max_depth
        ragged_rank = max(0, depth - 1 - (len(inner_shape) if inner_shape is not None else 0))
        if scalar_depth is None:
            ragged_rank = max(1, ragged_rank)
    if scalar_depth is not None and ragged_rank >= scalar_depth:
        raise ValueError(f"Invalid pylist={pylist!r}: incompatible with ragged_rank={ragged_rank}")
    if ragged_rank == 0:
        return 0, pylist, None
    level, nested_splits = list(pylist), []
    for _ in builtins.range(ragged_rank):
        splits, nxt = [0], []
        for row in level:
            if not isinstance(row, (list, tuple, np.ndarray)):
                raise ValueError("all scalar values must have the same nesting depth")
            nxt.extend(row)
            splits.append(len(nxt))
        nested_splits.append(splits)
        level = nxt
    return ragged_rank, level, nested_splits


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None, row_splits_dtype=dtypes.int64):
    """Mirrors ``tf.ragged.constant``: a RaggedTensor (or a Tensor when ``pylist`` has no ragged dimension)
    from nested python lists; ``ragged_rank`` defaults to the list depth - 1 - len(inner_shape)."""
    _check_splits_dtype(row_splits_dtype)
    if isinstance(pylist, RaggedTensor):
        raise TypeError("pylist may not be a RaggedTensor or RaggedTensorValue.")
    if not isinstance(pylist, (list, tuple, np.ndarray)):
        if ragged_rank is not None and ragged_rank != 0:
            raise ValueError(f"Invalid pylist={pylist!r}: incompatible with ragged_rank={ragged_rank}")
        return array_ops.constant(pylist, dtype=dtype, name=name)
    ragged_rank, level, nested_splits = _levels(pylist, ragged_rank, inner_shape)
    if ragged_rank == 0:
        return array_ops.constant(pylist, dtype=dtype, name=name)
    if inner_shape is not None:
        flat = array_ops.constant(level, dtype=dtype, shape=[len(level)] + list(inner_shape)) if level else \
            array_ops.zeros([0] + list(inner_shape), dtype=dtype or dtypes.float32)
    elif not level:
        flat = array_ops.zeros([0], dtype=dtype or dtypes.float32)
    else:
        flat = array_ops.constant(level, dtype=dtype)
    splits = [array_ops.constant(s, dtype=dtypes.int64) for s in nested_splits]
    return RaggedTensor.from_nested_row_splits(flat, splits, validate=False)


def _cross(inputs, hashed_output, num_buckets, hash_key, name):
    from tfcompat._src.framework.sparse_tensor import SparseTensor
    if not isinstance(inputs, (list, tuple)):
        raise TypeError("Inputs must be a list")
    features = []
    for i, t in enumerate(inputs):
        if isinstance(t, SparseTensor):
            t = RaggedTensor.from_sparse(t)
        elif not isinstance(t, RaggedTensor):
            t = convert_to_tensor(t)
        if t.dtype.is_integer:
            t = math_ops.cast(t, dtypes.int64)
        elif t.dtype is not dtypes.string:
            raise ValueError(f"Unexpected dtype for inputs[{i}]: {t.dtype!r}")
        if not isinstance(t, RaggedTensor):
            t = RaggedTensor.from_tensor(t)
        if t.ragged_rank != 1:
            raise ValueError("tf.ragged.cross only supports inputs with rank=2")
        features.append(t)
    attrs = {"N": 2 * len(features), "hashed_output": hashed_output, "num_buckets": int(num_buckets),
             "hash_key": 0xDECAFCAFFE if hash_key is None else int(hash_key)}
    values, splits = apply_op("RaggedCross", [t.values for t in features] + [t.row_splits for t in features],
                              attrs, name=name)
    return RaggedTensor.from_row_splits(values, splits, validate=False)


def cross(inputs, name=None):
    """Mirrors ``tf.ragged.cross`` (op ``RaggedCross``): per row, every combination of one value of each
    feature (ragged, dense or sparse; strings or ints), joined with ``"_X_"``; the last feature varies fastest."""
    return _cross(inputs, False, 0, None, name)


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """Mirrors ``tf.ragged.cross_hashed``: :func:`cross` with each combination hashed as TF does
    (FingerprintCat64 of the features' Fingerprint64s, ints by value, from ``hash_key``), modulo
    ``num_buckets`` (or int64 max when 0)."""
    return _cross(inputs, True, num_buckets, hash_key, name)


def constant_value(pylist, dtype=None, ragged_rank=None, inner_shape=None, row_splits_dtype="int64"):
    """Mirrors ``tf.compat.v1.ragged.constant_value``: a ``RaggedTensorValue`` of numpy arrays (numpy's dtype
    inference: python ints are int64), or a numpy array when ``pylist`` has no ragged dimension."""
    from tfcompat._src.ops.ragged.ragged_tensor import _build_value
    np_dtype = None if dtype is None else dtypes.as_dtype(dtype).np_dtype
    if not isinstance(pylist, (list, tuple, np.ndarray)):
        return np.array(pylist, dtype=np_dtype)
    ragged_rank, level, nested_splits = _levels(pylist, ragged_rank, inner_shape)
    if ragged_rank == 0:
        return np.array(pylist, dtype=np_dtype)
    flat = np.array(level, dtype=np_dtype if level or np_dtype else np.float64)
    if inner_shape is not None:
        flat = flat.reshape([len(level)] + list(inner_shape))
    return _build_value(flat, *[np.array(s, dtype=np.int64) for s in nested_splits])


# ------------------------------------------------------------------------------------------------
# tf.ragged.range / boolean_mask / map_flat_values / stack
# ------------------------------------------------------------------------------------------------
def range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=dtypes.int64):  # noqa: A001
    """Mirrors ``tf.ragged.range`` (op ``RaggedRange``): row ``i`` is ``range(starts[i], limits[i],
    deltas[i])``; scalars broadcast."""
    _check_splits_dtype(row_splits_dtype)
    if limits is None:
        starts, limits = 0, starts
    args = [starts, limits, deltas]
    if dtype is None:
        kinds = [convert_to_tensor(a).dtype for a in args]
        order = [dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64]
        dtype = max(kinds, key=lambda d: order.index(d) if d in order else 0)
    tensors = [convert_to_tensor(a, dtype=dtype) if not isinstance(a, Tensor) else math_ops.cast(a, dtype)
               for a in args]
    splits, values = apply_op("RaggedRange", tensors, {"Tsplits": dtypes.int64}, name=name)
    return RaggedTensor.from_row_splits(values, splits, validate=False)


def boolean_mask(data, mask, name=None):
    """Mirrors ``tf.ragged.boolean_mask``: keeps the elements of ``data`` where ``mask`` is True; dimensions the
    mask covers become ragged. Supported: a 1-D mask on the rows, and a mask with ``data``'s (ragged or dense)
    row partition over its first two dimensions."""
    if not isinstance(mask, RaggedTensor):
        mask = convert_to_tensor(mask, dtype=dtypes.bool_)
    if mask.dtype is not dtypes.bool_:
        raise ValueError("mask.dtype must be bool")
    if isinstance(mask, Tensor) and mask.shape.rank == 1:
        keep = array_ops.reshape(array_ops.where(mask), [-1])
        if isinstance(data, RaggedTensor):
            return gather_rows(data, keep)
        return array_ops.gather(convert_to_tensor(data), keep)
    if isinstance(mask, RaggedTensor):
        if mask.ragged_rank != 1:
            raise NotImplementedError("tfcompat: tf.ragged.boolean_mask takes a ragged mask of ragged_rank 1.")
        keep_flat = mask.values
        lengths = reduction_ops.reduce_sum(
            RaggedTensor.from_row_splits(math_ops.cast(keep_flat, dtypes.int64), mask.row_splits, validate=False),
            axis=1)
        source = data.values if isinstance(data, RaggedTensor) else None
        if source is None:
            raise ValueError("The mask is ragged but the data is not.")
    else:
        if mask.shape.rank != 2:
            raise NotImplementedError("tfcompat: tf.ragged.boolean_mask takes a 1-D or 2-D mask.")
        lengths = reduction_ops.reduce_sum(math_ops.cast(mask, dtypes.int64), axis=1)
        keep_flat = array_ops.reshape(mask, [-1])
        data = convert_to_tensor(data)
        source = array_ops.reshape(data, [-1] + data.shape.as_list()[2:])
    picked = array_ops.reshape(array_ops.where(keep_flat), [-1])
    values = gather_rows(source, picked) if isinstance(source, RaggedTensor) else array_ops.gather(source, picked)
    return RaggedTensor.from_row_splits(values, _prepend_zero(lengths), validate=False)


def map_flat_values(op, *args, **kwargs):
    """Mirrors ``tf.ragged.map_flat_values``: ``op`` applied to the ``flat_values`` of the RaggedTensor
    arguments (which must share one row partition); the result keeps that partition."""
    partitions = []

    def flat(v):
        if isinstance(v, RaggedTensor):
            partitions.append(v)
            return v.flat_values
        if isinstance(v, (list, tuple)):
            return type(v)(flat(x) for x in v)
        if isinstance(v, dict):
            return {k: flat(x) for k, x in v.items()}
        return v

    flat_args = [flat(a) for a in args]
    flat_kwargs = {k: flat(v) for k, v in kwargs.items()}
    if not partitions:
        return op(*flat_args, **flat_kwargs)
    first = partitions[0]
    for other in partitions[1:]:
        if other.ragged_rank != first.ragged_rank:
            raise ValueError("Inputs must have identical ragged splits.")
    return first.with_flat_values(op(*flat_args, **flat_kwargs))


def _as_ragged(value, ragged_rank=1):
    if isinstance(value, RaggedTensor):
        return value
    t = convert_to_tensor(value)
    return RaggedTensor.from_tensor(t, ragged_rank=ragged_rank)


def ragged_concat(values, axis=0, name=None):
    """``tf.concat`` of ragged (and dense) tensors along ``axis`` 0 (rows appended) or 1 (rows joined pairwise),
    as TF's ``ragged_concat_ops.concat``."""
    rts = [_as_ragged(v) for v in values]
    if len(rts) == 1:
        return rts[0]
    rank = rts[0].shape.rank
    if axis < 0 and rank is not None:
        axis += rank
    if axis == 0:
        flat_parts = [rt.flat_values for rt in rts]
        flat = array_ops.concat(flat_parts, axis=0)
        depth = rts[0].ragged_rank
        if any(rt.ragged_rank != depth for rt in rts):
            raise NotImplementedError("tfcompat: concat of ragged tensors with different ragged ranks.")
        nested = []
        for level in builtins.range(depth):
            parts, offset = [], None
            for rt in rts:
                s = rt.nested_row_splits[level]
                if offset is None:
                    parts.append(s)
                else:
                    parts.append(math_ops.add(s[1:], offset))
                offset = s[-1] if offset is None else math_ops.add(s[-1], offset)
            nested.append(array_ops.concat(parts, axis=0))
        return RaggedTensor.from_nested_row_splits(flat, nested, validate=False)
    if axis == 1:
        n = len(rts)
        stacked = ragged_concat(rts, axis=0)
        nrows = rts[0].nrows()
        order = array_ops.reshape(array_ops.transpose(array_ops.reshape(array_ops.range(nrows * n), [n, -1])), [-1])
        interleaved = gather_rows(stacked, order)
        lengths = reduction_ops.reduce_sum(array_ops.reshape(interleaved.row_lengths(), [-1, n]), axis=1)
        return RaggedTensor.from_row_splits(interleaved.values, _prepend_zero(lengths), validate=False)
    raise NotImplementedError(f"tfcompat: ragged concat along axis {axis} is not supported (0 and 1 are).")


def stack(values, axis=0, name=None):
    """Mirrors ``tf.ragged.stack`` for ``axis`` 0 and 1: the inputs (ragged or dense) joined along a new
    ragged dimension."""
    rts = [_as_ragged(v) for v in values]
    if axis == 0:
        joined = ragged_concat(rts, axis=0)
        counts = array_ops.stack([rt.nrows() for rt in rts])
        return RaggedTensor.from_row_splits(joined, _prepend_zero(counts), validate=False)
    if axis == 1:
        n = len(rts)
        stacked = ragged_concat(rts, axis=0)
        nrows = rts[0].nrows()
        order = array_ops.reshape(array_ops.transpose(array_ops.reshape(array_ops.range(nrows * n), [n, -1])), [-1])
        splits = math_ops.multiply(array_ops.range(_int64(nrows) + 1), n)
        return RaggedTensor.from_row_splits(gather_rows(stacked, order), splits, validate=False)
    raise NotImplementedError(f"tfcompat: tf.ragged.stack along axis {axis} is not supported (0 and 1 are).")


def stack_dynamic_partitions(data, partitions, num_partitions, name=None):
    """Mirrors ``tf.ragged.stack_dynamic_partitions`` for 1-D ``partitions``: row ``p`` of the result holds the
    rows of ``data`` whose partition is ``p``, in their original order (``num_partitions`` rows)."""
    from tfcompat._src.framework import errors
    from tfcompat._src.ops import sort_ops
    partitions = convert_to_tensor(partitions)
    if partitions.shape.rank != 1:
        raise NotImplementedError("tfcompat: tf.ragged.stack_dynamic_partitions takes 1-D partitions.")
    n = convert_to_tensor(num_partitions)
    from tfcompat._src.framework.dispatch import constant_value
    p_values, n_value = constant_value(partitions), constant_value(n)
    if p_values is not None and n_value is not None and (np.any(np.asarray(p_values) >= int(n_value))
                                                          or np.any(np.asarray(p_values) < 0)):
        raise errors.InvalidArgumentError("Condition x < y did not hold: partitions must be less than "
                                          "num_partitions")
    permutation = sort_ops.argsort(partitions, stable=True)
    rowids = array_ops.gather(partitions, permutation)
    values = gather_rows(data, permutation) if isinstance(data, RaggedTensor) else \
        array_ops.gather(convert_to_tensor(data), permutation)
    return RaggedTensor.from_value_rowids(values, rowids, nrows=n, validate=False)


# ------------------------------------------------------------------------------------------------
# dispatch of the math wrappers (framework/composite_dispatch.py)
# ------------------------------------------------------------------------------------------------
_IDENTITY = {"Sum": 0, "Prod": 1, "All": True, "Any": False}


class _RaggedHandler:
    """The ragged behaviour of the wrapper funnels (registered with ``composite_dispatch``)."""

    @staticmethod
    def unary(op_type, x, name):
        return x.with_flat_values(apply_op(op_type, [x.flat_values], name=name))

    @staticmethod
    def binary(op_type, x, y, name):
        base = x if isinstance(x, RaggedTensor) else y
        fx = _flat_operand(base, x) if x is not base else base.flat_values
        fy = _flat_operand(base, y) if y is not base else base.flat_values
        from tfcompat._src.ops._helpers import match_dtypes
        fx, fy = match_dtypes(fx, fy)
        if op_type == "AddV2" and fx.dtype is dtypes.string:   # as math_ops.add: strings concatenate with Add
            op_type = "Add"
        return base.with_flat_values(apply_op(op_type, [fx, fy], name=name))

    @staticmethod
    def reduce(op_type, x, axis, keepdims, name):
        return ragged_reduce(op_type, x, axis, keepdims, name)

    @staticmethod
    def concat(values, axis, name):
        return ragged_concat(values, axis, name)

    @staticmethod
    def map_flat(fn, x, *args, **kwargs):
        return x.with_flat_values(fn(x.flat_values, *args, **kwargs))


def _dense_reduce(op_type, x, axis, keepdims):
    attrs = {"keep_dims": bool(keepdims), "axis": axis}
    return apply_op(op_type, [x], attrs)


def _padded(rt, op_type):
    dtype = rt.dtype
    if op_type in _IDENTITY:
        default = _IDENTITY[op_type]
    elif op_type == "Max":
        default = np.finfo(dtype.np_dtype).min if dtype.is_floating else np.iinfo(dtype.np_dtype).min
    else:   # Min
        default = np.finfo(dtype.np_dtype).max if dtype.is_floating else np.iinfo(dtype.np_dtype).max
    return rt.to_tensor(default_value=array_ops.constant(default, dtype=dtype))


def ragged_reduce(op_type, rt, axis, keepdims, name=None):
    """TF's ragged reduction (``ragged_math_ops.ragged_reduce_aggregate``) for ``op_type`` Sum, Mean, Max, Min,
    Prod, All, Any."""
    rank = rt.shape.rank
    if axis is None:
        if keepdims:
            raise NotImplementedError("tfcompat: keepdims=True with axis=None on a RaggedTensor.")
        return _dense_reduce(op_type, rt.flat_values, list(builtins.range(rt.flat_values.shape.rank)), False)
    if isinstance(axis, Tensor):
        from tfcompat._src.framework.dispatch import constant_value
        axis = constant_value(axis).tolist()
    axes = sorted({a + rank if a < 0 else a for a in (axis if isinstance(axis, (list, tuple)) else [axis])},
                  reverse=True)
    result = rt
    for a in axes:
        result = _reduce_one(op_type, result, a, keepdims) if isinstance(result, RaggedTensor) else \
            _dense_reduce(op_type, result, a, keepdims)
    return result


def _reduce_one(op_type, rt, axis, keepdims):
    if axis > rt.ragged_rank:   # a uniform inner dimension
        return rt.with_flat_values(_dense_reduce(op_type, rt.flat_values, axis - rt.ragged_rank, keepdims))
    if axis >= 2:
        return rt.with_values(_reduce_one(op_type, rt.values, axis - 1, keepdims))
    if rt.ragged_rank != 1:
        raise NotImplementedError("tfcompat: reducing over axis 0 or 1 of a RaggedTensor with ragged_rank > 1.")
    if op_type == "Mean":
        total = _dense_reduce("Sum", _padded(rt, "Sum"), axis, keepdims)
        ones = rt.with_flat_values(array_ops.ones_like(rt.flat_values))
        count = _dense_reduce("Sum", _padded(ones, "Sum"), axis, keepdims)
        return math_ops.truediv(total, count)   # TF's ragged mean: int inputs give float64, as truediv
    return _dense_reduce(op_type, _padded(rt, op_type), axis, keepdims)


composite_dispatch.register_handler(RaggedTensor, _RaggedHandler())


def _ragged_truediv(x, y):
    # TF's truediv (int32 -> float64 ...) on the flat values.
    base = x if isinstance(x, RaggedTensor) else y
    fx = _flat_operand(base, x) if x is not base else base.flat_values
    fy = _flat_operand(base, y) if y is not base else base.flat_values
    return base.with_flat_values(math_ops.truediv(fx, fy))


def _install_operators():
    def binary(op_type, reverse=False):
        def method(self, other):
            x, y = (other, self) if reverse else (self, other)
            return _RaggedHandler.binary(op_type, x, y, None)
        return method

    table = {"add": "AddV2", "sub": "Sub", "mul": "Mul", "floordiv": "FloorDiv", "mod": "FloorMod", "pow": "Pow"}
    for py, op in table.items():
        setattr(RaggedTensor, f"__{py}__", binary(op))
        setattr(RaggedTensor, f"__r{py}__", binary(op, reverse=True))
    for py, op in {"lt": "Less", "le": "LessEqual", "gt": "Greater", "ge": "GreaterEqual", "eq": "Equal",
                   "ne": "NotEqual"}.items():
        setattr(RaggedTensor, f"__{py}__", binary(op))
    RaggedTensor.__truediv__ = lambda self, other: _ragged_truediv(self, other)
    RaggedTensor.__rtruediv__ = lambda self, other: _ragged_truediv(other, self)
    RaggedTensor.__and__ = binary("LogicalAnd")
    RaggedTensor.__or__ = binary("LogicalOr")
    RaggedTensor.__neg__ = lambda self: _RaggedHandler.unary("Neg", self, None)
    RaggedTensor.__abs__ = lambda self: _RaggedHandler.unary("Abs", self, None)
    RaggedTensor.__invert__ = lambda self: _RaggedHandler.unary("LogicalNot", self, None)
    # ``tensor - ragged``: tf.Tensor's operators fall back to dispatch on the function they apply (TF's
    # ``Tensor.__sub__`` returns NotImplemented, so Python asks ``RaggedTensor.__rsub__``: the same result).
    from tfcompat._src.ops import operators
    dense_first = {math_ops.add: "AddV2", math_ops.subtract: "Sub", operators._mul: "Mul",
                   math_ops.floordiv: "FloorDiv", math_ops.floormod: "FloorMod", math_ops.pow: "Pow",
                   math_ops.less: "Less", math_ops.less_equal: "LessEqual", math_ops.greater: "Greater",
                   math_ops.greater_equal: "GreaterEqual"}
    for fn, op in dense_first.items():
        dispatch_for_types(fn, RaggedTensor)(lambda x, y, name=None, op=op: _RaggedHandler.binary(op, x, y, None))
    dispatch_for_types(operators._truediv, RaggedTensor)(lambda x, y, name=None: _ragged_truediv(x, y))



@dispatch_for_types(array_ops.tile, RaggedTensor)
def _ragged_tile(input, multiples, name=None):  # noqa: A002 - TF's argument name
    """TF's ``ragged_array_ops.tile`` for one ragged dimension: row ``i`` repeats its values ``multiples[1]``
    times, the rows repeat ``multiples[0]`` times, inner dense dimensions tile as ``tf.tile`` does."""
    m = static_int_list(multiples)
    rank = input.shape.rank
    if m is None or input.ragged_rank != 1:
        raise NotImplementedError("tf.tile of a RaggedTensor supports python multiples and ragged_rank 1 in "
                                  "tfcompat; tile rt.to_tensor() or each ragged level instead.")
    if len(m) != rank:   # TF indexes its constant multiples per dimension (a numpy IndexError)
        raise IndexError(f"index {len(m)} is out of bounds for axis 0 with size {len(m)}")
    values = input.values if len(m) == 2 else array_ops.tile(input.values, [1] + m[2:])
    rows = array_ops.tile(array_ops.range(input.nrows(out_type=dtypes.int64)), [m[0]])
    lengths = array_ops.gather(input.row_lengths(), rows)
    starts = array_ops.gather(input.row_starts(), rows)
    new_lengths = lengths * m[1]
    positions = range(new_lengths, dtype=dtypes.int64)
    row_of = positions.value_rowids()
    source = array_ops.gather(starts, row_of) + math_ops.floormod(positions.flat_values,
                                                                  array_ops.gather(lengths, row_of))
    return RaggedTensor.from_row_lengths(array_ops.gather(values, source), new_lengths, validate=False)


@dispatch_for_types(array_ops.expand_dims, RaggedTensor)
def _ragged_expand_dims(input, axis=None, name=None, dim=None):  # noqa: A002 - TF's argument name
    """TF's ``ragged_array_ops.expand_dims``: axis 0 wraps the rows in one row, axis 1 makes each row its own
    row of length 1, a deeper axis expands the values (reached once ``tf.expand_dims`` falls back to dispatch, as
    ``tf.tile`` does)."""
    axis = dim if axis is None else axis
    rank = input.shape.rank
    if axis < 0:
        axis += rank + 1
    if axis == 0:
        return RaggedTensor.from_uniform_row_length(input, input.nrows(), nrows=1)
    if axis == 1:
        return RaggedTensor.from_uniform_row_length(input, 1)
    return input.with_values(array_ops.expand_dims(input.values, axis - 1))


@dispatch_for_types(array_manip_ops.reverse, RaggedTensor)
def _ragged_reverse(tensor, axis, name=None):
    """TF's ``ragged_array_ops.reverse``: ``tensor[::-1]`` on each axis of ``axis`` (a python list of ints or a
    constant tensor), reached once ``tf.reverse`` falls back to dispatch.

    Raises:
      TypeError: ``axis`` is not a list of ints or a constant tensor (TF's message)."""
    message = "`axis` must be a list of int or a constant tensorwhen reversing axes in a ragged tensor"
    if isinstance(axis, Tensor):
        from tfcompat._src.framework.dispatch import constant_value
        value = constant_value(axis)
        if value is None:
            raise TypeError(message)
        axis = list(np.asarray(value).reshape(-1))   # numpy ints: TF's get_positive_axis then rejects them
    elif not (isinstance(axis, (list, tuple)) and all(isinstance(a, int) for a in axis)):
        raise TypeError(message)
    rank = tensor.shape.rank
    for i, a in enumerate(axis):
        if not isinstance(a, int):
            raise TypeError(f"axis[{i}] must be an int; got {type(a).__name__}")
        if not -rank <= a < rank:
            raise ValueError(f"axis[{i}]={a} out of bounds: expected {-rank}<=axis[{i}]<{rank}")
    axis = [a % rank for a in axis]
    slices = [slice(None)] * (max(axis) + 1 if axis else 0)
    for a in axis:
        slices[a] = slice(None, None, -1)
    return tensor[tuple(slices)]


_install_operators()
