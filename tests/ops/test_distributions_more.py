"""Oracle tests for tfcompat/_src/ops/distributions_more.py (tf.compat.v1.distributions: Uniform, Laplace,
Gamma, Exponential, Beta, StudentT, Categorical, Dirichlet, Multinomial, RegisterKL, kl_divergence): densities,
cdfs, moments, entropies, shapes and KLs against TF (live or recorded). Samples are compared by shape and dtype
only (TF's samplers are not reproduced value for value)."""
from __future__ import annotations

import numpy as np
import pytest

X = np.array([0.25, 0.5, 1.5], np.float32)
P = np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], np.float32)

DISTS = {
    "uniform": (lambda d: d.Uniform(low=[0.0, 0.4, 1.0], high=[1.0, 2.0, 3.0]), True),
    "laplace": (lambda d: d.Laplace(loc=[0.0, 1.0, -1.0], scale=[1.0, 0.5, 2.0]), True),
    "gamma": (lambda d: d.Gamma(concentration=[0.5, 2.0, 3.0], rate=[1.0, 2.0, 0.5]), True),
    "exponential": (lambda d: d.Exponential(rate=[1.0, 2.0, 0.5]), True),
    "beta": (lambda d: d.Beta(concentration1=[0.5, 2.0, 3.0], concentration0=[2.0, 2.0, 0.5]), True),
    "student_t": (lambda d: d.StudentT(df=[0.5, 1.5, 5.0], loc=[0.0, 1.0, -1.0], scale=[1.0, 2.0, 0.5]), True),
}

METHODS = {
    "log_prob": lambda dist, x: dist.log_prob(x),
    "prob": lambda dist, x: dist.prob(x),
    "cdf": lambda dist, x: dist.cdf(x),
    "survival": lambda dist, x: dist.survival_function(x),
    "entropy": lambda dist, x: dist.entropy(),
    "mean": lambda dist, x: dist.mean(),
    "variance": lambda dist, x: dist.variance(),
    "stddev": lambda dist, x: dist.stddev(),
    "mode": lambda dist, x: dist.mode(),
    "shapes": lambda dist, x: (dist.batch_shape.as_list(), dist.event_shape.as_list(), dist.dtype.name,
                               dist.batch_shape_tensor()),
}


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("dist", sorted(DISTS))
def test_scalar_distributions(oracle, dist, method):
    build = DISTS[dist][0]
    x = X if dist in ("beta",) else X * 2.0 - 0.5 if dist in ("laplace", "student_t") else X
    oracle.check(lambda tf: METHODS[method](build(tf.compat.v1.distributions), x), rtol=2e-5, atol=1e-6)


def test_uniform_outside_support(oracle):
    oracle.check(lambda tf: tf.compat.v1.distributions.Uniform(0.0, 1.0).prob([-1.0, 1.0, 0.0, float("nan")]))


def test_mode_nan_stats_off(oracle):
    oracle.check(lambda tf: tf.compat.v1.distributions.Gamma(2.0, 1.0, allow_nan_stats=False).mode())


CATEGORICAL = {
    "dirichlet_mode_broadcast_error": lambda d: d.Dirichlet(P * 4.0).mode(),
    "multinomial_entropy_not_implemented": lambda d: d.Multinomial(5.0, probs=P).entropy(),
    "log_prob": lambda d: d.Categorical(probs=P).log_prob([2, 0]),
    "log_prob_broadcast": lambda d: d.Categorical(logits=np.log(P)).log_prob([[0], [1]]),
    "entropy_mode": lambda d: (d.Categorical(logits=P).entropy(), d.Categorical(probs=P).mode()),
    "shapes": lambda d: (d.Categorical(probs=P).batch_shape.as_list(), d.Categorical(probs=P).event_shape.as_list(),
                         d.Categorical(probs=P).event_size, d.Categorical(probs=P).dtype.name),
    "both_args": lambda d: d.Categorical(logits=P, probs=P),
    "dirichlet": lambda d: (d.Dirichlet(P * 4.0).log_prob(P), d.Dirichlet(P * 4.0).entropy(),
                            d.Dirichlet(P * 4.0).mean(), d.Dirichlet(P * 4.0).variance(),
                            d.Dirichlet(P * 4.0).batch_shape.as_list(), d.Dirichlet(P * 4.0).event_shape.as_list()),
    "multinomial": lambda d: (d.Multinomial(5.0, probs=P).log_prob([[1.0, 1.0, 3.0], [5.0, 0.0, 0.0]]),
                              d.Multinomial(5.0, probs=P).mean(), d.Multinomial(5.0, logits=P).variance()),
}


@pytest.mark.parametrize("case", sorted(CATEGORICAL))
def test_vector_distributions(oracle, case):
    oracle.check(lambda tf: CATEGORICAL[case](tf.compat.v1.distributions), rtol=2e-5, atol=1e-6)


KL_CASES = {
    "normal": lambda d: d.kl_divergence(d.Normal(0.0, 1.0), d.Normal([1.0, 0.5], 2.0)),
    "gamma": lambda d: d.kl_divergence(d.Gamma([1.0, 2.0], 2.0), d.Gamma(3.0, [1.0, 0.5])),
    "exponential": lambda d: d.kl_divergence(d.Exponential([1.0, 2.0]), d.Exponential(3.0)),
    "beta": lambda d: d.kl_divergence(d.Beta([1.0, 2.0], 2.0), d.Beta(3.0, [1.0, 0.5])),
    "categorical": lambda d: d.kl_divergence(d.Categorical(probs=P), d.Categorical(logits=P)),
    "dirichlet": lambda d: d.kl_divergence(d.Dirichlet(P * 4.0), d.Dirichlet(P[::-1] * 3.0)),
    "method": lambda d: d.Gamma(2.0, 1.0).kl_divergence(d.Gamma(1.0, 1.0)),
    "cross_entropy": lambda d: d.Gamma(2.0, 1.0).cross_entropy(d.Gamma(1.0, 2.0)),
    "unregistered": lambda d: d.kl_divergence(d.Uniform(), d.Laplace(0.0, 1.0)),
}


@pytest.mark.parametrize("case", sorted(KL_CASES))
def test_kl_divergence(oracle, case):
    oracle.check(lambda tf: KL_CASES[case](tf.compat.v1.distributions), rtol=2e-5, atol=1e-6)


def test_register_kl(oracle):
    def prog(tf):
        d = tf.compat.v1.distributions

        class MyUniform(d.Uniform):
            pass

        d.RegisterKL(MyUniform, d.Laplace)(lambda a, b, name=None: tf.constant(7.0))
        return d.kl_divergence(MyUniform(), d.Laplace(0.0, 1.0))
    oracle.check(prog)


def test_samples_shapes(oracle):
    def prog(tf):
        d = tf.compat.v1.distributions
        return [(s.shape.as_list(), s.dtype.name) for s in (
            d.Uniform([0.0, 1.0], 2.0).sample(3, seed=1), d.Laplace(0.0, [1.0, 2.0]).sample([2, 2], seed=1),
            d.Exponential([1.0, 2.0]).sample(4, seed=1), d.Gamma([1.0, 2.0], 1.0).sample(2, seed=1),
            d.Categorical(probs=P).sample(5, seed=1), d.Dirichlet(P).sample(2, seed=1))]
    oracle.check(prog)


def test_names_in_graph(oracle):
    def prog(v1):
        dist, other = v1.distributions.Gamma(2.0, 1.0), v1.distributions.Gamma(2.0, 1.0)
        return (dist.log_prob(1.0).name, dist.entropy().name, dist.name, other.name, type(dist.parameters).__name__)
    oracle.check_v1(prog)


def test_eager_name_is_none(oracle):
    oracle.check(lambda tf: tf.compat.v1.distributions.Gamma(2.0, 1.0).name)
