"""``tf.contrib.tensorboard`` (TF 1.15): ``plugins.projector`` only. Re-exports only."""
from __future__ import annotations

from tfcompat.compat.v1.contrib.tensorboard import plugins

__all__ = ["plugins"]
