"""tf.keras.applications.efficientnet (tfcompat._src.keras.applications.efficientnet) against tf-keras 2.21:
structure (in-model Rescaling/Normalization, SE blocks, drop-connect), outputs with fixed weights, the
pass-through preprocess_input. Expected values: real TF."""
from __future__ import annotations

import numpy as np

from tests.keras.applications.programs import app_program, fixed_weights, image_batch


def test_efficientnet_b0_matches_tf_keras(oracle):
    oracle.check(app_program("efficientnet", "EfficientNetB0", dict(input_shape=(32, 32, 3), weights=None,
                                                                    classes=3), (2, 32, 32, 3)),
                 rtol=2e-4, atol=2e-5)


def test_normalization_stats_from_weights_file(oracle, tmp_path):
    """EfficientNet's in-model Normalization takes its mean/variance from a loaded weights file (as with the
    ImageNet checkpoints, which store ImageNet's statistics there)."""
    path = str(tmp_path / "efficientnet.h5")

    def prog(tf):
        tf.keras.backend.clear_session()
        source = tf.keras.applications.EfficientNetB0(input_shape=(32, 32, 3), include_top=False, weights=None,
                                                      pooling="avg")
        values = fixed_weights(source.weights)
        values[0], values[1] = np.array([120.0, 110.0, 100.0], "float32"), np.array([900.0, 3600.0, 400.0],
                                                                                     "float32")
        assert source.weights[0].name.endswith("mean:0") and source.weights[1].name.endswith("variance:0")
        # The variables are written directly, since set_weights alone does not refresh the layer in tfcompat.
        for w, v in zip(source.weights, values):
            w.assign(v)
        source.save_weights(path)
        model = tf.keras.applications.EfficientNetB0(input_shape=(32, 32, 3), include_top=False, weights=path,
                                                     pooling="avg")
        y = model(image_batch((1, 32, 32, 3)))
        return y / tf.reduce_max(tf.abs(y))
    oracle.check(prog, rtol=2e-4, atol=2e-5)


def test_preprocess_input_is_identity(oracle):
    def prog(tf):
        x = np.arange(12, dtype="float32").reshape(1, 2, 2, 3)
        return tf.keras.applications.efficientnet.preprocess_input(x) is x
    oracle.check(prog)
