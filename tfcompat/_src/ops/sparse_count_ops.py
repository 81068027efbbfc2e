"""Bin counts of SparseTensors and RaggedTensors: ``tf.sparse.bincount`` (ops ``DenseCountSparseOutput``,
``SparseCountSparseOutput``, ``RaggedCountSparseOutput``: a SparseTensor of counts) and ``tf.math.bincount`` of a
SparseTensor or RaggedTensor (ops ``SparseBincount``, ``RaggedBincount``: a dense tensor), as TF 2.21's
``sparse_ops.py``/``ragged_bincount_ops.py`` build them.

``axis=0`` counts every value; ``axis=-1`` counts each batch row (a sparse tensor's first index, a ragged tensor's
rows). The dense ``tf.math.bincount`` (``math_more_ops.py``) reaches the composite versions through TF's fallback
dispatch (``framework/api_dispatch.py``)."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.api_dispatch import dispatch_for_types
from tfcompat._src.framework.name_scope import control_dependencies, name_scope
from tfcompat._src.framework.op_def import NO_GRADIENT, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32_64, Arg
from tfcompat._src.framework.sparse_tensor import SparseTensor, SparseTensorValue
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.ops import array_ops, debugging_ops, math_more_ops, math_ops, reduction_ops
from tfcompat._src.ops._helpers import to_tensor
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["sparse_bincount"]

_I64 = dtypes.int64
_COUNT_WEIGHTS = ("int32", "int64", "float", "double")
_EXCLUSIVE = "Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one."


# ------------------------------------------------------------------------------------------------
# kernels
# ------------------------------------------------------------------------------------------------
def _count_sparse_output(rows, num_rows, values, weights, minlength, maxlength, binary_output):
    """The SparseTensor parts of the counts of ``values`` (per row when ``rows`` is given), as TF's count_ops.cc:
    values >= ``maxlength`` are dropped; the bins are ``maxlength`` when set, else max(largest value (0 when
    none) + 1, ``minlength``)."""
    v = values.long().reshape(-1)
    if v.numel() and int(v.min()) < 0:
        raise errors.InvalidArgumentError("Input values must all be non-negative")
    w = weights.reshape(-1) if weights.numel() else torch.ones(v.shape[0], dtype=weights.dtype)
    if maxlength > 0:
        keep = v < maxlength
        v, w = v[keep], w[keep]
        rows = rows[keep] if rows is not None else None
    largest = int(v.max()) if v.numel() else 0
    bins = maxlength if maxlength > 0 else max(largest + 1, minlength)
    r = rows.long() if rows is not None else torch.zeros_like(v)
    key, inverse = torch.unique(r * max(bins, 1) + v, sorted=True, return_inverse=True)
    counts = torch.ones(key.shape[0], dtype=w.dtype) if binary_output else \
        w.new_zeros(key.shape[0]).index_add(0, inverse, w)
    row_of, value_of = torch.div(key, max(bins, 1), rounding_mode="floor"), key % max(bins, 1)
    if rows is None:
        return value_of.reshape(-1, 1), counts, torch.tensor([bins], dtype=torch.int64)
    return torch.stack([row_of, value_of], 1), counts, torch.tensor([num_rows, bins], dtype=torch.int64)


def _count_shapes(rank):
    def shape_fn(inputs, attrs):
        weights = inputs[-1]
        return [(TensorShape([None, rank]), _I64), (TensorShape([None]), weights.dtype), (TensorShape([rank]), _I64)]
    return shape_fn


_COUNT_ATTRS = {"weights": Arg("output_type", _COUNT_WEIGHTS)}


@register_op("DenseCountSparseOutput", grad=NOT_DIFFERENTIABLE, num_outputs=3, inputs=("values", "weights"),
             types=dict(_COUNT_ATTRS, values=Arg("T", INT32_64)), shape_fn=_count_shapes(None))
def _dense_count_sparse_output(values, weights, *, minlength=-1, maxlength=-1, binary_output=False):
    if values.dim() not in (1, 2):
        raise errors.InvalidArgumentError(f"Input must be a 1 or 2-dimensional tensor. Got: {list(values.shape)}")
    rows = None if values.dim() == 1 else torch.arange(values.shape[0]).unsqueeze(1).expand_as(values).reshape(-1)
    return _count_sparse_output(rows, values.shape[0], values, weights, minlength, maxlength, binary_output)


@register_op("SparseCountSparseOutput", grad=NOT_DIFFERENTIABLE, num_outputs=3,
             inputs=("indices", "values", "dense_shape", "weights"),
             types=dict(_COUNT_ATTRS, values=Arg("T", INT32_64)), shape_fn=_count_shapes(None))
def _sparse_count_sparse_output(indices, values, dense_shape, weights, *, minlength=-1, maxlength=-1,
                                binary_output=False):
    is_1d = dense_shape.numel() == 1
    rows = None if is_1d else indices[:, 0]
    return _count_sparse_output(rows, None if is_1d else int(dense_shape[0]), values, weights, minlength,
                                maxlength, binary_output)


@register_op("RaggedCountSparseOutput", grad=NOT_DIFFERENTIABLE, num_outputs=3,
             inputs=("splits", "values", "weights"),
             types=dict(_COUNT_ATTRS, values=Arg("T", INT32_64)), shape_fn=_count_shapes(2))
def _ragged_count_sparse_output(splits, values, weights, *, minlength=-1, maxlength=-1, binary_output=False):
    return _count_sparse_output(_rows_of_splits(splits), splits.shape[0] - 1, values, weights, minlength,
                                maxlength, binary_output)


def _rows_of_splits(splits):
    lengths = (splits[1:] - splits[:-1]).long()
    return torch.repeat_interleave(torch.arange(lengths.shape[0]), lengths)


def _bincount_rows(rows, num_rows, values, size, weights, binary_output):
    """Dense counts [num_rows, size] (or [size] without rows) of the values in [0, size); others dropped."""
    n = int(size)
    if n < 0:
        raise errors.InvalidArgumentError(f"size ({n}) must be non-negative")
    v = values.long().reshape(-1)
    r = rows.long() if rows is not None else torch.zeros_like(v)
    keep = (v >= 0) & (v < n)
    src = torch.ones(v.shape[0], dtype=weights.dtype) if binary_output or not weights.numel() \
        else weights.reshape(-1)
    out = torch.zeros(((1 if rows is None else num_rows) * n,), dtype=weights.dtype)
    flat = (r * n + v)[keep]
    out = out.scatter_reduce(0, flat, src[keep], "amax") if binary_output else out.index_add(0, flat, src[keep])
    return out.reshape(n) if rows is None else out.reshape(num_rows, n)


def _bincount_shape(inputs, attrs):
    return [(TensorShape(None), inputs[-1].dtype)]


_BINCOUNT_TYPES = {"values": Arg("Tidx", INT32_64), "size": Arg("Tidx", INT32_64),
                   "weights": Arg("T", _COUNT_WEIGHTS)}


@register_op("SparseBincount", grad=NO_GRADIENT, inputs=("indices", "values", "dense_shape", "size", "weights"),
             types=_BINCOUNT_TYPES, shape_fn=_bincount_shape)
def _sparse_bincount(indices, values, dense_shape, size, weights, *, binary_output=False):
    if dense_shape.numel() == 1:
        return _bincount_rows(None, None, values, size, weights, binary_output)
    return _bincount_rows(indices[:, 0], int(dense_shape[0]), values, size, weights, binary_output)


@register_op("RaggedBincount", grad=NO_GRADIENT, inputs=("splits", "values", "size", "weights"),
             types=_BINCOUNT_TYPES, shape_fn=_bincount_shape)
def _ragged_bincount(splits, values, size, weights, *, binary_output=False):
    if values.numel() and int(values.min()) < 0:
        raise errors.InvalidArgumentError("Input must be non-negative")
    return _bincount_rows(_rows_of_splits(splits), splits.shape[0] - 1, values, size, weights, binary_output)


# ------------------------------------------------------------------------------------------------
# weights (TF's validate_{dense,sparse,ragged}_weights)
# ------------------------------------------------------------------------------------------------
def _no_weights(dtype):
    return array_ops.constant([], dtype=dtype)


def _dense_weights(values, weights, dtype=None):
    if weights is None:
        return _no_weights(dtype or values.dtype)
    if not isinstance(weights, Tensor):
        raise ValueError("Argument `weights` must be a tf.Tensor if `values` is a tf.Tensor. Received "
                         f"weights={weights} of type: {type(weights).__name__}")
    return weights


# composite class -> (TF's message for weights of another class, the components weights must share with values)
_WEIGHTS_RULES = {
    SparseTensor: ("Argument `weights` must be a SparseTensor if `values` is a SparseTensor. Received weights={} "
                   "of type: {}", (("dense_shape", "dense shape"), ("indices", "indices"))),
    RaggedTensor: ("`weights` must be a RaggedTensor if `values` is a RaggedTensor. Received argument weights={} "
                   "of type: {}.", (("row_splits", "row splits"),)),
}


def _composite_weights(values, weights, dtype=None):
    """TF's validate_sparse_weights / validate_ragged_weights: the weights' values, checked (at run time) to
    share ``values``' structure."""
    if weights is None:
        return _no_weights(dtype or values.values.dtype)
    message, shared = _WEIGHTS_RULES[type(values)]
    if not isinstance(weights, type(values)):
        raise ValueError(message.format(_numpy_text(weights), type(weights).__name__))
    checks = [debugging_ops.assert_equal(getattr(weights, attr), getattr(values, attr),
                                         message=f"'weights' and 'values' must have the same {what}.")
              for attr, what in shared if getattr(weights, attr) is not getattr(values, attr)]
    with control_dependencies(checks):
        return array_ops.identity(weights.values)


def _numpy_text(value):
    numpy = getattr(value, "numpy", None)
    return numpy() if callable(numpy) else value


def _check_axis_and_exclusive(weights, binary_output, axis):
    if weights is not None and binary_output:
        raise ValueError(_EXCLUSIVE)
    axis = 0 if axis is None else axis
    if axis not in (0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are currently supported.")
    return axis


# ------------------------------------------------------------------------------------------------
# tf.sparse.bincount
# ------------------------------------------------------------------------------------------------
def sparse_bincount(values, weights=None, axis=0, minlength=None, maxlength=None, binary_output=False,
                    name=None):
    """Mirrors ``tf.sparse.bincount``: the count (summed weight; 1 with ``binary_output``) of each value of a
    dense, sparse or ragged ``values``, per batch row with ``axis=-1``, as a SparseTensor. ``weights`` has the
    structure (and, for a SparseTensor, the indices) of ``values``."""
    with name_scope(name, "count"):
        if isinstance(values, SparseTensorValue):
            values = SparseTensor.from_value(values)
        if not isinstance(values, (SparseTensor, RaggedTensor)):
            values = to_tensor(values, name="values")
        if weights is not None and not isinstance(weights, (SparseTensor, RaggedTensor)):
            weights = to_tensor(weights, name="weights")
        axis = _check_axis_and_exclusive(weights, binary_output, axis)
        attrs = {"minlength": -1 if minlength is None else int(minlength),
                 "maxlength": -1 if maxlength is None else int(maxlength), "binary_output": bool(binary_output)}
        if axis == 0:
            if isinstance(values, (SparseTensor, RaggedTensor)):
                weights = _composite_weights(values, weights) if weights is not None else None
                values = values.values
            else:
                weights = array_ops.reshape(weights, [-1]) if weights is not None else None
                values = array_ops.reshape(values, [-1])
        if isinstance(values, SparseTensor):
            weights = _composite_weights(values, weights)
            parts = apply_op("SparseCountSparseOutput", [values.indices, values.values, values.dense_shape, weights],
                             attrs)
        elif isinstance(values, RaggedTensor):
            weights = _composite_weights(values, weights)
            if isinstance(values.values, RaggedTensor):   # TF's conversion error, surfaced as ValueError
                raise ValueError("TypeError: object of type 'RaggedTensor' has no len()")
            parts = apply_op("RaggedCountSparseOutput", [values.row_splits, values.values, weights], attrs)
        else:
            weights = _dense_weights(values, weights)
            parts = apply_op("DenseCountSparseOutput", [values, weights], attrs)
        return SparseTensor(*parts)


# ------------------------------------------------------------------------------------------------
# tf.math.bincount of a SparseTensor / RaggedTensor (TF's dispatch_for_api handlers)
# ------------------------------------------------------------------------------------------------
def _output_size(arr, total_size, max_value, minlength, maxlength):
    size = math_ops.multiply(math_ops.cast(math_ops.greater(total_size, 0), arr.dtype), math_ops.add(max_value, 1))
    if minlength is not None:
        size = math_ops.maximum(to_tensor(minlength, dtype=arr.dtype, name="minlength"), size)
    if maxlength is not None:
        size = math_ops.minimum(to_tensor(maxlength, dtype=arr.dtype, name="maxlength"), size)
    return size


@dispatch_for_types(math_more_ops.bincount, SparseTensor)
def _bincount_sparse(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32, name=None, axis=None,
                     binary_output=False):
    with name_scope("bincount" if name is None else name):
        axis = _check_axis_and_exclusive(weights, binary_output, axis)
        if not arr.dtype.is_integer:
            arr = math_ops.cast(arr, dtypes.int32)
        total_size = reduction_ops.reduce_prod(arr.dense_shape)
        max_value = math_ops.maximum(reduction_ops.reduce_max(arr.values), -1)
        size = _output_size(arr, total_size, max_value, minlength, maxlength)
        attrs = {"binary_output": bool(binary_output)}
        if axis == 0:
            weights = _composite_weights(arr, weights, dtype) if weights is not None else None
            return apply_op("DenseBincount", [arr.values, size, _dense_weights(arr.values, weights, dtype)], attrs)
        weights = _composite_weights(arr, weights, dtype)
        return apply_op("SparseBincount", [arr.indices, arr.values, arr.dense_shape, size, weights], attrs)


@dispatch_for_types(math_more_ops.bincount, RaggedTensor)
def _bincount_ragged(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32, name=None, axis=None,
                     binary_output=False):
    with name_scope("bincount" if name is None else name):
        if weights is not None and not isinstance(weights, (SparseTensor, RaggedTensor)):
            weights = to_tensor(weights, name="weights")
        axis = _check_axis_and_exclusive(weights, binary_output, axis)
        if not arr.dtype.is_integer:
            arr = math_ops.cast(arr, dtypes.int32)
        flat = arr.flat_values
        size = _output_size(arr, reduction_ops.reduce_prod(array_ops.shape(flat)), reduction_ops.reduce_max(flat),
                            minlength, maxlength)
        attrs = {"binary_output": bool(binary_output)}
        if axis == 0:
            while isinstance(arr, RaggedTensor):
                weights = _composite_weights(arr, weights, dtype) if weights is not None else None
                arr = arr.values
            return apply_op("DenseBincount", [arr, size, _dense_weights(arr, weights, dtype)], attrs)
        weights = _composite_weights(arr, weights, dtype)
        if isinstance(arr.values, RaggedTensor):
            raise ValueError("TypeError: object of type 'RaggedTensor' has no len()")
        return apply_op("RaggedBincount", [arr.row_splits, arr.values, size, weights], attrs)
