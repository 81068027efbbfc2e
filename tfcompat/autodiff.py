"""``tf.autodiff``: re-exports only."""
from tfcompat._src.autodiff.tape import GradientTape

__all__ = ["GradientTape"]
