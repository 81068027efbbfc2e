"""``tf.compat.v1.debugging``: re-exports only."""
from tfcompat._src.ops.debugging_ops import (
    Assert, assert_equal, assert_greater, assert_greater_equal, assert_less, assert_less_equal,
    assert_rank_v1 as assert_rank, assert_shapes, check_numerics, verify_tensor_all_finite as assert_all_finite,
)

__all__ = ["Assert", "assert_all_finite", "assert_equal", "assert_greater", "assert_greater_equal", "assert_less",
           "assert_less_equal", "assert_rank", "assert_shapes", "check_numerics"]

# sign assertions
from tfcompat._src.ops.debugging_ops import (  # noqa: E402
    assert_negative, assert_non_negative, assert_non_positive, assert_positive,
)

__all__ += ["assert_negative", "assert_non_negative", "assert_non_positive", "assert_positive"]

# the rest of TF1's tf.compat.v1.debugging: TF1 signatures of the asserts, predicates, settings (V1NAMES)
from tfcompat._src.ops.debugging_more_ops import (  # noqa: E402
    assert_integer, assert_near, assert_none_equal, assert_proper_iterable, assert_rank_at_least, assert_rank_in,
    assert_same_float_dtype, assert_scalar, assert_type, disable_traceback_filtering, enable_traceback_filtering,
    get_log_device_placement, is_numeric_tensor, is_traceback_filtering_enabled, set_log_device_placement,
)
from tfcompat._src.ops.math_more_ops import is_non_decreasing, is_strictly_increasing  # noqa: E402
from tfcompat._src.ops.math_ops import is_finite, is_inf, is_nan  # noqa: E402

__all__ += ["assert_integer", "assert_near", "assert_none_equal", "assert_proper_iterable", "assert_rank_at_least",
            "assert_rank_in", "assert_same_float_dtype", "assert_scalar", "assert_type", "disable_traceback_filtering",
            "enable_traceback_filtering", "get_log_device_placement", "is_finite", "is_inf", "is_nan",
            "is_non_decreasing", "is_numeric_tensor", "is_strictly_increasing", "is_traceback_filtering_enabled",
            "set_log_device_placement"]

# NaN/Inf checks after every op (TF's check-numerics op callback)
from tfcompat._src.ops.check_numerics_callback import disable_check_numerics, enable_check_numerics  # noqa: E402

__all__ += ["disable_check_numerics", "enable_check_numerics"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.debugging", __name__)
