"""TF NumPy's elementwise functions (TF's ``np_math_ops``): the unary and binary ufunc-like set, comparisons,
logical and bitwise functions.

Binary functions promote both arguments to NumPy's result type first (``np_arrays.promote``); unary
"float" functions (sqrt, exp, sin, ...) compute integer and bool inputs in the default float type (float64),
as TF NumPy does. TF 2.21 itself raises ``AttributeError: ... no attribute 'astype'`` for the integer case
unless ``experimental_enable_numpy_behavior()`` was called (its ``_scalar`` helper calls ``Tensor.astype``);
tfcompat computes the documented result instead (tests/known_deviations.py:
``tnp-astype-without-numpy-behavior``).
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.numpy_api import np_dtypes
from tfcompat._src.numpy_api.np_arrays import array, asarray, promote, to_float_if_integral
from tfcompat._src.ops import (
    array_more_ops, array_ops, complex_ops, math_more_ops, math_ops, nn_ops, reduction_ops, special_math_ops,
    while_loop,
)

__all__ = [
    "add", "subtract", "multiply", "true_divide", "divide", "floor_divide", "mod", "remainder", "divmod",
    "maximum", "minimum", "clip", "power", "float_power", "arctan2", "nextafter", "heaviside", "hypot",
    "logaddexp", "logaddexp2", "gcd", "lcm", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not",
    "log", "exp", "sqrt", "abs", "absolute", "fabs", "ceil", "floor", "conj", "conjugate", "negative",
    "positive", "reciprocal", "signbit", "sin", "cos", "tan", "sinh", "cosh", "tanh", "arcsin", "arccos",
    "arctan", "arcsinh", "arccosh", "arctanh", "deg2rad", "rad2deg", "angle", "cbrt", "exp2", "expm1", "fix",
    "log2", "log10", "log1p", "sinc", "square", "sign", "around", "round", "real", "imag", "iscomplex",
    "isreal", "iscomplexobj", "isrealobj", "isnan", "isfinite", "isinf", "isneginf", "isposinf", "equal",
    "not_equal", "greater", "greater_equal", "less", "less_equal", "logical_and", "logical_or", "logical_xor",
    "logical_not", "isclose", "allclose", "array_equal", "pi", "e", "inf", "newaxis",
]

pi = np.pi
e = np.e
inf = np.inf
newaxis = None


# ---- binary --------------------------------------------------------------------------------------------
def _bin_op(fn, x1, x2):
    x1, x2 = promote(x1, x2)
    return fn(x1, x2)


def _bool_or(tf_fn, bool_fn):
    def fn(x1, x2):
        return bool_fn(x1, x2) if x1.dtype == dtypes.bool_ else tf_fn(x1, x2)
    return fn


def add(x1, x2):
    """Mirrors ``tnp.add`` (bool: logical or)."""
    return _bin_op(_bool_or(math_ops.add, math_ops.logical_or), x1, x2)


def subtract(x1, x2):
    """Mirrors ``tnp.subtract``."""
    return _bin_op(math_ops.subtract, x1, x2)


def multiply(x1, x2):
    """Mirrors ``tnp.multiply`` (bool: logical and)."""
    return _bin_op(_bool_or(math_ops.multiply, math_ops.logical_and), x1, x2)


def true_divide(x1, x2):
    """Mirrors ``tnp.true_divide``: ``tf.truediv`` of the promoted arguments (bools as floats)."""
    def fn(a, b):
        if a.dtype == dtypes.bool_:
            float_ = np_dtypes.result_type(float)
            a, b = math_ops.cast(a, float_), math_ops.cast(b, float_)
        if not np_dtypes.is_allow_float64() and a.dtype == b.dtype and a.dtype in (dtypes.int32, dtypes.int64):
            a, b = math_ops.cast(a, dtypes.float32), math_ops.cast(b, dtypes.float32)
        return math_ops.truediv(a, b)
    return _bin_op(fn, x1, x2)


divide = true_divide


def _bool_as_int8(tf_fn):
    def fn(a, b):
        if a.dtype == dtypes.bool_:
            a, b = math_ops.cast(a, dtypes.int8), math_ops.cast(b, dtypes.int8)
        return tf_fn(a, b)
    return fn


def floor_divide(x1, x2):
    """Mirrors ``tnp.floor_divide``."""
    return _bin_op(_bool_as_int8(math_ops.floordiv), x1, x2)


def mod(x1, x2):
    """Mirrors ``tnp.mod`` (``tf.math.floormod``)."""
    return _bin_op(_bool_as_int8(math_ops.floormod), x1, x2)


remainder = mod


def divmod(x1, x2):  # noqa: A001 - NumPy's name
    """Mirrors ``tnp.divmod``."""
    return floor_divide(x1, x2), mod(x1, x2)


def maximum(x1, x2):
    """Mirrors ``tnp.maximum`` (``maximum(x, 0)`` of a non-bool tensor is ``tf.nn.relu``, as in TF)."""
    if (isinstance(x2, numbers.Real) and not isinstance(x2, bool) and x2 == 0 and isinstance(x1, Tensor)
            and x1.dtype != dtypes.bool_):
        return nn_ops.relu(x1)
    return _bin_op(_bool_or(math_ops.maximum, math_ops.logical_or), x1, x2)


def minimum(x1, x2):
    """Mirrors ``tnp.minimum``."""
    return _bin_op(_bool_or(math_ops.minimum, math_ops.logical_and), x1, x2)


def _broadcast(*args):
    shape = array_ops.shape(args[0])
    for a in args[1:]:
        shape = array_more_ops.broadcast_dynamic_shape(shape, array_ops.shape(a))
    return [array_ops.broadcast_to(a, shape) for a in args]


def clip(a, a_min, a_max):
    """Mirrors ``tnp.clip``."""
    if a_min is None and a_max is None:
        raise ValueError("Not more than one of `a_min` and `a_max` may be `None`.")
    if a_min is None:
        return minimum(a, a_max)
    if a_max is None:
        return maximum(a, a_min)
    a, a_min, a_max = promote(a, a_min, a_max)
    return math_ops.clip_by_value(*_broadcast(a, a_min, a_max))


def power(x1, x2):
    """Mirrors ``tnp.power``."""
    return _bin_op(math_ops.pow, x1, x2)


float_power = power


def arctan2(x1, x2):
    """Mirrors ``tnp.arctan2``."""
    return _bin_op(math_ops.atan2, x1, x2)


def nextafter(x1, x2):
    """Mirrors ``tnp.nextafter``."""
    return _bin_op(math_more_ops.nextafter, x1, x2)


def heaviside(x1, x2):
    """Mirrors ``tnp.heaviside``: 0 below zero, 1 above, ``x2`` at zero."""
    def fn(a, b):
        return array_ops.where(a < 0, array_ops.constant(0, dtype=b.dtype),
                               array_ops.where(a > 0, array_ops.constant(1, dtype=b.dtype), b))
    return to_float_if_integral(_bin_op(fn, x1, x2))


def hypot(x1, x2):
    """Mirrors ``tnp.hypot``."""
    return sqrt(add(square(x1), square(x2)))


def logaddexp(x1, x2):
    """Mirrors ``tnp.logaddexp``."""
    amax = maximum(x1, x2)
    delta = subtract(x1, x2)
    return array_ops.where(isnan(delta), add(x1, x2), amax + log1p(exp(-abs(delta))))


def logaddexp2(x1, x2):
    """Mirrors ``tnp.logaddexp2``."""
    amax = maximum(x1, x2)
    delta = subtract(x1, x2)
    return array_ops.where(isnan(delta), add(x1, x2), amax + log1p(exp2(-abs(delta))) / np.log(2))


def _gcd(a, b):
    if not (a.dtype.is_integer and b.dtype.is_integer):
        raise ValueError("Arguments to gcd must be integers.")
    a, b = _broadcast(a, b)

    def cond(_, y):
        return _any_nonzero(y)

    def body(x, y):
        y_safe = array_ops.where(y != 0, y, array_ops.constant(1, y.dtype))
        x, y = (array_ops.where(y != 0, y, x),
                array_ops.where(y != 0, math_ops.floormod(x, y_safe), array_ops.constant(0, y.dtype)))
        return array_ops.where(x < y, y, x), array_ops.where(x < y, x, y)
    value, _ = while_loop.while_loop_v2(cond, body, (math_ops.abs(a), math_ops.abs(b)))
    return value


def _any_nonzero(y):
    return reduction_ops.reduce_any(math_ops.not_equal(y, array_ops.constant(0, y.dtype)))


def gcd(x1, x2):
    """Mirrors ``tnp.gcd`` (integers only)."""
    return _bin_op(_gcd, x1, x2)


def lcm(x1, x2):
    """Mirrors ``tnp.lcm`` (integers only)."""
    def fn(a, b):
        d = _gcd(a, b)
        zero = array_ops.constant(0, d.dtype)
        d_safe = array_ops.where(math_ops.equal(d, zero), array_ops.constant(1, d.dtype), d)
        return array_ops.where(math_ops.equal(d, zero), zero,
                               math_ops.abs(a) * math_ops.floordiv(math_ops.abs(b), d_safe))
    return _bin_op(fn, x1, x2)


def _bitwise(tf_fn):
    def fn(a, b):
        is_bool = a.dtype == dtypes.bool_
        if is_bool:
            a, b = math_ops.cast(a, dtypes.int8), math_ops.cast(b, dtypes.int8)
        r = tf_fn(a, b)
        return math_ops.cast(r, dtypes.bool_) if is_bool else r
    return fn


def bitwise_and(x1, x2):
    """Mirrors ``tnp.bitwise_and``."""
    return _bin_op(_bitwise(math_ops.bitwise_and), x1, x2)


def bitwise_or(x1, x2):
    """Mirrors ``tnp.bitwise_or``."""
    return _bin_op(_bitwise(math_ops.bitwise_or), x1, x2)


def bitwise_xor(x1, x2):
    """Mirrors ``tnp.bitwise_xor``."""
    return _bin_op(_bitwise(math_ops.bitwise_xor), x1, x2)


def bitwise_not(x):
    """Mirrors ``tnp.bitwise_not``."""
    x = asarray(x)
    return math_ops.logical_not(x) if x.dtype == dtypes.bool_ else math_ops.invert(x)


# ---- unary ---------------------------------------------------------------------------------------------
def _float_unary(tf_fn, doc_name):
    def fn(x):
        return tf_fn(to_float_if_integral(asarray(x)))
    fn.__name__ = doc_name
    fn.__doc__ = (f"Mirrors ``tnp.{doc_name}``: integer and bool inputs are computed in the default float type.")
    return fn


def _same_unary(tf_fn, doc_name):
    def fn(x):
        return tf_fn(asarray(x))
    fn.__name__ = doc_name
    fn.__doc__ = f"Mirrors ``tnp.{doc_name}`` (keeps the input dtype)."
    return fn


log = _float_unary(math_ops.log, "log")
exp = _float_unary(math_ops.exp, "exp")
sqrt = _float_unary(math_ops.sqrt, "sqrt")
ceil = _float_unary(math_ops.ceil, "ceil")
floor = _float_unary(math_ops.floor, "floor")
sin = _float_unary(math_ops.sin, "sin")
cos = _float_unary(math_ops.cos, "cos")
tan = _float_unary(math_ops.tan, "tan")
sinh = _float_unary(math_ops.sinh, "sinh")
cosh = _float_unary(math_ops.cosh, "cosh")
tanh = _float_unary(math_ops.tanh, "tanh")
arcsin = _float_unary(math_ops.asin, "arcsin")
arccos = _float_unary(math_ops.acos, "arccos")
arctan = _float_unary(math_ops.atan, "arctan")
arcsinh = _float_unary(special_math_ops.asinh, "arcsinh")
arccosh = _float_unary(special_math_ops.acosh, "arccosh")
arctanh = _float_unary(special_math_ops.atanh, "arctanh")
expm1 = _float_unary(math_ops.expm1, "expm1")
log1p = _float_unary(math_ops.log1p, "log1p")
isnan = _float_unary(math_ops.is_nan, "isnan")
isfinite = _float_unary(math_ops.is_finite, "isfinite")
abs = _same_unary(math_ops.abs, "abs")  # noqa: A001 - NumPy's name
absolute = abs
fabs = abs
conj = _same_unary(complex_ops.conj, "conj")
conjugate = conj
negative = _same_unary(math_ops.negative, "negative")
reciprocal = _same_unary(math_ops.reciprocal, "reciprocal")
square = _same_unary(math_ops.square, "square")
sign = _same_unary(math_ops.sign, "sign")
real = _same_unary(complex_ops.real, "real")
imag = _same_unary(complex_ops.imag, "imag")


def positive(x):
    """Mirrors ``tnp.positive``."""
    return asarray(x)


def signbit(x):
    """Mirrors ``tnp.signbit``."""
    x = asarray(x)
    if x.dtype == dtypes.bool_:
        return array_ops.fill(array_ops.shape(x), False)
    return x < 0


def deg2rad(x):
    """Mirrors ``tnp.deg2rad``."""
    return _float_unary(lambda t: t * (np.pi / 180.0), "deg2rad")(x)


def rad2deg(x):
    """Mirrors ``tnp.rad2deg``."""
    return multiply(x, 180.0 / np.pi)


def angle(z, deg=False):
    """Mirrors ``tnp.angle``."""
    def fn(x):
        if x.dtype.is_floating:   # TF's where_v2(x < 0, np.pi, 0): float32 constants, whatever x's dtype
            return array_ops.where(x < 0, array_ops.constant(np.pi, dtypes.float32),
                                   array_ops.constant(0.0, dtypes.float32))
        return math_more_ops.angle(x)
    y = _float_unary(fn, "angle")(z)
    return rad2deg(y) if deg else y


def cbrt(x):
    """Mirrors ``tnp.cbrt``."""
    def fn(t):
        rt = math_ops.pow(math_ops.abs(t), array_ops.constant(1.0 / 3, t.dtype))
        return array_ops.where(t < 0, -rt, rt)
    return _float_unary(fn, "cbrt")(x)


def exp2(x):
    """Mirrors ``tnp.exp2``."""
    return _float_unary(lambda t: math_ops.pow(array_ops.constant(2, t.dtype), t), "exp2")(x)


def fix(x):
    """Mirrors ``tnp.fix``: round toward zero."""
    return _float_unary(lambda t: array_ops.where(t < 0, math_ops.ceil(t), math_ops.floor(t)), "fix")(x)


def log2(x):
    """Mirrors ``tnp.log2``."""
    return log(x) / np.log(2)


def log10(x):
    """Mirrors ``tnp.log10``."""
    return log(x) / np.log(10)


def sinc(x):
    """Mirrors ``tnp.sinc``."""
    def fn(t):
        pi_t = t * np.pi
        return array_ops.where(t == 0, array_ops.ones_like(t), math_ops.sin(pi_t) / pi_t)
    return _float_unary(fn, "sinc")(x)


def isinf(x):
    """Mirrors ``tnp.isinf`` (False, a Python bool, for non-float inputs, as in TF)."""
    x = asarray(x)
    return math_ops.is_inf(x) if x.dtype.is_floating else False


def isneginf(x):
    """Mirrors ``tnp.isneginf``."""
    x = asarray(x)
    return math_ops.equal(x, array_ops.constant(-np.inf, x.dtype)) if x.dtype.is_floating else False


def isposinf(x):
    """Mirrors ``tnp.isposinf``."""
    x = asarray(x)
    return math_ops.equal(x, array_ops.constant(np.inf, x.dtype)) if x.dtype.is_floating else False


def iscomplex(x):
    """Mirrors ``tnp.iscomplex``."""
    return math_ops.not_equal(imag(x), 0)


def isreal(x):
    """Mirrors ``tnp.isreal``."""
    return math_ops.equal(imag(x), 0)


def iscomplexobj(x) -> bool:
    """Mirrors ``tnp.iscomplexobj``."""
    return array(x).dtype.is_complex


def isrealobj(x) -> bool:
    """Mirrors ``tnp.isrealobj``."""
    return not iscomplexobj(x)


def around(a, decimals=0):
    """Mirrors ``tnp.around``: round half to even at ``decimals`` places, in the input's dtype."""
    a = asarray(a)
    dtype = a.dtype
    factor = math.pow(10, decimals)
    if not np_dtypes.is_inexact(dtype):
        a = math_ops.cast(a, np_dtypes.result_type(float))
    factor_t = math_ops.cast(factor, a.dtype)
    a = math_ops.truediv(math_ops.round(math_ops.multiply(a, factor_t)), factor_t)
    return math_ops.cast(a, dtype)


round = around  # noqa: A001 - NumPy's name


# ---- comparison and logic ------------------------------------------------------------------------------
def _comparison(tf_fn, x1, x2, cast_bool_to_int=False):
    dtype = np_dtypes.result_type(x1, x2)
    x1, x2 = array(x1, dtype=dtype, copy=False), array(x2, dtype=dtype, copy=False)
    if cast_bool_to_int and x1.dtype == dtypes.bool_:
        x1, x2 = math_ops.cast(x1, dtypes.int32), math_ops.cast(x2, dtypes.int32)
    return tf_fn(x1, x2)


def equal(x1, x2):
    """Mirrors ``tnp.equal``."""
    return _comparison(math_ops.equal, x1, x2)


def not_equal(x1, x2):
    """Mirrors ``tnp.not_equal``."""
    return _comparison(math_ops.not_equal, x1, x2)


def greater(x1, x2):
    """Mirrors ``tnp.greater``."""
    return _comparison(math_ops.greater, x1, x2, True)


def greater_equal(x1, x2):
    """Mirrors ``tnp.greater_equal``."""
    return _comparison(math_ops.greater_equal, x1, x2, True)


def less(x1, x2):
    """Mirrors ``tnp.less``."""
    return _comparison(math_ops.less, x1, x2, True)


def less_equal(x1, x2):
    """Mirrors ``tnp.less_equal``."""
    return _comparison(math_ops.less_equal, x1, x2, True)


def array_equal(a1, a2):
    """Mirrors ``tnp.array_equal``: same shape and equal elements (a bool scalar tensor)."""
    def fn(x1, x2):
        if x1.shape.rank != x2.shape.rank or x1.shape.as_list() != x2.shape.as_list():
            return array_ops.constant(False)
        return reduction_ops.reduce_all(math_ops.equal(x1, x2))
    return _comparison(fn, a1, a2)


def _logical(tf_fn, x1, x2):
    return tf_fn(array(x1, dtype=np.bool_, copy=False), array(x2, dtype=np.bool_, copy=False))


def logical_and(x1, x2):
    """Mirrors ``tnp.logical_and`` (arguments cast to bool)."""
    return _logical(math_ops.logical_and, x1, x2)


def logical_or(x1, x2):
    """Mirrors ``tnp.logical_or``."""
    return _logical(math_ops.logical_or, x1, x2)


def logical_xor(x1, x2):
    """Mirrors ``tnp.logical_xor``."""
    return _logical(math_ops.logical_xor, x1, x2)


def logical_not(x):
    """Mirrors ``tnp.logical_not``."""
    return math_ops.logical_not(array(x, dtype=np.bool_, copy=False))


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Mirrors ``tnp.isclose``: ``|a - b| <= atol + rtol * |b|`` (exact equality for integers)."""
    def fn(x, y):
        if not np_dtypes.is_inexact(x.dtype):
            return math_ops.equal(x, y)
        real = x.dtype.real_dtype
        result = math_ops.less_equal(math_ops.abs(x - y), array_ops.constant(atol, real)
                                     + array_ops.constant(rtol, real) * math_ops.abs(y))
        if equal_nan:
            result = math_ops.logical_or(result, math_ops.logical_and(math_ops.is_nan(x), math_ops.is_nan(y)))
        return result
    return _bin_op(fn, a, b)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Mirrors ``tnp.allclose``."""
    return reduction_ops.reduce_all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


