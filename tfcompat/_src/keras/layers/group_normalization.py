"""GroupNormalization and UnitNormalization (tf-keras 2.21): per-group statistics over the channel axis split into
``groups`` (masked by the Keras mask, as ``tf.nn.weighted_moments``), and L2 normalization along ``axis``."""
from __future__ import annotations

from tfcompat._src.ops import array_ops, math_ops, nn_moments_ops, nn_ops, normalization
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.layers.normalization import _validate_axis, affine_config, set_affine_args

__all__ = ["GroupNormalization", "UnitNormalization"]


class GroupNormalization(Layer):
    """Mirrors ``tf.keras.layers.GroupNormalization``: mean/variance per group of ``channels // groups`` channels
    (and all non-batch axes), then ``gamma``/``beta`` per channel. ``groups=-1`` is instance normalization."""

    def __init__(self, groups=32, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.groups = groups
        self.axis = axis
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        set_affine_args(self, beta_initializer, gamma_initializer, beta_regularizer, gamma_regularizer,
                        beta_constraint, gamma_constraint)

    def build(self, input_shape):
        _validate_axis(self.axis, input_shape)
        dim = input_shape[self.axis]
        if dim is None:
            raise ValueError(f"Axis {self.axis} of input tensor should have a defined dimension but the layer "
                             f"received an input with shape {input_shape}.")
        if self.groups == -1:
            self.groups = dim
        if dim < self.groups:
            raise ValueError(f"Number of groups ({self.groups}) cannot be more than the number of channels ({dim}).")
        if dim % self.groups != 0:
            raise ValueError(f"Number of groups ({self.groups}) must be a multiple of the number of channels "
                             f"({dim}).")
        self.input_spec = InputSpec(ndim=len(input_shape), axes={self.axis: dim})
        self.gamma = (self.add_weight(shape=(dim,), name="gamma", initializer=self.gamma_initializer,
                                      regularizer=self.gamma_regularizer, constraint=self.gamma_constraint)
                      if self.scale else None)
        self.beta = (self.add_weight(shape=(dim,), name="beta", initializer=self.beta_initializer,
                                     regularizer=self.beta_regularizer, constraint=self.beta_constraint)
                     if self.center else None)
        Layer.build(self, input_shape)

    def call(self, inputs, mask=None):
        input_shape = array_ops.shape(inputs)
        mask = array_ops.ones_like(inputs) if mask is None else array_ops.broadcast_to(mask, input_shape)
        grouped = self._reshape_into_groups(inputs)
        grouped_mask = math_ops.cast(self._reshape_into_groups(mask), grouped.dtype)
        axes = list(range(1, grouped.shape.rank))
        axes.pop(self.axis - 1)
        mean, variance = nn_moments_ops.weighted_moments(grouped, axes=axes, frequency_weights=grouped_mask,
                                                         keepdims=True)
        broadcast = self._broadcast_shape(inputs.shape.rank, input_shape)
        gamma = None if self.gamma is None else array_ops.reshape(self.gamma, broadcast)
        beta = None if self.beta is None else array_ops.reshape(self.beta, broadcast)
        out = normalization.batch_normalization(grouped, mean=mean, variance=variance, scale=gamma, offset=beta,
                                                variance_epsilon=self.epsilon)
        return array_ops.reshape(out, input_shape)

    def _reshape_into_groups(self, inputs):
        shape = array_ops.shape(inputs)
        group_shape = [shape[i] for i in range(inputs.shape.rank)]
        group_shape[self.axis] = shape[self.axis] // self.groups
        group_shape.insert(self.axis, self.groups)
        return array_ops.reshape(inputs, array_ops.stack(group_shape))

    def _broadcast_shape(self, rank, input_shape):
        shape = [1] * rank
        shape[self.axis] = input_shape[self.axis] // self.groups
        shape.insert(self.axis, self.groups)
        return array_ops.stack(shape)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {
            "groups": self.groups, "axis": self.axis, "epsilon": self.epsilon, "center": self.center,
            "scale": self.scale, **affine_config(self),
        }
        return {**super().get_config(), **config}


class UnitNormalization(Layer):
    """Mirrors ``tf.keras.layers.UnitNormalization``: ``tf.math.l2_normalize(inputs, axis)``."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(f"Invalid value for `axis` argument: expected an int or a list/tuple of ints. "
                            f"Received: axis={axis}")
        self.supports_masking = True

    def build(self, input_shape):
        _validate_axis(self.axis, input_shape)
        Layer.build(self, input_shape)

    def call(self, inputs):
        inputs = math_ops.cast(inputs, self._compute_dtype_object)
        return nn_ops.l2_normalize(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis})
        return config
