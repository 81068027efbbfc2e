"""The numpy image augmentations of ``tf.keras.preprocessing.image`` (tf-keras 2.21): ``random_*`` draw their
parameter from numpy's global generator exactly as tf-keras does (same calls, same order), so a seeded program
gets tf-keras's numbers; ``apply_*`` apply a given parameter."""
from __future__ import annotations

import numpy as np

from tfcompat._src.keras.preprocessing.affine_transform import apply_affine_transform
from tfcompat._src.keras.utils.image_files import array_to_img, img_to_array, pil_image

__all__ = ["flip_axis", "random_rotation", "random_shift", "random_shear", "random_zoom", "apply_channel_shift",
           "random_channel_shift", "apply_brightness_shift", "random_brightness"]


def flip_axis(x, axis):
    """tf-keras's helper: ``x`` reversed along ``axis``."""
    x = np.asarray(x).swapaxes(axis, 0)
    return x[::-1, ...].swapaxes(0, axis)


def random_rotation(x, rg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                    interpolation_order=1):
    """Mirrors ``tf.keras.preprocessing.image.random_rotation``: rotate by ``uniform(-rg, rg)`` degrees."""
    theta = np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)


def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):
    """Mirrors ``tf.keras.preprocessing.image.random_shift``: shift by fractions ``uniform(-hrg, hrg)`` of the
    height and ``uniform(-wrg, wrg)`` of the width."""
    h, w = x.shape[row_axis], x.shape[col_axis]
    tx = np.random.uniform(-hrg, hrg) * h
    ty = np.random.uniform(-wrg, wrg) * w
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):
    """Mirrors ``tf.keras.preprocessing.image.random_shear``: shear by ``uniform(-intensity, intensity)``
    degrees."""
    shear = np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                interpolation_order=1):
    """Mirrors ``tf.keras.preprocessing.image.random_zoom``: zoom by two draws of ``uniform(*zoom_range)``.

    Raises:
      ValueError: ``zoom_range`` is not a pair."""
    if len(zoom_range) != 2:
        raise ValueError(f"`zoom_range` should be a tuple or list of two floats. Received: {zoom_range}")
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def apply_channel_shift(x, intensity, channel_axis=0):
    """Mirrors ``tf.keras.preprocessing.image.apply_channel_shift``: add ``intensity`` to every channel,
    clipped to the image's original [min, max]."""
    x = np.rollaxis(x, channel_axis, 0)
    min_x, max_x = np.min(x), np.max(x)
    x = np.stack([np.clip(channel + intensity, min_x, max_x) for channel in x], axis=0)
    return np.rollaxis(x, 0, channel_axis + 1)


def random_channel_shift(x, intensity_range, channel_axis=0):
    """Mirrors ``tf.keras.preprocessing.image.random_channel_shift``: ``apply_channel_shift`` with
    ``uniform(-intensity_range, intensity_range)``."""
    intensity = np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def apply_brightness_shift(x, brightness, scale=True):
    """Mirrors ``tf.keras.preprocessing.image.apply_brightness_shift``: PIL's ``ImageEnhance.Brightness`` on the
    image as 8-bit (rescaled back to the input's range when ``scale`` is False and values left [0, 255]).
    Needs pillow (tfcompat's ``image`` extra); channels-last input, as tf-keras."""
    pil_image()
    from PIL import ImageEnhance
    x_min, x_max = np.min(x), np.max(x)
    local_scale = (x_min < 0) or (x_max > 255)
    img = array_to_img(x, scale=local_scale or scale)
    x = img_to_array(ImageEnhance.Brightness(img).enhance(brightness))
    if not scale and local_scale:
        x = x / 255 * (x_max - x_min) + x_min
    return x


def random_brightness(x, brightness_range, scale=True):
    """Mirrors ``tf.keras.preprocessing.image.random_brightness``: ``apply_brightness_shift`` with
    ``uniform(*brightness_range)``.

    Raises:
      ValueError: ``brightness_range`` is not a pair."""
    if len(brightness_range) != 2:
        raise ValueError(f"`brightness_range should be tuple or list of two floats. Received: {brightness_range}")
    u = np.random.uniform(brightness_range[0], brightness_range[1])
    return apply_brightness_shift(x, u, scale)
