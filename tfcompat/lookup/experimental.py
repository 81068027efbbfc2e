"""``tf.lookup.experimental``: re-exports only."""
from tfcompat._src.ops.lookup_mutable import DenseHashTable, MutableHashTable
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["DenseHashTable", "MutableHashTable"]

__getattr__ = _module_getattr("tf.lookup.experimental", __name__)
