"""The steps every ``tf.keras.applications`` constructor shares (tf-keras 2.21): argument checks, the image input,
the optional global pooling, the functional ``Model`` and loading ImageNet or user weights."""
from __future__ import annotations

import os
from typing import NamedTuple

from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.engine.input_layer import Input
from tfcompat._src.keras.engine.training import Model
from tfcompat._src.keras.utils import data_utils, layer_utils

__all__ = ["WeightsFile", "check_weights_argument", "image_input", "channel_axis", "global_pool",
           "classifier_or_pooling", "finish_model"]


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


def channel_axis() -> int:
    return 1 if backend.image_data_format() == "channels_first" else -1


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
