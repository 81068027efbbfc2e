"""Activation layers (tf-keras 2.21): ReLU, LeakyReLU, PReLU, ELU, Softmax, ThresholdedReLU."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.keras import backend_math, constraints, initializers, regularizers
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec

__all__ = ["ReLU", "LeakyReLU", "PReLU", "ELU", "Softmax", "ThresholdedReLU"]


class ReLU(Layer):
    """Mirrors ``tf.keras.layers.ReLU``."""

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(f"max_value of a ReLU layer cannot be a negative value. Received: {max_value}")
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError(f"negative_slope of a ReLU layer cannot be a negative value. Received: {negative_slope}")
        if threshold is None or threshold < 0.0:
            raise ValueError(f"threshold of a ReLU layer cannot be a negative value. Received: {threshold}")
        self.supports_masking = True
        # tf-keras keeps them as floatx numpy values (backend.cast_to_floatx).
        self.max_value = max_value if max_value is None else backend_math.cast_to_floatx(max_value)
        self.negative_slope = backend_math.cast_to_floatx(negative_slope)
        self.threshold = backend_math.cast_to_floatx(threshold)

    def call(self, inputs):
        return backend_math.relu(inputs, alpha=self.negative_slope, max_value=self.max_value,
                                 threshold=self.threshold)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"max_value": self.max_value, "negative_slope": self.negative_slope, "threshold": self.threshold}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


class LeakyReLU(Layer):
    """Mirrors ``tf.keras.layers.LeakyReLU`` (alpha 0.3)."""

    def __init__(self, alpha=0.3, **kwargs):
        super().__init__(**kwargs)
        if alpha is None:
            raise ValueError(f"The alpha value of a Leaky ReLU layer cannot be None, Expecting a float. Received: "
                             f"{alpha}")
        self.supports_masking = True
        self.alpha = float(alpha)

    def call(self, inputs):
        return backend_math.relu(inputs, alpha=self.alpha)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"alpha": float(self.alpha)}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


class PReLU(Layer):
    """Mirrors ``tf.keras.layers.PReLU``: ``relu(x) - alpha * relu(-x)`` with a learned ``alpha``."""

    def __init__(self, alpha_initializer="zeros", alpha_regularizer=None, alpha_constraint=None, shared_axes=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        elif not isinstance(shared_axes, (list, tuple)):
            self.shared_axes = [shared_axes]
        else:
            self.shared_axes = list(shared_axes)

    def build(self, input_shape):
        param_shape = list(TensorShape(input_shape).as_list()[1:])
        if self.shared_axes is not None:
            for i in self.shared_axes:
                param_shape[i - 1] = 1
        self.alpha = self.add_weight(shape=param_shape, name="alpha", initializer=self.alpha_initializer,
                                     regularizer=self.alpha_regularizer, constraint=self.alpha_constraint)
        axes = {}
        dims = TensorShape(input_shape).as_list()
        if self.shared_axes:
            for i in range(1, len(dims)):
                if i not in self.shared_axes:
                    axes[i] = dims[i]
        self.input_spec = InputSpec(ndim=len(dims), axes=axes)
        Layer.build(self, input_shape)

    def call(self, inputs):
        pos = backend_math.relu(inputs)
        neg = -self.alpha * backend_math.relu(-inputs)
        return pos + neg

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"alpha_initializer": initializers.serialize(self.alpha_initializer),
                  "alpha_regularizer": regularizers.serialize(self.alpha_regularizer),
                  "alpha_constraint": constraints.serialize(self.alpha_constraint),
                  "shared_axes": self.shared_axes}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


class ELU(Layer):
    """Mirrors ``tf.keras.layers.ELU``."""

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        if alpha is None:
            raise ValueError(f"Alpha of an ELU layer cannot be None, expecting a float. Received: {alpha}")
        self.supports_masking = True
        self.alpha = float(alpha)

    def call(self, inputs):
        return backend_math.elu(inputs, self.alpha)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"alpha": float(self.alpha)}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


def _large_negative(dtype):
    if dtype is dtypes.float16:
        return -65504.0
    return -1e9


class Softmax(Layer):
    """Mirrors ``tf.keras.layers.Softmax`` (masked positions get a large negative logit)."""

    def __init__(self, axis=-1, robust_masking=False, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.robust_masking = robust_masking
        self.axis = axis

    def call(self, inputs, mask=None):
        if mask is not None:
            if self.robust_masking:
                if mask.dtype is not dtypes.bool_:
                    mask = math_ops.greater(mask, math_ops.cast(0.5, mask.dtype))
                inputs = array_ops.where(mask, inputs, math_ops.cast(_large_negative(inputs.dtype), inputs.dtype))
            else:
                adder = (1.0 - math_ops.cast(mask, inputs.dtype)) * _large_negative(inputs.dtype)
                inputs = inputs + adder
        if isinstance(self.axis, (tuple, list)):
            if len(self.axis) > 1:
                return math_ops.exp(inputs - reduction_ops.reduce_logsumexp(inputs, axis=list(self.axis),
                                                                            keepdims=True))
            return backend_math.softmax(inputs, axis=self.axis[0])
        return backend_math.softmax(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"axis": self.axis}
        if self.robust_masking:
            config["robust_masking"] = True
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


class ThresholdedReLU(Layer):
    """Mirrors ``tf.keras.layers.ThresholdedReLU``."""

    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        if theta is None:
            raise ValueError(f"Theta of a Thresholded ReLU layer cannot be None, expecting a float. Received: "
                             f"{theta}")
        if theta < 0:
            raise ValueError(f"The theta value of a Thresholded ReLU layer should be >=0. Received: {theta}")
        self.supports_masking = True
        self.theta = float(theta)

    def call(self, inputs):
        dtype = inputs.dtype
        return inputs * math_ops.cast(math_ops.greater(inputs, math_ops.cast(self.theta, dtype)), dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"theta": float(self.theta)}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


