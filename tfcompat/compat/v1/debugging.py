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

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.debugging", __name__)
