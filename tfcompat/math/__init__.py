"""``tf.math``: re-exports only."""
from tfcompat._src.ops.math_ops import (
    abs, acos, add, add_n, asin, atan, atan2, ceil, cos, cosh, digamma, divide, divide_no_nan, equal, erf, erfc,
    exp, expm1, floor, floordiv, floormod, greater, greater_equal, is_finite, is_inf, is_nan, less, less_equal,
    lgamma, log, log1p, log_sigmoid, logical_and, logical_not, logical_or, logical_xor, maximum, minimum, mod,
    multiply, negative, not_equal, pow, reciprocal, rint, round, rsqrt, scalar_mul, sigmoid, sign, sin, sinh, sqrt, square,
    squared_difference, subtract, tan, tanh, truediv,
)
from tfcompat._src.ops.nn_ops import in_top_k_v2 as in_top_k, softplus
from tfcompat._src.ops.reduction_ops import (
    argmax, argmin, count_nonzero, reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean, reduce_min,
    reduce_prod, reduce_std, reduce_sum, reduce_variance,
)

__all__ = [
    "abs", "acos", "add", "add_n", "argmax", "argmin", "asin", "atan", "atan2", "ceil", "cos", "cosh",
    "count_nonzero", "digamma", "divide", "divide_no_nan", "equal", "erf", "erfc", "exp", "expm1", "floor",
    "floordiv", "floormod", "greater", "greater_equal", "in_top_k", "is_finite", "is_inf", "is_nan", "less",
    "less_equal", "lgamma", "log", "log1p", "log_sigmoid", "logical_and", "logical_not", "logical_or",
    "logical_xor", "maximum", "minimum", "mod", "multiply", "negative", "not_equal", "pow", "reciprocal",
    "reduce_all", "reduce_any", "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod",
    "reduce_std", "reduce_sum", "reduce_variance", "rint", "round", "rsqrt", "scalar_mul", "sigmoid", "sign", "sin", "sinh",
    "softplus", "sqrt", "square", "squared_difference", "subtract", "tan", "tanh", "truediv",
]

# more ops: segments, top_k, zero_fraction
from tfcompat._src.ops.nn_extra_ops import zero_fraction  # noqa: E402
from tfcompat._src.ops.scatter_ops import segment_mean, segment_sum, unsorted_segment_sum  # noqa: E402
from tfcompat._src.ops.sort_ops import top_k  # noqa: E402

__all__ += ["segment_mean", "segment_sum", "top_k", "unsorted_segment_sum", "zero_fraction"]

# more ops: scans, complex parts, xlogy/xdivy, l2_normalize, euclidean norm
from tfcompat._src.ops.complex_ops import conj, imag, real  # noqa: E402
from tfcompat._src.ops.math_ops import xdivy, xlogy  # noqa: E402
from tfcompat._src.ops.nn_ops import l2_normalize  # noqa: E402
from tfcompat._src.ops.reduction_ops import reduce_euclidean_norm  # noqa: E402
from tfcompat._src.ops.scan_ops import cumprod, cumsum  # noqa: E402

__all__ += ["conj", "cumprod", "cumsum", "imag", "l2_normalize", "real", "reduce_euclidean_norm", "xdivy", "xlogy"]

# special functions, NaN-safe arithmetic, segment reductions (BREADTH-NUMERIC)
from tfcompat._src.ops.confusion_matrix import confusion_matrix  # noqa: E402
from tfcompat._src.ops.math_more_ops import (  # noqa: E402
    accumulate_n, angle, approx_max_k, approx_min_k, bincount, cumulative_logsumexp, invert_permutation,
    is_non_decreasing, is_strictly_increasing, multiply_no_nan, nextafter, polyval, reciprocal_no_nan,
    sobol_sample, xlog1py,
)
from tfcompat._src.ops.nn_ops import log_softmax, softmax, softsign  # noqa: E402
from tfcompat._src.ops.segment_ops import (  # noqa: E402
    segment_max, segment_min, segment_prod, unsorted_segment_max, unsorted_segment_mean, unsorted_segment_min,
    unsorted_segment_prod, unsorted_segment_sqrt_n,
)
from tfcompat._src.ops.special_math_ops import (  # noqa: E402
    acosh, asinh, atanh, bessel_i0, bessel_i0e, bessel_i1, bessel_i1e, betainc, erfcinv, erfinv, igamma, igammac,
    lbeta, ndtri, polygamma, zeta,
)
from tfcompat.math import special  # noqa: E402

# tf.compat.v1.math exports these same names (some with v1 signatures): it adds this tuple to its __all__
_SPECIAL_AND_SEGMENT_NAMES = (
    "accumulate_n", "acosh", "angle", "approx_max_k", "approx_min_k", "asinh", "atanh", "bessel_i0", "bessel_i0e",
    "bessel_i1", "bessel_i1e", "betainc", "bincount", "confusion_matrix", "cumulative_logsumexp", "erfcinv",
    "erfinv", "igamma", "igammac", "invert_permutation", "is_non_decreasing", "is_strictly_increasing", "lbeta",
    "log_softmax", "multiply_no_nan", "ndtri", "nextafter", "polygamma", "polyval", "reciprocal_no_nan",
    "segment_max", "segment_min", "segment_prod", "sobol_sample", "softmax", "softsign", "special",
    "unsorted_segment_max", "unsorted_segment_mean", "unsorted_segment_min", "unsorted_segment_prod",
    "unsorted_segment_sqrt_n", "xlog1py", "zeta",
)
__all__ += _SPECIAL_AND_SEGMENT_NAMES

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.math")
