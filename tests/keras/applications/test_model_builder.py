"""Weights loading of tf.keras.applications (tfcompat._src.keras.applications.model_builder) against tf-keras
2.21: ``weights='imagenet'`` fetches tf-keras's file name from the Keras cache (``~/.keras/models``) or its URL,
``weights=<path>`` loads that file, ``input_tensor`` wiring. No network: the cache is a temporary HOME and URL
fetches are refused. Expected values: real TF (plus one live-only cross-load of a tf-keras-written file)."""
from __future__ import annotations

import os
import urllib.error
import urllib.request

import numpy as np
import pytest

from tests.keras.applications.programs import fixed_weights, image_batch


@pytest.fixture
def keras_home(monkeypatch, tmp_path):
    """A temporary ``~`` (tf-keras 2.21's get_file always caches under ``~/.keras``) with no network."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("KERAS_HOME", raising=False)
    os.makedirs(tmp_path / ".keras" / "models")

    def offline(*args, **kwargs):
        raise urllib.error.URLError("offline (test)")

    monkeypatch.setattr(urllib.request, "urlopen", offline)
    try:
        import tf_keras.src.utils.data_utils as tf_keras_data_utils
    except ImportError:
        tf_keras_data_utils = None
    if tf_keras_data_utils is not None:
        monkeypatch.setattr(tf_keras_data_utils, "urlopen", offline)
    return tmp_path / ".keras" / "models"


_CACHED_CASES = [
    ("mobilenet_v2", "MobileNetV2", dict(input_shape=(32, 32, 3), include_top=False, alpha=0.35),
     "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_224_no_top.h5"),
    ("mobilenet_v2", "MobileNetV2", dict(input_shape=(96, 96, 3), alpha=0.35),
     "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_96.h5"),
    ("mobilenet", "MobileNet", dict(input_shape=(128, 128, 3), include_top=False, alpha=0.25),
     "mobilenet_2_5_128_tf_no_top.h5"),
]


@pytest.mark.parametrize("module, constructor, kwargs, fname", _CACHED_CASES,
                         ids=["mnv2_notop", "mnv2_top96", "mobilenet_notop128"])
def test_imagenet_weights_from_cache(oracle, keras_home, module, constructor, kwargs, fname):
    """A file under tf-keras's cache name is loaded without a download (these checkpoints have no hash)."""
    def prog(tf):
        tf.keras.backend.clear_session()
        build = getattr(getattr(tf.keras.applications, module), constructor)
        source = build(weights=None, **kwargs)
        source.set_weights(fixed_weights(source.weights))
        source.save_weights(str(keras_home / fname))
        model = build(weights="imagenet", **kwargs)
        x = image_batch((1,) + kwargs["input_shape"])
        y = model(x)
        return model.name, y / tf.reduce_max(tf.abs(y))
    oracle.check(prog, rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("constructor, kwargs, url", [
    ("VGG16", dict(include_top=False), "vgg16/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5"),
    ("VGG19", dict(include_top=False, input_shape=(32, 32, 3)),
     "vgg19/vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5"),
    ("ResNet50", dict(include_top=False), "resnet/resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5"),
    ("MobileNetV2", dict(include_top=False, alpha=0.5, input_shape=(100, 100, 3)),
     "mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_224_no_top.h5"),
    ("MobileNet", dict(alpha=0.25, input_shape=(128, 128, 3)), "mobilenet/mobilenet_2_5_128_tf.h5"),
], ids=["vgg16", "vgg19", "resnet50", "mnv2", "mobilenet"])
def test_imagenet_weights_download_url(oracle, keras_home, constructor, kwargs, url):
    """Absent from the cache, the weights are fetched from tf-keras's URL (the refused fetch names it)."""
    def prog(tf):
        tf.keras.backend.clear_session()
        return getattr(tf.keras.applications, constructor)(weights="imagenet", **kwargs).name
    oracle.check(prog, match_message="https://storage.googleapis.com/tensorflow/keras-applications/" + url)


def test_weights_from_path_and_input_tensor(oracle, tmp_path):
    """``weights=<h5 path>`` and a Keras ``input_tensor`` computed from another Input (the model's inputs are
    that tensor's source inputs)."""
    path = str(tmp_path / "mobilenet_weights.h5")

    def prog(tf):
        tf.keras.backend.clear_session()
        source = tf.keras.applications.MobileNet(weights=None, include_top=False, input_shape=(32, 32, 3),
                                                 alpha=0.25)
        source.set_weights(fixed_weights(source.weights))
        source.save_weights(path)
        inp = tf.keras.Input(shape=(32, 32, 3))
        x = tf.keras.layers.Rescaling(1.0 / 127.5, offset=-1.0)(inp)
        model = tf.keras.applications.MobileNet(weights=path, include_top=False, input_tensor=x, pooling="avg",
                                                alpha=0.25)
        y = model(image_batch((2, 32, 32, 3)))
        return (model.name, [layer.name for layer in model.layers[:3]], model.input_shape,
                y / tf.reduce_max(tf.abs(y)))
    oracle.check(prog, rtol=2e-4, atol=2e-5)


def test_frozen_base_for_transfer_learning(oracle):
    """TF's transfer-learning recipe: a frozen headless base under a new head; only the head trains."""
    def prog(tf):
        tf.keras.backend.clear_session()
        base = tf.keras.applications.MobileNetV2(input_shape=(32, 32, 3), include_top=False, weights=None,
                                                 alpha=0.35)
        base.set_weights(fixed_weights(base.weights))
        base.trainable = False
        inputs = tf.keras.Input(shape=(32, 32, 3))
        x = tf.keras.applications.mobilenet_v2.preprocess_input(inputs)
        x = base(x, training=False)
        x = tf.keras.layers.GlobalAveragePooling2D()(x)
        outputs = tf.keras.layers.Dense(2, kernel_initializer="ones")(x)
        model = tf.keras.Model(inputs, outputs)
        model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
        history = model.fit(image_batch((4, 32, 32, 3)), np.ones((4, 2), "float32"), epochs=2, verbose=0)
        return (len(model.trainable_weights), len(model.non_trainable_weights), history.history["loss"],
                model.layers[-1].kernel)
    oracle.check(prog, rtol=1e-3, atol=1e-4)  # two SGD steps on features up to ~260: float32 accumulation


def test_cross_loads_tf_keras_checkpoint(oracle, keras_home):
    """Live only (needs tf-keras to write the file): a tf-keras-saved checkpoint under the ImageNet cache name
    loads into tfcompat's model and gives tf-keras's outputs."""
    tf = oracle.tf
    import tfcompat
    fname = "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_224_no_top.h5"
    tf.keras.backend.clear_session()
    tf.keras.utils.set_random_seed(3)
    reference = tf.keras.applications.MobileNetV2(input_shape=(32, 32, 3), include_top=False, weights=None)
    reference.save_weights(str(keras_home / fname))
    x = tf.keras.applications.mobilenet_v2.preprocess_input(image_batch((2, 32, 32, 3)))
    want = reference(x).numpy()
    model = tfcompat.keras.applications.MobileNetV2(input_shape=(32, 32, 3), include_top=False, weights="imagenet")
    np.testing.assert_allclose(np.asarray(model(x)), want, rtol=2e-4, atol=1e-5)


def test_imagenet_weights_file_names_the_top_and_notop_files():
    """The file tf-keras fetches for EfficientNet(V2), ConvNeXt and RegNet: ``{model_name}.h5`` / ``_notop.h5``
    under the base URL with the matching hash (expected by hand from tf-keras's ``BASE_WEIGHTS_PATH + fname``);
    other ``weights`` fetch nothing and do not look the hash up."""
    from tfcompat._src.keras.applications.model_builder import WeightsFile, imagenet_weights_file
    hashes = {"b0": ("top-md5", "notop-md5")}
    assert imagenet_weights_file("imagenet", True, "efficientnetb0", "https://h/", hashes, "b0") == WeightsFile(
        "efficientnetb0.h5", "https://h/efficientnetb0.h5", "top-md5")
    assert imagenet_weights_file("imagenet", False, "efficientnetb0", "https://h/", hashes, "b0") == WeightsFile(
        "efficientnetb0_notop.h5", "https://h/efficientnetb0_notop.h5", "notop-md5")
    assert imagenet_weights_file(None, True, "my_net", "https://h/", hashes, "no such key") is None
    assert imagenet_weights_file("/some/file.h5", False, "my_net", "https://h/", hashes, "no such key") is None


@pytest.mark.parametrize("data_format, bn_axis, channel_axis", [("channels_last", 3, -1), ("channels_first", 1, 1)])
def test_channel_axes_follow_the_image_data_format(data_format, bn_axis, channel_axis):
    """tf-keras's applications spell the channel axis 3/1 for most BatchNormalization layers and -1/1 for
    MobileNet's and Xception's (by hand, from tf-keras's sources); the layer configs keep the difference."""
    from tfcompat._src.keras import backend
    from tfcompat._src.keras.applications import model_builder
    saved = backend.image_data_format()
    backend.set_image_data_format(data_format)
    try:
        assert (model_builder.batch_norm_axis(), model_builder.channel_axis()) == (bn_axis, channel_axis)
    finally:
        backend.set_image_data_format(saved)
