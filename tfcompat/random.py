"""``tf.random``: re-exports only."""
from tfcompat._src.ops.random_ops import (
    categorical, random_normal as normal, random_shuffle as shuffle, random_uniform as uniform,
    set_random_seed as set_seed, truncated_normal,
)

__all__ = ["categorical", "normal", "set_seed", "shuffle", "truncated_normal", "uniform"]
