"""``tf.keras.activations`` (mirrors tf-keras 2.21's ``activations.py`` and the activation functions of its
``backend.py``) with ``get``/``serialize``/``deserialize``.

``softmax`` and ``sigmoid`` record their input as the output's logits (tf-keras sets ``output._keras_logits``),
so Keras crossentropies given their output use the logits, as in tf-keras."""
from __future__ import annotations

import sys
import types

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.keras import object_config
from tfcompat._src.keras.losses_utils import set_keras_logits
from tfcompat._src.ops import array_ops, layers_base, math_ops, nn_ops, reduction_ops

__all__ = ["softmax", "elu", "selu", "softplus", "softsign", "swish", "relu", "gelu", "tanh", "sigmoid",
           "exponential", "hard_sigmoid", "linear", "mish", "serialize", "deserialize", "get"]

# TF op names that serialize under their Keras name.
_TF_ACTIVATIONS_V2 = {"softmax_v2": "softmax"}


def softmax(x, axis=-1):
    """Mirrors ``tf.keras.activations.softmax``: ``tf.nn.softmax`` along ``axis`` (an int), or
    ``exp(x - max) / sum(exp(x - max))`` over several axes.

    Raises:
      ValueError: ``x`` has rank <= 1 (Keras's message)."""
    x = convert_to_tensor(x)
    if x.shape.rank is not None and x.shape.rank <= 1:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    if isinstance(axis, int):
        output = nn_ops.softmax(x, axis=axis)
    else:
        numerator = math_ops.exp(math_ops.subtract(x, reduction_ops.reduce_max(x, axis=axis, keepdims=True)))
        output = math_ops.truediv(numerator, reduction_ops.reduce_sum(numerator, axis=axis, keepdims=True))
    set_keras_logits(output, x)
    return output


def elu(x, alpha=1.0):
    """Mirrors ``tf.keras.activations.elu``: ``x`` if ``x > 0`` else ``alpha * (exp(x) - 1)``."""
    x = convert_to_tensor(x)
    res = nn_ops.elu(x)
    if alpha == 1:
        return res
    return array_ops.where(math_ops.greater(x, 0), res, math_ops.multiply(alpha, res))


def selu(x):
    """Mirrors ``tf.keras.activations.selu`` (``tf.nn.selu``)."""
    return nn_ops.selu(x)


def softplus(x):
    """Mirrors ``tf.keras.activations.softplus``: ``log(exp(x) + 1)``."""
    return nn_ops.softplus(x)


def softsign(x):
    """Mirrors ``tf.keras.activations.softsign``: ``x / (|x| + 1)``."""
    return nn_ops.softsign(x)


def swish(x):
    """Mirrors ``tf.keras.activations.swish`` (``tf.nn.silu``): ``x * sigmoid(x)``."""
    return nn_ops.swish(x)


def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    """Mirrors ``tf.keras.activations.relu`` (``keras.backend.relu``): ``max(x, 0)``, or ``x`` above
    ``threshold`` and ``alpha * (x - threshold)`` below it, capped at ``max_value``."""
    x = convert_to_tensor(x)
    dtype = x.dtype
    negative_part = None
    if alpha != 0.0:
        if max_value is None and threshold == 0:
            return nn_ops.leaky_relu(x, alpha=alpha)
        if threshold != 0:
            negative_part = nn_ops.relu(math_ops.add(math_ops.negative(x), threshold))
        else:
            negative_part = nn_ops.relu(math_ops.negative(x))
    clip_max = max_value is not None
    if threshold != 0:
        x = math_ops.multiply(x, math_ops.cast(math_ops.greater(x, threshold), dtype))
    elif max_value == 6:
        x = nn_ops.relu6(x)
        clip_max = False
    else:
        x = nn_ops.relu(x)
    if clip_max:
        x = math_ops.clip_by_value(x, convert_to_tensor(0, dtype=x.dtype), convert_to_tensor(max_value, dtype=x.dtype))
    if negative_part is not None:
        x = math_ops.subtract(x, math_ops.multiply(convert_to_tensor(alpha, dtype=x.dtype), negative_part))
    return x


def gelu(x, approximate=False):
    """Mirrors ``tf.keras.activations.gelu`` (``tf.nn.gelu``; tanh approximation when ``approximate``)."""
    return nn_ops.gelu(x, approximate)


def tanh(x):
    """Mirrors ``tf.keras.activations.tanh``."""
    return math_ops.tanh(x)


def sigmoid(x):
    """Mirrors ``tf.keras.activations.sigmoid``: ``1 / (1 + exp(-x))`` (the output remembers its logits)."""
    x = convert_to_tensor(x)
    output = math_ops.sigmoid(x)
    set_keras_logits(output, x)
    return output


def exponential(x):
    """Mirrors ``tf.keras.activations.exponential``: ``exp(x)``."""
    return math_ops.exp(x)


def hard_sigmoid(x):
    """Mirrors ``tf.keras.activations.hard_sigmoid`` (tf-keras's formula): ``clip(0.2 * x + 0.5, 0, 1)``."""
    x = convert_to_tensor(x)
    x = math_ops.add(math_ops.multiply(x, convert_to_tensor(0.2, dtype=x.dtype)),
                     convert_to_tensor(0.5, dtype=x.dtype))
    return math_ops.clip_by_value(x, 0.0, 1.0)


def linear(x):
    """Mirrors ``tf.keras.activations.linear``: ``x`` unchanged."""
    return x


def mish(x):
    """Mirrors ``tf.keras.activations.mish``: ``x * tanh(softplus(x))``."""
    x = convert_to_tensor(x)
    return math_ops.multiply(x, math_ops.tanh(nn_ops.softplus(x)))


# Also resolvable by name (tf-keras's activations module holds them), though not exported by tf.keras.activations.
leaky_relu = nn_ops.leaky_relu
log_softmax = nn_ops.log_softmax
relu6 = nn_ops.relu6
silu = nn_ops.swish


def _module_objects() -> dict:
    objects = object_config.module_objects(globals(), __all__)
    objects.update(leaky_relu=leaky_relu, log_softmax=log_softmax, relu6=relu6, silu=silu)
    return objects


def serialize(activation, use_legacy_format=False):
    """Mirrors ``tf.keras.activations.serialize``: a built-in activation function's name ('relu'); a config dict
    for other functions and for activation objects (layers)."""
    name = getattr(activation, "__name__", None)
    if name in _TF_ACTIVATIONS_V2:
        return _TF_ACTIVATIONS_V2[name]
    if isinstance(activation, (types.FunctionType, types.BuiltinFunctionType)) and name in _module_objects():
        return name
    # Other functions (tf-keras: "registered" ones) and activation layers serialize to a config dict.
    return object_config.serialize_keras_object(activation)


def deserialize(name, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.activations.deserialize``: the activation function (or activation layer) named.

    Raises:
      ValueError: an unknown name."""
    objects = _module_objects()
    # The activation layers (a higher layer of the package) resolve by name once they have been imported.
    layers = sys.modules.get("tfcompat._src.keras.layers")
    for layer_name in ("ReLU", "LeakyReLU", "PReLU", "ELU", "Softmax", "ThresholdedReLU"):
        if layers is not None and hasattr(layers, layer_name):
            objects[layer_name] = getattr(layers, layer_name)
    fn = object_config.deserialize_keras_object(name, objects, custom_objects, "activation function",
                                                legacy=use_legacy_format)
    if isinstance(fn, str):
        raise ValueError(f"Unknown activation function '{name}' cannot be deserialized.")
    return fn


def get(identifier):
    """Mirrors ``tf.keras.activations.get``: ``linear`` for None, a function for a name or config, a callable
    unchanged.

    Raises:
      TypeError: anything else. ValueError: an unknown name."""
    return object_config.get_object(identifier, deserialize, "activation function", none=linear, error=TypeError)


# tf.compat.v1.layers take activations by name as Keras layers do (ops/layers_base.py).
layers_base.ACTIVATION_RESOLVERS.append(get)
