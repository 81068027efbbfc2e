"""Sorting ops (mirrors ``tf.math.top_k``, ``tf.sort``, ``tf.argsort``): sort and argsort are built on
``TopKV2`` as TF builds them."""
from __future__ import annotations

import collections

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.op_def import DIFFERENTIABLE, ShapeMismatch, register_op
from tfcompat._src.framework.op_types import INT16_32_64, REAL_NUMBER, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops._helpers import has_non_integer, is_tensor_like, static_int_list, to_tensor

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])


def _top_k_shape(inputs, attrs):
    x = inputs[0].shape
    dims = None if x.rank is None else x.as_list()[:-1] + [attrs.get("k")]
    return [(TensorShape(dims), inputs[0].dtype), (TensorShape(dims), attrs.get("index_type", dtypes.int32))]


def _top_k_check(shapes, attrs, values):
    """TF's TopKShapeFn checks (graph ValueError), with the kernel's wording for eager."""
    dims = None if isinstance(shapes[0], TensorShape) and shapes[0].rank is None else list(shapes[0])
    if dims is not None and not dims:
        raise ShapeMismatch("Shape must be at least rank 1 but is rank 0",
                            f"input must be >= 1-D, got shape {format_shape(shapes[0])}")
    k = values[1] if len(values) > 1 else attrs.get("k")
    if k is None or getattr(k, "ndim", 0) or isinstance(k, bool) or not float(k).is_integer():
        return
    k = int(k)
    if k < 0:
        raise ShapeMismatch(f"Dimension size, given by scalar input 1, must be non-negative but is {k}",
                            f"Need k >= 0, got {k}")
    last = None if dims is None else dims[-1]
    if last is not None and last < k:
        raise ShapeMismatch(f"input must have last dimension >= k = {k} but is {last}",
                            f"input must have at least k columns. Had {last}, needed {k}")


@register_op("TopKV2", grad=DIFFERENTIABLE, inputs=("input", "k"), num_outputs=2,
             types={"input": Arg("T", REAL_NUMBER), "k": Arg("Tk", INT16_32_64, from_attr="k")},
             shape_fn=_top_k_shape, shape_check=_top_k_check)
def _top_k(x, k_t=None, *, k=None, sorted=True, index_type=dtypes.int32):  # noqa: A002
    if k_t is not None:
        k = int(k_t)
    if k < 0:
        raise errors.InvalidArgumentError(f"Need k >= 0, got {k}")
    if x.dim() < 1:
        raise errors.InvalidArgumentError(f"input must be >= 1-D, got shape {format_shape(x.shape)}")
    if k > x.shape[-1]:
        raise errors.InvalidArgumentError(f"input must have at least k columns. Had {x.shape[-1]}, needed {k}")
    # TF's top_k is stable (equal values keep their index order); torch.topk is not, a stable sort is.
    values, indices = torch.sort(x, dim=-1, descending=True, stable=True)
    return values[..., :k], indices[..., :k].to(index_type.torch_dtype)


def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):  # noqa: A002
    """Mirrors ``tf.math.top_k`` / ``tf.nn.top_k``: a ``TopKV2(values, indices)`` namedtuple."""
    x = to_tensor(input)
    kk = static_int_list(k)
    attrs = {"sorted": bool(sorted), "index_type": dtypes.as_dtype(index_type)}
    if has_non_integer(k) and not is_tensor_like(k):
        return TopKV2(*apply_op("TopKV2", [x], dict(attrs, k=k), name=name))   # the dtype check rejects it
    if kk is not None and len(kk) == 1 and not has_non_integer(k):
        outs = apply_op("TopKV2", [x], dict(attrs, k=kk[0]), name=name)
    else:
        outs = apply_op("TopKV2", [x, to_tensor(k)], attrs, name=name)
    return TopKV2(*outs)


def _descending_sort(values, axis, return_argsort):
    rank = values.shape.rank
    if rank is None:
        raise NotImplementedError("tf.sort needs a known rank in tfcompat.")
    axis = axis % rank
    transposition = None
    top_k_input = values
    if axis != rank - 1:
        transposition = list(range(axis)) + [rank - 1] + list(range(axis + 1, rank - 1)) + [axis]
        top_k_input = array_ops.transpose(values, transposition)
    n = top_k_input.shape[-1]
    k = n if n is not None else array_ops.shape(top_k_input)[-1]
    vals, idx = top_k(top_k_input, k)
    out = idx if return_argsort else vals
    if transposition is not None:
        out = array_ops.transpose(out, transposition)
    return out


def _sort_or_argsort(values, axis, direction, return_argsort):
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Unknown direction: {direction}")
    if not isinstance(axis, int):
        raise ValueError(f"axis must be a constant scalar, got {axis!r}")
    if direction == "DESCENDING":
        return _descending_sort(values, axis, return_argsort)
    dt = values.dtype
    if dt.is_unsigned:
        offset = dt.max
        out = _descending_sort(math_ops.subtract(offset, values), axis, return_argsort)
        return out if return_argsort else math_ops.subtract(offset, out)
    if dt.is_integer:
        # -x - 1 instead of -x: negation of the minimum integer overflows (as in TF).
        out = _descending_sort(math_ops.subtract(math_ops.negative(values), 1), axis, return_argsort)
        return out if return_argsort else math_ops.subtract(math_ops.negative(out), 1)
    out = _descending_sort(math_ops.negative(values), axis, return_argsort)
    return out if return_argsort else math_ops.negative(out)


def sort(values, axis=-1, direction="ASCENDING", name=None):
    """Mirrors ``tf.sort`` (built on ``TopKV2`` as in TF)."""
    with name_scope(name or "sort"):
        return _sort_or_argsort(to_tensor(values), axis, direction, return_argsort=False)


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    """Mirrors ``tf.argsort`` (int32 indices). tfcompat's sort is always stable."""
    with name_scope(name or "argsort"):
        return _sort_or_argsort(to_tensor(values), axis, direction, return_argsort=True)
