"""``tf.keras.applications.densenet`` (tf-keras 2.21): DenseNet121/169/201, with the same layer names,
defaults, checks and ImageNet weight files."""
from __future__ import annotations

from tfcompat._src.keras import backend_math
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, batch_norm_axis, classifier_or_pooling, finish_model, model_image_input,
)

__all__ = ["DenseNet", "DenseNet121", "DenseNet169", "DenseNet201", "preprocess_input", "decode_predictions"]

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/densenet/"
# blocks per dense stage -> (model name, md5 of the top file, md5 of the notop file), as tf-keras.
_VARIANTS = {
    (6, 12, 24, 16): ("densenet121", "9d60b8095a5708f2dcce2bca79d332c7", "30ee3e1110167f948a6b9946edeeb738"),
    (6, 12, 32, 32): ("densenet169", "d699b8f76981ab1b30698df4c175e90b", "b8c4d4c20dd625c148057b9ff1c1176b"),
    (6, 12, 48, 32): ("densenet201", "1ceb130c1ea1b78c3bf6114dbdfd8807", "c13680b51ded0fb44dff2d8f86ac8bb1"),
}
_EPS = 1.001e-5


def dense_block(x, blocks: int, name: str):
    """``blocks`` conv blocks, each concatenating 32 new channels."""
    for i in range(blocks):
        x = conv_block(x, 32, name=f"{name}_block{i + 1}")
    return x


def transition_block(x, reduction: float, name: str):
    """BN-ReLU, a 1x1 conv keeping ``reduction`` of the channels, 2x2 average pooling."""
    bn_axis = batch_norm_axis()
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_bn")(x)
    x = layers.Activation("relu", name=name + "_relu")(x)
    x = layers.Conv2D(int(backend_math.int_shape(x)[bn_axis] * reduction), 1, use_bias=False,
                      name=name + "_conv")(x)
    return layers.AveragePooling2D(2, strides=2, name=name + "_pool")(x)


def conv_block(x, growth_rate: int, name: str):
    """BN-ReLU-1x1 conv, BN-ReLU-3x3 conv, concatenated to the input."""
    bn_axis = batch_norm_axis()
    x1 = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_0_bn")(x)
    x1 = layers.Activation("relu", name=name + "_0_relu")(x1)
    x1 = layers.Conv2D(4 * growth_rate, 1, use_bias=False, name=name + "_1_conv")(x1)
    x1 = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name=name + "_1_bn")(x1)
    x1 = layers.Activation("relu", name=name + "_1_relu")(x1)
    x1 = layers.Conv2D(growth_rate, 3, padding="same", use_bias=False, name=name + "_2_conv")(x1)
    return layers.Concatenate(axis=bn_axis, name=name + "_concat")([x, x1])


def DenseNet(blocks, include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
             pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors tf-keras's ``densenet.DenseNet``: four dense stages of ``blocks`` conv blocks.

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=224)
    bn_axis = batch_norm_axis()
    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)))(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=False, name="conv1/conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name="conv1/bn")(x)
    x = layers.Activation("relu", name="conv1/relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)))(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1")(x)
    for stage, n_blocks in enumerate(blocks[:3], start=2):
        x = dense_block(x, n_blocks, name=f"conv{stage}")
        x = transition_block(x, 0.5, name=f"pool{stage}")
    x = dense_block(x, blocks[3], name="conv5")
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPS, name="bn")(x)
    x = layers.Activation("relu", name="relu")(x)
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights,
                              avg_name="avg_pool", max_name="max_pool")
    variant = _VARIANTS.get(tuple(blocks))
    name, weights_file = "densenet", None
    if variant is not None:
        name, top_hash, notop_hash = variant
        fname = f"{name}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        weights_file = WeightsFile(fname, BASE_WEIGHTS_PATH + fname, top_hash if include_top else notop_hash)
    return finish_model(input_tensor, img_input, x, name, weights, weights_file)


def DenseNet121(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
                pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.DenseNet121`` (blocks 6-12-24-16)."""
    return DenseNet([6, 12, 24, 16], include_top, weights, input_tensor, input_shape, pooling, classes,
                    classifier_activation)


def DenseNet169(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
                pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.DenseNet169`` (blocks 6-12-32-32)."""
    return DenseNet([6, 12, 32, 32], include_top, weights, input_tensor, input_shape, pooling, classes,
                    classifier_activation)


def DenseNet201(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
                pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.DenseNet201`` (blocks 6-12-48-32)."""
    return DenseNet([6, 12, 48, 32], include_top, weights, input_tensor, input_shape, pooling, classes,
                    classifier_activation)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.densenet.preprocess_input``: mode 'torch' (scale to [0, 1], then
    normalise by ImageNet's channel mean and std)."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="torch")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.densenet.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
