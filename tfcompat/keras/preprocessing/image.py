"""``tf.keras.preprocessing.image``: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.utils.image_files import array_to_img, img_to_array, load_img, save_img
from tfcompat._src.keras.utils.image_utils import smart_resize

__all__ = ["array_to_img", "img_to_array", "load_img", "save_img", "smart_resize"]
