"""Categorical columns (feature_column/categorical.py) against TF 2.21: the ids each column gives (seen through
``indicator_column`` and ``embedding_column`` in ``DenseFeatures`` eagerly and ``input_layer`` in a graph), TF's
hash buckets (Fingerprint64 for strings and for integers as text), out-of-vocabulary buckets, default values,
dense inputs with '' / -1 dropped, SparseTensor inputs, and the construction errors. Expected values: TF's,
through the oracle."""
from __future__ import annotations

import pytest

_STRINGS = [["marlin", "tuna"], ["salmon", ""], ["", ""]]


def _indicator(tf, column, features):
    return tf.keras.layers.DenseFeatures([tf.feature_column.indicator_column(column)])(features)


def _graph_indicator(v1, column, features):
    out = v1.feature_column.input_layer(features, [v1.feature_column.indicator_column(column)])
    with v1.Session() as sess:
        sess.run([v1.global_variables_initializer(), v1.tables_initializer()])
        return sess.run(out)


# (column factory, features factory): each gives TF's ids through an indicator column.
CASES = {
    "identity": (lambda fc, tf: fc.categorical_column_with_identity("i", 5),
                 lambda tf: {"i": tf.constant([[1, 4], [0, -1], [-1, -1]])}),
    "identity_default": (lambda fc, tf: fc.categorical_column_with_identity("i", 4, default_value=3),
                         lambda tf: {"i": tf.constant([[1, 7], [0, -1]], tf.int64)}),
    "identity_out_of_range": (lambda fc, tf: fc.categorical_column_with_identity("i", 3),
                              lambda tf: {"i": [[1], [5]]}),
    "identity_rank1": (lambda fc, tf: fc.categorical_column_with_identity("i", 3),
                       lambda tf: {"i": tf.constant([2, 0, 1])}),
    "vocab_list": (lambda fc, tf: fc.categorical_column_with_vocabulary_list("s", ["tuna", "marlin", "salmon"]),
                   lambda tf: {"s": tf.constant(_STRINGS)}),
    "vocab_list_oov": (lambda fc, tf: fc.categorical_column_with_vocabulary_list(
        "s", ["tuna", "marlin"], num_oov_buckets=3), lambda tf: {"s": tf.constant(_STRINGS)}),
    "vocab_list_default": (lambda fc, tf: fc.categorical_column_with_vocabulary_list(
        "s", ["tuna", "marlin", "x"], default_value=2), lambda tf: {"s": tf.constant(_STRINGS)}),
    "vocab_list_int": (lambda fc, tf: fc.categorical_column_with_vocabulary_list("n", [10, 20, 30],
                                                                                num_oov_buckets=4),
                       lambda tf: {"n": tf.constant([[10, 7], [30, -1], [123456, 20]])}),
    "vocab_list_int32": (lambda fc, tf: fc.categorical_column_with_vocabulary_list("n", [3, 1], dtype=tf.int32),
                         lambda tf: {"n": tf.constant([[1, 3], [2, -1]])}),
    "hash_string": (lambda fc, tf: fc.categorical_column_with_hash_bucket("s", 7),
                    lambda tf: {"s": tf.constant(_STRINGS)}),
    "hash_int": (lambda fc, tf: fc.categorical_column_with_hash_bucket("n", 10, dtype=tf.int64),
                 lambda tf: {"n": tf.constant([[1, 123], [-1, 99999999999]], tf.int64)}),
    "hash_int32_feature": (lambda fc, tf: fc.categorical_column_with_hash_bucket("n", 6, dtype=tf.int32),
                           lambda tf: {"n": tf.constant([[4, 5], [6, 7]])}),
    "sparse_input": (lambda fc, tf: fc.categorical_column_with_vocabulary_list("s", ["a", "b", "c"],
                                                                              num_oov_buckets=1),
                     lambda tf: {"s": tf.SparseTensor([[0, 0], [0, 3], [2, 1]], ["c", "zz", "a"], [3, 4])}),
    "weighted": (lambda fc, tf: fc.weighted_categorical_column(fc.categorical_column_with_identity("i", 4), "w"),
                 lambda tf: {"i": tf.constant([[1, 2], [3, 3]]), "w": tf.constant([[0.5, 2.0], [1.0, 3.0]])}),
    "weighted_sparse": (lambda fc, tf: fc.weighted_categorical_column(
        fc.categorical_column_with_vocabulary_list("s", ["a", "b"]), "w"),
        lambda tf: {"s": tf.SparseTensor([[0, 0], [1, 0], [1, 1]], ["b", "a", "b"], [2, 2]),
                    "w": tf.SparseTensor([[0, 0], [1, 0], [1, 1]], [2.0, 3.0, 4.0], [2, 2])}),
    "crossed_strings": (lambda fc, tf: fc.crossed_column(["b", "a"], 11),
                        lambda tf: {"a": tf.constant([["x", "y"], ["z", ""]]), "b": tf.constant([["p"], ["q"]])}),
    "crossed_with_column": (lambda fc, tf: fc.crossed_column(
        ["a", fc.categorical_column_with_vocabulary_list("c", ["x", "y", "z"], num_oov_buckets=2)], 9),
        lambda tf: {"a": tf.constant([["u"], ["v"]]), "c": tf.constant([["x", "q"], ["z", ""]])}),
    "crossed_nested_int": (lambda fc, tf: fc.crossed_column(
        [fc.crossed_column(["a", "b"], 5), fc.categorical_column_with_identity("i", 3)], 13, hash_key=77),
        lambda tf: {"a": tf.constant([["u"], ["v"]]), "b": tf.constant([["w"], ["w"]]),
                    "i": tf.constant([[0, 2], [1, -1]])}),
    "bucketized": (lambda fc, tf: fc.bucketized_column(fc.numeric_column("x", shape=(2,)), [0.0, 1.0, 2.5]),
                   lambda tf: {"x": tf.constant([[-1.0, 1.0], [2.5, 0.5]])}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_ids_through_indicator_eager(oracle, case):
    make_column, make_features = CASES[case]
    oracle.check(lambda tf: _indicator(tf, make_column(tf.feature_column, tf), make_features(tf)))


@pytest.mark.parametrize("case", sorted(CASES))
def test_ids_through_indicator_graph(oracle, case):
    make_column, make_features = CASES[case]
    oracle.check_v1(lambda v1: _graph_indicator(v1, make_column(v1.feature_column, v1), make_features(v1)))


@pytest.mark.parametrize("case", ["vocab_list_oov", "hash_string", "crossed_with_column", "weighted", "bucketized",
                                  "identity_default"])
def test_ids_through_embedding_sum(oracle, case):
    """Embedding rows i*[1, 10] make the combined embedding reveal which ids (and weights) each row holds."""
    make_column, make_features = CASES[case]

    def prog(tf):
        column = make_column(tf.feature_column, tf)
        n = column.num_buckets

        def init(shape, dtype=None, partition_info=None):
            return tf.constant([[float(i), 10.0 * i] for i in range(n)])
        emb = tf.feature_column.embedding_column(column, 2, combiner="sum", initializer=init)
        return tf.keras.layers.DenseFeatures([emb])(make_features(tf))
    oracle.check(prog)


def test_names_and_num_buckets(oracle):
    def prog(tf):
        fc = tf.feature_column
        ident = fc.categorical_column_with_identity("i", 4)
        cols = [ident, fc.categorical_column_with_vocabulary_list("s", ["a", "b"], num_oov_buckets=3),
                fc.categorical_column_with_hash_bucket("h", 9), fc.weighted_categorical_column(ident, "w"),
                fc.crossed_column(["z", ident, "a"], 17),
                fc.bucketized_column(fc.numeric_column("x", shape=(3,)), [1.0, 2.0])]
        return [(c.name, c.num_buckets) for c in cols]
    oracle.check(prog)


def test_vocab_list_dtype(oracle):
    def prog(tf):
        fc = tf.feature_column
        return [fc.categorical_column_with_vocabulary_list("s", ["a"]).dtype,
                fc.categorical_column_with_vocabulary_list("n", [1, 2]).dtype,
                fc.categorical_column_with_vocabulary_list("n", [1, 2], dtype=tf.int32).dtype,
                fc.categorical_column_with_hash_bucket("h", 3).dtype]
    oracle.check(prog)


# case -> (substring of both messages, program)
ERRORS = {
    "identity_zero_buckets": ("num_buckets 0 < 1", lambda fc, tf: fc.categorical_column_with_identity("i", 0)),
    "identity_bad_default": ("not in range [0, 3)",
                             lambda fc, tf: fc.categorical_column_with_identity("i", 3, default_value=3)),
    "identity_key_not_str": ("key must be a string", lambda fc, tf: fc.categorical_column_with_identity(3, 3)),
    "vocab_empty": ("must be non-empty", lambda fc, tf: fc.categorical_column_with_vocabulary_list("s", [])),
    "vocab_duplicate": ("Duplicate keys in vocabulary_list",
                        lambda fc, tf: fc.categorical_column_with_vocabulary_list("s", ["a", "a"])),
    "vocab_oov_and_default": ("Can't specify both num_oov_buckets and default_value",
                              lambda fc, tf: fc.categorical_column_with_vocabulary_list(
                                  "s", ["a"], default_value=0, num_oov_buckets=2)),
    "vocab_dtype_mismatch": ("do not match",
                             lambda fc, tf: fc.categorical_column_with_vocabulary_list("s", ["a"], dtype=tf.int64)),
    "hash_zero": ("hash_bucket_size must be at least 1",
                  lambda fc, tf: fc.categorical_column_with_hash_bucket("h", 0)),
    "hash_float_dtype": ("dtype must be string or integer",
                         lambda fc, tf: fc.categorical_column_with_hash_bucket("h", 3, dtype=tf.float32)),
    "crossed_one_key": ("keys must be a list with length > 1", lambda fc, tf: fc.crossed_column(["a"], 3)),
    "crossed_hashed_column": ("is not supported for crossing", lambda fc, tf: fc.crossed_column(
        ["a", fc.categorical_column_with_hash_bucket("h", 3)], 3)),
    "crossed_zero": ("hash_bucket_size must be > 1", lambda fc, tf: fc.crossed_column(["a", "b"], 0)),
    "weighted_string_dtype": ("is not convertible to float", lambda fc, tf: fc.weighted_categorical_column(
        fc.categorical_column_with_identity("i", 3), "w", dtype=tf.string)),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_construction_errors(oracle, case):
    message, make = ERRORS[case]
    oracle.check(lambda tf: make(tf.feature_column, tf), match_message=message)


# case -> (substring of both messages, column, features)
CALL_ERRORS = {
    "vocab_feature_dtype": ("Column dtype and SparseTensors dtype must be compatible",
                            lambda fc, tf: fc.categorical_column_with_vocabulary_list("s", ["a"]),
                            lambda tf: {"s": tf.constant([[1]])}),
    "identity_float_feature": ("Invalid input, not integer", lambda fc, tf: fc.categorical_column_with_identity("i", 3),
                               lambda tf: {"i": tf.constant([[1.0]])}),
    "missing_feature": ("Feature i is not in features dictionary",
                        lambda fc, tf: fc.categorical_column_with_identity("i", 3), lambda tf: {"j": [[1]]}),
    "rank0_feature": ("cannot have rank 0", lambda fc, tf: fc.categorical_column_with_identity("i", 3),
                      lambda tf: {"i": tf.constant(1)}),
    "weighted_int_weights": ("Bad dtype, expected", lambda fc, tf: fc.weighted_categorical_column(
        fc.categorical_column_with_identity("i", 3), "w"), lambda tf: {"i": [[1]], "w": tf.constant([[1]])}),
}


@pytest.mark.parametrize("case", sorted(CALL_ERRORS))
def test_call_errors(oracle, case):
    message, make_column, make_features = CALL_ERRORS[case]
    oracle.check(lambda tf: _indicator(tf, make_column(tf.feature_column, tf), make_features(tf)),
                 match_message=message)


def test_vocabulary_file(oracle, tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("tuna\nmarlin\nsalmon\n")
    ints = tmp_path / "ints.txt"
    ints.write_text("5\n7\n9")

    def prog(tf):
        fc = tf.feature_column
        whole = fc.categorical_column_with_vocabulary_file("s", str(path))
        short = fc.categorical_column_with_vocabulary_file("t", str(path), vocabulary_size=2, num_oov_buckets=2)
        numbers = fc.categorical_column_with_vocabulary_file("n", str(ints), dtype=tf.int64, default_value=0)
        feats = {"s": tf.constant(_STRINGS), "t": tf.constant(_STRINGS), "n": tf.constant([[7, 8], [9, 5], [1, 1]],
                                                                                          tf.int64)}
        layer = tf.keras.layers.DenseFeatures([fc.indicator_column(c) for c in (whole, short, numbers)])
        return (whole.vocabulary_size, short.num_buckets, numbers.num_buckets, layer(feats))
    oracle.check(prog)


def test_vocabulary_file_v1_graph(oracle, tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("a\nb\nc\n")

    def prog(v1):
        col = v1.feature_column.categorical_column_with_vocabulary_file("s", str(path), 3, 1)
        return _graph_indicator(v1, col, {"s": v1.constant([["c", "d"], ["a", ""]])})
    oracle.check_v1(prog)


def test_large_vocabulary(oracle):
    def prog(tf):
        vocab = [f"w{i}" for i in range(3000)]
        col = tf.feature_column.categorical_column_with_vocabulary_list("s", vocab, num_oov_buckets=5)
        emb = tf.feature_column.embedding_column(col, 1, combiner="sum",
                                                 initializer=lambda shape, dtype=None, partition_info=None:
                                                 tf.reshape(tf.range(3005.0), [3005, 1]))
        words = tf.constant([["w0", "w2999", "w1500"], ["x", "w17", "w3000"]])
        return tf.keras.layers.DenseFeatures([emb], name="features")({"s": words})
    oracle.check(prog)


def test_vocabulary_key_collision_fallback(oracle, monkeypatch):
    """Vocabularies whose search keys collide are looked up by comparing with every entry: same ids (TF's)."""
    from tfcompat._src.ops import lookup_vocabulary
    monkeypatch.setattr(lookup_vocabulary, "_vocab_keys", lambda vocabulary, dtype: [0] * len(vocabulary))
    make_column, make_features = CASES["vocab_list_oov"]
    oracle.check(lambda tf: _indicator(tf, make_column(tf.feature_column, tf), make_features(tf)))
