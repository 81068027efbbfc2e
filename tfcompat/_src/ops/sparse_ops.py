"""The sparse raw ops (TF's ``gen_sparse_ops``), registered under TF's names, with torch kernels.

A sparse tensor travels as three tensors (int64 indices [N, rank], values [N], int64 dense_shape [rank]); the
public ``tf.sparse.*`` functions (``ops/sparse_ops_api.py``) split and rebuild ``SparseTensor``s around these ops.
Kernels compute on row-major linear indices; outputs come in TF's order (row-major where TF sorts, input order
where TF keeps it). Every kernel is differentiable with respect to its values by torch autograd, which gives TF's
gradients (``sparse_grad.py``: the values' gradient is the upstream gradient gathered at the indices); ops TF
registers no gradient for are NO_GRADIENT, and ``SparseConcat`` is not differentiable, as in TF.

Known differences: duplicate indices inside one operand of ``SparseAdd`` are summed (TF's merge keeps both)."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NO_GRADIENT, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32_64, NUMBER, REAL_NUMBER, Arg
from tfcompat._src.framework.shape_values import partial_value
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = []

_I64 = dtypes.int64


# ------------------------------------------------------------------------------------------------
# helpers on torch values
# ------------------------------------------------------------------------------------------------
def _dims(shape_t: torch.Tensor) -> list[int]:
    return [int(d) for d in shape_t.reshape(-1).tolist()]


def _strides(dims: list[int]) -> torch.Tensor:
    out, acc = [], 1
    for d in reversed(dims):
        out.append(acc)
        acc *= max(d, 1)
    return torch.tensor(list(reversed(out)), dtype=torch.int64)


def _linear(indices: torch.Tensor, dims: list[int]) -> torch.Tensor:
    if indices.shape[0] == 0 or not dims:
        return torch.zeros(indices.shape[0], dtype=torch.int64)
    return (indices.long() * _strides(dims)).sum(-1)


def _unravel(lin: torch.Tensor, dims: list[int]) -> torch.Tensor:
    cols, rest = [], lin
    for s in _strides(dims).tolist():
        cols.append(torch.div(rest, s, rounding_mode="floor"))
        rest = rest - cols[-1] * s
    return torch.stack(cols, -1) if cols else lin.new_zeros((lin.shape[0], 0))


def _check_in_bounds(indices: torch.Tensor, dims: list[int], op: str) -> None:
    if indices.shape[0] == 0:
        return
    bound = torch.tensor(dims, dtype=torch.int64)
    bad = (indices < 0) | (indices >= bound)
    if bool(bad.any()):
        i = int(torch.nonzero(bad.any(-1))[0])
        raise errors.InvalidArgumentError(f"{op}: indices[{i}] = {indices[i].tolist()} is out of bounds: need "
                                          f"0 <= index < {dims}")


def _densify(indices, values, dims, fill=None):
    """The dense tensor holding ``values`` at ``indices`` (duplicates add), differentiable in ``values``."""
    base = torch.zeros(dims, dtype=values.dtype) if fill is None else fill.clone()
    if indices.shape[0] == 0:
        return base
    return base.index_put(tuple(indices.long().t()), values, accumulate=True)


def _shapes_out(*specs):
    def shape_fn(inputs, attrs):
        out = []
        for spec in specs:
            out.append(spec(inputs, attrs))
        return out
    return shape_fn


def _rank_of(shape_tensor) -> int | None:
    return shape_tensor.shape.as_list()[0] if shape_tensor.shape.rank else None


def _sparse_triple_shapes(indices_pos, values_pos, shape_pos):
    """Shape function of an op returning (indices [?, rank], values [?], shape [rank])."""
    def fn(inputs, attrs):
        rank = _rank_of(inputs[shape_pos])
        return [(TensorShape([None, rank]), _I64), (TensorShape([None]), inputs[values_pos].dtype),
                (TensorShape([rank]), _I64)]
    return fn


# ------------------------------------------------------------------------------------------------
# products and sums with dense operands
# ------------------------------------------------------------------------------------------------
def _matmul_shape(inputs, attrs):
    # TF's shape fn reads a_shape's partly known value (MakeShapeFromShapeTensor), e.g. tf.stack([n, 5]).
    d = partial_value(inputs[2])
    rows = None
    if isinstance(d, list) and len(d) == 2:
        rows = d[1] if attrs.get("adjoint_a") else d[0]
    b = inputs[3].shape
    cols = None
    if b.rank == 2:
        cols = b.as_list()[0] if attrs.get("adjoint_b") else b.as_list()[1]
    return [(TensorShape([rows, cols]), inputs[1].dtype)]


@register_op("SparseTensorDenseMatMul", grad=DIFFERENTIABLE, inputs=("a_indices", "a_values", "a_shape", "b"),
             types={"a_indices": Arg("Tindices", INT32_64), "a_values": Arg("T"), "b": Arg("T")},
             shape_fn=_matmul_shape)
def _sparse_dense_matmul(a_indices, a_values, a_shape, b, *, adjoint_a=False, adjoint_b=False):
    dims = _dims(a_shape)
    if len(dims) != 2 or b.dim() != 2:
        raise errors.InvalidArgumentError("Tensor 'a_shape' and 'b' must both be matrices (rank 2).")
    _check_in_bounds(a_indices.long(), dims, "SparseTensorDenseMatMul")
    a = _densify(a_indices, a_values, dims)
    if adjoint_a:
        a = a.conj().t()
    if adjoint_b:
        b = b.conj().t()
    if a.shape[1] != b.shape[0]:
        raise errors.InvalidArgumentError(f"Cannot multiply A and B because inner dimension does not match: "
                                          f"{a.shape[1]} vs. {b.shape[0]}.  Did you forget a transpose?  "
                                          f"Dimensions of A: [{a.shape[0]}, {a.shape[1]}).  Dimensions of B: "
                                          f"{list(b.shape)}")
    return a @ b


@register_op("SparseTensorDenseAdd", grad=DIFFERENTIABLE, inputs=("a_indices", "a_values", "a_shape", "b"),
             types={"a_indices": Arg("Tindices", INT32_64), "a_values": Arg("T", NUMBER), "b": Arg("T", NUMBER),
                    "a_shape": Arg("Tindices", INT32_64)},
             shape_fn=lambda inputs, attrs: [(inputs[3].shape, inputs[3].dtype)])
def _sparse_dense_add(a_indices, a_values, a_shape, b):
    dims = _dims(a_shape)
    if dims != list(b.shape):
        raise errors.InvalidArgumentError(f"Dimension mismatch: a_shape = {dims} and b.shape = {list(b.shape)}")
    _check_in_bounds(a_indices.long(), dims, "SparseTensorDenseAdd")
    return _densify(a_indices, a_values, dims, fill=b)


def _cwise_kernel(fn):
    def kernel(sp_indices, sp_values, sp_shape, dense):
        dims = _dims(sp_shape)
        try:
            full = dense.expand(dims) if list(dense.shape) != dims else dense
        except RuntimeError:
            raise errors.InvalidArgumentError(f"SparseDenseBinaryOpShared broadcasts dense to sparse only; got "
                                              f"incompatible shapes: {list(dense.shape)} vs. {dims}") from None
        picked = full[tuple(sp_indices.long().t())] if sp_indices.shape[0] else full.reshape(-1)[:0]
        return fn(sp_values, picked)
    return kernel


def _cwise_div(a, b):
    if not a.is_floating_point() and not a.is_complex():
        return torch.div(a, b, rounding_mode="trunc")
    return a / b


for _name, _fn in (("SparseDenseCwiseMul", torch.mul), ("SparseDenseCwiseDiv", _cwise_div),
                   ("SparseDenseCwiseAdd", torch.add)):
    register_op(_name, grad=DIFFERENTIABLE, inputs=("sp_indices", "sp_values", "sp_shape", "dense"),
                types={"sp_values": Arg("T", NUMBER), "dense": Arg("T", NUMBER)},
                shape_fn=lambda inputs, attrs: [(TensorShape([None]), inputs[1].dtype)])(_cwise_kernel(_fn))


# ------------------------------------------------------------------------------------------------
# sparse + sparse
# ------------------------------------------------------------------------------------------------
def _check_same_shape(a_shape, b_shape):
    a, b = _dims(a_shape), _dims(b_shape)
    if a != b:
        raise errors.InvalidArgumentError(f"Operands' shapes do not match: A.shape = {a} and B.shape = {b}")
    return a


@register_op("SparseAdd", grad=DIFFERENTIABLE, num_outputs=3,
             inputs=("a_indices", "a_values", "a_shape", "b_indices", "b_values", "b_shape", "thresh"),
             types={"a_values": Arg("T", NUMBER), "b_values": Arg("T", NUMBER)},
             shape_fn=_sparse_triple_shapes(0, 1, 2))
def _sparse_add(a_indices, a_values, a_shape, b_indices, b_values, b_shape, thresh):
    dims = _check_same_shape(a_shape, b_shape)
    lin = torch.cat([_linear(a_indices, dims), _linear(b_indices, dims)])
    uniq, inverse, counts = torch.unique(lin, sorted=True, return_inverse=True, return_counts=True)
    values = torch.cat([a_values, b_values])
    out = values.new_zeros(uniq.shape[0]).index_add(0, inverse, values)
    # TF thresholds only the entries where both operands had a value (the merged sums).
    keep = (counts < 2) | (out.abs() >= thresh.to(out.abs().dtype))
    return _unravel(uniq[keep], dims), out[keep], a_shape.clone()


def _sparse_sparse_extreme(fn):
    def kernel(a_indices, a_values, a_shape, b_indices, b_values, b_shape):
        dims = _check_same_shape(a_shape, b_shape)
        lin_a, lin_b = _linear(a_indices, dims), _linear(b_indices, dims)
        uniq = torch.unique(torch.cat([lin_a, lin_b]), sorted=True)
        pos_a, pos_b = torch.searchsorted(uniq, lin_a), torch.searchsorted(uniq, lin_b)
        va = a_values.new_zeros(uniq.shape[0]).index_put((pos_a,), a_values)
        vb = b_values.new_zeros(uniq.shape[0]).index_put((pos_b,), b_values)
        return _unravel(uniq, dims), fn(va, vb)
    return kernel


# (TF's op definitions: Minimum also admits complex types, Maximum does not.)
for _name, _fn, _allowed in (("SparseSparseMaximum", torch.maximum, REAL_NUMBER),
                             ("SparseSparseMinimum", torch.minimum, NUMBER)):
    register_op(_name, grad=DIFFERENTIABLE, num_outputs=2,
                inputs=("a_indices", "a_values", "a_shape", "b_indices", "b_values", "b_shape"),
                types={"a_values": Arg("T", _allowed), "b_values": Arg("T", _allowed)},
                shape_fn=lambda inputs, attrs: [(TensorShape([None, _rank_of(inputs[2])]), _I64),
                                                (TensorShape([None]), inputs[1].dtype)])(_sparse_sparse_extreme(_fn))


# ------------------------------------------------------------------------------------------------
# reductions and softmax
# ------------------------------------------------------------------------------------------------
def _norm_axes(axes, rank):
    if axes is None:
        return list(range(rank))
    out = []
    for a in axes:
        if not -rank <= a < rank:
            raise errors.InvalidArgumentError(f"Invalid reduction dimension {a}, for input with {rank} "
                                              f"dimensions.")
        out.append(a % rank)
    return sorted(set(out))


def _group(indices, dims, axes):
    """(group id of each entry over the kept axes, kept dims, kept index columns)."""
    kept = [d for d in range(len(dims)) if d not in axes]
    kept_dims = [dims[d] for d in kept]
    cols = indices.long()[:, kept] if kept else indices.long()[:, :0]
    return _linear(cols, kept_dims), kept_dims, kept


def _reduce_out_shape(dims, axes, keep_dims):
    return [1 if d in axes else n for d, n in enumerate(dims)] if keep_dims else \
        [n for d, n in enumerate(dims) if d not in axes]


def _reduce_kernel(kind, sparse_out):
    def kernel(input_indices, input_values, input_shape, *, axes=None, keep_dims=False):
        dims = _dims(input_shape)
        ax = _norm_axes(axes, len(dims))
        gid, kept_dims, kept = _group(input_indices, dims, ax)
        n = 1
        for d in kept_dims:
            n *= d
        values = input_values
        if kind == "sum":
            out = values.new_zeros(n).index_add(0, gid, values)
        else:
            out = values.new_zeros(n).scatter_reduce(0, gid, values, "amax", include_self=False)
        out_dims = _reduce_out_shape(dims, ax, keep_dims)
        if not sparse_out:
            return out.reshape(out_dims)
        present = torch.unique(gid, sorted=True)
        idx = _unravel(present, kept_dims)
        if keep_dims:
            full = idx.new_zeros((idx.shape[0], len(dims)))
            if kept:
                full[:, kept] = idx
            idx = full
        return idx, out[present], torch.tensor(out_dims, dtype=torch.int64)
    return kernel


def _reduce_dense_shape(inputs, attrs):
    shape = constant_value(inputs[2])
    if shape is None:
        return [(TensorShape(None), inputs[1].dtype)]
    dims = _dims(shape)
    ax = _norm_axes(attrs.get("axes"), len(dims))
    return [(TensorShape(_reduce_out_shape(dims, ax, attrs.get("keep_dims", False))), inputs[1].dtype)]


def _reduce_sparse_shape(inputs, attrs):
    shape = constant_value(inputs[2])
    rank = None
    if shape is not None:
        dims = _dims(shape)
        rank = len(_reduce_out_shape(dims, _norm_axes(attrs.get("axes"), len(dims)), attrs.get("keep_dims")))
    return [(TensorShape([None, rank]), _I64), (TensorShape([None]), inputs[1].dtype), (TensorShape([rank]), _I64)]


_REDUCE_INPUTS = ("input_indices", "input_values", "input_shape")
register_op("SparseReduceSum", grad=DIFFERENTIABLE, inputs=_REDUCE_INPUTS, same_type=(),
            shape_fn=_reduce_dense_shape)(_reduce_kernel("sum", False))
register_op("SparseReduceMax", grad=NO_GRADIENT, inputs=_REDUCE_INPUTS, same_type=(),
            shape_fn=_reduce_dense_shape)(_reduce_kernel("max", False))
register_op("SparseReduceSumSparse", grad=NO_GRADIENT, inputs=_REDUCE_INPUTS, same_type=(), num_outputs=3,
            shape_fn=_reduce_sparse_shape)(_reduce_kernel("sum", True))
register_op("SparseReduceMaxSparse", grad=NO_GRADIENT, inputs=_REDUCE_INPUTS, same_type=(), num_outputs=3,
            shape_fn=_reduce_sparse_shape)(_reduce_kernel("max", True))


@register_op("SparseSoftmax", grad=DIFFERENTIABLE, inputs=("sp_indices", "sp_values", "sp_shape"), same_type=(),
             types={"sp_values": Arg("T", ("half", "float", "double"))},
             shape_fn=lambda inputs, attrs: [(inputs[1].shape, inputs[1].dtype)])
def _sparse_softmax(sp_indices, sp_values, sp_shape):
    dims = _dims(sp_shape)
    if len(dims) < 2:
        raise errors.InvalidArgumentError(f"Input should have rank >= 2, but received shape: {dims}")
    gid, _, _ = _group(sp_indices, dims, [len(dims) - 1])
    _, gid = torch.unique(gid, return_inverse=True)
    n = int(gid.max()) + 1 if gid.numel() else 0
    m = sp_values.new_zeros(n).scatter_reduce(0, gid, sp_values, "amax", include_self=False)
    e = torch.exp(sp_values - m.detach()[gid])
    return e / e.new_zeros(n).index_add(0, gid, e)[gid]


# ------------------------------------------------------------------------------------------------
# reordering and reshaping
# ------------------------------------------------------------------------------------------------
@register_op("SparseReorder", grad=DIFFERENTIABLE, num_outputs=2, same_type=(),
             inputs=("input_indices", "input_values", "input_shape"),
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, _I64), (inputs[1].shape, inputs[1].dtype)])
def _sparse_reorder(input_indices, input_values, input_shape):
    dims = _dims(input_shape)
    _check_in_bounds(input_indices, dims, "SparseReorder")
    perm = torch.sort(_linear(input_indices, dims), stable=True).indices
    return input_indices[perm], input_values[perm]


def _reshape_target(in_dims, new):
    n_in = 1
    for d in in_dims:
        n_in *= d
    unknown = [i for i, d in enumerate(new) if d == -1]
    if len(unknown) > 1:
        raise errors.InvalidArgumentError(f"only one output dimension may be -1, not both {unknown[0]} and "
                                          f"{unknown[1]}")
    known = 1
    for d in new:
        if d != -1:
            if d < 0:
                raise errors.InvalidArgumentError(f"size {new.index(d)} must be non-negative, not {d}")
            known *= d
    if unknown:
        if known == 0 or n_in % known:
            raise errors.InvalidArgumentError(f"Input to reshape is a SparseTensor with {n_in} dense values, but "
                                              f"the requested shape requires a multiple of {known}. "
                                              f"inputs[1].shape = {in_dims}, inputs[2] = {new}")
        new = list(new)
        new[unknown[0]] = n_in // known
    elif known != n_in:
        raise errors.InvalidArgumentError(f"Input to reshape is a tensor with {n_in} dense values, but the "
                                          f"requested shape has {known}. input_shape = {in_dims}, new_shape = "
                                          f"{list(new)}")
    return list(new)


@register_op("SparseReshape", grad=NOT_DIFFERENTIABLE, num_outputs=2, same_type=(),
             inputs=("input_indices", "input_shape", "new_shape"),
             shape_fn=lambda inputs, attrs: [(TensorShape([inputs[0].shape.as_list()[0] if inputs[0].shape.rank
                                                           else None, _rank_of(inputs[2])]), _I64),
                                             (TensorShape([_rank_of(inputs[2])]), _I64)])
def _sparse_reshape(input_indices, input_shape, new_shape):
    in_dims = _dims(input_shape)
    out_dims = _reshape_target(in_dims, _dims(new_shape))
    return _unravel(_linear(input_indices, in_dims), out_dims), torch.tensor(out_dims, dtype=torch.int64)


def _concat_shapes(inputs, attrs):
    n = attrs["N"]
    rank = _rank_of(inputs[2 * n])
    return [(TensorShape([None, rank]), _I64), (TensorShape([None]), inputs[n].dtype), (TensorShape([rank]), _I64)]


@register_op("SparseConcat", strings=(1,), grad=NOT_DIFFERENTIABLE, num_outputs=3, inputs=("indices",), same_type=(),
             list_input=True, shape_fn=_concat_shapes)
def _sparse_concat(*ts, N, concat_dim, expand_nonconcat_dims=False):  # noqa: N803 - TF's attr name
    indices, values, shapes = ts[:N], ts[N:2 * N], [_dims(s) for s in ts[2 * N:3 * N]]
    rank = len(shapes[0])
    bad = [i for i, s in enumerate(shapes) if len(s) != rank]
    if bad:
        raise errors.InvalidArgumentError(f"Ranks of all input tensors should match: shape[0] = {shapes[0]} vs. "
                                          f"shape[{bad[0]}] = {shapes[bad[0]]}")
    axis = concat_dim % rank if -rank <= concat_dim < rank else None
    if axis is None:
        raise errors.InvalidArgumentError(f"Concat dimension must be in range [{-rank}, {rank}), got {concat_dim}")
    out_dims = list(shapes[0])
    for i, s in enumerate(shapes[1:], 1):
        for d in range(rank):
            if d == axis:
                continue
            if expand_nonconcat_dims:
                out_dims[d] = max(out_dims[d], s[d])
            elif s[d] != out_dims[d]:
                raise errors.InvalidArgumentError(f"All dimensions except {axis} must match. Input {i} has shape "
                                                  f"{s} and doesn't match input 0 with shape {shapes[0]}.")
    parts, offset = [], 0
    for idx, s in zip(indices, shapes):
        shifted = idx.clone()
        shifted[:, axis] += offset
        parts.append(shifted)
        offset += s[axis]
    out_dims[axis] = offset
    all_idx, all_vals = torch.cat(parts), torch.cat(values)
    perm = torch.sort(_linear(all_idx, out_dims), stable=True).indices
    return all_idx[perm], all_vals[perm], torch.tensor(out_dims, dtype=torch.int64)


# ------------------------------------------------------------------------------------------------
# slicing, splitting, filling
# ------------------------------------------------------------------------------------------------
@register_op("SparseSlice", grad=DIFFERENTIABLE, num_outputs=3, same_type=(),
             inputs=("indices", "values", "shape", "start", "size"), shape_fn=_sparse_triple_shapes(0, 1, 2))
def _sparse_slice(indices, values, shape, start, size):
    dims, begin, extent = _dims(shape), _dims(start), _dims(size)
    if not len(dims) == len(begin) == len(extent):
        raise errors.InvalidArgumentError(f"Expected start and size to have the same rank as shape ({len(dims)}), "
                                          f"got {len(begin)} and {len(extent)}")
    b = torch.tensor(begin, dtype=torch.int64)
    end = torch.tensor([min(s + z, d) for s, z, d in zip(begin, extent, dims)], dtype=torch.int64)
    keep = ((indices >= b) & (indices < end)).all(-1) if indices.shape[0] else indices.new_zeros(0, dtype=torch.bool)
    out_dims = [max(0, min(s + z, d) - s) for s, z, d in zip(begin, extent, dims)]
    return indices[keep] - b, values[keep], torch.tensor(out_dims, dtype=torch.int64)


def _split_shapes(inputs, attrs):
    k = attrs["num_split"]
    rank = _rank_of(inputs[3])
    return ([(TensorShape([None, rank]), _I64)] * k + [(TensorShape([None]), inputs[2].dtype)] * k
            + [(TensorShape([rank]), _I64)] * k)


@register_op("SparseSplit", grad=NO_GRADIENT, num_outputs=lambda attrs: 3 * attrs["num_split"], same_type=(),
             inputs=("split_dim", "indices", "values", "shape"), shape_fn=_split_shapes)
def _sparse_split(split_dim, indices, values, shape, *, num_split):
    dims = _dims(shape)
    axis = int(split_dim)
    if not -len(dims) <= axis < len(dims):
        raise errors.InvalidArgumentError(f"Input split_dim should be between {-len(dims)} and {len(dims)}, got "
                                          f"{axis}")
    axis %= len(dims)
    if num_split > dims[axis]:
        raise errors.InvalidArgumentError(f"Input num_split should be less than or equal to the split dimension "
                                          f"size {dims[axis]}, got {num_split}")
    small, extra = divmod(dims[axis], num_split)
    outs_i, outs_v, outs_s, start = [], [], [], 0
    for k in range(num_split):
        size = small + (1 if k < extra else 0)
        col = indices[:, axis]
        keep = (col >= start) & (col < start + size)
        part = indices[keep].clone()
        part[:, axis] -= start
        outs_i.append(part)
        outs_v.append(values[keep])
        outs_s.append(torch.tensor([size if d == axis else n for d, n in enumerate(dims)], dtype=torch.int64))
        start += size
    return tuple(outs_i + outs_v + outs_s)


def _n_rows(dense_shape):
    """The first dimension of a sparse tensor whose dense shape is a graph constant (else None), as TF's shape
    function reads it for the empty-row indicator."""
    value = constant_value(dense_shape)
    return int(value.reshape(-1)[0]) if value is not None and value.numel() else None


def _n_entries(indices, values):
    """The number of entries, from the indices' first or the values' dimension (None when neither knows it)."""
    for x, rank in ((indices, 2), (values, 1)):
        if x.shape.rank == rank and x.shape.as_list()[0] is not None:
            return x.shape.as_list()[0]
    return None


@register_op("SparseFillEmptyRows", strings=(1,), grad=DIFFERENTIABLE, num_outputs=4, same_type=(),
             inputs=("indices", "values", "dense_shape", "default_value"),
             types={"values": Arg("T"), "default_value": Arg("T")},
             shape_fn=lambda inputs, attrs: [(TensorShape([None, _rank_of(inputs[2])]), _I64),
                                             (TensorShape([None]), inputs[1].dtype),
                                             (TensorShape([_n_rows(inputs[2])]), dtypes.bool_),
                                             (TensorShape([_n_entries(inputs[0], inputs[1])]), _I64)])
def _sparse_fill_empty_rows(indices, values, dense_shape, default_value):
    dims = _dims(dense_shape)
    if not dims:
        raise errors.InvalidArgumentError("dense_shape must be a vector with at least one element")
    n_rows = dims[0]
    rows = indices[:, 0].long() if indices.shape[0] else indices.new_zeros(0)
    empty = torch.bincount(rows, minlength=n_rows)[:n_rows] == 0 if n_rows else torch.zeros(0, dtype=torch.bool)
    new_rows = torch.nonzero(empty).reshape(-1)
    new_idx = indices.new_zeros((new_rows.shape[0], len(dims)))
    new_idx[:, 0] = new_rows
    all_idx = torch.cat([indices, new_idx])
    all_vals = torch.cat([values, default_value.reshape(1).expand(new_rows.shape[0])])
    perm = torch.sort(all_idx[:, 0], stable=True).indices
    reverse = torch.argsort(perm)[:indices.shape[0]]
    return all_idx[perm], all_vals[perm], empty, reverse


# ------------------------------------------------------------------------------------------------
# sparse segment reductions (rows of a dense tensor picked by indices)
# ------------------------------------------------------------------------------------------------
def _sparse_segment_kernel(kind, with_num):
    def kernel(data, indices, segment_ids, num_segments=None):
        idx, seg = indices.long(), segment_ids.long()
        if idx.shape[0] != seg.shape[0]:
            raise errors.InvalidArgumentError(f"segment_ids and indices should have same size. segment_ids shape: "
                                              f"[{seg.shape[0]}] indices shape: [{idx.shape[0]}]")
        if idx.numel() and (int(idx.min()) < 0 or int(idx.max()) >= data.shape[0]):
            bad = int(torch.nonzero((idx < 0) | (idx >= data.shape[0]))[0])
            raise errors.InvalidArgumentError(f"Bad: indices[{bad}] == {int(idx[bad])} out of range "
                                              f"[0, {data.shape[0]})")
        if not with_num and seg.numel() > 1 and not bool((seg[1:] >= seg[:-1]).all()):
            raise errors.InvalidArgumentError("segment ids are not increasing")
        if with_num:
            n = int(num_segments)
        else:
            n = int(seg[-1]) + 1 if seg.numel() else 0
        rows = data.index_select(0, idx)
        out = data.new_zeros((n,) + tuple(data.shape[1:])).index_add(0, seg, rows)
        if kind == "sum":
            return out
        counts = torch.bincount(seg, minlength=n)[:n].clamp(min=1).to(data.dtype)
        scale = counts if kind == "mean" else counts.sqrt()
        return out / scale.reshape((-1,) + (1,) * (data.dim() - 1))
    return kernel


def _segment_shape(inputs, attrs):
    data = inputs[0].shape
    first = None
    if len(inputs) > 3:
        n = constant_value(inputs[3])
        first = int(n) if n is not None else None
    return [(TensorShape(None if data.rank is None else [first] + data.as_list()[1:]), inputs[0].dtype)]


for _kind, _name in (("sum", "SparseSegmentSum"), ("mean", "SparseSegmentMean"), ("sqrt_n", "SparseSegmentSqrtN")):
    _types = {"data": Arg("T", REAL_NUMBER if _kind == "sum" else ("float", "double", "half", "bfloat16")),
              "indices": Arg("Tidx", INT32_64), "segment_ids": Arg("Tsegmentids", INT32_64)}
    register_op(_name, grad=DIFFERENTIABLE, inputs=("data", "indices", "segment_ids"), types=_types,
                shape_fn=_segment_shape)(_sparse_segment_kernel(_kind, False))
    register_op(_name + "WithNumSegments", grad=DIFFERENTIABLE,
                inputs=("data", "indices", "segment_ids", "num_segments"),
                types=dict(_types, num_segments=Arg("Tnumsegments", INT32_64)),
                shape_fn=_segment_shape)(_sparse_segment_kernel(_kind, True))


@register_op("ListDiff", grad=NOT_DIFFERENTIABLE, num_outputs=2, inputs=("x", "y"),
             types={"x": Arg("T"), "y": Arg("T")},
             shape_fn=lambda inputs, attrs: [(TensorShape([None]), inputs[0].dtype),
                                             (TensorShape([None]), attrs.get("out_idx", dtypes.int32))])
def _list_diff(x, y, *, out_idx=dtypes.int32):
    """(the entries of x not in y, in x's order; their positions in x): TF's setdiff1d (used by sparse.mask)."""
    keep = ~torch.isin(x, y)
    return x[keep], torch.nonzero(keep).reshape(-1).to(out_idx.torch_dtype)
