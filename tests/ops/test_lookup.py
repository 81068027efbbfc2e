"""``tf.lookup`` (ops/lookup_ops.py, ops/lookup_mutable.py, ops/lookup_table_kernels.py) against TF 2.21: static
hash and vocabulary tables, key/value and text-file initializers, mutable and dense hash tables, eagerly, in
``tf.function`` and in TF1 graphs (initializers, the TABLE_INITIALIZERS collection, "Table not initialized.").
Expected values: TF's, through the oracle. ``export`` is compared sorted by key (deviation ``lookup-export-order``:
the entry order is TF's hash map's)."""
from __future__ import annotations

import pytest

_VOCAB = "apple\t3\nbanana\t5\ncherry\t9\n"


@pytest.fixture(scope="module")
def vocab_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("lookup") / "vocab.txt"
    path.write_text(_VOCAB)
    return str(path)


def _sorted_export(table):
    keys, values = table.export()
    return sorted(zip(keys.numpy().tolist(), values.numpy().tolist()))


def _kv(tf):
    return tf.lookup.KeyValueTensorInitializer(["a", "b", "c"], [1, 2, 3])


def _table(tf):
    return tf.lookup.StaticHashTable(_kv(tf), -1)


def _vocab(tf, buckets=5):
    init = tf.lookup.KeyValueTensorInitializer(["emerson", "lake", "palmer"], tf.constant([0, 1, 2], tf.int64))
    return tf.lookup.StaticVocabularyTable(init, buckets)


def _int_vocab(tf, **kw):
    init = tf.lookup.KeyValueTensorInitializer(tf.constant([10, 20], tf.int64), tf.constant([0, 1], tf.int64))
    return tf.lookup.StaticVocabularyTable(init, 3, **kw)


def _mutable(tf):
    m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    m.insert(tf.constant(["x", "y", "w"]), tf.constant([7, 8, 9], tf.int64))
    return m


def _dense(tf):
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, empty_key=0, deleted_key=-1)
    d.insert(tf.constant([5, 7], tf.int64), tf.constant([50, 70], tf.int64))
    return d


EAGER_CASES = {
    "static_lookup": lambda tf: _table(tf).lookup(tf.constant(["a", "z", "c"])),
    "static_getitem_2d": lambda tf: _table(tf)[tf.constant([["b", "a"], ["q", "c"]])],
    "static_scalar_key": lambda tf: _table(tf).lookup(tf.constant("b")),
    "static_properties": lambda tf: (_table(tf).key_dtype, _table(tf).value_dtype, _table(tf).default_value,
                                     _table(tf).size(), _kv(tf).key_dtype, _kv(tf).value_dtype),
    "static_export": lambda tf: _sorted_export(_table(tf)),
    "static_int_keys": lambda tf: tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer([1, 2], [1.5, 2.5]), 0.0).lookup(tf.constant([2, 3])),
    "static_int64_string_values": lambda tf: tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant([4, 5], tf.int64), ["four", "five"]), "?").lookup(
        tf.constant([5, 6, 4], tf.int64)),
    "static_explicit_dtypes": lambda tf: tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer([1, 2], [3, 4], key_dtype=tf.int64, value_dtype=tf.int64), 0).lookup(
        tf.constant([1, 9], tf.int64)),
    "static_sparse_keys": lambda tf: (lambda r: (r.indices, r.values, r.dense_shape))(
        _table(tf).lookup(tf.SparseTensor([[0, 1], [1, 0]], ["c", "nope"], [2, 2]))),
    "static_same_duplicate": lambda tf: tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(["a", "a"], [1, 1]), -1).size(),
    # errors
    "static_key_dtype": lambda tf: _table(tf).lookup(tf.constant([1])),
    "static_key_int64_vs_int32": lambda tf: tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer([1, 2], [1.5, 2.5]), 0.0).lookup(tf.constant([2], tf.int64)),
    "static_list_keys": lambda tf: _table(tf).lookup(["a"]),
    "static_default_dtype": lambda tf: tf.lookup.StaticHashTable(_kv(tf), "x"),
    "static_default_shape": lambda tf: tf.lookup.StaticHashTable(_kv(tf), [1, 2]),
    "static_conflicting_duplicate": lambda tf: tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(["a", "a"], [1, 2]), -1),
    "static_length_mismatch": lambda tf: tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(["a", "b"], [1]), -1),
    # StaticVocabularyTable: TF's Fingerprint64 buckets after the vocabulary
    "vocab_strings": lambda tf: _vocab(tf).lookup(tf.constant(["emerson", "lake", "and", "palmer", "king", ""])),
    "vocab_size": lambda tf: _vocab(tf).size(),
    "vocab_ints": lambda tf: _int_vocab(tf).lookup(tf.constant([10, 11, 20, 12345, -7], tf.int64)),
    "vocab_int32_lookup": lambda tf: _int_vocab(tf, lookup_key_dtype=tf.int32).lookup(tf.constant([10, 11])),
    "vocab_no_initializer": lambda tf: tf.lookup.StaticVocabularyTable(None, 4).lookup(tf.constant(["b", "c"])),
    "vocab_sparse": lambda tf: _vocab(tf, 2).lookup(tf.SparseTensor([[0, 0], [2, 1]], ["lake", "zz"], [3, 2])).values,
    "vocab_2d": lambda tf: _vocab(tf, 1)[tf.constant([["palmer", "x"], ["y", "emerson"]])],
    "vocab_bad_value_dtype": lambda tf: tf.lookup.StaticVocabularyTable(
        tf.lookup.KeyValueTensorInitializer(["a"], [0]), 1),
    "vocab_zero_buckets": lambda tf: _vocab(tf, 0),
    "vocab_key_dtype": lambda tf: _vocab(tf).lookup(tf.constant([1], tf.int64)),
    # MutableHashTable
    "mutable_lookup": lambda tf: _mutable(tf).lookup(tf.constant(["x", "q", "y"])),
    "mutable_size": lambda tf: _mutable(tf).size(),
    "mutable_overwrite": lambda tf: (lambda m: (m.insert(tf.constant(["x"]), tf.constant([70], tf.int64)),
                                                m.lookup(tf.constant(["x", "y"])))[1])(_mutable(tf)),
    "mutable_remove": lambda tf: (lambda m: (m.remove(tf.constant(["x", "absent"])), m.size(),
                                             _sorted_export(m))[1:])(_mutable(tf)),
    "mutable_export": lambda tf: _sorted_export(_mutable(tf)),
    "mutable_remove_key_dtype": lambda tf: _mutable(tf).remove(tf.constant([1])),
    "mutable_remove_list": lambda tf: _mutable(tf).remove(["x"]),
    "mutable_python_keys": lambda tf: _mutable(tf).lookup(["w", "x"]),
    "mutable_empty": lambda tf: (lambda m: (m.size(), m.lookup(tf.constant([1, 2], tf.int64))))(
        tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, 0.5)),
    "mutable_vectors": lambda tf: (lambda m: (m.insert(tf.constant([1, 2], tf.int64), [[1.0, 2.0], [3.0, 4.0]]),
                                              m.lookup(tf.constant([2, 5], tf.int64)),
                                              m.lookup(tf.constant([2, 5], tf.int64),
                                                       dynamic_default_values=[[9.0, 9.0], [8.0, 8.0]]))[1:])(
        tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, [0.0, 0.0])),
    "mutable_insert_bad_shape": lambda tf: _mutable(tf).insert(tf.constant(["x"]), tf.constant([1, 2], tf.int64)),
    "mutable_insert_bad_dtype": lambda tf: _mutable(tf).insert(tf.constant(["x"]), tf.constant([1], tf.int32)),
    # DenseHashTable
    "dense_lookup": lambda tf: _dense(tf).lookup(tf.constant([5, 6, 7], tf.int64)),
    "dense_remove": lambda tf: (lambda d: (d.remove(tf.constant([5], tf.int64)),
                                           d.lookup(tf.constant([5, 7], tf.int64)), d.size())[1:])(_dense(tf)),
    "dense_empty_key": lambda tf: _dense(tf).insert(tf.constant([0], tf.int64), tf.constant([1], tf.int64)),
    "dense_deleted_key": lambda tf: _dense(tf).insert(tf.constant([-1], tf.int64), tf.constant([1], tf.int64)),
}

_MESSAGES = {
    "static_key_dtype": "Dtype of argument `keys` must be <dtype: 'string'>, received: <dtype: 'int32'>",
    "static_default_shape": "Shapes (2,) and () are not compatible",
    "static_conflicting_duplicate": "HashTable has different value for same key. Key a has 1 and trying to add "
                                    "value 2",
    "static_length_mismatch": "Expected shape [2] for value, got [1]",
    "vocab_bad_value_dtype": "Invalid `value_dtype`, expected <dtype: 'int64'> but got <dtype: 'int32'>.",
    "vocab_zero_buckets": "`num_oov_buckets` must be > 0; use StaticHashTable.",
    "mutable_insert_bad_shape": "Expected shape [1] for value, got [2]",
    "mutable_remove_key_dtype": "Dtype of argument `keys` must be <dtype: 'string'>, received: <dtype: 'int32'>",
    "dense_empty_key": "Using the empty_key as a table key is not allowed",
    "dense_deleted_key": "Using the deleted_key as a table key is not allowed",
}


@pytest.mark.parametrize("case", sorted(EAGER_CASES))
def test_lookup_eager(oracle, case):
    oracle.check(EAGER_CASES[case], match_message=_MESSAGES.get(case))


TEXT_CASES = {
    "columns": lambda tf, fn: tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(fn, tf.string, 0, tf.int64, 1), -1).lookup(tf.constant(["banana", "x"])),
    "whole_line_line_number": lambda tf, fn: (lambda t: (t.lookup(tf.constant(["banana\t5", "banana"])), t.size()))(
        tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
            fn, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), -1)),
    "int_keys_string_values": lambda tf, fn: tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(fn, tf.int64, 1, tf.string, 0), "?").lookup(tf.constant([5, 6], tf.int64)),
    "vocab_size": lambda tf, fn: tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(fn, tf.string, 0, tf.int64, -1, vocab_size=2), -1).size(),
    "value_index_offset": lambda tf, fn: tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
        fn, tf.string, 0, tf.int64, -1, value_index_offset=10), -1).lookup(tf.constant(["apple", "cherry"])),
    "vocabulary_table": lambda tf, fn: tf.lookup.StaticVocabularyTable(
        tf.lookup.TextFileInitializer(fn, tf.string, 0, tf.int64, -1), 2).lookup(tf.constant(["cherry", "zzz"])),
    "text_index_constants": lambda tf, fn: (tf.lookup.TextFileIndex.WHOLE_LINE, tf.lookup.TextFileIndex.LINE_NUMBER),
    "vocab_size_too_big": lambda tf, fn: tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(fn, tf.string, 0, tf.int64, -1, vocab_size=5), -1),
    "missing_column": lambda tf, fn: tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(fn, tf.string, 0, tf.int64, 4), -1),
    "missing_file": lambda tf, fn: tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(fn + ".absent", tf.string, 0, tf.int64, 1), -1),
    "line_number_value_dtype": lambda tf, fn: tf.lookup.TextFileInitializer(fn, tf.string, 0, tf.int32, -1),
}

_TEXT_MESSAGES = {
    "vocab_size_too_big": "expected 5 but got 3",
    "missing_column": "line 0 (apple\t3) : expected at least 5 got 2",
    "missing_file": "No such file or directory",
}


@pytest.mark.parametrize("case", sorted(TEXT_CASES))
def test_text_file_initializer(oracle, vocab_file, case):
    oracle.check(lambda tf: TEXT_CASES[case](tf, vocab_file), match_message=_TEXT_MESSAGES.get(case))


def test_tables_in_tf_function(oracle):
    def prog(tf):
        table, mutable = _table(tf), _mutable(tf)

        @tf.function
        def find(x):
            return table.lookup(x), mutable.lookup(x), table.size()

        @tf.function
        def add(k, v):
            mutable.insert(k, v)
            return mutable.size()

        first = find(tf.constant(["a", "y", "z"]))
        n = add(tf.constant(["z"]), tf.constant([3], tf.int64))
        return first, n, find(tf.constant(["z"])), mutable.lookup(tf.constant(["z"]))
    oracle.check(prog)


def test_graph_needs_initializer(oracle):
    def prog(v1):
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(["a", "b"], [1, 2]), -1)
        out = table.lookup(v1.constant(["a", "q"]))
        inits = v1.get_collection(v1.GraphKeys.TABLE_INITIALIZERS)
        init = v1.tables_initializer()
        statics = [str(out.shape), out.dtype.name, str(table.size().shape), len(inits), inits[0].type,
                   init.type, init.name, table.resource_handle.dtype.name, table.resource_handle.op.type]
        with v1.Session() as sess:
            size_before = sess.run(table.size())
            try:
                sess.run(out)
                raised = None
            except v1.errors.FailedPreconditionError as e:
                raised = "Table not initialized." in e.message
            sess.run(init)
            first = sess.run([out, table.size()])
            sess.run(init)   # running it again is harmless
            second = sess.run(out)
        with v1.Session() as sess:   # a new Session starts with the table uninitialized
            try:
                sess.run(out)
                fresh = None
            except v1.errors.FailedPreconditionError:
                fresh = "raised"
            sess.run(table.initializer)
            third = sess.run(out)
        return statics, size_before, raised, first, second, fresh, third
    oracle.check_v1(prog)


def test_graph_uninitialized_error(oracle):
    def prog(v1):
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer([1, 2], [3.0, 4.0]), 0.0)
        with v1.Session() as sess:
            return sess.run(table.lookup(v1.constant([1])))
    oracle.check_v1(prog, match_message="Table not initialized.")


def test_graph_conflicting_initializer(oracle):
    def prog(v1):
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(["a", "a"], [1, 2]), -1)
        with v1.Session() as sess:
            sess.run(v1.tables_initializer())
            return sess.run(table.size())
    oracle.check_v1(prog, match_message="HashTable has different value for same key")


def test_graph_mutable_and_vocabulary_tables(oracle):
    def prog(v1):
        m = v1.lookup.experimental.MutableHashTable(v1.int64, v1.float32, 0.0)
        keys = v1.placeholder(v1.int64, [None])
        insert = m.insert(v1.constant([1, 2], v1.int64), [1.5, 2.5])
        found = m.lookup(keys)
        vocab = v1.lookup.StaticVocabularyTable(
            v1.lookup.KeyValueTensorInitializer(["x", "y"], v1.constant([0, 1], v1.int64)), 3)
        ids = vocab.lookup(v1.constant(["y", "w", "x"]))
        with v1.Session() as sess:
            empty = sess.run(m.size())
            sess.run(insert)
            got = sess.run([found, m.size()], {keys: [2, 3]})
            sess.run(v1.initialize_all_tables())
            vocab_ids = sess.run(ids)
        return type(insert).__name__, insert.type, str(found.shape), empty, got, vocab_ids
    oracle.check_v1(prog)


def test_tables_initializer_without_tables(oracle):
    def prog(v1):
        init = v1.tables_initializer()
        with v1.Session() as sess:
            sess.run(init)
        return init.type, init.name
    oracle.check_v1(prog)


def test_lookup_has_no_gradient(oracle):
    def prog(tf):
        m = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, 0.0)
        m.insert(tf.constant([1], tf.int64), tf.constant([2.0]))
        default = tf.Variable([0.0, 0.0])
        with tf.GradientTape() as tape:
            y = m.lookup(tf.constant([1, 3], tf.int64), dynamic_default_values=default)
        return y, tape.gradient(y, default)
    oracle.check(prog)


def _small_dense(tf, key_dtype=None, empty=0, deleted=-1, default=-1, value_dtype=None):
    return tf.lookup.experimental.DenseHashTable(key_dtype or tf.int64, value_dtype or tf.int64, default_value=default,
                                                 empty_key=empty, deleted_key=deleted, initial_num_buckets=8)


def _dense_buckets_prog(tf):
    d = _small_dense(tf)
    d.insert(tf.constant([3, 11, 19, 8], tf.int64), tf.constant([30, 110, 190, 80], tf.int64))   # collisions
    # TF's export hands out its bucket buffer itself (later inserts show through): take copies at once.
    first = [t.numpy().copy() for t in d.export()]
    d.remove(tf.constant([11], tf.int64))
    d.insert(tf.constant([27], tf.int64), tf.constant([270], tf.int64))   # reuses the deleted bucket
    second = ([t.numpy().copy() for t in d.export()], d.size(), d.lookup(tf.constant([3, 11, 19, 27, 8], tf.int64)))
    d.insert(tf.constant([1, 2, 4], tf.int64), tf.constant([1, 2, 4], tf.int64))   # grows past 0.8 * 8
    return first, second, d.export(), d.size(), d.lookup(tf.constant([1, 2, 3, 4, 5, 19, 27], tf.int64))


DENSE_CASES = {
    "int_buckets": _dense_buckets_prog,
    "string_keys": lambda tf: (lambda d: (d.insert(tf.constant(["apple", "kiwi", "fig", "plum"]),
                                                   tf.constant([1.0, 2.0, 3.0, 4.0])),
                                          d.export(), d.lookup(tf.constant(["fig", "pear"])))[1:])(
        _small_dense(tf, tf.string, "", "<deleted>", 0.0, tf.float32)),
    "vector_values": lambda tf: (lambda d: (d.insert(tf.constant([5, 6], tf.int64), [[1, 2], [3, 4]]),
                                            d.export(), d.lookup(tf.constant([6, 7], tf.int64)))[1:])(
        _small_dense(tf, default=[0, 0])),
    "vector_keys": lambda tf: (lambda d: (d.insert(tf.constant([[1, 2], [3, 4]], tf.int64), tf.constant([12, 34],
                                                                                                         tf.int64)),
                                          d.export(), d.lookup(tf.constant([[3, 4], [2, 1]], tf.int64)))[1:])(
        _small_dense(tf, empty=[0, 0], deleted=[-1, -1])),
    "default_buckets_size": lambda tf: [x.shape for x in _dense(tf).export()],
    "bad_num_buckets": lambda tf: tf.lookup.experimental.DenseHashTable(
        tf.int64, tf.int64, default_value=-1, empty_key=0, deleted_key=-1, initial_num_buckets=6),
    "equal_special_keys": lambda tf: tf.lookup.experimental.DenseHashTable(
        tf.int64, tf.int64, default_value=-1, empty_key=0, deleted_key=0),
    "lookup_empty_key": lambda tf: _dense(tf).lookup(tf.constant([0], tf.int64)),
}

_DENSE_MESSAGES = {
    "bad_num_buckets": "Number of buckets must be at least 4 and a power of 2, got: 6",
    "equal_special_keys": "Empty and deleted keys cannot be equal",
    "lookup_empty_key": "Using the empty_key as a table key is not allowed",
}


@pytest.mark.parametrize("case", sorted(DENSE_CASES))
def test_dense_hash_table_buckets(oracle, case):
    """DenseHashTable's export is TF's bucket layout (TF's hash, quadratic probing, growth at load 0.8)."""
    oracle.check(DENSE_CASES[case], match_message=_DENSE_MESSAGES.get(case))


def _count_in_function(tf):
    m = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, 0)

    @tf.function
    def count(xs):
        for x in xs:
            key = tf.reshape(x, [1])
            m.insert(key, m.lookup(key) + 1)
        return m.lookup(tf.constant([1, 2, 3], tf.int64))
    return count(tf.constant([1, 2, 1, 1], tf.int64)), m.size()


def _table_made_in_function(tf):
    @tf.function
    def f(x):
        t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(["a", "b"], [1, 2]), -1)
        return t.lookup(x)
    return f(tf.constant(["b"])), f(tf.constant(["a", "q"]))


INTEGRATION_CASES = {
    "dataset_map": lambda tf: list(tf.data.Dataset.from_tensor_slices(["a", "c", "b"]).map(
        _table(tf).lookup).as_numpy_iterator()),
    "dataset_map_vocab": lambda tf: list(tf.data.Dataset.from_tensor_slices(["lake", "q"]).map(
        _vocab(tf).lookup).as_numpy_iterator()),
    "ragged_keys": lambda tf: _table(tf).lookup(tf.ragged.constant([["a"], ["b", "c"]])).to_list(),
    "ragged_vocab": lambda tf: _vocab(tf).lookup(tf.ragged.constant([["lake", "zz"], ["palmer"]])).to_list(),
    "count_in_tf_function": _count_in_function,
    "table_made_in_tf_function": _table_made_in_function,
    "scalar_insert": lambda tf: (lambda m: (m.insert(tf.constant(9, tf.int64), tf.constant(5, tf.int64)),
                                            m.lookup(tf.constant(9, tf.int64)))[1])(
        tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, 0)),
}


@pytest.mark.parametrize("case", sorted(INTEGRATION_CASES))
def test_tables_with_data_ragged_and_functions(oracle, case):
    oracle.check(INTEGRATION_CASES[case])


def test_graph_dense_hash_table(oracle):
    def prog(v1):
        d = v1.lookup.experimental.DenseHashTable(v1.int64, v1.float32, default_value=0.0, empty_key=0,
                                                  deleted_key=-1, initial_num_buckets=4)
        insert = d.insert(v1.constant([3, 7, 11, 15], v1.int64), [0.3, 0.7, 1.1, 1.5])
        keys, values = d.export()
        found = d.lookup(v1.constant([7, 8], v1.int64))
        statics = [str(keys.shape), str(values.shape), str(found.shape)]
        with v1.Session() as sess:
            sess.run(insert)
            got = sess.run([keys, values, found, d.size()])
        with v1.Session() as sess:   # each Session has its own (empty) table
            fresh = sess.run(d.size())
        return statics, got, fresh
    oracle.check_v1(prog)


def test_graph_static_shapes(oracle):
    def prog(v1):
        d = v1.lookup.experimental.DenseHashTable(v1.int64, v1.float32, default_value=[0.0, 1.0], empty_key=[0, 0],
                                                  deleted_key=[-1, -1])
        m = v1.lookup.experimental.MutableHashTable(v1.int64, v1.float32, [0.0, 2.0])
        t = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(["a"], [1]), -1)
        shapes = [d.lookup(v1.constant([[7, 8]], v1.int64)).shape, m.lookup(v1.constant([[7, 8]], v1.int64)).shape,
                  m.lookup(v1.placeholder(v1.int64)).shape, t.lookup(v1.constant([["a"]])).shape,
                  t.lookup(v1.placeholder(v1.string)).shape, t.size().shape]
        shapes += [x.shape for table in (d, m, t) for x in table.export()]
        return [str(s) for s in shapes], [x.dtype.name for x in d.export() + m.export() + t.export()]
    oracle.check_v1(prog)


def test_public_attributes(oracle):
    """The tables and initializers expose TF's public attributes, no more (TF1 classes add ``initializer``)."""
    def prog(tf):
        objects = [_table(tf), _vocab(tf), _mutable(tf), _dense(tf), _kv(tf),
                   tf.compat.v1.lookup.StaticHashTable(_kv(tf), -1), tf.compat.v1.lookup.StaticVocabularyTable(
                       tf.lookup.KeyValueTensorInitializer(["a"], tf.constant([0], tf.int64)), 1)]
        return [sorted(n for n in dir(o) if not n.startswith("_")) for o in objects]
    oracle.check(prog)


def test_monitored_session_initializes_tables(oracle):
    def prog(v1):
        table = v1.lookup.StaticHashTable(v1.lookup.KeyValueTensorInitializer(["a", "b"], [1, 2]), -1)
        ids = table.lookup(v1.constant(["b", "x"]))
        v1.train.get_or_create_global_step()
        with v1.train.MonitoredSession() as sess:
            first = sess.run(ids)
        with v1.train.SingularMonitoredSession() as sess:
            return first, sess.run(ids)
    oracle.check_v1(prog)
