"""Conv1DTranspose, Conv3DTranspose and DepthwiseConv1D (tf-keras 2.21). The transposed convolutions share one
rank-generic body (kernel ``kernel_size + (filters, in_channels)``, output lengths by ``deconv_output_length``);
as in tf-keras, Conv3DTranspose ignores ``dilation_rate`` in the op and leaves it out of its config."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, nn_conv_backprop_ops, nn_conv_ops, nn_ops
from tfcompat._src.keras.layers.convolutional import Conv, ConvTransposeMixin, DepthwiseMixin
from tfcompat._src.keras.utils import conv_utils

__all__ = ["Conv1DTranspose", "Conv3DTranspose", "DepthwiseConv1D"]


class _ConvTranspose(ConvTransposeMixin, Conv):
    """The transposed convolution of tf-keras's Conv1DTranspose/Conv3DTranspose over ``rank`` spatial axes."""

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", output_padding=None,
                 data_format=None, dilation_rate=1, **kwargs):
        super().__init__(rank=rank, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, **kwargs)
        self._set_output_padding(output_padding)

    def _transpose_op(self, inputs, output_shape):
        raise NotImplementedError

    def call(self, inputs):
        dynamic = array_ops.shape(inputs)
        static = inputs.shape.as_list()
        spatial = [self._out_length(static[a] if static[a] is not None else dynamic[a], i)
                   for i, a in enumerate(self._spatial_axes())]
        if self.data_format == "channels_first":
            output_shape = [dynamic[0], self.filters] + spatial
        else:
            output_shape = [dynamic[0]] + spatial + [self.filters]
        outputs = self._transpose_op(inputs, array_ops.stack(output_shape))
        if not ctx_lib.executing_eagerly() and hasattr(outputs, "op"):
            outputs.set_shape(self.compute_output_shape(inputs.shape))
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias,
                                      data_format=conv_utils.convert_data_format(self.data_format, self.rank + 2))
        if self.activation is not None:
            return self.activation(outputs)
        return outputs


class Conv1DTranspose(_ConvTranspose):
    """Mirrors ``tf.keras.layers.Conv1DTranspose`` (``tf.nn.conv1d_transpose``; kernel [k, filters, in])."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", output_padding=None, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(1, filters, kernel_size, strides=strides, padding=padding, output_padding=output_padding,
                         data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)

    def _transpose_op(self, inputs, output_shape):
        return nn_conv_backprop_ops.conv1d_transpose(
            inputs, self.kernel, output_shape, strides=self.strides, padding=self.padding.upper(),
            data_format=conv_utils.convert_data_format(self.data_format, ndim=3), dilations=self.dilation_rate)


class Conv3DTranspose(_ConvTranspose):
    """Mirrors ``tf.keras.layers.Conv3DTranspose`` (``tf.nn.conv3d_transpose``; kernel [kd, kh, kw, filters, in];
    ``dilation_rate`` is accepted but not applied, as in tf-keras)."""

    _uses_dilation = False

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid", output_padding=None,
                 data_format=None, dilation_rate=(1, 1, 1), activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros", kernel_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 **kwargs):
        super().__init__(3, filters, kernel_size, strides=strides, padding=padding, output_padding=output_padding,
                         data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)

    def _transpose_op(self, inputs, output_shape):
        fmt = conv_utils.convert_data_format(self.data_format, ndim=5)
        strides = (1, 1) + tuple(self.strides) if fmt == "NCDHW" else (1,) + tuple(self.strides) + (1,)
        return nn_conv_backprop_ops.conv3d_transpose(inputs, self.kernel, output_shape, strides, data_format=fmt,
                                                     padding=self.padding.upper())

    def get_config(self):
        config = super().get_config()
        config.pop("dilation_rate")
        return config


class DepthwiseConv1D(DepthwiseMixin, Conv):
    """Mirrors ``tf.keras.layers.DepthwiseConv1D``: a DepthwiseConv2D over an inserted unit height axis
    (kernel [k, in_channels, depth_multiplier])."""

    _error_name = "DepthwiseConv1D"

    def __init__(self, kernel_size, strides=1, padding="valid", depth_multiplier=1, data_format=None,
                 dilation_rate=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(1, filters=None, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                         use_bias=use_bias, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, bias_constraint=bias_constraint, **kwargs)
        self._set_depthwise_args(depth_multiplier, depthwise_initializer, depthwise_regularizer,
                                 depthwise_constraint, bias_initializer)

    def call(self, inputs):
        fmt = conv_utils.convert_data_format(self.data_format, ndim=4)
        # tf-keras repeats the stride tuple for the inserted axis: strides (s,) become (1, s, s, 1).
        if self.data_format == "channels_last":
            strides, spatial_start = (1,) + tuple(self.strides) * 2 + (1,), 1
        else:
            strides, spatial_start = (1, 1) + tuple(self.strides) * 2, 2
        outputs = nn_conv_ops.depthwise_conv2d(array_ops.expand_dims(inputs, spatial_start),
                                               array_ops.expand_dims(self.depthwise_kernel, 0), strides=strides,
                                               padding=self.padding.upper(),
                                               dilations=(1,) + tuple(self.dilation_rate), data_format=fmt)
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias, data_format=fmt)
        outputs = array_ops.squeeze(outputs, [spatial_start])
        if self.activation is not None:
            return self.activation(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.data_format == "channels_first":
            length, out_filters = dims[2], dims[1] * self.depth_multiplier
        else:
            length, out_filters = dims[1], dims[2] * self.depth_multiplier
        length = conv_utils.conv_output_length(length, self.kernel_size[0], self.padding, self.strides[0],
                                               self.dilation_rate[0])
        if self.data_format == "channels_first":
            return TensorShape((dims[0], out_filters, length))
        return TensorShape((dims[0], length, out_filters))
