"""``tf.keras.preprocessing``: re-exports only."""
from __future__ import annotations

from tfcompat.keras.preprocessing import image, sequence, text
from tfcompat._src.keras.utils.dataset_utils import timeseries_dataset_from_array
from tfcompat._src.keras.utils.directory_datasets import image_dataset_from_directory, text_dataset_from_directory

__all__ = ["image", "image_dataset_from_directory", "sequence", "text", "text_dataset_from_directory",
           "timeseries_dataset_from_array"]
