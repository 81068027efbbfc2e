"""``tf.experimental.extension_type``: re-exports only."""
from tfcompat._src.runtime.extension_type import as_dict

__all__ = ["as_dict"]
