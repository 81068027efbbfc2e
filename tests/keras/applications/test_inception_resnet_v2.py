"""tf.keras.applications.inception_resnet_v2 (tfcompat._src.keras.applications.inception_resnet_v2) against
tf-keras 2.21: structure (automatically named layers and CustomScaleLayer included) and outputs with fixed
weights at the minimum size; the scale layer's config. Expected values: real TF."""
from __future__ import annotations

from tests.keras.applications.programs import app_program


def test_inception_resnet_v2_matches_tf_keras(oracle):
    oracle.check(app_program("inception_resnet_v2", "InceptionResNetV2",
                             dict(input_shape=(75, 75, 3), include_top=False, weights=None, pooling="max"),
                             (1, 75, 75, 3)), rtol=2e-4, atol=2e-5)


def test_custom_scale_layer_config(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model = tf.keras.applications.InceptionResNetV2(input_shape=(75, 75, 3), include_top=False, weights=None)
        layer = [layer for layer in model.layers if type(layer).__name__ == "CustomScaleLayer"][-1]
        config = layer.get_config()
        return layer.name, config["scale"], config["name"], tf.keras.utils.get_registered_name(type(layer))
    oracle.check(prog)
