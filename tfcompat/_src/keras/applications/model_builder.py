"""The steps every ``tf.keras.applications`` constructor shares (tf-keras 2.21): argument checks, the image input,
the optional global pooling, the functional ``Model`` and loading ImageNet or user weights."""
from __future__ import annotations

import os
from collections.abc import Mapping
from typing import NamedTuple

from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.engine.input_layer import Input
from tfcompat._src.keras.engine.training import Model
from tfcompat._src.keras.utils import data_utils, layer_utils

__all__ = ["WeightsFile", "check_weights_argument", "image_input", "model_image_input", "source_input",
           "channel_axis", "batch_norm_axis", "imagenet_normalization", "global_pool", "classifier_or_pooling",
           "imagenet_weights_file", "finish_model"]


class WeightsFile(NamedTuple):
    """A pretrained weights file as tf-keras fetches it: cache file name, URL, and hash (None: unchecked)."""
    fname: str
    url: str
    file_hash: str | None = None


def check_weights_argument(weights, include_top: bool, classes: int) -> None:
    """tf-keras's first checks: ``weights`` is None, 'imagenet' or an existing file; ImageNet's top has 1000
    classes.

    Raises:
      ValueError: either check fails."""
    if not (weights in {"imagenet", None} or os.path.exists(weights)):
        raise ValueError("The `weights` argument should be either `None` (random initialization), `imagenet` "
                         "(pre-training on ImageNet), or the path to the weights file to be loaded.  "
                         f"Received: weights={weights}")
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError('If using `weights` as `"imagenet"` with `include_top` as true, `classes` should be 1000.  '
                         f"Received: classes={classes}")


def image_input(input_tensor, input_shape):
    """The model's image input: a new ``Input``, an ``Input`` wrapping a non-Keras ``input_tensor``, or the
    Keras tensor itself."""
    if input_tensor is None:
        return Input(shape=input_shape)
    if not backend.is_keras_tensor(input_tensor):
        return Input(tensor=input_tensor, shape=input_shape)
    return input_tensor


def model_image_input(input_tensor, input_shape, *, weights, include_top: bool, classes: int, default_size: int,
                      min_size: int = 32):
    """The start most constructors share, in tf-keras's order: ``check_weights_argument``, then
    ``imagenet_utils.obtain_input_shape`` (``default_size``, ``min_size``, flattened when ``include_top``), then
    ``image_input``. Returns ``(input_shape, img_input)``.

    Raises:
      ValueError: bad ``weights``, ``classes`` or ``input_shape``."""
    check_weights_argument(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=min_size,
                                                    data_format=backend.image_data_format(),
                                                    require_flatten=include_top, weights=weights)
    return input_shape, image_input(input_tensor, input_shape)


def source_input(input_tensor, img_input):
    """The input ConvNeXt and RegNet build from: as tf-keras, a Keras ``input_tensor`` contributes only its source
    Input (the layers between that Input and ``input_tensor`` are not part of the model)."""
    return layer_utils.get_source_inputs(input_tensor)[0] if input_tensor is not None else img_input


def channel_axis() -> int:
    return 1 if backend.image_data_format() == "channels_first" else -1


def batch_norm_axis() -> int:
    """The channel axis as most applications spell it for BatchNormalization (and Normalization): 3 or 1 (not -1,
    which ``channel_axis`` gives; the layers' configs keep the difference)."""
    return 3 if backend.image_data_format() == "channels_last" else 1


def imagenet_normalization(x, axis: int):
    """The in-model ImageNet normalisation of [0, 1] pixels (EfficientNetV2's B variants, ResNetRS): an unnamed
    ``Normalization`` with ImageNet's per-channel mean and variance, as tf-keras."""
    return layers.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229 ** 2, 0.224 ** 2, 0.225 ** 2],
                                axis=axis)(x)


def global_pool(x, pooling, avg_name: str | None = None, max_name: str | None = None):
    """``pooling`` of a headless model: 'avg' or 'max' global pooling; anything else keeps the 4D features."""
    if pooling == "avg":
        return layers.GlobalAveragePooling2D(name=avg_name)(x)
    if pooling == "max":
        return layers.GlobalMaxPooling2D(name=max_name)(x)
    return x


def classifier_or_pooling(x, include_top: bool, pooling, classes: int, classifier_activation, weights, *,
                          top_pool_name: str | None = "avg_pool", dropout_rate: float = 0.0,
                          dense_kwargs: dict | None = None, avg_name: str | None = None,
                          max_name: str | None = None):
    """The tail most applications share: with ``include_top``, global average pooling (``top_pool_name``), a
    Dropout named 'top_dropout' when ``dropout_rate`` > 0, and the Dense 'predictions' classifier (its
    activation checked against ``weights``); without it, ``global_pool`` with ``avg_name``/``max_name``.

    Raises:
      ValueError: a classifier activation other than softmax/None with pretrained weights."""
    if not include_top:
        return global_pool(x, pooling, avg_name=avg_name, max_name=max_name)
    x = layers.GlobalAveragePooling2D(name=top_pool_name)(x)
    if dropout_rate > 0:
        x = layers.Dropout(dropout_rate, name="top_dropout")(x)
    imagenet_utils.validate_activation(classifier_activation, weights)
    return layers.Dense(classes, activation=classifier_activation, name="predictions", **(dense_kwargs or {}))(x)


def imagenet_weights_file(weights, include_top: bool, model_name: str, base_url: str,
                          hashes: Mapping[str, tuple[str, str]], hash_key: str) -> WeightsFile | None:
    """For ``weights='imagenet'``: ``{model_name}.h5`` (top) or ``{model_name}_notop.h5`` under ``base_url``,
    checked against ``hashes[hash_key]`` = (top hash, notop hash), as EfficientNet(V2), ConvNeXt and RegNet name
    theirs; None for other ``weights`` (``hashes`` is then not looked at)."""
    if weights != "imagenet":
        return None
    fname = model_name + (".h5" if include_top else "_notop.h5")
    return WeightsFile(fname, base_url + fname, hashes[hash_key][0 if include_top else 1])


def finish_model(input_tensor, img_input, outputs, name: str, weights, imagenet_file: WeightsFile | None) -> Model:
    """The functional model from the image input (or ``input_tensor``'s source inputs) to ``outputs``, with
    ``weights`` loaded: 'imagenet' fetches ``imagenet_file`` with ``keras.utils.get_file`` into
    ``~/.keras/models`` (as tf-keras; KERAS_HOME is not consulted), a path is loaded as is."""
    inputs = layer_utils.get_source_inputs(input_tensor) if input_tensor is not None else img_input
    model = Model(inputs, outputs, name=name)
    if weights == "imagenet":
        if imagenet_file is not None:
            path = data_utils.get_file(imagenet_file.fname, imagenet_file.url, cache_subdir="models",
                                       file_hash=imagenet_file.file_hash)
            _load_weights(model, path)
    elif weights is not None:
        _load_weights(model, weights)
    return model


def _load_weights(model: Model, path: str) -> None:
    model.load_weights(path)
    # tf-keras's HDF5 loader calls every layer's ``finalize_state`` after assigning (hdf5_format.py), so that
    # EfficientNet's Normalization uses the loaded mean/variance; tfcompat's loader does not (yet), so do it here.
    for layer in model.layers:
        finalize = getattr(layer, "finalize_state", None)
        if finalize is not None:
            finalize()
