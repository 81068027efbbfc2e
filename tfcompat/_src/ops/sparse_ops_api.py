"""``tf.sparse.*`` and the TF1 ``tf.compat.v1.sparse_*`` functions, on the raw ops of ``ops/sparse_ops.py``.

Each function takes and returns ``SparseTensor``s (a ``SparseTensorValue`` is accepted wherever a SparseTensor
is), splitting them into their three component tensors around one registered op, as TF's ``ops/sparse_ops.py``
does. Also here: ``tf.compat.v1.sparse_placeholder``, the densifying conversion of ``tf.IndexedSlices`` and the
operators TF defines on ``SparseTensor`` (``*`` and ``/`` with a dense tensor)."""
from __future__ import annotations

import builtins

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, constant_value, convert_to_tensor
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.op_def import resolve_legacy
from tfcompat._src.framework.sparse_tensor import SparseTensor, SparseTensorValue
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.ops import sparse_ops  # noqa: F401 - registers the sparse raw ops
from tfcompat._src.ops import sparse_dispatch  # noqa: F401 - tf.abs(sparse) etc. (composite dispatch)
from tfcompat._src.ops.sparse_count_ops import sparse_bincount as bincount
from tfcompat._src.ops._helpers import static_int_list, to_tensor
from tfcompat._src.ops.scatter_ops import tensor_scatter_nd_add, unsorted_segment_sum

__all__ = ["to_dense", "from_dense", "add", "add_v1", "concat", "concat_v1", "reshape", "reduce_sum",
           "reduce_sum_v1", "reduce_max", "reduce_max_v1", "reduce_sum_sparse", "reduce_max_sparse",
           "sparse_dense_matmul", "softmax", "retain", "slice", "reorder", "transpose", "expand_dims",
           "fill_empty_rows", "mask", "maximum", "minimum", "split", "split_v1", "segment_sum", "segment_mean",
           "segment_sqrt_n", "segment_sum_v1", "segment_mean_v1", "segment_sqrt_n_v1", "to_indicator", "merge",
           "bincount", "sampled_addmm", "eye", "reset_shape", "map_values", "sparse_placeholder",
           "sparse_dense_cwise"]


def _sp(x, what="Input") -> SparseTensor:
    if isinstance(x, SparseTensorValue):
        return SparseTensor.from_value(x)
    if not isinstance(x, SparseTensor):
        raise TypeError(f"{what} must be a SparseTensor.")
    return x


def _static_axes(axis, fn):
    if axis is None:
        return None
    axes = static_int_list(axis)
    if axes is None:
        raise NotImplementedError(f"{fn}: tfcompat needs a constant axis.")
    return axes


# ------------------------------------------------------------------------------------------------
# dense <-> sparse
# ------------------------------------------------------------------------------------------------
def _zero_of(dtype):
    if dtype is dtypes.string:
        return b""
    if dtype is dtypes.bool_:
        return False
    return 0


def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """Mirrors ``tf.sparse.to_dense`` (op ``SparseToDense``): unsorted or repeated indices raise
    InvalidArgumentError when ``validate_indices``. Differentiable in the values."""
    sp = _sp(sp_input)
    default = to_tensor(_zero_of(sp.dtype) if default_value is None else default_value, dtype=sp.dtype)
    out = apply_op("SparseToDense", [sp.indices, sp.dense_shape, sp.values, default],
                   {"validate_indices": bool(validate_indices)}, name=name)
    return out


def from_dense(tensor, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.from_dense``: the non-zero (non-empty for strings) elements, in row-major order."""
    t = to_tensor(tensor)
    zero = to_tensor(_zero_of(t.dtype), dtype=t.dtype)
    indices = array_ops.where(math_ops.not_equal(t, zero))
    return SparseTensor(indices, array_ops.gather_nd(t, indices), array_ops.shape(t, out_type=dtypes.int64))


def eye(num_rows, num_columns=None, dtype=dtypes.float32, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.eye``: ones on the main diagonal of a [num_rows, num_columns] SparseTensor."""
    rows = static_int_list(num_rows)
    cols = rows if num_columns is None else static_int_list(num_columns)
    if rows is None or cols is None:
        raise NotImplementedError("tf.sparse.eye: tfcompat needs constant num_rows/num_columns.")
    n = builtins.min(rows[0], cols[0])
    diag = np.arange(n, dtype=np.int64)
    return SparseTensor(np.stack([diag, diag], 1).reshape(n, 2), array_ops.ones([n], dtype=dtype),
                        [rows[0], cols[0]])


# ------------------------------------------------------------------------------------------------
# arithmetic
# ------------------------------------------------------------------------------------------------
def add(a, b, threshold=0):
    """Mirrors ``tf.sparse.add``: sparse + sparse (op ``SparseAdd``: a SparseTensor; merged sums whose magnitude
    is below ``threshold`` are dropped) or sparse + dense (op ``SparseTensorDenseAdd``: a dense tensor)."""
    a_sparse = isinstance(a, (SparseTensor, SparseTensorValue))
    b_sparse = isinstance(b, (SparseTensor, SparseTensorValue))
    if not a_sparse and not b_sparse:
        raise TypeError("At least one input should be SparseTensor; do you mean to use tf.add()?")
    if a_sparse and b_sparse:
        a, b = _sp(a), _sp(b)
        real = dtypes.float32 if a.dtype is dtypes.complex64 else (
            dtypes.float64 if a.dtype is dtypes.complex128 else a.dtype)
        thresh = to_tensor(threshold, dtype=real)
        idx, vals, shape = apply_op("SparseAdd", [a.indices, a.values, a.dense_shape, b.indices, b.values,
                                                  b.dense_shape, thresh])
        return SparseTensor(idx, vals, shape)   # TF sets no static shape (a graph result's dims are unknown)
    if b_sparse:
        a, b = b, a
    a = _sp(a)
    return apply_op("SparseTensorDenseAdd", [a.indices, a.values, a.dense_shape, to_tensor(b, dtype=a.dtype)])


def add_v1(a, b, threshold=None, thresh=None):
    """Mirrors ``tf.compat.v1.sparse_add`` (``thresh`` is the old name of ``threshold``)."""
    if threshold is not None and thresh is not None:
        raise ValueError("Cannot specify both 'threshold' and 'thresh'.")
    threshold = threshold if threshold is not None else (thresh if thresh is not None else 0)
    return add(a, b, threshold)


def maximum(sp_a, sp_b, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.maximum`` (op ``SparseSparseMaximum``): missing elements count as zero."""
    return _extreme("SparseSparseMaximum", sp_a, sp_b, name)


def minimum(sp_a, sp_b, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.minimum`` (op ``SparseSparseMinimum``)."""
    return _extreme("SparseSparseMinimum", sp_a, sp_b, name)


def _extreme(op, a, b, name):
    a, b = _sp(a), _sp(b)
    idx, vals = apply_op(op, [a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape], name=name)
    return SparseTensor(idx, vals, a.dense_shape)


def sparse_dense_cwise(kind, sp, dense) -> SparseTensor:
    """``SparseTensor * dense`` / ``SparseTensor / dense`` (ops ``SparseDenseCwiseMul``/``Div``): the dense
    operand is broadcast to the sparse shape and read at the indices."""
    op = {"mul": "SparseDenseCwiseMul", "div": "SparseDenseCwiseDiv", "add": "SparseDenseCwiseAdd"}[kind]
    vals = apply_op(op, [sp.indices, sp.values, sp.dense_shape, to_tensor(dense, dtype=sp.dtype)])
    return SparseTensor(sp.indices, vals, sp.dense_shape)


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    """Mirrors ``tf.sparse.sparse_dense_matmul`` / ``tf.compat.v1.sparse_tensor_dense_matmul`` (op
    ``SparseTensorDenseMatMul``); either operand may be the sparse one. Differentiable in the sparse values and
    the dense operand, as TF."""
    if isinstance(b, (SparseTensor, SparseTensorValue)) and not isinstance(sp_a, (SparseTensor, SparseTensorValue)):
        b = _sp(b)
        # A @ B = (B^T @ A^T)^T, as TF computes the dense x sparse product.
        out = apply_op("SparseTensorDenseMatMul", [b.indices, b.values, b.dense_shape, to_tensor(sp_a, dtype=b.dtype)],
                       {"adjoint_a": not adjoint_b, "adjoint_b": not adjoint_a}, name=name)
        return array_ops.transpose(out) if not (adjoint_a or adjoint_b) or not out.dtype.is_complex else \
            math_ops.conj(array_ops.transpose(out))
    sp = _sp(sp_a)
    return apply_op("SparseTensorDenseMatMul", [sp.indices, sp.values, sp.dense_shape, to_tensor(b, dtype=sp.dtype)],
                    {"adjoint_a": bool(adjoint_a), "adjoint_b": bool(adjoint_b)}, name=name)


def softmax(sp_input, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.softmax`` (op ``SparseSoftmax``): softmax over the last axis among present entries."""
    sp = _sp(sp_input)
    vals = apply_op("SparseSoftmax", [sp.indices, sp.values, sp.dense_shape], name=name)
    return SparseTensor(sp.indices, vals, sp.dense_shape)


# ------------------------------------------------------------------------------------------------
# reductions
# ------------------------------------------------------------------------------------------------
def _reduce(op, sp_input, axis, keepdims, name, sparse_out):
    sp = _sp(sp_input)
    attrs = {"axes": _static_axes(axis, op), "keep_dims": bool(keepdims)}
    if sparse_out:
        idx, vals, shape = apply_op(op + "Sparse", [sp.indices, sp.values, sp.dense_shape], attrs, name=name)
        return SparseTensor(idx, vals, shape)
    return apply_op(op, [sp.indices, sp.values, sp.dense_shape], attrs, name=name)


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """Mirrors ``tf.sparse.reduce_sum`` (ops ``SparseReduceSum``/``SparseReduceSumSparse``)."""
    return _reduce("SparseReduceSum", sp_input, axis, keepdims, name, output_is_sparse)


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """Mirrors ``tf.sparse.reduce_max`` (ops ``SparseReduceMax``/``SparseReduceMaxSparse``): the maximum of the
    present values (missing elements are not counted; an empty group is 0). No gradient, as in TF."""
    return _reduce("SparseReduceMax", sp_input, axis, keepdims, name, output_is_sparse)


def _legacy_reduce_args(axis, keepdims, reduction_axes, keep_dims):
    """TF's deprecated_argument_lookup for the TF1 sparse reductions (``reduction_axes``, ``keep_dims``)."""
    for new, old, value, old_value in (("axis", "reduction_axes", axis, reduction_axes),
                                       ("keepdims", "keep_dims", keepdims, keep_dims)):
        if value is not None and old_value is not None:
            raise ValueError(f"Cannot specify both '{new}' and '{old}'.")
    axis = axis if axis is not None else reduction_axes
    keepdims = keepdims if keepdims is not None else resolve_legacy("keepdims", None, keep_dims=keep_dims)
    return axis, keepdims


def reduce_sum_v1(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
    """Mirrors ``tf.compat.v1.sparse_reduce_sum`` (legacy ``reduction_axes``/``keep_dims``)."""
    axis, keepdims = _legacy_reduce_args(axis, keepdims, reduction_axes, keep_dims)
    return reduce_sum(sp_input, axis, keepdims)


def reduce_max_v1(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
    """Mirrors ``tf.compat.v1.sparse_reduce_max``."""
    axis, keepdims = _legacy_reduce_args(axis, keepdims, reduction_axes, keep_dims)
    return reduce_max(sp_input, axis, keepdims)


def reduce_sum_sparse(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
    """Mirrors ``tf.compat.v1.sparse_reduce_sum_sparse``: a SparseTensor of the non-empty sums."""
    axis, keepdims = _legacy_reduce_args(axis, keepdims, reduction_axes, keep_dims)
    return reduce_sum(sp_input, axis, keepdims, output_is_sparse=True)


def reduce_max_sparse(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
    """Mirrors ``tf.compat.v1.sparse_reduce_max_sparse``."""
    axis, keepdims = _legacy_reduce_args(axis, keepdims, reduction_axes, keep_dims)
    return reduce_max(sp_input, axis, keepdims, output_is_sparse=True)


# ------------------------------------------------------------------------------------------------
# structure
# ------------------------------------------------------------------------------------------------
def concat(axis, sp_inputs, expand_nonconcat_dims=False, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.concat`` (op ``SparseConcat``): output in row-major order; with
    ``expand_nonconcat_dims`` the other dimensions grow to the largest input's. Not differentiable (TF)."""
    if not isinstance(sp_inputs, (list, tuple)):
        raise TypeError("Inputs must be a list")
    sps = [_sp(s, "All inputs") for s in sp_inputs]
    axes = static_int_list(axis)
    if axes is None:
        raise NotImplementedError("tf.sparse.concat: tfcompat needs a constant axis.")
    n = len(sps)
    inputs = [s.indices for s in sps] + [s.values for s in sps] + [s.dense_shape for s in sps]
    idx, vals, shape = apply_op("SparseConcat", inputs, {"N": n, "concat_dim": axes[0],
                                                          "expand_nonconcat_dims": bool(expand_nonconcat_dims)},
                                name=name)
    static = _concat_static_shape(axes[0], [s.shape for s in sps], expand_nonconcat_dims)
    if static.is_fully_defined() and all(s.shape.is_fully_defined() for s in sps):
        return SparseTensor(idx, vals, static.as_list())
    out = SparseTensor(idx, vals, shape)
    out.set_shape(static)
    return out


def _concat_static_shape(axis: int, shapes: list, expand: bool) -> TensorShape:
    """TF's static result shape of ``sparse.concat``: the first input's dims (with ``expand``, the largest as
    python's ``max`` over Dimensions picks it: an unknown one keeps the earlier), the concat dim their sum."""
    if any(s.rank is None for s in shapes):
        return TensorShape(None)
    dims = list(shapes[0].dims)
    if expand:
        dims = [builtins.max(s.dims[d] for s in shapes) for d in range(len(dims))]
    dims[axis] = builtins.sum((s.dims[axis] for s in shapes[1:]), shapes[0].dims[axis])
    return TensorShape(dims)


def concat_v1(axis, sp_inputs, name=None, expand_nonconcat_dim=False, concat_dim=None,
              expand_nonconcat_dims=None):
    """Mirrors ``tf.compat.v1.sparse_concat`` (legacy ``concat_dim``/``expand_nonconcat_dim``)."""
    axis = resolve_legacy("axis", axis, concat_dim=concat_dim)
    expand = expand_nonconcat_dims if expand_nonconcat_dims is not None else expand_nonconcat_dim
    return concat(axis, sp_inputs, expand, name)


def reshape(sp_input, shape, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.reshape`` (op ``SparseReshape``): one -1 dimension is inferred."""
    sp = _sp(sp_input)
    idx, new_shape = apply_op("SparseReshape", [sp.indices, sp.dense_shape, to_tensor(shape, dtype=dtypes.int64)],
                              name=name)
    return SparseTensor(idx, sp.values, new_shape)


def reorder(sp_input, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.reorder`` (op ``SparseReorder``): entries in row-major order."""
    sp = _sp(sp_input)
    idx, vals = apply_op("SparseReorder", [sp.indices, sp.values, sp.dense_shape], name=name)
    if sp.shape.is_fully_defined():
        return SparseTensor(idx, vals, sp.shape.as_list())
    out = SparseTensor(idx, vals, array_ops.identity(sp.dense_shape))
    out.set_shape(sp.shape)
    return out


def transpose(sp_input, perm=None, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.transpose``: permutes the index columns and the dense shape, then reorders."""
    sp = _sp(sp_input)
    rank = sp.shape.rank
    if perm is None:
        if rank is None:
            r = array_ops.shape(sp.dense_shape)[0]
            perm = (r - 1) - array_ops.range(0, r, 1)
        else:
            perm = list(builtins.range(rank))[::-1]
    p = to_tensor(perm)
    idx = array_ops.gather(sp.indices, p, axis=1)
    shape = array_ops.gather(sp.dense_shape, p)
    return reorder(SparseTensor(idx, sp.values, shape))


def expand_dims(sp_input, axis=None, name=None) -> SparseTensor:
    """Mirrors ``tf.sparse.expand_dims``: a size-1 dimension inserted at ``axis`` (negative counts from the
    end of the result). The dense shape is cut with ``Slice`` as TF's, so a graph result's static shape keeps
    only the new 1 (TF's ``constant_value_as_shape`` does not see through ``Slice``)."""
    sp = _sp(sp_input)
    rank = sp.shape.rank
    axis = -1 if axis is None else axis
    static_axis = static_int_list(axis)
    if isinstance(axis, bool) or (static_axis is None and not hasattr(axis, "dtype")):
        raise TypeError("axis must be an integer value in range [-rank(sp_input) - 1, rank(sp_input)]")
    if rank is not None and static_axis is not None:
        a = static_axis[0] + rank + 1 if static_axis[0] < 0 else static_axis[0]
        begin, width = to_tensor([a], dtype=dtypes.int32), to_tensor([a], dtype=dtypes.int32)
    else:
        r = array_ops.shape(sp.dense_shape)[0] if rank is None else rank
        ax = to_tensor(axis, dtype=dtypes.int32)
        a = array_ops.where(ax >= 0, ax, ax + r + 1)
        begin = width = array_ops.reshape(a, [1])
    n = array_ops.shape(sp.indices)[0:1]
    zeros = array_ops.zeros(array_ops.concat([n, [1]], 0), dtype=dtypes.int64)
    before = array_ops.slice(sp.indices, [0, 0], array_ops.concat([[-1], width], 0))
    after = array_ops.slice(sp.indices, array_ops.concat([[0], begin], 0), [-1, -1])
    idx = array_ops.concat([before, zeros, after], 1)
    shape = array_ops.concat([array_ops.slice(sp.dense_shape, [0], width), to_tensor([1], dtype=dtypes.int64),
                              array_ops.slice(sp.dense_shape, begin, [-1])], 0)
    return SparseTensor(idx, sp.values, shape)


def slice(sp_input, start, size, name=None) -> SparseTensor:  # noqa: A001 - TF's name
    """Mirrors ``tf.sparse.slice`` (op ``SparseSlice``): the entries inside [start, start + size), shifted."""
    sp = _sp(sp_input)
    idx, vals, shape = apply_op("SparseSlice", [sp.indices, sp.values, sp.dense_shape,
                                                to_tensor(start, dtype=dtypes.int64),
                                                to_tensor(size, dtype=dtypes.int64)], name=name)
    return SparseTensor(idx, vals, shape)


def split(sp_input=None, num_split=None, axis=None, name=None) -> list:
    """Mirrors ``tf.sparse.split`` (op ``SparseSplit``): the first ``size % num_split`` parts are one larger."""
    if sp_input is None:
        raise ValueError("sp_input is required")
    if num_split is None:
        raise ValueError("num_split is required")
    if axis is None:
        raise ValueError("axis is required")
    sp = _sp(sp_input)
    outs = apply_op("SparseSplit", [to_tensor(axis, dtype=dtypes.int64), sp.indices, sp.values, sp.dense_shape],
                    {"num_split": int(num_split)}, name=name)
    k = int(num_split)
    return [SparseTensor(outs[i], outs[k + i], outs[2 * k + i]) for i in range(k)]


def split_v1(keyword_required=None, sp_input=None, num_split=None, axis=None, name=None, split_dim=None):
    """Mirrors ``tf.compat.v1.sparse_split`` (keyword arguments only; ``split_dim`` is the old ``axis``)."""
    if keyword_required is not None:
        raise ValueError("Keyword arguments are required for this function.")
    axis = resolve_legacy("axis", axis, split_dim=split_dim)
    return split(sp_input=sp_input, num_split=num_split, axis=axis, name=name)


def retain(sp_input, to_retain) -> SparseTensor:
    """Mirrors ``tf.sparse.retain``: the entries where the bool vector ``to_retain`` is True."""
    sp = _sp(sp_input)
    keep = to_tensor(to_retain)
    where = array_ops.reshape(array_ops.where(keep), [-1])
    return SparseTensor(array_ops.gather(sp.indices, where), array_ops.gather(sp.values, where),
                        array_ops.identity(sp.dense_shape))


def fill_empty_rows(sp_input, default_value, name=None):
    """Mirrors ``tf.sparse.fill_empty_rows`` (op ``SparseFillEmptyRows``): (the SparseTensor with an entry
    ``[row, 0, ...] = default_value`` for every empty row, the bool empty-row indicator)."""
    sp = _sp(sp_input)
    default = to_tensor(default_value, dtype=sp.dtype)
    idx, vals, empty, _ = apply_op("SparseFillEmptyRows", [sp.indices, sp.values, sp.dense_shape, default],
                                   name=name)
    return SparseTensor(idx, vals, sp.dense_shape), empty


def reset_shape(sp_input, new_shape=None) -> SparseTensor:
    """Mirrors ``tf.sparse.reset_shape``: the given dense shape, or the tightest one holding the indices."""
    sp = _sp(sp_input)
    if new_shape is None:
        shape = reduction_ops.reduce_max(sp.indices, axis=0) + to_tensor(1, dtype=dtypes.int64)
        return SparseTensor(sp.indices, sp.values, shape)
    return SparseTensor(sp.indices, sp.values, to_tensor(new_shape, dtype=dtypes.int64))


def merge(sp_ids, sp_values, vocab_size, name=None, already_sorted=False):
    """Mirrors ``tf.compat.v1.sparse_merge`` (deprecated in TF): a SparseTensor whose last index is the id held
    in ``sp_ids`` and whose values are ``sp_values``' (dense shape [..., vocab_size]); reordered unless
    ``already_sorted``."""
    ids, vals = _sp(sp_ids), _sp(sp_values)
    if isinstance(vocab_size, (list, tuple)):
        raise NotImplementedError("tf.compat.v1.sparse_merge: tfcompat supports one vocab_size (one id tensor).")
    new_ids = math_ops.cast(ids.values, dtypes.int64)
    idx = array_ops.concat([ids.indices[:, :-1], array_ops.expand_dims(new_ids, 1)], 1)
    shape = array_ops.concat([ids.dense_shape[:-1], to_tensor([vocab_size], dtype=dtypes.int64)], 0)
    out = SparseTensor(idx, vals.values, shape)
    return out if already_sorted else reorder(out)


def sampled_addmm(indices, values, dense_shape, mat1, mat2, beta=1.0, alpha=1.0, output_type=dtypes.float32):
    """Mirrors ``tf.sparse.sampled_addmm``: ``alpha * (mat1 @ mat2)`` read at ``indices`` plus ``beta *
    values``; returns (indices, new values, dense_shape). Differences: batched (rank > 2) inputs raise
    NotImplementedError."""
    idx = to_tensor(indices)
    if idx.shape.rank is None or idx.shape.rank > 2:
        raise NotImplementedError("tf.sparse.sampled_addmm: tfcompat supports unbatched [N, 2] indices only.")
    product = math_ops.matmul(to_tensor(mat1, dtype=output_type), to_tensor(mat2, dtype=output_type))
    new_values = alpha * array_ops.gather_nd(product, idx) + beta * to_tensor(values, dtype=output_type)
    return idx, new_values, to_tensor(dense_shape)


def to_indicator(sp_input, vocab_size, name=None):
    """Mirrors ``tf.sparse.to_indicator``: a bool tensor of shape dense_shape[:-1] + [vocab_size], True at
    [row..., id] for every id held in the row."""
    sp = _sp(sp_input)
    ids = math_ops.cast(sp.values, dtypes.int64)
    idx = array_ops.concat([sp.indices[:, :-1], array_ops.expand_dims(ids, 1)], 1)
    shape = array_ops.concat([sp.dense_shape[:-1], to_tensor([vocab_size], dtype=dtypes.int64)], 0)
    ones = array_ops.ones_like(ids, dtype=dtypes.bool_)
    return apply_op("SparseToDense", [idx, shape, ones, to_tensor(False)], {"validate_indices": False},
                    name=name)


def map_values(op, *args, **kwargs):
    """Mirrors ``tf.sparse.map_values``: ``op`` applied to the values of the SparseTensor arguments (which must
    share their indices); other arguments pass through."""
    found = []

    def swap(x):
        if isinstance(x, (SparseTensor, SparseTensorValue)):
            found.append(_sp(x))
            return found[-1].values
        return x

    new_args = [swap(a) for a in args]
    new_kwargs = {k: swap(v) for k, v in kwargs.items()}
    if not found:
        raise ValueError("No SparseTensor in argument list of map_values")
    return found[0].with_values(op(*new_args, **new_kwargs))


def mask(a, mask_indices, name=None) -> IndexedSlices:
    """Mirrors ``tf.sparse.mask``: the IndexedSlices ``a`` without the rows listed in ``mask_indices``."""
    kept, pos = apply_op("ListDiff", [a.indices, to_tensor(mask_indices, dtype=a.indices.dtype)],
                         {"out_idx": dtypes.int32})
    return IndexedSlices(array_ops.gather(a.values, pos), kept, a.dense_shape)


def _segment(op, data, indices, segment_ids, num_segments, name):
    ins = [to_tensor(data), to_tensor(indices), to_tensor(segment_ids)]
    if num_segments is not None:
        return apply_op(op + "WithNumSegments", ins + [to_tensor(num_segments)], name=name)
    return apply_op(op, ins, name=name)


def segment_sum(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """Mirrors ``tf.sparse.segment_sum`` (ops ``SparseSegmentSum[WithNumSegments]``): row j of the output is
    the sum of ``data[indices[i]]`` over i with ``segment_ids[i] == j``."""
    return _segment("SparseSegmentSum", data, indices, segment_ids, num_segments, name)


def segment_mean(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """Mirrors ``tf.sparse.segment_mean`` (ops ``SparseSegmentMean[WithNumSegments]``)."""
    return _segment("SparseSegmentMean", data, indices, segment_ids, num_segments, name)


def segment_sqrt_n(data, indices, segment_ids, num_segments=None, name=None, sparse_gradient=False):
    """Mirrors ``tf.sparse.segment_sqrt_n`` (ops ``SparseSegmentSqrtN[WithNumSegments]``)."""
    return _segment("SparseSegmentSqrtN", data, indices, segment_ids, num_segments, name)


def segment_sum_v1(data, indices, segment_ids, name=None, num_segments=None, sparse_gradient=False):
    """Mirrors ``tf.compat.v1.sparse.segment_sum`` (TF1 argument order: ``name`` before ``num_segments``)."""
    return segment_sum(data, indices, segment_ids, num_segments, name)


def segment_mean_v1(data, indices, segment_ids, name=None, num_segments=None, sparse_gradient=False):
    """Mirrors ``tf.compat.v1.sparse.segment_mean`` (TF1 argument order)."""
    return segment_mean(data, indices, segment_ids, num_segments, name)


def segment_sqrt_n_v1(data, indices, segment_ids, name=None, num_segments=None, sparse_gradient=False):
    """Mirrors ``tf.compat.v1.sparse.segment_sqrt_n`` (TF1 argument order)."""
    return segment_sqrt_n(data, indices, segment_ids, num_segments, name)


# ------------------------------------------------------------------------------------------------
# placeholders, conversion, operators
# ------------------------------------------------------------------------------------------------
def sparse_placeholder(dtype, shape=None, name=None) -> SparseTensor:
    """Mirrors ``tf.compat.v1.sparse_placeholder``: a SparseTensor of placeholders, fed with a
    ``SparseTensorValue`` (or an (indices, values, dense_shape) tuple). A given ``shape`` is the default of the
    dense-shape placeholder and the static shape (None or -1 for unknown dimensions)."""
    dtype = dtypes.as_dtype(dtype)
    sub = (lambda s: f"{name}/{s}") if name is not None else (lambda s: None)
    if shape is None:
        rank = None
        dense_shape = array_ops.placeholder(dtypes.int64, shape=[None], name=sub("shape"))
        static = None
    else:
        dims = [None if d is None or d == -1 else int(d) for d in
                (shape.as_list() if isinstance(shape, TensorShape) else list(shape))]
        rank = len(dims)
        static = TensorShape(dims)
        default = convert_to_tensor([-1 if d is None else d for d in dims], dtype=dtypes.int64,
                                    name=sub("shape_default"))
        dense_shape = array_ops.placeholder_with_default(default, shape=[rank], name=sub("shape"))
    values = array_ops.placeholder(dtype, shape=[None], name=sub("values"))
    indices = array_ops.placeholder(dtypes.int64, shape=[None, rank], name=sub("indices"))
    out = SparseTensor(indices, values, dense_shape)
    if static is not None:
        out.set_shape(static)
    return out


def _indexed_slices_to_tensor(self):
    """``tf.convert_to_tensor(IndexedSlices)``: the rows summed into a dense tensor (TF's
    ``_indexed_slices_to_tensor``: unsorted_segment_sum over dense_shape[0])."""
    if self.dense_shape is None:
        raise ValueError(f"Tensor conversion requested for IndexedSlices for argument `value` without "
                         f"dense_shape: {self!s}")
    static = constant_value(self.dense_shape)
    if static is not None:
        return unsorted_segment_sum(self.values, self.indices, int(static.reshape(-1)[0]))
    zeros = array_ops.zeros(self.dense_shape, dtype=self.values.dtype)
    return tensor_scatter_nd_add(zeros, array_ops.expand_dims(self.indices, -1), self.values)


def _indexed_slices_neg(self):
    return IndexedSlices(math_ops.negative(self.values), self.indices, self.dense_shape)


IndexedSlices._as_tensor = _indexed_slices_to_tensor
IndexedSlices.__neg__ = _indexed_slices_neg
SparseTensor.__mul__ = lambda self, other: sparse_dense_cwise("mul", self, other)
SparseTensor.__truediv__ = lambda self, other: sparse_dense_cwise("div", self, other)
SparseTensor.__div__ = SparseTensor.__truediv__

