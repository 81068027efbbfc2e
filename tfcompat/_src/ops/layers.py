"""``tf.compat.v1.layers`` core layers: Dense, Conv2D, pooling, Dropout, Flatten (TF1 legacy layers, Keras-free).

Each functional form (``tf.layers.dense`` & co.) builds the matching class with ``_scope=name, _reuse=reuse`` and
applies it once, as TF1 does; see ``layers_base`` for scope and variable naming ('dense/kernel:0',
'dense_1/kernel:0', ops under 'dense/'). Kernels default to glorot-uniform, biases to zeros."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops, control_flow_ops, init_ops, math_ops, nn_extra_ops, nn_ops
from tfcompat._src.ops.layers_base import (Layer, inherited_training, resolve_activation, resolve_initializer,
                                           resolve_regularizer)

__all__ = ["Dense", "Conv2D", "Conv2DTranspose", "MaxPooling2D", "AveragePooling2D", "Dropout", "Flatten", "dense",
           "conv2d", "conv2d_transpose", "max_pooling2d", "average_pooling2d", "dropout", "flatten"]


def _check_float(layer, dtype):
    if not (dtype.is_floating or dtype.is_complex):
        raise TypeError(f"Unable to build `{type(layer).__name__}` layer with non-floating point dtype "
                        f"{dtype!r}")


class Dense(Layer):
    """Mirrors ``tf.compat.v1.layers.Dense``: ``activation(inputs @ kernel + bias)`` on the last axis."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, activity_regularizer=activity_regularizer, **kwargs)
        self.units = int(units)
        self.activation = resolve_activation(activation)
        self.use_bias = use_bias
        self.kernel_initializer = resolve_initializer(kernel_initializer)
        self.bias_initializer = resolve_initializer(bias_initializer)
        self.kernel_regularizer = resolve_regularizer(kernel_regularizer)
        self.bias_regularizer = resolve_regularizer(bias_regularizer)
        self.kernel_constraint, self.bias_constraint = kernel_constraint, bias_constraint
        self.kernel = self.bias = None

    def build(self, input_shape):
        _check_float(self, self.dtype)
        last = input_shape[-1] if input_shape.rank is not None else None
        if last is None:
            raise ValueError("The last dimension of the inputs to a Dense layer should be defined. Found None. "
                             f"Full input shape received: {input_shape}")
        self.kernel = self.add_weight("kernel", [last, self.units], self.dtype, self.kernel_initializer,
                                      self.kernel_regularizer, True, self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight("bias", [self.units], self.dtype, self.bias_initializer,
                                        self.bias_regularizer, True, self.bias_constraint)

    def call(self, inputs):
        x = convert_to_tensor(inputs)
        if x.dtype is not self.dtype:
            x = math_ops.cast(x, self.dtype)
        in_dim = self.kernel.shape[0]
        if x.shape.rank in (2, None):
            out = math_ops.matmul(x, self.kernel)
        else:  # TF: tensordot over the last axis
            out = math_ops.matmul(array_ops.reshape(x, [-1, in_dim]), self.kernel)
            lead = [d if d is not None else -1 for d in x.shape.as_list()[:-1]]
            out = array_ops.reshape(out, lead + [self.units] if lead.count(-1) <= 1 else
                                    array_ops.concat([array_ops.shape(x)[:-1], [self.units]], 0))
        if self.bias is not None:
            out = nn_ops.bias_add(out, self.bias)
        if self.activation is not None:
            out = self.activation(out)
        return out


def _pair(v):
    return (int(v), int(v)) if isinstance(v, int) else tuple(int(i) for i in v)


def _nhwc(data_format):
    if data_format is None:
        data_format = "channels_last"
    if data_format not in ("channels_last", "channels_first"):
        raise ValueError(f"The `data_format` argument must be one of \"channels_first\", \"channels_last\". "
                         f"Received: {data_format}")
    return "NHWC" if data_format == "channels_last" else "NCHW"


def _four(pair, fmt):
    return [1, pair[0], pair[1], 1] if fmt == "NHWC" else [1, 1, pair[0], pair[1]]


class Conv2D(Layer):
    """Mirrors ``tf.compat.v1.layers.Conv2D``: kernel shape (kh, kw, in_channels, filters)."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, activity_regularizer=activity_regularizer, **kwargs)
        self.filters = int(filters)
        self.kernel_size, self.strides, self.dilation_rate = _pair(kernel_size), _pair(strides), _pair(dilation_rate)
        self.padding = padding.lower()
        self.data_format = data_format or "channels_last"
        self._fmt = _nhwc(self.data_format)
        self.activation, self.use_bias = resolve_activation(activation), use_bias
        self.kernel_initializer = resolve_initializer(kernel_initializer)
        self.bias_initializer = resolve_initializer(bias_initializer)
        self.kernel_regularizer = resolve_regularizer(kernel_regularizer)
        self.bias_regularizer = resolve_regularizer(bias_regularizer)
        self.kernel_constraint, self.bias_constraint = kernel_constraint, bias_constraint
        self.kernel = self.bias = None

    def build(self, input_shape):
        _check_float(self, self.dtype)
        in_ch = input_shape[-1] if self._fmt == "NHWC" else input_shape[1]
        if in_ch is None:
            raise ValueError("The channel dimension of the inputs should be defined. The input_shape received "
                             f"is {input_shape}, where axis {-1 if self._fmt == 'NHWC' else 1} (0-based) is the "
                             "channel dimension, which found to be `None`.")
        self.kernel = self.add_weight("kernel", [*self.kernel_size, in_ch, self.filters], self.dtype,
                                      self.kernel_initializer, self.kernel_regularizer, True, self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight("bias", [self.filters], self.dtype, self.bias_initializer,
                                        self.bias_regularizer, True, self.bias_constraint)

    def call(self, inputs):
        out = nn_ops.conv2d(convert_to_tensor(inputs), self.kernel, strides=_four(self.strides, self._fmt),
                            padding=self.padding.upper(), data_format=self._fmt,
                            dilations=_four(self.dilation_rate, self._fmt))
        if self.bias is not None:
            out = nn_ops.bias_add(out, self.bias, data_format=self._fmt)
        if self.activation is not None:
            out = self.activation(out)
        return out


def _deconv_length(size, k, padding, stride, dilation):
    """Keras' conv_utils.deconv_output_length without output_padding."""
    if size is None:
        return None
    k = k + (k - 1) * (dilation - 1)
    return size * stride if padding == "same" else size * stride + max(k - stride, 0)


class Conv2DTranspose(Conv2D):
    """Mirrors ``tf.compat.v1.layers.Conv2DTranspose``: kernel shape (kh, kw, filters, in_channels), op
    ``Conv2DBackpropInput``. ``output_padding`` is not supported (NotImplementedError)."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                 activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                 name=None, **kwargs):
        if kwargs.pop("output_padding", None) is not None:
            raise NotImplementedError("Conv2DTranspose(output_padding=...) is not supported by tfcompat yet.")
        super().__init__(filters, kernel_size, strides, padding, data_format, (1, 1), activation, use_bias,
                         kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, trainable, name, **kwargs)

    def build(self, input_shape):
        _check_float(self, self.dtype)
        if input_shape.rank != 4:
            raise ValueError(f"Inputs should have rank 4. Received input shape: {input_shape}")
        in_ch = input_shape[-1] if self._fmt == "NHWC" else input_shape[1]
        if in_ch is None:
            raise ValueError("The channel dimension of the inputs should be defined. Found `None`.")
        self.kernel = self.add_weight("kernel", [*self.kernel_size, self.filters, in_ch], self.dtype,
                                      self.kernel_initializer, self.kernel_regularizer, True, self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight("bias", [self.filters], self.dtype, self.bias_initializer,
                                        self.bias_regularizer, True, self.bias_constraint)

    def call(self, inputs):
        x = convert_to_tensor(inputs)
        dims = x.shape.as_list()
        h_axis, w_axis = (1, 2) if self._fmt == "NHWC" else (2, 3)
        out_h = _deconv_length(dims[h_axis], self.kernel_size[0], self.padding, self.strides[0], 1)
        out_w = _deconv_length(dims[w_axis], self.kernel_size[1], self.padding, self.strides[1], 1)
        static = [dims[0], out_h, out_w, self.filters] if self._fmt == "NHWC" else [dims[0], self.filters, out_h, out_w]
        if all(d is not None for d in static):
            output_shape = static
        else:  # TF stacks the dynamic batch (and spatial) sizes, then restores the static shape
            shape = array_ops.shape(x)
            size = {h_axis: out_h, w_axis: out_w}
            parts = [shape[0]]
            for axis in (1, 2, 3):
                if axis in size:
                    k, s = self.kernel_size[axis - h_axis], self.strides[axis - h_axis]
                    parts.append(size[axis] if size[axis] is not None else
                                 (shape[axis] * s if self.padding == "same" else shape[axis] * s + max(k - s, 0)))
                else:
                    parts.append(self.filters)
            output_shape = array_ops.stack(parts)
        out = nn_extra_ops.conv2d_transpose_v2(x, self.kernel, output_shape, _four(self.strides, self._fmt),
                                               padding=self.padding.upper(), data_format=self._fmt)
        if not isinstance(output_shape, list):
            out.set_shape(static)
        if self.bias is not None:
            out = nn_ops.bias_add(out, self.bias, data_format=self._fmt)
        if self.activation is not None:
            out = self.activation(out)
        return out


class _Pooling2D(Layer):
    _pool_fn = None

    def __init__(self, pool_size, strides, padding="valid", data_format="channels_last", name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.pool_size, self.strides = _pair(pool_size), _pair(strides)
        self.padding = padding.lower()
        self.data_format = data_format or "channels_last"
        self._fmt = _nhwc(self.data_format)

    def call(self, inputs):
        return type(self)._pool_fn(convert_to_tensor(inputs), _four(self.pool_size, self._fmt),
                                   _four(self.strides, self._fmt), self.padding.upper(), data_format=self._fmt)


class MaxPooling2D(_Pooling2D):
    """Mirrors ``tf.compat.v1.layers.MaxPooling2D``."""
    _pool_fn = staticmethod(nn_ops.max_pool)


class AveragePooling2D(_Pooling2D):
    """Mirrors ``tf.compat.v1.layers.AveragePooling2D``."""
    _pool_fn = staticmethod(nn_ops.avg_pool)


class Dropout(Layer):
    """Mirrors ``tf.compat.v1.layers.Dropout``: drops with probability ``rate`` only when ``training``.

    ``training`` may be a Python bool or a boolean tensor (e.g. a placeholder fed per run); with a tensor the
    branch is chosen at run time (a ``tf.cond``: only the taken branch runs). Left out or None it is the
    enclosing Keras layer call's ``training``, and False outside one (TF's Keras learning phase 0)."""

    def __init__(self, rate=0.5, noise_shape=None, seed=None, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.rate, self.noise_shape, self.seed = rate, noise_shape, seed

    def call(self, inputs, training=None):
        x = convert_to_tensor(inputs)
        if isinstance(self.rate, (int, float)) and self.rate == 0:
            return array_ops.identity(x)   # TF (Keras's Dropout.call): no dropout op, no op seed taken
        if training is None:
            # TF: a Keras layer; left out or None, ``training`` is the enclosing Keras call's, else inference.
            training = inherited_training()
            training = False if training is None else training
        if isinstance(training, int):   # a Keras learning phase 0/1
            training = bool(training)
        if isinstance(training, bool):
            if not training:
                return array_ops.identity(x)
            return nn_ops.dropout_v2(x, self.rate, noise_shape=self.noise_shape, seed=self.seed)
        return control_flow_ops.cond(
            convert_to_tensor(training),
            lambda: nn_ops.dropout_v2(x, self.rate, noise_shape=self.noise_shape, seed=self.seed),
            lambda: array_ops.identity(x))


class Flatten(Layer):
    """Mirrors ``tf.compat.v1.layers.Flatten``: keeps the batch axis, flattens the rest."""

    def __init__(self, data_format=None, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.data_format = data_format or "channels_last"

    def call(self, inputs):
        x = convert_to_tensor(inputs)
        if self.data_format == "channels_first" and x.shape.rank is not None and x.shape.rank > 2:
            x = array_ops.transpose(x, [0] + list(range(2, x.shape.rank)) + [1])
        rest = x.shape.as_list()[1:] if x.shape.rank is not None else None
        if rest is not None and all(d is not None for d in rest):
            n = 1
            for d in rest:
                n *= d
            return array_ops.reshape(x, [-1, n])
        return array_ops.reshape(x, array_ops.stack([array_ops.shape(x)[0], -1]))


def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None,
          bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
          activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
          reuse=None):
    """Mirrors ``tf.compat.v1.layers.dense`` (a one-shot ``Dense`` layer)."""
    layer = Dense(units, activation, use_bias, kernel_initializer, bias_initializer, kernel_regularizer,
                  bias_regularizer, activity_regularizer, kernel_constraint, bias_constraint, trainable, name,
                  _scope=name, _reuse=reuse)
    return layer.apply(inputs)


def conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
           dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer=None,
           bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
           activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
           reuse=None):
    """Mirrors ``tf.compat.v1.layers.conv2d`` (a one-shot ``Conv2D`` layer)."""
    layer = Conv2D(filters, kernel_size, strides, padding, data_format, dilation_rate, activation, use_bias,
                   kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                   activity_regularizer, kernel_constraint, bias_constraint, trainable, name, _scope=name,
                   _reuse=reuse)
    return layer.apply(inputs)


def conv2d_transpose(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                     activation=None, use_bias=True, kernel_initializer=None,
                     bias_initializer=init_ops.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
                     activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True,
                     name=None, reuse=None):
    """Mirrors ``tf.compat.v1.layers.conv2d_transpose`` (a one-shot ``Conv2DTranspose`` layer; variables
    'conv2d_transpose/kernel' of shape (kh, kw, filters, in_channels) and 'conv2d_transpose/bias')."""
    layer = Conv2DTranspose(filters, kernel_size, strides, padding, data_format, activation, use_bias,
                            kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                            activity_regularizer, kernel_constraint, bias_constraint, trainable, name,
                            _scope=name, _reuse=reuse)
    return layer.apply(inputs)


def max_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    """Mirrors ``tf.compat.v1.layers.max_pooling2d``."""
    return MaxPooling2D(pool_size, strides, padding, data_format, name=name).apply(inputs)


def average_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    """Mirrors ``tf.compat.v1.layers.average_pooling2d``."""
    return AveragePooling2D(pool_size, strides, padding, data_format, name=name).apply(inputs)


def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    """Mirrors ``tf.compat.v1.layers.dropout`` (see ``Dropout``)."""
    return Dropout(rate, noise_shape, seed, name=name).apply(inputs, training=training)


def flatten(inputs, name=None, data_format="channels_last"):
    """Mirrors ``tf.compat.v1.layers.flatten``."""
    return Flatten(data_format=data_format, name=name).apply(inputs)
