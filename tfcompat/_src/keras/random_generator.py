"""Keras's seeded random source (tf-keras 2.21 ``backend.RandomGenerator`` with ``force_generator=True``): a
``tf.random.Generator`` seeded from the layer's ``seed`` (or a Python random seed), created on first use."""
from __future__ import annotations

import random
import threading

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.ops import random_generator, random_ops
from tfcompat._src.keras import backend

__all__ = ["RandomGenerator", "set_random_seed", "enable_tf_random_generator", "disable_tf_random_generator",
           "is_tf_random_generator_enabled"]

# tf-keras's backend._USE_GENERATOR_FOR_RNG (False by default).
_USE_GENERATOR = {"enabled": False}


def enable_tf_random_generator() -> None:
    """Mirrors ``tf.keras.backend.experimental.enable_tf_random_generator``: records the choice. tfcompat's Keras
    random layers draw from a ``tf.random.Generator`` either way (seeded ones give TF's numbers)."""
    _USE_GENERATOR["enabled"] = True


def disable_tf_random_generator() -> None:
    """Mirrors ``tf.keras.backend.experimental.disable_tf_random_generator`` (see ``enable_tf_random_generator``)."""
    _USE_GENERATOR["enabled"] = False


def is_tf_random_generator_enabled() -> bool:
    """Mirrors ``tf.keras.backend.experimental.is_tf_random_generator_enabled``: the last enable/disable."""
    return _USE_GENERATOR["enabled"]

# tf-keras's backend._SEED_GENERATOR: seeds unseeded Keras random layers after `set_random_seed`.
_SEED_GENERATOR = threading.local()


def set_random_seed(seed: int) -> None:
    """Mirrors ``tf.keras.utils.set_random_seed``: seeds Python's ``random``, numpy, ``tf.random`` and Keras's
    layer-seed generator.

    Raises:
      ValueError: ``seed`` is not an int."""
    if not isinstance(seed, int):
        raise ValueError(f"Expected `seed` argument to be an integer. Received: seed={seed} (of type {type(seed)})")
    random.seed(seed)
    np.random.seed(seed)
    random_ops.set_random_seed(seed)
    _SEED_GENERATOR.generator = random.Random(seed)


def _new_seed() -> int:
    generator = getattr(_SEED_GENERATOR, "generator", None)
    if generator is not None:
        return generator.randint(1, int(1e9))
    return random.randint(1, int(1e9))


class RandomGenerator:
    """The random source of Keras's random preprocessing layers. With a ``seed`` its draws are TF's (the same
    Philox Generator state and draw order); without one the seed comes from Python's ``random``."""

    def __init__(self, seed=None):
        self._seed = seed
        self._generator = None

    def _get(self):
        if self._generator is None:
            seed = self._seed if self._seed is not None else _new_seed()
            with ctx_lib.init_scope():
                self._generator = random_generator.Generator.from_seed(seed)
        return self._generator

    def random_uniform(self, shape, minval=0.0, maxval=None, dtype=None):
        """``Generator.uniform`` draw (``dtype`` defaults to floatx)."""
        return self._get().uniform(shape=shape, minval=minval, maxval=maxval, dtype=dtype or backend.floatx())

    def random_normal(self, shape, mean=0.0, stddev=1.0, dtype=None):
        """``Generator.normal`` draw (``dtype`` defaults to floatx)."""
        return self._get().normal(shape=shape, mean=mean, stddev=stddev, dtype=dtype or backend.floatx())

    def make_seed_for_stateless_op(self):
        """A fresh ``[2]`` seed for a stateless op (``Generator.make_seeds()[:, 0]``)."""
        return self._get().make_seeds()[:, 0]
