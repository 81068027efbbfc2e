"""``tf.keras.applications.resnet`` / ``resnet50`` (tf-keras 2.21): ResNet50/101/152 (v1, post-activation
bottleneck blocks) and the generic ``ResNet`` builder that ``resnet_v2`` reuses with pre-activation blocks."""
from __future__ import annotations

from typing import Callable

from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, batch_norm_axis, classifier_or_pooling, finish_model, model_image_input,
)

__all__ = ["ResNet", "ResNet50", "ResNet101", "ResNet152", "stack1", "stack2", "preprocess_input",
           "decode_predictions"]

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/resnet/"
# model name -> (md5 of the top file, md5 of the notop file), as tf-keras.
WEIGHTS_HASHES = {
    "resnet50": ("2cb95161c43110f7111970584f804107", "4d473c1dd8becc155b73f8504c6f6626"),
    "resnet101": ("f1aeb4b969a6efcfb50fad2f0c20cfc5", "88cf7a10940856eca736dc7b7e228a21"),
    "resnet152": ("100835be76be38e30d865e96f2aaae62", "ee4c566cf9a93f14d82f913c2dc6dd0c"),
    "resnet50v2": ("3ef43a0b657b3be2300d5770ece849e0", "fac2f116257151a9d068a22e544a4917"),
    "resnet101v2": ("6343647c601c52e1368623803854d971", "c0ed64b8031c3730f411d2eb4eea35b5"),
    "resnet152v2": ("a49b44d1979771252814e80f8ec446f9", "ed17cf2e0169df9d443503ef94b23b33"),
}
_EPS = 1.001e-5


def ResNet(stack_fn: Callable, preact: bool, use_bias: bool, model_name: str = "resnet",  # noqa: N802
           include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
           classes: int = 1000, classifier_activation="softmax", **kwargs):
    """Mirrors tf-keras's ``resnet.ResNet``: stem (7x7/2 conv, 3x3/2 max pool), ``stack_fn``'s stages, then the
    top or ``pooling``; ``preact`` puts BN+ReLU after the stages instead of after the stem (ResNetV2).

    Raises:
      ValueError: unknown keyword arguments, bad ``weights``/``classes``/``input_shape``."""
    if kwargs:
        raise ValueError(f"Unknown argument(s): {kwargs}")
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=224)
    bn_axis = batch_norm_axis()
    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=use_bias, name="conv1_conv")(x)
    if not preact:
        x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name="conv1_bn")(x)
        x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)
    x = stack_fn(x)
    if preact:
        x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name="post_bn")(x)
        x = layers.Activation("relu", name="post_relu")(x)
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights,
                              avg_name="avg_pool", max_name="max_pool")
    weights_file = None
    if model_name in WEIGHTS_HASHES:
        fname = f"{model_name}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        weights_file = WeightsFile(fname, BASE_WEIGHTS_PATH + fname, WEIGHTS_HASHES[model_name][0 if include_top
                                                                                               else 1])
    return finish_model(input_tensor, img_input, x, model_name, weights, weights_file)


def block1(x, filters: int, kernel_size: int = 3, stride: int = 1, conv_shortcut: bool = True, name: str = ""):
    """A v1 bottleneck residual block (1x1, kxk, 1x1 convs with BN; ReLU after the add)."""
    bn_axis = batch_norm_axis()
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=name + "_0_conv")(x)
        shortcut = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_0_bn")(shortcut)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, strides=stride, name=name + "_1_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_1_bn")(x)
    x = layers.Activation("relu", name=name + "_1_relu")(x)
    x = layers.Conv2D(filters, kernel_size, padding="SAME", name=name + "_2_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_2_bn")(x)
    x = layers.Activation("relu", name=name + "_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=name + "_3_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_3_bn")(x)
    x = layers.Add(name=name + "_add")([shortcut, x])
    return layers.Activation("relu", name=name + "_out")(x)


def stack1(x, filters: int, blocks: int, stride1: int = 2, name: str = ""):
    """``blocks`` v1 blocks; the first one strides and projects the shortcut."""
    x = block1(x, filters, stride=stride1, name=name + "_block1")
    for i in range(2, blocks + 1):
        x = block1(x, filters, conv_shortcut=False, name=f"{name}_block{i}")
    return x


def block2(x, filters: int, kernel_size: int = 3, stride: int = 1, conv_shortcut: bool = False, name: str = ""):
    """A v2 (pre-activation) bottleneck residual block."""
    bn_axis = batch_norm_axis()
    preact = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_preact_bn")(x)
    preact = layers.Activation("relu", name=name + "_preact_relu")(preact)
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=name + "_0_conv")(preact)
    else:
        shortcut = layers.MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
    x = layers.Conv2D(filters, 1, strides=1, use_bias=False, name=name + "_1_conv")(preact)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_1_bn")(x)
    x = layers.Activation("relu", name=name + "_1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name=name + "_2_pad")(x)
    x = layers.Conv2D(filters, kernel_size, strides=stride, use_bias=False, name=name + "_2_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_2_bn")(x)
    x = layers.Activation("relu", name=name + "_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=name + "_3_conv")(x)
    return layers.Add(name=name + "_out")([shortcut, x])


def stack2(x, filters: int, blocks: int, stride1: int = 2, name: str = ""):
    """``blocks`` v2 blocks; the first projects the shortcut, the last strides."""
    x = block2(x, filters, conv_shortcut=True, name=name + "_block1")
    for i in range(2, blocks):
        x = block2(x, filters, name=f"{name}_block{i}")
    return block2(x, filters, stride=stride1, name=f"{name}_block{blocks}")


def _v1_stacks(blocks: tuple):
    def stack_fn(x):
        x = stack1(x, 64, blocks[0], stride1=1, name="conv2")
        x = stack1(x, 128, blocks[1], name="conv3")
        x = stack1(x, 256, blocks[2], name="conv4")
        return stack1(x, 512, blocks[3], name="conv5")
    return stack_fn


def ResNet50(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
             pooling=None, classes: int = 1000, **kwargs):
    """Mirrors ``tf.keras.applications.ResNet50`` (blocks 3-4-6-3); ``classifier_activation`` via kwargs."""
    return ResNet(_v1_stacks((3, 4, 6, 3)), False, True, "resnet50", include_top, weights, input_tensor,
                  input_shape, pooling, classes, **kwargs)


def ResNet101(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
              pooling=None, classes: int = 1000, **kwargs):
    """Mirrors ``tf.keras.applications.ResNet101`` (blocks 3-4-23-3)."""
    return ResNet(_v1_stacks((3, 4, 23, 3)), False, True, "resnet101", include_top, weights, input_tensor,
                  input_shape, pooling, classes, **kwargs)


def ResNet152(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
              pooling=None, classes: int = 1000, **kwargs):
    """Mirrors ``tf.keras.applications.ResNet152`` (blocks 3-8-36-3)."""
    return ResNet(_v1_stacks((3, 8, 36, 3)), False, True, "resnet152", include_top, weights, input_tensor,
                  input_shape, pooling, classes, **kwargs)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.resnet.preprocess_input``: mode 'caffe'."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.resnet.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
