"""Oracle tests for the stateless random ops and tf.random.Generator (ops/philox.py, ops/stateless_random_ops.py,
ops/random_generator.py). tfcompat reproduces TF's Philox-4x32-10 draws, so uniform / normal / truncated normal /
integer draws, split, fold_in and Generator(philox) values are compared exactly with TF's (live or recorded).
The samplers built on other algorithms (categorical, binomial, gamma, poisson, parameterized truncated normal)
are compared by shape, dtype, determinism and distribution (known deviation "stateless-random-samplers")."""
from __future__ import annotations

import numpy as np
import pytest

import tfcompat

SEEDS = [[1, 2], [0, 0], [-7, 123456789], [2 ** 31 - 1, -2 ** 31]]

# name -> program(tf): exact values and dtypes.
VALUE_CASES = {
    "uniform_f32": lambda tf: [tf.random.stateless_uniform([3, 5], s) for s in SEEDS],
    "uniform_f64": lambda tf: [tf.random.stateless_uniform([7], s, dtype=tf.float64) for s in SEEDS],
    "uniform_f16": lambda tf: tf.random.stateless_uniform([9], [4, 5], dtype=tf.float16),
    "uniform_bf16": lambda tf: tf.cast(tf.random.stateless_uniform([9], [4, 5], dtype=tf.bfloat16), tf.float32),
    "uniform_scalar_shape": lambda tf: tf.random.stateless_uniform([], [3, 4]),
    "uniform_empty": lambda tf: tf.random.stateless_uniform([0, 3], [3, 4]),
    "uniform_range": lambda tf: tf.random.stateless_uniform([6], [3, 4], minval=-2.0, maxval=5.0),
    "uniform_tensor_bounds": lambda tf: tf.random.stateless_uniform([2, 3], [3, 4], minval=tf.constant([0., 1., 2.]),
                                                                   maxval=10.0),
    "uniform_int64_seed": lambda tf: tf.random.stateless_uniform([5], tf.constant([2 ** 40, -3], tf.int64)),
    "uniform_tensor_shape": lambda tf: tf.random.stateless_uniform(tf.constant([2, 2], tf.int64), [1, 1]),
    "uniform_int32": lambda tf: tf.random.stateless_uniform([11], [5, 6], minval=-3, maxval=17, dtype=tf.int32),
    "uniform_int64": lambda tf: tf.random.stateless_uniform([11], [5, 6], minval=-3, maxval=10 ** 12,
                                                            dtype=tf.int64),
    "uniform_full_int32": lambda tf: tf.random.stateless_uniform([7], [5, 6], minval=None, maxval=None,
                                                                 dtype=tf.int32),
    "uniform_full_int64": lambda tf: tf.random.stateless_uniform([7], [5, 6], minval=None, maxval=None,
                                                                 dtype=tf.int64),
    "uniform_full_uint32": lambda tf: tf.random.stateless_uniform([7], [5, 6], minval=None, maxval=None,
                                                                  dtype=tf.uint32),
    "uniform_full_uint64": lambda tf: tf.random.stateless_uniform([3], [5, 6], minval=None, maxval=None,
                                                                  dtype=tf.uint64),
    "uniform_alg_philox": lambda tf: [tf.random.stateless_uniform([4], [1, 2], alg=a)
                                      for a in ("philox", tf.random.Algorithm.PHILOX, 1, "auto_select")],
    "normal_f32": lambda tf: [tf.random.stateless_normal([4, 6], s) for s in SEEDS],
    "normal_f64": lambda tf: [tf.random.stateless_normal([9], s, dtype=tf.float64) for s in SEEDS],
    "normal_f16": lambda tf: tf.random.stateless_normal([10], [8, 9], dtype=tf.float16),
    "normal_mean_stddev": lambda tf: tf.random.stateless_normal([5], [8, 9], mean=3.0, stddev=0.5),
    "normal_large": lambda tf: tf.random.stateless_normal([1001], [11, 12]),
    "truncated_normal_f32": lambda tf: [tf.random.stateless_truncated_normal([3, 7], s) for s in SEEDS],
    "truncated_normal_f64": lambda tf: tf.random.stateless_truncated_normal([301], [4, 4], dtype=tf.float64),
    "truncated_normal_large": lambda tf: tf.random.stateless_truncated_normal([1003], [13, 14], mean=1.0,
                                                                              stddev=2.0),
    "split": lambda tf: [tf.random.split([1, 2]), tf.random.split(tf.constant([3, 4], tf.int64), num=4)],
    "fold_in": lambda tf: [tf.random.fold_in([1, 2], 7), tf.random.fold_in([1, 2], tf.constant(2 ** 40, tf.int64))],
    "experimental_aliases": lambda tf: [tf.random.experimental.stateless_split([5, 5], 3),
                                       tf.random.experimental.stateless_fold_in([5, 5], 3)],
    "split_then_draw": lambda tf: tf.random.stateless_normal([3], tf.random.split([1, 2], 3)[2]),
    "create_rng_state": lambda tf: [tf.random.create_rng_state(s, "philox")
                                    for s in (0, 1, -1, 2 ** 70 + 5, [3, 4], [1, 2, 3, 4])],
    "algorithm_enum": lambda tf: [int(tf.random.Algorithm.PHILOX.value), int(tf.random.Algorithm.THREEFRY.value),
                                  int(tf.random.Algorithm.AUTO_SELECT.value)],
}

ERROR_CASES = {
    "seed_wrong_shape": lambda tf: tf.random.stateless_uniform([2], [1, 2, 3]),
    "seed_float": lambda tf: tf.random.stateless_uniform([2], [1.0, 2.0]),
    "int_only_minval": lambda tf: tf.random.stateless_uniform([2], [1, 2], minval=None, maxval=3, dtype=tf.int32),
    "unsigned_with_bounds": lambda tf: tf.random.stateless_uniform([2], [1, 2], minval=0, maxval=3,
                                                                   dtype=tf.uint32),
    "bad_dtype": lambda tf: tf.random.stateless_uniform([2], [1, 2], dtype=tf.int8),
    "int_empty_range": lambda tf: tf.random.stateless_uniform([2], [1, 2], minval=5, maxval=5, dtype=tf.int32),
    "normal_int_dtype": lambda tf: tf.random.stateless_normal([2], [1, 2], dtype=tf.int32),
    "bad_alg_name": lambda tf: tf.random.stateless_uniform([2], [1, 2], alg="mersenne"),
    "negative_dim": lambda tf: tf.random.stateless_uniform(tf.constant([2, -1]), [1, 2]),
}


def _generator_program(seed):
    def prog(tf):
        g = tf.random.Generator.from_seed(seed)
        out = [g.state.numpy(), g.algorithm]
        out.append(g.uniform([5]))
        out.append(g.state.numpy())
        out.append(g.normal([3, 2], mean=1.0, stddev=2.0))
        out.append(g.truncated_normal([6]))
        out.append(g.uniform([4], minval=-5, maxval=5, dtype=tf.int32))
        out.append(g.uniform([3], minval=None, maxval=None, dtype=tf.int64))
        out.append(g.uniform_full_int([2]))
        out.append(g.uniform([3], dtype=tf.float64))
        out.append(g.make_seeds(2))
        out.append([child.state.numpy() for child in g.split(2)])
        out.append(g.state.numpy())
        g.skip(10)
        out.append(g.state.numpy())
        g.reset_from_seed(9)
        out.append(g.uniform([2]))
        return out
    return prog


@pytest.mark.parametrize("case", sorted(VALUE_CASES))
def test_exact_values_and_dtypes(oracle, case):
    oracle.check(VALUE_CASES[case], rtol=0, atol=0)


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_errors(oracle, case):
    got = oracle.check(ERROR_CASES[case])
    assert type(got).__name__ == "Raised", got


@pytest.mark.parametrize("seed", [1, 0, -1, 2 ** 64 + 3, [3, 4]])
def test_generator_from_seed_exact(oracle, seed):
    oracle.check(_generator_program(seed), rtol=0, atol=0)


def test_generator_constructors_exact(oracle):
    def prog(tf):
        a = tf.random.Generator.from_key_counter(key=5, counter=[7, 8], alg="philox")
        b = tf.random.Generator.from_state([1, 2, 3], alg=tf.random.Algorithm.PHILOX)
        c = tf.random.Generator(copy_from=b)
        d = tf.random.experimental.Generator.from_seed(4)
        return [a.state.numpy(), a.uniform([3]), b.normal([2]), c.normal([2]), c.state.numpy(), d.uniform([2]),
                a.key.numpy()]
    oracle.check(prog, rtol=0, atol=0)


def test_generator_in_tf_function_exact(oracle):
    def prog(tf):
        g = tf.random.Generator.from_seed(77)

        @tf.function
        def draw():
            return g.normal([3]) + g.uniform([3])
        return [draw(), draw(), g.state.numpy()]
    oracle.check(prog, rtol=0, atol=0)


def test_stateless_ops_in_graph_exact(oracle):
    def prog(v1):
        seed = v1.placeholder(v1.int32, [2])
        u = v1.random.stateless_uniform([2, 3], seed)
        n = v1.random.stateless_normal([4], seed, dtype=v1.float64)
        i = v1.random.stateless_uniform([3], seed, minval=0, maxval=10, dtype=v1.int64)
        with v1.Session() as sess:
            return sess.run([u, n, i], {seed: [3, 9]}) + [u.shape.as_list(), n.dtype.name]
    oracle.check_v1(prog, rtol=0, atol=0)


def test_global_generator_set_get():
    tf = tfcompat
    g = tf.random.Generator.from_seed(3)
    tf.random.set_global_generator(g)
    assert tf.random.get_global_generator() is g
    assert tf.random.experimental.get_global_generator() is g


def test_threefry_is_not_implemented():
    tf = tfcompat
    with pytest.raises(NotImplementedError, match="Philox"):
        tf.random.stateless_uniform([2], [1, 2], alg="threefry")
    with pytest.raises(NotImplementedError, match="Philox"):
        tf.random.Generator.from_seed(1, alg="threefry")


# Samplers TF builds on other algorithms: name -> program(tf, seed).
SAMPLERS = {
    "categorical": lambda tf, s: tf.random.stateless_categorical(tf.math.log([[0.1, 0.2, 0.7], [0.5, 0.5, 0.0]]),
                                                                 2000, s),
    "categorical_int32": lambda tf, s: tf.random.stateless_categorical([[0.0, 1.0]], 500, s, dtype=tf.int32),
    "binomial": lambda tf, s: tf.random.stateless_binomial([2000, 2], s, counts=[10.0, 20.0], probs=[0.3, 0.8]),
    "gamma": lambda tf, s: tf.random.stateless_gamma([2000, 2], s, alpha=[0.5, 3.0], beta=[1.0, 2.0]),
    "poisson": lambda tf, s: tf.random.stateless_poisson([2000, 2], s, lam=[0.5, 7.0]),
    "parameterized_truncated_normal": lambda tf, s: tf.random.stateless_parameterized_truncated_normal(
        [2000], s, means=1.0, stddevs=2.0, minvals=-1.0, maxvals=4.0),
    "shuffle": lambda tf, s: tf.random.experimental.stateless_shuffle(tf.range(2000), s),
}

# What each sampler's mean (over axis 0) must be: computed by hand from the distribution.
_TNORM_MEAN = 1.0 + 2.0 * (np.exp(-0.5) - np.exp(-1.125)) / np.sqrt(2 * np.pi) / 0.7745375447996848
SAMPLER_MEANS = {
    "binomial": [3.0, 16.0], "gamma": [0.5, 1.5], "poisson": [0.5, 7.0],
    "parameterized_truncated_normal": _TNORM_MEAN, "shuffle": 999.5,
}


@pytest.mark.parametrize("name", sorted(SAMPLERS))
def test_samplers_shape_dtype_determinism_distribution(oracle, name):
    want = oracle.tf_result(lambda tf: SAMPLERS[name](tf, [1, 2]))
    tf = tfcompat
    a = SAMPLERS[name](tf, [1, 2]).numpy()
    b = SAMPLERS[name](tf, [1, 2]).numpy()
    c = SAMPLERS[name](tf, [3, 2]).numpy()
    assert a.shape == want.shape and a.dtype == want.dtype
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    if name in SAMPLER_MEANS:
        np.testing.assert_allclose(a.mean(axis=0), SAMPLER_MEANS[name], rtol=0.12, atol=0.05)
    if name == "categorical":
        np.testing.assert_allclose(np.bincount(a[0], minlength=3) / 2000, [0.1, 0.2, 0.7], atol=0.04)
        assert set(np.unique(a[1])) <= {0, 1}
    if name == "shuffle":
        np.testing.assert_array_equal(np.sort(a), np.arange(2000))
    if name == "parameterized_truncated_normal":
        assert a.min() >= -1.0 and a.max() <= 4.0
