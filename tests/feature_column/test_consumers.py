"""The TF1 consumers and the parse spec (feature_column/consumers.py) against TF 2.21: ``input_layer`` eagerly
and in graphs (order, outputs per column, errors), ``linear_model`` (variable names and shapes, dense and
categorical weighted sums, combiners, bias, units), ``make_parse_example_spec`` and its use with
``tf.io.parse_example``. Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest


def _spec_summary(spec):
    return {k: (type(v).__name__, tuple(v)) for k, v in sorted(spec.items())}


def test_input_layer_eager(oracle):
    def prog(tf):
        fc = tf.feature_column
        cols = [fc.numeric_column("b", shape=2), fc.indicator_column(fc.categorical_column_with_identity("a", 3))]
        outputs = {}
        out = tf.compat.v1.feature_column.input_layer({"a": [[2], [0]], "b": [[1.0, 2.0], [3.0, 4.0]]}, cols,
                                                      cols_to_output_tensors=outputs)
        return out, sorted((c.name, t) for c, t in outputs.items())
    oracle.check(prog)


# case -> (substring of both messages, columns(fc), features)
INPUT_LAYER_ERRORS = {
    "empty": ("feature_columns must not be empty", lambda fc: [], {"a": [[1.0]]}),
    "categorical": ("Items of feature_columns must be a _DenseColumn",
                    lambda fc: [fc.categorical_column_with_identity("a", 2)], {"a": [[1]]}),
    "duplicate": ("Duplicate feature column name found for columns",
                  lambda fc: [fc.numeric_column("a"), fc.numeric_column("a")], {"a": [[1.0]]}),
    "missing": ("Feature b is not in features dictionary", lambda fc: [fc.numeric_column("b")], {"a": [[1.0]]}),
    "dict_columns": ("Expected feature_columns to be iterable, found dict",
                     lambda fc: {"a": fc.numeric_column("a")}, {"a": [[1.0]]}),
    "not_a_column": ("Items of feature_columns must be a", lambda fc: ["a"], {"a": [[1.0]]}),
}


def test_features_not_a_dict(oracle):
    oracle.check(lambda tf: tf.compat.v1.feature_column.input_layer(tf.constant([[1.0]]),
                                                                    [tf.feature_column.numeric_column("a")]))


@pytest.mark.parametrize("case", sorted(INPUT_LAYER_ERRORS))
def test_input_layer_errors_graph(oracle, case):
    message, make_columns, features = INPUT_LAYER_ERRORS[case]

    def prog(v1):
        return v1.feature_column.input_layer({k: v1.constant(v) for k, v in features.items()},
                                             make_columns(v1.feature_column))
    oracle.check_v1(prog, match_message=message)


def _assign_and_run(v1, out, values):
    """Assigns ``values`` (variable name -> value) and runs ``out``."""
    with v1.Session() as sess:
        sess.run([v1.global_variables_initializer(), v1.tables_initializer()])
        for var in v1.global_variables():
            if var.op.name in values:
                sess.run(var.assign(values[var.op.name]))
        return sess.run(out)


# case -> (columns(fc), features, units, sparse_combiner, assigned values)
LINEAR_CASES = {
    "numeric": (lambda fc: [fc.numeric_column("a", shape=2)], {"a": [[1.0, 2.0], [3.0, -1.0]]}, 1, "sum",
                {"linear_model/a/weights": [[0.5], [2.0]], "linear_model/bias_weights": [0.25]}),
    "categorical_sum": (lambda fc: [fc.categorical_column_with_vocabulary_list("s", ["x", "y", "z"])],
                        {"s": [["x", "z"], ["y", ""]]}, 2, "sum",
                        {"linear_model/s/weights": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]}),
    "categorical_mean": (lambda fc: [fc.categorical_column_with_identity("i", 3)], {"i": [[0, 2], [1, -1]]}, 1,
                         "mean", {"linear_model/i/weights": [[1.0], [2.0], [4.0]]}),
    "categorical_sqrtn": (lambda fc: [fc.categorical_column_with_identity("i", 3)], {"i": [[0, 2], [1, -1]]}, 1,
                          "sqrtn", {"linear_model/i/weights": [[1.0], [2.0], [4.0]]}),
    "weighted": (lambda fc: [fc.weighted_categorical_column(fc.categorical_column_with_identity("i", 3), "w")],
                 {"i": [[0, 2], [1, 1]], "w": [[2.0, 0.5], [1.0, 3.0]]}, 1, "sum",
                 {"linear_model/i_weighted_by_w/weights": [[1.0], [2.0], [4.0]]}),
    "bucketized": (lambda fc: [fc.bucketized_column(fc.numeric_column("b"), [0.0, 1.0])],
                   {"b": [[-1.0], [0.5], [3.0]]}, 1, "sum",
                   {"linear_model/b_bucketized/weights": [[1.0], [10.0], [100.0]],
                    "linear_model/bias_weights": [-1.0]}),
    "mixed": (lambda fc: [fc.numeric_column("a"), fc.categorical_column_with_hash_bucket("h", 4),
                          fc.indicator_column(fc.categorical_column_with_identity("i", 2))],
              {"a": [[2.0], [3.0]], "h": [["p"], ["q"]], "i": [[1], [0]]}, 2, "sum",
              {"linear_model/a/weights": [[1.0, -1.0]], "linear_model/h/weights": [[1, 2], [3, 4], [5, 6], [7, 8]],
               "linear_model/i_indicator/weights": [[0.5, 0.5], [10.0, 20.0]],
               "linear_model/bias_weights": [0.1, 0.2]}),
}


@pytest.mark.parametrize("case", sorted(LINEAR_CASES))
def test_linear_model_graph(oracle, case):
    make_columns, features, units, combiner, values = LINEAR_CASES[case]

    def prog(v1):
        feats = {k: v1.constant(v) for k, v in features.items()}
        out = v1.feature_column.linear_model(feats, make_columns(v1.feature_column), units=units,
                                             sparse_combiner=combiner)
        names = [(v.name, v.shape) for v in v1.global_variables()]
        return names, [v.name for v in v1.trainable_variables()], out.shape, _assign_and_run(v1, out, values)
    oracle.check_v1(prog)


def test_vocabulary_without_tables_initializer_graph(oracle):
    """Known deviation ``feature-column-vocab-no-table``: TF needs tables_initializer() first; tfcompat gives the
    ids (TF's, once initialised) without it."""
    def prog(v1):
        col = v1.feature_column.indicator_column(
            v1.feature_column.categorical_column_with_vocabulary_list("s", ["x", "y"]))
        out = v1.feature_column.input_layer({"s": v1.constant([["y"], ["x"]])}, [col])
        with v1.Session() as sess:
            return sess.run(out)
    want = oracle.tf_result(prog, v1=True)
    assert want.type == "FailedPreconditionError"
    got = oracle.tfc_result(prog, v1=True)
    assert got.tolist() == [[0.0, 1.0], [1.0, 0.0]]   # by hand: 'y' is id 1, 'x' id 0


def test_linear_model_cols_to_vars_graph(oracle):
    def prog(v1):
        fc = v1.feature_column
        cols = [fc.numeric_column("a"), fc.categorical_column_with_identity("i", 3)]
        cols_to_vars = {}
        v1.feature_column.linear_model({"a": v1.constant([[1.0]]), "i": v1.constant([[1]])}, cols,
                                       cols_to_vars=cols_to_vars)
        return sorted((c if isinstance(c, str) else c.name, [v.name for v in vs]) for c, vs in cols_to_vars.items())
    oracle.check_v1(prog)


def test_linear_model_errors_graph(oracle):
    def prog(v1):
        fc = v1.feature_column
        out = []
        for combiner, columns in (("max", [fc.categorical_column_with_identity("i", 2)]), ("sum", []),
                                  ("sum", [fc.categorical_column_with_identity("i", 2), fc.numeric_column("i")]),
                                  ("sum", ["i"])):
            try:
                fc.linear_model({"i": v1.constant([[1]])}, columns, sparse_combiner=combiner)
                out.append(None)
            except ValueError as e:
                out.append(type(e).__name__)
        return out
    oracle.check_v1(prog)


def test_make_parse_example_spec(oracle):
    def prog(tf):
        fc = tf.feature_column
        ident = fc.categorical_column_with_identity("i", 4)
        cols = [fc.numeric_column("a", shape=(2,), default_value=(1.0, 2.0)),
                fc.bucketized_column(fc.numeric_column("b", dtype=tf.int64), [1, 2]),
                fc.embedding_column(fc.categorical_column_with_vocabulary_list("s", ["x"]), 2),
                fc.indicator_column(fc.categorical_column_with_hash_bucket("h", 5, dtype=tf.int64)),
                fc.weighted_categorical_column(ident, "w"), fc.crossed_column(["c", ident], 4)]
        return _spec_summary(fc.make_parse_example_spec(cols))
    oracle.check(prog)


def test_make_parse_example_spec_errors(oracle):
    def prog(tf):
        fc = tf.feature_column
        out = []
        for cols in ([fc.numeric_column("a"), "a"], [fc.numeric_column("a"), fc.numeric_column("a", shape=2)]):
            try:
                fc.make_parse_example_spec(cols)
                out.append(None)
            except ValueError as e:
                out.append(type(e).__name__)
        return out
    oracle.check(prog)


def _examples(tf):
    def example(a, s, i):
        feature = {"a": tf.train.Feature(float_list=tf.train.FloatList(value=a)),
                   "s": tf.train.Feature(bytes_list=tf.train.BytesList(value=s))}
        if i is not None:
            feature["i"] = tf.train.Feature(int64_list=tf.train.Int64List(value=i))
        return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()
    return [example([1.0, 2.0], [b"x", b"q"], [2]), example([3.0, 4.0], [], [0, 1]), example([5.0, 6.0], [b"y"], None)]


def test_parse_example_with_spec(oracle):
    def prog(tf):
        fc = tf.feature_column
        cols = [fc.numeric_column("a", shape=2), fc.indicator_column(fc.categorical_column_with_identity("i", 3)),
                fc.indicator_column(fc.categorical_column_with_vocabulary_list("s", ["x", "y"], num_oov_buckets=1))]
        parsed = tf.io.parse_example(tf.constant(_examples(tf)), fc.make_parse_example_spec(cols))
        return tf.keras.layers.DenseFeatures(cols, name="features")(parsed)
    oracle.check(prog)


def test_parse_example_with_spec_graph(oracle):
    def prog(v1):
        fc = v1.feature_column
        cols = [fc.numeric_column("a", shape=2),
                fc.embedding_column(fc.categorical_column_with_identity("i", 3), 2,
                                    initializer=v1.constant_initializer([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))]
        serialized = v1.placeholder(v1.string, [None])
        parsed = v1.io.parse_example(serialized, fc.make_parse_example_spec(cols))
        out = v1.feature_column.input_layer(parsed, cols)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return sess.run(out, {serialized: _examples(v1)})
    oracle.check_v1(prog)
