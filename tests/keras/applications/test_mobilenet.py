"""tf.keras.applications.mobilenet (tfcompat._src.keras.applications.mobilenet) against tf-keras 2.21:
structure, outputs with fixed weights, argument checks. Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import app_program


@pytest.mark.parametrize("kwargs, batch_shape", [
    (dict(input_shape=(32, 32, 3), weights=None, classes=6, alpha=0.5), (2, 32, 32, 3)),
    (dict(input_shape=(36, 36, 3), include_top=False, weights=None, depth_multiplier=2, alpha=0.25,
          pooling="avg"), (1, 36, 36, 3)),
], ids=["top_alpha05", "depth_multiplier"])
def test_mobilenet_matches_tf_keras(oracle, kwargs, batch_shape):
    oracle.check(app_program("mobilenet", "MobileNet", kwargs, batch_shape), rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("kwargs", [
    dict(weights="imagenet", depth_multiplier=2, include_top=False, input_shape=(128, 128, 3)),
    dict(weights="imagenet", alpha=0.3, include_top=False, input_shape=(128, 128, 3)),
], ids=["depth_multiplier", "alpha"])
def test_imagenet_argument_errors(oracle, kwargs):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.MobileNet(**kwargs).name
    oracle.check(prog)
