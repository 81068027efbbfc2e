"""``tf.experimental``: re-exports only (TF NumPy, ExtensionType and friends)."""
from tfcompat._src.data.iterator_ops import Optional
from tfcompat._src.ops.ragged.dynamic_ragged_shape import DynamicRaggedShape
from tfcompat._src.ops.ragged.row_partition import RowPartition
from tfcompat._src.framework.type_dispatch import (
    dispatch_for_api, dispatch_for_binary_elementwise_apis, dispatch_for_binary_elementwise_assert_apis,
    dispatch_for_unary_elementwise_apis, unregister_dispatch_for,
)
from tfcompat._src.runtime.async_execution import async_clear_error, async_scope, function_executor_type
from tfcompat._src.runtime.extension_type import (
    BatchableExtensionType, ExtensionType, ExtensionTypeSpec,
)
from tfcompat.experimental import dlpack, extension_type, numpy

__all__ = ["BatchableExtensionType", "DynamicRaggedShape", "ExtensionType", "ExtensionTypeSpec", "Optional",
           "RowPartition", "async_clear_error",
           "async_scope", "dispatch_for_api", "dispatch_for_binary_elementwise_apis",
           "dispatch_for_binary_elementwise_assert_apis", "dispatch_for_unary_elementwise_apis", "dlpack",
           "extension_type", "function_executor_type", "numpy", "unregister_dispatch_for"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.experimental", __name__)
