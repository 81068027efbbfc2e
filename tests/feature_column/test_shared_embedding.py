"""``tf.compat.v1.feature_column.shared_embedding_columns`` (feature_column/shared_embedding.py) against TF 2.21:
one variable for all the columns (named after the sorted column names, found again by a second ``input_layer``),
values, names, gradients, the construction errors and TF's eager-mode RuntimeError. Expected values: TF's,
through the oracle."""
from __future__ import annotations

import pytest

_TABLE = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]


def test_shared_input_layer_graph(oracle):
    def prog(v1):
        fc = v1.feature_column
        a = fc.categorical_column_with_identity("a", 3)
        b = fc.categorical_column_with_identity("b", 3)
        cols = fc.shared_embedding_columns([b, a], 2, initializer=v1.constant_initializer(_TABLE), combiner="sum")
        out1 = fc.input_layer({"a": v1.constant([[0, 1], [2, -1]]), "b": v1.constant([[2, -1], [0, 1]])}, cols)
        out2 = fc.input_layer({"a": v1.constant([[1]]), "b": v1.constant([[1]])}, cols)
        var = v1.global_variables()[0]
        grad = v1.gradients(v1.reduce_sum(out1), var)[0]
        with v1.Session() as sess:
            sess.run([v1.global_variables_initializer(), v1.tables_initializer()])
            return ([c.name for c in cols], cols[0].shared_embedding_collection_name,
                    [v.name for v in v1.global_variables()], sess.run([out1, out2]),
                    sess.run(v1.convert_to_tensor(grad)))
    oracle.check_v1(prog)


def test_shared_weighted_and_named_collection_graph(oracle):
    def prog(v1):
        fc = v1.feature_column
        w = fc.weighted_categorical_column(fc.categorical_column_with_identity("a", 3), "aw")
        cols = fc.shared_embedding_columns([w, fc.categorical_column_with_identity("b", 3)], 2,
                                           initializer=v1.constant_initializer(_TABLE),
                                           shared_embedding_collection_name="shared")
        out = fc.input_layer({"a": v1.constant([[0, 2]]), "aw": v1.constant([[1.0, 3.0]]),
                              "b": v1.constant([[1]])}, cols)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return [c.name for c in cols], [v.name for v in v1.global_variables()], sess.run(out)
    oracle.check_v1(prog)


# case -> (substring of both messages, program(v1))
ERRORS = {
    "buckets_differ": ("must have the same number of buckets", lambda v1: v1.feature_column.shared_embedding_columns(
        [v1.feature_column.categorical_column_with_identity("a", 3),
         v1.feature_column.categorical_column_with_identity("b", 4)], 2)),
    "types_differ": ("must have the same type", lambda v1: v1.feature_column.shared_embedding_columns(
        [v1.feature_column.categorical_column_with_identity("a", 3),
         v1.feature_column.categorical_column_with_vocabulary_list("b", ["x", "y", "z"])], 2)),
    "dimension": ("Invalid dimension", lambda v1: v1.feature_column.shared_embedding_columns(
        [v1.feature_column.categorical_column_with_identity("a", 3)], 0)),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors_graph(oracle, case):
    message, make = ERRORS[case]
    oracle.check_v1(make, match_message=message)


def test_eager_is_rejected(oracle):
    oracle.check(lambda tf: tf.compat.v1.feature_column.shared_embedding_columns(
        [tf.feature_column.categorical_column_with_identity("a", 3)], 2),
        match_message="not supported when eager execution is enabled")
