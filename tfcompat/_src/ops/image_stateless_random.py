"""``tf.image.stateless_random_*``: TF's formulas (``image_ops_impl``, ``random_crop_ops``) on the stateless
uniform draws, which are TF's exact Philox values, so the results equal TF's."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.ops import (
    array_manip_ops, array_ops, control_flow_ops, image_codecs, image_color, image_ops, image_random, math_ops,
)
from tfcompat._src.ops.stateless_random_ops import stateless_random_uniform

__all__ = ["stateless_random_flip_left_right", "stateless_random_flip_up_down", "stateless_random_brightness",
           "stateless_random_contrast", "stateless_random_hue", "stateless_random_saturation",
           "stateless_random_jpeg_quality", "stateless_random_crop"]


def _flip(image, axis: int, seed):
    x = image_ops._image(image)
    rank = x.shape.rank
    if rank == 3:
        flip = math_ops.less(stateless_random_uniform([], seed, minval=0, maxval=1.0), 0.5)
        return control_flow_ops.cond(flip, lambda: array_manip_ops.reverse(x, [axis]), lambda: x)
    if rank == 4:
        n = array_ops.shape(x)[0]
        draws = stateless_random_uniform(array_ops.stack([n]), seed, minval=0, maxval=1.0)
        flips = math_ops.cast(math_ops.round(array_ops.reshape(draws, array_ops.stack([n, 1, 1, 1]))), x.dtype)
        flipped = array_manip_ops.reverse(x, [axis + 1])
        return math_ops.add(math_ops.multiply(flips, flipped), math_ops.multiply(math_ops.subtract(1, flips), x))
    raise ValueError(f"'image' (shape {x.shape}) must have either 3 or 4 dimensions.")


def stateless_random_flip_left_right(image, seed):
    """Mirrors ``tf.image.stateless_random_flip_left_right`` (TF's exact draws)."""
    return _flip(image, 1, seed)


def stateless_random_flip_up_down(image, seed):
    """Mirrors ``tf.image.stateless_random_flip_up_down`` (TF's exact draws)."""
    return _flip(image, 0, seed)


def stateless_random_brightness(image, max_delta, seed):
    """Mirrors ``tf.image.stateless_random_brightness``: adds a delta drawn from [-max_delta, max_delta)."""
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    delta = stateless_random_uniform([], seed, minval=-max_delta, maxval=max_delta)
    return image_ops.adjust_brightness(image, delta)


def _check_range(lower, upper):
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")


def stateless_random_contrast(image, lower, upper, seed):
    """Mirrors ``tf.image.stateless_random_contrast``: a contrast factor drawn from [lower, upper)."""
    _check_range(lower, upper)
    factor = stateless_random_uniform([], seed, minval=lower, maxval=upper)
    return image_ops.adjust_contrast(image, factor)


def stateless_random_saturation(image, lower, upper, seed=None):
    """Mirrors ``tf.image.stateless_random_saturation``: a saturation factor drawn from [lower, upper)."""
    _check_range(lower, upper)
    factor = stateless_random_uniform([], seed, minval=lower, maxval=upper)
    return image_color.adjust_saturation(image, factor)


def stateless_random_hue(image, max_delta, seed):
    """Mirrors ``tf.image.stateless_random_hue``: a hue delta drawn from [-max_delta, max_delta)."""
    if max_delta > 0.5:
        raise ValueError("max_delta must be <= 0.5.")
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    delta = stateless_random_uniform([], seed, minval=-max_delta, maxval=max_delta)
    return image_color.adjust_hue(image, delta)


def stateless_random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed):
    """Mirrors ``tf.image.stateless_random_jpeg_quality``: re-encodes at a quality drawn from
    [min, max) (needs the ``image`` extra, as ``adjust_jpeg_quality``)."""
    if (min_jpeg_quality < 0 or max_jpeg_quality < 0 or min_jpeg_quality > 100 or max_jpeg_quality > 100):
        raise ValueError("jpeg encoding range must be between 0 and 100.")
    if min_jpeg_quality >= max_jpeg_quality:
        raise ValueError("`min_jpeg_quality` must be less than `max_jpeg_quality`.")
    quality = stateless_random_uniform([], seed, minval=min_jpeg_quality, maxval=max_jpeg_quality,
                                       dtype=dtypes.int32)
    return image_codecs.adjust_jpeg_quality(image, quality)


def stateless_random_crop(value, size, seed, name=None):
    """Mirrors ``tf.image.stateless_random_crop``: offset = uniform(0, max of size's dtype) % (shape - size + 1),
    with TF's exact draws."""
    value, size_t, static_size = image_random.crop_arguments(value, size)
    shape = array_ops.shape(value)
    limit = math_ops.add(math_ops.subtract(shape, size_t), 1)
    draws = stateless_random_uniform(array_ops.shape(shape), seed, maxval=dtypes.int32.max, dtype=dtypes.int32)
    out = array_ops.slice(value, math_ops.floormod(draws, limit), size_t, name=name)
    if static_size is not None:
        out.set_shape(list(static_size))
    return out
