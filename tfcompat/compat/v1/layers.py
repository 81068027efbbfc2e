"""``tf.compat.v1.layers``: re-exports only."""
from __future__ import annotations

from tfcompat._src.ops.layers import (
    AveragePooling2D, Conv2D, Conv2DTranspose, Dense, Dropout, Flatten, MaxPooling2D, average_pooling2d, conv2d,
    conv2d_transpose, dense, dropout, flatten, max_pooling2d,
)
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.ops.layers_base import Layer
from tfcompat._src.ops.layers_conv import (
    AveragePooling1D, AveragePooling3D, Conv1D, Conv3D, Conv3DTranspose, MaxPooling1D, MaxPooling3D, SeparableConv1D,
    SeparableConv2D, average_pooling1d, average_pooling3d, conv1d, conv3d, conv3d_transpose, max_pooling1d,
    max_pooling3d, separable_conv1d, separable_conv2d,
)
from tfcompat._src.ops.normalization import BatchNormalization, batch_normalization_layer as batch_normalization

__all__ = [
    "AveragePooling2D", "BatchNormalization", "Conv2D", "Conv2DTranspose", "Dense", "Dropout", "Flatten", "Layer", "MaxPooling2D",
    "average_pooling2d", "batch_normalization", "conv2d", "conv2d_transpose", "dense", "dropout", "flatten", "max_pooling2d",
]
__all__ += [
    "AveragePooling1D", "AveragePooling3D", "Conv1D", "Conv3D", "Conv3DTranspose", "MaxPooling1D", "MaxPooling3D",
    "SeparableConv1D", "SeparableConv2D", "average_pooling1d", "average_pooling3d", "conv1d", "conv3d",
    "conv3d_transpose", "max_pooling1d", "max_pooling3d", "separable_conv1d", "separable_conv2d", "InputSpec",
]
