"""``tf.keras.applications.resnet_rs`` (tf-keras 2.21): ResNetRS 50..420 (ResNet-D stem and projection,
squeeze-and-excitation bottlenecks; the ImageNet normalisation is part of the model), with tf-keras's layer names,
defaults, checks and ImageNet weight variants (``weights='imagenet'`` picks the largest input size)."""
from __future__ import annotations

import os
import sys

from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, batch_norm_axis, classifier_or_pooling, finish_model, image_input, imagenet_normalization,
)

__all__ = ["ResNetRS", "ResNetRS50", "ResNetRS101", "ResNetRS152", "ResNetRS200", "ResNetRS270", "ResNetRS350",
           "ResNetRS420", "preprocess_input", "decode_predictions"]

BASE_WEIGHTS_URL = "https://storage.googleapis.com/tensorflow/keras-applications/resnet_rs/"
# file name -> md5, as tf-keras.
WEIGHT_HASHES = {
    "resnet-rs-101-i160.h5": "544b3434d00efc199d66e9058c7f3379",
    "resnet-rs-101-i160_notop.h5": "82d5b90c5ce9d710da639d6216d0f979",
    "resnet-rs-101-i192.h5": "eb285be29ab42cf4835ff20a5e3b5d23",
    "resnet-rs-101-i192_notop.h5": "f9a0f6b85faa9c3db2b6e233c4eebb5b",
    "resnet-rs-152-i192.h5": "8d72a301ed8a6f11a47c4ced4396e338",
    "resnet-rs-152-i192_notop.h5": "5fbf7ac2155cb4d5a6180ee9e3aa8704",
    "resnet-rs-152-i224.h5": "31a46a92ab21b84193d0d71dd8c3d03b",
    "resnet-rs-152-i224_notop.h5": "dc8b2cba2005552eafa3167f00dc2133",
    "resnet-rs-152-i256.h5": "ba6271b99bdeb4e7a9b15c05964ef4ad",
    "resnet-rs-152-i256_notop.h5": "fa79794252dbe47c89130f65349d654a",
    "resnet-rs-200-i256.h5": "a76930b741884e09ce90fa7450747d5f",
    "resnet-rs-200-i256_notop.h5": "bbdb3994718dfc0d1cd45d7eff3f3d9c",
    "resnet-rs-270-i256.h5": "20d575825ba26176b03cb51012a367a8",
    "resnet-rs-270-i256_notop.h5": "2c42ecb22e35f3e23d2f70babce0a2aa",
    "resnet-rs-350-i256.h5": "f4a039dc3c421321b7fc240494574a68",
    "resnet-rs-350-i256_notop.h5": "6e44b55025bbdff8f51692a023143d66",
    "resnet-rs-350-i320.h5": "7ccb858cc738305e8ceb3c0140bee393",
    "resnet-rs-350-i320_notop.h5": "ab0c1f9079d2f85a9facbd2c88aa6079",
    "resnet-rs-420-i320.h5": "ae0eb9bed39e64fc8d7e0db4018dc7e8",
    "resnet-rs-420-i320_notop.h5": "fe6217c32be8305b1889657172b98884",
    "resnet-rs-50-i160.h5": "69d9d925319f00a8bdd4af23c04e4102",
    "resnet-rs-50-i160_notop.h5": "90daa68cd26c95aa6c5d25451e095529",
}
DEPTH_TO_WEIGHT_VARIANTS = {50: [160], 101: [160, 192], 152: [192, 224, 256], 200: [256], 270: [256],
                            350: [256, 320], 420: [320]}
# depth -> bottleneck blocks in each of the four groups (input filters 64, 128, 256, 512).
_REPEATS = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3), 152: (3, 8, 36, 3), 200: (3, 24, 36, 3), 270: (4, 29, 53, 4),
            350: (4, 36, 72, 4), 420: (4, 44, 87, 4)}
BLOCK_ARGS = {depth: [{"input_filters": filters, "num_repeats": repeats}
                      for filters, repeats in zip((64, 128, 256, 512), group_repeats)]
              for depth, group_repeats in _REPEATS.items()}
CONV_KERNEL_INITIALIZER = {"class_name": "VarianceScaling",
                           "config": {"scale": 2.0, "mode": "fan_out", "distribution": "truncated_normal"}}


def _conv_fixed_padding(x, filters: int, kernel_size: int, strides: int, name: str):
    if strides > 1:
        pad_beg = (kernel_size - 1) // 2
        pad_end = kernel_size - 1 - pad_beg
        x = layers.ZeroPadding2D(padding=((pad_beg, pad_end), (pad_beg, pad_end)))(x)
    return layers.Conv2D(filters, kernel_size=kernel_size, strides=strides,
                         padding="same" if strides == 1 else "valid", use_bias=False,
                         kernel_initializer=CONV_KERNEL_INITIALIZER, name=name)(x)


def _bn(x, bn_momentum: float, bn_epsilon: float, name: str):
    return layers.BatchNormalization(axis=batch_norm_axis(), momentum=bn_momentum, epsilon=bn_epsilon, name=name)(x)


def _stem(x, bn_momentum: float, bn_epsilon: float, activation):
    name = f"stem_{backend.get_uid('stem_')}"
    for i, (filters, strides) in enumerate(((32, 2), (32, 1), (64, 1), (64, 2)), start=1):
        x = _conv_fixed_padding(x, filters, 3, strides, f"{name}_stem_conv_{i}")
        x = _bn(x, bn_momentum, bn_epsilon, f"{name}_stem_batch_norm_{i}")
        x = layers.Activation(activation, name=f"{name}_stem_act_{i}")(x)
    return x


def _squeeze_excite(inputs, in_filters: int, se_ratio: float, name: str):
    bn_axis = batch_norm_axis()
    x = layers.GlobalAveragePooling2D(name=name + "_se_squeeze")(inputs)
    x = layers.Reshape((x.shape[-1], 1, 1) if bn_axis == 1 else (1, 1, x.shape[-1]), name=name + "_se_reshape")(x)
    x = layers.Conv2D(max(1, int(in_filters * 4 * se_ratio)), kernel_size=[1, 1], strides=[1, 1],
                      kernel_initializer=CONV_KERNEL_INITIALIZER, padding="same", use_bias=True, activation="relu",
                      name=name + "_se_reduce")(x)
    x = layers.Conv2D(4 * in_filters, kernel_size=[1, 1], strides=[1, 1], kernel_initializer=CONV_KERNEL_INITIALIZER,
                      padding="same", use_bias=True, activation="sigmoid", name=name + "_se_expand")(x)
    return layers.multiply([inputs, x], name=name + "_se_excite")


def _bottleneck(inputs, filters: int, strides: int, use_projection: bool, bn_momentum: float, bn_epsilon: float,
                activation, se_ratio: float, survival_probability: float, name: str):
    shortcut = inputs
    if use_projection:
        if strides == 2:
            shortcut = layers.AveragePooling2D(pool_size=(2, 2), strides=(2, 2), padding="same",
                                               name=name + "_projection_pooling")(inputs)
            shortcut = _conv_fixed_padding(shortcut, filters * 4, 1, 1, name + "_projection_conv")
        else:
            shortcut = _conv_fixed_padding(inputs, filters * 4, 1, strides, name + "_projection_conv")
        shortcut = _bn(shortcut, bn_momentum, bn_epsilon, name + "_projection_batch_norm")
    x = _conv_fixed_padding(inputs, filters, 1, 1, name + "_conv_1")
    # tf-keras's name has no underscore before "batch_norm_1" (unlike _2 and _3); the checkpoints use it.
    x = _bn(x, bn_momentum, bn_epsilon, name + "batch_norm_1")
    x = layers.Activation(activation, name=name + "_act_1")(x)
    x = _conv_fixed_padding(x, filters, 3, strides, name + "_conv_2")
    x = _bn(x, bn_momentum, bn_epsilon, name + "_batch_norm_2")
    x = layers.Activation(activation, name=name + "_act_2")(x)
    x = _conv_fixed_padding(x, filters * 4, 1, 1, name + "_conv_3")
    x = _bn(x, bn_momentum, bn_epsilon, name + "_batch_norm_3")
    if 0 < se_ratio < 1:
        x = _squeeze_excite(x, filters, se_ratio, name + "_se")
    if survival_probability:
        x = layers.Dropout(survival_probability, noise_shape=(None, 1, 1, 1), name=name + "_drop")(x)
    x = layers.Add()([x, shortcut])
    return layers.Activation(activation, name=name + "_output_act")(x)


def ResNetRS(depth: int, input_shape=None, bn_momentum: float = 0.0, bn_epsilon: float = 1e-5,  # noqa: N802
             activation="relu", se_ratio: float = 0.25, dropout_rate: float = 0.25, drop_connect_rate: float = 0.2,
             include_top: bool = True, block_args=None, model_name: str = "resnet-rs", pooling=None,
             weights="imagenet", input_tensor=None, classes: int = 1000, classifier_activation="softmax",
             include_preprocessing: bool = True):
    """Mirrors tf-keras's ``resnet_rs.ResNetRS``: Rescaling(1/255) + ImageNet Normalization (3 channels), the
    four-convolution stem, four groups of SE bottlenecks, the top. ``weights`` is None, a file, 'imagenet' (the
    largest input variant) or 'imagenet-i<size>' for one of ``DEPTH_TO_WEIGHT_VARIANTS[depth]``.

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    available = DEPTH_TO_WEIGHT_VARIANTS[depth]
    if weights == "imagenet":
        weights = f"imagenet-i{max(available)}"
    allowed = [f"imagenet-i{size}" for size in available]
    if not (weights in {*allowed, None} or os.path.exists(weights)):
        raise ValueError("The `weights` argument should be either `None` (random initialization), `'imagenet'` "
                         "(pre-training on ImageNet, with highest available input shape), or the path to the "
                         f"weights file to be loaded. For ResNetRS{depth} the following weight variants are "
                         f"available {allowed} (default=highest). Received weights={weights}")
    if weights in allowed and include_top and classes != 1000:
        raise ValueError(f"If using `weights` as `'imagenet'` or any of {allowed} with `include_top` as true, "
                         f"`classes` should be 1000. Received classes={classes}")
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32,
                                                    data_format=backend.image_data_format(),
                                                    require_flatten=include_top, weights=weights)
    img_input = image_input(input_tensor, input_shape)
    bn_axis = batch_norm_axis()
    x = img_input
    if include_preprocessing:
        x = layers.Rescaling(scale=1.0 / 255)(x)
        if input_shape[bn_axis - 1] == 3:
            x = imagenet_normalization(x, bn_axis)
    x = _stem(x, bn_momentum, bn_epsilon, activation)
    block_args = BLOCK_ARGS[depth] if block_args is None else block_args
    for i, args in enumerate(block_args):
        survival_probability = drop_connect_rate * float(i + 2) / (len(block_args) + 1)
        group = f"BlockGroup{i + 2}_"
        for j in range(args["num_repeats"]):
            x = _bottleneck(x, args["input_filters"], strides=(1 if i == 0 or j > 0 else 2), use_projection=j == 0,
                            bn_momentum=bn_momentum, bn_epsilon=bn_epsilon, activation=activation,
                            se_ratio=se_ratio, survival_probability=survival_probability,
                            name=f"{group}_block_{j}_")
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights,
                              dropout_rate=dropout_rate, avg_name="avg_pool", max_name="max_pool")
    weights_file = None
    if weights in allowed:
        fname = f"{model_name}-{weights.split('-')[-1]}{'' if include_top else '_notop'}.h5"
        weights_file = WeightsFile(fname, BASE_WEIGHTS_URL + fname, WEIGHT_HASHES[fname])
        weights = "imagenet"
    return finish_model(input_tensor, img_input, x, model_name, weights, weights_file)


def _variant(name: str, depth: int, dropout_rate: float, drop_connect_rate: float, recursion_limit: int = 0):
    def build(include_top: bool = True, weights="imagenet", classes: int = 1000, input_shape=None,
              input_tensor=None, pooling=None, classifier_activation="softmax", include_preprocessing: bool = True):
        # tf-keras raises the recursion limit for the deepest variants (their graphs are deep to walk).
        if sys.getrecursionlimit() < recursion_limit:
            sys.setrecursionlimit(recursion_limit)
        return ResNetRS(depth=depth, include_top=include_top, drop_connect_rate=drop_connect_rate,
                        dropout_rate=dropout_rate, weights=weights, classes=classes, input_shape=input_shape,
                        input_tensor=input_tensor, pooling=pooling, classifier_activation=classifier_activation,
                        model_name=f"resnet-rs-{depth}", include_preprocessing=include_preprocessing)
    build.__name__ = build.__qualname__ = name
    build.__doc__ = (f"Mirrors ``tf.keras.applications.{name}`` (ImageNet weights for inputs "
                     f"{DEPTH_TO_WEIGHT_VARIANTS[depth]}); takes raw [0, 255] pixels.")
    return build


ResNetRS50 = _variant("ResNetRS50", 50, 0.25, 0.0)
ResNetRS101 = _variant("ResNetRS101", 101, 0.25, 0.0)
ResNetRS152 = _variant("ResNetRS152", 152, 0.25, 0.0)
ResNetRS200 = _variant("ResNetRS200", 200, 0.25, 0.1)
ResNetRS270 = _variant("ResNetRS270", 270, 0.25, 0.1, recursion_limit=1300)
ResNetRS350 = _variant("ResNetRS350", 350, 0.4, 0.1, recursion_limit=1500)
ResNetRS420 = _variant("ResNetRS420", 420, 0.4, 0.1, recursion_limit=1800)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.resnet_rs.preprocess_input``: a pass-through (the model normalises)."""
    return x


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.resnet_rs.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
