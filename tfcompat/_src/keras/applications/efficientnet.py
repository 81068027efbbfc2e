"""``tf.keras.applications.efficientnet`` (tf-keras 2.21): EfficientNetB0-B7 (MBConv blocks with
squeeze-and-excitation; the input rescaling/normalisation is part of the model), with the same layer names,
defaults, initialisers, checks and ImageNet weight files."""
from __future__ import annotations

import copy
import math

from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    batch_norm_axis, classifier_or_pooling, finish_model, imagenet_weights_file, model_image_input,
)
from tfcompat._src.ops import array_ops, math_ops

__all__ = ["EfficientNet", "EfficientNetB0", "EfficientNetB1", "EfficientNetB2", "EfficientNetB3",
           "EfficientNetB4", "EfficientNetB5", "EfficientNetB6", "EfficientNetB7", "block", "squeeze_excite",
           "top_conv", "preprocess_input", "decode_predictions"]

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/keras-applications/"
# variant -> (md5 of the top file, md5 of the notop file), as tf-keras.
WEIGHTS_HASHES = {
    "b0": ("902e53a9f72be733fc0bcb005b3ebbac", "50bc09e76180e00e4465e1a485ddc09d"),
    "b1": ("1d254153d4ab51201f1646940f018540", "74c4e6b3e1f6a1eea24c589628592432"),
    "b2": ("b15cce36ff4dcbd00b6dd88e7857a6ad", "111f8e2ac8aa800a7a99e3239f7bfb39"),
    "b3": ("ffd1fdc53d0ce67064dc6a9c7960ede0", "af6d107764bb5b1abb91932881670226"),
    "b4": ("18c95ad55216b8f92d7e70b3a046e2fc", "ebc24e6d6c33eaebbd558eafbeedf1ba"),
    "b5": ("ace28f2a6363774853a83a0b21b9421a", "38879255a25d3c92d5e44e04ae6cec6f"),
    "b6": ("165f6e37dce68623721b423839de8be5", "9ecce42647a20130c1f39a5d4cb75743"),
    "b7": ("8c03f828fec3ef71311cd463b6759d99", "cbcfe4450ddf6f3ad90b1b398090fe4a"),
}
_STAGE_KEYS = ("kernel_size", "repeats", "filters_in", "filters_out", "expand_ratio", "id_skip", "strides",
               "se_ratio")
DEFAULT_BLOCKS_ARGS = [dict(zip(_STAGE_KEYS, stage)) for stage in (
    (3, 1, 32, 16, 1, True, 1, 0.25), (3, 2, 16, 24, 6, True, 2, 0.25), (5, 2, 24, 40, 6, True, 2, 0.25),
    (3, 3, 40, 80, 6, True, 2, 0.25), (5, 3, 80, 112, 6, True, 1, 0.25), (5, 4, 112, 192, 6, True, 2, 0.25),
    (3, 1, 192, 320, 6, True, 1, 0.25))]
CONV_KERNEL_INITIALIZER = {"class_name": "VarianceScaling",
                           "config": {"scale": 2.0, "mode": "fan_out", "distribution": "truncated_normal"}}
DENSE_KERNEL_INITIALIZER = {"class_name": "VarianceScaling",
                            "config": {"scale": 1.0 / 3.0, "mode": "fan_out", "distribution": "uniform"}}
IMAGENET_STDDEV_RGB = [0.229, 0.224, 0.225]


def _round_filters(filters, width_coefficient: float, divisor: int) -> int:
    filters *= width_coefficient
    new_filters = max(divisor, int(filters + divisor / 2) // divisor * divisor)
    if new_filters < 0.9 * filters:
        new_filters += divisor
    return int(new_filters)


def EfficientNet(width_coefficient: float, depth_coefficient: float, default_size: int,  # noqa: N802
                 dropout_rate: float = 0.2, drop_connect_rate: float = 0.2, depth_divisor: int = 8,
                 activation="swish", blocks_args="default", model_name: str = "efficientnet",
                 include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
                 classes: int = 1000, classifier_activation="softmax"):
    """Mirrors tf-keras's ``efficientnet.EfficientNet``: Rescaling(1/255) and Normalization in the model (with
    ImageNet weights also a multiply by 1/sqrt(std), as tf-keras), the stem, the MBConv stages scaled by width
    and depth, the top.

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    if blocks_args == "default":
        blocks_args = DEFAULT_BLOCKS_ARGS
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=default_size)
    bn_axis = batch_norm_axis()

    def round_filters(filters):
        return _round_filters(filters, width_coefficient, depth_divisor)

    def round_repeats(repeats):
        return int(math.ceil(depth_coefficient * repeats))

    x = layers.Rescaling(1.0 / 255.0)(img_input)
    x = layers.Normalization(axis=bn_axis)(x)
    if weights == "imagenet":
        # tf-keras divides by sqrt(std) here (not std); the checkpoints' Normalization variance compensates.
        shape_for_multiply = [1, 3, 1, 1] if backend.image_data_format() == "channels_first" else [1, 1, 1, 3]
        x = math_ops.multiply(x, array_ops.reshape([1.0 / math.sqrt(stddev) for stddev in IMAGENET_STDDEV_RGB],
                                                   shape_for_multiply))
    x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name="stem_conv_pad")(x)
    x = layers.Conv2D(round_filters(32), 3, strides=2, padding="valid", use_bias=False,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, name="stem_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, name="stem_bn")(x)
    x = layers.Activation(activation, name="stem_activation")(x)

    blocks_args = copy.deepcopy(blocks_args)
    b = 0
    blocks = float(sum(round_repeats(args["repeats"]) for args in blocks_args))
    for i, args in enumerate(blocks_args):
        args["filters_in"] = round_filters(args["filters_in"])
        args["filters_out"] = round_filters(args["filters_out"])
        for j in range(round_repeats(args.pop("repeats"))):
            if j > 0:
                args["strides"] = 1
                args["filters_in"] = args["filters_out"]
            x = block(x, activation, drop_connect_rate * b / blocks, name=f"block{i + 1}{chr(j + 97)}_", **args)
            b += 1

    x = top_conv(x, round_filters(1280), activation, bn_axis)
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights,
                              dropout_rate=dropout_rate,
                              dense_kwargs=dict(kernel_initializer=DENSE_KERNEL_INITIALIZER),
                              avg_name="avg_pool", max_name="max_pool")
    weights_file = imagenet_weights_file(weights, include_top, model_name, BASE_WEIGHTS_PATH, WEIGHTS_HASHES,
                                         model_name[-2:])
    return finish_model(input_tensor, img_input, x, model_name, weights, weights_file)


def top_conv(x, filters: int, activation, bn_axis: int, bn_momentum: float = 0.99):
    """The 1x1 convolution, batch norm and activation before the top of EfficientNet and EfficientNetV2
    ('top_conv', 'top_bn', 'top_activation')."""
    x = layers.Conv2D(filters, 1, padding="same", use_bias=False, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      name="top_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name="top_bn")(x)
    return layers.Activation(activation, name="top_activation")(x)


def squeeze_excite(x, filters: int, input_filters: int, se_ratio: float, activation, bn_axis: int, name: str):
    """The squeeze-and-excitation of EfficientNet's and EfficientNetV2's blocks: global pooling, a 1x1
    reduction to ``input_filters * se_ratio`` channels (at least 1) with ``activation``, a sigmoid 1x1 expansion
    back to ``filters``, and the product with ``x`` (layers ``name`` + 'se_squeeze' ... 'se_excite')."""
    filters_se = max(1, int(input_filters * se_ratio))
    se = layers.GlobalAveragePooling2D(name=name + "se_squeeze")(x)
    se = layers.Reshape((filters, 1, 1) if bn_axis == 1 else (1, 1, filters), name=name + "se_reshape")(se)
    se = layers.Conv2D(filters_se, 1, padding="same", activation=activation,
                       kernel_initializer=CONV_KERNEL_INITIALIZER, name=name + "se_reduce")(se)
    se = layers.Conv2D(filters, 1, padding="same", activation="sigmoid", kernel_initializer=CONV_KERNEL_INITIALIZER,
                       name=name + "se_expand")(se)
    return layers.multiply([x, se], name=name + "se_excite")


def block(inputs, activation="swish", drop_rate: float = 0.0, name: str = "", filters_in: int = 32,
          filters_out: int = 16, kernel_size: int = 3, strides: int = 1, expand_ratio: int = 1,
          se_ratio: float = 0.0, id_skip: bool = True):
    """An MBConv block: expand, depthwise, squeeze-and-excite, project; residual with drop-connect when the
    shape is kept."""
    bn_axis = batch_norm_axis()
    filters = filters_in * expand_ratio
    if expand_ratio != 1:
        x = layers.Conv2D(filters, 1, padding="same", use_bias=False, kernel_initializer=CONV_KERNEL_INITIALIZER,
                          name=name + "expand_conv")(inputs)
        x = layers.BatchNormalization(axis=bn_axis, name=name + "expand_bn")(x)
        x = layers.Activation(activation, name=name + "expand_activation")(x)
    else:
        x = inputs
    if strides == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size), name=name + "dwconv_pad")(x)
        conv_pad = "valid"
    else:
        conv_pad = "same"
    x = layers.DepthwiseConv2D(kernel_size, strides=strides, padding=conv_pad, use_bias=False,
                               depthwise_initializer=CONV_KERNEL_INITIALIZER, name=name + "dwconv")(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + "bn")(x)
    x = layers.Activation(activation, name=name + "activation")(x)
    if 0 < se_ratio <= 1:
        x = squeeze_excite(x, filters, filters_in, se_ratio, activation, bn_axis, name)
    x = layers.Conv2D(filters_out, 1, padding="same", use_bias=False, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      name=name + "project_conv")(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + "project_bn")(x)
    if id_skip and strides == 1 and filters_in == filters_out:
        if drop_rate > 0:
            x = layers.Dropout(drop_rate, noise_shape=(None, 1, 1, 1), name=name + "drop")(x)
        x = layers.add([x, inputs], name=name + "add")
    return x


def _variant(name: str, width: float, depth: float, size: int, dropout: float):
    def build(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None, pooling=None,
              classes: int = 1000, classifier_activation="softmax", **kwargs):
        return EfficientNet(width, depth, size, dropout, model_name=name.lower(), include_top=include_top,
                            weights=weights, input_tensor=input_tensor, input_shape=input_shape, pooling=pooling,
                            classes=classes, classifier_activation=classifier_activation, **kwargs)
    build.__name__ = build.__qualname__ = name
    build.__doc__ = (f"Mirrors ``tf.keras.applications.{name}`` (width {width}, depth {depth}, default input "
                     f"{size}x{size}, top dropout {dropout}); takes raw [0, 255] pixels.")
    return build


EfficientNetB0 = _variant("EfficientNetB0", 1.0, 1.0, 224, 0.2)
EfficientNetB1 = _variant("EfficientNetB1", 1.0, 1.1, 240, 0.2)
EfficientNetB2 = _variant("EfficientNetB2", 1.1, 1.2, 260, 0.3)
EfficientNetB3 = _variant("EfficientNetB3", 1.2, 1.4, 300, 0.3)
EfficientNetB4 = _variant("EfficientNetB4", 1.4, 1.8, 380, 0.4)
EfficientNetB5 = _variant("EfficientNetB5", 1.6, 2.2, 456, 0.4)
EfficientNetB6 = _variant("EfficientNetB6", 1.8, 2.6, 528, 0.5)
EfficientNetB7 = _variant("EfficientNetB7", 2.0, 3.1, 600, 0.5)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.efficientnet.preprocess_input``: a pass-through (the model rescales)."""
    return x


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.efficientnet.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
