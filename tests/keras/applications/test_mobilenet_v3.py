"""tf.keras.applications.MobileNetV3Small/Large and mobilenet_v3 (tfcompat._src.keras.applications.mobilenet_v3)
against tf-keras 2.21: structure (automatically named ReLU/operator layers of hard-swish included), outputs with
fixed weights on raw pixels (rescaling in the model), minimalistic variant, the size check. Expected values:
real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import app_program


@pytest.mark.parametrize("constructor, kwargs, batch_shape", [
    ("MobileNetV3Small", dict(input_shape=(32, 32, 3), weights=None, classes=3), (2, 32, 32, 3)),
    ("MobileNetV3Small", dict(input_shape=(32, 32, 3), include_top=False, weights=None, minimalistic=True,
                              pooling="avg"), (1, 32, 32, 3)),
    ("MobileNetV3Large", dict(input_shape=(32, 32, 3), include_top=False, weights=None, alpha=0.75,
                              include_preprocessing=False), (1, 32, 32, 3)),
], ids=["small_top", "small_minimalistic", "large_no_preprocessing"])
def test_mobilenet_v3_matches_tf_keras(oracle, constructor, kwargs, batch_shape):
    oracle.check(app_program("mobilenet_v3", constructor, kwargs, batch_shape), rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("kwargs", [
    dict(weights=None, input_shape=(31, 64, 3)),
    dict(weights="imagenet", alpha=0.5, include_top=False, input_shape=(224, 224, 3)),
], ids=["too_small", "alpha"])
def test_argument_errors(oracle, kwargs):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.MobileNetV3Small(**kwargs).name
    oracle.check(prog)
