"""``tf.debugging`` (TF2): re-exports only."""
from tfcompat._src.ops.debugging_ops import (
    Assert, assert_all_finite, assert_equal_v2 as assert_equal, assert_greater_equal_v2 as assert_greater_equal,
    assert_greater_v2 as assert_greater, assert_less_equal_v2 as assert_less_equal, assert_less_v2 as assert_less,
    assert_rank, assert_shapes, check_numerics,
)

__all__ = ["Assert", "assert_all_finite", "assert_equal", "assert_greater", "assert_greater_equal", "assert_less",
           "assert_less_equal", "assert_rank", "assert_shapes", "check_numerics"]

# sign assertions
from tfcompat._src.ops.debugging_ops import (  # noqa: E402
    assert_negative, assert_non_negative, assert_non_positive, assert_positive,
)

__all__ += ["assert_negative", "assert_non_negative", "assert_non_positive", "assert_positive"]

# the rest of tf.debugging (BREADTH-NUMERIC)
from tfcompat._src.ops.debugging_more_ops import (  # noqa: E402
    assert_integer_v2 as assert_integer, assert_near_v2 as assert_near, assert_none_equal_v2 as assert_none_equal,
    assert_proper_iterable, assert_rank_at_least_v2 as assert_rank_at_least, assert_rank_in_v2 as assert_rank_in,
    assert_same_float_dtype, assert_scalar_v2 as assert_scalar, assert_type_v2 as assert_type,
    disable_traceback_filtering, enable_traceback_filtering, get_log_device_placement, is_numeric_tensor,
    is_traceback_filtering_enabled, set_log_device_placement,
)
from tfcompat.debugging import experimental  # noqa: E402

__all__ += ["assert_integer", "assert_near", "assert_none_equal", "assert_proper_iterable", "assert_rank_at_least",
            "assert_rank_in", "assert_same_float_dtype", "assert_scalar", "assert_type", "disable_traceback_filtering",
            "enable_traceback_filtering", "experimental", "get_log_device_placement", "is_numeric_tensor",
            "is_traceback_filtering_enabled", "set_log_device_placement"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

# NaN/Inf checks after every op (TF's check-numerics op callback)
from tfcompat._src.ops.check_numerics_callback import disable_check_numerics, enable_check_numerics  # noqa: E402

__all__ += ["disable_check_numerics", "enable_check_numerics"]

__getattr__ = _module_getattr("tf.debugging")

# why is my gradient None? (tfcompat migration aid, no TF counterpart)
from tfcompat._src.tools.explain_gradient import GradientExplanation, explain_gradient  # noqa: E402

__all__ += ["GradientExplanation", "explain_gradient"]
