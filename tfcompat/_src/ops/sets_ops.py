"""``tf.sets``: set operations along the last dimension (mirrors TF's ``sets_impl.py`` and the kernels of
``set_kernels.cc``): ``size``, ``intersection``, ``union``, ``difference``, on dense tensors and SparseTensors of
int8/16/32/64, uint8/16 and string values.

Raw ops ``SetSize``, ``DenseToDenseSetOperation``, ``DenseToSparseSetOperation``, ``SparseToSparseSetOperation``
(not differentiable, as in TF). A *group* is one position of all but the last dimension; the result is a
SparseTensor whose group ``g`` holds the sorted result set of ``g`` at ``[*g, 0..k-1]`` (row-major indices), and
whose last dense dimension is the largest result set. Dense groups count every element (an empty string too);
sparse groups count the values present. Sparse inputs are grouped as TF's ``SparseTensor::group`` does: runs of
consecutive entries sharing a group index (``validate_indices=False`` with unsorted indices gives TF's
undefined-but-deterministic answer)."""
from __future__ import annotations

import itertools

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, ShapeMismatch, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.sparse_tensor import SparseTensor, convert_to_tensor_or_sparse_tensor
from tfcompat._src.framework.string_tensor import as_bytes_array, is_string_value
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["set_size", "set_intersection", "set_union", "set_difference", "size", "intersection", "union",
           "difference"]

# TF's _VALID_DTYPES (sets_impl.py) and the kernels' type list (set_kernels.cc).
_SET_TYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "string")
_VALID_DTYPES = frozenset(dtypes.as_dtype(n) for n in _SET_TYPES)   # TF's type names here are tfcompat's too
_OPERATIONS = ("a-b", "b-a", "intersection", "union")
_I64 = dtypes.int64


# ------------------------------------------------------------------------------------------------
# kernel helpers (plain python on numpy values)
# ------------------------------------------------------------------------------------------------
def _as_numpy(value) -> np.ndarray:
    if is_string_value(value):
        return as_bytes_array(value)
    return value.detach().cpu().numpy()


def _dims(shape_t) -> list[int]:
    if shape_t.dim() != 1:
        raise errors.InvalidArgumentError("Shape must be a 1D tensor.")
    return [int(d) for d in shape_t.tolist()]


def _group_shape(dims: list[int]) -> list[int]:
    if len(dims) < 2:
        raise errors.InvalidArgumentError(f"Shape [{','.join(map(str, dims))}] has rank {len(dims)} < 2")
    return dims[:-1]


def _fmt(seq) -> str:
    return ",".join(str(int(x)) for x in seq)


def _validate_sparse(indices: np.ndarray, dims: list[int]) -> None:
    """TF's ``SparseTensor::IndicesValid``: in bounds, row-major ordered, not repeated."""
    prev = None
    for i, idx in enumerate(indices.tolist()):
        if any(d < 0 or d >= n for d, n in zip(idx, dims)):
            raise errors.InvalidArgumentError(f"indices[{i}] = [{_fmt(idx)}] is out of bounds: need 0 <= index < "
                                              f"[{_fmt(dims)}]")
        if prev is not None:
            if idx < prev:
                raise errors.InvalidArgumentError(
                    f"indices[{i}] = [{_fmt(idx)}] is out of order. Many sparse ops require sorted indices.\n"
                    f"    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n")
            if idx == prev:
                raise errors.InvalidArgumentError(f"indices[{i}] = [{_fmt(idx)}] is repeated")
        prev = idx


def _sparse_groups(indices_t, values_t, shape_t, validate: bool):
    """(dims, [(group index tuple, set of values)]) of a sparse input, as TF's consecutive-run grouping."""
    dims = _dims(shape_t)
    if len(dims) < 2:
        raise errors.InvalidArgumentError(f"Invalid rank {len(dims)}.")
    indices = _as_numpy(indices_t).astype(np.int64).reshape(-1, len(dims))
    values = _as_numpy(values_t).reshape(-1)
    if indices.shape[0] != values.shape[0]:
        raise errors.InvalidArgumentError(f"Number of elements in input_indices ({indices.shape[0]}) and "
                                          f"input_values ({values.shape[0]}) do not match")
    if validate:
        _validate_sparse(indices, dims)
    groups = []
    keys = [tuple(row[:-1]) for row in indices.tolist()]
    for key, members in itertools.groupby(range(len(keys)), key=lambda i: keys[i]):
        groups.append((key, {_item(values[i]) for i in members}))
    return dims, groups


def _item(v):
    return v if isinstance(v, bytes) else int(v)


def _dense_groups(x_np: np.ndarray):
    """{group index tuple: set of values} of a dense input (every position of all but the last dimension)."""
    lead = x_np.shape[:-1]
    flat = x_np.reshape(-1, x_np.shape[-1]) if x_np.size else np.zeros((int(np.prod(lead)), 0), x_np.dtype)
    out = {}
    for n, key in enumerate(itertools.product(*[range(d) for d in lead])):
        out[key] = {_item(v) for v in flat[n].tolist()} if flat.shape[1] else set()
    return out


def _apply(operation: str, a: set, b: set) -> set:
    if operation == "a-b":
        return a - b
    if operation == "b-a":
        return b - a
    if operation == "intersection":
        return a & b
    return a | b


def _check_operation(set_operation: str) -> str:
    op = set_operation.lower()
    if op not in _OPERATIONS:
        raise errors.InvalidArgumentError(f"Invalid set_operation {op}.")
    return op


def _check_group_shapes(g1: list[int], g2: list[int]) -> None:
    if g1 != g2:
        raise errors.InvalidArgumentError(f"Mismatched shapes [{_fmt(g1)}] vs [{_fmt(g2)}]")


def _output(group_shape: list[int], results, like) -> tuple:
    """TF's ``OutputSparseTensor``: (indices, values, dense_shape) of the non-empty result sets, in group order,
    each set sorted ascending (strings bytewise)."""
    rows, vals, width = [], [], 0
    for key, result in results:
        if not result:
            continue
        ordered = sorted(result)
        width = max(width, len(ordered))
        for j, v in enumerate(ordered):
            rows.append(list(key) + [j])
            vals.append(v)
    rank = len(group_shape) + 1
    indices = torch.tensor(rows, dtype=torch.int64).reshape(len(rows), rank)
    if is_string_value(like):
        values = np.empty(len(vals), dtype=object)
        values[:] = vals
    else:
        values = torch.tensor(vals, dtype=like.dtype).reshape(len(vals))
    return indices, values, torch.tensor(group_shape + [width], dtype=torch.int64)


# ------------------------------------------------------------------------------------------------
# shape functions (TF's SetShapeFn, set_ops.cc): ranks >= 2 that agree, equal group dimensions
# ------------------------------------------------------------------------------------------------
def _dense_rank_check(shape1: TensorShape, shape2: TensorShape) -> None:
    first = shape1 if shape1.rank is not None else shape2
    if first.rank is not None and first.rank < 2:
        raise ShapeMismatch(f"Shape must be at least rank 2 but is rank {first.rank}")
    if shape1.rank is not None and shape2.rank is not None:
        if shape1.rank != shape2.rank:   # TF checks input 1 against input 0's rank
            raise ShapeMismatch(f"Shape must be rank {shape1.rank} but is rank {shape2.rank}")
        g1, g2 = shape1.as_list()[:-1], shape2.as_list()[:-1]
        for i, (d1, d2) in enumerate(zip(g1, g2)):
            if d1 is not None and d2 is not None and d1 != d2:
                raise ShapeMismatch(f"Dimension {i} in both shapes must be equal, but are {d1} and {d2}. Shapes "
                                    f"are {_shape_text(g1)} and {_shape_text(g2)}.")


def _shape_text(dims) -> str:
    return "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"


def _dense_dense_check(shapes, attrs, consts):
    _dense_rank_check(shapes[0], shapes[1])


def _vector_length(shape: TensorShape):
    return shape.as_list()[0] if shape.rank == 1 else None


def _check_rank_equals(rank, length) -> None:
    if rank is not None and length is not None and rank != length:
        raise ShapeMismatch(f"Dimension must be {rank} but is {length}")


def _dense_sparse_check(shapes, attrs, consts):
    # TF's shape function: the sparse operand's dense_shape has the dense operand's rank.
    _check_rank_equals(shapes[0].rank, _vector_length(shapes[3]))


def _sparse_sparse_check(shapes, attrs, consts):
    _check_rank_equals(_vector_length(shapes[2]), _vector_length(shapes[5]))


def _set_op_specs(rank, value_dtype):
    return [(TensorShape([None, rank]), _I64), (TensorShape([None]), value_dtype), (TensorShape([rank]), _I64)]


def _dense_dense_shape(inputs, attrs):
    s1, s2 = inputs[0].shape, inputs[1].shape
    rank = s1.rank if s1.rank is not None else s2.rank
    return _set_op_specs(rank, inputs[0].dtype)


def _dense_sparse_shape(inputs, attrs):
    rank = inputs[0].shape.rank
    if rank is None:
        rank = inputs[3].shape.as_list()[0] if inputs[3].shape.rank else None
    return _set_op_specs(rank, inputs[0].dtype)


def _sparse_sparse_shape(inputs, attrs):
    rank = None
    for t in (inputs[2], inputs[5]):
        if rank is None and t.shape.rank:
            rank = t.shape.as_list()[0]
    return _set_op_specs(rank, inputs[1].dtype)


# ------------------------------------------------------------------------------------------------
# raw ops
# ------------------------------------------------------------------------------------------------
@register_op("SetSize", grad=NOT_DIFFERENTIABLE, inputs=("set_indices", "set_values", "set_shape"),
             types={"set_values": Arg("T", _SET_TYPES)},
             shape_fn=lambda inputs, attrs: [(TensorShape(None), dtypes.int32)])
def _set_size_kernel(set_indices, set_values, set_shape, *, validate_indices=True):
    dims, groups = _sparse_groups(set_indices, set_values, set_shape, validate_indices)
    group_shape = _group_shape(dims)
    out = np.zeros(group_shape, dtype=np.int32)
    for key, members in groups:
        if any(k >= n for k, n in zip(key, group_shape)):
            raise errors.InvalidArgumentError(f"Index out of range, {list(key)} vs {group_shape}")
        out[key] = len(members)
    return torch.from_numpy(out)


@register_op("DenseToDenseSetOperation", grad=NOT_DIFFERENTIABLE, inputs=("set1", "set2"), num_outputs=3,
             types={"set1": Arg("T", _SET_TYPES), "set2": Arg("T", _SET_TYPES)},
             shape_fn=_dense_dense_shape, shape_check=_dense_dense_check)
def _dense_to_dense(set1, set2, *, set_operation, validate_indices=True):
    op = _check_operation(set_operation)
    a, b = _as_numpy(set1), _as_numpy(set2)
    group_shape = _group_shape(list(a.shape))
    _check_group_shapes(group_shape, _group_shape(list(b.shape)))
    ga, gb = _dense_groups(a), _dense_groups(b)
    return _output(group_shape, [(k, _apply(op, ga[k], gb[k])) for k in ga], set1)


@register_op("DenseToSparseSetOperation", grad=NOT_DIFFERENTIABLE, num_outputs=3,
             inputs=("set1", "set2_indices", "set2_values", "set2_shape"),
             types={"set1": Arg("T", _SET_TYPES), "set2_values": Arg("T", _SET_TYPES)},
             shape_fn=_dense_sparse_shape, shape_check=_dense_sparse_check)
def _dense_to_sparse(set1, set2_indices, set2_values, set2_shape, *, set_operation, validate_indices=True):
    op = _check_operation(set_operation)
    dims2, groups2 = _sparse_groups(set2_indices, set2_values, set2_shape, validate_indices)
    a = _as_numpy(set1)
    group_shape = _group_shape(list(a.shape))
    _check_group_shapes(group_shape, _group_shape(dims2))
    ga = _dense_groups(a)
    results, pending = [], iter(groups2)
    current = next(pending, None)
    for key in ga:   # row-major group order; a sparse group is consumed when it is the current dense group
        other = set()
        if current is not None and current[0] == key:
            other = current[1]
            current = next(pending, None)
        results.append((key, _apply(op, ga[key], other)))
    return _output(group_shape, results, set1)


@register_op("SparseToSparseSetOperation", grad=NOT_DIFFERENTIABLE, num_outputs=3,
             inputs=("set1_indices", "set1_values", "set1_shape", "set2_indices", "set2_values", "set2_shape"),
             types={"set1_values": Arg("T", _SET_TYPES), "set2_values": Arg("T", _SET_TYPES)},
             shape_fn=_sparse_sparse_shape, shape_check=_sparse_sparse_check)
def _sparse_to_sparse(set1_indices, set1_values, set1_shape, set2_indices, set2_values, set2_shape, *,
                      set_operation, validate_indices=True):
    op = _check_operation(set_operation)
    dims1, groups1 = _sparse_groups(set1_indices, set1_values, set1_shape, validate_indices)
    dims2, groups2 = _sparse_groups(set2_indices, set2_values, set2_shape, validate_indices)
    group_shape = _group_shape(dims1)
    _check_group_shapes(group_shape, _group_shape(dims2))
    results, i, j = [], 0, 0
    while i < len(groups1) or j < len(groups2):   # TF's merge of the two group iterators (CompareGroups)
        k1 = groups1[i][0] if i < len(groups1) else None
        k2 = groups2[j][0] if j < len(groups2) else None
        s1 = s2 = set()
        if k2 is None or (k1 is not None and k1 <= k2):
            s1, key = groups1[i][1], k1
            i += 1
        if k1 is None or (k2 is not None and k2 <= k1):
            s2, key = groups2[j][1], k2
            j += 1
        results.append((key, _apply(op, s1, s2)))
    return _output(group_shape, results, set1_values)


# ------------------------------------------------------------------------------------------------
# public functions
# ------------------------------------------------------------------------------------------------
def _valid_dtypes_text() -> str:
    return "frozenset({" + ", ".join(f"tf.{d.name}" for d in sorted(_VALID_DTYPES, key=lambda d: d.name)) + "})"


def set_size(a, validate_indices=True):
    """Mirrors ``tf.sets.size`` (``tf.compat.v1.sets.set_size``): the number of unique values in each group
    (all but the last dimension) of the SparseTensor ``a``, as an int32 tensor of ``a``'s rank minus one.

    Raises:
      TypeError: ``a`` is not sparse, or its dtype is not an int8/16/32/64, uint8/16 or string."""
    a = convert_to_tensor_or_sparse_tensor(a, name="a")
    if not isinstance(a, SparseTensor):
        raise TypeError(f"Expected `SparseTensor`, got {a}.")
    if a.values.dtype not in _VALID_DTYPES:
        raise TypeError(f"Invalid dtype `{a.values.dtype}` not in supported dtypes: `{_valid_dtypes_text()}`.")
    return apply_op("SetSize", [a.indices, a.values, a.dense_shape], {"validate_indices": bool(validate_indices)})


def _convert_pair(a, b):
    """TF's ``_convert_to_tensors_or_sparse_tensors``: converted operands, flipped to (dense, sparse)."""
    a = convert_to_tensor_or_sparse_tensor(a, name="a")
    if a.dtype not in _VALID_DTYPES:
        raise TypeError(f"'a' has invalid dtype `{a.dtype}` not in supported dtypes: `{_valid_dtypes_text()}`.")
    b = convert_to_tensor_or_sparse_tensor(b, name="b")
    if b.dtype != a.dtype:
        raise TypeError(f"Types don't match, {a.dtype} vs {b.dtype}.")
    if isinstance(a, SparseTensor) and not isinstance(b, SparseTensor):
        return b, a, True
    return a, b, False


def _set_operation(a, b, set_operation: str, validate_indices) -> SparseTensor:
    attrs = {"set_operation": set_operation, "validate_indices": bool(validate_indices)}
    if isinstance(a, SparseTensor):
        if not isinstance(b, SparseTensor):
            raise ValueError("Sparse,Dense is not supported, but Dense,Sparse is. Please flip the order of your "
                             "inputs.")
        outs = apply_op("SparseToSparseSetOperation", [a.indices, a.values, a.dense_shape, b.indices, b.values,
                                                       b.dense_shape], attrs)
    elif isinstance(b, SparseTensor):
        outs = apply_op("DenseToSparseSetOperation", [a, b.indices, b.values, b.dense_shape], attrs)
    else:
        outs = apply_op("DenseToDenseSetOperation", [a, b], attrs)
    return SparseTensor(*outs)


def set_intersection(a, b, validate_indices=True) -> SparseTensor:
    """Mirrors ``tf.sets.intersection`` (``tf.compat.v1.sets.set_intersection``): the sorted intersection of each
    group (all but the last dimension) of ``a`` and ``b`` (dense tensors or SparseTensors of one dtype), as a
    SparseTensor."""
    a, b, _ = _convert_pair(a, b)
    return _set_operation(a, b, "intersection", validate_indices)


def set_difference(a, b, aminusb=True, validate_indices=True) -> SparseTensor:
    """Mirrors ``tf.sets.difference`` (``tf.compat.v1.sets.set_difference``): ``a - b`` per group (``b - a``
    when ``aminusb`` is False), sorted, as a SparseTensor."""
    a, b, flipped = _convert_pair(a, b)
    if flipped:
        aminusb = not aminusb
    return _set_operation(a, b, "a-b" if aminusb else "b-a", validate_indices)


def set_union(a, b, validate_indices=True) -> SparseTensor:
    """Mirrors ``tf.sets.union`` (``tf.compat.v1.sets.set_union``): the sorted union of each group, as a
    SparseTensor."""
    a, b, _ = _convert_pair(a, b)
    return _set_operation(a, b, "union", validate_indices)


size = set_size
intersection = set_intersection
difference = set_difference
union = set_union
