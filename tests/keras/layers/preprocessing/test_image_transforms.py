"""RandomRotation, RandomZoom, RandomTranslation (tfcompat._src.keras.layers.preprocessing.image_transforms)
against tf-keras 2.21: seeded draws and TF's ImageProjectiveTransformV3 sampling for every fill mode and
interpolation; inference mode is identity. Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import plain_config

IMAGES = np.arange(2 * 5 * 6 * 3, dtype=np.float32).reshape(2, 5, 6, 3)
L = lambda name, *a, **kw: (lambda tf: getattr(tf.keras.layers, name)(*a, **kw))  # noqa: E731
CASES = {
    "rotation_reflect": L("RandomRotation", 0.2, seed=1),
    "rotation_constant_nearest": L("RandomRotation", 0.3, seed=1, fill_mode="constant", interpolation="nearest",
                                   fill_value=-1.0),
    "rotation_wrap": L("RandomRotation", 0.5, seed=1, fill_mode="wrap"),
    "rotation_nearest_fill": L("RandomRotation", (-0.4, 0.1), seed=9, fill_mode="nearest"),
    "zoom": L("RandomZoom", 0.5, seed=2),
    "zoom_two_factors_constant": L("RandomZoom", (-0.5, 0.3), (0.2, 0.6), seed=2, fill_mode="constant"),
    "translation": L("RandomTranslation", 0.4, 0.4, seed=3),
    "translation_wrap_nearest": L("RandomTranslation", 0.9, 0.9, seed=3, fill_mode="wrap",
                                  interpolation="nearest"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_transform_layers_match_tf(name, oracle):
    def prog(tf):
        layer = CASES[name](tf)
        return layer(IMAGES), layer(IMAGES[1]), layer(IMAGES, training=False)
    oracle.check(prog, rtol=1e-4, atol=2e-3)


def test_config_round_trip(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.RandomZoom(0.2, (0.1, 0.3), fill_mode="constant", seed=3)
        return plain_config(layer)
    oracle.check(prog)


@pytest.mark.parametrize("make,message", [(L("RandomRotation", 0.2, fill_mode="mirror"), "fill_mode"),
                                          (L("RandomZoom", 1.5), "between [-1, 1]"),
                                          (L("RandomTranslation", 0.1, 1.2), "between [-1, 1]")])
def test_bad_arguments(make, message, oracle):
    oracle.check(lambda tf: make(tf), match_message=message)
