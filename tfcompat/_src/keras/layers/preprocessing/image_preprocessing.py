"""Image preprocessing and augmentation layers (tf-keras 2.21 ``layers/preprocessing/image_preprocessing.py``):
Rescaling, Resizing, CenterCrop and the Random* layers. The random layers draw from a seeded
``tf.random.Generator`` as tf-keras does (same values for a given ``seed``); with ``training=False`` they pass
images through (RandomCrop resizes, as tf-keras). RandomRotation/RandomZoom/RandomTranslation live in
``image_transforms``."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import (
    array_ops, control_flow_ops, image_resize, image_stateless_random, math_ops, reduction_ops,
)
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.random_generator import RandomGenerator
from tfcompat._src.keras.utils import image_utils

__all__ = ["Rescaling", "Resizing", "CenterCrop", "RandomCrop", "RandomFlip", "RandomContrast", "RandomBrightness",
           "RandomHeight", "RandomWidth", "convert_inputs", "H_AXIS", "W_AXIS"]

H_AXIS = -3
W_AXIS = -2


def convert_inputs(inputs, dtype=None):
    """The layer input as a tensor of ``dtype`` (tf-keras's ``convert_inputs``; dicts are refused)."""
    if isinstance(inputs, dict):
        raise ValueError(f"This layer can only process a tensor representing an image or a batch of images. "
                         f"Received: type(inputs)={type(inputs)}.If you need to pass a dict containing images, "
                         "labels, and bounding boxes, you should instead use the preprocessing and augmentation "
                         "layers from `keras_cv.layers`. See docs at https://keras.io/api/keras_cv/layers/")
    if not isinstance(inputs, Tensor):
        inputs = convert_to_tensor(inputs, dtype=dtype)
    if dtype is not None and inputs.dtype != dtypes.as_dtype(dtype):
        inputs = math_ops.cast(inputs, dtype)
    return inputs


def _crop(images, top, left, height, width):
    """``tf.image.crop_to_bounding_box`` for offsets that may be tensors (a slice with a stacked begin)."""
    if images.shape.rank == 4:
        begin, size = array_ops.stack([0, top, left, 0]), [-1, height, width, -1]
    else:
        begin, size = array_ops.stack([top, left, 0]), [height, width, -1]
    out = array_ops.slice(images, begin, size)
    out.set_shape(_with_hw(images.shape, height, width))
    return out


def _with_hw(input_shape, height, width):
    shape = TensorShape(input_shape).as_list()
    shape[H_AXIS] = height
    shape[W_AXIS] = width
    return TensorShape(shape)


class Rescaling(Layer):
    """Mirrors ``tf.keras.layers.Rescaling``: ``inputs * scale + offset`` in the compute dtype."""

    def __init__(self, scale, offset=0.0, **kwargs):
        self.scale = scale
        self.offset = offset
        super().__init__(**kwargs)

    def call(self, inputs):
        dtype = self._compute_dtype_object
        inputs = convert_inputs(inputs, dtype=dtype)
        return inputs * math_ops.cast(self.scale, dtype) + math_ops.cast(self.offset, dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("scale", self.scale), ("offset", self.offset)])


class Resizing(Layer):
    """Mirrors ``tf.keras.layers.Resizing`` (``tf.image.resize``; ``crop_to_aspect_ratio`` uses
    ``smart_resize``)."""

    def __init__(self, height, width, interpolation="bilinear", crop_to_aspect_ratio=False, **kwargs):
        self.height = height
        self.width = width
        self.interpolation = interpolation
        self.crop_to_aspect_ratio = crop_to_aspect_ratio
        self._interpolation_method = image_utils.get_interpolation(interpolation)
        super().__init__(**kwargs)

    def call(self, inputs):
        dtype = self._compute_dtype_object if self.interpolation == "nearest" else dtypes.float32
        inputs = convert_inputs(inputs, dtype=dtype)
        size = [self.height, self.width]
        if self.crop_to_aspect_ratio:
            outputs = image_utils.smart_resize(inputs, size=size, interpolation=self._interpolation_method)
        else:
            outputs = image_resize.resize(inputs, size=size, method=self._interpolation_method)
        return math_ops.cast(outputs, self._compute_dtype_object)

    def compute_output_shape(self, input_shape):
        return _with_hw(input_shape, self.height, self.width)

    def get_config(self):
        config = {"height": self.height, "width": self.width, "interpolation": self.interpolation,
                  "crop_to_aspect_ratio": self.crop_to_aspect_ratio}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


class CenterCrop(Layer):
    """Mirrors ``tf.keras.layers.CenterCrop``: the central ``height x width`` window, or a ``smart_resize`` up to
    that size when the image is smaller."""

    def __init__(self, height, width, **kwargs):
        self.height = height
        self.width = width
        super().__init__(**kwargs, autocast=False)

    def call(self, inputs):
        inputs = convert_inputs(inputs, self._compute_dtype_object)
        shape = array_ops.shape(inputs)
        h_diff = shape[H_AXIS] - self.height
        w_diff = shape[W_AXIS] - self.width

        def center_crop():
            h_start = math_ops.cast(h_diff / 2, dtypes.int32)
            w_start = math_ops.cast(w_diff / 2, dtypes.int32)
            return _crop(inputs, h_start, w_start, self.height, self.width)

        def upsize():
            return math_ops.cast(image_utils.smart_resize(inputs, [self.height, self.width]),
                                 self._compute_dtype_object)
        return control_flow_ops.cond(reduction_ops.reduce_all(array_ops.stack([h_diff >= 0, w_diff >= 0])),
                                     center_crop, upsize)

    def compute_output_shape(self, input_shape):
        return _with_hw(input_shape, self.height, self.width)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("height", self.height), ("width", self.width)])


class _RandomLayer(Layer):
    """A layer with tf-keras's seeded random source (``BaseRandomLayer`` with ``force_generator=True``)."""

    def __init__(self, seed=None, **kwargs):
        kwargs.pop("force_generator", None)
        kwargs.pop("rng_type", None)
        super().__init__(**kwargs)
        self._random_generator = RandomGenerator(seed)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("rng_type", "stateful")])


class RandomCrop(_RandomLayer):
    """Mirrors ``tf.keras.layers.RandomCrop``: a random ``height x width`` window in training; otherwise (or when
    the image is smaller) ``smart_resize`` to that size."""

    def __init__(self, height, width, seed=None, **kwargs):
        super().__init__(seed=seed, autocast=False, **kwargs)
        self.height = height
        self.width = width
        self.seed = seed

    def call(self, inputs, training=True):
        inputs = convert_inputs(inputs, dtype=self._compute_dtype_object)
        shape = array_ops.shape(inputs)
        h_diff = shape[H_AXIS] - self.height
        w_diff = shape[W_AXIS] - self.width

        def random_crop():
            rands = self._random_generator.random_uniform([2], 0, dtypes.int32.max, dtypes.int32)
            return _crop(inputs, rands[0] % (h_diff + 1), rands[1] % (w_diff + 1), self.height, self.width)

        def resize():
            return math_ops.cast(image_utils.smart_resize(inputs, [self.height, self.width]),
                                 self._compute_dtype_object)
        if isinstance(training, bool) and not training:
            return resize()
        do_crop = reduction_ops.reduce_all(array_ops.stack([
            math_ops.cast(training, dtypes.bool_), h_diff >= 0, w_diff >= 0]))
        return control_flow_ops.cond(do_crop, random_crop, resize)

    def compute_output_shape(self, input_shape):
        return _with_hw(input_shape, self.height, self.width)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("height", self.height), ("width", self.width), ("seed", self.seed)])


class RandomFlip(_RandomLayer):
    """Mirrors ``tf.keras.layers.RandomFlip`` (stateless flips with seeds from the layer's generator)."""

    _MODES = {"horizontal": (True, False), "vertical": (False, True), "horizontal_and_vertical": (True, True)}

    def __init__(self, mode="horizontal_and_vertical", seed=None, **kwargs):
        super().__init__(seed=seed, **kwargs)
        self.mode = mode
        if mode not in self._MODES:
            raise ValueError(f"RandomFlip layer {self.name} received an unknown mode argument {mode}")
        self.horizontal, self.vertical = self._MODES[mode]
        self.seed = seed

    def call(self, inputs, training=True):
        inputs = convert_inputs(inputs, self._compute_dtype_object)
        if not training:
            return inputs
        outputs = inputs
        if self.horizontal:
            outputs = image_stateless_random.stateless_random_flip_left_right(
                outputs, seed=self._random_generator.make_seed_for_stateless_op())
        if self.vertical:
            outputs = image_stateless_random.stateless_random_flip_up_down(
                outputs, seed=self._random_generator.make_seed_for_stateless_op())
        outputs.set_shape(inputs.shape)
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("mode", self.mode), ("seed", self.seed)])


class RandomContrast(_RandomLayer):
    """Mirrors ``tf.keras.layers.RandomContrast``: ``stateless_random_contrast`` in ``[1 - lower, 1 + upper]``,
    clipped to [0, 255]."""

    def __init__(self, factor, seed=None, **kwargs):
        super().__init__(seed=seed, **kwargs)
        self.factor = factor
        if isinstance(factor, (tuple, list)):
            self.lower, self.upper = factor[0], factor[1]
        else:
            self.lower = self.upper = factor
        if self.lower < 0.0 or self.upper < 0.0 or self.lower > 1.0:
            raise ValueError(f"`factor` argument cannot have negative values or values greater than 1.Received: "
                             f"factor={factor}")
        self.seed = seed

    def call(self, inputs, training=True):
        inputs = convert_inputs(inputs, self._compute_dtype_object)
        if not training:
            return inputs
        output = image_stateless_random.stateless_random_contrast(
            inputs, 1.0 - self.lower, 1.0 + self.upper, seed=self._random_generator.make_seed_for_stateless_op())
        output = math_ops.clip_by_value(output, 0, 255)
        output.set_shape(inputs.shape)
        return output

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("factor", self.factor), ("seed", self.seed)])


class RandomBrightness(_RandomLayer):
    """Mirrors ``tf.keras.layers.RandomBrightness``: adds ``uniform(factor) * (value_range span)`` per image,
    clipped to ``value_range``."""

    _FACTOR_ERROR = ("The `factor` argument should be a number (or a list of two numbers) in the range "
                     "[-1.0, 1.0]. ")
    _RANGE_ERROR = "The `value_range` argument should be a list of two numbers. "

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(seed=seed, **kwargs)
        if isinstance(factor, (tuple, list)):
            if len(factor) != 2:
                raise ValueError(self._FACTOR_ERROR + f"Got {factor}")
            for f in factor:
                self._check_factor(f)
            self._factor = sorted(factor)
        elif isinstance(factor, (int, float)):
            self._check_factor(factor)
            self._factor = [-abs(factor), abs(factor)]
        else:
            raise ValueError(self._FACTOR_ERROR + f"Got {factor}")
        if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
            raise ValueError(self._RANGE_ERROR + f"Got {value_range}")
        self._value_range = sorted(value_range)
        self._seed = seed

    def _check_factor(self, value):
        if value > 1.0 or value < -1.0:
            raise ValueError(self._FACTOR_ERROR + f"Got {value}")

    def call(self, inputs, training=True):
        inputs = convert_inputs(inputs, dtype=self._compute_dtype_object)
        if not training:
            return inputs
        rank = inputs.shape.rank
        if rank == 3:
            delta_shape = (1, 1, 1)
        elif rank == 4:
            delta_shape = array_ops.stack([array_ops.shape(inputs)[0], 1, 1, 1])
        else:
            raise ValueError(f"Expected the input image to be rank 3 or 4. Got inputs.shape = {inputs.shape}")
        delta = self._random_generator.random_uniform(delta_shape, minval=self._factor[0], maxval=self._factor[1])
        delta = math_ops.cast(delta * (self._value_range[1] - self._value_range[0]), inputs.dtype)
        return math_ops.clip_by_value(inputs + delta, self._value_range[0], self._value_range[1])

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("factor", self._factor), ("value_range", self._value_range),
                                          ("seed", self._seed)])


class _RandomSide(_RandomLayer):
    """RandomHeight/RandomWidth: resize one side by a factor drawn from ``[1 + lower, 1 + upper)``."""

    _axis = H_AXIS
    _side = "height"

    def __init__(self, factor, interpolation="bilinear", seed=None, **kwargs):
        super().__init__(seed=seed, **kwargs)
        self.factor = factor
        if isinstance(factor, (tuple, list)):
            self._lower, self._upper = factor[0], factor[1]
        else:
            self._lower, self._upper = -factor, factor
        if self._upper < self._lower:
            raise ValueError(f"`factor` argument cannot have an upper bound lesser than the lower bound. Received: "
                             f"factor={factor}")
        if self._lower < -1.0 or self._upper < -1.0:
            raise ValueError(f"`factor` argument must have values larger than -1. Received: factor={factor}")
        self.interpolation = interpolation
        self._interpolation_method = image_utils.get_interpolation(interpolation)
        self.seed = seed

    def call(self, inputs, training=True):
        inputs = convert_inputs(inputs)
        if not training:
            return inputs
        shape = array_ops.shape(inputs)
        other = W_AXIS if self._axis == H_AXIS else H_AXIS
        factor = self._random_generator.random_uniform([], minval=1.0 + self._lower, maxval=1.0 + self._upper)
        adjusted = math_ops.cast(factor * math_ops.cast(shape[self._axis], dtypes.float32), dtypes.int32)
        size = [adjusted, shape[other]] if self._axis == H_AXIS else [shape[other], adjusted]
        output = image_resize.resize(inputs, size=array_ops.stack(size), method=self._interpolation_method)
        output = math_ops.cast(output, self._compute_dtype_object)
        static = inputs.shape.as_list()
        static[self._axis] = None
        output.set_shape(static)
        return output

    def compute_output_shape(self, input_shape):
        shape = TensorShape(input_shape).as_list()
        shape[self._axis] = None
        return TensorShape(shape)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("factor", self.factor), ("interpolation", self.interpolation),
                                          ("seed", self.seed)])


class RandomHeight(_RandomSide):
    """Mirrors ``tf.keras.layers.RandomHeight``."""


class RandomWidth(_RandomSide):
    """Mirrors ``tf.keras.layers.RandomWidth``."""

    _axis = W_AXIS
    _side = "width"
