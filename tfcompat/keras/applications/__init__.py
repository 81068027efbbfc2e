"""``tf.keras.applications`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.convnext import (
    ConvNeXtBase, ConvNeXtLarge, ConvNeXtSmall, ConvNeXtTiny, ConvNeXtXLarge,
)
from tfcompat._src.keras.applications.densenet import DenseNet121, DenseNet169, DenseNet201
from tfcompat._src.keras.applications.efficientnet import (
    EfficientNetB0, EfficientNetB1, EfficientNetB2, EfficientNetB3, EfficientNetB4, EfficientNetB5, EfficientNetB6,
    EfficientNetB7,
)
from tfcompat._src.keras.applications.efficientnet_v2 import (
    EfficientNetV2B0, EfficientNetV2B1, EfficientNetV2B2, EfficientNetV2B3, EfficientNetV2L, EfficientNetV2M,
    EfficientNetV2S,
)
from tfcompat._src.keras.applications.inception_resnet_v2 import InceptionResNetV2
from tfcompat._src.keras.applications.inception_v3 import InceptionV3
from tfcompat._src.keras.applications.mobilenet import MobileNet
from tfcompat._src.keras.applications.mobilenet_v2 import MobileNetV2
from tfcompat._src.keras.applications.mobilenet_v3 import MobileNetV3Large, MobileNetV3Small
from tfcompat._src.keras.applications.nasnet import NASNetLarge, NASNetMobile
from tfcompat._src.keras.applications.regnet import (
    RegNetX002, RegNetX004, RegNetX006, RegNetX008, RegNetX016, RegNetX032, RegNetX040, RegNetX064, RegNetX080,
    RegNetX120, RegNetX160, RegNetX320, RegNetY002, RegNetY004, RegNetY006, RegNetY008, RegNetY016, RegNetY032,
    RegNetY040, RegNetY064, RegNetY080, RegNetY120, RegNetY160, RegNetY320,
)
from tfcompat._src.keras.applications.resnet import ResNet50, ResNet101, ResNet152
from tfcompat._src.keras.applications.resnet_rs import (
    ResNetRS50, ResNetRS101, ResNetRS152, ResNetRS200, ResNetRS270, ResNetRS350, ResNetRS420,
)
from tfcompat._src.keras.applications.resnet_v2 import ResNet50V2, ResNet101V2, ResNet152V2
from tfcompat._src.keras.applications.vgg import VGG16, VGG19
from tfcompat._src.keras.applications.xception import Xception
from tfcompat.keras.applications import (
    convnext, densenet, efficientnet, efficientnet_v2, imagenet_utils, inception_resnet_v2, inception_v3, mobilenet,
    mobilenet_v2, mobilenet_v3, nasnet, regnet, resnet, resnet50, resnet_rs, resnet_v2, vgg16, vgg19, xception,
)

__all__ = [
    "ConvNeXtBase", "ConvNeXtLarge", "ConvNeXtSmall", "ConvNeXtTiny", "ConvNeXtXLarge",
    "DenseNet121", "DenseNet169", "DenseNet201", "EfficientNetB0", "EfficientNetB1", "EfficientNetB2",
    "EfficientNetB3", "EfficientNetB4", "EfficientNetB5", "EfficientNetB6", "EfficientNetB7",
    "EfficientNetV2B0", "EfficientNetV2B1", "EfficientNetV2B2", "EfficientNetV2B3", "EfficientNetV2L",
    "EfficientNetV2M", "EfficientNetV2S", "InceptionResNetV2",
    "InceptionV3", "MobileNet", "MobileNetV2", "MobileNetV3Large", "MobileNetV3Small", "NASNetLarge", "NASNetMobile",
    "RegNetX002", "RegNetX004", "RegNetX006", "RegNetX008", "RegNetX016", "RegNetX032", "RegNetX040", "RegNetX064",
    "RegNetX080", "RegNetX120", "RegNetX160", "RegNetX320", "RegNetY002", "RegNetY004", "RegNetY006", "RegNetY008",
    "RegNetY016", "RegNetY032", "RegNetY040", "RegNetY064", "RegNetY080", "RegNetY120", "RegNetY160", "RegNetY320",
    "ResNet101", "ResNet101V2", "ResNet152", "ResNet152V2", "ResNet50", "ResNet50V2",
    "ResNetRS50", "ResNetRS101", "ResNetRS152", "ResNetRS200", "ResNetRS270", "ResNetRS350", "ResNetRS420",
    "VGG16", "VGG19", "Xception",
    "convnext", "densenet", "efficientnet", "efficientnet_v2", "imagenet_utils", "inception_resnet_v2",
    "inception_v3", "mobilenet", "mobilenet_v2", "mobilenet_v3", "nasnet", "regnet", "resnet", "resnet50",
    "resnet_rs", "resnet_v2", "vgg16", "vgg19", "xception",
]
