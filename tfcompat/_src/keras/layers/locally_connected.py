"""``LocallyConnected1D``/``2D`` of tf-keras 2.21: convolutions whose weights are not shared across positions.
All three tf-keras implementations are here, with tf-keras's weight layouts (so weights load across):

1. per-position patches times a (positions, patch size, filters) kernel (``valid`` padding only);
2. a dense (inputs x outputs) kernel multiplied by the static connectivity mask;
3. a 1-D kernel of the connected (output, input) pairs only, as a sparse matrix.

They give the same numbers up to summation order."""
from __future__ import annotations

import itertools

import numpy as np

from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops.scatter_ops import scatter_nd
from tfcompat._src.keras import activations, backend_nn, constraints, initializers, regularizers
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.utils import conv_utils

__all__ = ["LocallyConnected1D", "LocallyConnected2D", "local_conv"]


def _connected_inputs(input_shape, kernel_shape, output_position, strides, padding):
    """tf-keras's ``conv_connected_inputs``: per axis, the input range one output position reads."""
    ranges = []
    for d in range(len(input_shape)):
        left = kernel_shape[d] // 2
        right = kernel_shape[d] - left
        center = output_position[d] * strides[d] + (left if padding == "valid" else 0)
        ranges.append(range(max(0, center - left), min(input_shape[d], center + right)))
    return ranges


def _output_shape(input_shape, kernel_shape, strides, padding):
    return tuple(0 if n == 0 else conv_utils.conv_output_length(n, k, padding, s)
                 for n, k, s in zip(input_shape, kernel_shape, strides))


def _connections(input_shape, kernel_shape, strides, padding):
    """(input position, output position) pairs, in tf-keras's iteration order."""
    output_shape = _output_shape(input_shape, kernel_shape, strides, padding)
    for out_pos in itertools.product(*[range(n) for n in output_shape]):
        for in_pos in itertools.product(*_connected_inputs(input_shape, kernel_shape, out_pos, strides, padding)):
            yield in_pos, out_pos


def kernel_mask(input_shape, kernel_shape, strides, padding, data_format):
    """tf-keras's ``get_locallyconnected_mask``: the boolean (inputs x outputs) connectivity, with singleton
    axes where implementation 2's kernel has its channel axes."""
    output_shape = _output_shape(input_shape, kernel_shape, strides, padding)
    mask = np.zeros(tuple(input_shape) + output_shape, bool)
    for in_pos, out_pos in _connections(input_shape, kernel_shape, strides, padding):
        mask[in_pos + out_pos] = True
    ndims = mask.ndim // 2
    if data_format == "channels_first":
        return np.expand_dims(np.expand_dims(mask, 0), -ndims - 1)
    return np.expand_dims(np.expand_dims(mask, ndims), -1)


def kernel_indices(input_shape, kernel_shape, strides, padding, filters_in, filters_out, data_format):
    """tf-keras's sorted ``conv_kernel_idxs``: (flat output index, flat input index) of every weight of
    implementation 3."""
    output_shape = _output_shape(input_shape, kernel_shape, strides, padding)

    def flat(position, channel, shape, channels):
        if data_format == "channels_first":
            return int(np.ravel_multi_index((channel,) + position, (channels,) + tuple(shape)))
        return int(np.ravel_multi_index(position + (channel,), tuple(shape) + (channels,)))
    idxs = [(flat(out_pos, f_out, output_shape, filters_out), flat(in_pos, f_in, input_shape, filters_in))
            for in_pos, out_pos in _connections(input_shape, kernel_shape, strides, padding)
            for f_in in range(filters_in) for f_out in range(filters_out)]
    return sorted(idxs)


def local_conv(inputs, kernel, kernel_size, strides, output_shape, data_format=None):
    """Mirrors ``tf.keras.backend.local_conv`` (implementation 1): each output position's patch, flattened,
    times that position's (patch size, filters) kernel slice."""
    data_format = conv_utils.normalize_data_format(data_format)
    feature_dim, channels_out = kernel.shape[1], kernel.shape[-1]
    ndims = len(output_shape)
    patches = []
    for position in itertools.product(*[range(n) for n in output_shape]):
        slices = [slice(None)] + ([slice(None)] if data_format == "channels_first" else [])
        slices += [slice(position[d] * strides[d], position[d] * strides[d] + kernel_size[d]) for d in range(ndims)]
        if data_format == "channels_last":
            slices.append(slice(None))
        patches.append(array_ops.reshape(inputs[tuple(slices)], (1, -1, feature_dim)))
    output = math_ops.matmul(array_ops.concat(patches, axis=0), kernel)
    output = array_ops.reshape(output, tuple(output_shape) + (-1, channels_out))
    spatial = list(range(ndims))
    perm = [ndims, ndims + 1] + spatial if data_format == "channels_first" else [ndims] + spatial + [ndims + 1]
    return array_ops.transpose(output, perm)


class _LocallyConnected(Layer):
    _rank = None

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, activation=None,
                 use_bias=True, kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, implementation=1, **kwargs):
        super().__init__(**kwargs)
        rank = self._rank
        self.filters = filters
        self.kernel_size = conv_utils.normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = conv_utils.normalize_tuple(strides, rank, "strides", allow_zero=True)
        self.padding = conv_utils.normalize_padding(padding)
        if self.padding != "valid" and implementation == 1:
            raise ValueError(f"Invalid border mode for {type(self).__name__} (only \"valid\" is supported if "
                             f"implementation is 1): {padding}")
        self.data_format = conv_utils.normalize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.implementation = implementation
        self.input_spec = InputSpec(ndim=rank + 2)

    def _split_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.data_format == "channels_first":
            return dims[1], tuple(dims[2:])
        return dims[-1], tuple(dims[1:-1])

    def _check_input(self, input_shape, channels, spatial):
        raise NotImplementedError

    def build(self, input_shape):
        channels, spatial = self._split_shape(input_shape)
        self._check_input(input_shape, channels, spatial)
        out = tuple(conv_utils.conv_output_length(n, k, self.padding, s)
                    for n, k, s in zip(spatial, self.kernel_size, self.strides))
        if any(n <= 0 for n in out):
            raise ValueError(f"One of the dimensions in the output is <= 0 due to downsampling in {self.name}. "
                             f"Consider increasing the input size. Received input shape {input_shape} which "
                             "would produce output shape with a zero or negative value in a dimension.")
        self._output_spatial = out
        if self.implementation == 1:
            self.kernel_shape = (int(np.prod(out)), int(np.prod(self.kernel_size)) * channels, self.filters)
            weight_shape = self.kernel_shape
        elif self.implementation == 2:
            self.kernel_shape = ((channels,) + spatial + (self.filters,) + out if self.data_format ==
                                 "channels_first" else spatial + (channels,) + out + (self.filters,))
            weight_shape = self.kernel_shape
            self.kernel_mask = kernel_mask(spatial, self.kernel_size, self.strides, self.padding,
                                           self.data_format)
        elif self.implementation == 3:
            self.kernel_shape = (int(np.prod(out)) * self.filters, int(np.prod(spatial)) * channels)
            self.kernel_idxs = kernel_indices(spatial, self.kernel_size, self.strides, self.padding, channels,
                                              self.filters, self.data_format)
            weight_shape = (len(self.kernel_idxs),)
        else:
            raise ValueError(f"Unrecognized implementation mode: {self.implementation}.")
        self.kernel = self.add_weight(shape=weight_shape, initializer=self.kernel_initializer, name="kernel",
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        self.bias = self.add_weight(shape=out + (self.filters,), initializer=self.bias_initializer, name="bias",
                                    regularizer=self.bias_regularizer, constraint=self.bias_constraint) \
            if self.use_bias else None
        channel_axis = 1 if self.data_format == "channels_first" else -1
        self.input_spec = InputSpec(ndim=self._rank + 2, axes={channel_axis: channels})
        super().build(input_shape)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        spatial = dims[2:] if self.data_format == "channels_first" else dims[1:-1]
        out = [conv_utils.conv_output_length(n, k, self.padding, s)
               for n, k, s in zip(spatial, self.kernel_size, self.strides)]
        if self.data_format == "channels_first":
            return TensorShape([dims[0], self.filters] + out)
        return TensorShape([dims[0]] + out + [self.filters])

    def call(self, inputs):
        if self.implementation == 1:
            output = local_conv(inputs, self.kernel, self.kernel_size, self.strides, self._output_spatial,
                                self.data_format)
        else:
            out_dims = self.compute_output_shape(inputs.shape).as_list()[1:]
            flat_inputs = array_ops.reshape(inputs, (array_ops.shape(inputs)[0], -1))
            if self.implementation == 2:
                masked = self.kernel * array_ops.constant(self.kernel_mask, dtype=self.kernel.dtype)
                split = len(self.kernel_shape) // 2
                matrix = array_ops.reshape(masked, (int(np.prod(self.kernel_shape[:split])), -1))
                output = math_ops.matmul(flat_inputs, matrix)
            else:
                matrix = scatter_nd(array_ops.constant(self.kernel_idxs, dtype="int64"), self.kernel,
                                    array_ops.constant(self.kernel_shape, dtype="int64"))
                output = math_ops.matmul(flat_inputs, matrix, transpose_b=True)
            output = array_ops.reshape(output, [array_ops.shape(output)[0]] + out_dims)
        if self.use_bias:
            output = backend_nn.bias_add(output, self.bias, data_format=self.data_format)
        return self.activation(output)

    def get_config(self):
        config = {"filters": self.filters, "kernel_size": self.kernel_size, "strides": self.strides,
                  "padding": self.padding, "data_format": self.data_format,
                  "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
                  "kernel_initializer": initializers.serialize(self.kernel_initializer),
                  "bias_initializer": initializers.serialize(self.bias_initializer),
                  "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
                  "bias_regularizer": regularizers.serialize(self.bias_regularizer),
                  "activity_regularizer": regularizers.serialize(self.activity_regularizer),
                  "kernel_constraint": constraints.serialize(self.kernel_constraint),
                  "bias_constraint": constraints.serialize(self.bias_constraint),
                  "implementation": self.implementation}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


class LocallyConnected1D(_LocallyConnected):
    """Mirrors ``tf.keras.layers.LocallyConnected1D`` (implementations 1, 2 and 3, tf-keras's weight layouts).

    Raises:
      ValueError: non-``valid`` padding with implementation 1, an undefined channel axis, an output length
        <= 0, or an unknown implementation."""

    _rank = 1

    def _check_input(self, input_shape, channels, spatial):
        if channels is None:
            raise ValueError("Axis 2 of input should be fully-defined. Found shape:", input_shape)


class LocallyConnected2D(_LocallyConnected):
    """Mirrors ``tf.keras.layers.LocallyConnected2D`` (implementations 1, 2 and 3, tf-keras's weight layouts).

    Raises:
      ValueError: non-``valid`` padding with implementation 1, undefined spatial axes, an output size <= 0,
        or an unknown implementation."""

    _rank = 2

    def _check_input(self, input_shape, channels, spatial):
        if None in spatial:
            raise ValueError("The spatial dimensions of the inputs to  a LocallyConnected2D layer should be "
                             f"fully-defined, but layer received the inputs shape {input_shape}")
