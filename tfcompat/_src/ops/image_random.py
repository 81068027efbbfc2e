"""Random image ops of ``tf.image``: ``random_crop`` (TF's ``random_crop_ops``), random flips, brightness,
contrast, saturation, hue and JPEG quality (TF's ``image_ops_impl``); the draws are torch's."""
from __future__ import annotations

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops, math_ops, random_ops
from tfcompat._src.ops.layers_base import graph_name_scope

__all__ = ["random_crop", "random_flip_left_right", "random_flip_up_down", "random_brightness", "random_contrast",
           "random_saturation", "random_hue", "random_jpeg_quality"]


def crop_arguments(value, size):
    """``(value tensor, size int32 tensor, static size or None)`` of a random crop, with TF's checks of a static
    size against a static shape (shared by ``random_crop`` and ``stateless_random_crop``)."""
    value = convert_to_tensor(value)
    size_t = convert_to_tensor(size, dtype=dtypes.int32)
    static_size = size if isinstance(size, (list, tuple)) and all(isinstance(s, int) for s in size) else None
    if static_size is not None and value.shape.rank is not None:
        if len(static_size) != value.shape.rank:
            raise ValueError(f"Shapes must be equal rank, but are {value.shape.rank} and {len(static_size)}")
        for d, s in zip(value.shape.as_list(), static_size):
            if d is not None and d < s:
                raise errors.InvalidArgumentError(
                    f"Need value.shape >= size, got {value.shape.as_list()} {list(static_size)}")
    return value, size_t, static_size


def random_crop(value, size, seed=None, name=None):
    """Mirrors ``tf.image.random_crop``: a uniformly placed slice of shape ``size`` (one offset per axis).

    As TF: ``offset = random_uniform(0, int32 max) % (shape - size + 1)``; the offsets come from torch's
    generator, not TF's. A static ``size`` larger than a static dimension raises InvalidArgumentError."""
    with graph_name_scope(name or "random_crop"):
        value, size_t, static_size = crop_arguments(value, size)
        shape = array_ops.shape(value)
        limit = math_ops.add(math_ops.subtract(shape, size_t), 1)
        offset = math_ops.floormod(random_ops.random_uniform(array_ops.shape(shape), dtype=dtypes.int32,
                                                             maxval=dtypes.int32.max, seed=seed), limit)
        out = array_ops.slice(value, offset, size_t)
        if static_size is not None:
            out.set_shape(list(static_size))   # TF's Slice infers the static shape from a constant size
        return out


# ------------------------------------------------------------------------------------------------
# random flips and colour jitter (INPUT): TF's formulas; the random draws are torch's (deviation random-values)
# ------------------------------------------------------------------------------------------------
def _random_flip(image, axis, seed, scope):
    from tfcompat._src.framework.name_scope import name_scope
    from tfcompat._src.ops import control_flow_ops, image_ops
    with name_scope(None, scope, [image]):
        x = image_ops._image(image)
        rank = x.shape.rank
        if rank == 3:
            flip = math_ops.less(random_ops.random_uniform([], 0, 1.0, seed=seed), 0.5)
            return control_flow_ops.cond(flip, lambda: array_ops.reverse(x, [axis]), lambda: x)
        if rank == 4:
            n = array_ops.shape(x)[0]
            draws = random_ops.random_uniform(array_ops.stack([n]), 0, 1.0, seed=seed)
            flips = math_ops.cast(math_ops.round(array_ops.reshape(draws, array_ops.stack([n, 1, 1, 1]))), x.dtype)
            flipped = array_ops.reverse(x, [axis + 1])
            return math_ops.add(math_ops.multiply(flips, flipped), math_ops.multiply(math_ops.subtract(1, flips), x))
        raise ValueError(f"'image' (shape {x.shape}) must have either 3 or 4 dimensions.")


def random_flip_left_right(image, seed=None):
    """Mirrors ``tf.image.random_flip_left_right``: each image mirrored horizontally with probability 1/2."""
    return _random_flip(image, 1, seed, "random_flip_left_right")


def random_flip_up_down(image, seed=None):
    """Mirrors ``tf.image.random_flip_up_down``: each image flipped vertically with probability 1/2."""
    return _random_flip(image, 0, seed, "random_flip_up_down")


def random_brightness(image, max_delta, seed=None):
    """Mirrors ``tf.image.random_brightness``: ``adjust_brightness`` by a delta uniform in [-max_delta,
    max_delta)."""
    from tfcompat._src.ops import image_ops
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    delta = random_ops.random_uniform([], -max_delta, max_delta, seed=seed)
    return image_ops.adjust_brightness(image, delta)


def random_contrast(image, lower, upper, seed=None):
    """Mirrors ``tf.image.random_contrast``: ``adjust_contrast`` by a factor uniform in [lower, upper)."""
    from tfcompat._src.ops import image_ops
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")
    factor = random_ops.random_uniform([], lower, upper, seed=seed)
    return image_ops.adjust_contrast(image, factor)


def random_saturation(image, lower, upper, seed=None):
    """Mirrors ``tf.image.random_saturation``: ``adjust_saturation`` by a factor uniform in [lower, upper)."""
    from tfcompat._src.ops import image_color
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")
    factor = random_ops.random_uniform([], lower, upper, seed=seed)
    return image_color.adjust_saturation(image, factor)


def random_hue(image, max_delta, seed=None):
    """Mirrors ``tf.image.random_hue``: ``adjust_hue`` by a delta uniform in [-max_delta, max_delta)."""
    from tfcompat._src.ops import image_color
    if max_delta > 0.5:
        raise ValueError("max_delta must be <= 0.5.")
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    delta = random_ops.random_uniform([], -max_delta, max_delta, seed=seed)
    return image_color.adjust_hue(image, delta)


def random_jpeg_quality(image, min_jpeg_quality, max_jpeg_quality, seed=None):
    """Mirrors ``tf.image.random_jpeg_quality``: ``adjust_jpeg_quality`` with a quality uniform in [min, max)."""
    from tfcompat._src.ops import image_codecs
    if min_jpeg_quality < 0 or max_jpeg_quality < 0 or min_jpeg_quality > 100 or max_jpeg_quality > 100:
        raise ValueError("jpeg encoding range must be between 0 and 100.")
    if min_jpeg_quality >= max_jpeg_quality:
        raise ValueError("`min_jpeg_quality` must be less than `max_jpeg_quality`.")
    quality = random_ops.random_uniform([], min_jpeg_quality, max_jpeg_quality, dtype=dtypes.int32, seed=seed)
    return image_codecs.adjust_jpeg_quality(image, quality)
