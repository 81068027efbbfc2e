"""``tf.contrib.eager`` (TF 1.15, ``tfe``): the helpers with a TF 2.x counterpart. Re-exports only."""
from __future__ import annotations

from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.contrib.eager import Iterator, implicit_gradients, implicit_value_and_gradients, num_gpus
from tfcompat._src.framework.context import enable_eager_execution, executing_eagerly
from tfcompat._src.ops.variables import Variable

__all__ = ["GradientTape", "Iterator", "Variable", "enable_eager_execution", "executing_eagerly",
           "implicit_gradients", "implicit_value_and_gradients", "num_gpus"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.contrib.eager", __name__)
