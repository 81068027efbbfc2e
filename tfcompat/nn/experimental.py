"""``tf.nn.experimental``: re-exports only."""
from tfcompat._src.ops.nn_misc_ops import general_dropout

__all__ = ["general_dropout"]
