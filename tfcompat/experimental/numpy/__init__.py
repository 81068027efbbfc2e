"""``tf.experimental.numpy`` (TF NumPy): re-exports only."""
from tfcompat._src.numpy_api.creation import (
    arange, diag_indices, empty, empty_like, eye, full, full_like, geomspace, identity, ix_, linspace, logspace,
    meshgrid, ones, ones_like, tri, tril, triu, vander, zeros, zeros_like,
)
from tfcompat._src.numpy_api.linalg import (
    cross, diag, diagflat, diagonal, dot, einsum, inner, kron, matmul, outer, polyval, tensordot, trace, vdot,
)
from tfcompat._src.numpy_api.math_ufuncs import (
    abs, absolute, add, allclose, angle, arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, around,
    array_equal, bitwise_and, bitwise_not, bitwise_or, bitwise_xor, cbrt, ceil, clip, conj, conjugate, cos, cosh,
    deg2rad, divide, divmod, e, equal, exp, exp2, expm1, fabs, fix, float_power, floor, floor_divide, gcd,
    greater, greater_equal, heaviside, hypot, imag, inf, isclose, iscomplex, iscomplexobj, isfinite, isinf, isnan,
    isneginf, isposinf, isreal, isrealobj, lcm, less, less_equal, log, log10, log1p, log2, logaddexp, logaddexp2,
    logical_and, logical_not, logical_or, logical_xor, maximum, minimum, mod, multiply, negative, newaxis,
    nextafter, not_equal, pi, positive, power, rad2deg, real, reciprocal, remainder, round, sign, signbit, sin,
    sinc, sinh, sqrt, square, subtract, tan, tanh, true_divide,
)
from tfcompat._src.numpy_api.np_arrays import array, asanyarray, asarray, ascontiguousarray, copy, ndarray
from tfcompat._src.numpy_api.np_config import experimental_enable_numpy_behavior
from tfcompat._src.numpy_api.np_dtypes import (
    bool_, complex128, complex64, complex_, finfo, float16, float32, float64, float_, iinfo, inexact, int16, int32,
    int64, int8, int_, issubdtype, object_, promote_types, result_type, string_, uint16, uint32, uint64, uint8,
    unicode_,
)
from tfcompat._src.numpy_api.reductions import (
    all, amax, amin, any, argmax, argmin, argsort, average, count_nonzero, cumprod, cumsum, isscalar, max, mean,
    min, nanmean, nanprod, nansum, ndim, prod, ptp, shape, size, sort, std, sum, var,
)
from tfcompat._src.numpy_api.shape_ops import (
    append, atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_to, compress, concatenate, diff,
    dsplit, dstack, expand_dims, flatten, flip, fliplr, flipud, hsplit, hstack, moveaxis, nonzero, pad, ravel,
    repeat, reshape, roll, rot90, select, split, squeeze, stack, swapaxes, take, take_along_axis, tile, transpose,
    vsplit, vstack, where,
)
from tfcompat.experimental.numpy import random

__all__ = [
    "abs", "absolute", "add", "all", "allclose", "amax", "amin", "angle", "any", "append", "arange", "arccos",
    "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "argmax", "argmin", "argsort", "around",
    "array", "array_equal", "asanyarray", "asarray", "ascontiguousarray", "atleast_1d", "atleast_2d",
    "atleast_3d", "average", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "bool_",
    "broadcast_arrays", "broadcast_to", "cbrt", "ceil", "clip", "complex128", "complex64", "complex_", "compress",
    "concatenate", "conj", "conjugate", "copy", "cos", "cosh", "count_nonzero", "cross", "cumprod", "cumsum",
    "deg2rad", "diag", "diag_indices", "diagflat", "diagonal", "diff", "divide", "divmod", "dot", "dsplit",
    "dstack", "e", "einsum", "empty", "empty_like", "equal", "exp", "exp2", "expand_dims",
    "experimental_enable_numpy_behavior", "expm1", "eye", "fabs", "finfo", "fix", "flatten", "flip", "fliplr",
    "flipud", "float16", "float32", "float64", "float_", "float_power", "floor", "floor_divide", "full",
    "full_like", "gcd", "geomspace", "greater", "greater_equal", "heaviside", "hsplit", "hstack", "hypot",
    "identity", "iinfo", "imag", "inexact", "inf", "inner", "int16", "int32", "int64", "int8", "int_", "isclose",
    "iscomplex", "iscomplexobj", "isfinite", "isinf", "isnan", "isneginf", "isposinf", "isreal", "isrealobj",
    "isscalar", "issubdtype", "ix_", "kron", "lcm", "less", "less_equal", "linspace", "log", "log10", "log1p",
    "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not", "logical_or", "logical_xor", "logspace",
    "matmul", "max", "maximum", "mean", "meshgrid", "min", "minimum", "mod", "moveaxis", "multiply", "nanmean",
    "nanprod", "nansum", "ndarray", "ndim", "negative", "newaxis", "nextafter", "nonzero", "not_equal", "object_",
    "ones", "ones_like", "outer", "pad", "pi", "polyval", "positive", "power", "prod", "promote_types", "ptp",
    "rad2deg", "random", "ravel", "real", "reciprocal", "remainder", "repeat", "reshape", "result_type", "roll",
    "rot90", "round", "select", "shape", "sign", "signbit", "sin", "sinc", "sinh", "size", "sort", "split",
    "sqrt", "square", "squeeze", "stack", "std", "string_", "subtract", "sum", "swapaxes", "take",
    "take_along_axis", "tan", "tanh", "tensordot", "tile", "trace", "transpose", "tri", "tril", "triu",
    "true_divide", "uint16", "uint32", "uint64", "uint8", "unicode_", "vander", "var", "vdot", "vsplit", "vstack",
    "where", "zeros", "zeros_like",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.experimental.numpy", __name__)
