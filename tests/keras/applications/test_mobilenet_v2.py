"""tf.keras.applications.mobilenet_v2 (tfcompat._src.keras.applications.mobilenet_v2) against tf-keras 2.21:
structure (name, parameters, layer and weight names), outputs and gradients with fixed weights, argument checks.
Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import app_program


@pytest.mark.parametrize("kwargs, batch_shape, gradient", [
    (dict(input_shape=(32, 32, 3), include_top=False, weights=None), (2, 32, 32, 3), True),
    (dict(input_shape=(40, 48, 3), alpha=0.35, classes=7, weights=None, classifier_activation=None),
     (1, 40, 48, 3), False),
    (dict(input_shape=(32, 32, 3), alpha=1.4, include_top=False, weights=None, pooling="max"), (1, 32, 32, 3),
     False),
], ids=["notop_grad", "top_alpha035", "alpha14_maxpool"])
def test_mobilenet_v2_matches_tf_keras(oracle, kwargs, batch_shape, gradient):
    oracle.check(app_program("mobilenet_v2", "MobileNetV2", kwargs, batch_shape, gradient=gradient),
                 rtol=2e-4, atol=2e-5)


def test_default_size_from_input_tensor(oracle):
    """The model name takes the size of a Keras ``input_tensor``; a square checkpoint size is kept."""
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(96, 96, 3))
        x = tf.keras.layers.Rescaling(1.0 / 127.5, offset=-1)(inp)
        model = tf.keras.applications.MobileNetV2(input_tensor=x, include_top=False, weights=None, alpha=0.35)
        return model.name, [layer.name for layer in model.layers[:3]], model.output_shape
    oracle.check(prog)


@pytest.mark.parametrize("kwargs", [
    dict(weights="imagenet", alpha=0.6, include_top=False, input_shape=(96, 96, 3)),
    dict(weights="imagenet", classes=10),
    dict(weights="no/such/file.h5"),
    dict(weights=None, input_shape=(31, 64, 3), include_top=False),
    dict(weights=None, input_shape=(None, None, 3)),
    dict(weights=None, include_top=False, input_shape=(96, 96, 3), unknown_arg=1),
    dict(weights="imagenet", classifier_activation="relu", input_shape=(224, 224, 3)),
], ids=["alpha", "classes", "missing_file", "too_small", "top_needs_static_shape", "unknown_kwarg",
        "activation"])
def test_argument_errors(oracle, kwargs):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.MobileNetV2(**kwargs).name
    oracle.check(prog)


def test_layers_keyword_is_rejected():
    """Known deviation ``keras-applications-layers-kwarg``: tf-keras's private ``layers=`` override is an unknown
    argument here (expected by hand: tf-keras's own unknown-argument ValueError)."""
    import tfcompat as tf
    from tests.known_deviations import DEVIATIONS
    assert "layers=" in DEVIATIONS["keras-applications-layers-kwarg"]
    with pytest.raises(ValueError, match="Unknown argument"):
        tf.keras.applications.MobileNetV2(weights=None, include_top=False, input_shape=(32, 32, 3),
                                          layers=tf.keras.layers)
