"""``tf.keras.constraints`` (mirrors tf-keras 2.21's ``constraints.py``): projections applied to a variable
after each optimizer update, with ``get``/``serialize``/``deserialize``."""
from __future__ import annotations


import numpy as np

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.keras import backend, object_config
from tfcompat._src.ops import array_ops, math_ops, reduction_ops

__all__ = ["Constraint", "MaxNorm", "NonNeg", "UnitNorm", "MinMaxNorm", "RadialConstraint", "max_norm", "non_neg",
           "unit_norm", "min_max_norm", "radial_constraint", "maxnorm", "nonneg", "unitnorm", "serialize",
           "deserialize", "get"]


def _norms(w, axis):
    """Keras's ``backend.sqrt(reduce_sum(square(w), axis, keepdims=True))`` (sqrt of max(x, 0))."""
    squares = reduction_ops.reduce_sum(math_ops.square(w), axis=axis, keepdims=True)
    return math_ops.sqrt(math_ops.maximum(squares, convert_to_tensor(0.0, dtype=squares.dtype)))


class Constraint:
    """Mirrors ``tf.keras.constraints.Constraint``: ``__call__(w)`` returns the projected weight (``w`` here)."""

    def __call__(self, w):
        return w

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config):
        """``cls(**config)``."""
        return cls(**config)


class MaxNorm(Constraint):
    """Mirrors ``tf.keras.constraints.MaxNorm(max_value=2, axis=0)``: rescales slices whose L2 norm along
    ``axis`` exceeds ``max_value``."""

    def __init__(self, max_value=2, axis=0):
        self.max_value = max_value
        self.axis = axis

    def __call__(self, w):
        w = convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = math_ops.clip_by_value(norms, 0, self.max_value)
        return math_ops.multiply(w, math_ops.truediv(desired, math_ops.add(backend.epsilon(), norms)))

    def get_config(self) -> dict:
        return {"max_value": self.max_value, "axis": self.axis}


class NonNeg(Constraint):
    """Mirrors ``tf.keras.constraints.NonNeg``: negative entries become 0."""

    def __call__(self, w):
        w = convert_to_tensor(w)
        return math_ops.multiply(w, math_ops.cast(math_ops.greater_equal(w, 0.0), backend.floatx()))


class UnitNorm(Constraint):
    """Mirrors ``tf.keras.constraints.UnitNorm(axis=0)``: ``w / (eps + ||w||)`` along ``axis``."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        w = convert_to_tensor(w)
        return math_ops.truediv(w, math_ops.add(backend.epsilon(), _norms(w, self.axis)))

    def get_config(self) -> dict:
        return {"axis": self.axis}


class MinMaxNorm(Constraint):
    """Mirrors ``tf.keras.constraints.MinMaxNorm(min_value=0.0, max_value=1.0, rate=1.0, axis=0)``: moves each
    slice's norm ``rate`` of the way into ``[min_value, max_value]``."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value = min_value
        self.max_value = max_value
        self.rate = rate
        self.axis = axis

    def __call__(self, w):
        w = convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = math_ops.add(math_ops.multiply(self.rate, math_ops.clip_by_value(norms, self.min_value,
                                                                                   self.max_value)),
                               math_ops.multiply(1 - self.rate, norms))
        return math_ops.multiply(w, math_ops.truediv(desired, math_ops.add(backend.epsilon(), norms)))

    def get_config(self) -> dict:
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate, "axis": self.axis}


def _radial_source_index(n: int):
    """For an n x n kernel: the diagonal entry tf-keras's RadialConstraint copies to each position (rings around
    the centre take one diagonal value each; an odd kernel's centre takes entry ``n//2 - 1``, as tf-keras's
    slicing does), and the mask of the centre (1 x 1 or 2 x 2) positions."""
    start = n // 2
    i = np.arange(n)
    ring = np.maximum(np.abs(i[:, None] - (n - 1) / 2), np.abs(i[None, :] - (n - 1) / 2))
    if n % 2:
        ring = ring.astype(int)                        # 0 at the centre, 1, 2, ... outwards
        return np.where(ring == 0, start - 1, start + ring - 1), ring == 0
    ring = (ring - 0.5).astype(int)                    # 0 for the central 2 x 2 block
    return np.where(ring == 0, start - 1, start + ring), ring == 0


class RadialConstraint(Constraint):
    """Mirrors ``tf.keras.constraints.RadialConstraint``: each (height, width) kernel of a rank-4 weight becomes
    radially symmetric, every ring around the centre holding one of the kernel's diagonal values.

    Raises:
      ValueError: the weight is not rank 4."""

    def __call__(self, w):
        w = convert_to_tensor(w)
        shape = w.shape
        if shape.rank is None or shape.rank != 4:
            raise ValueError(f"The weight tensor must have rank 4. Received weight tensor with shape: {shape}")
        height, width, channels, kernels = shape.as_list()
        flat = array_ops.reshape(w, (height, width, channels * kernels))
        diagonal = array_ops.gather_nd(flat, [[t, t] for t in range(height)])   # [height, channels*kernels]
        source, centre = _radial_source_index(height)
        radial = array_ops.gather(diagonal, source.astype(np.int32))
        # tf-keras pads the rings on with tf.pad's constant_values, which gets no gradient: only the centre
        # positions pass gradients back to the kernel.
        radial = array_ops.where(np.broadcast_to(centre[:, :, None], radial.shape.as_list()), radial,
                                 array_ops.stop_gradient(radial))
        return array_ops.reshape(radial, (height, width, channels, kernels))


max_norm = MaxNorm
non_neg = NonNeg
unit_norm = UnitNorm
min_max_norm = MinMaxNorm
radial_constraint = RadialConstraint
maxnorm = max_norm
nonneg = non_neg
unitnorm = unit_norm


def _module_objects() -> dict:
    return object_config.module_objects(globals(), __all__)


def serialize(constraint, use_legacy_format=False):
    """Mirrors ``tf.keras.constraints.serialize`` (a UserWarning for non-``Constraint`` objects)."""
    return object_config.serialize_object(constraint, use_legacy_format, "constraints", "Constraint", Constraint)


def deserialize(config, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.constraints.deserialize``."""
    return object_config.deserialize_keras_object(config, _module_objects(), custom_objects, "constraint",
                                                  legacy=use_legacy_format)


def get(identifier):
    """Mirrors ``tf.keras.constraints.get``: None, a name ('max_norm', 'NonNeg'), a config or a callable.

    Raises:
      ValueError: anything else, or an unknown name."""
    return object_config.get_object(identifier, deserialize, "constraint function", names="class_config")
