"""``tf.keras.experimental`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.optimizers.cosine_schedules import CosineDecay, CosineDecayRestarts

__all__ = ["CosineDecay", "CosineDecayRestarts"]
