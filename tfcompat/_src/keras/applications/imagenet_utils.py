"""``tf.keras.applications.imagenet_utils`` (tf-keras 2.21): ImageNet input preprocessing (modes ``caffe``,
``tf``, ``torch``), prediction decoding, and the input-shape checks every application shares."""
from __future__ import annotations

import json
import logging
import warnings
from typing import Any

import numpy as np

from tfcompat._src.keras import activations, backend, backend_math, backend_nn
from tfcompat._src.keras.utils import data_utils

__all__ = ["preprocess_input", "decode_predictions", "obtain_input_shape", "correct_pad", "validate_activation",
           "CLASS_INDEX_PATH"]

CLASS_INDEX_PATH = "https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json"
_CLASS_INDEX_MD5 = "c2c37ea517e94d9795004a39431a14cb"
CLASS_INDEX: dict | None = None  # the decoded class index, loaded once (module attribute as tf-keras)

# Per-channel statistics of ImageNet (RGB order for torch, BGR order for caffe), as tf-keras.
_CAFFE_MEAN_BGR = (103.939, 116.779, 123.68)
_TORCH_MEAN = (0.485, 0.456, 0.406)
_TORCH_STD = (0.229, 0.224, 0.225)
_MODES = ("caffe", "tf", "torch")

_logger = logging.getLogger("tensorflow")  # tf-keras logs through tf_logging


def preprocess_input(x: Any, data_format: str | None = None, mode: str = "caffe") -> Any:
    """Mirrors ``tf.keras.applications.imagenet_utils.preprocess_input``.

    ``mode``: ``caffe`` (RGB->BGR, subtract the ImageNet channel means), ``tf`` (scale to [-1, 1]) or ``torch``
    (scale to [0, 1], then normalise each channel by ImageNet's mean and std). A float numpy array is modified in
    place (as tf-keras) and returned; other numpy arrays are converted to ``floatx()`` first; tensors give a new
    tensor.

    Raises:
      ValueError: unknown ``mode`` or ``data_format``."""
    if mode not in _MODES:
        raise ValueError(f"Expected mode to be one of `caffe`, `tf` or `torch`. Received: mode={mode}")
    if data_format is None:
        data_format = backend.image_data_format()
    elif data_format not in {"channels_first", "channels_last"}:
        raise ValueError("Expected data_format to be one of `channels_first` or `channels_last`. "
                         f"Received: data_format={data_format}")
    if isinstance(x, np.ndarray):
        return _preprocess_numpy(x, data_format, mode)
    return _preprocess_tensor(x, data_format, mode)


def _channel_stats(mode: str):
    """(mean, std or None) for a mode; caffe's mean is in BGR order (the input is flipped first)."""
    if mode == "torch":
        return _TORCH_MEAN, _TORCH_STD
    return _CAFFE_MEAN_BGR, None


def _flip_channels(x, data_format: str, ndim: int):
    if data_format == "channels_first":
        return x[::-1, ...] if ndim == 3 else x[:, ::-1, ...]
    return x[..., ::-1]


def _preprocess_numpy(x: np.ndarray, data_format: str, mode: str) -> np.ndarray:
    if not issubclass(x.dtype.type, np.floating):
        x = x.astype(backend.floatx(), copy=False)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
    else:
        x = _flip_channels(x, data_format, x.ndim)
    mean, std = _channel_stats(mode)
    for c in range(3):
        if data_format == "channels_first":
            index = (c,) if x.ndim == 3 else (slice(None), c)
        else:
            index = (Ellipsis, c)
        x[index] -= mean[c]
        if std is not None:
            x[index] /= std[c]
    return x


def _preprocess_tensor(x, data_format: str, mode: str):
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
    else:
        x = _flip_channels(x, data_format, backend_math.ndim(x))
    mean, std = _channel_stats(mode)
    # tf-keras builds the negated mean as a float32 constant, then casts it to x's dtype when they differ.
    neg_mean = backend_math.constant(-np.array(mean))
    if backend_math.dtype(x) != backend_math.dtype(neg_mean):
        neg_mean = backend_math.cast(neg_mean, backend_math.dtype(x))
    x = backend_nn.bias_add(x, neg_mean, data_format=data_format)
    if std is not None:
        std_tensor = backend_math.constant(np.array(std), dtype=backend_math.dtype(x))
        if data_format == "channels_first":
            std_tensor = backend_math.reshape(std_tensor, (-1, 1, 1))
        x /= std_tensor
    return x


def _load_class_index() -> dict:
    global CLASS_INDEX
    if CLASS_INDEX is None:
        path = data_utils.get_file("imagenet_class_index.json", CLASS_INDEX_PATH, cache_subdir="models",
                                   file_hash=_CLASS_INDEX_MD5)
        with open(path) as f:
            CLASS_INDEX = json.load(f)
    return CLASS_INDEX


def decode_predictions(preds: Any, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.imagenet_utils.decode_predictions``: per sample, the ``top`` classes as
    ``(class_name, class_description, score)`` tuples, best first. The class index JSON comes from
    ``keras.utils.get_file`` (cached under ``~/.keras/models``), as tf-keras.

    Raises:
      ValueError: ``preds`` is not of shape ``(samples, 1000)``."""
    if len(preds.shape) != 2 or preds.shape[1] != 1000:
        raise ValueError("`decode_predictions` expects a batch of predictions (i.e. a 2D array of shape "
                         f"(samples, 1000)). Found array with shape: {preds.shape}")
    class_index = _load_class_index()
    results = []
    for pred in preds:
        top_indices = pred.argsort()[-top:][::-1]
        result = [tuple(class_index[str(i)]) + (pred[i],) for i in top_indices]
        result.sort(key=lambda entry: entry[2], reverse=True)
        results.append(result)
    return results


def _warn_unusual_channels(channels) -> None:
    if channels not in {1, 3}:
        warnings.warn("This model usually expects 1 or 3 input channels. However, it was passed an input_shape "
                      f"with {channels} input channels.", stacklevel=3)


def obtain_input_shape(input_shape, default_size: int, min_size: int, data_format: str, require_flatten: bool,
                       weights=None):
    """Mirrors tf-keras's ``imagenet_utils.obtain_input_shape``: the model's input shape (``None`` dims allowed
    when there is no top), checked against the minimum size and channel count.

    Raises:
      ValueError: wrong rank, too small, not 3 channels with ImageNet weights, a non-default shape with the
        ImageNet top, or an undefined size with a top."""
    channels_first = data_format == "channels_first"
    if weights != "imagenet" and input_shape and len(input_shape) == 3:
        channels = input_shape[0] if channels_first else input_shape[-1]
        _warn_unusual_channels(channels)
        default_shape = (channels, default_size, default_size) if channels_first else (
            default_size, default_size, channels)
    else:
        default_shape = (3, default_size, default_size) if channels_first else (default_size, default_size, 3)
    if weights == "imagenet" and require_flatten:
        if input_shape is not None and input_shape != default_shape:
            raise ValueError("When setting `include_top=True` and loading `imagenet` weights, `input_shape` should "
                             f"be {default_shape}.  Received: input_shape={input_shape}")
        return default_shape
    if input_shape:
        if len(input_shape) != 3:
            raise ValueError("`input_shape` must be a tuple of three integers.")
        channels = input_shape[0] if channels_first else input_shape[-1]
        if channels != 3 and weights == "imagenet":
            raise ValueError(f"The input must have 3 channels; Received `input_shape={input_shape}`")
        spatial = input_shape[1:] if channels_first else input_shape[:2]
        if any(dim is not None and dim < min_size for dim in spatial):
            raise ValueError(f"Input size must be at least {min_size}x{min_size}; Received: "
                             f"input_shape={input_shape}")
    elif require_flatten:
        input_shape = default_shape
    else:
        input_shape = (3, None, None) if channels_first else (None, None, 3)
    if require_flatten and None in input_shape:
        raise ValueError("If `include_top` is True, you should specify a static `input_shape`. "
                         f"Received: input_shape={input_shape}")
    return input_shape


def correct_pad(inputs, kernel_size) -> tuple:
    """Mirrors tf-keras's ``imagenet_utils.correct_pad``: the ZeroPadding2D amounts that make a stride-2 'valid'
    convolution of ``kernel_size`` behave like TF's 'same' on even and odd input sizes."""
    img_dim = 2 if backend.image_data_format() == "channels_first" else 1
    input_size = backend_math.int_shape(inputs)[img_dim:img_dim + 2]
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    adjust = (1, 1) if input_size[0] is None else (1 - input_size[0] % 2, 1 - input_size[1] % 2)
    correct = (kernel_size[0] // 2, kernel_size[1] // 2)
    return ((correct[0] - adjust[0], correct[0]), (correct[1] - adjust[1], correct[1]))


def validate_activation(classifier_activation, weights) -> None:
    """Mirrors tf-keras's ``imagenet_utils.validate_activation``: pretrained weights allow only ``None`` or
    ``softmax`` on the classifier.

    Raises:
      ValueError: another activation with ``weights`` set."""
    if weights is None:
        return
    classifier_activation = activations.get(classifier_activation)
    if classifier_activation not in {activations.get("softmax"), activations.get(None)}:
        raise ValueError("Only `None` and `softmax` activations are allowed for the `classifier_activation` "
                         "argument when using pretrained weights, with `include_top=True`; Received: "
                         f"classifier_activation={classifier_activation}")


def warn_default_weights_size(sizes) -> None:
    """The warning tf-keras logs when MobileNet's ImageNet weights fall back to the 224x224 checkpoint."""
    _logger.warning("`input_shape` is undefined or non-square, or `rows` is not in %s. Weights for input shape "
                    "(224, 224) will be loaded as the default.", list(sizes))
