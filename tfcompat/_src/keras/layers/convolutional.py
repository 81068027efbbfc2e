"""Convolution layers (tf-keras 2.21): Conv1D/2D/3D, Conv2DTranspose, SeparableConv1D/2D, DepthwiseConv2D.

Difference: ``groups > 1`` raises NotImplementedError for Conv1D/Conv3D (Conv2D supports it)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, nn_conv_ops, nn_extra_ops, nn_ops
from tfcompat._src.keras import activations, constraints, initializers, regularizers
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.layers.kernel_bias import add_kernel_and_bias, kernel_bias_config, set_kernel_bias_args
from tfcompat._src.keras.utils import conv_utils

__all__ = ["Conv", "Conv1D", "Conv2D", "Conv3D", "Conv2DTranspose", "SeparableConv1D", "SeparableConv2D",
           "DepthwiseConv2D"]


def _serialize_common(layer):
    return {
        "activation": activations.serialize(layer.activation), "use_bias": layer.use_bias,
        **kernel_bias_config(layer),
    }


class Conv(Layer):
    """tf-keras' convolution base: ``activation(conv(inputs, kernel) + bias)`` over ``rank`` spatial axes."""

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, trainable=True, name=None, conv_op=None, **kwargs):
        super().__init__(trainable=trainable, name=name,
                         activity_regularizer=regularizers.get(activity_regularizer), **kwargs)
        self.rank = rank
        if isinstance(filters, float):
            filters = int(filters)
        if filters is not None and filters <= 0:
            raise ValueError(f"Invalid value for argument `filters`. Expected a strictly positive value. Received "
                             f"filters={filters}.")
        self.filters = filters
        self.groups = groups or 1
        self.kernel_size = conv_utils.normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = conv_utils.normalize_tuple(strides, rank, "strides", allow_zero=True)
        self.padding = conv_utils.normalize_padding(padding)
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.dilation_rate = conv_utils.normalize_tuple(dilation_rate, rank, "dilation_rate")
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        set_kernel_bias_args(self, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                             kernel_constraint, bias_constraint)
        self.input_spec = InputSpec(min_ndim=self.rank + 2)
        self._validate_init()
        self._is_causal = self.padding == "causal"
        self._channels_first = self.data_format == "channels_first"
        self._tf_data_format = conv_utils.convert_data_format(self.data_format, self.rank + 2)

    def _validate_init(self):
        if self.filters is not None and self.filters % self.groups != 0:
            raise ValueError(f"The number of filters must be evenly divisible by the number of groups. Received: "
                             f"groups={self.groups}, filters={self.filters}")
        if not all(self.kernel_size):
            raise ValueError(f"The argument `kernel_size` cannot contain 0(s). Received: {(self.kernel_size,)}")
        if not all(self.strides):
            raise ValueError(f"The argument `strides` cannot contains 0(s). Received: {(self.strides,)}")
        if self.padding == "causal" and type(self).__name__ not in ("Conv1D", "SeparableConv1D"):
            raise ValueError("Causal padding is only supported for `Conv1D`and `SeparableConv1D`.")
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
                             f"strides={self.strides} and dilation_rate={self.dilation_rate}")

    def _get_channel_axis(self):
        return -1 - self.rank if self.data_format == "channels_first" else -1

    def _get_input_channel(self, input_shape):
        channel = input_shape[self._get_channel_axis()]
        if channel is None:
            raise ValueError(f"The channel dimension of the inputs should be defined. The input_shape received is "
                             f"{input_shape}, where axis {self._get_channel_axis()} (0-based) is the channel "
                             f"dimension, which found to be `None`.")
        return int(channel)

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        input_channel = self._get_input_channel(input_shape)
        if input_channel % self.groups != 0:
            raise ValueError(f"The number of input channels must be evenly divisible by the number of groups. "
                             f"Received groups={self.groups}, but the input has {input_channel} channels (full input "
                             f"shape is {input_shape}).")
        if self.groups != 1 and self.rank != 2:
            raise NotImplementedError("tfcompat's Conv1D/Conv3D layers do not support groups > 1 yet (Conv2D does).")
        kernel_shape = self.kernel_size + (input_channel // self.groups, self.filters)
        self.compute_output_shape(input_shape)
        add_kernel_and_bias(self, kernel_shape, (self.filters,) if self.use_bias else None)
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={self._get_channel_axis(): input_channel})
        Layer.build(self, input_shape)

    def convolution_op(self, inputs, kernel):
        if self.padding == "causal":
            tf_padding = "VALID"
        elif isinstance(self.padding, str):
            tf_padding = self.padding.upper()
        else:
            tf_padding = self.padding
        return nn_conv_ops.convolution(inputs, kernel, strides=list(self.strides), padding=tf_padding,
                                       dilations=list(self.dilation_rate), data_format=self._tf_data_format,
                                       name=type(self).__name__)

    def _compute_causal_padding(self, inputs):
        left_pad = self.dilation_rate[0] * (self.kernel_size[0] - 1)
        if inputs.shape.rank is None:
            batch_rank = 1
        else:
            batch_rank = inputs.shape.rank - 2
        if self.data_format == "channels_last":
            return [[0, 0]] * batch_rank + [[left_pad, 0], [0, 0]]
        return [[0, 0]] * batch_rank + [[0, 0], [left_pad, 0]]

    def call(self, inputs):
        input_shape = inputs.shape
        if self._is_causal:
            inputs = array_ops.pad(inputs, self._compute_causal_padding(inputs))
        outputs = self.convolution_op(inputs, self.kernel)
        if self.use_bias:
            if self.rank == 1 and self._channels_first:
                outputs = outputs + array_ops.reshape(self.bias, (1, self.filters, 1))
            else:
                outputs = nn_ops.bias_add(outputs, self.bias, data_format=self._tf_data_format)
        if not ctx_lib.executing_eagerly() and input_shape.rank and hasattr(outputs, "op"):
            outputs.set_shape(self.compute_output_shape(input_shape))
        if self.activation is not None:
            return self.activation(outputs)
        return outputs

    def _spatial_output_shape(self, spatial_input_shape):
        return [conv_utils.conv_output_length(length, self.kernel_size[i], padding=self.padding,
                                              stride=self.strides[i], dilation=self.dilation_rate[i])
                for i, length in enumerate(spatial_input_shape)]

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        batch_rank = len(dims) - self.rank - 1
        try:
            if self.data_format == "channels_last":
                spatial = self._spatial_output_shape(dims[batch_rank:-1])
            else:
                spatial = self._spatial_output_shape(dims[batch_rank + 1:])
            if any(d is not None and d <= 0 for d in spatial):
                raise ValueError("non-positive dimension")
            if self.data_format == "channels_last":
                return TensorShape(dims[:batch_rank] + spatial + [self.filters])
            return TensorShape(dims[:batch_rank] + [self.filters] + spatial)
        except ValueError:
            raise ValueError(f"One of the dimensions in the output is <= 0 due to downsampling in {self.name}. "
                             f"Consider increasing the input size. Received input shape {input_shape} which would "
                             f"produce output shape with a zero or negative value in a dimension.") from None

    def get_config(self):
        config = {"filters": self.filters, "kernel_size": self.kernel_size, "strides": self.strides,
                  "padding": self.padding, "data_format": self.data_format, "dilation_rate": self.dilation_rate,
                  "groups": self.groups, **_serialize_common(self)}
        base = super().get_config()
        return {**base, **config}


class Conv1D(Conv):
    """Mirrors ``tf.keras.layers.Conv1D`` (``padding='causal'`` pads on the left)."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format="channels_last", dilation_rate=1,
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=1, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, groups=groups, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)


class Conv2D(Conv):
    """Mirrors ``tf.keras.layers.Conv2D``."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=2, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, groups=groups, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)


class Conv3D(Conv):
    """Mirrors ``tf.keras.layers.Conv3D``."""

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1, 1), groups=1, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros", kernel_regularizer=None,
                 bias_regularizer=None, activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 **kwargs):
        super().__init__(rank=3, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, groups=groups, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)


class ConvTransposeMixin:
    """The rank-generic parts of tf-keras's transposed convolutions (Conv1D/2D/3DTranspose), mixed in before
    ``Conv``: ``output_padding``, the kernel ``kernel_size + (filters, in_channels)`` and the output lengths by
    ``deconv_output_length`` (Conv3DTranspose sets ``_uses_dilation = False``: tf-keras ignores its dilation)."""

    _uses_dilation = True
    _error_name = None   # the layer name in build's errors; None: the class name

    def _set_output_padding(self, output_padding):
        self.output_padding = output_padding
        if output_padding is not None:
            self.output_padding = conv_utils.normalize_tuple(output_padding, self.rank, "output_padding",
                                                             allow_zero=True)
            for stride, out_pad in zip(self.strides, self.output_padding):
                if out_pad >= stride:
                    raise ValueError(f"Strides must be greater than output padding. Received strides={self.strides}, "
                                     f"output_padding={self.output_padding}.")

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        if len(input_shape) != self.rank + 2:
            raise ValueError(f"Inputs should have rank {self.rank + 2}. Received input_shape={input_shape}.")
        channel_axis = self._get_channel_axis()
        if dimension_value(input_shape[channel_axis]) is None:
            raise ValueError(f"The channel dimension of the inputs to `{self._error_name or type(self).__name__}` "
                             f"should be defined. The input_shape received is {input_shape}, where axis "
                             f"{channel_axis} (0-based) is the channel dimension, which found to be `None`.")
        input_dim = int(input_shape[channel_axis])
        self.input_spec = InputSpec(ndim=self.rank + 2, axes={channel_axis: input_dim})
        add_kernel_and_bias(self, self.kernel_size + (self.filters, input_dim),
                            (self.filters,) if self.use_bias else None)
        Layer.build(self, input_shape)

    def _spatial_axes(self):
        start = 2 if self.data_format == "channels_first" else 1
        return list(range(start, start + self.rank))

    def _out_length(self, length, i):
        out_pad = None if self.output_padding is None else self.output_padding[i]
        dilation = self.dilation_rate[i] if self._uses_dilation else 1
        return conv_utils.deconv_output_length(length, self.kernel_size[i], padding=self.padding,
                                               output_padding=out_pad, stride=self.strides[i], dilation=dilation)

    def compute_output_shape(self, input_shape):
        shape = TensorShape(input_shape).as_list()
        shape[1 if self.data_format == "channels_first" else -1] = self.filters
        for i, axis in enumerate(self._spatial_axes()):
            shape[axis] = self._out_length(shape[axis], i)
        return TensorShape(shape)

    def get_config(self):
        config = super().get_config()
        config["output_padding"] = self.output_padding
        return config


class Conv2DTranspose(ConvTransposeMixin, Conv2D):
    """Mirrors ``tf.keras.layers.Conv2DTranspose`` (kernel [kh, kw, filters, in_channels])."""

    _error_name = "Conv2DTranspose"

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", output_padding=None, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, activation=activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer, kernel_constraint=kernel_constraint,
                         bias_constraint=bias_constraint, **kwargs)
        self._set_output_padding(output_padding)

    def call(self, inputs):
        inputs_shape = array_ops.shape(inputs)
        batch_size = inputs_shape[0]
        h_axis, w_axis = (2, 3) if self.data_format == "channels_first" else (1, 2)
        static = inputs.shape.as_list()
        height = static[h_axis] if static[h_axis] is not None else inputs_shape[h_axis]
        width = static[w_axis] if static[w_axis] is not None else inputs_shape[w_axis]
        kernel_h, kernel_w = self.kernel_size
        stride_h, stride_w = self.strides
        out_pad_h, out_pad_w = (None, None) if self.output_padding is None else self.output_padding
        out_height = conv_utils.deconv_output_length(height, kernel_h, padding=self.padding,
                                                     output_padding=out_pad_h, stride=stride_h,
                                                     dilation=self.dilation_rate[0])
        out_width = conv_utils.deconv_output_length(width, kernel_w, padding=self.padding, output_padding=out_pad_w,
                                                    stride=stride_w, dilation=self.dilation_rate[1])
        if self.data_format == "channels_first":
            output_shape = (batch_size, self.filters, out_height, out_width)
        else:
            output_shape = (batch_size, out_height, out_width, self.filters)
        static_batch = static[0]
        if static_batch is not None and all(isinstance(d, int) for d in (out_height, out_width)):
            output_shape_tensor = output_shape[:0] + (static_batch,) + output_shape[1:]
        else:
            output_shape_tensor = array_ops.stack([convert_to_tensor(d) if isinstance(d, int) else d
                                                   for d in output_shape])
        outputs = nn_extra_ops.conv2d_transpose_v2(inputs, self.kernel, output_shape_tensor, strides=self.strides,
                                                   padding=self.padding.upper(),
                                                   data_format=conv_utils.convert_data_format(self.data_format, 4),
                                                   dilations=self.dilation_rate)
        if not ctx_lib.executing_eagerly() and hasattr(outputs, "op"):
            outputs.set_shape(self.compute_output_shape(inputs.shape))
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias,
                                      data_format=conv_utils.convert_data_format(self.data_format, ndim=4))
        if self.activation is not None:
            return self.activation(outputs)
        return outputs


class SeparableConv(Conv):
    """tf-keras' separable convolution base (depthwise, then pointwise)."""

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros", depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(rank=rank, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, activation=activations.get(activation),
                         use_bias=use_bias, bias_initializer=initializers.get(bias_initializer),
                         bias_regularizer=regularizers.get(bias_regularizer),
                         activity_regularizer=regularizers.get(activity_regularizer),
                         bias_constraint=bias_constraint, trainable=trainable, name=name, **kwargs)
        self.depth_multiplier = depth_multiplier
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.depthwise_regularizer = regularizers.get(depthwise_regularizer)
        self.pointwise_regularizer = regularizers.get(pointwise_regularizer)
        self.depthwise_constraint = constraints.get(depthwise_constraint)
        self.pointwise_constraint = constraints.get(pointwise_constraint)

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        channel_axis = self._get_channel_axis()
        if dimension_value(input_shape[channel_axis]) is None:
            raise ValueError(f"The channel dimension of the inputs should be defined. The input_shape received is "
                             f"{input_shape}, where axis {channel_axis} (0-based) is the channel dimension, which "
                             f"found to be `None`.")
        input_dim = int(input_shape[channel_axis])
        self.input_spec = InputSpec(ndim=self.rank + 2, axes={channel_axis: input_dim})
        depthwise_kernel_shape = self.kernel_size + (input_dim, self.depth_multiplier)
        pointwise_kernel_shape = (1,) * self.rank + (self.depth_multiplier * input_dim, self.filters)
        self.depthwise_kernel = self.add_weight(name="depthwise_kernel", shape=depthwise_kernel_shape,
                                                initializer=self.depthwise_initializer,
                                                regularizer=self.depthwise_regularizer,
                                                constraint=self.depthwise_constraint, trainable=True,
                                                dtype=self.dtype)
        self.pointwise_kernel = self.add_weight(name="pointwise_kernel", shape=pointwise_kernel_shape,
                                                initializer=self.pointwise_initializer,
                                                regularizer=self.pointwise_regularizer,
                                                constraint=self.pointwise_constraint, trainable=True,
                                                dtype=self.dtype)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint,
                                        trainable=True, dtype=self.dtype)
        else:
            self.bias = None
        Layer.build(self, input_shape)

    def get_config(self):
        config = {**Conv.get_config(self), "depth_multiplier": self.depth_multiplier,
                  "depthwise_initializer": initializers.serialize(self.depthwise_initializer),
                  "pointwise_initializer": initializers.serialize(self.pointwise_initializer),
                  "bias_initializer": initializers.serialize(self.bias_initializer),
                  "depthwise_regularizer": regularizers.serialize(self.depthwise_regularizer),
                  "pointwise_regularizer": regularizers.serialize(self.pointwise_regularizer),
                  "depthwise_constraint": constraints.serialize(self.depthwise_constraint),
                  "pointwise_constraint": constraints.serialize(self.pointwise_constraint)}
        return config


class SeparableConv2D(SeparableConv):
    """Mirrors ``tf.keras.layers.SeparableConv2D``."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1),
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros", depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=2, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, depth_multiplier=depth_multiplier,
                         activation=activation, use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                         pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                         depthwise_regularizer=depthwise_regularizer, pointwise_regularizer=pointwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         depthwise_constraint=depthwise_constraint, pointwise_constraint=pointwise_constraint,
                         bias_constraint=bias_constraint, **kwargs)

    def call(self, inputs):
        if self.data_format == "channels_last":
            strides = (1,) + self.strides + (1,)
        else:
            strides = (1, 1) + self.strides
        outputs = nn_conv_ops.separable_conv2d(inputs, self.depthwise_kernel, self.pointwise_kernel,
                                               strides=strides, padding=self.padding.upper(),
                                               dilations=self.dilation_rate,
                                               data_format=conv_utils.convert_data_format(self.data_format, ndim=4))
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias,
                                      data_format=conv_utils.convert_data_format(self.data_format, ndim=4))
        if self.activation is not None:
            return self.activation(outputs)
        return outputs


class SeparableConv1D(SeparableConv):
    """Mirrors ``tf.keras.layers.SeparableConv1D`` (an expanded 2-D separable convolution, as tf-keras)."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros", depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(rank=1, filters=filters, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, dilation_rate=dilation_rate, depth_multiplier=depth_multiplier,
                         activation=activation, use_bias=use_bias, depthwise_initializer=depthwise_initializer,
                         pointwise_initializer=pointwise_initializer, bias_initializer=bias_initializer,
                         depthwise_regularizer=depthwise_regularizer, pointwise_regularizer=pointwise_regularizer,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         depthwise_constraint=depthwise_constraint, pointwise_constraint=pointwise_constraint,
                         bias_constraint=bias_constraint, **kwargs)

    def call(self, inputs):
        if self.padding == "causal":
            inputs = array_ops.pad(inputs, self._compute_causal_padding(inputs))
        if self.data_format == "channels_last":
            strides = (1,) + self.strides * 2 + (1,)
            spatial_start_dim = 1
        else:
            strides = (1, 1) + self.strides * 2
            spatial_start_dim = 2
        inputs = array_ops.expand_dims(inputs, spatial_start_dim)
        depthwise_kernel = array_ops.expand_dims(self.depthwise_kernel, 0)
        pointwise_kernel = array_ops.expand_dims(self.pointwise_kernel, 0)
        dilation_rate = (1,) + self.dilation_rate
        op_padding = "valid" if self.padding == "causal" else self.padding
        outputs = nn_conv_ops.separable_conv2d(inputs, depthwise_kernel, pointwise_kernel, strides=strides,
                                               padding=op_padding.upper(), dilations=dilation_rate,
                                               data_format=conv_utils.convert_data_format(self.data_format, ndim=4))
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias,
                                      data_format=conv_utils.convert_data_format(self.data_format, ndim=4))
        outputs = array_ops.squeeze(outputs, [spatial_start_dim])
        if self.activation is not None:
            return self.activation(outputs)
        return outputs


class DepthwiseMixin:
    """The depthwise parts that tf-keras's DepthwiseConv1D and DepthwiseConv2D share: the ``depthwise_*`` arguments,
    the kernel ``kernel_size + (in_channels, depth_multiplier)`` and bias, and the config. Mixed in before ``Conv``."""

    def _set_depthwise_args(self, depth_multiplier, depthwise_initializer, depthwise_regularizer,
                            depthwise_constraint, bias_initializer):
        self.depth_multiplier = depth_multiplier
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.depthwise_regularizer = regularizers.get(depthwise_regularizer)
        self.depthwise_constraint = constraints.get(depthwise_constraint)
        self.bias_initializer = initializers.get(bias_initializer)

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        name, ndim = self._error_name, self.rank + 2
        if len(input_shape) != ndim:
            raise ValueError(f"Inputs to `{name}` should have rank {ndim}. Received input_shape={input_shape}.")
        channel_axis = 1 if self.data_format == "channels_first" else ndim - 1
        if dimension_value(input_shape[channel_axis]) is None:
            raise ValueError(f"The channel dimension of the inputs to `{name}` should be defined. The input_"
                             f"shape received is {input_shape}, where axis {channel_axis} (0-based) is the channel "
                             f"dimension, which found to be `None`.")
        input_dim = int(input_shape[channel_axis])
        kernel_shape = tuple(self.kernel_size) + (input_dim, self.depth_multiplier)
        self.depthwise_kernel = self.add_weight(shape=kernel_shape,
                                                initializer=self.depthwise_initializer, name="depthwise_kernel",
                                                regularizer=self.depthwise_regularizer,
                                                constraint=self.depthwise_constraint)
        self.bias = (self.add_weight(shape=(input_dim * self.depth_multiplier,), initializer=self.bias_initializer,
                                     name="bias", regularizer=self.bias_regularizer, constraint=self.bias_constraint)
                     if self.use_bias else None)
        self.input_spec = InputSpec(ndim=ndim, axes={channel_axis: input_dim})
        Layer.build(self, input_shape)

    def get_config(self):
        config = super().get_config()
        for key in ("filters", "kernel_initializer", "kernel_regularizer", "kernel_constraint"):
            config.pop(key, None)
        config["depth_multiplier"] = self.depth_multiplier
        config["depthwise_initializer"] = initializers.serialize(self.depthwise_initializer)
        config["depthwise_regularizer"] = regularizers.serialize(self.depthwise_regularizer)
        config["depthwise_constraint"] = constraints.serialize(self.depthwise_constraint)
        return config


class DepthwiseConv2D(DepthwiseMixin, Conv2D):
    """Mirrors ``tf.keras.layers.DepthwiseConv2D`` (kernel [kh, kw, in_channels, depth_multiplier])."""

    _error_name = "DepthwiseConv2D"

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters=None, kernel_size=kernel_size, strides=strides, padding=padding,
                         data_format=data_format, activation=activation, use_bias=use_bias,
                         bias_regularizer=bias_regularizer, activity_regularizer=activity_regularizer,
                         bias_constraint=bias_constraint, dilation_rate=dilation_rate, **kwargs)
        self._set_depthwise_args(depth_multiplier, depthwise_initializer, depthwise_regularizer,
                                 depthwise_constraint, bias_initializer)

    def call(self, inputs):
        fmt = conv_utils.convert_data_format(self.data_format, ndim=4)
        strides = (1,) + self.strides + (1,) if fmt == "NHWC" else (1, 1) + self.strides
        outputs = nn_conv_ops.depthwise_conv2d(inputs, self.depthwise_kernel, strides=strides,
                                               padding=self.padding.upper(), dilations=self.dilation_rate,
                                               data_format=fmt)
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias, data_format=fmt)
        if self.activation is not None:
            return self.activation(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.data_format == "channels_first":
            rows, cols, out_filters = dims[2], dims[3], dims[1] * self.depth_multiplier
        else:
            rows, cols, out_filters = dims[1], dims[2], dims[3] * self.depth_multiplier
        rows = conv_utils.conv_output_length(rows, self.kernel_size[0], self.padding, self.strides[0],
                                             self.dilation_rate[0])
        cols = conv_utils.conv_output_length(cols, self.kernel_size[1], self.padding, self.strides[1],
                                             self.dilation_rate[1])
        if self.data_format == "channels_first":
            return TensorShape((dims[0], out_filters, rows, cols))
        return TensorShape((dims[0], rows, cols, out_filters))

