"""``tf.test`` (TF2): re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.test_benchmark import Benchmark, benchmark_config
from tfcompat._src.runtime.test_util import (
    TestCase, assert_equal_graph_def, compute_gradient, disable_with_predicate, gpu_device_name, is_built_with_cuda,
    is_built_with_gpu_support, is_built_with_rocm, is_built_with_xla, is_cpu_target_available, is_gpu_available,
    main, with_eager_op_as_function,
)
from tfcompat.test import experimental

__all__ = ["Benchmark", "TestCase", "assert_equal_graph_def", "benchmark_config", "compute_gradient",
           "disable_with_predicate", "experimental", "gpu_device_name", "is_built_with_cuda",
           "is_built_with_gpu_support", "is_built_with_rocm", "is_built_with_xla", "is_cpu_target_available",
           "is_gpu_available", "main", "with_eager_op_as_function"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.test", __name__)
