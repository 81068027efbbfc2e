"""``tf.lookup``: re-exports only."""
from tfcompat._src.ops.lookup_ops import (KeyValueTensorInitializer, StaticHashTable, StaticVocabularyTable,
                                          TextFileIndex, TextFileInitializer)
from tfcompat.lookup import experimental
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["KeyValueTensorInitializer", "StaticHashTable", "StaticVocabularyTable", "TextFileIndex",
           "TextFileInitializer", "experimental"]

__getattr__ = _module_getattr("tf.lookup", __name__)
