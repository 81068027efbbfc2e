"""RandomRotation, RandomZoom and RandomTranslation (tf-keras 2.21) and the projective ``transform`` they share.

``transform`` reproduces ``tf.raw_ops.ImageProjectiveTransformV3`` (TF's ``image_ops.h``) as a composite of
tfcompat ops: each output pixel (x, y) reads input point ``((a0 x + a1 y + a2) / p, (a3 x + a4 y + a5) / p)``,
``p = a6 x + a7 y + 1``, mapped by the fill mode (reflect / wrap / nearest clamp; constant reads ``fill_value``
outside), then sampled nearest (round half away from zero) or bilinearly. Not differentiable w.r.t. the
transform (TF registers no gradient for it either)."""
from __future__ import annotations

import math

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.keras.layers.preprocessing.image_preprocessing import H_AXIS, W_AXIS, _RandomLayer, convert_inputs

__all__ = ["transform", "get_rotation_matrix", "get_translation_matrix", "get_zoom_matrix", "RandomRotation",
           "RandomZoom", "RandomTranslation"]

_F32 = dtypes.float32


def _trunc(x):
    return math_ops.cast(math_ops.cast(x, dtypes.int64), _F32)


def _map_reflect(coord, size):
    # Reflect [abcd] to [dcba|abcd|dcba] (TF's MapCoordinate<REFLECT>), then clamp.
    sz2 = 2.0 * size
    neg = array_ops.where(coord < -sz2, sz2 * _trunc(-coord / sz2) + coord, coord)
    neg = array_ops.where(neg < -size, neg + sz2, -neg - 1.0)
    pos = coord - sz2 * _trunc(coord / sz2)
    pos = array_ops.where(pos >= size, sz2 - pos - 1.0, pos)
    out = array_ops.where(coord < 0.0, neg, array_ops.where(coord > size - 1.0, pos, coord))
    out = array_ops.where(size <= 1.0, array_ops.zeros_like(out), out)
    return math_ops.clip_by_value(out, 0.0, size - 1.0)


def _map_wrap(coord, size):
    sz = size - 1.0
    neg = coord + size * (_trunc(-coord / sz) + 1.0)
    pos = coord - size * _trunc(coord / sz)
    out = array_ops.where(coord < 0.0, neg, array_ops.where(coord > size - 1.0, pos, coord))
    out = array_ops.where(size <= 1.0, array_ops.zeros_like(out), out)
    return math_ops.clip_by_value(out, 0.0, size - 1.0)


def _map_coordinate(coord, size, fill_mode):
    if fill_mode == "REFLECT":
        return _map_reflect(coord, size)
    if fill_mode == "WRAP":
        return _map_wrap(coord, size)
    if fill_mode == "NEAREST":
        return math_ops.clip_by_value(coord, 0.0, size - 1.0)
    return coord


def _read(flat, batch_offset, y, x, height, width, fill_value):
    """Pixels at integer-valued float coords (y, x) [B, H, W] -> [B, H, W, C]; ``fill_value`` outside."""
    inside = math_ops.logical_and(math_ops.logical_and(y >= 0.0, y < height),
                                  math_ops.logical_and(x >= 0.0, x < width))
    yi = math_ops.cast(math_ops.clip_by_value(y, 0.0, height - 1.0), dtypes.int32)
    xi = math_ops.cast(math_ops.clip_by_value(x, 0.0, width - 1.0), dtypes.int32)
    w_int = math_ops.cast(width, dtypes.int32)
    index = batch_offset + yi * w_int + xi
    values = array_ops.gather(flat, index)
    return array_ops.where(array_ops.expand_dims(inside, -1), values, array_ops.ones_like(values) * fill_value)


def transform(images, transforms, fill_mode="reflect", fill_value=0.0, interpolation="bilinear",
              output_shape=None):
    """Mirrors tf-keras's ``image_preprocessing.transform`` (op ImageProjectiveTransformV3) on [B, H, W, C]
    images with [B, 8] transforms; the output has ``output_shape`` (default: the input's H, W)."""
    fill_mode, interpolation = fill_mode.upper(), interpolation.upper()
    images = convert_to_tensor(images)
    in_dtype = images.dtype
    shape = array_ops.shape(images)
    batch, channels = shape[0], shape[3]
    in_h, in_w = math_ops.cast(shape[1], _F32), math_ops.cast(shape[2], _F32)
    if output_shape is None:
        out_h, out_w = shape[1], shape[2]
    else:
        out_h, out_w = output_shape[0], output_shape[1]
    transforms = math_ops.cast(convert_to_tensor(transforms), _F32)
    fill_value = math_ops.cast(fill_value, _F32)
    ys = array_ops.reshape(math_ops.cast(array_ops.range(out_h), _F32), [1, -1, 1])
    xs = array_ops.reshape(math_ops.cast(array_ops.range(out_w), _F32), [1, 1, -1])
    a = [array_ops.reshape(transforms[:, i], [-1, 1, 1]) for i in range(8)]
    projection = a[6] * xs + a[7] * ys + 1.0
    in_x = (a[0] * xs + a[1] * ys + a[2]) / projection
    in_y = (a[3] * xs + a[4] * ys + a[5]) / projection
    x = _map_coordinate(in_x, in_w, fill_mode)
    y = _map_coordinate(in_y, in_h, fill_mode)
    flat = array_ops.reshape(math_ops.cast(images, _F32), array_ops.stack([-1, channels]))
    batch_offset = array_ops.reshape(array_ops.range(batch) * shape[1] * shape[2], [-1, 1, 1])
    if interpolation == "NEAREST":
        def round_half_away(v):
            return array_ops.where(v >= 0.0, math_ops.floor(v + 0.5), -math_ops.floor(-v + 0.5))
        out = _read(flat, batch_offset, round_half_away(y), round_half_away(x), in_h, in_w, fill_value)
    else:
        y0, x0 = math_ops.floor(y), math_ops.floor(x)
        y1, x1 = y0 + 1.0, x0 + 1.0
        wx0, wx1 = array_ops.expand_dims(x1 - x, -1), array_ops.expand_dims(x - x0, -1)
        wy0, wy1 = array_ops.expand_dims(y1 - y, -1), array_ops.expand_dims(y - y0, -1)
        top = wx0 * _read(flat, batch_offset, y0, x0, in_h, in_w, fill_value) + \
            wx1 * _read(flat, batch_offset, y0, x1, in_h, in_w, fill_value)
        bottom = wx0 * _read(flat, batch_offset, y1, x0, in_h, in_w, fill_value) + \
            wx1 * _read(flat, batch_offset, y1, x1, in_h, in_w, fill_value)
        out = wy0 * top + wy1 * bottom
    out = array_ops.where(array_ops.expand_dims(math_ops.equal(projection, 0.0), -1),
                          array_ops.ones_like(out) * fill_value, out)
    return math_ops.cast(out, in_dtype)


def _column(t):
    return array_ops.reshape(t, [-1, 1])


def get_rotation_matrix(angles, image_height, image_width):
    """The [B, 8] transforms rotating images by ``angles`` (radians) about their centres (tf-keras)."""
    cos, sin = math_ops.cos(angles), math_ops.sin(angles)
    x_offset = (image_width - 1 - (cos * (image_width - 1) - sin * (image_height - 1))) / 2.0
    y_offset = (image_height - 1 - (sin * (image_width - 1) + cos * (image_height - 1))) / 2.0
    n = array_ops.shape(angles)[0]
    return array_ops.concat([_column(cos), _column(-sin), _column(x_offset), _column(sin), _column(cos),
                             _column(y_offset), array_ops.zeros(array_ops.stack([n, 2]), _F32)], axis=1)


def get_translation_matrix(translations):
    """The [B, 8] transforms shifting images by ``translations`` [B, (dx, dy)] pixels (tf-keras)."""
    n = array_ops.shape(translations)[0]
    ones, zeros = array_ops.ones(array_ops.stack([n, 1]), _F32), array_ops.zeros(array_ops.stack([n, 1]), _F32)
    return array_ops.concat([ones, zeros, -translations[:, 0:1], zeros, ones, -translations[:, 1:2],
                             array_ops.zeros(array_ops.stack([n, 2]), _F32)], axis=1)


def get_zoom_matrix(zooms, image_height, image_width):
    """The [B, 8] transforms zooming images by ``zooms`` [B, (zx, zy)] about their centres (tf-keras)."""
    n = array_ops.shape(zooms)[0]
    zeros = array_ops.zeros(array_ops.stack([n, 1]), _F32)
    x_offset = (image_width - 1.0) / 2.0 * (1.0 - zooms[:, 0:1])
    y_offset = (image_height - 1.0) / 2.0 * (1.0 - zooms[:, 1:2])
    return array_ops.concat([zooms[:, 0:1], zeros, x_offset, zeros, zooms[:, 1:2], y_offset,
                             array_ops.zeros(array_ops.stack([n, 2]), _F32)], axis=1)


def _check_fill_and_interpolation(fill_mode, interpolation):
    if fill_mode not in {"reflect", "wrap", "constant", "nearest"}:
        raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Only `reflect`, `wrap`, `constant` and "
                                  "`nearest` are supported.")
    if interpolation not in {"nearest", "bilinear"}:
        raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Only `nearest` and `bilinear` are "
                                  "supported.")


def _bounds(factor):
    if isinstance(factor, (tuple, list)):
        return factor[0], factor[1]
    return -factor, factor


class _RandomTransform(_RandomLayer):
    """Shared call: draw per-image parameters, build the transforms, apply them (unbatched images too)."""

    def __init__(self, fill_mode, interpolation, seed, fill_value, **kwargs):
        super().__init__(seed=seed, **kwargs)
        _check_fill_and_interpolation(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.interpolation = interpolation
        self.seed = seed

    def _transforms(self, batch_size, height, width):
        raise NotImplementedError

    def call(self, inputs, training=True):
        inputs = convert_inputs(inputs, self._compute_dtype_object)
        if not training:
            return inputs
        original_shape = inputs.shape
        unbatched = inputs.shape.rank == 3
        images = array_ops.expand_dims(inputs, 0) if unbatched else inputs
        shape = array_ops.shape(images)
        transforms = self._transforms(shape[0], math_ops.cast(shape[H_AXIS], _F32), math_ops.cast(shape[W_AXIS], _F32))
        output = transform(images, transforms, fill_mode=self.fill_mode, fill_value=self.fill_value,
                           interpolation=self.interpolation)
        if unbatched:
            output = array_ops.squeeze(output, [0])
        output.set_shape(original_shape)
        return output

    def compute_output_shape(self, input_shape):
        return input_shape

    def _common_config(self):
        return {"fill_mode": self.fill_mode, "fill_value": self.fill_value, "interpolation": self.interpolation,
                "seed": self.seed}


class RandomRotation(_RandomTransform):
    """Mirrors ``tf.keras.layers.RandomRotation``: angles uniform in ``factor * 2 pi``."""

    def __init__(self, factor, fill_mode="reflect", interpolation="bilinear", seed=None, fill_value=0.0, **kwargs):
        self.factor = factor
        self.lower, self.upper = _bounds(factor)
        if self.upper < self.lower:
            raise ValueError(f"`factor` argument cannot have a negative value. Received: factor={factor}")
        super().__init__(fill_mode, interpolation, seed, fill_value, **kwargs)

    def _transforms(self, batch_size, height, width):
        angles = self._random_generator.random_uniform(array_ops.stack([batch_size]),
                                                       minval=self.lower * 2.0 * math.pi,
                                                       maxval=self.upper * 2.0 * math.pi)
        return get_rotation_matrix(angles, height, width)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("factor", self.factor)] + list(self._common_config().items()))


class RandomZoom(_RandomTransform):
    """Mirrors ``tf.keras.layers.RandomZoom``: zoom factors uniform in ``1 + factor`` (width follows height
    unless ``width_factor`` is given)."""

    def __init__(self, height_factor, width_factor=None, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, **kwargs):
        self.height_factor = height_factor
        self.height_lower, self.height_upper = _bounds(height_factor)
        if abs(self.height_lower) > 1.0 or abs(self.height_upper) > 1.0:
            raise ValueError(f"`height_factor` argument must have values between [-1, 1]. Received: "
                             f"height_factor={height_factor}")
        self.width_factor = width_factor
        if width_factor is not None:
            self.width_lower, self.width_upper = _bounds(width_factor)
            if self.width_lower < -1.0 or self.width_upper < -1.0:
                raise ValueError(f"`width_factor` argument must have values larger than -1. Received: "
                                 f"width_factor={width_factor}")
        super().__init__(fill_mode, interpolation, seed, fill_value, **kwargs)

    def _transforms(self, batch_size, height, width):
        shape = array_ops.stack([batch_size, 1])
        height_zoom = self._random_generator.random_uniform(shape, minval=1.0 + self.height_lower,
                                                            maxval=1.0 + self.height_upper)
        width_zoom = height_zoom
        if self.width_factor is not None:
            width_zoom = self._random_generator.random_uniform(shape, minval=1.0 + self.width_lower,
                                                               maxval=1.0 + self.width_upper)
        zooms = math_ops.cast(array_ops.concat([width_zoom, height_zoom], axis=1), _F32)
        return get_zoom_matrix(zooms, height, width)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("height_factor", self.height_factor),
                                          ("width_factor", self.width_factor)] + list(self._common_config().items()))


class RandomTranslation(_RandomTransform):
    """Mirrors ``tf.keras.layers.RandomTranslation``: shifts uniform in ``factor * size`` pixels."""

    def __init__(self, height_factor, width_factor, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, **kwargs):
        self.height_factor = height_factor
        self.height_lower, self.height_upper = _bounds(height_factor)
        if self.height_upper < self.height_lower:
            raise ValueError(f"`height_factor` cannot have upper bound less than lower bound, got {height_factor}")
        if abs(self.height_lower) > 1.0 or abs(self.height_upper) > 1.0:
            raise ValueError(f"`height_factor` argument must have values between [-1, 1]. Received: "
                             f"height_factor={height_factor}")
        self.width_factor = width_factor
        self.width_lower, self.width_upper = _bounds(width_factor)
        if self.width_upper < self.width_lower:
            raise ValueError(f"`width_factor` cannot have upper bound less than lower bound, got {width_factor}")
        if abs(self.width_lower) > 1.0 or abs(self.width_upper) > 1.0:
            raise ValueError(f"`width_factor` must have values between [-1, 1], got {width_factor}")
        super().__init__(fill_mode, interpolation, seed, fill_value, **kwargs)

    def _transforms(self, batch_size, height, width):
        shape = array_ops.stack([batch_size, 1])
        dy = self._random_generator.random_uniform(shape, minval=self.height_lower, maxval=self.height_upper,
                                                   dtype=_F32) * height
        dx = self._random_generator.random_uniform(shape, minval=self.width_lower, maxval=self.width_upper,
                                                   dtype=_F32) * width
        return get_translation_matrix(math_ops.cast(array_ops.concat([dx, dy], axis=1), _F32))

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("height_factor", self.height_factor),
                                          ("width_factor", self.width_factor)] + list(self._common_config().items()))
