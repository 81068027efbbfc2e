"""``tf.sets``: re-exports only."""
from tfcompat._src.ops.sets_ops import difference, intersection, size, union
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["difference", "intersection", "size", "union"]

__getattr__ = _module_getattr("tf.sets", __name__)
