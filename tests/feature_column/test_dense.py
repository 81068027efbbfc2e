"""Dense columns (feature_column/dense.py) against TF 2.21: numeric columns (shape, dtype, default_value in the
parse spec, normalizer_fn, int and rank-1 inputs), bucketized columns (TF's Bucketize boundaries), indicator and
embedding columns (initializers, combiners, weights, max_norm, trainable, the variable, gradients as
IndexedSlices), eagerly through ``DenseFeatures`` and in graphs through ``input_layer``, and their errors.
Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest


def _dense(tf, columns, features):
    return tf.keras.layers.DenseFeatures(columns)(features)


def _graph(v1, columns, features):
    out = v1.feature_column.input_layer(features, columns)
    with v1.Session() as sess:
        sess.run([v1.global_variables_initializer(), v1.tables_initializer()])
        return sess.run(out)


def _table(n, dim=2):
    """An embedding initializer whose row i is [i, 10 i, ...]: combined embeddings show the ids they hold."""
    def init(shape, dtype=None, partition_info=None):
        import numpy as np
        rows = np.arange(n, dtype=np.float32)[:, None] * (10.0 ** np.arange(dim, dtype=np.float32))[None, :]
        return rows
    return init


# case -> (columns(fc, tf), features(tf))
CASES = {
    "numeric": (lambda fc, tf: [fc.numeric_column("a")], lambda tf: {"a": tf.constant([[1.5], [-2.0]])}),
    "numeric_shape": (lambda fc, tf: [fc.numeric_column("a", shape=(2, 3))],
                      lambda tf: {"a": tf.reshape(tf.range(12.0), [2, 2, 3])}),
    "numeric_int_feature": (lambda fc, tf: [fc.numeric_column("a", dtype=tf.int64)],
                            lambda tf: {"a": tf.constant([[3], [4]], tf.int64)}),
    "numeric_float64": (lambda fc, tf: [fc.numeric_column("a", dtype=tf.float64)],
                        lambda tf: {"a": tf.constant([[0.1], [0.2]], tf.float64)}),
    "numeric_rank1": (lambda fc, tf: [fc.numeric_column("a")], lambda tf: {"a": tf.constant([1.0, 2.0, 3.0])}),
    "numeric_python_list": (lambda fc, tf: [fc.numeric_column("a", shape=2)], lambda tf: {"a": [[1, 2], [3, 4]]}),
    "normalizer": (lambda fc, tf: [fc.numeric_column("a", normalizer_fn=lambda x: (x - 3.0) / 2.0)],
                   lambda tf: {"a": tf.constant([[1.0], [5.0]])}),
    "order_by_name": (lambda fc, tf: [fc.numeric_column("zeta"), fc.numeric_column("alpha", shape=2),
                                      fc.numeric_column("Mid")],
                      lambda tf: {"zeta": [[1.0]], "alpha": [[2.0, 3.0]], "Mid": [[4.0]]}),
    "bucketized": (lambda fc, tf: [fc.bucketized_column(fc.numeric_column("a"), [-1.0, 0.0, 2.0])],
                   lambda tf: {"a": tf.constant([[-5.0], [-1.0], [0.5], [2.0], [9.0]])}),
    "bucketized_2d": (lambda fc, tf: [fc.bucketized_column(fc.numeric_column("a", shape=(2,)), [0.0, 1.0])],
                      lambda tf: {"a": tf.constant([[-1.0, 1.0], [0.0, 0.5]])}),
    "bucketized_int_source": (lambda fc, tf: [fc.bucketized_column(fc.numeric_column("a", dtype=tf.int32), [2, 4])],
                              lambda tf: {"a": tf.constant([[1], [2], [5]])}),
    "indicator_duplicates": (lambda fc, tf: [fc.indicator_column(fc.categorical_column_with_identity("i", 3))],
                             lambda tf: {"i": tf.constant([[1, 1, 2], [0, -1, -1]])}),
    "embedding_mean": (lambda fc, tf: [fc.embedding_column(fc.categorical_column_with_identity("i", 4), 2,
                                                           initializer=_table(4))],
                       lambda tf: {"i": tf.constant([[1, 3], [2, -1], [-1, -1]])}),
    "embedding_sqrtn": (lambda fc, tf: [fc.embedding_column(fc.categorical_column_with_identity("i", 4), 2,
                                                            combiner="sqrtn", initializer=_table(4))],
                        lambda tf: {"i": tf.constant([[1, 3], [2, -1]])}),
    "embedding_weighted": (lambda fc, tf: [fc.embedding_column(fc.weighted_categorical_column(
        fc.categorical_column_with_identity("i", 4), "w"), 3, initializer=_table(4, 3))],
        lambda tf: {"i": tf.constant([[1, 3], [2, 0]]), "w": tf.constant([[2.0, 0.5], [1.0, -1.0]])}),
    "embedding_max_norm": (lambda fc, tf: [fc.embedding_column(fc.categorical_column_with_identity("i", 4), 2,
                                                               initializer=_table(4), max_norm=5.0)],
                           lambda tf: {"i": tf.constant([[1, 3], [2, -1]])}),
    "embedding_not_safe": (lambda fc, tf: [fc.embedding_column(fc.categorical_column_with_identity("i", 4), 2,
                                                               initializer=_table(4),
                                                               use_safe_embedding_lookup=False)],
                           lambda tf: {"i": tf.constant([[1, 3], [2, 2]])}),
    "mixed": (lambda fc, tf: [fc.numeric_column("n", shape=2),
                              fc.embedding_column(fc.categorical_column_with_vocabulary_list("s", ["a", "b"]), 2,
                                                  initializer=tf.constant_initializer(0.25)),
                              fc.indicator_column(fc.categorical_column_with_hash_bucket("s", 3)),
                              fc.bucketized_column(fc.numeric_column("b"), [0.0])],
              lambda tf: {"n": [[1.0, 2.0], [3.0, 4.0]], "s": [["a", "z"], ["b", "b"]], "b": [[1.0], [-1.0]]}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_dense_features_eager(oracle, case):
    make_columns, make_features = CASES[case]
    oracle.check(lambda tf: _dense(tf, make_columns(tf.feature_column, tf), make_features(tf)))


@pytest.mark.parametrize("case", sorted(CASES))
def test_input_layer_graph(oracle, case):
    make_columns, make_features = CASES[case]
    oracle.check_v1(lambda v1: _graph(v1, make_columns(v1.feature_column, v1), make_features(v1)))


def test_column_properties(oracle):
    def prog(tf):
        fc = tf.feature_column
        num = fc.numeric_column("a", shape=(2, 3), dtype=tf.float64)
        cols = [num, fc.bucketized_column(fc.numeric_column("b", shape=2), [0.0, 1.0]),
                fc.indicator_column(fc.categorical_column_with_identity("i", 7)),
                fc.embedding_column(fc.categorical_column_with_identity("j", 7), 5)]
        return ([(c.name, c.variable_shape) for c in cols], num.shape, num.dtype, cols[1].boundaries,
                cols[3].combiner, cols[3].dimension)
    oracle.check(prog)


def test_numeric_default_values(oracle):
    def prog(tf):
        fc = tf.feature_column
        return [fc.numeric_column("a", default_value=3, dtype=tf.int64).default_value,
                fc.numeric_column("a", shape=(2, 2), default_value=1.5).default_value,
                fc.numeric_column("a", shape=(2,), default_value=[1, 2]).default_value,
                fc.numeric_column("a", shape=3).shape]
    oracle.check(prog)


# case -> (substring of both messages, program)
ERRORS = {
    "numeric_string_dtype": ("dtype must be convertible to float",
                             lambda fc, tf: fc.numeric_column("a", dtype=tf.string)),
    "numeric_zero_dim": ("shape dimensions must be greater than 0", lambda fc, tf: fc.numeric_column("a", shape=(0,))),
    "numeric_default_shape": ("The shape of default_value must be equal to given shape",
                              lambda fc, tf: fc.numeric_column("a", shape=(2,), default_value=[1.0, 2.0, 3.0])),
    "numeric_float_default_int": ("default_value must be compatible with dtype",
                                  lambda fc, tf: fc.numeric_column("a", dtype=tf.int32, default_value=1.5)),
    "numeric_normalizer": ("normalizer_fn must be a callable",
                           lambda fc, tf: fc.numeric_column("a", normalizer_fn=3)),
    "bucketized_unsorted": ("boundaries must be a sorted list",
                            lambda fc, tf: fc.bucketized_column(fc.numeric_column("a"), [1.0, 0.0])),
    "bucketized_not_numeric": ("source_column must be a column generated with numeric_column()",
                               lambda fc, tf: fc.bucketized_column(fc.categorical_column_with_identity("i", 2),
                                                                   [1.0])),
    "bucketized_2d_source": ("source_column must be one-dimensional column",
                             lambda fc, tf: fc.bucketized_column(fc.numeric_column("a", shape=(2, 2)), [0.0])),
    "indicator_of_numeric": ("Unsupported input type",
                             lambda fc, tf: fc.indicator_column(fc.numeric_column("a"))),
    "embedding_dimension": ("Invalid dimension",
                            lambda fc, tf: fc.embedding_column(fc.categorical_column_with_identity("i", 2), 0)),
    "embedding_initializer": ("initializer must be callable",
                              lambda fc, tf: fc.embedding_column(fc.categorical_column_with_identity("i", 2), 2,
                                                                 initializer=3)),
    "embedding_ckpt_half": ("Must specify both `ckpt_to_load_from` and `tensor_name_in_ckpt`",
                            lambda fc, tf: fc.embedding_column(fc.categorical_column_with_identity("i", 2), 2,
                                                               ckpt_to_load_from="x")),
    "sparse_numeric_feature": ("SparseTensor is not supported", lambda fc, tf: _dense(
        tf, [fc.numeric_column("a")], {"a": tf.SparseTensor([[0, 0]], [1.0], [1, 1])})),
    "numeric_wrong_width": (None, lambda fc, tf: _dense(tf, [fc.numeric_column("a", shape=2)],
                                                        {"a": tf.constant([[1.0, 2.0, 3.0]])})),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors(oracle, case):
    message, make = ERRORS[case]
    oracle.check(lambda tf: make(tf.feature_column, tf), match_message=message)


def test_embedding_variable_and_gradient(oracle):
    def prog(tf):
        fc = tf.feature_column
        emb = fc.embedding_column(fc.categorical_column_with_identity("i", 4), 2, combiner="sqrtn",
                                  initializer=tf.constant_initializer([[1.0, 2.0], [3, 4], [5, 6], [7, 8]]))
        layer = tf.keras.layers.DenseFeatures([emb, fc.numeric_column("x")], name="features")
        feats = {"i": tf.constant([[1, 2], [3, -1]]), "x": tf.constant([[2.0], [3.0]])}
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(layer(feats) ** 2)
        grads = tape.gradient(y, layer.trainable_variables)
        return ([v.name for v in layer.variables], [v.shape for v in layer.variables], y, grads,
                [type(g).__name__ for g in grads])
    oracle.check(prog)


def test_embedding_not_trainable(oracle):
    def prog(tf):
        fc = tf.feature_column
        emb = fc.embedding_column(fc.categorical_column_with_identity("i", 3), 2, trainable=False)
        layer = tf.keras.layers.DenseFeatures([emb])
        layer({"i": [[1]]})
        return len(layer.trainable_variables), len(layer.non_trainable_variables), layer.variables[0].trainable
    oracle.check(prog)


def test_default_embedding_initializer_statistics(oracle):
    """TF's default is truncated_normal(stddev=1/sqrt(dimension)): values within 2 stddev, zero mean; compared by
    bounds and moments only (random values)."""
    def prog(tf):
        fc = tf.feature_column
        emb = fc.embedding_column(fc.categorical_column_with_identity("i", 2000), 16)
        layer = tf.keras.layers.DenseFeatures([emb])
        layer({"i": [[0]]})
        w = layer.variables[0]
        limit = 2.0 / 4.0
        return (bool(tf.reduce_all(tf.abs(w) <= limit)), bool(abs(float(tf.reduce_mean(w))) < 0.01),
                bool(abs(float(tf.math.reduce_std(w)) - 0.22) < 0.02))
    oracle.check(prog)


def test_input_layer_variables_graph(oracle):
    def prog(v1):
        fc = v1.feature_column
        cat = fc.categorical_column_with_vocabulary_list("s", ["a", "b", "c"])
        cols = [fc.embedding_column(cat, 2), fc.numeric_column("x"),
                fc.embedding_column(fc.categorical_column_with_identity("i", 5), 3, trainable=False)]
        feats = {"s": v1.constant([["a"]]), "x": v1.constant([[1.0]]), "i": v1.constant([[2]])}
        cols_to_vars = {}
        v1.feature_column.input_layer(feats, cols, cols_to_vars=cols_to_vars)
        v1.feature_column.input_layer(feats, cols)
        return ([v.name for v in v1.global_variables()], [v.name for v in v1.trainable_variables()],
                [v.name for v in v1.get_collection(v1.GraphKeys.MODEL_VARIABLES)],
                sorted((c.name, [v.name for v in vs]) for c, vs in cols_to_vars.items()))
    oracle.check_v1(prog)


def test_input_layer_gradient_graph(oracle):
    def prog(v1):
        fc = v1.feature_column
        emb = fc.embedding_column(fc.categorical_column_with_identity("i", 4), 2,
                                  initializer=v1.constant_initializer([[1.0, 2.0], [3, 4], [5, 6], [7, 8]]))
        out = v1.feature_column.input_layer({"i": v1.constant([[1, 1], [3, -1]])}, [emb])
        var = v1.global_variables()[0]
        grad = v1.gradients(v1.reduce_sum(out * out), var)[0]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return type(grad).__name__, sess.run(out), sess.run(v1.convert_to_tensor(grad))
    oracle.check_v1(prog)
