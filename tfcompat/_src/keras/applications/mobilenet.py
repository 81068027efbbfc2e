"""``tf.keras.applications.mobilenet`` (tf-keras 2.21): MobileNet v1 (depthwise separable convolutions), with
the same layer names, defaults, checks and ImageNet weight files."""
from __future__ import annotations

from tfcompat._src.keras import backend
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, channel_axis, check_weights_argument, finish_model, global_pool, image_input,
)

__all__ = ["MobileNet", "preprocess_input", "decode_predictions"]

BASE_WEIGHT_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/"
_IMAGENET_SIZES = (128, 160, 192, 224)
_ALPHA_TEXT = {1.0: "1_0", 0.75: "7_5", 0.5: "5_0"}  # anything else (0.25) is "2_5", as tf-keras
# (pointwise filters, strides) of depthwise blocks 1..13.
_BLOCKS = ((64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1), (512, 1), (512, 1), (512, 1),
           (512, 1), (1024, 2), (1024, 1))


def MobileNet(input_shape=None, alpha: float = 1.0, depth_multiplier: int = 1, dropout: float = 1e-3,  # noqa: N802
              include_top: bool = True, weights="imagenet", input_tensor=None, pooling=None, classes: int = 1000,
              classifier_activation="softmax", **kwargs):
    """Mirrors ``tf.keras.applications.MobileNet``: the functional model ``mobilenet_{alpha:.2f}_{rows}``.

    Raises:
      ValueError: unknown keyword arguments, bad ``weights``/``classes``/``input_shape``, or ``alpha`` /
        ``depth_multiplier`` without ImageNet checkpoints."""
    if kwargs:
        raise ValueError(f"Unknown argument(s): {(kwargs,)}")
    check_weights_argument(weights, include_top, classes)
    channels_last = backend.image_data_format() == "channels_last"
    default_size = 224
    if input_shape is not None:
        rows, cols = (input_shape[0], input_shape[1]) if channels_last else (input_shape[1], input_shape[2])
        if rows == cols and rows in _IMAGENET_SIZES:
            default_size = rows
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=backend.image_data_format(),
                                                    require_flatten=include_top, weights=weights)
    rows, cols = (input_shape[0], input_shape[1]) if channels_last else (input_shape[1], input_shape[2])
    if weights == "imagenet":
        if depth_multiplier != 1:
            raise ValueError("If imagenet weights are being loaded, depth multiplier must be 1.  Received "
                             f"depth_multiplier={depth_multiplier}")
        if alpha not in (0.25, 0.50, 0.75, 1.0):
            raise ValueError("If imagenet weights are being loaded, alpha can be one of`0.25`, `0.50`, `0.75` or "
                             f"`1.0` only.  Received alpha={alpha}")
        if rows != cols or rows not in _IMAGENET_SIZES:
            rows = 224
            imagenet_utils.warn_default_weights_size(_IMAGENET_SIZES)
    img_input = image_input(input_tensor, input_shape)
    x = _conv_block(img_input, 32, alpha, strides=(2, 2))
    for block_id, (filters, stride) in enumerate(_BLOCKS, start=1):
        x = _depthwise_conv_block(x, filters, alpha, depth_multiplier, strides=(stride, stride), block_id=block_id)
    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Dropout(dropout, name="dropout")(x)
        x = layers.Conv2D(classes, (1, 1), padding="same", name="conv_preds")(x)
        x = layers.Reshape((classes,), name="reshape_2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(activation=classifier_activation, name="predictions")(x)
    else:
        x = global_pool(x, pooling)
    fname = f"mobilenet_{_ALPHA_TEXT.get(alpha, '2_5')}_{rows}_tf{'' if include_top else '_no_top'}.h5"
    return finish_model(input_tensor, img_input, x, f"mobilenet_{alpha:0.2f}_{rows}", weights,
                        WeightsFile(fname, BASE_WEIGHT_PATH + fname))


def _conv_block(inputs, filters: int, alpha: float, kernel=(3, 3), strides=(1, 1)):
    x = layers.Conv2D(int(filters * alpha), kernel, padding="same", use_bias=False, strides=strides,
                      name="conv1")(inputs)
    x = layers.BatchNormalization(axis=channel_axis(), name="conv1_bn")(x)
    return layers.ReLU(6.0, name="conv1_relu")(x)


def _depthwise_conv_block(inputs, pointwise_conv_filters: int, alpha: float, depth_multiplier: int = 1,
                          strides=(1, 1), block_id: int = 1):
    axis = channel_axis()
    if strides == (1, 1):
        x = inputs
    else:
        x = layers.ZeroPadding2D(((0, 1), (0, 1)), name=f"conv_pad_{block_id}")(inputs)
    x = layers.DepthwiseConv2D((3, 3), padding="same" if strides == (1, 1) else "valid",
                               depth_multiplier=depth_multiplier, strides=strides, use_bias=False,
                               name=f"conv_dw_{block_id}")(x)
    x = layers.BatchNormalization(axis=axis, name=f"conv_dw_{block_id}_bn")(x)
    x = layers.ReLU(6.0, name=f"conv_dw_{block_id}_relu")(x)
    x = layers.Conv2D(int(pointwise_conv_filters * alpha), (1, 1), padding="same", use_bias=False, strides=(1, 1),
                      name=f"conv_pw_{block_id}")(x)
    x = layers.BatchNormalization(axis=axis, name=f"conv_pw_{block_id}_bn")(x)
    return layers.ReLU(6.0, name=f"conv_pw_{block_id}_relu")(x)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.mobilenet.preprocess_input``: mode 'tf' (scale to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.mobilenet.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
