"""``tf.contrib.tensorboard.plugins`` (TF 1.15): ``projector``. Re-exports only."""
from __future__ import annotations

from tfcompat.compat.v1.contrib.tensorboard.plugins import projector

__all__ = ["projector"]
