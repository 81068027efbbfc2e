"""TF 1.x's index tables, ``tf.contrib.lookup`` (ops/lookup_index.py), against TF 2.21's ``lookup_ops`` module,
which still holds them unexported (TF 2.21 has no ``tf.contrib``): the TF side of each program calls
``tensorflow.python.ops.lookup_ops``, the tfcompat side ``tf.compat.v1.contrib.lookup``. Graph mode with
``tables_initializer``, as TF1 scripts use them. Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest

_VOCAB = "emerson\nlake\npalmer\n"


@pytest.fixture(scope="module")
def vocab_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("lookup_index") / "vocab.txt"
    path.write_text(_VOCAB)
    return str(path)


def _tf_lookup_module():
    from tensorflow.python.ops import lookup_ops
    return lookup_ops


def _run(v1, fetches):
    with v1.Session() as sess:
        sess.run(v1.tables_initializer())
        return sess.run(fetches)


def _words(v1):
    return v1.constant(["lake", "and", "palmer", "crimson", "emerson"])


CASES = {
    "from_tensor": lambda v1, lk, fn: _run(v1, lk.index_table_from_tensor(["emerson", "lake", "palmer"]).lookup(
        _words(v1))),
    "from_tensor_default": lambda v1, lk, fn: _run(v1, lk.index_table_from_tensor(
        ["emerson", "lake", "palmer"], default_value=7).lookup(_words(v1))),
    "from_tensor_oov": lambda v1, lk, fn: (lambda t: _run(v1, [t.lookup(_words(v1)), t.size()]))(
        lk.index_table_from_tensor(["emerson", "lake", "palmer"], num_oov_buckets=3)),
    "from_tensor_legacy_hash": lambda v1, lk, fn: _run(v1, lk.index_table_from_tensor(
        ["emerson", "lake"], num_oov_buckets=4, hasher_spec=lk.HasherSpec("legacy", None)).lookup(_words(v1))),
    "from_tensor_strong_hash": lambda v1, lk, fn: _run(v1, lk.index_table_from_tensor(
        ["emerson", "lake"], num_oov_buckets=4, hasher_spec=lk.StrongHashSpec((1, 2))).lookup(_words(v1))),
    "from_tensor_ints": lambda v1, lk, fn: _run(v1, lk.index_table_from_tensor(
        [10, 20, 30], num_oov_buckets=2, dtype=v1.int64).lookup(v1.constant([30, 11, 10], v1.int64))),
    "from_tensor_sparse": lambda v1, lk, fn: _run(v1, lk.index_table_from_tensor(["a", "b"]).lookup(
        v1.SparseTensor([[0, 0], [1, 2]], ["b", "c"], [2, 3]))),
    "from_file": lambda v1, lk, fn: _run(v1, lk.index_table_from_file(fn).lookup(_words(v1))),
    "from_file_oov_vocab_size": lambda v1, lk, fn: _run(v1, lk.index_table_from_file(
        fn, num_oov_buckets=2, vocab_size=2).lookup(_words(v1))),
    "to_string_from_tensor": lambda v1, lk, fn: _run(v1, lk.index_to_string_table_from_tensor(
        ["emerson", "lake", "palmer"]).lookup(v1.constant([2, 0, 5], v1.int64))),
    "to_string_from_file": lambda v1, lk, fn: _run(v1, lk.index_to_string_table_from_file(
        fn, default_value="?").lookup(v1.constant([1, -1], v1.int64))),
    "id_table_no_table": lambda v1, lk, fn: _run(v1, lk.IdTableWithHashBuckets(None, 5).lookup(_words(v1))),
    "hash_table": lambda v1, lk, fn: _run(v1, lk.HashTable(lk.KeyValueTensorInitializer(["a"], [3]), -1).lookup(
        v1.constant(["a", "b"]))),
    "bad_dtype": lambda v1, lk, fn: lk.index_table_from_tensor(["a"], dtype=v1.float32),
    "mismatched_dtype": lambda v1, lk, fn: lk.index_table_from_tensor([1, 2]),
    "negative_buckets": lambda v1, lk, fn: lk.index_table_from_tensor(["a"], num_oov_buckets=-1),
    "empty_file_name": lambda v1, lk, fn: lk.index_table_from_file(""),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_index_tables(oracle, vocab_file, case):
    def tf_prog(v1):
        return CASES[case](v1, _tf_lookup_module(), vocab_file)

    def tfc_prog(v1):
        return CASES[case](v1, v1.contrib.lookup, vocab_file)
    oracle.check(tf_prog, tfc_prog, v1=True)


def test_contrib_lookup_names():
    import tfcompat
    lk = tfcompat.compat.v1.contrib.lookup
    assert lk.HashTable is tfcompat.compat.v1.lookup.StaticHashTable
    assert lk.MutableHashTable is tfcompat.lookup.experimental.MutableHashTable
    assert lk.FastHashSpec.hasher == "fasthash" and lk.StrongHashSpec((1, 2)).key == (1, 2)
