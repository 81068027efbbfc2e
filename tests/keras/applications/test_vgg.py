"""tf.keras.applications.vgg16 / vgg19 (tfcompat._src.keras.applications.vgg) against tf-keras 2.21: structure,
outputs with fixed weights (caffe preprocessing), argument checks. Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import app_program


@pytest.mark.parametrize("module, constructor, kwargs, batch_shape", [
    ("vgg16", "VGG16", dict(input_shape=(32, 32, 3), include_top=False, weights=None, pooling="avg"),
     (2, 32, 32, 3)),
    ("vgg19", "VGG19", dict(input_shape=(32, 32, 3), include_top=False, weights=None), (1, 32, 32, 3)),
], ids=["vgg16_avg", "vgg19_notop"])
def test_vgg_matches_tf_keras(oracle, module, constructor, kwargs, batch_shape):
    oracle.check(app_program(module, constructor, kwargs, batch_shape), rtol=2e-4, atol=2e-5)


def test_vgg16_top_structure(oracle):
    """The top (flatten, fc1, fc2, predictions) on a non-default input: structure only (fc1 alone is large)."""
    oracle.check(app_program("vgg16", "VGG16", dict(input_shape=(32, 32, 3), weights=None, classes=3), None,
                             forward=False))


@pytest.mark.parametrize("kwargs", [
    dict(weights="imagenet", input_shape=(32, 32, 3)),
    dict(weights="imagenet", include_top=False, input_shape=(32, 32, 1)),
    dict(weights=None, include_top=False, input_shape=(32, 32)),
    dict(weights=None, include_top=False, input_shape=(16, 16, 3)),
], ids=["imagenet_top_shape", "imagenet_channels", "rank", "too_small"])
def test_input_shape_errors(oracle, kwargs):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.VGG16(**kwargs).name
    oracle.check(prog)
