"""``tf.keras.applications.convnext`` (tf-keras 2.21): ConvNeXt Tiny/Small/Base/Large/XLarge (patchify stem,
depthwise 7x7 + inverted-MLP blocks with layer scale, channels-last LayerNormalization), with tf-keras's layer
names, defaults, checks and ImageNet weight files. The ImageNet normalisation is part of the model."""
from __future__ import annotations

import numpy as np

from tfcompat._src.keras import initializers
from tfcompat._src.keras import layers
from tfcompat._src.keras.applications import imagenet_utils
from tfcompat._src.keras.applications.model_builder import (
    batch_norm_axis, finish_model, global_pool, imagenet_weights_file, model_image_input, source_input,
)
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.sequential import Sequential
from tfcompat._src.ops import array_ops, math_ops, random_ops

__all__ = ["ConvNeXtTiny", "ConvNeXtSmall", "ConvNeXtBase", "ConvNeXtLarge", "ConvNeXtXLarge", "preprocess_input",
           "decode_predictions"]

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/convnext/"
# model name -> (sha256 of the top file, sha256 of the notop file), as tf-keras.
WEIGHTS_HASHES = {
    "convnext_tiny": ("8ae6e78ce2933352b1ef4008e6dd2f17bc40771563877d156bc6426c7cf503ff",
                      "d547c096cabd03329d7be5562c5e14798aa39ed24b474157cef5e85ab9e49ef1"),
    "convnext_small": ("ce1277d8f1ee5a0ef0e171469089c18f5233860ceaf9b168049cb9263fd7483c",
                       "6fc8009faa2f00c1c1dfce59feea9b0745eb260a7dd11bee65c8e20843da6eab"),
    "convnext_base": ("52cbb006d3dadd03f6e095a8ca1aca47aecdd75acb4bc74bce1f5c695d0086e6",
                      "40a20c5548a5e9202f69735ecc06c990e6b7c9d2de39f0361e27baeb24cb7c45"),
    "convnext_large": ("070c5ed9ed289581e477741d3b34beffa920db8cf590899d6d2c67fba2a198a6",
                       "96f02b6f0753d4f543261bc9d09bed650f24dd6bc02ddde3066135b63d23a1cd"),
    "convnext_xlarge": ("c1f5ccab661354fc3a79a10fa99af82f0fbf10ec65cb894a3ae0815f17a889ee",
                        "de3f8a54174130e0cecdc71583354753d557fcf1f4487331558e2a16ba0cfe05"),
}
# variant -> (blocks per stage, channels per stage); every variant's default input is 224x224.
MODEL_CONFIGS = {
    "tiny": ([3, 3, 9, 3], [96, 192, 384, 768]),
    "small": ([3, 3, 27, 3], [96, 192, 384, 768]),
    "base": ([3, 3, 27, 3], [128, 256, 512, 1024]),
    "large": ([3, 3, 27, 3], [192, 384, 768, 1536]),
    "xlarge": ([3, 3, 27, 3], [256, 512, 1024, 2048]),
}
_IMAGENET_MEAN_255 = [0.485 * 255, 0.456 * 255, 0.406 * 255]
_IMAGENET_VARIANCE_255 = [(0.229 * 255) ** 2, (0.224 * 255) ** 2, (0.225 * 255) ** 2]


class StochasticDepth(Layer):
    """tf-keras's ``convnext.StochasticDepth``: in training, drops the whole residual branch per sample with
    probability ``drop_path_rate`` (survivors scaled by 1 / keep probability); identity otherwise."""

    def __init__(self, drop_path_rate, **kwargs):
        super().__init__(**kwargs)
        self.drop_path_rate = drop_path_rate

    def call(self, x, training=None):
        if training:
            keep_prob = 1 - self.drop_path_rate
            shape = array_ops.concat([array_ops.shape(x)[:1], array_ops.ones([len(x.shape) - 1], "int32")], 0)
            random_tensor = math_ops.floor(keep_prob + random_ops.random_uniform(shape, 0, 1))
            return (x / keep_prob) * random_tensor
        return x

    def get_config(self):
        config = super().get_config()
        config.update({"drop_path_rate": self.drop_path_rate})
        return config


class LayerScale(Layer):
    """tf-keras's ``convnext.LayerScale``: multiplies by a learned per-channel ``gamma`` (initially
    ``init_values``)."""

    def __init__(self, init_values, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, input_shape):
        self.gamma = self.add_weight(name="gamma", shape=(self.projection_dim,),
                                     initializer=initializers.Constant(self.init_values), trainable=True)

    def call(self, x):
        return x * self.gamma

    def get_config(self):
        config = super().get_config()
        config.update({"init_values": self.init_values, "projection_dim": self.projection_dim})
        return config


def _convnext_block(x, projection_dim: int, drop_path_rate: float, layer_scale_init_value, name: str):
    inputs = x
    x = layers.Conv2D(projection_dim, kernel_size=7, padding="same", groups=projection_dim,
                      name=name + "_depthwise_conv")(x)
    x = layers.LayerNormalization(epsilon=1e-6, name=name + "_layernorm")(x)
    x = layers.Dense(4 * projection_dim, name=name + "_pointwise_conv_1")(x)
    x = layers.Activation("gelu", name=name + "_gelu")(x)
    x = layers.Dense(projection_dim, name=name + "_pointwise_conv_2")(x)
    if layer_scale_init_value is not None:
        x = LayerScale(layer_scale_init_value, projection_dim, name=name + "_layer_scale")(x)
    if drop_path_rate:
        residual = StochasticDepth(drop_path_rate, name=name + "_stochastic_depth")
    else:
        residual = layers.Activation("linear", name=name + "_identity")
    # A raw add, as tf-keras: the model gets a ``tf.__operators__.add`` TFOpLambda layer per block.
    return inputs + residual(x)


def _downsample_layers(model_name: str, projection_dims) -> list:
    stem = Sequential([layers.Conv2D(projection_dims[0], kernel_size=4, strides=4, name=model_name + "_stem_conv"),
                       layers.LayerNormalization(epsilon=1e-6, name=model_name + "_stem_layernorm")],
                      name=model_name + "_stem")
    blocks = [stem]
    for i in range(3):
        blocks.append(Sequential([
            layers.LayerNormalization(epsilon=1e-6, name=f"{model_name}_downsampling_layernorm_{i}"),
            layers.Conv2D(projection_dims[i + 1], kernel_size=2, strides=2, name=f"{model_name}_downsampling_conv_{i}"),
        ], name=f"{model_name}_downsampling_block_{i}"))
    return blocks


def ConvNeXt(depths, projection_dims, drop_path_rate: float = 0.0, layer_scale_init_value=1e-6,  # noqa: N802
             default_size: int = 224, model_name: str = "convnext", include_preprocessing: bool = True,
             include_top: bool = True, weights=None, input_tensor=None, input_shape=None, pooling=None,
             classes: int = 1000, classifier_activation="softmax"):
    """Mirrors tf-keras's ``convnext.ConvNeXt``: the ImageNet Normalization (3-channel inputs only), a 4x4
    patchify stem, four stages separated by LayerNormalization + 2x2 strided convolutions, the head (global
    average pooling, LayerNormalization, Dense) or, headless, the optional pooling followed by a
    LayerNormalization (as tf-keras, also without pooling).

    As tf-keras, a Keras ``input_tensor`` contributes only its source Input: the layers between that Input and
    ``input_tensor`` are not part of the model.

    Raises:
      ValueError: bad ``weights``, ``classes``, ``input_shape`` or ``classifier_activation``."""
    input_shape, img_input = model_image_input(input_tensor, input_shape, weights=weights, include_top=include_top,
                                               classes=classes, default_size=default_size)
    inputs = source_input(input_tensor, img_input)
    x = inputs
    if include_preprocessing:
        if input_shape[batch_norm_axis() - 1] == 3:
            x = layers.Normalization(mean=_IMAGENET_MEAN_255, variance=_IMAGENET_VARIANCE_255,
                                     name=model_name + "_prestem_normalization")(x)
    downsample_layers = _downsample_layers(model_name, projection_dims)
    depth_drop_rates = [float(rate) for rate in np.linspace(0.0, drop_path_rate, sum(depths))]
    cur = 0
    for i in range(4):
        x = downsample_layers[i](x)
        for j in range(depths[i]):
            x = _convnext_block(x, projection_dims[i], depth_drop_rates[cur + j], layer_scale_init_value,
                                name=f"{model_name}_stage_{i}_block_{j}")
        cur += depths[i]
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.GlobalAveragePooling2D(name=model_name + "_head_gap")(x)
        x = layers.LayerNormalization(epsilon=1e-6, name=model_name + "_head_layernorm")(x)
        x = layers.Dense(classes, activation=classifier_activation, name=model_name + "_head_dense")(x)
    else:
        x = global_pool(x, pooling)
        x = layers.LayerNormalization(epsilon=1e-6)(x)
    weights_file = imagenet_weights_file(weights, include_top, model_name, BASE_WEIGHTS_PATH, WEIGHTS_HASHES,
                                         model_name)
    return finish_model(None, inputs, x, model_name, weights, weights_file)


def _variant(name: str, size: str):
    depths, projection_dims = MODEL_CONFIGS[size]

    def build(model_name: str = f"convnext_{size}", include_top: bool = True, include_preprocessing: bool = True,
              weights="imagenet", input_tensor=None, input_shape=None, pooling=None, classes: int = 1000,
              classifier_activation="softmax"):
        return ConvNeXt(depths, projection_dims, drop_path_rate=0.0, layer_scale_init_value=1e-6,
                        default_size=224, model_name=model_name, include_preprocessing=include_preprocessing,
                        include_top=include_top, weights=weights, input_tensor=input_tensor,
                        input_shape=input_shape, pooling=pooling, classes=classes,
                        classifier_activation=classifier_activation)
    build.__name__ = build.__qualname__ = name
    build.__doc__ = (f"Mirrors ``tf.keras.applications.{name}`` (stage depths {depths}, widths "
                     f"{projection_dims}); takes raw [0, 255] pixels (the model normalises them).")
    return build


ConvNeXtTiny = _variant("ConvNeXtTiny", "tiny")
ConvNeXtSmall = _variant("ConvNeXtSmall", "small")
ConvNeXtBase = _variant("ConvNeXtBase", "base")
ConvNeXtLarge = _variant("ConvNeXtLarge", "large")
ConvNeXtXLarge = _variant("ConvNeXtXLarge", "xlarge")


def preprocess_input(x, data_format=None):
    """Mirrors ``tf.keras.applications.convnext.preprocess_input``: a pass-through (the model normalises)."""
    return x


def decode_predictions(preds, top: int = 5) -> list:
    """Mirrors ``tf.keras.applications.convnext.decode_predictions`` (see imagenet_utils)."""
    return imagenet_utils.decode_predictions(preds, top=top)
