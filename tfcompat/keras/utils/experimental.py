"""``tf.keras.utils.experimental``: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.utils.dataset_creator import DatasetCreator

__all__ = ["DatasetCreator"]
