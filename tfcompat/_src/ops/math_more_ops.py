"""More of ``tf.math`` and ``tf.bitwise``: NaN-safe products, ``xlog1py``, ``nextafter``, ``truncatemod``, shifts,
``complex``/``angle``, ``cumulative_logsumexp``, ``bincount``, ``approx_max_k``/``approx_min_k``,
``sobol_sample``, ``polyval``, ``accumulate_n``, monotonicity checks and ``invert_permutation``."""
from __future__ import annotations

import math

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.api_dispatch import add_dispatch_support
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NO_GRADIENT, register_op
from tfcompat._src.framework.op_types import FLOAT, FLOAT_COMPLEX, INT32, INT32_64, INTEGER, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, reduction_ops, scan_ops, shape_checks
from tfcompat._src.ops import elementwise_grads as eg
from tfcompat._src.ops._helpers import match_dtypes, static_int_list, to_tensor

__all__ = ["xlog1py", "multiply_no_nan", "reciprocal_no_nan", "nextafter", "truncatemod", "left_shift",
           "right_shift", "complex", "angle", "cumulative_logsumexp", "bincount", "bincount_v1", "approx_max_k",
           "approx_min_k", "sobol_sample", "polyval", "accumulate_n", "is_non_decreasing",
           "is_strictly_increasing", "invert_permutation"]


def _xlog1py_value(x, y):
    return torch.where(x == 0, torch.zeros_like(x * y), x * torch.log1p(y))


def _xdivy_value(x, y):
    return torch.where(x == 0, torch.zeros_like(x * y), x / y)


def _mul_no_nan_value(x, y):
    return torch.where(y == 0, torch.zeros_like(x * y), x * y)


_xlog1py = eg.binary(_xlog1py_value, lambda x, y, z: _xlog1py_value((x != 0).to(x.dtype), y),
                     lambda x, y, z: _xdivy_value(x, y + 1), "Xlog1py")


class _MulNoNan(torch.autograd.Function):
    """TF's MulNoNan gradient: ``mul_no_nan(grad, y)`` and ``mul_no_nan(x, grad)``."""

    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return _mul_no_nan_value(x, y)

    @staticmethod
    def backward(ctx, dz):
        x, y = ctx.saved_tensors
        gx = eg.sum_to(_mul_no_nan_value(dz, y), x.shape) if ctx.needs_input_grad[0] else None
        gy = eg.sum_to(_mul_no_nan_value(x, dz), y.shape) if ctx.needs_input_grad[1] else None
        return gx, gy


def _mul_no_nan(x, y):
    if torch.is_grad_enabled() and (x.requires_grad or y.requires_grad):
        return _MulNoNan.apply(x, y)
    return _mul_no_nan_value(x, y)


# TF's NextAfter gradient: 1 for x1, 0 for x2.
_nextafter = eg.binary(torch.nextafter, lambda x, y, z: torch.ones_like(z), lambda x, y, z: torch.zeros_like(z),
                       "NextAfter")

_XY = ("x", "y")
_BROADCAST = shape_checks.broadcast_spec()
register_op("Xlog1py", grad=DIFFERENTIABLE, inputs=_XY, shape_check=shape_checks.broadcast, shape_fn=_BROADCAST,
            types={n: Arg("T", FLOAT_COMPLEX) for n in _XY})(_xlog1py)
register_op("MulNoNan", grad=DIFFERENTIABLE, inputs=_XY, shape_check=shape_checks.broadcast, shape_fn=_BROADCAST,
            types={n: Arg("T", FLOAT_COMPLEX) for n in _XY})(_mul_no_nan)
register_op("NextAfter", grad=DIFFERENTIABLE, inputs=("x1", "x2"), shape_check=shape_checks.broadcast,
            shape_fn=_BROADCAST,
            types={n: Arg("T", ("double", "float")) for n in ("x1", "x2")})(_nextafter)


@register_op("TruncateMod", grad=NO_GRADIENT, inputs=_XY, shape_check=shape_checks.broadcast, shape_fn=_BROADCAST,
             types={n: Arg("T", ("int32", "int64", "bfloat16", "half", "float", "double")) for n in _XY})
def _truncate_mod(x, y):
    if not x.is_floating_point() and y.device.type != "meta" and y.numel() and bool((y == 0).any()):
        raise errors.InvalidArgumentError("Integer division by zero")
    return torch.fmod(x, y)


def _shift(left):
    def kernel(x, y):
        bits = torch.iinfo(x.dtype).bits
        shift = y.to(torch.int64).clamp(0, bits - 1)
        if left:
            return torch.bitwise_left_shift(x, shift.to(x.dtype))
        return torch.bitwise_right_shift(x, shift.to(x.dtype))
    return kernel


for _name, _left in (("LeftShift", True), ("RightShift", False)):
    register_op(_name, grad=NO_GRADIENT, inputs=_XY, shape_check=shape_checks.broadcast, shape_fn=_BROADCAST,
                types={n: Arg("T", INTEGER) for n in _XY})(_shift(_left))


@register_op("Complex", grad=DIFFERENTIABLE, inputs=("real", "imag"), shape_check=shape_checks.broadcast,
             types={"real": Arg("T", ("float", "double")), "imag": Arg("T", ("float", "double"))})
def _complex(real, imag, *, Tout=None):
    real, imag = torch.broadcast_tensors(real, imag)
    return torch.complex(real, imag)


class _Angle(torch.autograd.Function):
    """TF's Angle gradient: ``-complex(grad, 0) / complex(imag(x), real(x))``."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.angle(x)

    @staticmethod
    def backward(ctx, dy):
        x, = ctx.saved_tensors
        z = 1.0 / torch.complex(x.imag, x.real)
        return -torch.complex(dy, torch.zeros_like(dy)) * z


@register_op("Angle", grad=DIFFERENTIABLE, inputs=("input",), types={"input": Arg("T", ("complex64", "complex128"))})
def _angle(x, *, Tout=None):
    if torch.is_grad_enabled() and x.requires_grad:
        return _Angle.apply(x)
    return torch.angle(x)


@register_op("CumulativeLogsumexp", grad=DIFFERENTIABLE, inputs=("x", "axis"),
             types={"x": Arg("T", FLOAT), "axis": Arg("Tidx", INT32_64, from_attr="axis")})
def _cumulative_logsumexp(x, axis_t=None, *, axis=0, exclusive=False, reverse=False):
    axis = scan_ops.scan_axis(x, axis_t, axis)
    y = torch.flip(x, [axis]) if reverse else x
    if exclusive:
        pad_shape = list(y.shape)
        pad_shape[axis] = 1
        lowest = torch.full(pad_shape, -math.inf, dtype=y.dtype, device=y.device)
        y = torch.cat([lowest, y.narrow(axis, 0, y.shape[axis] - 1)], axis) if y.shape[axis] else y
    out = torch.logcumsumexp(y, axis)
    return torch.flip(out, [axis]) if reverse else out


def _bincount_shape(inputs, attrs):
    arr = inputs[0].shape
    dims = [None] if arr.rank in (None, 1, 0) else [arr.as_list()[0], None]
    return [(TensorShape(dims if arr.rank is not None else None), inputs[2].dtype)]


@register_op("DenseBincount", grad=NO_GRADIENT, inputs=("input", "size", "weights"),
             types={"input": Arg("Tidx", INT32_64), "size": Arg("Tidx", INT32_64),
                    "weights": Arg("T", ("int32", "int64", "float", "double"))},
             shape_fn=_bincount_shape)
def _dense_bincount(arr, size, weights, *, binary_output=False):
    n = int(size)
    if n < 0:
        raise errors.InvalidArgumentError(f"size ({n}) must be non-negative")
    if arr.numel() and int(arr.min()) < 0:
        raise errors.InvalidArgumentError("Input arr must be non-negative!")
    if weights.numel() and tuple(weights.shape) != tuple(arr.shape):
        raise errors.InvalidArgumentError(
            f"`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all weights "
            f"equal to 1. Received {list(weights.shape)}")
    rows = arr.reshape(1, -1) if arr.dim() <= 1 else arr
    w = None if not weights.numel() else (weights.reshape(1, -1) if arr.dim() <= 1 else weights)
    out = torch.zeros((rows.shape[0], n), dtype=weights.dtype)
    keep = rows < n
    idx = torch.where(keep, rows, torch.zeros_like(rows)).long()
    if binary_output:
        src = keep.to(weights.dtype)
        out = out.scatter_reduce(1, idx, src, "amax")
    else:
        src = torch.ones_like(rows, dtype=weights.dtype) if w is None else w
        out = out.scatter_add(1, idx, torch.where(keep, src, torch.zeros_like(src)))
    return out.reshape(n) if arr.dim() <= 1 else out


_TF_DT = {torch.float32: "DT_FLOAT", torch.float16: "DT_HALF", torch.bfloat16: "DT_BFLOAT16"}


@register_op("ApproxTopK", grad=DIFFERENTIABLE, inputs=("input",), num_outputs=2,
             types={"input": Arg("T", ("half", "bfloat16", "float"))})
def _approx_top_k(x, *, k, reduction_dimension=-1, recall_target=0.95, is_max_k=True,
                  reduction_input_size_override=-1, aggregate_to_topk=True):
    # TF's CPU kernel is an exact top-k, registered only for the largest values along the last dimension; other
    # configurations have no CPU kernel in TF (NotFoundError), so none here either.
    dim = reduction_dimension % x.dim()
    if not is_max_k or dim != x.dim() - 1:
        raise errors.NotFoundError(
            f"Could not find device for node: {{{{node ApproxTopK}}}} = ApproxTopK[T={_TF_DT[x.dtype]}, "
            f"aggregate_to_topk={str(aggregate_to_topk).lower()}, is_max_k={str(is_max_k).lower()}, k={k}, "
            f"recall_target={recall_target:g}, reduction_dimension={reduction_dimension}, "
            f"reduction_input_size_override={reduction_input_size_override}]")
    if k > x.shape[dim]:
        raise errors.InvalidArgumentError(f"k ({k}) must be at most the size of the reduction dimension "
                                          f"({x.shape[dim]})")
    values, indices = torch.topk(x, k, dim=dim, largest=is_max_k, sorted=True)
    return values, indices.to(torch.int32)


@register_op("SobolSample", grad=NO_GRADIENT, inputs=("dim", "num_results", "skip"),
             types={"dim": Arg(None, INT32), "num_results": Arg(None, INT32), "skip": Arg(None, INT32)},
             shape_fn=lambda inputs, attrs: [(TensorShape([None, None]), attrs["dtype"])])
def _sobol_sample(dim, num_results, skip, *, dtype):
    d, n, s = int(dim), int(num_results), int(skip)
    if d < 1:
        raise errors.InvalidArgumentError(f"dim must be at least one, got {d}")
    if n < 1:
        raise errors.InvalidArgumentError(f"num_results must be at least one, got {n}")
    if s < 0:
        raise errors.InvalidArgumentError(f"skip must be non-negative, got {s}")
    engine = torch.quasirandom.SobolEngine(d, scramble=False)
    # TF's sequence starts at the Sobol point with index 1 (it never emits the origin).
    engine.fast_forward(1 + s)
    return engine.draw(n, dtype=torch.float64).to(dtypes.as_dtype(dtype).torch_dtype)


# ------------------------------------------------------------------------------------------------
# public wrappers
# ------------------------------------------------------------------------------------------------
def xlog1py(x, y, name=None):
    """Mirrors ``tf.math.xlog1py``: 0 where x == 0, else x * log1p(y)."""
    return apply_op("Xlog1py", match_dtypes(x, y), name=name)


def multiply_no_nan(x, y, name=None):
    """Mirrors ``tf.math.multiply_no_nan``: 0 where y == 0 (even if x is NaN or inf), else x * y."""
    x, y = match_dtypes(x, y)
    if x.dtype != y.dtype:
        raise ValueError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    return apply_op("MulNoNan", [x, y], name=name)


def reciprocal_no_nan(x, name=None):
    """Mirrors ``tf.math.reciprocal_no_nan``: 1/x, 0 where x == 0."""
    x = to_tensor(x)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"x must be of a floating or complex type, got {x.dtype.name}")
    return math_ops.divide_no_nan(array_ops.ones_like(x), x, name=name)


def nextafter(x1, x2, name=None):
    """Mirrors ``tf.math.nextafter``: the next representable value after x1 towards x2."""
    return apply_op("NextAfter", match_dtypes(x1, x2), name=name)


def truncatemod(x, y, name=None):
    """Mirrors ``tf.truncatemod``: the remainder of truncated division (C's fmod)."""
    return apply_op("TruncateMod", match_dtypes(x, y), name=name)


def left_shift(x, y, name=None):
    """Mirrors ``tf.bitwise.left_shift``; shift amounts are clamped to [0, bits - 1] as TF's CPU kernel does."""
    return apply_op("LeftShift", match_dtypes(x, y), name=name)


def right_shift(x, y, name=None):
    """Mirrors ``tf.bitwise.right_shift`` (arithmetic for signed types; amounts clamped as in TF)."""
    return apply_op("RightShift", match_dtypes(x, y), name=name)


def complex(real, imag, name=None):  # noqa: A001 - TF's name
    """Mirrors ``tf.complex``: float32 parts give complex64, float64 parts complex128."""
    real, imag = to_tensor(real), to_tensor(imag)
    if real.dtype != imag.dtype:
        raise TypeError(f"real and imag must have the same dtype, got {real.dtype.name} and {imag.dtype.name}")
    if real.dtype == dtypes.float64:
        out = dtypes.complex128
    elif real.dtype == dtypes.float32:
        out = dtypes.complex64
    else:
        raise TypeError(f"Value passed to parameter 'real' has DataType {real.dtype.name} not in list of allowed "
                        f"values: float32, float64")
    return apply_op("Complex", [real, imag], {"Tout": out}, name=name)


def angle(input, name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.math.angle``: the argument of complex numbers; for real inputs pi where x < 0, else 0."""
    x = to_tensor(input)
    if x.dtype.is_complex:
        return apply_op("Angle", [x], {"Tout": x.dtype.real_dtype}, name=name)
    return array_ops.where(math_ops.less(x, array_ops.zeros_like(x)), math.pi * array_ops.ones_like(x),
                           array_ops.zeros_like(x), name=name)


def cumulative_logsumexp(x, axis=0, exclusive=False, reverse=False, name=None):
    """Mirrors ``tf.math.cumulative_logsumexp``."""
    x = to_tensor(x)
    attrs = {"exclusive": bool(exclusive), "reverse": bool(reverse)}
    ax = static_int_list(axis)
    if ax is None or len(ax) != 1:
        return apply_op("CumulativeLogsumexp", [x, to_tensor(axis)], attrs, name=name)
    return apply_op("CumulativeLogsumexp", [x], dict(attrs, axis=ax[0]), name=name)


@add_dispatch_support
def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32, name=None, axis=None,
             binary_output=False):
    """Mirrors ``tf.math.bincount``: counts of each value of ``arr``; ``axis=-1`` counts each row of a 2-D
    ``arr``. Values >= ``maxlength`` are dropped; negative values raise InvalidArgumentError. SparseTensor and
    RaggedTensor ``arr`` are served by ``ops/sparse_count_ops.py`` through the fallback dispatch, as in TF."""
    arr = to_tensor(arr)
    if weights is not None:
        weights = to_tensor(weights)
        if binary_output:
            raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. Please specify only "
                             "one.")
    if not arr.dtype.is_integer:
        arr = math_ops.cast(arr, dtypes.int32)
    axis = 0 if axis is None else axis
    if axis not in (0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are currently supported.")
    nonempty = math_ops.cast(math_ops.greater(array_ops.size(arr), 0), arr.dtype)
    size = math_ops.multiply(nonempty, math_ops.add(reduction_ops.reduce_max(arr), 1))
    if minlength is not None:
        size = math_ops.maximum(to_tensor(minlength, dtype=arr.dtype), size)
    if maxlength is not None:
        size = math_ops.minimum(to_tensor(maxlength, dtype=arr.dtype), size)
    if axis == 0:
        if weights is not None:
            weights = array_ops.reshape(weights, [-1])
        arr = array_ops.reshape(arr, [-1])
    if weights is None:
        weights = array_ops.constant([], dtype=dtypes.as_dtype(dtype))
    return apply_op("DenseBincount", [arr, size, weights], {"binary_output": bool(binary_output)},
                    name=name or "bincount")


def bincount_v1(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32):
    """Mirrors ``tf.compat.v1.math.bincount``."""
    return bincount(arr, weights, minlength, maxlength, dtype)


def _approx_k(operand, k, reduction_dimension, recall_target, reduction_input_size_override, aggregate_to_topk,
              is_max_k, name):
    x = to_tensor(operand)
    attrs = {"k": int(k), "reduction_dimension": int(reduction_dimension), "recall_target": float(recall_target),
             "is_max_k": is_max_k, "reduction_input_size_override": int(reduction_input_size_override),
             "aggregate_to_topk": bool(aggregate_to_topk)}
    return apply_op("ApproxTopK", [x], attrs, name=name)


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """Mirrors ``tf.math.approx_max_k``: ``(values, indices)`` of the k largest along ``reduction_dimension``.
    Exact, as TF's CPU kernel is; like TF on CPU, only the last dimension is supported (NotFoundError)."""
    return _approx_k(operand, k, reduction_dimension, recall_target, reduction_input_size_override,
                     aggregate_to_topk, True, name)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95, reduction_input_size_override=-1,
                 aggregate_to_topk=True, name=None):
    """Mirrors ``tf.math.approx_min_k``. TF has no CPU kernel for it (NotFoundError); neither has tfcompat."""
    return _approx_k(operand, k, reduction_dimension, recall_target, reduction_input_size_override,
                     aggregate_to_topk, False, name)


def sobol_sample(dim, num_results, skip=0, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.math.sobol_sample``: ``[num_results, dim]`` points of the Sobol sequence (Joe-Kuo direction
    numbers, without the origin), after skipping ``skip`` points."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.float32, dtypes.float64):
        raise TypeError(f"dtype must be float32 or float64, got {dtype.name}")
    ins = [to_tensor(v, dtype=dtypes.int32) for v in (dim, num_results, skip)]
    return apply_op("SobolSample", ins, {"dtype": dtype}, name=name)


def polyval(coeffs, x, name=None):
    """Mirrors ``tf.math.polyval``: Horner's rule over the list ``coeffs`` (highest power first)."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    x = to_tensor(x)
    if not coeffs:
        return array_ops.zeros_like(x, name=name)
    coeffs = [to_tensor(c) for c in coeffs]
    p = coeffs[0]
    for c in coeffs[1:]:
        p = math_ops.add(c, math_ops.multiply(p, x))
    return p


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """Mirrors ``tf.math.accumulate_n``: the elementwise sum of a list of same-shaped tensors (``add_n``)."""
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")
    inputs = [to_tensor(t) for t in inputs]
    if not all(t.dtype == inputs[0].dtype for t in inputs):
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")
    if shape is not None and not TensorShape(shape).is_compatible_with(inputs[0].shape):
        raise ValueError(f"Shape {TensorShape(shape)} is incompatible with the inputs' shape {inputs[0].shape}")
    if tensor_dtype is not None and dtypes.as_dtype(tensor_dtype) != inputs[0].dtype:
        raise TypeError(f"tensor_dtype is {dtypes.as_dtype(tensor_dtype).name}, but input is of type "
                        f"{inputs[0].dtype.name}")
    if len(inputs) == 1 and name is None:
        return inputs[0]
    return math_ops.add_n(inputs, name=name)


def _monotonic(x, strict, name):
    x = to_tensor(x)
    if not (x.dtype.is_floating or x.dtype.is_integer):
        raise TypeError(f"Expected x to be numeric, got {x.dtype.name}")
    flat = array_ops.reshape(x, [-1])
    diff = math_ops.subtract(flat[1:], flat[:-1])
    zero = array_ops.zeros_like(diff)
    check = math_ops.greater(diff, zero) if strict else math_ops.greater_equal(diff, zero)
    return reduction_ops.reduce_all(check, name=name)


def is_non_decreasing(x, name=None):
    """Mirrors ``tf.math.is_non_decreasing``: whether the flattened ``x`` never decreases (True when empty)."""
    return _monotonic(x, False, name)


def is_strictly_increasing(x, name=None):
    """Mirrors ``tf.math.is_strictly_increasing``."""
    return _monotonic(x, True, name)


def invert_permutation(x, name=None):
    """Mirrors ``tf.math.invert_permutation`` (op ``InvertPermutation``)."""
    return apply_op("InvertPermutation", [to_tensor(x)], name=name)



