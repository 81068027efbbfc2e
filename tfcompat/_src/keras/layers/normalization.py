"""BatchNormalization and LayerNormalization (tf-keras 2.21).

BatchNormalization: 4-D/5-D inputs normalized over the channel axis take TF's fused path (the moving variance
follows the Bessel-corrected batch variance; in TF2 the fused op applies the moving average itself), other
inputs the non-fused one (``tf.nn.moments``: biased variance, ``AssignMovingAvg`` updates). ``training=None``
means the learning phase; a layer with ``trainable=False`` always runs in inference mode (TF2 behaviour). In a
TF1 graph the moving-average updates are ``add_update`` ops (``UPDATE_OPS`` / ``model.updates``).

Differences: ``renorm``, ``virtual_batch_size``, ``adjustment`` and ``synchronized`` raise
NotImplementedError."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, nn_ops
from tfcompat._src.ops import normalization as tf_normalization
from tfcompat._src.ops.variable_enums import VariableAggregation, VariableSynchronization
from tfcompat._src.keras import backend, constraints, initializers, regularizers
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.utils import control_flow_util

__all__ = ["BatchNormalization", "LayerNormalization"]


def _validate_axis(axis, input_shape):
    rank = TensorShape(input_shape).rank
    if not rank:
        raise ValueError(f"Input has undefined rank. Received: input_shape={input_shape}")
    axis = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    for idx, x in enumerate(axis):
        if x < 0:
            axis[idx] = rank + x
    for x in axis:
        if x < 0 or x >= rank:
            raise ValueError(f"Invalid value for `axis` argument. Expected 0 <= axis < inputs.rank (with "
                             f"inputs.rank={rank}). Received: axis={tuple(axis)}")
    if len(axis) != len(set(axis)):
        raise ValueError(f"Duplicate axis: {tuple(axis)}")
    return axis


def set_affine_args(layer, beta_initializer, gamma_initializer, beta_regularizer, gamma_regularizer,
                    beta_constraint, gamma_constraint) -> None:
    """Sets the ``beta``/``gamma`` initializer, regularizer and constraint attributes tf-keras's normalization
    layers share, resolved through ``initializers.get`` etc."""
    layer.beta_initializer = initializers.get(beta_initializer)
    layer.gamma_initializer = initializers.get(gamma_initializer)
    layer.beta_regularizer = regularizers.get(beta_regularizer)
    layer.gamma_regularizer = regularizers.get(gamma_regularizer)
    layer.beta_constraint = constraints.get(beta_constraint)
    layer.gamma_constraint = constraints.get(gamma_constraint)


def affine_config(layer) -> dict:
    """The serialized ``beta``/``gamma`` initializer, regularizer and constraint config entries (tf-keras's
    order)."""
    return {"beta_initializer": initializers.serialize(layer.beta_initializer),
            "gamma_initializer": initializers.serialize(layer.gamma_initializer),
            "beta_regularizer": regularizers.serialize(layer.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(layer.gamma_regularizer),
            "beta_constraint": constraints.serialize(layer.beta_constraint),
            "gamma_constraint": constraints.serialize(layer.gamma_constraint)}


class BatchNormalization(Layer):
    """Mirrors ``tf.keras.layers.BatchNormalization``."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None, trainable=True,
                 virtual_batch_size=None, adjustment=None, name=None, synchronized=False, **kwargs):
        super().__init__(name=name, **kwargs)
        if renorm or virtual_batch_size is not None or adjustment is not None or synchronized:
            raise NotImplementedError("tfcompat's BatchNormalization does not support renorm, virtual_batch_size, "
                                      "adjustment or synchronized.")
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(f"Expected an int or a list/tuple of ints for the argument 'axis', but received: {axis}")
        self.momentum = momentum
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.renorm = renorm
        self.virtual_batch_size = virtual_batch_size
        self.adjustment = adjustment
        self.fused = fused
        self.supports_masking = True
        self.trainable = trainable

    @property
    def _param_dtype(self):
        if self.dtype == dtypes.float16.name or self.dtype == dtypes.bfloat16.name:
            return dtypes.float32
        return dtypes.as_dtype(self.dtype or dtypes.float32)

    def build(self, input_shape):
        self.axis = _validate_axis(self.axis, input_shape)
        input_shape = TensorShape(input_shape)
        rank = input_shape.rank
        if self.fused in (None, True):
            if self.fused is None:
                self.fused = rank in (4, 5)
            elif rank not in (4, 5):
                raise ValueError(f"Batch normalization layers with `fused=True` only support 4D or 5D input tensors. "
                                 f"Received tensor with shape: {tuple(input_shape.as_list())}")
        if self.fused:
            formats = {(1, 4): "NCHW", (1, 5): "NCDHW", (3, 4): "NHWC", (4, 5): "NDHWC"}
            key = (self.axis[0], rank) if len(self.axis) == 1 else None
            if key in formats:
                self._data_format = formats[key]
            elif rank == 5:
                self.fused = False
            elif rank == 4:
                raise ValueError(f"Unsupported axis. The use of `fused=True` is only possible with `axis=1` or "
                                 f"`axis=3` for 4D input tensors. Received: axis={tuple(self.axis)}")
        axis_to_dim = {x: input_shape[x] for x in self.axis}
        for x in axis_to_dim:
            if axis_to_dim[x] is None:
                raise ValueError(f"Input has undefined `axis` dimension. Received input with shape "
                                 f"{tuple(input_shape.as_list())} and axis={tuple(self.axis)}")
        self.input_spec = InputSpec(ndim=rank, axes=axis_to_dim)
        if len(axis_to_dim) == 1:
            param_shape = (list(axis_to_dim.values())[0],)
        else:
            param_shape = [axis_to_dim[i] if i in axis_to_dim else 1 for i in range(rank)]
        self._param_shape = param_shape
        if self.scale:
            self.gamma = self.add_weight(name="gamma", shape=param_shape, dtype=self._param_dtype,
                                         initializer=self.gamma_initializer, regularizer=self.gamma_regularizer,
                                         constraint=self.gamma_constraint, trainable=True, experimental_autocast=False)
        else:
            self.gamma = None
        if self.center:
            self.beta = self.add_weight(name="beta", shape=param_shape, dtype=self._param_dtype,
                                        initializer=self.beta_initializer, regularizer=self.beta_regularizer,
                                        constraint=self.beta_constraint, trainable=True, experimental_autocast=False)
        else:
            self.beta = None
        self.moving_mean = self.add_weight(name="moving_mean", shape=param_shape, dtype=self._param_dtype,
                                           initializer=self.moving_mean_initializer,
                                           synchronization=VariableSynchronization.ON_READ, trainable=False,
                                           aggregation=VariableAggregation.MEAN, experimental_autocast=False)
        self.moving_variance = self.add_weight(name="moving_variance", shape=param_shape, dtype=self._param_dtype,
                                               initializer=self.moving_variance_initializer,
                                               synchronization=VariableSynchronization.ON_READ, trainable=False,
                                               aggregation=VariableAggregation.MEAN, experimental_autocast=False)
        Layer.build(self, input_shape)

    def _get_training_value(self, training=None):
        if training is None:
            training = backend.learning_phase()
        if isinstance(training, int) and not isinstance(training, bool):
            training = bool(training)
        if not self.trainable:
            training = False
        return training

    def _assign_moving_average(self, variable, value, momentum):
        with backend.name_scope("AssignMovingAvg"):
            decay = convert_to_tensor(1.0 - momentum, name="decay") if not hasattr(momentum, "dtype") else \
                1.0 - momentum
            if decay.dtype is not variable.dtype:
                decay = math_ops.cast(decay, variable.dtype)
            delta = (variable - math_ops.cast(value, variable.dtype)) * decay
            return variable.assign_sub(delta)

    def call(self, inputs, training=None, mask=None):
        inputs = math_ops.cast(inputs, self.compute_dtype) if inputs.dtype.name != self.compute_dtype else inputs
        training = self._get_training_value(training)
        training_value = control_flow_util.constant_bool(training)
        if self.fused:
            return self._fused_batch_norm(inputs, training, training_value)
        inputs_dtype = inputs.dtype
        if inputs_dtype in (dtypes.float16, dtypes.bfloat16):
            inputs = math_ops.cast(inputs, dtypes.float32)
        input_shape = inputs.shape
        ndims = input_shape.rank
        reduction_axes = [i for i in range(ndims) if i not in self.axis]
        broadcast_shape = [1] * ndims
        broadcast_shape[self.axis[0]] = input_shape[self.axis[0]]

        def bcast(v):
            if v is not None and v.shape.rank != ndims and reduction_axes != list(range(ndims - 1)):
                return array_ops.reshape(v, broadcast_shape)
            return v
        scale, offset = bcast(self.gamma), bcast(self.beta)
        if training_value is False:
            mean, variance = self.moving_mean, self.moving_variance
        else:
            keep_dims = len(self.axis) > 1
            mean, variance = nn_ops.moments(math_ops.cast(inputs, self._param_dtype), reduction_axes,
                                            keepdims=keep_dims)
            moving_mean, moving_variance = self.moving_mean, self.moving_variance
            mean = control_flow_util.smart_cond(training, lambda: mean, lambda: convert_to_tensor(moving_mean))
            variance = control_flow_util.smart_cond(training, lambda: variance,
                                                    lambda: convert_to_tensor(moving_variance))
            new_mean, new_variance = mean, variance

            def mean_update():
                return control_flow_util.smart_cond(
                    training, lambda: self._assign_moving_average(self.moving_mean, new_mean, self.momentum),
                    lambda: self.moving_mean)

            def variance_update():
                return control_flow_util.smart_cond(
                    training, lambda: self._assign_moving_average(self.moving_variance, new_variance,
                                                                  self.momentum),
                    lambda: self.moving_variance)
            self.add_update(mean_update)
            self.add_update(variance_update)
        mean = math_ops.cast(mean, inputs.dtype)
        variance = math_ops.cast(variance, inputs.dtype)
        if offset is not None:
            offset = math_ops.cast(offset, inputs.dtype)
        if scale is not None:
            scale = math_ops.cast(scale, inputs.dtype)
        outputs = tf_normalization.batch_normalization(inputs, bcast(mean), bcast(variance), offset, scale,
                                                       self.epsilon)
        if inputs_dtype in (dtypes.float16, dtypes.bfloat16):
            outputs = math_ops.cast(outputs, inputs_dtype)
        if hasattr(outputs, "op"):
            outputs.set_shape(input_shape)
        return outputs

    def _fused_batch_norm(self, inputs, training, training_value):
        beta = self.beta if self.center else backend_constant(0.0, self._param_dtype, self._param_shape)
        gamma = self.gamma if self.scale else backend_constant(1.0, self._param_dtype, self._param_shape)
        # tf-keras lets the fused op apply the moving average when the program runs eagerly outside functions
        # (TF2, also inside tf.function); in TF1 graphs it adds AssignMovingAvg updates.
        fused_avg = backend.executing_eagerly_outside_functions() and isinstance(self.momentum, (float, int))
        factor = 1.0 - self.momentum if fused_avg else 1.0

        def train():
            return tf_normalization.fused_batch_norm(inputs, gamma, beta, mean=self.moving_mean,
                                                     variance=self.moving_variance, epsilon=self.epsilon,
                                                     is_training=True, data_format=self._data_format,
                                                     exponential_avg_factor=factor)

        def infer():
            return tf_normalization.fused_batch_norm(inputs, gamma, beta, mean=self.moving_mean,
                                                     variance=self.moving_variance, epsilon=self.epsilon,
                                                     is_training=False, data_format=self._data_format)
        if training_value is True:
            output, mean, variance = train()
        elif training_value is False:
            output, mean, variance = infer()
        else:
            output, mean, variance = control_flow_util.smart_cond(training, train, infer)
        if training_value or training_value is None:
            if fused_avg:
                def mean_update():
                    with backend.name_scope("AssignNewValue"):
                        return self.moving_mean.assign(mean)

                def variance_update():
                    with backend.name_scope("AssignNewValue"):
                        return self.moving_variance.assign(variance)
            else:
                momentum = control_flow_util.smart_cond(training, lambda: convert_to_tensor(float(self.momentum)),
                                                        lambda: convert_to_tensor(1.0)) \
                    if training_value is None else convert_to_tensor(float(self.momentum))

                def mean_update():
                    return self._assign_moving_average(self.moving_mean, mean, momentum)

                def variance_update():
                    return self._assign_moving_average(self.moving_variance, variance, momentum)
            self.add_update(mean_update)
            self.add_update(variance_update)
        return output

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"axis": self.axis, "momentum": self.momentum, "epsilon": self.epsilon, "center": self.center,
                  "scale": self.scale, "beta_initializer": initializers.serialize(self.beta_initializer),
                  "gamma_initializer": initializers.serialize(self.gamma_initializer),
                  "moving_mean_initializer": initializers.serialize(self.moving_mean_initializer),
                  "moving_variance_initializer": initializers.serialize(self.moving_variance_initializer),
                  "beta_regularizer": regularizers.serialize(self.beta_regularizer),
                  "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
                  "beta_constraint": constraints.serialize(self.beta_constraint),
                  "gamma_constraint": constraints.serialize(self.gamma_constraint)}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


def backend_constant(value, dtype, shape):
    return array_ops.fill(list(shape), convert_to_tensor(value, dtype=dtype))


class LayerNormalization(Layer):
    """Mirrors ``tf.keras.layers.LayerNormalization`` (fused formula over trailing axes, as tf-keras)."""

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(f"Expected an int or a list/tuple of ints for the argument 'axis', but received: {axis}")
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        set_affine_args(self, beta_initializer, gamma_initializer, beta_regularizer, gamma_regularizer,
                        beta_constraint, gamma_constraint)
        self.supports_masking = True

    def _fused_can_be_used(self, ndims):
        axis = sorted(self.axis)
        can = axis[-1] == ndims - 1 and axis[-1] - axis[0] == len(axis) - 1
        if self.epsilon < 1.001e-5 or self.dtype != "float32":
            can = False
        return can

    def build(self, input_shape):
        self.axis = _validate_axis(self.axis, input_shape)
        input_shape = TensorShape(input_shape)
        param_shape = [input_shape[dim] for dim in self.axis]
        self.gamma = self.add_weight(name="gamma", shape=param_shape, initializer=self.gamma_initializer,
                                     regularizer=self.gamma_regularizer, constraint=self.gamma_constraint,
                                     trainable=True, experimental_autocast=False) if self.scale else None
        self.beta = self.add_weight(name="beta", shape=param_shape, initializer=self.beta_initializer,
                                    regularizer=self.beta_regularizer, constraint=self.beta_constraint,
                                    trainable=True, experimental_autocast=False) if self.center else None
        self._fused = self._fused_can_be_used(input_shape.rank)
        Layer.build(self, input_shape)

    def call(self, inputs):
        inputs = math_ops.cast(inputs, self.compute_dtype) if inputs.dtype.name != self.compute_dtype else inputs
        input_shape = inputs.shape
        ndims = input_shape.rank
        broadcast_shape = [1] * ndims
        for dim in self.axis:
            broadcast_shape[dim] = input_shape[dim]

        def bcast(v):
            if v is not None and v.shape.rank != ndims and self.axis != [ndims - 1]:
                return array_ops.reshape(v, broadcast_shape)
            return v
        if not self._fused:
            input_dtype = inputs.dtype
            if input_dtype in (dtypes.float16, dtypes.bfloat16) and self.dtype == "float32":
                inputs = math_ops.cast(inputs, dtypes.float32)
            mean, variance = nn_ops.moments(inputs, self.axis, keepdims=True)
            outputs = tf_normalization.batch_normalization(inputs, mean, variance, offset=bcast(self.beta),
                                                           scale=bcast(self.gamma), variance_epsilon=self.epsilon)
            outputs = math_ops.cast(outputs, input_dtype)
        else:
            axis = sorted(self.axis)
            shape = array_ops.shape(inputs)
            static = input_shape.as_list()
            pre, inner = 1, 1
            dynamic = not all(d is not None for d in static)
            for dim in range(ndims):
                size = shape[dim] if dynamic else static[dim]
                if dim < axis[0]:
                    pre = pre * size
                else:
                    inner = inner * size
            squeezed = array_ops.reshape(inputs, [1, pre, inner, 1] if not dynamic else
                                         array_ops.stack([1, pre, inner, 1]))
            ones = array_ops.ones(array_ops.stack([pre]) if dynamic else [pre], dtype=self.dtype)
            zeros = array_ops.zeros(array_ops.stack([pre]) if dynamic else [pre], dtype=self.dtype)
            outputs, _, _ = tf_normalization.fused_batch_norm(squeezed, scale=ones, offset=zeros,
                                                              epsilon=self.epsilon, data_format="NCHW")
            outputs = array_ops.reshape(outputs, shape if dynamic else static)
            scale, offset = bcast(self.gamma), bcast(self.beta)
            if scale is not None:
                outputs = outputs * math_ops.cast(scale, outputs.dtype)
            if offset is not None:
                outputs = outputs + math_ops.cast(offset, outputs.dtype)
        if hasattr(outputs, "op"):
            outputs.set_shape(input_shape)
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"axis": self.axis, "epsilon": self.epsilon, "center": self.center, "scale": self.scale,
                  **affine_config(self)}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))
