"""The kernel/bias arguments and weights that tf-keras's Dense, EinsumDense and convolution layers share."""
from __future__ import annotations

from tfcompat._src.keras import constraints, initializers, regularizers

__all__ = ["set_kernel_bias_args", "add_kernel_and_bias", "kernel_bias_config"]


def set_kernel_bias_args(layer, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         kernel_constraint, bias_constraint) -> None:
    """Sets ``layer``'s kernel/bias initializer, regularizer and constraint attributes, each resolved by
    ``initializers.get``/``regularizers.get``/``constraints.get`` as tf-keras's layers do."""
    layer.kernel_initializer = initializers.get(kernel_initializer)
    layer.bias_initializer = initializers.get(bias_initializer)
    layer.kernel_regularizer = regularizers.get(kernel_regularizer)
    layer.bias_regularizer = regularizers.get(bias_regularizer)
    layer.kernel_constraint = constraints.get(kernel_constraint)
    layer.bias_constraint = constraints.get(bias_constraint)


def add_kernel_and_bias(layer, kernel_shape, bias_shape) -> None:
    """Creates ``layer.kernel`` and ``layer.bias`` (None when ``bias_shape`` is None): trainable weights of the
    layer's dtype with its kernel/bias initializer, regularizer and constraint."""
    layer.kernel = layer.add_weight("kernel", shape=kernel_shape, initializer=layer.kernel_initializer,
                                    regularizer=layer.kernel_regularizer, constraint=layer.kernel_constraint,
                                    dtype=layer.dtype, trainable=True)
    layer.bias = (layer.add_weight("bias", shape=bias_shape, initializer=layer.bias_initializer,
                                   regularizer=layer.bias_regularizer, constraint=layer.bias_constraint,
                                   dtype=layer.dtype, trainable=True) if bias_shape is not None else None)


def kernel_bias_config(layer) -> dict:
    """The serialized kernel/bias initializer, regularizer and constraint config entries (and
    ``activity_regularizer``), in tf-keras's order."""
    return {"kernel_initializer": initializers.serialize(layer.kernel_initializer),
            "bias_initializer": initializers.serialize(layer.bias_initializer),
            "kernel_regularizer": regularizers.serialize(layer.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(layer.bias_regularizer),
            "activity_regularizer": regularizers.serialize(layer.activity_regularizer),
            "kernel_constraint": constraints.serialize(layer.kernel_constraint),
            "bias_constraint": constraints.serialize(layer.bias_constraint)}
