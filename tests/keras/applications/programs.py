"""Oracle programs shared by the application tests: build a ``tf.keras.applications`` model, give its weights
fixed values (the same arrays under TF and tfcompat, so this is set_weights(get_weights()) without a second
framework in the program), run a fixed preprocessed batch through it. Expected values come from running the same
program under real TF (tf-keras 2.21)."""
from __future__ import annotations

import re

import numpy as np


def fixed_weights(weights) -> list:
    """He-scaled deterministic values (BN variances positive, depthwise kernels scaled by their own fan-in;
    Normalization layers keep their values)."""
    out = []
    for i, w in enumerate(weights):
        shape = tuple(w.shape.as_list())
        rng = np.random.RandomState(1000 + i)
        name = w.name
        if re.match(r"(normalization(_\d+)?|\w+_prestem_normalization)/", name):
            # The in-model Normalization (EfficientNet(V2), ResNetRS, ConvNeXt) keeps its defaults: tfcompat's
            # set_weights does not yet call finalize_state as tf-keras's does (see test_efficientnet's
            # weights-file test).
            value = w.numpy()
        elif "moving_variance" in name:
            value = rng.uniform(0.5, 1.5, shape)
        elif "gamma" in name:
            value = 1.0 + 0.1 * rng.randn(*shape)
        elif len(shape) == 1:
            value = 0.1 * rng.randn(*shape)
        else:
            fan_in = np.prod(shape[:-2]) if "depthwise" in name else np.prod(shape[:-1])
            value = rng.randn(*shape) * np.sqrt(2.0 / fan_in)
        out.append(np.asarray(value).astype(w.dtype.as_numpy_dtype))
    return out


def image_batch(shape, seed: int = 0) -> np.ndarray:
    """A batch of 'pixels' in [0, 255]."""
    return np.random.RandomState(seed).uniform(0, 255, shape).astype(np.float32)


def structure(model) -> dict:
    """What tf-keras's model looks like: name, parameter count, layer names and classes, weight names."""
    return {"name": model.name, "params": model.count_params(),
            "trainable_params": int(sum(np.prod(w.shape.as_list()) for w in model.trainable_weights)),
            "layers": [layer.name for layer in model.layers],
            "classes": [type(layer).__name__ for layer in model.layers],
            "weights": [w.name for w in model.weights],
            "input_shape": model.input_shape, "output_shape": model.output_shape}


def app_program(module: str, constructor: str, kwargs: dict, batch_shape, *, forward: bool = True,
                gradient: bool = False):
    """``prog(tf)``: the model's structure and, with ``forward``, its output on ``module.preprocess_input`` of a
    fixed batch (scaled by its max magnitude); with ``gradient``, the gradient of sum(y^2) (first kernel in full,
    scaled likewise; per-weight sums of squares)."""
    def prog(tf):
        tf.keras.backend.clear_session()
        mod = getattr(tf.keras.applications, module)
        # MobileNetV3Small/Large exist only at the top of tf.keras.applications, not in mobilenet_v3.
        build = getattr(mod, constructor) if hasattr(mod, constructor) else getattr(tf.keras.applications,
                                                                                  constructor)
        model = build(**kwargs)
        return _model_result(tf, model, mod.preprocess_input, batch_shape if forward else None, gradient)
    return prog


def _model_result(tf, model, preprocess_input, batch_shape, gradient: bool) -> dict:
    result = structure(model)
    if batch_shape is not None:
        model.set_weights(fixed_weights(model.weights))
        x = tf.constant(preprocess_input(image_batch(batch_shape)))
        with tf.GradientTape() as tape:
            y = model(x, training=False)
            loss = tf.reduce_sum(y * y)
        # Scaled by their largest magnitude, so one tolerance fits every architecture's output range.
        y_max = tf.reduce_max(tf.abs(y))
        result["y_max"], result["y_scaled"] = y_max, y / y_max
        if gradient:
            grads = tape.gradient(loss, model.trainable_weights)
            result["grad_first_kernel_scaled"] = grads[0] / tf.reduce_max(tf.abs(grads[0]))
            result["grad_sq_sums"] = [tf.reduce_sum(g * g) for g in grads]
    return result


def summary_program(module: str, constructor: str, kwargs: dict, line_length: int = 110):
    """``prog(tf)``: the model's structure and the lines ``model.summary()`` prints (tf-keras's text, character
    for character), from one build."""
    def prog(tf):
        tf.keras.backend.clear_session()
        model = getattr(getattr(tf.keras.applications, module), constructor)(**kwargs)
        lines = []
        model.summary(line_length=line_length, print_fn=lines.append)
        return structure(model), lines
    return prog


def builder_program(family: str, builder: str, kwargs: dict, batch_shape, *, gradient: bool = False):
    """``prog(tf)``: ``app_program``'s checks on a model from a family's internal builder (tf-keras's
    ``tf_keras.src.applications.<family>.<builder>``, tfcompat's ``tfcompat._src.keras.applications.<family>``),
    for configurations much smaller than any public variant, built by the same code."""
    def prog(tf):
        import importlib
        tf.keras.backend.clear_session()
        package = "tf_keras.src" if tf.__name__.startswith("tensorflow") else "tfcompat._src.keras"
        build = getattr(importlib.import_module(f"{package}.applications.{family}"), builder)
        return _model_result(tf, build(**kwargs), lambda x: x, batch_shape, gradient)
    return prog
