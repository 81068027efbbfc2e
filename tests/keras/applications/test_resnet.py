"""tf.keras.applications.resnet / resnet50 (tfcompat._src.keras.applications.resnet) against tf-keras 2.21:
structure, outputs with fixed weights, the deeper variants' structure. Expected values: real TF."""
from __future__ import annotations

from tests.keras.applications.programs import app_program


def test_resnet50_matches_tf_keras(oracle):
    oracle.check(app_program("resnet50", "ResNet50", dict(input_shape=(32, 32, 3), include_top=False,
                                                          weights=None, pooling="max"), (2, 32, 32, 3)),
                 rtol=2e-4, atol=2e-5)


def test_resnet50_top_with_classifier_activation(oracle):
    oracle.check(app_program("resnet", "ResNet50", dict(input_shape=(32, 32, 3), weights=None, classes=4,
                                                        classifier_activation=None), (1, 32, 32, 3)),
                 rtol=2e-4, atol=2e-5)


def test_resnet101_structure(oracle):
    """ResNet101 (ResNet152 differs only in its block counts and is not built here: building is slow)."""
    constructor = "ResNet101"
    oracle.check(app_program("resnet", constructor, dict(input_shape=(32, 32, 3), include_top=False,
                                                         weights=None), None, forward=False))


def test_unknown_argument(oracle):
    def prog(tf):
        return tf.keras.applications.ResNet50(weights=None, include_top=False, input_shape=(32, 32, 3),
                                              dropout=0.5).name
    oracle.check(prog)
