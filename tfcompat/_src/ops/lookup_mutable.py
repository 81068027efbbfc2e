"""``tf.lookup.experimental.MutableHashTable`` and ``DenseHashTable`` (mirrors TF's ``lookup_ops.py``): tables
updated by ``insert``/``remove`` ops, eagerly, in ``tf.function`` and in TF1 graphs (where, unlike static tables,
they need no initializer: each Session starts with an empty table). Kernels: ``lookup_table_kernels.py``.

``DenseHashTable`` is TF's open-addressing table (``lookup_dense_state.py``): its ``export`` gives TF's bucket
arrays, and its ``empty_key``/``deleted_key`` may not be used as keys. ``MutableHashTable.export`` lists entries
in insertion order (deviation ``lookup-export-order``). Not yet: saving these tables with
``tf.train.Checkpoint`` (TF's ``table-keys``/``table-values`` attributes); ``Checkpoint(table=...)`` raises
ValueError."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.string_tensor import as_bytes_array
from tfcompat._src.ops.lookup_dense_state import DenseState, check_num_buckets
from tfcompat._src.ops.lookup_ops import LookupInterface, run_table_op

__all__ = ["MutableHashTable", "DenseHashTable"]


class _MutableTable(LookupInterface):
    _mutable = True

    def __init__(self, key_dtype, value_dtype, default_value, name):
        super().__init__(key_dtype, value_dtype, name)
        self._default_value = convert_to_tensor(default_value, dtype=self._value_dtype)
        self._value_shape = self._default_value.shape.as_list()
        if self._value_shape:
            self._handle_op = "MutableHashTableOfTensorsV2" if self._handle_op == "MutableHashTableV2" \
                else self._handle_op
        self._create_resource()

    def _keys(self, keys):
        return convert_to_tensor(keys, dtype=self._key_dtype, name="keys")

    def lookup(self, keys, dynamic_default_values=None, name=None):
        """Mirrors ``lookup``: the value of each key (shape ``keys.shape + value_shape``), the default value
        (or the matching row of ``dynamic_default_values``) for missing keys."""
        with name_scope(name or f"{self._name}_lookup_table_find"):
            keys = self._keys(keys)
            default = self._default_value if dynamic_default_values is None else \
                convert_to_tensor(dynamic_default_values, dtype=self._value_dtype)
            return run_table_op(self, "LookupTableFindV2", [keys, default])

    def insert(self, keys, values, name=None):
        """Mirrors ``insert``: sets ``keys`` to ``values`` (an Operation in a graph, None eagerly).

        Raises:
          InvalidArgumentError: ``values`` is not of shape ``keys.shape + value_shape`` (when it runs)."""
        with name_scope(name or f"{self._name}_lookup_table_insert"):
            keys = self._keys(keys)
            values = convert_to_tensor(values, dtype=self._value_dtype, name="values")
            return run_table_op(self, "LookupTableInsertV2", [keys, values])

    def remove(self, keys, name=None):
        """Mirrors ``remove``: deletes ``keys`` (absent keys are ignored)."""
        self._check_keys(keys)
        with name_scope(name or f"{self._name}_lookup_table_remove"):
            return run_table_op(self, "LookupTableRemoveV2", [self._keys(keys)])

    def export(self, name=None):
        """Mirrors ``export``: (keys, values) of every entry (insertion order, deviation ``lookup-export-order``)."""
        with name_scope(name or f"{self._name}_lookup_table_export_values"):
            return tuple(run_table_op(self, "LookupTableExportV2", []))


class MutableHashTable(_MutableTable):
    """Mirrors ``tf.lookup.experimental.MutableHashTable(key_dtype, value_dtype, default_value)``: scalar values,
    or vectors of ``default_value``'s shape (TF's ``MutableHashTableOfTensors``)."""

    _handle_op = "MutableHashTableV2"

    def __init__(self, key_dtype, value_dtype, default_value, name="MutableHashTable", checkpoint=True,
                 experimental_is_anonymous=False):
        self._checkpoint = checkpoint
        super().__init__(key_dtype, value_dtype, default_value, name)


class DenseHashTable(_MutableTable):
    """Mirrors ``tf.lookup.experimental.DenseHashTable(key_dtype, value_dtype, default_value, empty_key,
    deleted_key, initial_num_buckets=None)``: TF's open-addressing table (``lookup_dense_state.py``), whose
    ``export`` gives TF's bucket arrays; ``empty_key`` and ``deleted_key`` may not be used as keys."""

    _handle_op = "MutableDenseHashTableV2"

    def __init__(self, key_dtype, value_dtype, default_value, empty_key, deleted_key, initial_num_buckets=None,
                 name="MutableDenseHashTable", checkpoint=True, experimental_is_anonymous=False):
        key_dtype = dtypes.as_dtype(key_dtype)
        self._empty_key = convert_to_tensor(empty_key, dtype=key_dtype, name="empty_key")
        self._deleted_key = convert_to_tensor(deleted_key, dtype=key_dtype, name="deleted_key")
        self._key_shape = self._empty_key.shape.as_list()
        self._empty_value = _static_value(empty_key, key_dtype)
        self._deleted_value = _static_value(deleted_key, key_dtype)
        self._num_buckets = check_num_buckets(int(initial_num_buckets)) if initial_num_buckets is not None \
            else _DEFAULT_BUCKETS
        super().__init__(key_dtype, value_dtype, default_value, name)
        self._key_rank = len(self._key_shape)

    def _new_state(self):
        return DenseState(self._key_dtype, self._value_dtype, self._key_shape, self._value_shape,
                          self._empty_value, self._deleted_value, self._num_buckets)

    @property
    def _import_value_shape(self):
        return [int(np.prod(self._value_shape, dtype=np.int64)) if self._value_shape else 1]

    # The shape of one imported value (TF's MutableDenseHashTable imports bucket rows).
    @property
    def _import_value_shape(self):
        return self._value_shape
    def erase(self, keys, name=None):
        """Mirrors ``DenseHashTable.erase``: ``remove``."""
        return self.remove(keys, name=name)

    def insert_or_assign(self, keys, values, name=None):
        """Mirrors ``DenseHashTable.insert_or_assign``: ``insert``."""
        return self.insert(keys, values, name=name)

    def export(self, name=None):
        """Mirrors ``DenseHashTable.export``: TF's bucket arrays (keys ``[num_buckets, key_size]``, values
        ``[num_buckets, value_size]``; empty buckets hold ``empty_key`` and zeros)."""
        with name_scope(name or f"{self._name}_lookup_table_export_values"):
            return tuple(run_table_op(self, "LookupTableExportV2", []))


_DEFAULT_BUCKETS = 131072   # TF's initial_num_buckets attribute default


def _static_value(value, key_dtype):
    value = getattr(value, "numpy", lambda: value)()
    if key_dtype == dtypes.string:
        return as_bytes_array(value)
    return np.asarray(value, dtype=key_dtype.np_dtype)
