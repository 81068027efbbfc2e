"""Random ops: TF's seeding rules (graph seed + op seed), distributions, dropout scaling. RandomUniform,
RandomStandardNormal, TruncatedNormal and RandomUniformInt reproduce TF's Philox draws, so their seeded values are
compared exactly with TF's; the other random ops draw from torch (known deviation "random-values") and are compared
by their properties."""
from __future__ import annotations

import numpy as np
import pytest

import tfcompat


def _session_draws(v1, make, runs=2):
    g = v1.Graph()
    with g.as_default():
        v1.set_random_seed(7)
        t = make(v1)
        with v1.Session() as sess:
            return [sess.run(t) for _ in range(runs)]


def test_graph_seed_repeats_across_sessions_like_tf(tf):
    for v1 in (tf.compat.v1, tfcompat.compat.v1):
        a = _session_draws(v1, lambda m: m.random_normal([3]))
        b = _session_draws(v1, lambda m: m.random_normal([3]))
        assert not np.array_equal(a[0], a[1])      # each run draws new numbers
        np.testing.assert_array_equal(a, b)        # a new session replays the same sequence


def test_op_seed_without_graph_seed_is_deterministic_like_tf(tf):
    for v1 in (tf.compat.v1, tfcompat.compat.v1):
        draws = []
        for _ in range(2):
            g = v1.Graph()
            with g.as_default():
                t = v1.random_uniform([4], seed=3)
                with v1.Session() as sess:
                    draws.append(sess.run(t))
        np.testing.assert_array_equal(draws[0], draws[1])


def test_eager_set_seed_replays_sequence_like_tf(tf):
    for mod in (tf, tfcompat):
        mod.random.set_seed(11)
        a = [mod.random.normal([2]).numpy(), mod.random.normal([2]).numpy()]
        mod.random.set_seed(11)
        b = [mod.random.normal([2]).numpy(), mod.random.normal([2]).numpy()]
        np.testing.assert_array_equal(a, b)
        assert not np.array_equal(a[0], a[1])


def test_distributions_match_tf_statistically(tf):
    n = 20000
    for mod in (tf, tfcompat):
        normal = mod.random.normal([n], mean=1.0, stddev=2.0, seed=1).numpy()
        assert abs(normal.mean() - 1.0) < 0.06 and abs(normal.std() - 2.0) < 0.06
        trunc = mod.random.truncated_normal([n], stddev=1.0, seed=1).numpy()
        assert np.abs(trunc).max() <= 2.0 and abs(trunc.std() - 0.88) < 0.02  # std of N(0,1) cut at 2 sigma
        uni = mod.random.uniform([n], minval=-1.0, maxval=3.0, seed=1).numpy()
        assert uni.min() >= -1.0 and uni.max() < 3.0 and abs(uni.mean() - 1.0) < 0.05
        ints = mod.random.uniform([n], maxval=5, dtype=mod.int32, seed=1).numpy()
        assert ints.dtype == np.int32 and set(np.unique(ints)) == {0, 1, 2, 3, 4}


def test_tf1_dropout_keep_prob_scales_kept_values(tf):
    x = np.ones((200, 50), np.float32)
    for v1 in (tf.compat.v1, tfcompat.compat.v1):
        y = v1.nn.dropout(v1.constant(x), 0.8, seed=2).numpy()   # positional: keep_prob
        kept = y[y != 0]
        np.testing.assert_allclose(kept, 1.25)                   # 1 / keep_prob
        assert abs(kept.size / x.size - 0.8) < 0.02


def test_dropout_with_unknown_batch_in_graph(tfc1):
    p = tfc1.placeholder(tfc1.float32, [None, 4])
    keep = tfc1.placeholder_with_default(1.0, [])
    y = tfc1.nn.dropout(p, keep)
    assert y.shape.as_list() == [None, 4]
    with tfc1.Session() as sess:
        out = sess.run(y, {p: np.ones((3, 4), np.float32)})
    np.testing.assert_array_equal(out, np.ones((3, 4), np.float32))


def test_gamma_and_poisson_shapes_dtypes_and_means_like_tf(oracle):
    """tf.random.gamma / poisson: output shape = shape + parameter shape, TF's dtypes; the sample means (and the
    mean gradient of gamma samples with respect to alpha, 1/beta by the implicit reparameterisation) match the
    distributions' (expected values computed by hand) for TF and tfcompat alike."""
    def prog(tf):
        alpha = tf.constant([0.5, 3.0])
        beta = tf.constant([1.0, 2.0])
        with tf.GradientTape() as tape:
            tape.watch(alpha)
            g = tf.random.gamma([4000], alpha, beta, seed=3)
        grad = tape.gradient(g, alpha)
        p = tf.random.poisson([4000], [0.5, 7.0], seed=3)
        p_int = tf.random.poisson([2, 3], 2.0, dtype=tf.int64, seed=3)
        g64 = tf.random.gamma([2], 1.5, dtype=tf.float64, seed=3)
        return g.shape.as_list(), g.dtype.name, grad.numpy(), p.shape.as_list(), p.dtype.name, \
            p_int.shape.as_list(), p_int.dtype.name, g64.dtype.name, g.numpy().mean(0), p.numpy().mean(0)
    want = oracle.tf_result(prog)
    got = prog(tfcompat)
    assert list(got[:2]) == list(want[:2]) and list(got[3:8]) == list(want[3:8])
    for result in (want, got):
        np.testing.assert_allclose(result[2] / 4000, [1.0, 0.5], rtol=0.1)
        np.testing.assert_allclose(result[8], [0.5, 1.5], rtol=0.1)
        np.testing.assert_allclose(result[9], [0.5, 7.0], rtol=0.1)


def test_v1_poisson_argument_order(oracle):
    def prog(tf):
        v1 = tf.compat.v1
        return (v1.random.poisson([1.0, 2.0], [3]).shape.as_list(), v1.random_poisson(3.0, [2, 2]).shape.as_list(),
                tf.random.poisson([3], [1.0, 2.0]).shape.as_list(), v1.random_gamma([5], 2.0).shape.as_list())
    oracle.check(prog)


# Seeded stateful draws: name -> program(tf), TF's exact values.
EXACT_CASES = {
    "eager_set_seed_sequence": lambda tf: (tf.random.set_seed(11), [
        tf.random.normal([3]), tf.random.normal([2, 2]), tf.random.uniform([5]), tf.random.uniform([3], dtype=tf.float64),
        tf.random.truncated_normal([7]), tf.random.uniform([4], maxval=10, dtype=tf.int32),
        tf.random.uniform([2], minval=-3, maxval=2 ** 40, dtype=tf.int64), tf.random.normal([2], mean=2.0, stddev=3.0),
        tf.random.normal([3], dtype=tf.float16)])[1],
    "eager_op_seed_first_call": lambda tf: (tf.random.set_seed(None), [
        tf.random.normal([4], seed=5), tf.random.uniform([3], seed=6), tf.random.truncated_normal([5], seed=7)])[1],
    "eager_global_and_op_seed": lambda tf: (tf.random.set_seed(0), [tf.random.normal([3], seed=0),
                                                                    tf.random.uniform([2])])[1],
    "dropout": lambda tf: (tf.random.set_seed(4), [tf.nn.dropout(tf.ones([3, 4]), 0.5),
                                                   tf.nn.dropout(tf.ones([5]), 0.2, seed=9)])[1],
}


@pytest.mark.parametrize("case", sorted(EXACT_CASES))
def test_seeded_draws_are_tf_values(oracle, case):
    oracle.check(EXACT_CASES[case], rtol=0, atol=0)


def test_graph_session_draws_are_tf_values(oracle):
    def prog(v1):
        v1.set_random_seed(7)
        a = v1.random_normal([3])
        b = v1.random_uniform([2], seed=4)
        c = v1.truncated_normal([5], dtype=v1.float64)
        d = v1.random_uniform([3], maxval=100, dtype=v1.int64)
        with v1.Session() as sess:
            first = sess.run([a, b, c, d])
            second = sess.run([a, b])
        with v1.Session() as sess:
            again = sess.run(a)
        return first, second, again
    oracle.check_v1(prog, rtol=0, atol=0)


def test_op_seed_without_graph_seed_values(oracle):
    def prog(v1):
        t = v1.random_uniform([4], seed=3)
        with v1.Session() as sess:
            return [sess.run(t), sess.run(t)]
    oracle.check_v1(prog, rtol=0, atol=0)


def test_tf_function_draws_are_tf_values(oracle):
    def prog(tf):
        tf.random.set_seed(3)

        @tf.function
        def draw():
            return tf.random.normal([3], seed=9) + tf.random.uniform([3])
        return [draw(), draw()]
    oracle.check(prog, rtol=0, atol=0)


def test_int_draws_with_tensor_bounds_are_tf_values(oracle):
    """RandomUniformInt with bounds known only when running (a tf.function argument, DeepDream's random_roll):
    TF's draws, and TF's InvalidArgumentError for an empty range."""
    def prog(tf):
        tf.random.set_seed(3)

        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def roll(m):
            return tf.random.uniform(shape=[2], minval=-m, maxval=m, dtype=tf.int32)

        @tf.function
        def draw(m, like):
            return tf.random.uniform(shape=tf.shape(like), minval=0, maxval=m, dtype=tf.int64)
        out = [roll(tf.constant(512)), roll(tf.constant(3)), draw(tf.constant(100, tf.int64), tf.zeros([3])),
               tf.random.uniform([], 0, tf.constant(7), dtype=tf.int32)]
        try:
            roll(tf.constant(0))
        except tf.errors.InvalidArgumentError as e:
            out.append(type(e).__name__)
        return out
    oracle.check(prog, rtol=0, atol=0)


def test_eager_op_seed_restarts_known_deviation():
    """Known deviation "eager-op-seed-restarts": a repeated eager call with the same explicit op seed repeats
    TF's first values (TF continues its cached kernel's stream). Expected values: the first call's (by hand)."""
    a = tfcompat.random.normal([3], seed=5).numpy()
    b = tfcompat.random.normal([3], seed=5).numpy()
    np.testing.assert_array_equal(a, b)


def test_static_shape_from_a_partly_known_shape_tensor(oracle):
    """A random op's static shape is what TF's shape function infers from its shape tensor: known entries of a
    packed shape (tf.shape(x)[0] with a constant) and of a Shape op stay known (keras-io's GAN samples
    ``tf.random.normal((tf.shape(x)[0], 128))`` inside a tf.function, then Reshape/BatchNorm need the 128)."""
    def prog(tf):
        shapes = []

        @tf.function(input_signature=[tf.TensorSpec([None, 5], tf.float32)])
        def f(x):
            n = tf.shape(x)[0]
            outs = [tf.random.normal((n, 128)), tf.random.uniform(tf.shape(x)), tf.random.normal([3, tf.shape(x)[1]]),
                    tf.random.uniform(tf.stack([2, n])), tf.random.truncated_normal((n, 2, 7))]
            shapes.extend(o.shape.as_list() for o in outs)
            return [tf.shape(o) for o in outs]
        return f(tf.zeros([4, 5])), shapes
    oracle.check(prog)
