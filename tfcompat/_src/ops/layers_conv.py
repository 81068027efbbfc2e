"""``tf.compat.v1.layers`` 1-D/3-D convolutions, separable convolutions and 1-D/3-D pooling (TF1 legacy
layers, Keras-free; see ``layers.py`` for the 2-D ones and ``layers_base`` for scopes and variable naming).

Kernels have TF's shapes: (k..., in_channels, filters) for ConvND, (kd, kh, kw, filters, in_channels) for
Conv3DTranspose, ``depthwise_kernel`` (k..., in_channels, depth_multiplier) and ``pointwise_kernel``
(1..., in_channels * depth_multiplier, filters) for separable ones. They default to glorot-uniform, biases to
zeros. A 1-D separable convolution runs as TF runs it: a 2-D one on an expanded height axis."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops, init_ops, nn_conv_backprop_ops, nn_conv_ops, nn_ops
from tfcompat._src.ops.layers import _check_float
from tfcompat._src.ops.layers_base import Layer, resolve_activation, resolve_initializer, resolve_regularizer

__all__ = ["Conv1D", "Conv3D", "Conv3DTranspose", "SeparableConv1D", "SeparableConv2D", "MaxPooling1D",
           "MaxPooling3D", "AveragePooling1D", "AveragePooling3D", "conv1d", "conv3d", "conv3d_transpose",
           "separable_conv1d", "separable_conv2d", "max_pooling1d", "max_pooling3d", "average_pooling1d",
           "average_pooling3d"]

# rank -> (channels_last, channels_first) data formats
_FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW"), 3: ("NDHWC", "NCDHW")}


def _tuple(v, rank):
    return (int(v),) * rank if isinstance(v, int) else tuple(int(i) for i in v)


def _format(data_format, rank):
    data_format = data_format or "channels_last"
    if data_format not in ("channels_last", "channels_first"):
        raise ValueError(f"The `data_format` argument must be one of \"channels_first\", \"channels_last\". "
                         f"Received: {data_format}")
    return _FORMATS[rank][data_format == "channels_first"]


def _full(values, fmt):
    """Per-spatial-dim values as a full strides/ksize list of the data format (1 for batch and channels)."""
    return [1, 1, *values] if fmt.startswith("NC") else [1, *values, 1]


def _channels(layer, input_shape):
    axis = 1 if layer._fmt.startswith("NC") else -1
    ch = input_shape[axis]
    if ch is None:
        raise ValueError("The channel dimension of the inputs should be defined. The input_shape received is "
                         f"{input_shape}, where axis {axis} (0-based) is the channel dimension, which found to "
                         "be `None`.")
    return ch


class _Conv(Layer):
    """A ``rank``-D convolution layer (TF's ``tf.compat.v1.layers.Conv1D``/``Conv3D``)."""
    rank = 1

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                 dilation_rate=1, activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, activity_regularizer=activity_regularizer, **kwargs)
        r = self.rank
        self.filters = int(filters)
        self.kernel_size, self.strides = _tuple(kernel_size, r), _tuple(strides, r)
        self.dilation_rate = _tuple(dilation_rate, r)
        self.padding = padding.lower()
        self.data_format = data_format or "channels_last"
        self._fmt = _format(self.data_format, r)
        self.activation, self.use_bias = resolve_activation(activation), use_bias
        self.kernel_initializer = resolve_initializer(kernel_initializer)
        self.bias_initializer = resolve_initializer(bias_initializer)
        self.kernel_regularizer = resolve_regularizer(kernel_regularizer)
        self.bias_regularizer = resolve_regularizer(bias_regularizer)
        self.kernel_constraint, self.bias_constraint = kernel_constraint, bias_constraint
        self.kernel = self.bias = None

    def _kernel_shape(self, in_ch):
        return [*self.kernel_size, in_ch, self.filters]

    def build(self, input_shape):
        _check_float(self, self.dtype)
        self.kernel = self.add_weight("kernel", self._kernel_shape(_channels(self, input_shape)), self.dtype,
                                      self.kernel_initializer, self.kernel_regularizer, True, self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight("bias", [self.filters], self.dtype, self.bias_initializer,
                                        self.bias_regularizer, True, self.bias_constraint)

    def _convolve(self, x):
        if self.rank == 1:
            return nn_conv_ops.conv1d(x, self.kernel, self.strides[0], self.padding.upper(), data_format=self._fmt,
                                      dilations=self.dilation_rate[0])
        return nn_conv_ops.conv3d(x, self.kernel, _full(self.strides, self._fmt), self.padding.upper(),
                                  data_format=self._fmt, dilations=_full(self.dilation_rate, self._fmt))

    def call(self, inputs):
        out = self._convolve(convert_to_tensor(inputs))
        if self.bias is not None:
            out = _bias_add(out, self.bias, self._fmt)
        if self.activation is not None:
            out = self.activation(out)
        return out


def _bias_add(x, bias, fmt):
    if fmt.startswith("NC"):   # TF's layers: bias reshaped to (1, filters, 1...) for channels_first
        rank = x.shape.rank
        return x + array_ops.reshape(bias, [1, -1] + [1] * (rank - 2))
    return nn_ops.bias_add(x, bias)


class Conv1D(_Conv):
    """Mirrors ``tf.compat.v1.layers.Conv1D``: kernel (k, in_channels, filters)."""
    rank = 1


class Conv3D(_Conv):
    """Mirrors ``tf.compat.v1.layers.Conv3D``: kernel (kd, kh, kw, in_channels, filters)."""
    rank = 3


def _deconv_length(size, k, padding, stride):
    if size is None:
        return None
    return size * stride if padding == "same" else size * stride + max(k - stride, 0)


class Conv3DTranspose(_Conv):
    """Mirrors ``tf.compat.v1.layers.Conv3DTranspose``: kernel (kd, kh, kw, filters, in_channels), op
    ``Conv3DBackpropInputV2``. ``output_padding`` is not supported (NotImplementedError)."""
    rank = 3

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format="channels_last",
                 activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        if kwargs.pop("output_padding", None) is not None:
            raise NotImplementedError("Conv3DTranspose(output_padding=...) is not supported by tfcompat yet.")
        super().__init__(filters, kernel_size, strides, padding, data_format, 1, activation, use_bias,
                         kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, trainable, name, **kwargs)

    def _kernel_shape(self, in_ch):
        return [*self.kernel_size, self.filters, in_ch]

    def _convolve(self, x):
        first = self._fmt.startswith("NC")
        spatial_axes = (2, 3, 4) if first else (1, 2, 3)
        dims = x.shape.as_list()
        sizes = [_deconv_length(dims[a], k, self.padding, s)
                 for a, k, s in zip(spatial_axes, self.kernel_size, self.strides)]
        static = [dims[0], self.filters, *sizes] if first else [dims[0], *sizes, self.filters]
        if all(d is not None for d in static):
            output_shape = static
        else:   # TF stacks the dynamic sizes, then restores the static shape
            shape = array_ops.shape(x)
            parts = [shape[0]]
            spatial = [size if size is not None else
                       (shape[a] * s if self.padding == "same" else shape[a] * s + max(k - s, 0))
                       for a, size, k, s in zip(spatial_axes, sizes, self.kernel_size, self.strides)]
            parts += [self.filters, *spatial] if first else [*spatial, self.filters]
            output_shape = array_ops.stack(parts)
        out = nn_conv_backprop_ops.conv3d_transpose(x, self.kernel, output_shape, _full(self.strides, self._fmt),
                                                    padding=self.padding.upper(), data_format=self._fmt)
        if not isinstance(output_shape, list):
            out.set_shape(static)
        return out


class _SeparableConv(_Conv):
    """A ``rank``-D separable convolution (depthwise then pointwise), TF's ``SeparableConv1D``/``2D``."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                 dilation_rate=1, depth_multiplier=1, activation=None, use_bias=True,
                 depthwise_initializer=None, pointwise_initializer=None,
                 bias_initializer=init_ops.zeros_initializer(), depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate, activation, use_bias,
                         None, bias_initializer, None, bias_regularizer, activity_regularizer, None,
                         bias_constraint, trainable, name, **kwargs)
        self.depth_multiplier = int(depth_multiplier)
        self.depthwise_initializer = resolve_initializer(depthwise_initializer)
        self.pointwise_initializer = resolve_initializer(pointwise_initializer)
        self.depthwise_regularizer = resolve_regularizer(depthwise_regularizer)
        self.pointwise_regularizer = resolve_regularizer(pointwise_regularizer)
        self.depthwise_constraint, self.pointwise_constraint = depthwise_constraint, pointwise_constraint
        self.depthwise_kernel = self.pointwise_kernel = None

    def build(self, input_shape):
        _check_float(self, self.dtype)
        in_ch = _channels(self, input_shape)
        self.depthwise_kernel = self.add_weight(
            "depthwise_kernel", [*self.kernel_size, in_ch, self.depth_multiplier], self.dtype,
            self.depthwise_initializer, self.depthwise_regularizer, True, self.depthwise_constraint)
        self.pointwise_kernel = self.add_weight(
            "pointwise_kernel", [1] * self.rank + [in_ch * self.depth_multiplier, self.filters], self.dtype,
            self.pointwise_initializer, self.pointwise_regularizer, True, self.pointwise_constraint)
        if self.use_bias:
            self.bias = self.add_weight("bias", [self.filters], self.dtype, self.bias_initializer,
                                        self.bias_regularizer, True, self.bias_constraint)

    def _convolve(self, x):
        if self.rank == 2:
            return nn_conv_ops.separable_conv2d(x, self.depthwise_kernel, self.pointwise_kernel,
                                                _full(self.strides, self._fmt), self.padding.upper(),
                                                data_format=self._fmt, dilations=self.dilation_rate)
        first = self._fmt.startswith("NC")
        fmt2 = "NCHW" if first else "NHWC"
        x2 = array_ops.expand_dims(x, 2 if first else 1)
        depthwise = array_ops.expand_dims(self.depthwise_kernel, 0)
        pointwise = array_ops.expand_dims(self.pointwise_kernel, 0)
        out = nn_conv_ops.separable_conv2d(x2, depthwise, pointwise, _full((1, self.strides[0]), fmt2),
                                           self.padding.upper(), data_format=fmt2,
                                           dilations=(1, self.dilation_rate[0]))
        if self.bias is not None:   # as TF: the bias is added before the height axis is squeezed away
            out = _bias_add(out, self.bias, fmt2)
        return array_ops.squeeze(out, [2 if first else 1])

    def call(self, inputs):
        if self.rank != 1:
            return super().call(inputs)
        out = self._convolve(convert_to_tensor(inputs))
        return self.activation(out) if self.activation is not None else out


class SeparableConv1D(_SeparableConv):
    """Mirrors ``tf.compat.v1.layers.SeparableConv1D``."""
    rank = 1


class SeparableConv2D(_SeparableConv):
    """Mirrors ``tf.compat.v1.layers.SeparableConv2D``."""
    rank = 2


class _Pooling(Layer):
    rank = 1
    _max = True

    def __init__(self, pool_size, strides, padding="valid", data_format="channels_last", name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.pool_size, self.strides = _tuple(pool_size, self.rank), _tuple(strides, self.rank)
        self.padding = padding.lower()
        self.data_format = data_format or "channels_last"
        self._fmt = _format(self.data_format, self.rank)

    def call(self, inputs):
        x = convert_to_tensor(inputs)
        pool = {(1, True): nn_conv_ops.max_pool1d, (1, False): nn_conv_ops.avg_pool1d,
                (3, True): nn_conv_ops.max_pool3d, (3, False): nn_conv_ops.avg_pool3d}[(self.rank, self._max)]
        return pool(x, _full(self.pool_size, self._fmt), _full(self.strides, self._fmt), self.padding.upper(),
                    data_format=self._fmt)


class MaxPooling1D(_Pooling):
    """Mirrors ``tf.compat.v1.layers.MaxPooling1D``."""
    rank, _max = 1, True


class AveragePooling1D(_Pooling):
    """Mirrors ``tf.compat.v1.layers.AveragePooling1D``."""
    rank, _max = 1, False


class MaxPooling3D(_Pooling):
    """Mirrors ``tf.compat.v1.layers.MaxPooling3D``."""
    rank, _max = 3, True


class AveragePooling3D(_Pooling):
    """Mirrors ``tf.compat.v1.layers.AveragePooling3D``."""
    rank, _max = 3, False


# -- functional forms (one-shot layers, as layers.py) ------------------------------------------------------------
def conv1d(inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last", dilation_rate=1,
           activation=None, use_bias=True, kernel_initializer=None, bias_initializer=init_ops.zeros_initializer(),
           kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
           bias_constraint=None, trainable=True, name=None, reuse=None):
    """Mirrors ``tf.compat.v1.layers.conv1d`` (a one-shot ``Conv1D`` layer)."""
    return Conv1D(filters, kernel_size, strides, padding, data_format, dilation_rate, activation, use_bias,
                  kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer, activity_regularizer,
                  kernel_constraint, bias_constraint, trainable, name, _scope=name, _reuse=reuse).apply(inputs)


def conv3d(inputs, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format="channels_last",
           dilation_rate=(1, 1, 1), activation=None, use_bias=True, kernel_initializer=None,
           bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
           activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
           reuse=None):
    """Mirrors ``tf.compat.v1.layers.conv3d`` (a one-shot ``Conv3D`` layer)."""
    return Conv3D(filters, kernel_size, strides, padding, data_format, dilation_rate, activation, use_bias,
                  kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer, activity_regularizer,
                  kernel_constraint, bias_constraint, trainable, name, _scope=name, _reuse=reuse).apply(inputs)


def conv3d_transpose(inputs, filters, kernel_size, strides=(1, 1, 1), padding="valid", data_format="channels_last",
                     activation=None, use_bias=True, kernel_initializer=None,
                     bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                     name=None, reuse=None):
    """Mirrors ``tf.compat.v1.layers.conv3d_transpose`` (a one-shot ``Conv3DTranspose`` layer)."""
    return Conv3DTranspose(filters, kernel_size, strides, padding, data_format, activation, use_bias,
                           kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                           activity_regularizer, kernel_constraint, bias_constraint, trainable, name,
                           _scope=name, _reuse=reuse).apply(inputs)


def _separable(cls, inputs, filters, kernel_size, strides, padding, data_format, dilation_rate, depth_multiplier,
               activation, use_bias, depthwise_initializer, pointwise_initializer, bias_initializer,
               depthwise_regularizer, pointwise_regularizer, bias_regularizer, activity_regularizer,
               depthwise_constraint, pointwise_constraint, bias_constraint, trainable, name, reuse):
    return cls(filters, kernel_size, strides, padding, data_format, dilation_rate, depth_multiplier, activation,
               use_bias, depthwise_initializer, pointwise_initializer, bias_initializer, depthwise_regularizer,
               pointwise_regularizer, bias_regularizer, activity_regularizer, depthwise_constraint,
               pointwise_constraint, bias_constraint, trainable, name, _scope=name, _reuse=reuse).apply(inputs)


def separable_conv1d(inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
                     dilation_rate=1, depth_multiplier=1, activation=None, use_bias=True,
                     depthwise_initializer=None, pointwise_initializer=None,
                     bias_initializer=init_ops.zeros_initializer(), depthwise_regularizer=None,
                     pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                     depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                     name=None, reuse=None):
    """Mirrors ``tf.compat.v1.layers.separable_conv1d`` (a one-shot ``SeparableConv1D`` layer)."""
    return _separable(SeparableConv1D, inputs, filters, kernel_size, strides, padding, data_format, dilation_rate,
                      depth_multiplier, activation, use_bias, depthwise_initializer, pointwise_initializer,
                      bias_initializer, depthwise_regularizer, pointwise_regularizer, bias_regularizer,
                      activity_regularizer, depthwise_constraint, pointwise_constraint, bias_constraint, trainable,
                      name, reuse)


def separable_conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                     dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                     depthwise_initializer=None, pointwise_initializer=None,
                     bias_initializer=init_ops.zeros_initializer(), depthwise_regularizer=None,
                     pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                     depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                     name=None, reuse=None):
    """Mirrors ``tf.compat.v1.layers.separable_conv2d`` (a one-shot ``SeparableConv2D`` layer)."""
    return _separable(SeparableConv2D, inputs, filters, kernel_size, strides, padding, data_format, dilation_rate,
                      depth_multiplier, activation, use_bias, depthwise_initializer, pointwise_initializer,
                      bias_initializer, depthwise_regularizer, pointwise_regularizer, bias_regularizer,
                      activity_regularizer, depthwise_constraint, pointwise_constraint, bias_constraint, trainable,
                      name, reuse)


def max_pooling1d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    """Mirrors ``tf.compat.v1.layers.max_pooling1d``."""
    return MaxPooling1D(pool_size, strides, padding, data_format, name=name).apply(inputs)


def average_pooling1d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    """Mirrors ``tf.compat.v1.layers.average_pooling1d``."""
    return AveragePooling1D(pool_size, strides, padding, data_format, name=name).apply(inputs)


def max_pooling3d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    """Mirrors ``tf.compat.v1.layers.max_pooling3d``."""
    return MaxPooling3D(pool_size, strides, padding, data_format, name=name).apply(inputs)


def average_pooling3d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    """Mirrors ``tf.compat.v1.layers.average_pooling3d``."""
    return AveragePooling3D(pool_size, strides, padding, data_format, name=name).apply(inputs)
