"""``tf.compat.v1.math``: re-exports only (TF1 argument order for ``in_top_k``)."""
from tfcompat.math import (
    abs, acos, add, add_n, argmax, argmin, asin, atan, atan2, ceil, cos, cosh, count_nonzero, digamma, divide,
    divide_no_nan, equal, erf, erfc, exp, expm1, floor, floordiv, floormod, greater, greater_equal, is_finite,
    is_inf, is_nan, less, less_equal, lgamma, log, log1p, log_sigmoid, logical_and, logical_not, logical_or,
    logical_xor, maximum, minimum, mod, multiply, negative, not_equal, pow, reciprocal, reduce_all, reduce_any,
    reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_std, reduce_sum, reduce_variance,
    rint, round, rsqrt, scalar_mul, sigmoid, sign, sin, sinh, softplus, sqrt, square, squared_difference,
    subtract, tan, tanh, truediv,
)
from tfcompat._src.ops.nn_ops import in_top_k

__all__ = [
    "abs", "acos", "add", "add_n", "argmax", "argmin", "asin", "atan", "atan2", "ceil", "cos", "cosh",
    "count_nonzero", "digamma", "divide", "divide_no_nan", "equal", "erf", "erfc", "exp", "expm1", "floor",
    "floordiv", "floormod", "greater", "greater_equal", "in_top_k", "is_finite", "is_inf", "is_nan", "less",
    "less_equal", "lgamma", "log", "log1p", "log_sigmoid", "logical_and", "logical_not", "logical_or",
    "logical_xor", "maximum", "minimum", "mod", "multiply", "negative", "not_equal", "pow", "reciprocal",
    "reduce_all", "reduce_any", "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod",
    "reduce_std", "reduce_sum", "reduce_variance", "rint", "round", "rsqrt", "scalar_mul", "sigmoid", "sign",
    "sin", "sinh", "softplus", "sqrt", "square", "squared_difference", "subtract", "tan", "tanh", "truediv",
]

# more ops: segments, top_k, zero_fraction
from tfcompat.math import segment_mean, segment_sum, top_k, unsorted_segment_sum, zero_fraction  # noqa: E402

__all__ += ["segment_mean", "segment_sum", "top_k", "unsorted_segment_sum", "zero_fraction"]

# more ops: scans, complex parts, xlogy/xdivy, l2_normalize, euclidean norm
from tfcompat.math import (  # noqa: E402
    conj, cumprod, cumsum, imag, l2_normalize, real, reduce_euclidean_norm, xdivy, xlogy,
)

__all__ += ["conj", "cumprod", "cumsum", "imag", "l2_normalize", "real", "reduce_euclidean_norm", "xdivy", "xlogy"]

# the rest of tf.math (the same functions in TF's v1 namespace), v1 signatures where TF's differ
from tfcompat.math import (  # noqa: E402
    accumulate_n, acosh, angle, approx_max_k, approx_min_k, asinh, atanh, bessel_i0, bessel_i0e, bessel_i1,
    bessel_i1e, betainc, bincount, cumulative_logsumexp, erfcinv, erfinv, igamma, igammac, invert_permutation,
    is_non_decreasing, is_strictly_increasing, lbeta, multiply_no_nan, ndtri, nextafter, polygamma, polyval,
    reciprocal_no_nan, segment_max, segment_min, segment_prod, sobol_sample, softsign, special,
    unsorted_segment_max, unsorted_segment_mean, unsorted_segment_min, unsorted_segment_prod,
    unsorted_segment_sqrt_n, xlog1py, zeta, _SPECIAL_AND_SEGMENT_NAMES,
)
from tfcompat._src.ops.confusion_matrix import confusion_matrix_v1 as confusion_matrix  # noqa: E402
from tfcompat._src.ops.nn_ops import log_softmax, softmax  # noqa: E402 - (logits, axis, name, dim)

__all__ += _SPECIAL_AND_SEGMENT_NAMES

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.math", __name__)
