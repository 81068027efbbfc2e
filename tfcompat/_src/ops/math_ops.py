"""Elementwise math, comparisons, matmul and cast (mirrors ``tf.math`` and TF's ``math_ops.py``)."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import api_dispatch, composite_dispatch, dtypes, errors, kernel_errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor, shape_error
from tfcompat._src.framework.fused_eager import fused_entry
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import (ANY, BATCH_MATMUL, BOOL, FLOAT, FLOAT_COMPLEX, FLOAT_INT_COMPLEX,
                                              INTEGER, MATMUL, NUMBER, REAL, REAL_NUMBER, SIGNED_NUMBER, TF_NAME_OF,
                                              Arg)
from tfcompat._src.ops import array_ops, complex_ops, shape_checks, shape_fns, string_ops, tf_grad_kernels
from tfcompat._src.ops import cpu_gemm
from tfcompat._src.ops._helpers import match_dtypes, to_tensor
from tfcompat._src.ops.unsigned_kernels import WIDE_UNSIGNED, numpy_binary, wide_unsigned

# ------------------------------------------------------------------------------------------------
# kernels: binary
# ------------------------------------------------------------------------------------------------
_XY = ("x", "y")


_UNSIGNED = (torch.uint8,) + WIDE_UNSIGNED


def _int_div(x, y, rounding_mode):
    return torch.div(x, y, rounding_mode=rounding_mode)   # uint16/32/64: numpy's (wide_unsigned below)


def _floordiv(x, y):
    if x.dtype.is_floating_point:
        return torch.floor(x / y)
    return _int_div(x, y, "floor")


def _truncdiv(x, y):
    return _int_div(x, y, "trunc")


def _realdiv(x, y):
    if x.dtype.is_floating_point or x.dtype.is_complex:
        return x / y
    if x.dtype in _UNSIGNED:
        raise kernel_errors.no_cpu_kernel("RealDiv", x.dtype)   # TF registers RealDiv for them, no CPU kernel
    return _int_div(x, y, "trunc")  # TF's Div/RealDiv on ints truncates


def _squared_difference(x, y):
    d = x - y
    return d * d


def _div_no_nan(x, y):
    # 4 torch ops; masked_fill's backward masks as where's does, so the gradient is unchanged.
    zero = y == 0
    return (x / y.masked_fill(zero, 1)).masked_fill(zero, 0)


def _fix_div(x, y):  # TF's Div for floats is true division
    if x.dtype.is_floating_point or x.dtype.is_complex:
        return x / y
    return torch.div(x, y, rounding_mode="floor")


# op type -> (kernel, gradient status, dtypes TF allows for x and y)
_BINARY = {
    "AddV2": (torch.add, DIFFERENTIABLE, NUMBER),
    "Sub": (torch.sub, DIFFERENTIABLE, NUMBER),
    "Mul": (torch.mul, DIFFERENTIABLE, NUMBER),
    "RealDiv": (_realdiv, DIFFERENTIABLE, NUMBER),
    "Div": (_fix_div, DIFFERENTIABLE, NUMBER),  # TF1 tf.div: floor division for ints, true division for floats
    "FloorDiv": (_floordiv, NOT_DIFFERENTIABLE, NUMBER),
    "TruncateDiv": (_truncdiv, NOT_DIFFERENTIABLE, NUMBER),
    "FloorMod": (tf_grad_kernels.floormod, DIFFERENTIABLE, REAL_NUMBER),
    "Pow": (tf_grad_kernels.pow_, DIFFERENTIABLE, SIGNED_NUMBER),
    # TF's gradient goes entirely to x where x >= y (torch.maximum splits ties in half), to y where x is NaN.
    "Maximum": (tf_grad_kernels.maximum, DIFFERENTIABLE, REAL_NUMBER),
    "Minimum": (tf_grad_kernels.minimum, DIFFERENTIABLE, REAL_NUMBER),
    "SquaredDifference": (_squared_difference, DIFFERENTIABLE, FLOAT_INT_COMPLEX),
    "DivNoNan": (_div_no_nan, DIFFERENTIABLE, FLOAT_COMPLEX),
    "Equal": (string_ops.string_or_torch(torch.eq, string_ops.string_equal), NOT_DIFFERENTIABLE, ANY),
    "NotEqual": (string_ops.string_or_torch(torch.ne, string_ops.string_not_equal), NOT_DIFFERENTIABLE, ANY),
    "Less": (torch.lt, NOT_DIFFERENTIABLE, REAL_NUMBER),
    "LessEqual": (torch.le, NOT_DIFFERENTIABLE, REAL_NUMBER),
    "Greater": (torch.gt, NOT_DIFFERENTIABLE, REAL_NUMBER),
    "GreaterEqual": (torch.ge, NOT_DIFFERENTIABLE, REAL_NUMBER),
    "BitwiseAnd": (torch.bitwise_and, NOT_DIFFERENTIABLE, INTEGER),
    "BitwiseOr": (torch.bitwise_or, NOT_DIFFERENTIABLE, INTEGER),
    "BitwiseXor": (torch.bitwise_xor, NOT_DIFFERENTIABLE, INTEGER),
}
_COMPARISONS = ("Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual")
for _name, (_fn, _grad, _allowed) in _BINARY.items():
    if _name in numpy_binary:   # uint16/32/64: torch has no CPU kernels, numpy computes them (unsigned_kernels.py)
        _fn = wide_unsigned(_fn, numpy_binary[_name], bool_output=_name in _COMPARISONS)
    register_op(_name, grad=_grad, inputs=_XY, types={"x": Arg("T", _allowed), "y": Arg("T", _allowed)},
                shape_check=shape_checks.broadcast,
                shape_fn=shape_checks.broadcast_spec(bool_output=_name in _COMPARISONS))(_fn)
for _name, _fn in (("Xlogy", tf_grad_kernels.xlogy), ("Xdivy", tf_grad_kernels.xdivy)):
    register_op(_name, grad=DIFFERENTIABLE, inputs=_XY, shape_check=shape_checks.broadcast,
                types={"x": Arg("T", FLOAT_COMPLEX), "y": Arg("T", FLOAT_COMPLEX)})(_fn)
register_op("Atan2", grad=DIFFERENTIABLE, inputs=("y", "x"), types={"y": Arg("T", FLOAT), "x": Arg("T", FLOAT)},
            shape_check=shape_checks.broadcast)(torch.atan2)
for _name, _fn in (("LogicalAnd", torch.logical_and), ("LogicalOr", torch.logical_or)):
    register_op(_name, grad=NOT_DIFFERENTIABLE, inputs=_XY, types={"x": Arg(None, BOOL), "y": Arg(None, BOOL)},
                shape_check=shape_checks.broadcast, shape_fn=shape_checks.broadcast_spec(bool_output=True))(_fn)

# ------------------------------------------------------------------------------------------------
# kernels: unary
# ------------------------------------------------------------------------------------------------


def _reciprocal(x):
    if x.dtype.is_floating_point or x.dtype.is_complex:
        return tf_grad_kernels.reciprocal(x)
    raise kernel_errors.no_cpu_kernel("Reciprocal", x.dtype)   # TF registers Reciprocal for ints, no CPU kernel


def _round(x):
    return torch.round(x) if x.dtype.is_floating_point else x  # TF rounds half to even, like torch


def _square(x):
    return x * x


def _is_finite(x):
    return torch.isfinite(x)


# op type -> (kernel, gradient status, the dtypes TF allows)
_UNARY = {
    "Neg": (torch.neg, DIFFERENTIABLE, Arg("T", SIGNED_NUMBER)),
    "Abs": (tf_grad_kernels.abs_, DIFFERENTIABLE, Arg("T", REAL)),
    "Square": (_square, DIFFERENTIABLE, Arg("T", NUMBER)),
    "Sqrt": (tf_grad_kernels.sqrt, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Rsqrt": (tf_grad_kernels.rsqrt, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Exp": (torch.exp, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Expm1": (torch.expm1, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Log": (torch.log, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Log1p": (torch.log1p, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Sin": (torch.sin, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Cos": (torch.cos, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Tan": (torch.tan, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Asin": (torch.asin, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Acos": (torch.acos, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Atan": (torch.atan, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Sinh": (torch.sinh, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Cosh": (torch.cosh, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Tanh": (torch.tanh, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Sigmoid": (torch.sigmoid, DIFFERENTIABLE, Arg("T", FLOAT_COMPLEX)),
    "Erf": (torch.erf, DIFFERENTIABLE, Arg("T", FLOAT)),
    "Erfc": (torch.erfc, DIFFERENTIABLE, Arg("T", FLOAT)),
    "Lgamma": (tf_grad_kernels.lgamma, DIFFERENTIABLE, Arg("T", FLOAT)),
    "Digamma": (tf_grad_kernels.digamma, DIFFERENTIABLE, Arg("T", FLOAT)),
    "Reciprocal": (_reciprocal, DIFFERENTIABLE, Arg("T", SIGNED_NUMBER)),
    "Sign": (tf_grad_kernels.sign, DIFFERENTIABLE, Arg("T", SIGNED_NUMBER)),
    "Floor": (torch.floor, NOT_DIFFERENTIABLE, Arg("T", FLOAT)),
    "Ceil": (torch.ceil, NOT_DIFFERENTIABLE, Arg("T", FLOAT)),
    "Round": (_round, NOT_DIFFERENTIABLE, Arg("T", SIGNED_NUMBER)),
    "Rint": (torch.round, NOT_DIFFERENTIABLE, Arg("T", FLOAT)),
    "IsNan": (torch.isnan, NOT_DIFFERENTIABLE, Arg("T", FLOAT)),
    "IsInf": (torch.isinf, NOT_DIFFERENTIABLE, Arg("T", FLOAT)),
    "IsFinite": (_is_finite, NOT_DIFFERENTIABLE, Arg("T", FLOAT)),
    "LogicalNot": (torch.logical_not, NOT_DIFFERENTIABLE, Arg(None, BOOL)),
    "Invert": (torch.bitwise_not, NOT_DIFFERENTIABLE, Arg("T", INTEGER)),
}
for _name, (_fn, _grad, _rule) in _UNARY.items():
    register_op(_name, grad=_grad, types={"x": _rule})(_fn)

# ------------------------------------------------------------------------------------------------
# kernels: matmul, cast, n-ary
# ------------------------------------------------------------------------------------------------


@register_op("MatMul", grad=DIFFERENTIABLE, inputs=("a", "b"), types={"a": Arg("T", MATMUL), "b": Arg("T", MATMUL)},
             shape_check=shape_checks.matmul)
def _matmul(a, b, transpose_a=False, transpose_b=False):
    if transpose_a:
        a = a.t()
    if transpose_b:
        b = b.t()
    if a.dim() != 2 or b.dim() != 2:
        return torch.matmul(a, b)
    if a.dtype is torch.float32 and a.device.type == "cpu":
        return cpu_gemm.mm(a, b)   # the one place that picks the 2-D GEMM (ops/cpu_gemm.py)
    return torch.mm(a, b)


@register_op("BatchMatMulV2", grad=DIFFERENTIABLE, inputs=("x", "y"),
             types={"x": Arg("T", BATCH_MATMUL), "y": Arg("T", BATCH_MATMUL)}, shape_check=shape_checks.batch_matmul)
def _batch_matmul(x, y, adj_x=False, adj_y=False):
    if adj_x:
        x = x.transpose(-1, -2).conj()
    if adj_y:
        y = y.transpose(-1, -2).conj()
    return torch.matmul(x, y)


@register_op("Cast", grad=DIFFERENTIABLE, types={"x": Arg("SrcT", ANY)})
def _cast(x, *, DstT, SrcT=None):
    if isinstance(x, (bytes, np.ndarray)):   # a tf.string value: TF has no Cast kernel from string
        raise errors.UnimplementedError(f"Cast string to {TF_NAME_OF.get(DstT.name, DstT.name)} is not supported")
    if DstT.torch_dtype is None:
        src = TF_NAME_OF.get(dtypes.from_torch(x.dtype).name, "")
        raise errors.UnimplementedError(f"Cast {src} to {TF_NAME_OF.get(DstT.name, DstT.name)} is not supported")
    return x.to(DstT.torch_dtype)


@register_op("AddN", grad=DIFFERENTIABLE, inputs=("inputs",), list_input=True, types={"inputs": Arg("T", NUMBER)},
             shape_check=shape_checks.add_n, shape_fn=shape_fns.add_n_shape)
def _add_n(*xs, N=None):
    if xs[0].dtype in WIDE_UNSIGNED and xs[0].device.type != "meta":   # no torch CPU add: numpy's, wrapping
        return torch.from_numpy(np.sum(np.stack([x.numpy() for x in xs]), axis=0, dtype=xs[0].numpy().dtype))
    out = xs[0]
    for x in xs[1:]:
        out = out + x
    return out


# ------------------------------------------------------------------------------------------------
# python wrappers
# ------------------------------------------------------------------------------------------------
# Fused eager entries (framework/fused_eager.py): the wrappers' common case, float eager operands, in one step.
_FUSED = {op_type: fused_entry(op_type, float_kernel=_fn)   # (_fn: without the wide-unsigned wrapper)
          for op_type, (_fn, _grad, _rule) in {**_BINARY, **_UNARY}.items() if _grad is DIFFERENTIABLE}
_FUSED_MATMUL = fused_entry("MatMul", rank=2, transpose_a=False, transpose_b=False)
# Python operators (ops/operators.py) with a fused entry: operator name -> entry.
FUSED_OPERATORS = {"add": _FUSED["AddV2"], "sub": _FUSED["Sub"], "mul": _FUSED["Mul"], "truediv": _FUSED["RealDiv"],
                   "mod": _FUSED["FloorMod"], "pow": _FUSED["Pow"], "matmul": _FUSED_MATMUL}
_FUSED_ADD, _FUSED_REALDIV = _FUSED["AddV2"], _FUSED["RealDiv"]


def _binary(op_type, x, y, name):
    fused = _FUSED.get(op_type)
    if fused is not None:
        out = fused(x, y, name)
        if out is not None:
            return out
    composite = composite_dispatch.handler_for(x, y)
    if composite is not None:   # e.g. a RaggedTensor operand (see framework/composite_dispatch.py)
        return composite.binary(op_type, x, y, name)
    x, y = match_dtypes(x, y)
    return apply_op(op_type, [x, y], name=name)


def _unary(op_type, x, name):
    fused = _FUSED.get(op_type)
    if fused is not None:
        out = fused(x, name)
        if out is not None:
            return out
    composite = composite_dispatch.handler_for(x)
    if composite is not None:
        return composite.unary(op_type, x, name)
    return apply_op(op_type, [to_tensor(x)], name=name)


def add(x, y, name=None):
    """Mirrors ``tf.math.add`` (op ``AddV2``, named 'Add' by default as in TF; op ``Add`` for strings)."""
    out = _FUSED_ADD(x, y, name)
    if out is not None:
        return out
    composite = composite_dispatch.handler_for(x, y)
    if composite is not None:
        return composite.binary("AddV2", x, y, name)
    x, y = match_dtypes(x, y)
    return apply_op("Add" if x.dtype is dtypes.string else "AddV2", [x, y], name=name or "Add")


def subtract(x, y, name=None):
    """Mirrors ``tf.math.subtract`` (op ``Sub``)."""
    return _binary("Sub", x, y, name)


def multiply(x, y, name=None):
    """Mirrors ``tf.math.multiply`` (op ``Mul``)."""
    return _binary("Mul", x, y, name)


def _int_to_float_for_truediv(dt):
    # TF's truediv: int8/int16/uint8/uint16 -> float32, int32/int64 -> float64.
    if dt in (dtypes.int8, dtypes.int16, dtypes.uint8, dtypes.uint16):
        return dtypes.float32
    if dt in (dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64):
        return dtypes.float64
    return None


def truediv(x, y, name=None):
    """Mirrors ``tf.math.truediv``: integer inputs are cast to float first (int32 -> float64)."""
    out = _FUSED_REALDIV(x, y, name)   # float operands only: no cast to choose
    if out is not None:
        return out
    x, y = match_dtypes(x, y)
    if x.dtype is not y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    if not (x.dtype.is_floating or x.dtype.is_integer or x.dtype.is_complex):
        raise TypeError(f"Invalid dtype {x.dtype!r} in __truediv__")
    target = _int_to_float_for_truediv(x.dtype)
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    return apply_op("RealDiv", [x, y], name=name)


divide = truediv


def div(x, y, name=None):
    """Mirrors ``tf.compat.v1.div``: floor division for integers, true division for floats."""
    return _binary("Div", x, y, name)


def realdiv(x, y, name=None):
    """Mirrors ``tf.realdiv``."""
    return _binary("RealDiv", x, y, name)


def floordiv(x, y, name=None):
    """Mirrors ``tf.math.floordiv`` (op ``FloorDiv``)."""
    return _binary("FloorDiv", x, y, name)


def truncatediv(x, y, name=None):
    return _binary("TruncateDiv", x, y, name)


def floormod(x, y, name=None):
    """Mirrors ``tf.math.floormod`` / ``tf.math.mod``."""
    return _binary("FloorMod", x, y, name)


mod = floormod


def pow(x, y, name=None):  # noqa: A001 - TF's name
    """Mirrors ``tf.math.pow``."""
    return _binary("Pow", x, y, name)


def maximum(x, y, name=None):
    """Mirrors ``tf.math.maximum``."""
    return _binary("Maximum", x, y, name)


def minimum(x, y, name=None):
    """Mirrors ``tf.math.minimum``."""
    return _binary("Minimum", x, y, name)


def squared_difference(x, y, name=None):
    """Mirrors ``tf.math.squared_difference``."""
    return _binary("SquaredDifference", x, y, name)


def divide_no_nan(x, y, name=None):
    """Mirrors ``tf.math.divide_no_nan``: 0 where y == 0; integer inputs are cast to float as by truediv."""
    x, y = match_dtypes(x, y)
    if x.dtype is not y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}.")
    target = _int_to_float_for_truediv(x.dtype)
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    return apply_op("DivNoNan", [x, y], name=name)


def atan2(y, x, name=None):
    return _binary("Atan2", y, x, name)


def equal(x, y, name=None):
    """Mirrors ``tf.math.equal``."""
    return _binary("Equal", x, y, name)


def not_equal(x, y, name=None):
    return _binary("NotEqual", x, y, name)


def less(x, y, name=None):
    return _binary("Less", x, y, name)


def less_equal(x, y, name=None):
    return _binary("LessEqual", x, y, name)


def greater(x, y, name=None):
    return _binary("Greater", x, y, name)


def greater_equal(x, y, name=None):
    return _binary("GreaterEqual", x, y, name)


def logical_and(x, y, name=None):
    return _binary("LogicalAnd", x, y, name)


def logical_or(x, y, name=None):
    return _binary("LogicalOr", x, y, name)


def logical_xor(x, y, name=None):
    """Mirrors ``tf.math.logical_xor`` (TF builds it from And/Or/Not)."""
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)), name=name)


def bitwise_and(x, y, name=None):
    """Mirrors ``tf.bitwise.bitwise_and``."""
    return _binary("BitwiseAnd", x, y, name)


def bitwise_or(x, y, name=None):
    """Mirrors ``tf.bitwise.bitwise_or``."""
    return _binary("BitwiseOr", x, y, name)


def bitwise_xor(x, y, name=None):
    """Mirrors ``tf.bitwise.bitwise_xor``."""
    return _binary("BitwiseXor", x, y, name)


def invert(x, name=None):
    """Mirrors ``tf.bitwise.invert``."""
    return _unary("Invert", x, name)


def logical_not(x, name=None):
    return _unary("LogicalNot", x, name)


def negative(x, name=None):
    return _unary("Neg", x, name)


def abs(x, name=None):  # noqa: A001
    """Mirrors ``tf.math.abs``: complex inputs give their magnitude (op ``ComplexAbs``), as in TF."""
    composite = composite_dispatch.handler_for(x)
    if composite is not None:
        return composite.map_flat(abs, x, name=name)
    x = to_tensor(x)
    if x.dtype.is_complex:
        return complex_ops.complex_abs(x, name=name)
    return _unary("Abs", x, name)


def square(x, name=None):
    return _unary("Square", x, name)


def sqrt(x, name=None):
    return _unary("Sqrt", x, name)


def rsqrt(x, name=None):
    return _unary("Rsqrt", x, name)


def exp(x, name=None):
    return _unary("Exp", x, name)


def expm1(x, name=None):
    return _unary("Expm1", x, name)


def log(x, name=None):
    return _unary("Log", x, name)


def log1p(x, name=None):
    return _unary("Log1p", x, name)


def sin(x, name=None):
    return _unary("Sin", x, name)


def cos(x, name=None):
    return _unary("Cos", x, name)


def tan(x, name=None):
    return _unary("Tan", x, name)


def asin(x, name=None):
    return _unary("Asin", x, name)


def acos(x, name=None):
    return _unary("Acos", x, name)


def atan(x, name=None):
    return _unary("Atan", x, name)


def sinh(x, name=None):
    return _unary("Sinh", x, name)


def cosh(x, name=None):
    return _unary("Cosh", x, name)


def tanh(x, name=None):
    return _unary("Tanh", x, name)


def sigmoid(x, name=None):
    return _unary("Sigmoid", x, name)


def erf(x, name=None):
    return _unary("Erf", x, name)


def erfc(x, name=None):
    return _unary("Erfc", x, name)


def lgamma(x, name=None):
    return _unary("Lgamma", x, name)


def digamma(x, name=None):
    return _unary("Digamma", x, name)


def reciprocal(x, name=None):
    return _unary("Reciprocal", x, name)


def sign(x, name=None):
    return _unary("Sign", x, name)


def floor(x, name=None):
    return _unary("Floor", x, name)


def ceil(x, name=None):
    return _unary("Ceil", x, name)


def round(x, name=None):  # noqa: A001
    """Mirrors ``tf.math.round`` (half to even)."""
    return _unary("Round", x, name)


def rint(x, name=None):
    return _unary("Rint", x, name)


def is_nan(x, name=None):
    return _unary("IsNan", x, name)


def is_inf(x, name=None):
    return _unary("IsInf", x, name)


def is_finite(x, name=None):
    return _unary("IsFinite", x, name)


def log_sigmoid(x, name=None):
    """Mirrors ``tf.math.log_sigmoid``: -softplus(-x)."""
    return negative(apply_op("Softplus", [negative(x)]), name=name)


def cast(x, dtype, name=None):
    """Mirrors ``tf.cast``: float -> int truncates toward zero; a cast of a tensor to its own dtype is the
    identity; a SparseTensor or IndexedSlices becomes a new one of cast values (indices and dense shape kept)."""
    composite = composite_dispatch.handler_for(x)
    if composite is not None:
        return composite.map_flat(cast, x, dtype, name=name)
    dtype = dtypes.as_dtype(dtype)
    if isinstance(x, SparseTensor):
        return SparseTensor(x.indices, cast(x.values, dtype, name=name), x.dense_shape)
    if isinstance(x, IndexedSlices):
        return IndexedSlices(cast(x.values, dtype, name=name), x.indices, x.dense_shape)
    x = to_tensor(x) if not hasattr(x, "dtype") or not hasattr(x, "shape") else convert_to_tensor(x)
    if x.dtype is dtype:
        return x
    return apply_op("Cast", [x], {"DstT": dtype, "SrcT": x.dtype}, name=name)


def to_float(x, name="ToFloat"):
    """Mirrors ``tf.compat.v1.to_float``."""
    return cast(x, dtypes.float32, name=name)


def to_double(x, name="ToDouble"):
    return cast(x, dtypes.float64, name=name)


def to_int32(x, name="ToInt32"):
    return cast(x, dtypes.int32, name=name)


def to_int64(x, name="ToInt64"):
    return cast(x, dtypes.int64, name=name)


def saturate_cast(value, dtype, name=None):
    dtype = dtypes.as_dtype(dtype)
    value = to_tensor(value)
    if dtype.is_integer or dtype.is_floating:
        value = clip_by_value(value, dtype.min, dtype.max) if value.dtype.is_floating and dtype.is_integer \
            else value
    return cast(value, dtype, name=name)


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None):
    """Mirrors ``tf.linalg.matmul``: ``MatMul`` for rank 2, ``BatchMatMulV2`` (broadcasting) above. ``grad_a``/
    ``grad_b`` (TF 2.21's hints that the call computes a gradient) do not change the result."""
    if not (transpose_a or transpose_b or adjoint_a or adjoint_b):
        out = _FUSED_MATMUL(a, b, name)
        if out is not None:
            return out
    try:
        a, b = match_dtypes(a, b)
    except (TypeError, ValueError):   # TF's fallback dispatch (a tf.linalg.LinearOperator argument)
        result = api_dispatch.dispatch(matmul, (a, b), dict(
            transpose_a=transpose_a, transpose_b=transpose_b, adjoint_a=adjoint_a, adjoint_b=adjoint_b,
            a_is_sparse=a_is_sparse, b_is_sparse=b_is_sparse, output_type=output_type, name=name))
        if result is api_dispatch.NOT_SUPPORTED:
            raise
        return result
    if transpose_a and adjoint_a or transpose_b and adjoint_b:
        raise ValueError("Only one of transpose_a and adjoint_a can be True.")
    ra, rb = a.shape.rank, b.shape.rank
    if ra == 2 and rb == 2:
        return apply_op("MatMul", [a, b], {"transpose_a": bool(transpose_a or adjoint_a),
                                           "transpose_b": bool(transpose_b or adjoint_b)}, name=name)
    # A dtype mismatch is reported before shapes, as TF's op construction does (dispatch raises it).
    if a.dtype is b.dtype and (ra is not None and ra < 2 or rb is not None and rb < 2):
        raise shape_error(
            f"In[0] and In[1] has different ndims: {a.shape} vs. {b.shape}" if ra != rb else
            f"In[0] ndims must be >= 2: {ra}")
    return apply_op("BatchMatMulV2", [a, b], {"adj_x": bool(transpose_a or adjoint_a),
                                              "adj_y": bool(transpose_b or adjoint_b)}, name=name)


def add_n(inputs, name=None):
    """Mirrors ``tf.math.add_n``."""
    if not inputs or not isinstance(inputs, (list, tuple)):
        raise ValueError("inputs must be a list of at least one Tensor/IndexedSlices with the same dtype "
                         "and shape")
    inputs = match_dtypes(*inputs)
    if len(inputs) == 1:
        return array_ops.identity(inputs[0], name=name)
    return apply_op("AddN", inputs, {"N": len(inputs)}, name=name)


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """The values of ``tf.clip_by_value`` (Minimum then Maximum; gradients follow that) for callers below
    ops/clip_ops.py, whose ``clip_by_value`` (the public symbol) adds TF's name scope and argument checks. An
    IndexedSlices keeps its rows and gets its values clipped, as in TF."""
    if isinstance(t, IndexedSlices):
        return IndexedSlices(clip_by_value(t.values, clip_value_min, clip_value_max, name), t.indices,
                             t.dense_shape)
    t = to_tensor(t)
    lo_hi = match_dtypes(t, clip_value_min, clip_value_max)
    return maximum(minimum(lo_hi[0], lo_hi[2]), lo_hi[1], name=name or "clip_by_value")


def scalar_mul(scalar, x, name=None):
    return multiply(scalar, x, name=name)


def xlogy(x, y, name=None):
    """Mirrors ``tf.math.xlogy``: 0 where x == 0, else x * log(y)."""
    return _binary("Xlogy", x, y, name)


def xdivy(x, y, name=None):
    """Mirrors ``tf.math.xdivy``: 0 where x == 0, else x / y."""
    return _binary("Xdivy", x, y, name)
