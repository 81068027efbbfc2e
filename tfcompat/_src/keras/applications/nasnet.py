"""``tf.keras.applications.nasnet`` (tf-keras 2.21): NASNetMobile and NASNetLarge (NASNet-A normal and reduction
cells), with tf-keras's layer names, defaults, checks and ImageNet weight files. NASNet is channels-last only:
under ``channels_first`` the model is built channels-last with tf-keras's warning."""
from __future__ import annotations

import logging

from tfcompat._src.keras import backend, backend_math
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, check_weights_argument, classifier_or_pooling, finish_model, image_input,
)

__all__ = ["NASNet", "NASNetMobile", "NASNetLarge", "preprocess_input", "decode_predictions"]

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/nasnet/"
# default input size -> (top file, notop file), each as (cache name, URL file name, md5), as tf-keras.
_IMAGENET_FILES = {
    224: (("nasnet_mobile.h5", "NASNet-mobile.h5", "020fb642bf7360b370c678b08e0adf61"),
          ("nasnet_mobile_no_top.h5", "NASNet-mobile-no-top.h5", "1ed92395b5b598bdda52abe5c0dbfd63")),
    331: (("nasnet_large.h5", "NASNet-large.h5", "11577c9a518f0070763c2b964a382f17"),
          ("nasnet_large_no_top.h5", "NASNet-large-no-top.h5", "d81d89dc07e6e56530c4e77faddd61b5")),
}
_logger = logging.getLogger("tensorflow")  # tf-keras logs through tf_logging
_CHANNEL_DIM = -1  # NASNet is always built channels-last


def _bn(x, name: str):
    return layers.BatchNormalization(axis=_CHANNEL_DIM, momentum=0.9997, epsilon=1e-3, name=name)(x)


def _conv1x1(x, filters: int, name: str):
    return layers.Conv2D(filters, (1, 1), strides=(1, 1), padding="same", use_bias=False, name=name,
                         kernel_initializer="he_normal")(x)


def _separable_conv_block(ip, filters: int, kernel_size=(3, 3), strides=(1, 1), block_id: str = ""):
    """Two ReLU-SeparableConv2D-BN units; the first strided (padded as TF's 'same' when stride 2)."""
    x = layers.Activation("relu")(ip)
    if strides == (2, 2):
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size),
                                 name=f"separable_conv_1_pad_{block_id}")(x)
        conv_pad = "valid"
    else:
        conv_pad = "same"
    x = layers.SeparableConv2D(filters, kernel_size, strides=strides, name=f"separable_conv_1_{block_id}",
                               padding=conv_pad, use_bias=False, kernel_initializer="he_normal")(x)
    x = _bn(x, f"separable_conv_1_bn_{block_id}")
    x = layers.Activation("relu")(x)
    x = layers.SeparableConv2D(filters, kernel_size, name=f"separable_conv_2_{block_id}", padding="same",
                               use_bias=False, kernel_initializer="he_normal")(x)
    return _bn(x, f"separable_conv_2_bn_{block_id}")


def _adjust_block(p, ip, filters: int, block_id: str):
    """The previous cell's output ``p`` matched to ``ip``: halved spatially (two offset 1x1 paths) when the
    sizes differ, projected to ``filters`` channels when only the channels differ."""
    if p is None:
        return ip
    p_shape, ip_shape = backend_math.int_shape(p), backend_math.int_shape(ip)
    if p_shape[-2] != ip_shape[-2]:
        p = layers.Activation("relu", name=f"adjust_relu_1_{block_id}")(p)
        p1 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding="valid", name=f"adjust_avg_pool_1_{block_id}")(p)
        p1 = _conv1x1(p1, filters // 2, f"adjust_conv_1_{block_id}")
        p2 = layers.ZeroPadding2D(padding=((0, 1), (0, 1)))(p)
        p2 = layers.Cropping2D(cropping=((1, 0), (1, 0)))(p2)
        p2 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding="valid",
                                     name=f"adjust_avg_pool_2_{block_id}")(p2)
        p2 = _conv1x1(p2, filters // 2, f"adjust_conv_2_{block_id}")
        p = layers.concatenate([p1, p2], axis=_CHANNEL_DIM)
        return _bn(p, f"adjust_bn_{block_id}")
    if p_shape[_CHANNEL_DIM] != filters:
        p = layers.Activation("relu")(p)
        p = _conv1x1(p, filters, f"adjust_conv_projection_{block_id}")
        return _bn(p, f"adjust_bn_{block_id}")
    return p


def _cell_input(ip, p, filters: int, kind: str, block_id: str):
    p = _adjust_block(p, ip, filters, block_id)
    h = layers.Activation("relu")(ip)
    h = _conv1x1(h, filters, f"{kind}_conv_1_{block_id}")
    return p, _bn(h, f"{kind}_bn_1_{block_id}")


def _avg3x3(x, strides, padding: str, name: str):
    return layers.AveragePooling2D((3, 3), strides=strides, padding=padding, name=name)(x)


def _normal_a_cell(ip, p, filters: int, block_id: str):
    p, h = _cell_input(ip, p, filters, "normal", block_id)
    x1 = layers.add([_separable_conv_block(h, filters, (5, 5), block_id=f"normal_left1_{block_id}"),
                     _separable_conv_block(p, filters, block_id=f"normal_right1_{block_id}")],
                    name=f"normal_add_1_{block_id}")
    x2 = layers.add([_separable_conv_block(p, filters, (5, 5), block_id=f"normal_left2_{block_id}"),
                     _separable_conv_block(p, filters, (3, 3), block_id=f"normal_right2_{block_id}")],
                    name=f"normal_add_2_{block_id}")
    x3 = layers.add([_avg3x3(h, (1, 1), "same", f"normal_left3_{block_id}"), p], name=f"normal_add_3_{block_id}")
    x4 = layers.add([_avg3x3(p, (1, 1), "same", f"normal_left4_{block_id}"),
                     _avg3x3(p, (1, 1), "same", f"normal_right4_{block_id}")], name=f"normal_add_4_{block_id}")
    x5 = layers.add([_separable_conv_block(h, filters, block_id=f"normal_left5_{block_id}"), h],
                    name=f"normal_add_5_{block_id}")
    x = layers.concatenate([p, x1, x2, x3, x4, x5], axis=_CHANNEL_DIM, name=f"normal_concat_{block_id}")
    return x, ip


def _reduction_a_cell(ip, p, filters: int, block_id: str):
    p, h = _cell_input(ip, p, filters, "reduction", block_id)
    h3 = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(h, 3), name=f"reduction_pad_1_{block_id}")(h)
    x1 = layers.add([_separable_conv_block(h, filters, (5, 5), strides=(2, 2),
                                           block_id=f"reduction_left1_{block_id}"),
                     _separable_conv_block(p, filters, (7, 7), strides=(2, 2),
                                           block_id=f"reduction_right1_{block_id}")],
                    name=f"reduction_add_1_{block_id}")
    x2_1 = layers.MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name=f"reduction_left2_{block_id}")(h3)
    x2 = layers.add([x2_1, _separable_conv_block(p, filters, (7, 7), strides=(2, 2),
                                                 block_id=f"reduction_right2_{block_id}")],
                    name=f"reduction_add_2_{block_id}")
    x3_1 = _avg3x3(h3, (2, 2), "valid", f"reduction_left3_{block_id}")
    x3 = layers.add([x3_1, _separable_conv_block(p, filters, (5, 5), strides=(2, 2),
                                                 block_id=f"reduction_right3_{block_id}")],
                    name=f"reduction_add3_{block_id}")
    x4 = layers.add([x2, _avg3x3(x1, (1, 1), "same", f"reduction_left4_{block_id}")])
    # tf-keras reuses the "reduction_left4" id for this separable block (names stay unique: the pooling above is
    # "reduction_left4_<id>", the convolutions "separable_conv_*_reduction_left4_<id>").
    x5_1 = _separable_conv_block(x1, filters, (3, 3), block_id=f"reduction_left4_{block_id}")
    x5_2 = layers.MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name=f"reduction_right5_{block_id}")(h3)
    x5 = layers.add([x5_1, x5_2], name=f"reduction_add4_{block_id}")
    x = layers.concatenate([x2, x3, x4, x5], axis=_CHANNEL_DIM, name=f"reduction_concat_{block_id}")
    return x, ip


def NASNet(input_shape=None, penultimate_filters: int = 4032, num_blocks: int = 6,  # noqa: N802
           stem_block_filters: int = 96, skip_reduction: bool = True, filter_multiplier: int = 2,
           include_top: bool = True, weights="imagenet", input_tensor=None, pooling=None, classes: int = 1000,
           default_size: int | None = None, classifier_activation="softmax"):
    """Mirrors tf-keras's ``nasnet.NASNet``: the stem convolution, two stem reduction cells, then three groups of
    ``num_blocks`` normal cells separated by reduction cells, ReLU, the top. ImageNet weights exist for the
    Mobile (default size 224) and Large (331) configurations only.

    Raises:
      ValueError: bad ``weights``/``classes``/``input_shape``/``classifier_activation``, a ``penultimate_filters``
        that is not a multiple of 24 * filter_multiplier ** 2, or ImageNet weights for another default size."""
    check_weights_argument(weights, include_top, classes)
    if isinstance(input_shape, tuple) and None in input_shape and weights == "imagenet":
        raise ValueError("When specifying the input shape of a NASNet and loading `ImageNet` weights, the "
                         f"input_shape argument must be static (no None entries). Got: `input_shape={input_shape}`.")
    if default_size is None:
        default_size = 331
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=backend.image_data_format(),
                                                    require_flatten=include_top, weights=weights)
    old_data_format = None
    if backend.image_data_format() != "channels_last":
        _logger.warning('The NASNet family of models is only available for the input data format "channels_last" '
                        '(width, height, channels). However your settings specify the default data format '
                        '"channels_first" (channels, width, height). You should set '
                        '`image_data_format="channels_last"` in your TF-Keras config located at '
                        '~/.keras/keras.json. The model being returned right now will expect inputs to follow the '
                        '"channels_last" data format.')
        backend.set_image_data_format("channels_last")
        old_data_format = "channels_first"
    try:
        return _build(input_shape, penultimate_filters, num_blocks, stem_block_filters, skip_reduction,
                      filter_multiplier, include_top, weights, input_tensor, pooling, classes, default_size,
                      classifier_activation)
    finally:
        if old_data_format:
            backend.set_image_data_format(old_data_format)


def _build(input_shape, penultimate_filters, num_blocks, stem_block_filters, skip_reduction, filter_multiplier,
           include_top, weights, input_tensor, pooling, classes, default_size, classifier_activation):
    img_input = image_input(input_tensor, input_shape)
    if penultimate_filters % (24 * (filter_multiplier ** 2)) != 0:
        raise ValueError("For NASNet-A models, the `penultimate_filters` must be a multiple of 24 * "
                         f"(`filter_multiplier` ** 2). Current value: {penultimate_filters}")
    filters = penultimate_filters // 24
    x = layers.Conv2D(stem_block_filters, (3, 3), strides=(2, 2), padding="valid", use_bias=False,
                      name="stem_conv1", kernel_initializer="he_normal")(img_input)
    x = _bn(x, "stem_bn1")
    p = None
    x, p = _reduction_a_cell(x, p, filters // (filter_multiplier ** 2), block_id="stem_1")
    x, p = _reduction_a_cell(x, p, filters // filter_multiplier, block_id="stem_2")
    for group in range(3):
        group_filters = filters * filter_multiplier ** group
        if group > 0:
            x, p0 = _reduction_a_cell(x, p, group_filters, block_id=f"reduce_{group * num_blocks}")
            p = p if skip_reduction else p0
        for i in range(num_blocks):
            block = group * num_blocks + i + 1 if group else i
            x, p = _normal_a_cell(x, p, group_filters, block_id=str(block))
    x = layers.Activation("relu")(x)
    x = classifier_or_pooling(x, include_top, pooling, classes, classifier_activation, weights, top_pool_name=None)
    weights_file = None
    if weights == "imagenet":
        if default_size not in _IMAGENET_FILES:
            raise ValueError("ImageNet weights can only be loaded with NASNetLarge or NASNetMobile")
        fname, url_name, md5 = _IMAGENET_FILES[default_size][0 if include_top else 1]
        weights_file = WeightsFile(fname, BASE_WEIGHTS_PATH + url_name, md5)
    return finish_model(input_tensor, img_input, x, "NASNet", weights, weights_file)


def NASNetMobile(input_shape=None, include_top: bool = True, weights="imagenet", input_tensor=None,  # noqa: N802
                 pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.NASNetMobile`` (NASNet-A 4 @ 1056, default input 224x224); inputs are
    preprocessed with ``nasnet.preprocess_input`` (mode 'tf')."""
    return NASNet(input_shape, penultimate_filters=1056, num_blocks=4, stem_block_filters=32, skip_reduction=False,
                  filter_multiplier=2, include_top=include_top, weights=weights, input_tensor=input_tensor,
                  pooling=pooling, classes=classes, default_size=224, classifier_activation=classifier_activation)


def NASNetLarge(input_shape=None, include_top: bool = True, weights="imagenet", input_tensor=None,  # noqa: N802
                pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.NASNetLarge`` (NASNet-A 6 @ 4032, default input 331x331); inputs are
    preprocessed with ``nasnet.preprocess_input`` (mode 'tf')."""
    return NASNet(input_shape, penultimate_filters=4032, num_blocks=6, stem_block_filters=96, skip_reduction=True,
                  filter_multiplier=2, include_top=include_top, weights=weights, input_tensor=input_tensor,
                  pooling=pooling, classes=classes, default_size=331, classifier_activation=classifier_activation)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.nasnet.preprocess_input``: mode 'tf' (scale to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.nasnet.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
