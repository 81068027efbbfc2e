"""Batch normalization: ``tf.nn.batch_normalization``, ``tf.nn.fused_batch_norm`` and the TF1 legacy layer
``tf.compat.v1.layers.BatchNormalization`` / ``batch_normalization`` (mirrors Keras' ``BatchNormalization`` V1
as used by ``legacy_tf_layers/normalization.py``).

Layer behaviour, as in TF1 graph mode:
- variables 'batch_normalization/gamma', 'beta' (trainable), 'moving_mean', 'moving_variance' (not trainable);
- ``training`` is a Python bool or a bool tensor; in training the two moving-average updates
  ``moving -= (moving - batch_stat) * (1 - momentum)`` are added to ``GraphKeys.UPDATE_OPS``;
- 4D/5D inputs normalized over a channel axis of 1 or -1 take TF's *fused* path, whose moving variance is
  updated with the Bessel-corrected (n / (n - 1)) batch variance; other inputs take the non-fused path
  (``tf.nn.moments``, biased variance).
"""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, control_flow_ops, init_ops, math_ops, nn_ops
from tfcompat._src.ops.layers_base import Layer, graph_name_scope, inherited_training

__all__ = ["batch_normalization", "fused_batch_norm", "BatchNormalization", "batch_normalization_layer"]

# TF's fused_batch_norm raises epsilon to cuDNN's minimum.
_MIN_FUSED_EPSILON = 1.001e-5


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """Mirrors ``tf.nn.batch_normalization``: ``(x - mean) * scale / sqrt(variance + eps) + offset``.

    Computed as TF does, with its Python operators on the arguments as given (so graph op names are TF's:
    python ``variance``/``variance_epsilon`` give ``batchnorm/Rsqrt/x``, a tensor one ``batchnorm/add``):
    ``inv = rsqrt(variance + eps) * scale; x * inv + (offset - mean * inv)``."""
    with graph_name_scope(name or "batchnorm"):
        x = convert_to_tensor(x)
        inv = math_ops.rsqrt(variance + variance_epsilon)
        if scale is not None:
            inv = inv * scale
        scaled_x = x * math_ops.cast(inv, x.dtype)   # before the shift, as TF's expression orders its ops
        return scaled_x + math_ops.cast(offset - mean * inv if offset is not None else -mean * inv, x.dtype)


_FUSED_FORMATS = {"NHWC": (4, 3), "NCHW": (4, 1), "NDHWC": (5, 4), "NCDHW": (5, 1)}


def fused_batch_norm(x, scale, offset, mean=None, variance=None, epsilon=0.001, data_format="NHWC",
                     is_training=True, name=None, exponential_avg_factor=1.0):
    """Mirrors ``tf.compat.v1.nn.fused_batch_norm``: returns ``(y, batch_mean, batch_variance)``.

    Training: normalizes with the biased batch variance and returns the Bessel-corrected one (TF's kernel);
    with ``exponential_avg_factor != 1`` the returned statistics are ``(1 - f) * running + f * batch``.
    Inference: normalizes with ``mean``/``variance`` and returns them. Built from registered ops; as in TF no
    gradient flows into the returned statistics or, in inference, into ``mean``/``variance``."""
    if (not is_training or exponential_avg_factor != 1.0) and (mean is None or variance is None):
        raise ValueError("Both `mean` and `variance` must be a 1D tensor when is_training is False or "
                         f"exponential_avg_factor != 1.0. Received: `mean` {mean!r} and `variance` {variance!r}")
    if data_format not in _FUSED_FORMATS:
        raise ValueError(f"Invalid data_format: {data_format}")
    rank, channel = _FUSED_FORMATS[data_format]
    epsilon = max(float(epsilon), _MIN_FUSED_EPSILON)
    with graph_name_scope(name or "FusedBatchNormV3"):
        x = convert_to_tensor(x)
        if x.shape.rank is not None and x.shape.rank != rank:
            raise ValueError(f"input must be {rank}-dimensional for data_format {data_format}, got shape "
                             f"{x.shape}")
        scale, offset = convert_to_tensor(scale), convert_to_tensor(offset)
        axes = [i for i in range(rank) if i != channel]
        bshape = [1] * rank
        bshape[channel] = -1

        def bcast(v):
            return array_ops.reshape(v, bshape) if channel != rank - 1 else v

        xp = math_ops.cast(x, scale.dtype) if x.dtype is not scale.dtype else x
        if is_training:
            batch_mean, batch_var = nn_ops.moments(xp, axes)
            y = batch_normalization(xp, bcast(batch_mean), bcast(batch_var), bcast(offset), bcast(scale), epsilon)
            n = math_ops.cast(math_ops.truediv(array_ops.size(xp), array_ops.size(batch_var)), scale.dtype)
            # TF's kernel: rest_size / (rest_size - 1), or 1 when a channel has a single element.
            adjust = array_ops.where(math_ops.greater(n, 1.0), math_ops.truediv(n, math_ops.maximum(
                math_ops.subtract(n, 1.0), 1.0)), array_ops.ones_like(n))
            out_mean = array_ops.stop_gradient(batch_mean)
            out_var = array_ops.stop_gradient(math_ops.multiply(batch_var, adjust))
            if exponential_avg_factor != 1.0:
                f = float(exponential_avg_factor)
                out_mean = math_ops.add(math_ops.multiply(convert_to_tensor(mean), 1.0 - f),
                                        math_ops.multiply(out_mean, f))
                out_var = math_ops.add(math_ops.multiply(convert_to_tensor(variance), 1.0 - f),
                                       math_ops.multiply(out_var, f))
        else:
            out_mean = array_ops.stop_gradient(convert_to_tensor(mean))
            out_var = array_ops.stop_gradient(convert_to_tensor(variance))
            y = batch_normalization(xp, bcast(out_mean), bcast(out_var), bcast(offset), bcast(scale), epsilon)
        if y.dtype is not x.dtype:
            y = math_ops.cast(y, x.dtype)
        return y, out_mean, out_var


def _static_bool(training):
    """TF's ``constant_value(training)``: a Python bool, or None when only known at run time."""
    if isinstance(training, bool):
        return training
    if isinstance(training, Tensor):
        v = constant_value(training)
        return None if v is None else bool(v)
    return bool(training)


def _smart_cond(pred, true_fn, false_fn):
    static = _static_bool(pred)
    if static is not None:
        return true_fn() if static else false_fn()
    return control_flow_ops.cond(convert_to_tensor(pred), true_fn, false_fn)


class BatchNormalization(Layer):
    """Mirrors ``tf.compat.v1.layers.BatchNormalization`` (call: ``layer(inputs, training=False)``; a
    ``training`` left out or None inside an enclosing Keras layer call is that call's ``training``, as in TF).

    Not supported (NotImplementedError): ``renorm``, ``virtual_batch_size``, ``adjustment``."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                 beta_initializer=init_ops.zeros_initializer(), gamma_initializer=init_ops.ones_initializer(),
                 moving_mean_initializer=init_ops.zeros_initializer(),
                 moving_variance_initializer=init_ops.ones_initializer(), beta_regularizer=None,
                 gamma_regularizer=None, beta_constraint=None, gamma_constraint=None, renorm=False,
                 renorm_clipping=None, renorm_momentum=0.99, fused=None, trainable=True, virtual_batch_size=None,
                 adjustment=None, name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, **kwargs)
        if renorm or virtual_batch_size is not None or adjustment is not None:
            raise NotImplementedError("BatchNormalization: renorm, virtual_batch_size and adjustment are not "
                                      "supported by tfcompat.")
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else axis
        self.momentum, self.epsilon = momentum, epsilon
        self.center, self.scale = center, scale
        self.beta_initializer, self.gamma_initializer = beta_initializer, gamma_initializer
        self.moving_mean_initializer = moving_mean_initializer
        self.moving_variance_initializer = moving_variance_initializer
        self.beta_regularizer, self.gamma_regularizer = beta_regularizer, gamma_regularizer
        self.beta_constraint, self.gamma_constraint = beta_constraint, gamma_constraint
        self.fused = True if fused is None else fused
        self.gamma = self.beta = self.moving_mean = self.moving_variance = None

    def build(self, input_shape):
        ndims = input_shape.rank
        if not ndims:
            raise ValueError("Input has undefined rank.")
        axis = [self.axis] if isinstance(self.axis, int) else list(self.axis)
        axis = [a + ndims if a < 0 else a for a in axis]
        for a in axis:
            if a < 0 or a >= ndims:
                raise ValueError(f"Invalid axis: {axis}")
        if len(axis) != len(set(axis)):
            raise ValueError(f"Duplicate axis: {axis}")
        self.axis = axis
        x_dtype = self.dtype
        if self.fused:
            self.fused = (ndims in (4, 5) and len(axis) == 1 and x_dtype in (dtypes.float16, dtypes.bfloat16,
                                                                               dtypes.float32))
        if self.fused:
            fmt = {(4, 1): "NCHW", (4, 3): "NHWC", (5, 1): "NCDHW", (5, 4): "NDHWC"}.get((ndims, axis[0]))
            if fmt is None and ndims == 4:
                raise ValueError("Unsupported axis. The use of `fused=True` is only possible with `axis=1` or "
                                 f"`axis=3` for 4D input tensors. Received axis={axis}")
            self.fused = fmt is not None
            self._data_format = fmt
        dims = {a: input_shape[a] for a in axis}
        if any(d is None for d in dims.values()):
            raise ValueError(f"Input has undefined `axis` dimension. Received input with shape "
                             f"{tuple(input_shape.as_list())}. Axis value: {axis}")
        param_shape = [dims[axis[0]]] if len(axis) == 1 else [dims.get(i, 1) for i in range(ndims)]
        self._param_dtype = dtypes.float32 if x_dtype in (dtypes.float16, dtypes.bfloat16) else x_dtype
        pd = self._param_dtype
        if self.scale:
            self.gamma = self.add_weight("gamma", param_shape, pd, self.gamma_initializer, self.gamma_regularizer,
                                         True, self.gamma_constraint)
        if self.center:
            self.beta = self.add_weight("beta", param_shape, pd, self.beta_initializer, self.beta_regularizer,
                                        True, self.beta_constraint)
        self.moving_mean = self.add_weight("moving_mean", param_shape, pd, self.moving_mean_initializer,
                                           trainable=False)
        self.moving_variance = self.add_weight("moving_variance", param_shape, pd,
                                               self.moving_variance_initializer, trainable=False)

    def _assign_moving_average(self, variable, value, momentum):
        with graph_name_scope("AssignMovingAvg"):
            decay = math_ops.subtract(1.0, momentum) if isinstance(momentum, Tensor) else \
                convert_to_tensor(1.0 - momentum, dtype=variable.dtype)
            if decay.dtype is not variable.dtype:
                decay = math_ops.cast(decay, variable.dtype)
            value = math_ops.cast(value, variable.dtype) if value.dtype is not variable.dtype else value
            delta = math_ops.multiply(math_ops.subtract(variable, value), decay)
            return variable.assign_sub(delta)

    def _add_moving_updates(self, mean, variance, training):
        # TF selects momentum = (training ? momentum : 1.0) for a run-time ``training``; the update then
        # subtracts exactly zero. (A cond over the assignment itself would run it in both branches here.)
        if _static_bool(training) is None:
            momentum = _smart_cond(training, lambda: convert_to_tensor(self.momentum, dtype=self._param_dtype),
                                   lambda: convert_to_tensor(1.0, dtype=self._param_dtype))
        else:
            momentum = self.momentum
        self.add_update(self._assign_moving_average(self.moving_mean, mean, momentum))
        self.add_update(self._assign_moving_average(self.moving_variance, variance, momentum))

    def _fused_call(self, inputs, training):
        gamma = self.gamma if self.gamma is not None else array_ops.ones(self.moving_mean.shape.as_list(),
                                                                          self._param_dtype)
        beta = self.beta if self.beta is not None else array_ops.zeros(self.moving_mean.shape.as_list(),
                                                                       self._param_dtype)

        def train():
            return fused_batch_norm(inputs, gamma, beta, self.moving_mean, self.moving_variance, self.epsilon,
                                    self._data_format, is_training=True)

        def infer():
            return fused_batch_norm(inputs, gamma, beta, self.moving_mean, self.moving_variance, self.epsilon,
                                    self._data_format, is_training=False)
        output, mean, variance = _smart_cond(training, train, infer)
        if _static_bool(training) is not False:
            self._add_moving_updates(mean, variance, training)
        return output

    def _plain_call(self, inputs, training):
        ndims = inputs.shape.rank
        reduction_axes = [i for i in range(ndims) if i not in self.axis]
        bshape = [1] * ndims
        bshape[self.axis[0]] = inputs.shape[self.axis[0]]

        def bcast(v):
            if v is not None and v.shape.rank != ndims and reduction_axes != list(range(ndims - 1)):
                return array_ops.reshape(v, bshape)
            return v
        scale, offset = bcast(self.gamma), bcast(self.beta)
        if _static_bool(training) is False:
            mean, variance = self.moving_mean.value(), self.moving_variance.value()
        else:
            xp = math_ops.cast(inputs, self._param_dtype) if inputs.dtype is not self._param_dtype else inputs
            batch_mean, batch_var = nn_ops.moments(xp, reduction_axes, keep_dims=len(self.axis) > 1)
            mean = _smart_cond(training, lambda: batch_mean, lambda: self.moving_mean.value())
            variance = _smart_cond(training, lambda: batch_var, lambda: self.moving_variance.value())
            self._add_moving_updates(mean, variance, training)
        cast = (lambda v: math_ops.cast(v, inputs.dtype) if v is not None and v.dtype is not inputs.dtype else v)
        return batch_normalization(inputs, bcast(cast(mean)), bcast(cast(variance)), cast(offset), cast(scale),
                                   self.epsilon)

    def call(self, inputs, training=None):
        x = convert_to_tensor(inputs)
        if training is None:
            # TF: a Keras layer; left out or None, ``training`` is the enclosing Keras call's, else False.
            training = inherited_training()
            training = False if training is None else training
        return self._fused_call(x, training) if self.fused else self._plain_call(x, training)


def batch_normalization_layer(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                              beta_initializer=init_ops.zeros_initializer(),
                              gamma_initializer=init_ops.ones_initializer(),
                              moving_mean_initializer=init_ops.zeros_initializer(),
                              moving_variance_initializer=init_ops.ones_initializer(), beta_regularizer=None,
                              gamma_regularizer=None, beta_constraint=None, gamma_constraint=None, training=False,
                              trainable=True, name=None, reuse=None, renorm=False, renorm_clipping=None,
                              renorm_momentum=0.99, fused=None, virtual_batch_size=None, adjustment=None):
    """Mirrors ``tf.compat.v1.layers.batch_normalization`` (a one-shot ``BatchNormalization`` layer).

    Remember the TF1 idiom: in training, run the update ops, e.g.
    ``with tf.control_dependencies(tf.get_collection(tf.GraphKeys.UPDATE_OPS)): train_op = opt.minimize(loss)``."""
    layer = BatchNormalization(axis, momentum, epsilon, center, scale, beta_initializer, gamma_initializer,
                               moving_mean_initializer, moving_variance_initializer, beta_regularizer,
                               gamma_regularizer, beta_constraint, gamma_constraint, renorm, renorm_clipping,
                               renorm_momentum, fused, trainable, virtual_batch_size, adjustment, name=name,
                               _scope=name, _reuse=reuse)
    return layer.apply(inputs, training=training)
