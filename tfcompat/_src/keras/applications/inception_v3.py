"""``tf.keras.applications.inception_v3`` (tf-keras 2.21): Inception V3, with the same layer names (its
conv/BN layers keep Keras' automatic names), defaults, checks and ImageNet weight files."""
from __future__ import annotations

from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, classifier_or_pooling, finish_model, model_image_input,
)

__all__ = ["InceptionV3", "conv2d_bn", "preprocess_input", "decode_predictions"]

_BASE_URL = "https://storage.googleapis.com/tensorflow/keras-applications/inception_v3/"
_TOP = WeightsFile("inception_v3_weights_tf_dim_ordering_tf_kernels.h5",
                   _BASE_URL + "inception_v3_weights_tf_dim_ordering_tf_kernels.h5", "9a0d58056eeedaa3f26cb7ebd46da564")
_NOTOP = WeightsFile("inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5",
                     _BASE_URL + "inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5",
                     "bcbd6486424b2319ff4ef7d526e38f63")


def _axis() -> int:
    return 1 if backend.image_data_format() == "channels_first" else 3


def conv2d_bn(x, filters: int, num_row: int, num_col: int, padding: str = "same", strides=(1, 1),
              name: str | None = None):
    """Conv2D (no bias) + BatchNormalization (no scale) + ReLU, named ``{name}_conv``/``{name}_bn``/``name``."""
    x = layers.Conv2D(filters, (num_row, num_col), strides=strides, padding=padding, use_bias=False,
                      name=None if name is None else name + "_conv")(x)
    x = layers.BatchNormalization(axis=_axis(), scale=False, name=None if name is None else name + "_bn")(x)
    return layers.Activation("relu", name=name)(x)


def _avg_pool_branch(x, filters: int):
    branch = layers.AveragePooling2D((3, 3), strides=(1, 1), padding="same")(x)
    return conv2d_bn(branch, filters, 1, 1)


def _block_35(x, pool_filters: int, name: str):
    """mixed0-2: 35x35 blocks (1x1, 5x5, double 3x3, pool)."""
    branch1x1 = conv2d_bn(x, 64, 1, 1)
    branch5x5 = conv2d_bn(x, 48, 1, 1)
    branch5x5 = conv2d_bn(branch5x5, 64, 5, 5)
    branch3x3dbl = conv2d_bn(x, 64, 1, 1)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3)
    branch_pool = _avg_pool_branch(x, pool_filters)
    return layers.concatenate([branch1x1, branch5x5, branch3x3dbl, branch_pool], axis=_axis(), name=name)


def _block_17(x, filters_7x7: int, name: str):
    """mixed4-7: 17x17 blocks with factorised 7x7 convolutions."""
    branch1x1 = conv2d_bn(x, 192, 1, 1)
    branch7x7 = conv2d_bn(x, filters_7x7, 1, 1)
    branch7x7 = conv2d_bn(branch7x7, filters_7x7, 1, 7)
    branch7x7 = conv2d_bn(branch7x7, 192, 7, 1)
    branch7x7dbl = conv2d_bn(x, filters_7x7, 1, 1)
    branch7x7dbl = conv2d_bn(branch7x7dbl, filters_7x7, 7, 1)
    branch7x7dbl = conv2d_bn(branch7x7dbl, filters_7x7, 1, 7)
    branch7x7dbl = conv2d_bn(branch7x7dbl, filters_7x7, 7, 1)
    branch7x7dbl = conv2d_bn(branch7x7dbl, 192, 1, 7)
    branch_pool = _avg_pool_branch(x, 192)
    return layers.concatenate([branch1x1, branch7x7, branch7x7dbl, branch_pool], axis=_axis(), name=name)


def _block_8(x, index: int):
    """mixed9-10: 8x8 blocks with split 1x3/3x1 branches."""
    axis = _axis()
    branch1x1 = conv2d_bn(x, 320, 1, 1)
    branch3x3 = conv2d_bn(x, 384, 1, 1)
    branch3x3_1 = conv2d_bn(branch3x3, 384, 1, 3)
    branch3x3_2 = conv2d_bn(branch3x3, 384, 3, 1)
    branch3x3 = layers.concatenate([branch3x3_1, branch3x3_2], axis=axis, name=f"mixed9_{index}")
    branch3x3dbl = conv2d_bn(x, 448, 1, 1)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 384, 3, 3)
    branch3x3dbl_1 = conv2d_bn(branch3x3dbl, 384, 1, 3)
    branch3x3dbl_2 = conv2d_bn(branch3x3dbl, 384, 3, 1)
    branch3x3dbl = layers.concatenate([branch3x3dbl_1, branch3x3dbl_2], axis=axis)
    branch_pool = _avg_pool_branch(x, 192)
    return layers.concatenate([branch1x1, branch3x3, branch3x3dbl, branch_pool], axis=axis,
                              name=f"mixed{9 + index}")


def InceptionV3(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
                pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.InceptionV3``: the functional model ``inception_v3`` (default input
    299x299, minimum 75x75).

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=299, min_size=75)
    axis = _axis()
    x = conv2d_bn(img_input, 32, 3, 3, strides=(2, 2), padding="valid")
    x = conv2d_bn(x, 32, 3, 3, padding="valid")
    x = conv2d_bn(x, 64, 3, 3)
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = conv2d_bn(x, 80, 1, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, 3, padding="valid")
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = _block_35(x, 32, "mixed0")
    x = _block_35(x, 64, "mixed1")
    x = _block_35(x, 64, "mixed2")
    # mixed3: 35x35 -> 17x17
    branch3x3 = conv2d_bn(x, 384, 3, 3, strides=(2, 2), padding="valid")
    branch3x3dbl = conv2d_bn(x, 64, 1, 1)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = layers.concatenate([branch3x3, branch3x3dbl, branch_pool], axis=axis, name="mixed3")
    x = _block_17(x, 128, "mixed4")
    x = _block_17(x, 160, "mixed5")
    x = _block_17(x, 160, "mixed6")
    x = _block_17(x, 192, "mixed7")
    # mixed8: 17x17 -> 8x8
    branch3x3 = conv2d_bn(x, 192, 1, 1)
    branch3x3 = conv2d_bn(branch3x3, 320, 3, 3, strides=(2, 2), padding="valid")
    branch7x7x3 = conv2d_bn(x, 192, 1, 1)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 1, 7)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 7, 1)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = layers.concatenate([branch3x3, branch7x7x3, branch_pool], axis=axis, name="mixed8")
    x = _block_8(x, 0)
    x = _block_8(x, 1)
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights)
    return finish_model(input_tensor, img_input, x, "inception_v3", weights, _TOP if include_top else _NOTOP)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.inception_v3.preprocess_input``: mode 'tf' (scale to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.inception_v3.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
