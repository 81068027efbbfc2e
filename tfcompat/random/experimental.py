"""``tf.random.experimental``: re-exports only."""
from tfcompat._src.ops.random_generator import (
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
from tfcompat._src.ops.stateless_random_ops import (
    Algorithm, fold_in as stateless_fold_in, split as stateless_split, stateless_shuffle,
)

__all__ = ["Algorithm", "Generator", "create_rng_state", "get_global_generator", "set_global_generator",
           "stateless_fold_in", "stateless_shuffle", "stateless_split"]

from tfcompat._src.ops.index_shuffle_ops import index_shuffle  # noqa: E402

__all__ += ["index_shuffle"]
