"""Issue 15 fidelity nits, wave 6, against TF 2.21 (expected values: TF's, through the oracle): ``tf.zeros`` of
``tf.string``, a tensor shape with ``tf.bool``, ``tf.one_hot`` with a tensor depth, the static value of ``Size``,
eager ``cholesky`` of a matrix that is not positive definite (NaN, no error), ``Normal.name`` eagerly and in a
graph, KL(Bernoulli || Bernoulli) through ``tf.compat.v1.distributions.kl_divergence``, ``tf.sparse.cross_hashed``,
StridedSlice's eager error text, ``tf.tile`` of a RaggedTensor, ``tf.compat.v1.layers.Dense`` on a rank-3 input, a bad fetch in ``Session.run``
and the gradient of repeated ``embedding_lookup``s."""
from __future__ import annotations

import pytest

CASES = {
    "zeros_string": lambda tf: tf.zeros([2, 1], tf.string),
    "zeros_string_tensor_shape": lambda tf: tf.zeros(tf.constant([2]), tf.string),
    "zeros_bool_tensor_shape": lambda tf: tf.zeros(tf.constant([2, 1]), tf.bool),
    "one_hot_tensor_depth": lambda tf: tf.one_hot([0, 2], tf.constant(3)),
    "static_value_of_size": lambda tf: tf.get_static_value(tf.size(tf.zeros([2, 3]))),
    # TF leaves the strict upper triangle of a failed factorization uninitialized (garbage that differs run to
    # run), so only the lower triangle -- NaN from the failing column on -- is compared.
    "cholesky_not_positive_definite": lambda tf: tf.linalg.band_part(tf.linalg.cholesky(
        tf.constant([[[4.0, 2.0], [2.0, 3.0]], [[1.0, 2.0], [2.0, 1.0]]])), -1, 0),
    "normal_name_eager": lambda tf: tf.compat.v1.distributions.Normal(0.0, 1.0).name,
    "bernoulli_kl": lambda tf: tf.compat.v1.distributions.kl_divergence(
        tf.compat.v1.distributions.Bernoulli(probs=0.3), tf.compat.v1.distributions.Bernoulli(probs=0.6)),
    "sparse_cross_hashed": lambda tf: tf.sparse.to_dense(tf.sparse.cross_hashed(
        [tf.constant([["a"], ["b"]]), tf.constant([["c"], ["d"]])], num_buckets=10)),
    "strided_slice_index_error": lambda tf: tf.constant([1, 2, 3])[5],
    "strided_slice_rank_error": lambda tf: tf.strided_slice(tf.constant([[1, 2]]), [0, 0, 0], [1, 1, 1]),
    "tile_ragged_rows": lambda tf: tf.tile(tf.ragged.constant([[1, 2], [3], []]), [2, 1]).to_list(),
    "tile_ragged_both": lambda tf: tf.tile(tf.ragged.constant([[1, 2], [3], []]), [2, 2]).to_list(),
    "tile_ragged_inner_dense": lambda tf: tf.tile(
        tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1), [1, 2, 2]).to_list(),
    "tile_ragged_short_multiples": lambda tf: tf.tile(tf.ragged.constant([[1, 2], [3]]), [2]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_nit(oracle, case):
    oracle.check(lambda tf: CASES[case](tf), rtol=1e-5, match_message="[Op:StridedSlice]"
                 if case.startswith("strided_slice") else None)


def test_strided_slice_error_suffix(oracle):
    oracle.check(lambda tf: tf.constant([1, 2, 3])[5], match_message="out of bounds. [Op:StridedSlice] name: "
                                                                      "strided_slice/")


def test_cholesky_not_positive_definite_gradient(oracle):
    def prog(tf):
        x = tf.Variable([[1.0, 2.0], [2.0, 1.0]])
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.linalg.cholesky(x))
        return tape.gradient(y, x)
    oracle.check(prog)


def test_distribution_names_in_a_graph(oracle):
    def prog(v1):
        d = v1.distributions
        return [d.Normal(0.0, 1.0).name, d.Normal(0.0, 1.0, name="N").name, d.Bernoulli(probs=0.5).name,
                d.Normal(0.0, 1.0).name]
    oracle.check_v1(prog)


def test_v1_dense_keeps_rank_and_bad_fetch(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 3, 8])
        shape = v1.layers.Dense(4)(x).shape.as_list()
        with v1.Session() as sess:
            try:
                sess.run("nosuch:0")
            except Exception as e:  # noqa: BLE001 - the class name is compared
                return shape, type(e).__name__
    oracle.check_v1(prog)


def test_repeated_embedding_lookup_gradient(oracle):
    def prog(tf):
        p = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        with tf.GradientTape() as tape:
            y = (tf.reduce_sum(tf.nn.embedding_lookup(p, [2, 0]))
                 + 2.0 * tf.reduce_sum(tf.nn.embedding_lookup(p, [1])))
        g = tape.gradient(y, p)
        return g.indices, g.values, g.dense_shape
    oracle.check(prog)
