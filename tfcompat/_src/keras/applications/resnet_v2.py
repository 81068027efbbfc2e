"""``tf.keras.applications.resnet_v2`` (tf-keras 2.21): ResNet50V2/101V2/152V2 (pre-activation blocks)."""
from __future__ import annotations

from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.resnet import ResNet, stack2

__all__ = ["ResNet50V2", "ResNet101V2", "ResNet152V2", "preprocess_input", "decode_predictions"]


def _v2_stacks(blocks: tuple):
    def stack_fn(x):
        x = stack2(x, 64, blocks[0], name="conv2")
        x = stack2(x, 128, blocks[1], name="conv3")
        x = stack2(x, 256, blocks[2], name="conv4")
        return stack2(x, 512, blocks[3], stride1=1, name="conv5")
    return stack_fn


def ResNet50V2(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
               pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.ResNet50V2`` (blocks 3-4-6-3)."""
    return ResNet(_v2_stacks((3, 4, 6, 3)), True, True, "resnet50v2", include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation=classifier_activation)


def ResNet101V2(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
                pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.ResNet101V2`` (blocks 3-4-23-3)."""
    return ResNet(_v2_stacks((3, 4, 23, 3)), True, True, "resnet101v2", include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation=classifier_activation)


def ResNet152V2(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
                pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.ResNet152V2`` (blocks 3-8-36-3)."""
    return ResNet(_v2_stacks((3, 8, 36, 3)), True, True, "resnet152v2", include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation=classifier_activation)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.resnet_v2.preprocess_input``: mode 'tf' (scale to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.resnet_v2.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
