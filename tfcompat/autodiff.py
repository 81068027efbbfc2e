"""``tf.autodiff``: re-exports only."""
from tfcompat._src.autodiff.forward_accumulator import ForwardAccumulator
from tfcompat._src.autodiff.tape import GradientTape

__all__ = ["ForwardAccumulator", "GradientTape"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.autodiff", __name__)
