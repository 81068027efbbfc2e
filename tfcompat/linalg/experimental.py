"""``tf.linalg.experimental``: re-exports only."""
from tfcompat._src.ops.linear_operator.conjugate_gradient import conjugate_gradient
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__: list[str] = ["conjugate_gradient"]

__getattr__ = _module_getattr("tf.linalg.experimental")
