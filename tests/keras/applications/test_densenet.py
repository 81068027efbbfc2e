"""tf.keras.applications.densenet (tfcompat._src.keras.applications.densenet) against tf-keras 2.21: structure,
outputs with fixed weights ('torch' preprocessing). Expected values: real TF."""
from __future__ import annotations

from tests.keras.applications.programs import app_program


def test_densenet121_matches_tf_keras(oracle):
    oracle.check(app_program("densenet", "DenseNet121", dict(input_shape=(32, 32, 3), weights=None, classes=3),
                             (2, 32, 32, 3)), rtol=2e-4, atol=2e-5)


def test_densenet169_structure(oracle):
    oracle.check(app_program("densenet", "DenseNet169", dict(input_shape=(32, 32, 3), include_top=False,
                                                             weights=None, pooling="max"), None, forward=False))
