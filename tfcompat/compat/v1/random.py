"""``tf.compat.v1.random``: re-exports only."""
from tfcompat._src.ops.candidate_sampling import (
    fixed_unigram_candidate_sampler, log_uniform_candidate_sampler, uniform_candidate_sampler,
)
from tfcompat._src.ops.random_ops import (
    categorical, get_seed, multinomial, random_gamma as gamma, random_normal as normal, random_poisson as poisson,
    random_shuffle as shuffle, random_uniform as uniform, set_random_seed, set_random_seed as set_seed,
    truncated_normal,
)
from tfcompat._src.ops.random_generator import (
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
from tfcompat._src.ops.stateless_random_ops import (
    Algorithm, fold_in, split, stateless_categorical, stateless_multinomial,
    stateless_parameterized_truncated_normal, stateless_random_binomial as stateless_binomial,
    stateless_random_gamma as stateless_gamma, stateless_random_normal as stateless_normal,
    stateless_random_poisson as stateless_poisson, stateless_random_uniform as stateless_uniform,
    stateless_truncated_normal,
)
from tfcompat.random import experimental

__all__ = ["Algorithm", "Generator", "categorical", "create_rng_state", "experimental",
           "fixed_unigram_candidate_sampler", "fold_in", "gamma", "get_global_generator", "get_seed",
           "log_uniform_candidate_sampler", "multinomial", "normal", "poisson", "set_global_generator",
           "set_random_seed", "set_seed", "shuffle", "split", "stateless_binomial", "stateless_categorical",
           "stateless_gamma", "stateless_multinomial", "stateless_normal", "stateless_parameterized_truncated_normal",
           "stateless_poisson", "stateless_truncated_normal", "stateless_uniform", "truncated_normal", "uniform",
           "uniform_candidate_sampler"]
