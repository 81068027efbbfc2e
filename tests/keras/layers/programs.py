"""Oracle programs shared by the layer tests: build a layer, give its weights fixed values, run it forward and
backward under a GradientTape. Expected values come from running the same program under real TF."""
from __future__ import annotations

import numpy as np


def fixed_weights(weights, scale=0.5, offset_variance=True):
    """Deterministic values for a list of weights (variance-like weights kept positive)."""
    out = []
    for i, w in enumerate(weights):
        value = np.random.RandomState(i + 10).randn(*w.shape.as_list()) * scale
        if offset_variance and "variance" in w.name:
            value = np.abs(value) + 0.5
        out.append(value.astype(w.dtype.as_numpy_dtype))
    return out


def layer_program(make_layer, shape, training=None, dtype="float32", int_high=None, seed=0, call_kwargs=None):
    """``prog(tf)``: outputs, gradients (inputs and trainable weights), weight names and values after a call."""
    def prog(tf):
        tf.keras.backend.clear_session()
        rng = np.random.RandomState(seed)
        if int_high:
            x = tf.constant(rng.randint(0, int_high, size=shape).astype(dtype))
        else:
            x = tf.constant(rng.randn(*shape).astype(dtype))
        layer = make_layer(tf)
        kwargs = dict(call_kwargs or {})
        if training is not None:
            kwargs["training"] = training
        layer(x, **kwargs)
        layer.set_weights(fixed_weights(layer.weights))
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = layer(x, **kwargs)
            outputs = tf.nest.flatten(y)
            loss = tf.add_n([tf.reduce_sum(tf.square(v)) for v in outputs if v.dtype.is_floating])
        sources = ([x] if not int_high else []) + layer.trainable_weights
        grads = [None if g is None else tf.convert_to_tensor(g) for g in tape.gradient(loss, sources)]
        return outputs, grads, [w.name for w in layer.weights], [w.numpy() for w in layer.weights]
    return prog


def config_program(make_layer, shape):
    """``prog(tf)``: the layer's config after building (serialized as Keras does) and a from_config round trip's
    config."""
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = make_layer(tf)
        layer(tf.zeros(shape))
        config = layer.get_config()
        clone = type(layer).from_config(config)
        return _plain(config), _plain(clone.get_config())
    return prog


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(type(value).__name__)


def multi_input_program(make_layer, shapes, call, seed=0, masks=None):
    """``prog(tf)`` for layers taking several inputs: ``call(layer, inputs, masks)`` runs the layer on constants of
    ``shapes`` (``masks``: optional boolean arrays handed to ``call``); returns outputs, gradients (inputs and
    trainable weights), weight names and values."""
    def prog(tf):
        tf.keras.backend.clear_session()
        rng = np.random.RandomState(seed)
        xs = [tf.constant(rng.randn(*shape).astype("float32")) for shape in shapes]
        mask_tensors = None if masks is None else [None if m is None else tf.constant(m) for m in masks]
        layer = make_layer(tf)
        call(layer, xs, mask_tensors)
        layer.set_weights(fixed_weights(layer.weights))
        with tf.GradientTape() as tape:
            tape.watch(xs)
            outputs = tf.nest.flatten(call(layer, xs, mask_tensors))
            loss = tf.add_n([tf.reduce_sum(tf.square(v)) for v in outputs])
        grads = [None if g is None else tf.convert_to_tensor(g)
                 for g in tape.gradient(loss, xs + layer.trainable_weights)]
        return outputs, grads, [w.name for w in layer.weights], [w.numpy() for w in layer.weights]
    return prog


def plain_config(layer):
    """``layer.get_config()`` and its ``from_config`` clone's config as plain data (TF's ListWrapper/TensorShape
    values become lists/strings)."""
    config = layer.get_config()
    return _plain(config), _plain(type(layer).from_config(config).get_config())
