"""``tf.contrib.staging`` (TF 1.15): ``StagingArea``. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.staging import StagingArea

__all__ = ["StagingArea"]
