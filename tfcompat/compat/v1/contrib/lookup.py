"""``tf.contrib.lookup`` (TF 1.15): re-exports only."""
from tfcompat._src.ops.lookup_index import (FastHashSpec, HashTable, HasherSpec, IdTableWithHashBuckets,
                                            StrongHashSpec, TextFileIdTableInitializer,
                                            TextFileStringTableInitializer, index_table_from_file,
                                            index_table_from_tensor, index_to_string_table_from_file,
                                            index_to_string_table_from_tensor)
from tfcompat._src.ops.lookup_mutable import DenseHashTable as MutableDenseHashTable, MutableHashTable
from tfcompat._src.ops.lookup_ops import KeyValueTensorInitializer, TextFileIndex, TextFileInitializer

__all__ = ["FastHashSpec", "HashTable", "HasherSpec", "IdTableWithHashBuckets", "KeyValueTensorInitializer",
           "MutableDenseHashTable", "MutableHashTable", "StrongHashSpec", "TextFileIdTableInitializer",
           "TextFileIndex", "TextFileInitializer", "TextFileStringTableInitializer", "index_table_from_file",
           "index_table_from_tensor", "index_to_string_table_from_file", "index_to_string_table_from_tensor"]
