"""``tf.test`` (TF2): re-exports only."""
from tfcompat._src.runtime.test_util import (
    TestCase, compute_gradient, gpu_device_name, is_built_with_cuda, is_built_with_gpu_support, is_built_with_rocm,
    is_built_with_xla, is_gpu_available, main,
)

__all__ = ["TestCase", "compute_gradient", "gpu_device_name", "is_built_with_cuda", "is_built_with_gpu_support",
           "is_built_with_rocm", "is_built_with_xla", "is_gpu_available", "main"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.test", __name__)
