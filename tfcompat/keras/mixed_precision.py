"""``tf.keras.mixed_precision`` basics: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.loss_scale_optimizer import LossScaleOptimizer
from tfcompat._src.keras.mixed_precision import Policy, global_policy, set_global_policy

__all__ = ["LossScaleOptimizer", "Policy", "global_policy", "set_global_policy"]
