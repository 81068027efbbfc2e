"""``tf.compat``: re-exports only."""
from tfcompat.compat import v1

__all__ = ["v1"]
