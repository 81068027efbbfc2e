"""``tf.keras.applications.inception_resnet_v2`` (tf-keras 2.21): Inception-ResNet v2, with the same layer
names (automatically named conv/BN/activation and ``CustomScaleLayer`` layers included), defaults, checks and
ImageNet weight files."""
from __future__ import annotations

from tfcompat._src.keras import backend, backend_math
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, classifier_or_pooling, finish_model, model_image_input,
)
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.utils.object_scope import register_keras_serializable

__all__ = ["InceptionResNetV2", "CustomScaleLayer", "conv2d_bn", "inception_resnet_block", "preprocess_input",
           "decode_predictions"]

BASE_WEIGHT_URL = "https://storage.googleapis.com/tensorflow/keras-applications/inception_resnet_v2/"
_TOP = WeightsFile("inception_resnet_v2_weights_tf_dim_ordering_tf_kernels.h5",
                   BASE_WEIGHT_URL + "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels.h5",
                   "e693bd0210a403b3192acc6073ad2e96")
_NOTOP = WeightsFile("inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
                     BASE_WEIGHT_URL + "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
                     "d19885ff4a710c122648d3b5c3b684e4")


def _axis() -> int:
    return 1 if backend.image_data_format() == "channels_first" else 3


@register_keras_serializable()
class CustomScaleLayer(Layer):
    """tf-keras's ``inception_resnet_v2.CustomScaleLayer``: ``inputs[0] + inputs[1] * scale`` (the scaled
    residual), registered as ``Custom>CustomScaleLayer`` as in tf-keras."""

    def __init__(self, scale, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def get_config(self):
        config = super().get_config()
        config.update({"scale": self.scale})
        return config

    def call(self, inputs):
        return inputs[0] + inputs[1] * self.scale


def conv2d_bn(x, filters: int, kernel_size, strides=1, padding: str = "same", activation="relu",
              use_bias: bool = False, name: str | None = None):
    """Conv2D, then (without bias) BatchNormalization without scale, then the activation."""
    x = layers.Conv2D(filters, kernel_size, strides=strides, padding=padding, use_bias=use_bias, name=name)(x)
    if not use_bias:
        x = layers.BatchNormalization(axis=_axis(), scale=False, name=None if name is None else name + "_bn")(x)
    if activation is not None:
        x = layers.Activation(activation, name=None if name is None else name + "_ac")(x)
    return x


def inception_resnet_block(x, scale: float, block_type: str, block_idx: int, activation="relu"):
    """A residual Inception block (``block35``, ``block17`` or ``block8``) adding ``scale`` times its branches.

    Raises:
      ValueError: unknown ``block_type``."""
    if block_type == "block35":
        branch_0 = conv2d_bn(x, 32, 1)
        branch_1 = conv2d_bn(x, 32, 1)
        branch_1 = conv2d_bn(branch_1, 32, 3)
        branch_2 = conv2d_bn(x, 32, 1)
        branch_2 = conv2d_bn(branch_2, 48, 3)
        branch_2 = conv2d_bn(branch_2, 64, 3)
        branches = [branch_0, branch_1, branch_2]
    elif block_type == "block17":
        branch_0 = conv2d_bn(x, 192, 1)
        branch_1 = conv2d_bn(x, 128, 1)
        branch_1 = conv2d_bn(branch_1, 160, [1, 7])
        branch_1 = conv2d_bn(branch_1, 192, [7, 1])
        branches = [branch_0, branch_1]
    elif block_type == "block8":
        branch_0 = conv2d_bn(x, 192, 1)
        branch_1 = conv2d_bn(x, 192, 1)
        branch_1 = conv2d_bn(branch_1, 224, [1, 3])
        branch_1 = conv2d_bn(branch_1, 256, [3, 1])
        branches = [branch_0, branch_1]
    else:
        raise ValueError('Unknown Inception-ResNet block type. Expects "block35", "block17" or "block8", but got: '
                         + str(block_type))
    block_name = f"{block_type}_{block_idx}"
    mixed = layers.Concatenate(axis=_axis(), name=block_name + "_mixed")(branches)
    up = conv2d_bn(mixed, backend_math.int_shape(x)[_axis()], 1, activation=None, use_bias=True,
                   name=block_name + "_conv")
    x = CustomScaleLayer(scale)([x, up])
    if activation is not None:
        x = layers.Activation(activation, name=block_name + "_ac")(x)
    return x


def InceptionResNetV2(include_top: bool = True, weights="imagenet", input_tensor=None,  # noqa: N802
                      input_shape=None, pooling=None, classes: int = 1000, classifier_activation="softmax",
                      **kwargs):
    """Mirrors ``tf.keras.applications.InceptionResNetV2``: the model ``inception_resnet_v2`` (default input
    299x299, minimum 75x75).

    Raises:
      ValueError: unknown keyword arguments, bad ``weights``/``classes``/``input_shape``/
        ``classifier_activation``."""
    if kwargs:
        raise ValueError(f"Unknown argument(s): {kwargs}")
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=299, min_size=75)
    axis = _axis()
    x = conv2d_bn(img_input, 32, 3, strides=2, padding="valid")
    x = conv2d_bn(x, 32, 3, padding="valid")
    x = conv2d_bn(x, 64, 3)
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = conv2d_bn(x, 80, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, padding="valid")
    x = layers.MaxPooling2D(3, strides=2)(x)
    # mixed_5b (Inception-A)
    branch_0 = conv2d_bn(x, 96, 1)
    branch_1 = conv2d_bn(x, 48, 1)
    branch_1 = conv2d_bn(branch_1, 64, 5)
    branch_2 = conv2d_bn(x, 64, 1)
    branch_2 = conv2d_bn(branch_2, 96, 3)
    branch_2 = conv2d_bn(branch_2, 96, 3)
    branch_pool = layers.AveragePooling2D(3, strides=1, padding="same")(x)
    branch_pool = conv2d_bn(branch_pool, 64, 1)
    x = layers.Concatenate(axis=axis, name="mixed_5b")([branch_0, branch_1, branch_2, branch_pool])
    for block_idx in range(1, 11):
        x = inception_resnet_block(x, scale=0.17, block_type="block35", block_idx=block_idx)
    # mixed_6a (Reduction-A)
    branch_0 = conv2d_bn(x, 384, 3, strides=2, padding="valid")
    branch_1 = conv2d_bn(x, 256, 1)
    branch_1 = conv2d_bn(branch_1, 256, 3)
    branch_1 = conv2d_bn(branch_1, 384, 3, strides=2, padding="valid")
    branch_pool = layers.MaxPooling2D(3, strides=2, padding="valid")(x)
    x = layers.Concatenate(axis=axis, name="mixed_6a")([branch_0, branch_1, branch_pool])
    for block_idx in range(1, 21):
        x = inception_resnet_block(x, scale=0.1, block_type="block17", block_idx=block_idx)
    # mixed_7a (Reduction-B)
    branch_0 = conv2d_bn(x, 256, 1)
    branch_0 = conv2d_bn(branch_0, 384, 3, strides=2, padding="valid")
    branch_1 = conv2d_bn(x, 256, 1)
    branch_1 = conv2d_bn(branch_1, 288, 3, strides=2, padding="valid")
    branch_2 = conv2d_bn(x, 256, 1)
    branch_2 = conv2d_bn(branch_2, 288, 3)
    branch_2 = conv2d_bn(branch_2, 320, 3, strides=2, padding="valid")
    branch_pool = layers.MaxPooling2D(3, strides=2, padding="valid")(x)
    x = layers.Concatenate(axis=axis, name="mixed_7a")([branch_0, branch_1, branch_2, branch_pool])
    for block_idx in range(1, 10):
        x = inception_resnet_block(x, scale=0.2, block_type="block8", block_idx=block_idx)
    x = inception_resnet_block(x, scale=1.0, activation=None, block_type="block8", block_idx=10)
    x = conv2d_bn(x, 1536, 1, name="conv_7b")
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights)
    return finish_model(input_tensor, img_input, x, "inception_resnet_v2", weights, _TOP if include_top else _NOTOP)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.inception_resnet_v2.preprocess_input``: mode 'tf' (scale to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.inception_resnet_v2.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
