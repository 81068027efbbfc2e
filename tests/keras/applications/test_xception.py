"""tf.keras.applications.xception (tfcompat._src.keras.applications.xception) against tf-keras 2.21: structure
(automatically named residual layers included), outputs with fixed weights, the minimum size. Expected values:
real TF."""
from __future__ import annotations

from tests.keras.applications.programs import app_program


def test_xception_matches_tf_keras(oracle):
    oracle.check(app_program("xception", "Xception", dict(input_shape=(71, 71, 3), include_top=False, weights=None,
                                                          pooling="avg"), (1, 71, 71, 3)), rtol=2e-4, atol=2e-5)


def test_minimum_size(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.Xception(weights=None, include_top=False, input_shape=(70, 90, 3)).name
    oracle.check(prog)
