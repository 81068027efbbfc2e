"""``tf.map_fn`` over ``RaggedTensor`` elements and with ``tf.RaggedTensorSpec`` results
(tfcompat/_src/ops/ragged/ragged_map_ops.py, reached from ops/functional_ops.py). Every expected value is TF's
(oracle)."""
from __future__ import annotations

import pytest


def _parts(x):
    """A result for the oracle: a RaggedTensor as its flat values, splits, dtype, shape; a tensor as itself."""
    if hasattr(x, "nested_row_splits"):
        return [x.flat_values, list(x.nested_row_splits), x.dtype, x.shape, x.ragged_rank, x.to_list()]
    return x


def _digits(tf):
    return tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])


CASES = [
    # the tfdocs ragged_tensor guide: no signature, the ragged elems' spec is the result's
    ("square", lambda tf: tf.map_fn(tf.math.square, _digits(tf))),
    ("to_dense_scalar", lambda tf: tf.map_fn(tf.reduce_sum, _digits(tf), fn_output_signature=tf.int32)),
    ("to_dense_spec", lambda tf: tf.map_fn(lambda r: tf.cast(tf.size(r), tf.float32), _digits(tf),
                                           fn_output_signature=tf.TensorSpec([], tf.float32))),
    ("ragged_spec", lambda tf: tf.map_fn(lambda r: tf.concat([r, r], 0), _digits(tf),
                                         fn_output_signature=tf.RaggedTensorSpec(shape=[None], dtype=tf.int32))),
    ("dense_to_ragged", lambda tf: tf.map_fn(tf.range, tf.constant([1, 3, 0]),
                                             fn_output_signature=tf.RaggedTensorSpec(shape=[None],
                                                                                     dtype=tf.int32))),
    ("no_rows", lambda tf: tf.map_fn(tf.math.square, tf.RaggedTensor.from_row_splits(tf.constant([], tf.int32),
                                                                                        [0]))),
    ("no_rows_dense", lambda tf: tf.map_fn(tf.reduce_sum, tf.RaggedTensor.from_row_splits(
        tf.constant([], tf.int32), [0]), fn_output_signature=tf.int32)),
    ("rank3", lambda tf: tf.map_fn(lambda r: r * 2, tf.ragged.constant([[[1, 2], [3]], [[4]]]))),
    ("tuple", lambda tf: tf.map_fn(lambda e: (e[0] + e[1], tf.size(e[0])),
                                   (_digits(tf), tf.constant([10, 20, 30, 40, 50])),
                                   fn_output_signature=(tf.RaggedTensorSpec(shape=[None], dtype=tf.int32),
                                                        tf.int32))),
]


@pytest.mark.parametrize("make", [c[1] for c in CASES], ids=[c[0] for c in CASES])
def test_map_fn_ragged(oracle, make):
    def prog(tf):
        out = make(tf)
        return [_parts(o) for o in out] if isinstance(out, tuple) else _parts(out)
    oracle.check(prog)


def test_map_fn_ragged_in_function_unknown_rows(oracle):
    """In a graph with an unknown number of rows the map is a while_loop (ragged_map_ops._map_symbolic)."""
    def prog(tf):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int64),
                                      tf.TensorSpec([None], tf.int32)])
        def f(v, s, d):
            rt = tf.RaggedTensor.from_row_splits(v, s)
            a = tf.map_fn(tf.math.square, rt)
            b = tf.map_fn(tf.reduce_sum, rt, fn_output_signature=tf.int32)
            c = tf.map_fn(tf.range, d, fn_output_signature=tf.RaggedTensorSpec(shape=[None], dtype=tf.int32))
            return a.flat_values, a.row_splits, b, c.flat_values, c.row_splits
        return f(tf.constant([3, 1, 4, 1, 5, 9, 2, 6]), tf.constant([0, 4, 4, 7, 8, 8], tf.int64),
                 tf.constant([1, 3, 0]))
    oracle.check(prog)


def test_map_fn_ragged_gradient(oracle):
    def prog(tf):
        x = tf.Variable([1.0, 2.0, 3.0])
        with tf.GradientTape() as tape:
            rt = tf.RaggedTensor.from_row_lengths(x, [2, 0, 1])
            y = tf.map_fn(lambda r: r * r, rt)
            s = tf.reduce_sum(y.flat_values)
        return _parts(y), tape.gradient(s, x)
    oracle.check(prog)


def test_map_fn_ragged_result_for_dense_signature(oracle):
    def prog(tf):
        return tf.map_fn(lambda r: tf.RaggedTensor.from_row_lengths(r, [1, 0]),
                         tf.constant([[1], [2]]), fn_output_signature=tf.int32)
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# tf.nn.embedding_lookup with ragged ids (ops/ragged/ragged_embedding_ops.py)
# ------------------------------------------------------------------------------------------------
LOOKUPS = [
    ("v2", lambda tf, p, ids: tf.nn.embedding_lookup(p, ids)),
    ("v2_max_norm", lambda tf, p, ids: tf.nn.embedding_lookup(p, ids, max_norm=1.0)),
    ("v1", lambda tf, p, ids: tf.compat.v1.nn.embedding_lookup(p, ids)),
    ("v1_list", lambda tf, p, ids: tf.compat.v1.nn.embedding_lookup([p], ids)),
]


@pytest.mark.parametrize("look", [c[1] for c in LOOKUPS], ids=[c[0] for c in LOOKUPS])
def test_embedding_lookup_ragged_ids(oracle, look):
    def prog(tf):
        params = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        return _parts(look(tf, params, tf.ragged.constant([[1, 2], [], [0]])))
    oracle.check(prog)


def test_embedding_lookup_ragged_ids_gradient(oracle):
    def prog(tf):
        params = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        ids = tf.ragged.constant([[[1, 1]], [], [[0], [2]]])
        with tf.GradientTape() as tape:
            out = tf.nn.embedding_lookup(params, ids)
            s = tf.reduce_sum(out.flat_values * 2.0)
        return _parts(out), tf.convert_to_tensor(tape.gradient(s, params))
    oracle.check(prog)
