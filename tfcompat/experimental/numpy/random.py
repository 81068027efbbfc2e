"""``tf.experimental.numpy.random``: re-exports only."""
from tfcompat._src.numpy_api.np_random import poisson, rand, randint, randn, random, seed, standard_normal, uniform

__all__ = ["poisson", "rand", "randint", "randn", "random", "seed", "standard_normal", "uniform"]
