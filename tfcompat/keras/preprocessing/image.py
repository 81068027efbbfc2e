"""``tf.keras.preprocessing.image``: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.preprocessing.affine_transform import apply_affine_transform
from tfcompat._src.keras.preprocessing.image_data_generator import ImageDataGenerator
from tfcompat._src.keras.preprocessing.image_iterators import DirectoryIterator, Iterator, NumpyArrayIterator
from tfcompat._src.keras.preprocessing.image_transforms import (apply_brightness_shift, apply_channel_shift,
                                                                random_brightness, random_channel_shift,
                                                                random_rotation, random_shear, random_shift,
                                                                random_zoom)
from tfcompat._src.keras.utils.image_files import array_to_img, img_to_array, load_img, save_img
from tfcompat._src.keras.utils.image_utils import smart_resize

__all__ = ["DirectoryIterator", "ImageDataGenerator", "Iterator", "NumpyArrayIterator",
           "apply_affine_transform", "apply_brightness_shift", "apply_channel_shift", "array_to_img",
           "img_to_array", "load_img", "random_brightness", "random_channel_shift", "random_rotation",
           "random_shear", "random_shift", "random_zoom", "save_img", "smart_resize"]
