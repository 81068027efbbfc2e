"""Image helpers of tf-keras 2.21 (``keras/utils/image_utils.py``): ``smart_resize`` and the interpolation names.
The pillow-backed file helpers (load_img, save_img, ...) live in ``image_files``."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops, image_resize, math_ops

__all__ = ["INTERPOLATIONS", "get_interpolation", "smart_resize"]

INTERPOLATIONS = {
    "bilinear": image_resize.ResizeMethod.BILINEAR, "nearest": image_resize.ResizeMethod.NEAREST_NEIGHBOR,
    "bicubic": image_resize.ResizeMethod.BICUBIC, "area": image_resize.ResizeMethod.AREA,
    "lanczos3": image_resize.ResizeMethod.LANCZOS3, "lanczos5": image_resize.ResizeMethod.LANCZOS5,
    "gaussian": image_resize.ResizeMethod.GAUSSIAN, "mitchellcubic": image_resize.ResizeMethod.MITCHELLCUBIC,
}


def get_interpolation(interpolation: str) -> str:
    """The ``tf.image.ResizeMethod`` for a Keras interpolation name (tf-keras's ``get_interpolation``)."""
    interpolation = interpolation.lower()
    if interpolation not in INTERPOLATIONS:
        raise NotImplementedError(f"Value not recognized for `interpolation`: {interpolation}. Supported values "
                                  f"are: {INTERPOLATIONS.keys()}")
    return INTERPOLATIONS[interpolation]


def smart_resize(x, size, interpolation="bilinear"):
    """Mirrors ``tf.keras.preprocessing.image.smart_resize``: crops the largest centred window with the target
    aspect ratio, then resizes it to ``size``; numpy in, numpy out."""
    if len(size) != 2:
        raise ValueError(f"Expected `size` to be a tuple of 2 integers, but got: {size}.")
    img = convert_to_tensor(x)
    rank = img.shape.rank
    if rank is not None and (rank < 3 or rank > 4):
        raise ValueError("Expected an image array with shape `(height, width, channels)`, or `(batch_size, height, "
                         f"width, channels)`, but got input with incorrect rank, of shape {img.shape}.")
    shape = array_ops.shape(img)
    height, width = shape[-3], shape[-2]
    target_height, target_width = size
    channels = img.shape[-1] if rank is not None else None

    def as_int(value):
        return math_ops.cast(value, dtypes.int32)
    crop_height = as_int(math_ops.cast(width * target_height, dtypes.float32) / target_width)
    crop_width = as_int(math_ops.cast(height * target_width, dtypes.float32) / target_height)
    crop_height = math_ops.minimum(height, crop_height)
    crop_width = math_ops.minimum(width, crop_width)
    h_start = as_int(math_ops.cast(height - crop_height, dtypes.float32) / 2)
    w_start = as_int(math_ops.cast(width - crop_width, dtypes.float32) / 2)
    if rank == 4:
        begin, box = array_ops.stack([0, h_start, w_start, 0]), array_ops.stack([-1, crop_height, crop_width, -1])
    else:
        begin, box = array_ops.stack([h_start, w_start, 0]), array_ops.stack([crop_height, crop_width, -1])
    img = array_ops.slice(img, begin, box)
    if rank is not None:
        img.set_shape([None] * rank)
    img = image_resize.resize(img, size=size, method=interpolation)
    if img.shape.rank == 4:
        img.set_shape((None, None, None, channels))
    elif img.shape.rank == 3:
        img.set_shape((None, None, channels))
    if isinstance(x, np.ndarray):
        return img.numpy()
    return img
