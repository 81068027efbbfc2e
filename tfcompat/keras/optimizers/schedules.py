"""``tf.keras.optimizers.schedules``: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.optimizers.schedules import (
    CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay, LearningRateSchedule,
    PiecewiseConstantDecay, PolynomialDecay, deserialize, serialize,
)

__all__ = ["CosineDecay", "CosineDecayRestarts", "ExponentialDecay", "InverseTimeDecay", "LearningRateSchedule",
           "PiecewiseConstantDecay", "PolynomialDecay", "deserialize", "serialize"]
