"""tf.keras.applications.imagenet_utils (tfcompat._src.keras.applications.imagenet_utils) against tf-keras 2.21:
preprocess_input's three modes on numpy arrays (in place, int->float) and tensors, both data formats, its errors;
decode_predictions with a stand-in class index; correct_pad. Expected values: real TF, and by hand where noted."""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from tfcompat._src.keras.applications import imagenet_utils


def _pixels(shape, dtype="float32"):
    return np.arange(np.prod(shape)).reshape(shape).astype(dtype) * 7 % 256


@pytest.mark.parametrize("mode", ["caffe", "tf", "torch"])
@pytest.mark.parametrize("data_format, shape", [("channels_last", (2, 2, 3, 3)), ("channels_first", (2, 3, 2, 2)),
                                                ("channels_last", (2, 3, 3)), ("channels_first", (3, 2, 2))],
                         ids=["nhwc", "nchw", "hwc", "chw"])
def test_preprocess_numpy_and_tensor(oracle, mode, data_format, shape):
    def prog(tf):
        x = _pixels(shape)
        numpy_out = tf.keras.applications.imagenet_utils.preprocess_input(x, data_format=data_format, mode=mode)
        tensor_out = tf.keras.applications.imagenet_utils.preprocess_input(tf.constant(_pixels(shape)),
                                                                          data_format=data_format, mode=mode)
        return numpy_out, type(numpy_out).__name__, tensor_out, tensor_out.dtype.name
    oracle.check(prog, rtol=1e-6, atol=1e-5)


def test_preprocess_numpy_in_place_and_int_input(oracle):
    def prog(tf):
        x = _pixels((1, 2, 2, 3))
        out = tf.keras.applications.imagenet_utils.preprocess_input(x, mode="tf")
        ints = tf.keras.applications.imagenet_utils.preprocess_input(_pixels((1, 2, 2, 3), "uint8"), mode="torch")
        f64 = tf.keras.applications.imagenet_utils.preprocess_input(_pixels((1, 2, 2, 3), "float64"), mode="caffe")
        return out is x, x, ints, ints.dtype.name, f64.dtype.name
    oracle.check(prog, atol=1e-5)


def test_preprocess_float64_tensor_keeps_dtype(oracle):
    def prog(tf):
        x = tf.constant(_pixels((1, 2, 2, 3), "float64"))
        return tf.keras.applications.vgg16.preprocess_input(x)
    oracle.check(prog, atol=1e-5)


@pytest.mark.parametrize("kwargs", [dict(mode="bgr"), dict(data_format="NHWC")], ids=["mode", "data_format"])
def test_preprocess_errors(oracle, kwargs):
    def prog(tf):
        return tf.keras.applications.imagenet_utils.preprocess_input(_pixels((1, 2, 2, 3)), **kwargs)
    oracle.check(prog, match_message="Expected")


def test_module_preprocess_modes(oracle):
    """Each application module's preprocess_input uses its mode (caffe: vgg/resnet; tf: the others)."""
    def prog(tf):
        apps = tf.keras.applications
        modules = [apps.vgg16, apps.vgg19, apps.resnet, apps.resnet50, apps.resnet_v2, apps.mobilenet,
                   apps.mobilenet_v2, apps.inception_v3]
        return [m.preprocess_input(_pixels((1, 2, 2, 3))) for m in modules]
    oracle.check(prog, atol=1e-5)


_FAKE_INDEX = {str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}


def _decode_program(preds, top):
    def prog(tf):
        # Seed the module's cached class index (tf-keras and tfcompat both keep it in ``CLASS_INDEX``), so no
        # download is attempted; restored afterwards.
        module = sys.modules[tf.keras.applications.imagenet_utils.decode_predictions.__module__]
        saved = module.CLASS_INDEX
        module.CLASS_INDEX = json.loads(json.dumps(_FAKE_INDEX))
        try:
            return tf.keras.applications.mobilenet_v2.decode_predictions(preds, top=top)
        finally:
            module.CLASS_INDEX = saved
    return prog


def test_decode_predictions(oracle):
    preds = np.random.RandomState(0).rand(2, 1000).astype("float32")
    oracle.check(_decode_program(preds, 3))


def test_decode_predictions_shape_error(oracle):
    oracle.check(_decode_program(np.zeros((2, 10), "float32"), 5))


def test_decode_predictions_fetches_class_index(monkeypatch, tmp_path):
    """The class index is fetched once with tf-keras's get_file arguments (file name, URL, cache subdir, md5);
    expected arguments by hand from tf-keras's imagenet_utils."""
    index_file = tmp_path / "index.json"
    index_file.write_text(json.dumps(_FAKE_INDEX))
    calls = []

    def fake_get_file(fname, origin, **kwargs):
        calls.append((fname, origin, kwargs))
        return str(index_file)

    monkeypatch.setattr(imagenet_utils.data_utils, "get_file", fake_get_file)
    monkeypatch.setattr(imagenet_utils, "CLASS_INDEX", None)
    preds = np.zeros((1, 1000), "float32")
    preds[0, 7] = 1.0
    first = imagenet_utils.decode_predictions(preds, top=1)
    imagenet_utils.decode_predictions(preds, top=1)
    assert first == [[("n00000007", "class_7", np.float32(1.0))]]
    assert calls == [("imagenet_class_index.json",
                      "https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json",
                      {"cache_subdir": "models", "file_hash": "c2c37ea517e94d9795004a39431a14cb"})]


@pytest.mark.parametrize("shape, kernel, want", [
    ((None, 32, 32, 3), 3, ((0, 1), (0, 1))), ((None, 33, 32, 3), 3, ((1, 1), (0, 1))),
    ((None, None, None, 3), 5, ((1, 2), (1, 2))), ((None, 7, 8, 3), (3, 5), ((1, 1), (1, 2))),
])
def test_correct_pad(shape, kernel, want):
    """Expected by hand: k//2 on the right/bottom, one less on the left/top for an even (or unknown) size."""
    import tfcompat as tf
    x = tf.keras.Input(batch_shape=shape)
    assert imagenet_utils.correct_pad(x, kernel) == want
