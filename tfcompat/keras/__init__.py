"""``tf.keras`` (optimizers only): re-exports only."""
from tfcompat.keras import optimizers

__all__ = ["optimizers"]
