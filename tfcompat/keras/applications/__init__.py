"""``tf.keras.applications`` (tf-keras 2.21): re-exports only.

Not yet provided (missing names, reported as such): convnext, efficientnet_v2, nasnet, regnet, resnet_rs."""
from __future__ import annotations

from tfcompat._src.keras.applications.densenet import DenseNet121, DenseNet169, DenseNet201
from tfcompat._src.keras.applications.efficientnet import (
    EfficientNetB0, EfficientNetB1, EfficientNetB2, EfficientNetB3, EfficientNetB4, EfficientNetB5, EfficientNetB6,
    EfficientNetB7,
)
from tfcompat._src.keras.applications.inception_resnet_v2 import InceptionResNetV2
from tfcompat._src.keras.applications.inception_v3 import InceptionV3
from tfcompat._src.keras.applications.mobilenet import MobileNet
from tfcompat._src.keras.applications.mobilenet_v2 import MobileNetV2
from tfcompat._src.keras.applications.mobilenet_v3 import MobileNetV3Large, MobileNetV3Small
from tfcompat._src.keras.applications.resnet import ResNet50, ResNet101, ResNet152
from tfcompat._src.keras.applications.resnet_v2 import ResNet50V2, ResNet101V2, ResNet152V2
from tfcompat._src.keras.applications.vgg import VGG16, VGG19
from tfcompat._src.keras.applications.xception import Xception
from tfcompat.keras.applications import (
    densenet, efficientnet, imagenet_utils, inception_resnet_v2, inception_v3, mobilenet, mobilenet_v2, mobilenet_v3,
    resnet, resnet50, resnet_v2, vgg16, vgg19, xception,
)

__all__ = [
    "DenseNet121", "DenseNet169", "DenseNet201", "EfficientNetB0", "EfficientNetB1", "EfficientNetB2",
    "EfficientNetB3", "EfficientNetB4", "EfficientNetB5", "EfficientNetB6", "EfficientNetB7", "InceptionResNetV2",
    "InceptionV3", "MobileNet", "MobileNetV2", "MobileNetV3Large", "MobileNetV3Small", "ResNet101", "ResNet101V2",
    "ResNet152", "ResNet152V2", "ResNet50", "ResNet50V2", "VGG16", "VGG19", "Xception",
    "densenet", "efficientnet", "imagenet_utils", "inception_resnet_v2", "inception_v3", "mobilenet", "mobilenet_v2",
    "mobilenet_v3", "resnet", "resnet50", "resnet_v2", "vgg16", "vgg19", "xception",
]
