"""``tf.keras.regularizers`` (mirrors tf-keras 2.21's ``regularizers.py``): penalties a layer adds to its losses,
with ``get``/``serialize``/``deserialize``.

Penalty factors are stored as ``floatx`` numpy scalars, as Keras's ``backend.cast_to_floatx`` does, so
``get_config`` reports ``float(np.float32(0.1))`` = 0.10000000149011612 like tf-keras."""
from __future__ import annotations

import math

import numpy as np

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.keras import backend, object_config
from tfcompat._src.keras.loss_functions import l2_normalize
from tfcompat._src.ops import array_ops, layers_base, linalg_ops, math_ops, nn_ops, reduction_ops

__all__ = ["Regularizer", "L1L2", "L1", "L2", "OrthogonalRegularizer", "l1_l2", "l1", "l2",
           "orthogonal_regularizer", "serialize", "deserialize", "get"]


def _check_penalty_number(x):
    if not isinstance(x, (float, int)):
        raise ValueError(f"Value {x} is not a valid regularization penalty number, expected an int or float value.")
    if math.isinf(x) or math.isnan(x):
        raise ValueError(f"Value {x} is not a valid regularization penalty number, an infinite number or NaN are "
                         f"not valid values.")


def _penalty(value, default=None, kwargs=None):
    """A checked penalty factor as a ``floatx`` scalar (``default`` for None, when there is one); ``kwargs``: the
    L1/L2 constructors' other keyword arguments, where tf-keras accepts ``l=`` for the factor."""
    if kwargs:
        value = kwargs.pop("l", value)
        if kwargs:
            raise TypeError(f"Argument(s) not recognized: {kwargs}")
    value = default if value is None else value
    _check_penalty_number(value)
    return np.asarray(value, dtype=backend.floatx())


class Regularizer:
    """Mirrors ``tf.keras.regularizers.Regularizer``: ``__call__(x)`` returns a scalar penalty (0.0 here)."""

    def __call__(self, x):
        return 0.0

    @classmethod
    def from_config(cls, config):
        """``cls(**config)``."""
        return cls(**config)

    def get_config(self) -> dict:
        """Subclasses return their constructor arguments.

        Raises:
          NotImplementedError: not implemented by the subclass."""
        raise NotImplementedError(f"{self} does not implement get_config()")


class L1L2(Regularizer):
    """Mirrors ``tf.keras.regularizers.L1L2(l1=0.0, l2=0.0)``: ``l1 * sum(|x|) + l2 * sum(x**2)``."""

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = _penalty(l1, 0.0)
        self.l2 = _penalty(l2, 0.0)

    def __call__(self, x):
        x = convert_to_tensor(x)
        regularization = array_ops.constant(0.0, dtype=x.dtype)
        if self.l1:
            regularization += self.l1 * reduction_ops.reduce_sum(math_ops.abs(x))
        if self.l2:
            regularization += 2.0 * self.l2 * nn_ops.l2_loss(x)
        return regularization

    def get_config(self) -> dict:
        return {"l1": float(self.l1), "l2": float(self.l2)}


class L1(Regularizer):
    """Mirrors ``tf.keras.regularizers.L1(l1=0.01)`` (``l=`` accepted): ``l1 * sum(|x|)``."""

    def __init__(self, l1=0.01, **kwargs):
        self.l1 = _penalty(l1, 0.01, kwargs)

    def __call__(self, x):
        return self.l1 * reduction_ops.reduce_sum(math_ops.abs(x))

    def get_config(self) -> dict:
        return {"l1": float(self.l1)}


class L2(Regularizer):
    """Mirrors ``tf.keras.regularizers.L2(l2=0.01)`` (``l=`` accepted): ``2 * l2 * l2_loss(x)`` =
    ``l2 * sum(x**2)``."""

    def __init__(self, l2=0.01, **kwargs):
        self.l2 = _penalty(l2, 0.01, kwargs)

    def __call__(self, x):
        return 2.0 * self.l2 * nn_ops.l2_loss(x)

    def get_config(self) -> dict:
        return {"l2": float(self.l2)}


class OrthogonalRegularizer(Regularizer):
    """Mirrors ``tf.keras.regularizers.OrthogonalRegularizer(factor=0.01, mode='rows')``: ``factor / 2`` times the
    mean absolute cosine similarity between distinct rows (or columns) of a rank-2 input.

    Raises:
      ValueError: an invalid ``mode``; an input that is not rank 2."""

    def __init__(self, factor=0.01, mode="rows"):
        self.factor = _penalty(factor)
        if mode not in {"rows", "columns"}:
            raise ValueError(f'Invalid value for argument `mode`. Expected one of {{"rows", "columns"}}. '
                             f"Received: mode={mode}")
        self.mode = mode

    def __call__(self, inputs):
        inputs = convert_to_tensor(inputs)
        if inputs.shape.rank != 2:
            raise ValueError(f"Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape == "
                             f"{inputs.shape}")
        if self.mode == "rows":
            inputs = l2_normalize(inputs, axis=1)
            product = math_ops.matmul(inputs, array_ops.transpose(inputs))
            size = inputs.shape[0]
        else:
            inputs = l2_normalize(inputs, axis=0)
            product = math_ops.matmul(array_ops.transpose(inputs), inputs)
            size = inputs.shape[1]
        off_diagonal = math_ops.multiply(product, math_ops.subtract(1.0, linalg_ops.eye(size, dtype=inputs.dtype)))
        num_pairs = size * (size - 1.0) / 2.0
        return math_ops.truediv(math_ops.multiply(self.factor * 0.5, reduction_ops.reduce_sum(
            math_ops.abs(off_diagonal))), num_pairs)

    def get_config(self) -> dict:
        return {"factor": float(self.factor), "mode": self.mode}


def l1_l2(l1=0.01, l2=0.01):
    """Mirrors ``tf.keras.regularizers.l1_l2``: ``L1L2`` with both factors 0.01 by default."""
    return L1L2(l1=l1, l2=l2)


l1 = L1
l2 = L2
orthogonal_regularizer = OrthogonalRegularizer


def _module_objects() -> dict:
    return {"Regularizer": Regularizer, "L1L2": L1L2, "L1": L1, "L2": L2,
            "OrthogonalRegularizer": OrthogonalRegularizer, "l1_l2": l1_l2, "l1": l1, "l2": l2,
            "orthogonal_regularizer": orthogonal_regularizer}


def serialize(regularizer, use_legacy_format=False):
    """Mirrors ``tf.keras.regularizers.serialize`` (a UserWarning for non-``Regularizer`` objects)."""
    return object_config.serialize_object(regularizer, use_legacy_format, "regularizers", "Regularizer", Regularizer)


def deserialize(config, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.regularizers.deserialize`` ('l1_l2' gives ``L1L2(0.01, 0.01)``; an unknown name comes
    back unchanged unless ``use_legacy_format``, as in tf-keras)."""
    if config == "l1_l2":
        return L1L2(l1=0.01, l2=0.01)
    return object_config.deserialize_keras_object(config, _module_objects(), custom_objects, "regularizer",
                                                  legacy=use_legacy_format)


def get(identifier):
    """Mirrors ``tf.keras.regularizers.get``: None, a name ('l2'), a config or a callable.

    Raises:
      ValueError: anything else, or an unknown name."""
    return object_config.get_object(identifier, deserialize, "regularizer")


# tf.compat.v1.layers take regularizers by name or config as Keras layers do (ops/layers_base.py).
layers_base.REGULARIZER_RESOLVERS.append(get)
