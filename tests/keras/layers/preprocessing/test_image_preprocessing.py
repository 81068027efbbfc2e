"""Rescaling, Resizing, CenterCrop and the Random* image layers (tfcompat._src.keras.layers.preprocessing.
image_preprocessing) against tf-keras 2.21: values, shapes, dtypes; seeded random layers draw TF's own values (the
same Philox Generator), inference mode is identity (RandomCrop resizes). Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import plain_config

IMAGES = np.arange(2 * 5 * 6 * 3, dtype=np.float32).reshape(2, 5, 6, 3)
L = lambda name, *a, **kw: (lambda tf: getattr(tf.keras.layers, name)(*a, **kw))  # noqa: E731

DETERMINISTIC = {
    "rescaling": L("Rescaling", 1 / 255.0, offset=-0.5),
    "resizing_bilinear": L("Resizing", 3, 4),
    "resizing_nearest": L("Resizing", 7, 9, interpolation="nearest"),
    "resizing_bicubic_crop": L("Resizing", 4, 4, interpolation="bicubic", crop_to_aspect_ratio=True),
    "center_crop": L("CenterCrop", 3, 4),
    "center_crop_upsize": L("CenterCrop", 7, 7),
    "experimental_rescaling": lambda tf: tf.keras.layers.experimental.preprocessing.Rescaling(2.0),
}
RANDOM = {
    "flip": L("RandomFlip", seed=1),
    "flip_horizontal": L("RandomFlip", "horizontal", seed=7),
    "crop": L("RandomCrop", 3, 3, seed=2),
    "contrast": L("RandomContrast", 0.5, seed=3),
    "brightness": L("RandomBrightness", (-0.2, 0.4), seed=4),
    "height": L("RandomHeight", 0.3, seed=5),
    "width": L("RandomWidth", (0.2, 0.5), seed=6, interpolation="nearest"),
}


@pytest.mark.parametrize("name", sorted(DETERMINISTIC))
def test_deterministic_layers(name, oracle):
    def prog(tf):
        layer = DETERMINISTIC[name](tf)
        return layer(IMAGES), layer(IMAGES[0]), layer(IMAGES.astype(np.uint8)).dtype
    oracle.check(prog, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_seeded_random_layers_draw_tf_values(name, oracle):
    def prog(tf):
        layer = RANDOM[name](tf)
        return layer(IMAGES), layer(IMAGES), layer(IMAGES, training=False)
    oracle.check(prog, rtol=1e-5, atol=1e-3)


def test_random_layers_inactive_in_predict(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model = tf.keras.Sequential([tf.keras.layers.RandomFlip(seed=1), tf.keras.layers.RandomContrast(0.3),
                                     tf.keras.layers.RandomCrop(4, 4), tf.keras.layers.Rescaling(0.5)])
        return model.predict(IMAGES, verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("name", ["center_crop", "resizing_nearest"])
def test_config_round_trip(name, oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = DETERMINISTIC[name](tf)
        return plain_config(layer)
    oracle.check(prog)


@pytest.mark.parametrize("make,message", [
    (L("RandomFlip", "diagonal"), "unknown mode"), (L("RandomContrast", -0.1), "cannot have negative"),
    (L("RandomBrightness", 2.0), "in the range [-1.0, 1.0]"), (L("RandomHeight", (0.5, 0.1)), "upper bound"),
    (L("Resizing", 2, 2, interpolation="cubic"), "interpolation")])
def test_bad_arguments(make, message, oracle):
    oracle.check(lambda tf: make(tf), match_message=message)
