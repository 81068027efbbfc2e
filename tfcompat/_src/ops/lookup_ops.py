"""``tf.lookup``: static tables and their initializers (mirrors TF's ``lookup_ops.py``): ``StaticHashTable``,
``StaticVocabularyTable``, ``KeyValueTensorInitializer``, ``TextFileInitializer``/``TextFileIndex``, and TF1's
``tables_initializer`` with the ``TABLE_INITIALIZERS`` collection. The mutable tables are in
``lookup_mutable.py``, the kernels in ``lookup_table_kernels.py``.

Eagerly a table is filled when it is built. In a TF1 graph, building a table adds its handle op and its
initializer op (put in ``GraphKeys.TABLE_INITIALIZERS``); a lookup in a Session where the initializer has not run
raises TF's ``FailedPreconditionError("Table not initialized.")``. A table used in a ``tf.function`` is captured by
reference: the function's lookups read the table's current contents."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.func_graph import FuncGraph
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import control_flow_ops, math_ops
from tfcompat._src.ops import lookup_table_kernels as kernels
from tfcompat._src.ops.lookup_vocabulary import hash_buckets, with_oov_ids
from tfcompat._src.ops.string_hash_ops import to_hash_bucket_fast

__all__ = ["LookupInterface", "OovBucketTable", "StaticHashTable", "StaticHashTableV1", "StaticVocabularyTable",
           "StaticVocabularyTableV1", "KeyValueTensorInitializer", "TextFileInitializer", "TextFileIndex",
           "tables_initializer", "run_table_op", "check_table_dtypes"]


def run_table_op(table, op_type: str, inputs, attrs=None, name=None):
    """Applies a table op with ``table`` as its attribute; an op without outputs gives its Operation in a graph
    (None eagerly), as TF's wrappers do."""
    attrs = dict(attrs or {})
    attrs["table"] = table
    graph = ctx_lib.graph_mode_graph()
    outs = apply_op(op_type, list(inputs), attrs, name=name)
    if isinstance(outs, list) and not outs:
        return graph.get_operations()[-1] if graph is not None else None
    return outs


def check_table_dtypes(table, key_dtype, value_dtype) -> None:
    """Mirrors TF's ``lookup_ops.check_table_dtypes``: TypeError when the dtypes are not the table's."""
    if key_dtype.base_dtype != table.key_dtype:
        raise TypeError(f"Invalid key dtype for table, expected {table.key_dtype} but got {key_dtype}.")
    if value_dtype.base_dtype != table.value_dtype:
        raise TypeError(f"Invalid value dtype for table, expected {table.value_dtype} but got {value_dtype}.")


def _key_values(keys):
    """The dense keys of a lookup: a SparseTensor's or RaggedTensor's values, or the tensor itself."""
    if isinstance(keys, SparseTensor) or hasattr(keys, "flat_values"):
        return keys.values
    return keys


def _rebuild(keys, values):
    if isinstance(keys, SparseTensor):
        return SparseTensor(keys.indices, values, keys.dense_shape)
    if hasattr(keys, "flat_values"):
        return keys.with_values(values)
    return values


class LookupInterface:
    """Mirrors TF's ``LookupInterface`` (lookup_ops.py): a table's dtypes, ``name``, ``size``, ``lookup`` and
    ``resource_handle`` (the handle op's output in a graph; None eagerly)."""

    _mutable = False
    _handle_op = "HashTableV2"

    def __init__(self, key_dtype, value_dtype, name: str):
        self._key_dtype = dtypes.as_dtype(key_dtype)
        self._value_dtype = dtypes.as_dtype(value_dtype)
        self._value_shape: list[int] = []
        self._key_rank = 0
        self._eager_store: dict = {}
        self._graph = ctx_lib.graph_mode_graph()
        self._name = name
        self._resource_handle = None

    def _new_state(self):
        return kernels.HashState(static=not self._mutable)

    # The shape of one imported value (TF's MutableDenseHashTable imports bucket rows).
    @property
    def _import_value_shape(self):
        return self._value_shape

    def _create_resource(self):
        if self._graph is not None:
            self._resource_handle = apply_op(self._handle_op, [], {"table": self}, name=self._name)
            self._name = self._resource_handle.op.name
        elif self._mutable:
            kernels.table_state(self, create=True)

    @property
    def key_dtype(self):
        return self._key_dtype

    @property
    def value_dtype(self):
        return self._value_dtype

    @property
    def name(self):
        return self._name

    @property
    def resource_handle(self):
        return self._resource_handle

    def size(self, name=None):
        """Mirrors ``LookupInterface.size``: the number of entries, an int64 scalar."""
        with name_scope(name or f"{self._name}_Size"):
            return run_table_op(self, "LookupTableSizeV2", [])

    def __getitem__(self, keys):
        """Mirrors ``LookupInterface.__getitem__``: ``lookup(keys)``."""
        return self.lookup(keys)

    def _check_keys(self, keys):
        if keys.dtype.base_dtype != self._key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self._key_dtype}, received: {keys.dtype}")


class InitializableLookupTableBase(LookupInterface):
    """A table filled once by an initializer (TF's ``InitializableLookupTableBase``)."""

    def __init__(self, default_value, initializer, name: str):
        super().__init__(initializer.key_dtype, initializer.value_dtype, name)
        self._default_value = convert_to_tensor(default_value, dtype=self._value_dtype)
        self._default_value.shape.merge_with(TensorShape([]))
        self._initializer = initializer
        self._create_resource()
        self._init_op = initializer.initialize(self)

    @property
    def default_value(self):
        return self._default_value

    def lookup(self, keys, name=None):
        """Mirrors ``lookup``: the value of each key, ``default_value`` for missing ones (same shape as
        ``keys``; a SparseTensor or RaggedTensor gives one with the looked-up values).

        Raises:
          TypeError: ``keys`` does not have the table's key dtype."""
        key_tensor = _key_values(keys)
        self._check_keys(keys)
        with name_scope(name or f"{self._name}_Lookup"):
            values = run_table_op(self, "LookupTableFindV2", [key_tensor, self._default_value])
        return _rebuild(keys, values)

    def export(self, name=None):
        """Mirrors ``export``: (keys, values) of every entry (insertion order, deviation ``lookup-export-order``)."""
        with name_scope(name or f"{self._name}_Export"):
            return tuple(run_table_op(self, "LookupTableExportV2", []))


class StaticHashTable(InitializableLookupTableBase):
    """Mirrors ``tf.lookup.StaticHashTable(initializer, default_value, name=None)``: an immutable key -> value
    map filled by ``initializer`` (string, int32 or int64 keys)."""

    def __init__(self, initializer, default_value, name=None, experimental_is_anonymous=False):
        self._is_anonymous = bool(experimental_is_anonymous)
        super().__init__(default_value, initializer, name or "hash_table")


class StaticHashTableV1(StaticHashTable):
    """Mirrors ``tf.compat.v1.lookup.StaticHashTable``: the TF2 table plus ``initializer``, the op filling it
    (in ``GraphKeys.TABLE_INITIALIZERS`` in a graph; None eagerly)."""

    @property
    def initializer(self):
        return self._init_op


class OovBucketTable(LookupInterface):
    """The id lookup shared by ``StaticVocabularyTable`` and TF1's ``IdTableWithHashBuckets``: the id of a known
    key (from ``self._table``), else ``table size + hash(key) % num_oov_buckets`` (int keys hashed through their
    decimal string, as TF)."""

    _table = None
    _num_oov_buckets = 0

    def _hash_bucket(self, text, num_buckets):
        return to_hash_bucket_fast(text, num_buckets)

    @property
    def resource_handle(self):
        return self._table.resource_handle if self._table is not None else None

    def _table_init_op(self):
        return self._table._init_op if self._table is not None else control_flow_ops.no_op()

    def size(self, name=None):
        """Known keys plus ``num_oov_buckets`` (int64)."""
        if self._table is None:
            return convert_to_tensor(self._num_oov_buckets, dtype=dtypes.int64)
        return math_ops.add(self._table.size(), self._num_oov_buckets)

    def lookup(self, keys, name=None):
        """Int64 ids of ``keys`` (SparseTensor/RaggedTensor keys keep their structure).

        Raises:
          TypeError: ``keys`` does not have the lookup key dtype."""
        self._check_keys(keys)
        values = _key_values(keys)
        if self._table is not None and self._table.key_dtype == dtypes.int64:
            values = math_ops.cast(values, dtypes.int64)
        if self._num_oov_buckets == 0:
            return _rebuild(keys, self._table.lookup(values))
        if self._table is None:
            return _rebuild(keys, hash_buckets(values, self._num_oov_buckets, string_hash=self._hash_bucket))
        ids = self._table.lookup(values)
        return _rebuild(keys, with_oov_ids(values, ids, math_ops.not_equal(ids, self._table.default_value),
                                           self._num_oov_buckets, self._table.size(),
                                           string_hash=self._hash_bucket))


class StaticVocabularyTable(OovBucketTable):
    """Mirrors ``tf.lookup.StaticVocabularyTable(initializer, num_oov_buckets, lookup_key_dtype=None)``: ids
    of known keys from ``initializer`` (int64 values), and for other keys ``vocab_size + Fingerprint64(key)
    % num_oov_buckets``."""

    def __init__(self, initializer, num_oov_buckets, lookup_key_dtype=None, name=None,
                 experimental_is_anonymous=False):
        if num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")
        if initializer is not None and initializer.value_dtype != dtypes.int64:
            raise TypeError(f"Invalid `value_dtype`, expected {dtypes.int64} but got {initializer.value_dtype}.")
        key_dtype = initializer.key_dtype if initializer is not None else dtypes.string
        if lookup_key_dtype is None:
            lookup_key_dtype = key_dtype
        lookup_key_dtype = dtypes.as_dtype(lookup_key_dtype)
        supported = (dtypes.int32, dtypes.int64) if key_dtype.is_integer else (dtypes.string,)
        if key_dtype not in (dtypes.int64, dtypes.string) or lookup_key_dtype not in supported:
            raise TypeError(f"Invalid `key_dtype`, expected one of {supported}, but got {lookup_key_dtype}.")
        self._num_oov_buckets = int(num_oov_buckets)
        if initializer is not None:
            self._table = StaticHashTable(initializer, -1, name=name or "hash_table")
            name = self._table.name.split("/")[-1]
        super().__init__(lookup_key_dtype, dtypes.int64, name or "hash_table")


class StaticVocabularyTableV1(StaticVocabularyTable):
    """Mirrors ``tf.compat.v1.lookup.StaticVocabularyTable``: the TF2 table plus ``initializer``."""

    @property
    def initializer(self):
        return self._table_init_op()


# ------------------------------------------------------------------------------------------------
# initializers
# ------------------------------------------------------------------------------------------------
def _register_initializer(init_op) -> None:
    graph = ctx_lib.graph_mode_graph()
    if graph is not None and init_op is not None and not isinstance(graph, FuncGraph):
        graph.add_to_collection(GraphKeys.TABLE_INITIALIZERS, init_op)


class KeyValueTensorInitializer:
    """Mirrors ``tf.lookup.KeyValueTensorInitializer(keys, values, key_dtype=None, value_dtype=None)``: fills a
    table from two tensors of one length (python ints become int32, as in TF)."""

    def __init__(self, keys, values, key_dtype=None, value_dtype=None, name=None):
        self._keys = convert_to_tensor(keys, dtype=key_dtype, name="keys")
        self._values = convert_to_tensor(values, dtype=value_dtype, name="values")
        self._name = name or "key_value_init"

    @property
    def key_dtype(self):
        return self._keys.dtype

    @property
    def value_dtype(self):
        return self._values.dtype

    def initialize(self, table):
        """Mirrors ``initialize``: the op importing the pairs into ``table`` (None eagerly, where it ran)."""
        check_table_dtypes(table, self._keys.dtype, self._values.dtype)
        with name_scope(self._name):
            op = run_table_op(table, "LookupTableImportV2", [self._keys, self._values])
        _register_initializer(op)
        return op


class TextFileIndex:
    """Mirrors ``tf.lookup.TextFileIndex``: the special column indices of ``TextFileInitializer``."""

    WHOLE_LINE = kernels.TEXT_WHOLE_LINE
    LINE_NUMBER = kernels.TEXT_LINE_NUMBER


class TextFileInitializer:
    """Mirrors ``tf.lookup.TextFileInitializer``: keys and values from columns of a text file's lines
    (``TextFileIndex.WHOLE_LINE``: the line, ``LINE_NUMBER``: its number plus ``value_index_offset``), split by
    ``delimiter``; at most ``vocab_size`` lines (InvalidArgumentError when the file has fewer)."""

    def __init__(self, filename, key_dtype, key_index, value_dtype, value_index, vocab_size=None, delimiter="\t",
                 name=None, value_index_offset=0):
        key_dtype, value_dtype = dtypes.as_dtype(key_dtype), dtypes.as_dtype(value_dtype)
        if key_index < -2:
            raise ValueError(f"`key_index` should be >= -2, received: {key_index}.")
        if key_index == TextFileIndex.LINE_NUMBER and key_dtype != dtypes.int64:
            raise ValueError(f"`key_dtype` must be int64 if `key_index` is {TextFileIndex.LINE_NUMBER}, received: "
                             f"{key_dtype}")
        if (key_index == TextFileIndex.WHOLE_LINE and not key_dtype.is_integer) and key_dtype != dtypes.string:
            raise ValueError(f"`key_dtype` should be either integer or string for `key_index` "
                             f"{TextFileIndex.WHOLE_LINE}, received: {key_dtype}")
        if value_index < -2:
            raise ValueError(f"`value_index` should be >= -2, received: {value_index}")
        if value_index == TextFileIndex.LINE_NUMBER and value_dtype != dtypes.int64:
            raise ValueError(f"`value_dtype` must be int64 for `value_index` {TextFileIndex.LINE_NUMBER}, "
                             f"received: {value_dtype}")
        if value_index == TextFileIndex.WHOLE_LINE and value_dtype != dtypes.string:
            raise ValueError(f"`value_dtype` must be string for `value_index` {TextFileIndex.WHOLE_LINE}, "
                             f"received: {value_dtype}")
        if vocab_size is not None and vocab_size <= 0:
            raise ValueError(f"`vocab_size` should be > 0, received: {vocab_size}")
        self._filename = filename
        self._key_dtype, self._value_dtype = key_dtype, value_dtype
        self._key_index, self._value_index = int(key_index), int(value_index)
        self._vocab_size = vocab_size
        self._delimiter = delimiter
        self._name = name or "text_file_init"
        self._offset = int(value_index_offset)

    @property
    def key_dtype(self):
        return self._key_dtype

    @property
    def value_dtype(self):
        return self._value_dtype

    def initialize(self, table):
        """Mirrors ``initialize``: the op reading the file into ``table`` (None eagerly, where it ran)."""
        check_table_dtypes(table, self._key_dtype, self._value_dtype)
        filename = self._filename
        if not isinstance(filename, (SymbolicTensor,)):
            filename = convert_to_tensor(filename, dtype=dtypes.string, name="asset_filepath")
        attrs = {"key_index": self._key_index, "value_index": self._value_index,
                 "vocab_size": -1 if self._vocab_size is None else int(self._vocab_size),
                 "delimiter": self._delimiter, "offset": self._offset}
        with name_scope(self._name):
            op = run_table_op(table, "InitializeTableFromTextFileV2", [filename], attrs)
        _register_initializer(op)
        return op


def tables_initializer(name="init_all_tables"):
    """Mirrors ``tf.compat.v1.tables_initializer`` (and ``initialize_all_tables``): one op running every
    initializer in the graph's ``TABLE_INITIALIZERS`` collection (a NoOp when there are none; None eagerly)."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return None
    initializers = graph.get_collection(GraphKeys.TABLE_INITIALIZERS)
    if initializers:
        return control_flow_ops.group(*initializers, name=name)
    return control_flow_ops.no_op(name=name)
