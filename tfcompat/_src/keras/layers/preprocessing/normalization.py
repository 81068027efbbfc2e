"""Normalization (tf-keras 2.21 ``tf.keras.layers.Normalization``): feature-wise ``(x - mean) / sqrt(var)`` with
mean and variance given or computed by ``adapt`` (batch-wise running merge, as tf-keras), ``invert=True`` undoes
it."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, nn_ops, reduction_ops, variables
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine.base_preprocessing_layer import PreprocessingLayer
from tfcompat._src.keras.layers.preprocessing.preprocessing_utils import listify_tensors

__all__ = ["Normalization"]


class Normalization(PreprocessingLayer):
    """Mirrors ``tf.keras.layers.Normalization`` (weights ``mean``, ``variance``, ``count`` when adapted)."""

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        if axis is None:
            axis = ()
        elif isinstance(axis, int):
            axis = (axis,)
        else:
            axis = tuple(axis)
        self.axis = axis
        if isinstance(mean, variables.Variable):
            raise ValueError("Normalization does not support passing a Variable for the `mean` init arg.")
        if isinstance(variance, variables.Variable):
            raise ValueError("Normalization does not support passing a Variable for the `variance` init arg.")
        if (mean is not None) != (variance is not None):
            raise ValueError(f"When setting values directly, both `mean` and `variance` must be set. Got mean: "
                             f"{mean} and variance: {variance}")
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert

    def build(self, input_shape):
        PreprocessingLayer.build(self, input_shape)
        if isinstance(input_shape, (list, tuple)) and input_shape and all(
                isinstance(s, TensorShape) for s in input_shape):
            raise ValueError("Normalization only accepts a single input. If you are passing a python list or tuple "
                             "as a single input, please convert to a numpy array or `tf.Tensor`.")
        input_shape = TensorShape(input_shape).as_list()
        ndim = len(input_shape)
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError(f"All `axis` values must be in the range [-ndim, ndim). Found ndim: `{ndim}`, axis: "
                             f"{self.axis}")
        self._keep_axis = sorted(d if d >= 0 else d + ndim for d in self.axis)
        for d in self._keep_axis:
            if input_shape[d] is None:
                raise ValueError(f"All `axis` values to be kept must have known shape. Got axis: {self.axis}, input "
                                 f"shape: {input_shape}, with unknown axis at index: {d}")
        self._reduce_axis = [d for d in range(ndim) if d not in self._keep_axis]
        self._broadcast_shape = [input_shape[d] if d in self._keep_axis else 1 for d in range(ndim)]
        shape = tuple(input_shape[d] for d in self._keep_axis)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(name="mean", shape=shape, dtype=self._compute_dtype_object,
                                              initializer="zeros", trainable=False)
            self.adapt_variance = self.add_weight(name="variance", shape=shape, dtype=self._compute_dtype_object,
                                                  initializer="ones", trainable=False)
            self.count = self.add_weight(name="count", shape=(), dtype=dtypes.int64, initializer="zeros",
                                         trainable=False)
            self.finalize_state()
        else:
            mean = array_ops.reshape(self.input_mean * np.ones(shape), self._broadcast_shape)
            variance = array_ops.reshape(self.input_variance * np.ones(shape), self._broadcast_shape)
            self.mean = math_ops.cast(mean, self._compute_dtype_object)
            self.variance = math_ops.cast(variance, self._compute_dtype_object)

    def update_state(self, data):
        if self.input_mean is not None:
            raise ValueError(f"Cannot `adapt` a Normalization layer that is initialized with static `mean` and "
                             f"`variance`, you passed mean {self.input_mean} and variance {self.input_variance}.")
        if not self.built:
            raise RuntimeError("`build` must be called before `update_state`.")
        data = math_ops.cast(self._standardize_inputs(data), self.adapt_mean.dtype)
        batch_mean, batch_variance = nn_ops.moments(data, axes=self._reduce_axis)
        batch_shape = array_ops.shape(data, out_type=self.count.dtype)
        if self._reduce_axis:
            batch_count = reduction_ops.reduce_prod(array_ops.gather(batch_shape, self._reduce_axis))
        else:
            batch_count = 1
        total_count = batch_count + self.count
        compute = self._compute_dtype_object
        batch_weight = math_ops.cast(batch_count, compute) / math_ops.cast(total_count, compute)
        existing_weight = 1.0 - batch_weight
        total_mean = self.adapt_mean * existing_weight + batch_mean * batch_weight
        total_variance = ((self.adapt_variance + (self.adapt_mean - total_mean) ** 2) * existing_weight
                          + (batch_variance + (batch_mean - total_mean) ** 2) * batch_weight)
        self.adapt_mean.assign(total_mean)
        self.adapt_variance.assign(total_variance)
        self.count.assign(total_count)

    def reset_state(self):
        if self.input_mean is not None or not self.built:
            return
        self.adapt_mean.assign(array_ops.zeros_like(self.adapt_mean))
        self.adapt_variance.assign(array_ops.ones_like(self.adapt_variance))
        self.count.assign(array_ops.zeros_like(self.count))

    # A .keras load (saving/keras_v3_format.py) finalizes it after its variables, as tf-keras.
    _finalize_after_variable_load = True

    def finalize_state(self):
        if self.input_mean is not None or not self.built:
            return
        self.mean = math_ops.cast(array_ops.reshape(self.adapt_mean, self._broadcast_shape),
                                  self._compute_dtype_object)
        self.variance = math_ops.cast(array_ops.reshape(self.adapt_variance, self._broadcast_shape),
                                      self._compute_dtype_object)

    def call(self, inputs):
        inputs = math_ops.cast(self._standardize_inputs(inputs), self._compute_dtype_object)
        scale = math_ops.maximum(math_ops.sqrt(self.variance), backend.epsilon())
        if self.invert:
            return self.mean + inputs * scale
        return (inputs - self.mean) / scale

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "invert": self.invert, "mean": listify_tensors(self.input_mean),
                       "variance": listify_tensors(self.input_variance)})
        return config

    def _standardize_inputs(self, inputs):
        inputs = convert_to_tensor(inputs)
        if inputs.dtype != self._compute_dtype_object:
            inputs = math_ops.cast(inputs, self._compute_dtype_object)
        return inputs
