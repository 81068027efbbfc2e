"""``tf.keras.applications.xception`` (tf-keras 2.21): Xception (depthwise separable convolutions with residual
connections), with the same layer names (the residual convs, BNs and adds keep Keras' automatic names),
defaults, checks and ImageNet weight files."""
from __future__ import annotations

from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, channel_axis, classifier_or_pooling, finish_model, model_image_input,
)

__all__ = ["Xception", "preprocess_input", "decode_predictions"]

_BASE_URL = "https://storage.googleapis.com/tensorflow/keras-applications/xception/"
_TOP = WeightsFile("xception_weights_tf_dim_ordering_tf_kernels.h5",
                   _BASE_URL + "xception_weights_tf_dim_ordering_tf_kernels.h5", "0a58e3b7378bc2990ea3b43d5981f1f6")
_NOTOP = WeightsFile("xception_weights_tf_dim_ordering_tf_kernels_notop.h5",
                     _BASE_URL + "xception_weights_tf_dim_ordering_tf_kernels_notop.h5",
                     "b0042744bf5b25fce3cb969f33bebb97")


def _sepconv_bn(x, filters: int, name: str):
    x = layers.SeparableConv2D(filters, (3, 3), padding="same", use_bias=False, name=name)(x)
    return layers.BatchNormalization(axis=channel_axis(), name=name + "_bn")(x)


def _strided_residual(x, filters: int):
    residual = layers.Conv2D(filters, (1, 1), strides=(2, 2), padding="same", use_bias=False)(x)
    return layers.BatchNormalization(axis=channel_axis())(residual)


def _downsampling_block(x, block: int, filters1: int, filters2: int, first_relu: bool = True):
    """Entry/exit-flow block: [ReLU] sepconv-BN, ReLU sepconv-BN, 3x3/2 max pool, plus a strided 1x1 shortcut.
    Block 2 has no leading ReLU, and tf-keras names its only ReLU ``block2_sepconv2_act``."""
    residual = _strided_residual(x, filters2)
    prefix = f"block{block}"
    if first_relu:
        x = layers.Activation("relu", name=prefix + "_sepconv1_act")(x)
    x = _sepconv_bn(x, filters1, prefix + "_sepconv1")
    x = layers.Activation("relu", name=prefix + "_sepconv2_act")(x)
    x = _sepconv_bn(x, filters2, prefix + "_sepconv2")
    x = layers.MaxPooling2D((3, 3), strides=(2, 2), padding="same", name=prefix + "_pool")(x)
    return layers.add([x, residual])


def Xception(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
             pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.Xception``: the functional model ``xception`` (default input 299x299,
    minimum 71x71).

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=299, min_size=71)
    axis = channel_axis()
    x = layers.Conv2D(32, (3, 3), strides=(2, 2), use_bias=False, name="block1_conv1")(img_input)
    x = layers.BatchNormalization(axis=axis, name="block1_conv1_bn")(x)
    x = layers.Activation("relu", name="block1_conv1_act")(x)
    x = layers.Conv2D(64, (3, 3), use_bias=False, name="block1_conv2")(x)
    x = layers.BatchNormalization(axis=axis, name="block1_conv2_bn")(x)
    x = layers.Activation("relu", name="block1_conv2_act")(x)
    x = _downsampling_block(x, 2, 128, 128, first_relu=False)
    x = _downsampling_block(x, 3, 256, 256)
    x = _downsampling_block(x, 4, 728, 728)
    for i in range(8):  # middle flow
        residual = x
        prefix = f"block{i + 5}"
        for conv in (1, 2, 3):
            x = layers.Activation("relu", name=f"{prefix}_sepconv{conv}_act")(x)
            x = _sepconv_bn(x, 728, f"{prefix}_sepconv{conv}")
        x = layers.add([x, residual])
    x = _downsampling_block(x, 13, 728, 1024)
    x = _sepconv_bn(x, 1536, "block14_sepconv1")
    x = layers.Activation("relu", name="block14_sepconv1_act")(x)
    x = _sepconv_bn(x, 2048, "block14_sepconv2")
    x = layers.Activation("relu", name="block14_sepconv2_act")(x)
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights)
    return finish_model(input_tensor, img_input, x, "xception", weights, _TOP if include_top else _NOTOP)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.xception.preprocess_input``: mode 'tf' (scale to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.xception.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
