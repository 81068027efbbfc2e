"""``tf.compat.v1.lookup``: re-exports only (the V1 table classes)."""
from tfcompat._src.ops.lookup_ops import (KeyValueTensorInitializer, StaticHashTableV1 as StaticHashTable,
                                          StaticVocabularyTableV1 as StaticVocabularyTable, TextFileIndex,
                                          TextFileInitializer)
from tfcompat.compat.v1.lookup import experimental
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["KeyValueTensorInitializer", "StaticHashTable", "StaticVocabularyTable", "TextFileIndex",
           "TextFileInitializer", "experimental"]

__getattr__ = _module_getattr("tf.compat.v1.lookup", __name__)
