"""``tf.keras.applications.efficientnet_v2`` (tf-keras 2.21): EfficientNetV2 B0-B3, S, M, L (Fused-MBConv early
stages, MBConv with squeeze-and-excitation later; the input rescaling is part of the model), with tf-keras's layer
names, defaults, initialisers, checks and ImageNet weight files."""
from __future__ import annotations

import math

from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.efficientnet import (
    CONV_KERNEL_INITIALIZER, DENSE_KERNEL_INITIALIZER, squeeze_excite, top_conv,
)
from tfcompat._src.keras.applications.model_builder import (
    batch_norm_axis, classifier_or_pooling, finish_model, imagenet_normalization, imagenet_weights_file,
    model_image_input,
)
from tfcompat._src.keras.initializers import Constant

__all__ = ["EfficientNetV2", "EfficientNetV2B0", "EfficientNetV2B1", "EfficientNetV2B2", "EfficientNetV2B3",
           "EfficientNetV2S", "EfficientNetV2M", "EfficientNetV2L", "preprocess_input", "decode_predictions"]

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/"
# last two characters of the model name -> (md5 of the top file, md5 of the notop file), as tf-keras.
WEIGHTS_HASHES = {
    "b0": ("21ecbf6da12460d5c40bb2f29ceb2188", "893217f2bb855e2983157299931e43ff"),
    "b1": ("069f0534ff22adf035c89e2d9547a9dc", "0e80663031ca32d657f9caa404b6ec37"),
    "b2": ("424e49f28180edbde1e94797771950a7", "1dfe2e7a5d45b6632553a8961ea609eb"),
    "b3": ("1f1fc43bd98a6e4fd8fdfd551e02c7a0", "f6abf7b5849ac99a89b50dd3fd532856"),
    "-s": ("e1d88a8495beba45748fedd0cecbe016", "af0682fb74e8c54910f2d4393339c070"),
    "-m": ("a3bf6aa3276309f4fc6a34aa114c95cd", "1b8dc055df72dde80d614482840fe342"),
    "-l": ("27e6d408b53c7ebc868fefa357689935", "b0b66b5c863aef5b46e8608fe1711615"),
}
_STAGE_KEYS = ("num_repeat", "input_filters", "output_filters", "expand_ratio", "se_ratio", "strides", "conv_type")
# Every stage uses 3x3 kernels; conv_type 1 is Fused-MBConv, 0 is MBConv.
_B_STAGES = ((1, 32, 16, 1, 0, 1, 1), (2, 16, 32, 4, 0, 2, 1), (2, 32, 48, 4, 0, 2, 1),
             (3, 48, 96, 4, 0.25, 2, 0), (5, 96, 112, 6, 0.25, 1, 0), (8, 112, 192, 6, 0.25, 2, 0))
_STAGES = {
    "efficientnetv2-s": ((2, 24, 24, 1, 0, 1, 1), (4, 24, 48, 4, 0, 2, 1), (4, 48, 64, 4, 0, 2, 1),
                         (6, 64, 128, 4, 0.25, 2, 0), (9, 128, 160, 6, 0.25, 1, 0), (15, 160, 256, 6, 0.25, 2, 0)),
    "efficientnetv2-m": ((3, 24, 24, 1, 0, 1, 1), (5, 24, 48, 4, 0, 2, 1), (5, 48, 80, 4, 0, 2, 1),
                         (7, 80, 160, 4, 0.25, 2, 0), (14, 160, 176, 6, 0.25, 1, 0), (18, 176, 304, 6, 0.25, 2, 0),
                         (5, 304, 512, 6, 0.25, 1, 0)),
    "efficientnetv2-l": ((4, 32, 32, 1, 0, 1, 1), (7, 32, 64, 4, 0, 2, 1), (7, 64, 96, 4, 0, 2, 1),
                         (10, 96, 192, 4, 0.25, 2, 0), (19, 192, 224, 6, 0.25, 1, 0), (25, 224, 384, 6, 0.25, 2, 0),
                         (7, 384, 640, 6, 0.25, 1, 0)),
    "efficientnetv2-b0": _B_STAGES, "efficientnetv2-b1": _B_STAGES, "efficientnetv2-b2": _B_STAGES,
    "efficientnetv2-b3": _B_STAGES,
}
DEFAULT_BLOCKS_ARGS = {name: [dict(zip(_STAGE_KEYS, stage), kernel_size=3) for stage in stages]
                       for name, stages in _STAGES.items()}
# CONV_KERNEL_INITIALIZER and DENSE_KERNEL_INITIALIZER are EfficientNet's (the same in tf-keras).


def round_filters(filters, width_coefficient: float, min_depth, depth_divisor: int) -> int:
    """tf-keras's ``efficientnet_v2.round_filters``: width-scaled filters rounded to the divisor."""
    filters *= width_coefficient
    minimum_depth = min_depth or depth_divisor
    return int(max(minimum_depth, int(filters + depth_divisor / 2) // depth_divisor * depth_divisor))


def round_repeats(repeats: int, depth_coefficient: float) -> int:
    """tf-keras's ``efficientnet_v2.round_repeats``: depth-scaled block count, rounded up."""
    return int(math.ceil(depth_coefficient * repeats))


def _bn(x, bn_axis: int, bn_momentum: float, name: str):
    return layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name)(x)


def _conv(x, filters: int, kernel_size: int, strides: int, name: str):
    return layers.Conv2D(filters, kernel_size=kernel_size, strides=strides, kernel_initializer=CONV_KERNEL_INITIALIZER,
                         padding="same", data_format=backend.image_data_format(), use_bias=False, name=name)(x)


def _residual(x, inputs, input_filters: int, output_filters: int, strides: int, survival_probability: float,
              name: str):
    if strides == 1 and input_filters == output_filters:
        # tf-keras passes the "survival probability" as the Dropout rate (the first block's 0 adds no Dropout).
        if survival_probability:
            x = layers.Dropout(survival_probability, noise_shape=(None, 1, 1, 1), name=name + "drop")(x)
        x = layers.add([x, inputs], name=name + "add")
    return x


def mb_conv_block(inputs, input_filters: int, output_filters: int, expand_ratio=1, kernel_size=3, strides=1,
                  se_ratio=0.0, bn_momentum=0.9, activation="swish", survival_probability: float = 0.8,
                  name: str = ""):
    """tf-keras's ``MBConvBlock`` applied to ``inputs``: 1x1 expansion, depthwise conv, squeeze-and-excite,
    1x1 projection, residual with drop-connect when the shape is kept."""
    bn_axis = batch_norm_axis()
    filters = input_filters * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = _conv(x, filters, 1, 1, name + "expand_conv")
        x = _bn(x, bn_axis, bn_momentum, name + "expand_bn")
        x = layers.Activation(activation, name=name + "expand_activation")(x)
    x = layers.DepthwiseConv2D(kernel_size=kernel_size, strides=strides, depthwise_initializer=CONV_KERNEL_INITIALIZER,
                               padding="same", data_format=backend.image_data_format(), use_bias=False,
                               name=name + "dwconv2")(x)
    x = _bn(x, bn_axis, bn_momentum, name + "bn")
    x = layers.Activation(activation, name=name + "activation")(x)
    if 0 < se_ratio <= 1:
        x = squeeze_excite(x, filters, input_filters, se_ratio, activation, bn_axis, name)
    x = _conv(x, output_filters, 1, 1, name + "project_conv")
    x = _bn(x, bn_axis, bn_momentum, name + "project_bn")
    return _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name)


def fused_mb_conv_block(inputs, input_filters: int, output_filters: int, expand_ratio=1, kernel_size=3, strides=1,
                        se_ratio=0.0, bn_momentum=0.9, activation="swish", survival_probability: float = 0.8,
                        name: str = ""):
    """tf-keras's ``FusedMBConvBlock`` applied to ``inputs``: one full convolution in place of expansion +
    depthwise, optional squeeze-and-excite, projection, residual when the shape is kept."""
    bn_axis = batch_norm_axis()
    filters = input_filters * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = _conv(x, filters, kernel_size, strides, name + "expand_conv")
        x = _bn(x, bn_axis, bn_momentum, name + "expand_bn")
        x = layers.Activation(activation=activation, name=name + "expand_activation")(x)
    if 0 < se_ratio <= 1:
        x = squeeze_excite(x, filters, input_filters, se_ratio, activation, bn_axis, name)
    x = layers.Conv2D(output_filters, kernel_size=1 if expand_ratio != 1 else kernel_size,
                      strides=1 if expand_ratio != 1 else strides, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      padding="same", use_bias=False, name=name + "project_conv")(x)
    x = _bn(x, bn_axis, bn_momentum, name + "project_bn")
    if expand_ratio == 1:
        x = layers.Activation(activation=activation, name=name + "project_activation")(x)
    return _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name)


def EfficientNetV2(width_coefficient: float, depth_coefficient: float, default_size: int,  # noqa: N802
                   dropout_rate: float = 0.2, drop_connect_rate: float = 0.2, depth_divisor: int = 8,
                   min_depth: int = 8, bn_momentum: float = 0.9, activation="swish", blocks_args="default",
                   model_name: str = "efficientnetv2", include_top: bool = True, weights="imagenet",
                   input_tensor=None, input_shape=None, pooling=None, classes: int = 1000,
                   classifier_activation="softmax", include_preprocessing: bool = True):
    """Mirrors tf-keras's ``efficientnet_v2.EfficientNetV2``: in-model preprocessing (B variants with 3
    channels: Rescaling(1/255) + ImageNet Normalization; otherwise Rescaling(1/128, offset=-1)), the stem,
    the scaled (Fused-)MBConv stages, the top.

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    if blocks_args == "default":
        blocks_args = DEFAULT_BLOCKS_ARGS[model_name]
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=default_size)
    bn_axis = batch_norm_axis()

    def scaled_filters(filters):
        return round_filters(filters, width_coefficient, min_depth, depth_divisor)

    x = img_input
    if include_preprocessing:
        if model_name.split("-")[-1].startswith("b") and input_shape[bn_axis - 1] == 3:
            x = layers.Rescaling(scale=1.0 / 255)(x)
            x = imagenet_normalization(x, bn_axis)
        else:
            x = layers.Rescaling(scale=1.0 / 128.0, offset=-1)(x)
    x = layers.Conv2D(scaled_filters(blocks_args[0]["input_filters"]), kernel_size=3, strides=2,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, padding="same", use_bias=False,
                      name="stem_conv")(x)
    x = _bn(x, bn_axis, bn_momentum, "stem_bn")
    x = layers.Activation(activation, name="stem_activation")(x)

    b = 0
    blocks = float(sum(args["num_repeat"] for args in blocks_args))
    for i, stage in enumerate(blocks_args):
        args = dict(stage)
        args["input_filters"] = scaled_filters(args["input_filters"])
        args["output_filters"] = scaled_filters(args["output_filters"])
        block = fused_mb_conv_block if args.pop("conv_type") == 1 else mb_conv_block
        for j in range(round_repeats(args.pop("num_repeat"), depth_coefficient)):
            if j > 0:
                args["strides"] = 1
                args["input_filters"] = args["output_filters"]
            x = block(x, activation=activation, bn_momentum=bn_momentum,
                      survival_probability=drop_connect_rate * b / blocks, name=f"block{i + 1}{chr(j + 97)}_",
                      **args)
            b += 1

    x = top_conv(x, scaled_filters(1280), activation, bn_axis, bn_momentum)
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights,
                              dropout_rate=dropout_rate,
                              dense_kwargs=dict(kernel_initializer=DENSE_KERNEL_INITIALIZER,
                                                bias_initializer=Constant(0)),
                              avg_name="avg_pool", max_name="max_pool")
    weights_file = imagenet_weights_file(weights, include_top, model_name, BASE_WEIGHTS_PATH, WEIGHTS_HASHES,
                                         model_name[-2:])
    return finish_model(input_tensor, img_input, x, model_name, weights, weights_file)


def _variant(name: str, width: float, depth: float, size: int):
    model_name = "efficientnetv2-" + name[len("EfficientNetV2"):].lower()

    def build(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
              classes: int = 1000, classifier_activation="softmax", include_preprocessing: bool = True):
        return EfficientNetV2(width, depth, size, model_name=model_name, include_top=include_top, weights=weights,
                              input_tensor=input_tensor, input_shape=input_shape, pooling=pooling, classes=classes,
                              classifier_activation=classifier_activation,
                              include_preprocessing=include_preprocessing)
    build.__name__ = build.__qualname__ = name
    build.__doc__ = (f"Mirrors ``tf.keras.applications.{name}`` (width {width}, depth {depth}, default input "
                     f"{size}x{size}); takes raw [0, 255] pixels.")
    return build


EfficientNetV2B0 = _variant("EfficientNetV2B0", 1.0, 1.0, 224)
EfficientNetV2B1 = _variant("EfficientNetV2B1", 1.0, 1.1, 240)
EfficientNetV2B2 = _variant("EfficientNetV2B2", 1.1, 1.2, 260)
EfficientNetV2B3 = _variant("EfficientNetV2B3", 1.2, 1.4, 300)
EfficientNetV2S = _variant("EfficientNetV2S", 1.0, 1.0, 384)
EfficientNetV2M = _variant("EfficientNetV2M", 1.0, 1.0, 480)
EfficientNetV2L = _variant("EfficientNetV2L", 1.0, 1.0, 480)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.efficientnet_v2.preprocess_input``: a pass-through (the model
    rescales)."""
    return x


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.efficientnet_v2.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
