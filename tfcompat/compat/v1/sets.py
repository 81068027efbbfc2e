"""``tf.compat.v1.sets``: re-exports only (TF1's ``set_*`` names and TF2's)."""
from tfcompat._src.ops.sets_ops import (difference, intersection, set_difference, set_intersection, set_size,
                                        set_union, size, union)
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["difference", "intersection", "set_difference", "set_intersection", "set_size", "set_union", "size",
           "union"]

__getattr__ = _module_getattr("tf.compat.v1.sets", __name__)
