"""Reductions and arg-reductions (mirrors ``tf.math.reduce_*``, ``tf.argmax``), with TF1 argument aliases."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import composite_dispatch, dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.fused_eager import fused_entry
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import (DIFFERENTIABLE, NOT_DIFFERENTIABLE, ShapeMismatch, register_op,
                                           resolve_legacy)
from tfcompat._src.framework.op_types import BOOL, INT16_32_64, INT32_64, NUMBER, REAL_NUMBER, REAL_NUMBER_BOOL, Arg
from tfcompat._src.ops import array_ops, math_ops, shape_checks
from tfcompat._src.ops._helpers import static_axis, to_tensor
from tfcompat._src.ops.unsigned_kernels import numpy_reduction, wide_unsigned
from tfcompat._src.framework.tensor_shape import TensorShape


def _axes(x, axis_t, axis):
    if axis_t is not None:
        axis = axis_t.tolist()
    if axis is None:
        return tuple(range(x.dim()))
    if isinstance(axis, int):
        axis = (axis,)
    nd = x.dim()
    for a in axis:
        if not -max(nd, 1) <= a < max(nd, 1):
            raise errors.InvalidArgumentError(f"Invalid reduction dimension ({a} for input with {nd} dimension(s)")
    dims = tuple(a % nd if nd else 0 for a in axis)
    if len(set(dims)) != len(dims):
        dup = next(d for d in dims if dims.count(d) > 1)
        raise errors.InvalidArgumentError(f"Invalid reduction arguments: Axes contains duplicate dimension: {dup}")
    return dims


def _reducer(fn):
    def kernel(x, axis_t=None, *, axis=None, keep_dims=False):
        dims = _axes(x, axis_t, axis)
        if not dims or x.dim() == 0:
            return x.clone() if not keep_dims or x.dim() else x.clone()
        return fn(x, dims, keep_dims)
    return kernel


def _sum(x, dims, keep):
    return torch.sum(x, dim=dims, keepdim=keep, dtype=x.dtype)  # TF keeps int32 sums in int32


def _mean(x, dims, keep):
    if x.dtype.is_floating_point or x.dtype.is_complex:
        return torch.mean(x, dim=dims, keepdim=keep)
    n = 1
    for d in dims:
        n *= x.shape[d]
    s = torch.sum(x, dim=dims, keepdim=keep, dtype=x.dtype)
    return torch.div(s, max(n, 1), rounding_mode="trunc")  # TF's integer mean truncates


def _prod(x, dims, keep):
    out = x
    for d in sorted(dims, reverse=True):
        out = torch.prod(out, dim=d, keepdim=keep, dtype=x.dtype)
    return out


def _empty_extreme(x, dims, keep, largest):
    """Max/Min over an empty axis: TF gives the reduction's identity (-inf/+inf, an integer dtype's lowest/
    highest value), where torch raises. Built on sum() so the (zero) gradient stays connected."""
    if x.is_floating_point():
        fill = float("-inf") if largest else float("inf")
    else:
        info = torch.iinfo(x.dtype)
        fill = info.min if largest else info.max
    base = torch.sum(x, dim=dims, keepdim=keep, dtype=x.dtype)
    return base + torch.full_like(base, fill)


def _max(x, dims, keep):
    if any(x.shape[d] == 0 for d in dims):
        return _empty_extreme(x, dims, keep, True)
    return torch.amax(x, dim=dims, keepdim=keep)  # ties share the gradient equally, as in TF


def _min(x, dims, keep):
    if any(x.shape[d] == 0 for d in dims):
        return _empty_extreme(x, dims, keep, False)
    return torch.amin(x, dim=dims, keepdim=keep)


def _all(x, dims, keep):
    out = x
    for d in sorted(dims, reverse=True):
        out = torch.all(out, dim=d, keepdim=keep)
    return out


def _any(x, dims, keep):
    out = x
    for d in sorted(dims, reverse=True):
        out = torch.any(out, dim=d, keepdim=keep)
    return out


def _logsumexp(x, dims, keep):
    return torch.logsumexp(x, dim=dims, keepdim=keep)


def _unsigned_mean(x, dims, keep):
    n = 1
    for d in dims:
        n *= x.shape[d]
    return np.asarray(np.sum(x, axis=tuple(dims), keepdims=keep, dtype=x.dtype) // max(n, 1), dtype=x.dtype)


# uint16/32/64 (no torch CPU kernels): numpy computes them, wrapping as TF does (ops/unsigned_kernels.py).
_sum, _prod = wide_unsigned(_sum, numpy_reduction(np.sum)), wide_unsigned(_prod, numpy_reduction(np.prod))
_max, _min = wide_unsigned(_max, numpy_reduction(np.max)), wide_unsigned(_min, numpy_reduction(np.min))
_mean = wide_unsigned(_mean, _unsigned_mean)

for _name, _fn, _grad, _input in [("Sum", _sum, DIFFERENTIABLE, Arg("T", NUMBER)),
                                  ("Mean", _mean, DIFFERENTIABLE, Arg("T", NUMBER)),
                                  ("Prod", _prod, DIFFERENTIABLE, Arg("T", NUMBER)),
                                  ("Max", _max, DIFFERENTIABLE, Arg("T", REAL_NUMBER)),
                                  ("Min", _min, DIFFERENTIABLE, Arg("T", REAL_NUMBER)),
                                  ("All", _all, NOT_DIFFERENTIABLE, Arg(None, BOOL)),
                                  ("Any", _any, NOT_DIFFERENTIABLE, Arg(None, BOOL))]:
    register_op(_name, grad=_grad, inputs=("input", "reduction_indices"),
                types={"input": _input, "reduction_indices": Arg("Tidx", INT32_64, from_attr="axis")},
                shape_check=shape_checks.reduction)(_reducer(_fn))


# Fused eager entries (framework/fused_eager.py) of a reduction over all axes: reduce_mean(x) in one step.
_FUSED_ALL_AXES = {op: fused_entry(op, keep_dims=False, axis=None) for op in ("Sum", "Prod", "Max", "Min")}
# Mean over all axes as torch's full reduction (mean.default, bit-equal to mean.dim over every axis): its backward
# is one expand where mean.dim's adds two unsqueezes per call (the eager linear-regression step, issue 16).
_FUSED_ALL_AXES["Mean"] = fused_entry("Mean", keep_dims=False, axis=None,
                                      float_kernel=lambda x, axis=None, keep_dims=False:
                                      torch.mean(x) if x.dim() else x.clone())


def _take_reduction_dims_names(x):
    # TF's _ReductionDims builds the all-axes tensor before the op: a Const 'Const' of a known rank, else ops
    # 'Rank' and 'range'. tfcompat's op holds the axes as an attribute (known deviation
    # "graph-static-arguments-as-attributes") but takes those names, so later ops are numbered as TF's.
    for scope in ("Const",) if x.shape.rank is not None else ("Rank", "range"):
        with name_scope(None, scope):
            pass


def _reduce(op_type, input_tensor, axis, keepdims, name, reduction_indices=None, keep_dims=None):
    fused = _FUSED_ALL_AXES.get(op_type) if axis is None and not keepdims else None
    if fused is not None and reduction_indices is None and keep_dims is None:
        out = fused(input_tensor, name)
        if out is not None:
            return out
    axis = resolve_legacy("axis", axis, reduction_indices=reduction_indices)
    keepdims = resolve_legacy("keepdims", keepdims, keep_dims=keep_dims)
    composite = composite_dispatch.handler_for(input_tensor)
    if composite is not None:   # e.g. a RaggedTensor (see framework/composite_dispatch.py)
        return composite.reduce(op_type, input_tensor, axis, bool(keepdims), name)
    x = to_tensor(input_tensor)
    if axis is None:
        _take_reduction_dims_names(x)
    axis = static_axis(axis)
    inputs = [x]
    attrs = {"keep_dims": bool(keepdims)}
    if hasattr(axis, "dtype"):
        inputs.append(axis)
    else:
        attrs["axis"] = axis
    return apply_op(op_type, inputs, attrs, name=name)


def reduce_sum(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    """Mirrors ``tf.math.reduce_sum`` (TF1 aliases ``reduction_indices``/``keep_dims`` accepted)."""
    return _reduce("Sum", input_tensor, axis, keepdims, name, reduction_indices, keep_dims)


def reduce_mean(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    """Mirrors ``tf.math.reduce_mean``; integer means truncate, as in TF."""
    return _reduce("Mean", input_tensor, axis, keepdims, name, reduction_indices, keep_dims)


def reduce_prod(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    """Mirrors ``tf.math.reduce_prod``."""
    return _reduce("Prod", input_tensor, axis, keepdims, name, reduction_indices, keep_dims)


def reduce_max(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    """Mirrors ``tf.math.reduce_max``; the gradient is shared equally among tied maxima, as in TF."""
    return _reduce("Max", input_tensor, axis, keepdims, name, reduction_indices, keep_dims)


def reduce_min(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    """Mirrors ``tf.math.reduce_min``."""
    return _reduce("Min", input_tensor, axis, keepdims, name, reduction_indices, keep_dims)


def reduce_all(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    return _reduce("All", input_tensor, axis, keepdims, name, reduction_indices, keep_dims)


def reduce_any(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
    return _reduce("Any", input_tensor, axis, keepdims, name, reduction_indices, keep_dims)


def reduce_logsumexp(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None,
                     keep_dims=None):
    """Mirrors ``tf.math.reduce_logsumexp`` (built from Max/Exp/Sum/Log, as TF does)."""
    axis = resolve_legacy("axis", axis, reduction_indices=reduction_indices)
    keepdims = bool(resolve_legacy("keepdims", keepdims, keep_dims=keep_dims))
    x = to_tensor(input_tensor)
    raw_max = reduce_max(x, axis, keepdims=True)
    my_max = array_ops.stop_gradient(
        array_ops.where(math_ops.is_finite(raw_max), raw_max, array_ops.zeros_like(raw_max)))
    result = math_ops.log(reduce_sum(math_ops.exp(math_ops.subtract(x, my_max)), axis, keepdims=keepdims))
    if not keepdims:
        my_max = array_ops.reshape(my_max, array_ops.shape(result))
    return math_ops.add(result, my_max, name=name)


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """Mirrors ``tf.math.reduce_variance``."""
    x = to_tensor(input_tensor)
    mean = reduce_mean(x, axis, keepdims=True)
    return reduce_mean(math_ops.square(math_ops.subtract(x, mean)), axis, keepdims=keepdims, name=name)


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    """Mirrors ``tf.math.reduce_euclidean_norm``: sqrt(sum(x**2)) (TF's EuclideanNorm op, built from Square,
    Sum and Sqrt: the gradient is TF's, NaN where the norm is 0 and the upstream gradient is not)."""
    x = to_tensor(input_tensor)
    return math_ops.sqrt(reduce_sum(math_ops.square(x), axis, keepdims=keepdims), name=name)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    """Mirrors ``tf.math.reduce_std``."""
    return math_ops.sqrt(reduce_variance(input_tensor, axis, keepdims), name=name)


def _arg_shape(inputs, attrs):
    """TF's ArgOp shape function: the input's shape without ``axis``, dtype ``output_type`` (also when the
    input's rank or the axis is unknown; the kernel checks the axis at run time)."""
    x, out_dtype = inputs[0], dtypes.as_dtype(attrs.get("output_type", dtypes.int64))
    rank = x.shape.rank
    if rank is None:
        return [(TensorShape(None), out_dtype)]
    if rank <= 1:   # TF: a scalar, whatever the axis
        return [(TensorShape([]), out_dtype)]
    if len(inputs) > 1:
        cv = constant_value(inputs[1])
        axis = None if cv is None else int(cv)
    else:
        axis = attrs.get("axis", 0)
    if axis is None or not -rank <= axis < max(rank, 1):
        return [(TensorShape([None] * max(rank - 1, 0)), out_dtype)]
    dims = x.shape.as_list()
    del dims[axis % rank]
    return [(TensorShape(dims), out_dtype)]


def _arg_check(shapes, attrs, values):
    """TF's ArgOp shape function check (graph ValueError; a scalar or vector input is not checked); the kernel
    checks every rank (:func:`_arg_kernel`)."""
    rank = shapes[0].rank if isinstance(shapes[0], TensorShape) else len(shapes[0])
    axis = values[1] if len(values) > 1 else attrs.get("axis", 0)
    if rank is None or rank <= 1 or axis is None or getattr(axis, "ndim", 0):
        return
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ShapeMismatch(f"Dimension ({axis}) must be in the range [{-rank}, {rank}), where {rank} is the number "
                            f"of dimensions in the input.", f"Expected dimension in the range [{-rank}, {rank}), but "
                            f"got {axis}")


def _arg_kernel(reduce, x, axis_t, axis, output_type):
    if axis_t is not None:
        axis = int(axis_t)
    nd = x.dim()
    if not -nd <= axis < nd:
        raise errors.InvalidArgumentError(f"Expected dimension in the range [{-nd}, {nd}), but got {axis}")
    if x.shape[axis] == 0:
        raise errors.InvalidArgumentError(f"Reduction axis {axis} is empty in shape {format_shape(x.shape)}")
    if x.dtype == torch.bool:   # TF accepts bool; torch does not
        x = x.to(torch.uint8)
    return reduce(x, dim=axis).to(output_type.torch_dtype)


@register_op("ArgMax", grad=NOT_DIFFERENTIABLE, inputs=("input", "dimension"), shape_fn=_arg_shape,
             shape_check=_arg_check,
             types={"input": Arg("T", REAL_NUMBER_BOOL), "dimension": Arg("Tidx", INT16_32_64, from_attr="axis")})
def _argmax(x, axis_t=None, *, axis=0, output_type=dtypes.int64):
    return _arg_kernel(torch.argmax, x, axis_t, axis, output_type)


@register_op("ArgMin", grad=NOT_DIFFERENTIABLE, inputs=("input", "dimension"), shape_fn=_arg_shape,
             shape_check=_arg_check,
             types={"input": Arg("T", REAL_NUMBER_BOOL), "dimension": Arg("Tidx", INT32_64, from_attr="axis")})
def _argmin(x, axis_t=None, *, axis=0, output_type=dtypes.int64):
    return _arg_kernel(torch.argmin, x, axis_t, axis, output_type)


def _arg(op_type, input, axis, name, dimension, output_type):
    axis = resolve_legacy("axis", axis, dimension=dimension)
    if axis is None:
        axis = 0
    x = to_tensor(input)
    axis = static_axis(axis)
    if hasattr(axis, "dtype") and not axis.dtype.is_integer:
        raise TypeError(f"axis tensor dtypes {axis.dtype} is not supported")
    attrs = {"output_type": dtypes.as_dtype(output_type)}
    inputs = [x]
    if hasattr(axis, "dtype"):
        inputs.append(axis)
    else:
        attrs["axis"] = axis
    return apply_op(op_type, inputs, attrs, name=name)


def argmax(input, axis=None, name=None, dimension=None, output_type=dtypes.int64):  # noqa: A002
    """Mirrors ``tf.math.argmax`` (``axis`` defaults to 0; TF1 ``dimension`` alias accepted)."""
    return _arg("ArgMax", input, axis, name, dimension, output_type)


def argmin(input, axis=None, name=None, dimension=None, output_type=dtypes.int64):  # noqa: A002
    """Mirrors ``tf.math.argmin``."""
    return _arg("ArgMin", input, axis, name, dimension, output_type)


def arg_max(input, dimension, output_type=dtypes.int64, name=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.arg_max`` (the raw ``ArgMax`` op's signature: ``dimension`` required)."""
    return _arg("ArgMax", input, dimension, name, None, output_type)


def arg_min(input, dimension, output_type=dtypes.int64, name=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.arg_min``."""
    return _arg("ArgMin", input, dimension, name, None, output_type)


def count_nonzero(input, axis=None, keepdims=None, dtype=dtypes.int64, name=None, reduction_indices=None,
                  keep_dims=None):
    """Mirrors ``tf.math.count_nonzero``."""
    x = to_tensor(input)
    nz = math_ops.cast(math_ops.not_equal(x, 0 if not x.dtype.is_bool else False), dtypes.int64)
    return math_ops.cast(reduce_sum(nz, axis, keepdims, reduction_indices=reduction_indices,
                                    keep_dims=keep_dims), dtype, name=name)
