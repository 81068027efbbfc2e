"""``tf.keras.applications.vgg16`` and ``vgg19`` (tf-keras 2.21): the VGG networks, with the same layer names,
defaults, checks and ImageNet weight files."""
from __future__ import annotations

from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    WeightsFile, finish_model, global_pool, model_image_input,
)

__all__ = ["VGG16", "VGG19", "preprocess_input", "decode_predictions"]

_BASE_URL = "https://storage.googleapis.com/tensorflow/keras-applications/"
# name -> (convs per block, md5 of the top file, md5 of the notop file)
_VARIANTS = {
    "vgg16": ((2, 2, 3, 3, 3), "64373286793e3c8b2b4e3219cbf3544b", "6d6bbae143d832006294945121d1f1fc"),
    "vgg19": ((2, 2, 4, 4, 4), "cbe5617147190e668d6c5d5026f83318", "253f8cb515780f3b799900260a226db6"),
}
_BLOCK_FILTERS = (64, 128, 256, 512, 512)


def _vgg(name: str, include_top, weights, input_tensor, input_shape, pooling, classes, classifier_activation):
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=224)
    convs, top_hash, notop_hash = _VARIANTS[name]
    x = img_input
    for block, (n_convs, filters) in enumerate(zip(convs, _BLOCK_FILTERS), start=1):
        for conv in range(1, n_convs + 1):
            x = layers.Conv2D(filters, (3, 3), activation="relu", padding="same", name=f"block{block}_conv{conv}")(x)
        x = layers.MaxPooling2D((2, 2), strides=(2, 2), name=f"block{block}_pool")(x)
    if include_top:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        x = layers.Dense(4096, activation="relu", name="fc2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    else:
        x = global_pool(x, pooling)
    fname = f"{name}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
    weights_file = WeightsFile(fname, f"{_BASE_URL}{name}/{fname}", top_hash if include_top else notop_hash)
    return finish_model(input_tensor, img_input, x, name, weights, weights_file)


def VGG16(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
          pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.VGG16``: the functional model ``vgg16`` (13 conv + 3 dense layers).

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    return _vgg("vgg16", include_top, weights, input_tensor, input_shape, pooling, classes, classifier_activation)


def VGG19(include_top: bool = True, weights="imagenet", input_tensor=None, input_shape=None,  # noqa: N802
          pooling=None, classes: int = 1000, classifier_activation="softmax"):
    """Mirrors ``tf.keras.applications.VGG19``: the functional model ``vgg19`` (16 conv + 3 dense layers).

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    return _vgg("vgg19", include_top, weights, input_tensor, input_shape, pooling, classes, classifier_activation)


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.vgg16.preprocess_input`` (and vgg19's): mode 'caffe' (RGB->BGR, minus
    the ImageNet channel means)."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.vgg16.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
