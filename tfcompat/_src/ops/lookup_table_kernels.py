"""The lookup-table raw ops (TF's ``gen_lookup_ops``): the table kernels and the run-time state they act on.

A table's contents live in a state object (``HashState`` here, ``DenseState`` in ``lookup_dense_state.py``) made
by the table's ``_new_state()`` and found through the table object: in the running Session's resource store while
``Session.run`` executes (a TF1 table is empty, "not initialized", in every new Session until its initializer runs
there), else in the table object itself (eager tables and tables used by ``tf.function``). Every op takes its
table as the ``table`` attribute; the table-creating ops (``HashTableV2`` ...) only give the graph its
``resource`` handle tensor. Table ops are not differentiable (TF registers them ``NotDifferentiable``).

Keys are python ints or ``bytes``; values numpy rows of the table's value shape. ``HashState`` keeps insertion
order, so its ``export`` lists entries in that order (deviation ``lookup-export-order``: TF's order is its hash
map's)."""
from __future__ import annotations

import threading

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.string_tensor import as_bytes_array, is_string_value, string_value
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["HashState", "table_state", "TEXT_WHOLE_LINE", "TEXT_LINE_NUMBER", "flat_keys", "shape_text",
           "element", "np_dtype"]

_ctx = ctx_lib.context()
_lock = threading.Lock()

TEXT_WHOLE_LINE = -2     # TF's TextFileIndex.WHOLE_LINE
TEXT_LINE_NUMBER = -1    # TF's TextFileIndex.LINE_NUMBER


def table_state(table, create: bool = False):
    """The state of ``table`` where ops run now (the Session's store, else the table's own), or None."""
    store = getattr(_ctx, "resource_store", None)
    if store is None:
        store = table._eager_store
    st = store.get(table)
    if st is None and create:
        with _lock:
            st = store.get(table)
            if st is None:
                st = store[table] = table._new_state()
    return st


# ------------------------------------------------------------------------------------------------
# value helpers
# ------------------------------------------------------------------------------------------------
def _numpy(value) -> np.ndarray:
    if is_string_value(value):
        return as_bytes_array(value)
    return value.detach().cpu().numpy()


def flat_keys(k: np.ndarray) -> list:
    """The keys of a numpy key array as python ints / bytes, row-major."""
    return k.reshape(-1).tolist()


def shape_text(shape) -> str:
    return "[" + ",".join(str(int(d)) for d in shape) + "]"


def element(row):
    """A scalar row as its python value (assigning a 0-d object array into an object array would nest it)."""
    return row[()] if isinstance(row, np.ndarray) and row.ndim == 0 else row


def np_dtype(dtype):
    return object if dtype is dtypes.string else dtype.np_dtype


def _key_text(k) -> str:
    return k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)


def _as_output(arr: np.ndarray, dtype):
    if dtype is dtypes.string:
        return string_value(arr)
    return torch.from_numpy(arr if arr.flags.c_contiguous else arr.copy())   # ascontiguousarray makes 0-d 1-d


def _rows(keys: np.ndarray, values: np.ndarray, key_rank: int, value_shape: list[int]):
    """(flat keys, values as [n, *value_shape]) of an insert/import, after TF's shape check on ``values``."""
    want = list(keys.shape[:keys.ndim - key_rank]) + list(value_shape)
    if list(values.shape) != want:
        raise errors.InvalidArgumentError(f"Expected shape {shape_text(want)} for value, got "
                                          f"{shape_text(values.shape)}")
    n = int(np.prod(want[:len(want) - len(value_shape)], dtype=np.int64))
    return keys, values.reshape([n] + list(value_shape))


# ------------------------------------------------------------------------------------------------
# the hash-map state (HashTable, MutableHashTable, MutableHashTableOfTensors)
# ------------------------------------------------------------------------------------------------
class HashState:
    """One hash table's entries: TF's ``HashTable`` (``static``: filled once, a key may come again only with the
    value it has) or ``MutableHashTable(OfTensors)``."""

    key_rank = 0

    def __init__(self, static: bool):
        self.static = static
        self.initialized = not static
        self.entries: dict = {}

    def size(self) -> int:
        return len(self.entries)

    def find(self, keys: np.ndarray, defaults, value_shape, dtype) -> np.ndarray:
        n = keys.size
        out = np.empty([n] + value_shape, dtype=dtype)
        entries = self.entries
        for i, key in enumerate(flat_keys(keys)):
            row = entries.get(key)
            out[i] = element(defaults(i) if row is None else row)
        return out

    def insert(self, keys: np.ndarray, rows: np.ndarray) -> None:
        entries = self.entries
        for k, row in zip(flat_keys(keys), rows):
            if self.static:
                old = entries.get(k)
                if old is not None and not np.array_equal(old, row):
                    raise errors.FailedPreconditionError(
                        f"HashTable has different value for same key. Key {_key_text(k)} has "
                        f"{_key_text(element(old))} and trying to add value {_key_text(element(row))}")
            entries[k] = row

    def import_(self, keys: np.ndarray, rows: np.ndarray) -> None:
        if self.static:
            self.insert(keys, rows)
            self.initialized = True
        else:   # a mutable table's import replaces its contents
            self.entries = {}
            self.insert(keys, rows)

    def remove(self, keys: np.ndarray) -> None:
        for k in flat_keys(keys):
            self.entries.pop(k, None)

    def export(self, key_dtype, value_dtype, value_shape):
        keys = list(self.entries)
        k = np.empty(len(keys), dtype=np_dtype(key_dtype))
        k[:] = keys
        v = np.empty([len(keys)] + value_shape, dtype=np_dtype(value_dtype))
        for i, key in enumerate(keys):
            v[i] = element(self.entries[key])
        return k, v


# ------------------------------------------------------------------------------------------------
# shape functions
# ------------------------------------------------------------------------------------------------
def _handle_spec(inputs, attrs):
    return [(TensorShape([]), dtypes.resource)]


def _no_outputs(inputs, attrs):
    return []


def _find_spec(inputs, attrs):
    table = attrs["table"]
    keys = inputs[0].shape
    if keys.rank is None:
        return [(TensorShape(None), table.value_dtype)]
    lead = keys.as_list()[:keys.rank - table._key_rank]
    return [(TensorShape(lead + table._value_shape), table.value_dtype)]


def _export_spec(inputs, attrs):
    table = attrs["table"]   # TF's shape function leaves both unknown (the handle carries no shapes)
    return [(TensorShape(None), table.key_dtype), (TensorShape(None), table.value_dtype)]


# ------------------------------------------------------------------------------------------------
# kernels
# ------------------------------------------------------------------------------------------------
def _make_handle_kernel():
    def handle(*, table):
        return table_state(table, create=table._mutable)
    return handle


for _op in ("HashTableV2", "MutableHashTableV2", "MutableHashTableOfTensorsV2", "MutableDenseHashTableV2"):
    register_op(_op, grad=NOT_DIFFERENTIABLE, inputs=(), stateful=True, shape_fn=_handle_spec)(_make_handle_kernel())


def _initialized_state(table):
    st = table_state(table, create=table._mutable)
    if st is None or not st.initialized:
        raise errors.FailedPreconditionError("Table not initialized.")
    return st


@register_op("LookupTableImportV2", grad=NOT_DIFFERENTIABLE, inputs=("keys", "values"), same_type=(),
             num_outputs=0, stateful=True, side_effects=True, shape_fn=_no_outputs)
def _import(keys, values, *, table):
    st = table_state(table, create=True)
    # A DenseHashTable imports its bucket arrays, whose keys are rows even for scalar keys.
    k, rows = _rows(_numpy(keys), _numpy(values), getattr(st, "import_key_rank", st.key_rank),
                    table._import_value_shape)
    st.import_(k, rows)
    return ()


@register_op("InitializeTableFromTextFileV2", grad=NOT_DIFFERENTIABLE, inputs=("filename",), same_type=(),
             num_outputs=0, stateful=True, side_effects=True, shape_fn=_no_outputs)
def _init_from_text_file(filename, *, table, key_index, value_index, vocab_size=-1, delimiter="\t", offset=0):
    name = _numpy(filename)[()]
    name = name.decode("utf-8") if isinstance(name, bytes) else str(name)
    keys, values = _read_text_file(name, key_index, value_index, vocab_size, delimiter, offset, table)
    st = table_state(table, create=True)
    k = np.empty(len(keys), dtype=np_dtype(table.key_dtype))
    k[:] = keys
    v = np.empty(len(values), dtype=np_dtype(table.value_dtype))
    v[:] = values
    st.import_(k, v)
    return ()


@register_op("LookupTableFindV2", grad=NOT_DIFFERENTIABLE, inputs=("keys", "default_value"), same_type=(),
             stateful=True, shape_fn=_find_spec)
def _find(keys, default_value, *, table):
    st = _initialized_state(table)
    k = _numpy(keys)
    default = _numpy(default_value)
    value_shape = table._value_shape
    lead = list(k.shape[:k.ndim - st.key_rank])
    n = int(np.prod(lead, dtype=np.int64))
    if list(default.shape) == value_shape:
        def defaults(i):
            return default
    elif list(default.shape) == lead + value_shape:   # MutableHashTableOfTensors' dynamic_default_values
        per_key = default.reshape([n] + value_shape)

        def defaults(i):
            return per_key[i]
    else:
        raise errors.InvalidArgumentError(f"Expected shape {shape_text(value_shape)} or "
                                          f"{shape_text(lead + value_shape)} for default value, got "
                                          f"{shape_text(default.shape)}")
    out = st.find(k, defaults, value_shape, default.dtype)
    return _as_output(out.reshape(lead + value_shape), table.value_dtype)


@register_op("LookupTableInsertV2", grad=NOT_DIFFERENTIABLE, inputs=("keys", "values"), same_type=(),
             num_outputs=0, stateful=True, side_effects=True, shape_fn=_no_outputs)
def _insert(keys, values, *, table):
    st = _initialized_state(table)
    k, rows = _rows(_numpy(keys), _numpy(values), st.key_rank, table._value_shape)
    st.insert(k, rows)
    return ()


@register_op("LookupTableRemoveV2", grad=NOT_DIFFERENTIABLE, inputs=("keys",), same_type=(), num_outputs=0,
             stateful=True, side_effects=True, shape_fn=_no_outputs)
def _remove(keys, *, table):
    _initialized_state(table).remove(_numpy(keys))
    return ()


@register_op("LookupTableSizeV2", grad=NOT_DIFFERENTIABLE, inputs=(), stateful=True,
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.int64)])
def _size(*, table):
    st = table_state(table, create=table._mutable)
    return torch.tensor(st.size() if st is not None else 0, dtype=torch.int64)


@register_op("LookupTableExportV2", grad=NOT_DIFFERENTIABLE, inputs=(), num_outputs=2, stateful=True,
             shape_fn=_export_spec)
def _export(*, table):
    k, v = _initialized_state(table).export(table.key_dtype, table.value_dtype, table._value_shape)
    return _as_output(k, table.key_dtype), _as_output(v, table.value_dtype)


# ------------------------------------------------------------------------------------------------
# text files (TF's TextFileLineIterator)
# ------------------------------------------------------------------------------------------------
def _parse_field(text: str, dtype, line_no: int):
    if dtype is dtypes.string:
        return text.encode("utf-8")
    try:
        if dtype.is_integer:
            return int(text)
        return float(text)
    except ValueError:
        raise errors.InvalidArgumentError(f"Field {text} in line {line_no} is not a valid {dtype.name}.") from None


def _read_text_file(filename, key_index, value_index, vocab_size, delimiter, offset, table):
    try:
        with open(filename, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        raise errors.NotFoundError(f"{filename}; No such file or directory") from None
    lines = raw.decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if vocab_size is not None and vocab_size > 0:
        if len(lines) < vocab_size:
            raise errors.InvalidArgumentError(f"Invalid vocab_size in {filename}: expected {vocab_size} but got "
                                              f"{len(lines)}")
        lines = lines[:vocab_size]
    need = max(key_index, value_index) + 1
    keys, values = [], []
    for line_no, line in enumerate(lines):
        line = line[:-1] if line.endswith("\r") else line
        cols = line.split(delimiter) if need > 0 else []
        if need > 0 and len(cols) < need:
            raise errors.InvalidArgumentError(f"Invalid number of columns in {filename} line {line_no} ({line}) : "
                                              f"expected at least {need} got {len(cols)}")
        fields = []
        for index, dtype in ((key_index, table.key_dtype), (value_index, table.value_dtype)):
            if index == TEXT_LINE_NUMBER:
                fields.append(line_no + offset)
            elif index == TEXT_WHOLE_LINE:
                fields.append(_parse_field(line, dtype, line_no))
            else:
                fields.append(_parse_field(cols[index], dtype, line_no))
        keys.append(fields[0])
        values.append(fields[1])
    return keys, values
