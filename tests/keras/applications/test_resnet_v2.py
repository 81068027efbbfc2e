"""tf.keras.applications.resnet_v2 (tfcompat._src.keras.applications.resnet_v2) against tf-keras 2.21:
structure, outputs with fixed weights ('tf' preprocessing). Expected values: real TF."""
from __future__ import annotations

from tests.keras.applications.programs import app_program


def test_resnet50v2_matches_tf_keras(oracle):
    oracle.check(app_program("resnet_v2", "ResNet50V2", dict(input_shape=(32, 32, 3), weights=None, classes=5),
                             (2, 32, 32, 3)), rtol=2e-4, atol=2e-5)


def test_resnet101v2_structure(oracle):
    """ResNet101V2 (ResNet152V2 differs only in its block counts and is not built here: building is slow)."""
    constructor = "ResNet101V2"
    oracle.check(app_program("resnet_v2", constructor, dict(input_shape=(32, 32, 3), include_top=False,
                                                            weights=None), None, forward=False))
