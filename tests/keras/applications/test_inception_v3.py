"""tf.keras.applications.inception_v3 (tfcompat._src.keras.applications.inception_v3) against tf-keras 2.21:
structure (its automatically named conv/BN layers included), outputs with fixed weights, the minimum size.
Expected values: real TF."""
from __future__ import annotations

from tests.keras.applications.programs import app_program


def test_inception_v3_matches_tf_keras(oracle):
    oracle.check(app_program("inception_v3", "InceptionV3", dict(input_shape=(75, 75, 3), include_top=False,
                                                                 weights=None), (1, 75, 75, 3)),
                 rtol=2e-4, atol=2e-5)


def test_minimum_size(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.InceptionV3(weights=None, include_top=False, input_shape=(74, 80, 3)).name
    oracle.check(prog)
