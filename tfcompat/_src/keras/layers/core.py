"""Core layers (tf-keras 2.21): Dense, Activation, Dropout, Flatten, Reshape, Permute, RepeatVector, Lambda,
Masking, ActivityRegularization, Identity."""
from __future__ import annotations

import base64
import functools
import marshal
import operator
import types
import warnings

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import type_dispatch
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import array_ops, math_ops, nn_embedding_ops, nn_ops, reduction_ops, sparse_ops_api
from tfcompat._src.ops.ragged.ragged_tensor import is_ragged
from tfcompat._src.keras import activations, backend, regularizers
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.layers.kernel_bias import add_kernel_and_bias, kernel_bias_config, set_kernel_bias_args
from tfcompat._src.keras.utils import control_flow_util

__all__ = ["Dense", "Activation", "Dropout", "Flatten", "Reshape", "Permute", "RepeatVector", "Lambda", "Masking",
           "ActivityRegularization", "Identity", "tensordot_last"]


def tensordot_last(x, kernel):
    """``tf.tensordot(x, kernel, [[rank - 1], [0]])`` as TF computes it: a 2-D matmul of the reshaped input."""
    rank = x.shape.rank
    if rank == 2 or rank is None:
        if not isinstance(x, Tensor):   # an ExtensionType input: tf.matmul's dispatch_for_api target (tf-keras)
            return type_dispatch.dispatching(math_ops.matmul)(x, kernel)
        return math_ops.matmul(x, kernel)
    units = kernel.shape[-1]
    flat = array_ops.reshape(x, [-1, x.shape[-1]])
    out = math_ops.matmul(flat, kernel)
    dims = x.shape.as_list()[:-1]
    if all(d is not None for d in dims):
        return array_ops.reshape(out, dims + [units])
    shape = array_ops.concat([array_ops.shape(x)[:-1], convert_to_tensor([units])], 0)
    out = array_ops.reshape(out, shape)
    if hasattr(out, "op"):
        out.set_shape(dims + [units])
    return out


def _sparse_matmul(inputs, kernel):
    # As tf-keras's Dense: a rank-2 SparseTensor times the kernel through embedding_lookup_sparse (empty rows
    # filled with 0 first; each entry's column index is its id, its value its weight).
    inputs, _ = sparse_ops_api.fill_empty_rows(inputs, 0)
    ids = SparseTensor(indices=inputs.indices, values=inputs.indices[:, 1], dense_shape=inputs.dense_shape)
    out = nn_embedding_ops.embedding_lookup_sparse(kernel, ids, inputs, combiner="sum")
    if hasattr(out, "op"):
        out.set_shape([None, kernel.shape[1]])   # TF's SegmentSum shape: (None, units)
    return out


class Dense(Layer):
    """Mirrors ``tf.keras.layers.Dense``: ``activation(inputs @ kernel + bias)``."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = int(units) if not isinstance(units, int) else units
        if self.units < 0:
            raise ValueError(f"Received an invalid value for `units`, expected a positive integer. Received: "
                             f"units={units}")
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        set_kernel_bias_args(self, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                             kernel_constraint, bias_constraint)
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape):
        dtype = dtypes.as_dtype(self.dtype or backend.floatx())
        if not (dtype.is_floating or dtype.is_complex):
            raise TypeError(f"A Dense layer can only be built with a floating-point dtype. Received: dtype={dtype}")
        input_shape = TensorShape(input_shape)
        last_dim = input_shape[-1]
        if last_dim is None:
            raise ValueError(f"The last dimension of the inputs to a Dense layer should be defined. Found None. "
                             f"Full input shape received: {input_shape}")
        self.input_spec = InputSpec(min_ndim=2, axes={-1: last_dim})
        add_kernel_and_bias(self, [last_dim, self.units], [self.units] if self.use_bias else None)
        Layer.build(self, input_shape)

    def call(self, inputs):
        if is_ragged(inputs) and inputs.flat_values.shape.rank != 1:   # kinput hook: tf-keras maps flat values
            return inputs.with_flat_values(self.call(inputs.flat_values))
        if inputs.dtype is not self._compute_dtype_object:
            inputs = math_ops.cast(inputs, self._compute_dtype_object)
        if isinstance(inputs, SparseTensor) and inputs.shape.rank in (2, None):
            outputs = _sparse_matmul(inputs, self.kernel)
        else:
            outputs = tensordot_last(inputs, self.kernel)
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias)
        if self.activation is not None:
            outputs = self.activation(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        input_shape = TensorShape(input_shape).with_rank_at_least(2)
        if dimension_value(input_shape[-1]) is None:
            raise ValueError(f"The last dimension of the input shape of a Dense layer should be defined. Found "
                             f"None. Received: input_shape={input_shape}")
        return TensorShape(input_shape.as_list()[:-1] + [self.units])

    def get_config(self):
        config = super().get_config()
        config.update({
            "units": self.units, "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
            **kernel_bias_config(self),
        })
        return config


class Activation(Layer):
    """Mirrors ``tf.keras.layers.Activation``."""

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"activation": activations.serialize(self.activation)})
        return config


class Dropout(Layer):
    """Mirrors ``tf.keras.layers.Dropout`` (the dropped elements are random: see ``random-values``)."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        kwargs.pop("force_generator", None)
        kwargs.pop("rng_type", None)
        super().__init__(**kwargs)
        if isinstance(rate, (int, float)) and not 0 <= rate <= 1:
            raise ValueError(f"Invalid value {rate} received for `rate`, expected a value between 0 and 1.")
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed = seed
        self.supports_masking = True

    def _get_noise_shape(self, inputs):
        if self.noise_shape is None:
            return None
        shape = array_ops.shape(inputs)
        return array_ops.stack([shape[i] if value is None else value for i, value in enumerate(self.noise_shape)])

    def call(self, inputs, training=None):
        if isinstance(self.rate, (int, float)) and self.rate == 0:
            return array_ops.identity(inputs)
        if training is None:
            training = backend.learning_phase()

        def dropped():
            return nn_ops.dropout_v2(inputs, self.rate, noise_shape=self._get_noise_shape(inputs), seed=self.seed)
        return control_flow_util.smart_cond(training, dropped, lambda: array_ops.identity(inputs))

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"rate": self.rate, "noise_shape": self.noise_shape, "seed": self.seed})
        return config


class Flatten(Layer):
    """Mirrors ``tf.keras.layers.Flatten`` (channels_first inputs are moved to channels_last first)."""

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=1)
        self._channels_first = self.data_format == "channels_first"

    def call(self, inputs):
        if self._channels_first:
            rank = inputs.shape.rank
            if rank and rank > 1:
                inputs = array_ops.transpose(inputs, perm=[0] + list(range(2, rank)) + [1])
        if ctx_lib.executing_eagerly():
            return array_ops.reshape(inputs, [inputs.shape[0], -1])
        shape = inputs.shape
        if shape.rank == 1:
            return array_ops.expand_dims(inputs, axis=1)
        batch = shape[0]
        rest = shape[1:]
        if rest.is_fully_defined():
            return array_ops.reshape(inputs, [-1, int(functools.reduce(operator.mul, rest.as_list(), 1))])
        if batch is not None:
            return array_ops.reshape(inputs, [int(batch), -1])
        return array_ops.reshape(inputs, array_ops.stack([array_ops.shape(inputs)[0], -1]))

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if not dims:
            return TensorShape([1])
        rest = dims[1:]
        if all(d is not None for d in rest):
            return TensorShape([dims[0], int(functools.reduce(operator.mul, rest, 1))])
        return TensorShape([dims[0], None])

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format})
        return config


class Reshape(Layer):
    """Mirrors ``tf.keras.layers.Reshape`` (the batch dimension is kept; one -1 is inferred)."""

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(target_shape)

    def _fix_unknown_dimension(self, input_shape, output_shape):
        output_shape = list(output_shape)
        msg = (f"total size of new array must be unchanged, input_shape = {list(input_shape)}, output_shape = "
               f"{list(output_shape)}")
        known, unknown = 1, None
        for index, dim in enumerate(output_shape):
            if dim < 0:
                if unknown is None:
                    unknown = index
                else:
                    raise ValueError(f"There must be at most one unknown dimension in output_shape. Received: "
                                     f"output_shape={output_shape}.")
            else:
                known *= dim
        original = functools.reduce(operator.mul, input_shape, 1)
        if unknown is not None:
            if known == 0 or original % known != 0:
                raise ValueError(msg)
            output_shape[unknown] = original // known
        elif original != known:
            raise ValueError(msg)
        return output_shape

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if None in dims[1:]:
            return TensorShape([dims[0]] + [None if d == -1 else d for d in self.target_shape])
        return TensorShape([dims[0]] + self._fix_unknown_dimension(dims[1:], self.target_shape))

    def call(self, inputs):
        if ctx_lib.executing_eagerly() and inputs.shape.is_fully_defined():
            return array_ops.reshape(inputs, (inputs.shape[0],) + self.target_shape)
        batch = inputs.shape[0]
        if batch is not None:
            result = array_ops.reshape(inputs, (batch,) + self.target_shape)
        else:
            result = array_ops.reshape(inputs, array_ops.concat(
                [array_ops.shape(inputs)[:1], convert_to_tensor(list(self.target_shape), dtype=dtypes.int32)], 0))
        if hasattr(result, "op"):
            result.set_shape(self.compute_output_shape(inputs.shape))
        return result

    def get_config(self):
        config = {"target_shape": self.target_shape}
        base = super().get_config()
        return {**base, **config}


class Permute(Layer):
    """Mirrors ``tf.keras.layers.Permute`` (``dims`` index from 1; the batch axis stays first)."""

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError(f"Invalid permutation argument `dims` for Permute Layer. The set of indices in `dims` "
                             f"must be consecutive and start from 1. Received dims={dims}")
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0]] + [dims[d] for d in self.dims])

    def call(self, inputs):
        return array_ops.transpose(inputs, perm=(0,) + self.dims)

    def get_config(self):
        config = {"dims": self.dims}
        base = super().get_config()
        return {**base, **config}


class RepeatVector(Layer):
    """Mirrors ``tf.keras.layers.RepeatVector``: (batch, features) -> (batch, n, features)."""

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int):
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        self.n = n
        self.input_spec = InputSpec(ndim=2)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0], self.n, dims[1]])

    def call(self, inputs):
        return array_ops.tile(array_ops.expand_dims(inputs, 1), [1, self.n, 1])

    def get_config(self):
        config = {"n": self.n}
        base = super().get_config()
        return {**base, **config}


def func_dump(func):
    """Keras' ``func_dump``: (base64 marshalled code, defaults, closure) of a python function."""
    raw = marshal.dumps(func.__code__)
    code = base64.encodebytes(raw).decode("ascii")
    closure = tuple(c.cell_contents for c in func.__closure__) if func.__closure__ else None
    return code, func.__defaults__, closure


def func_load(code, defaults=None, closure=None, globs=None):
    """Keras' ``func_load``."""
    if isinstance(code, (tuple, list)):
        code, defaults, closure = code
        if isinstance(defaults, list):
            defaults = tuple(defaults)

    def ensure_value_to_cell(value):
        def dummy_fn():
            value  # noqa: B018 - makes `value` a closure cell
        cell_value = dummy_fn.__closure__[0]
        if not isinstance(value, type(cell_value)):
            return cell_value
        return value
    if closure is not None:
        closure = tuple(ensure_value_to_cell(c) for c in closure)
    try:
        raw = base64.decodebytes(code.encode("ascii"))
    except (UnicodeEncodeError, Exception):  # noqa: BLE001 - tf-keras: fall back to raw utf-8 bytes
        raw = code.encode("raw_unicode_escape")
    code = marshal.loads(raw)
    if globs is None:
        globs = globals()
    return types.FunctionType(code, globs, name=code.co_name, argdefs=defaults, closure=closure)


class Lambda(Layer):
    """Mirrors ``tf.keras.layers.Lambda``: an arbitrary function as a layer (``mask``/``training`` passed when
    the function takes them; serialized as marshalled code, as tf-keras does)."""

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.arguments = arguments or {}
        self.function = function
        self.mask = mask
        self._output_shape = output_shape
        import inspect
        try:
            params = inspect.signature(function).parameters
        except (TypeError, ValueError):
            params = {}
        self._fn_expects_training_arg = "training" in params
        self._fn_expects_mask_arg = "mask" in params
        self._supports_masking = mask is not None
        self._variable_names = set()

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._fn_expects_mask_arg:
            kwargs["mask"] = mask
        if self._fn_expects_training_arg:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_mask(self, inputs, mask=None):
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            return super().compute_output_shape(input_shape)
        if callable(self._output_shape):
            return TensorShape(self._output_shape(input_shape))
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0]] + list(self._output_shape))

    def _serialize_function(self, fn):
        if isinstance(fn, types.LambdaType) and fn.__name__ == "<lambda>" or getattr(fn, "__closure__", None):
            return func_dump(fn), "lambda", None
        if callable(fn):
            return fn.__name__, "function", fn.__module__
        raise ValueError("Invalid input for serialization, type: %s " % type(fn))

    def get_config(self):
        function, function_type, module = self._serialize_function(self.function)
        config = {"function": function, "function_type": function_type, "module": module}
        if callable(self._output_shape):
            out, out_type, out_module = self._serialize_function(self._output_shape)
        else:
            out, out_type, out_module = self._output_shape, "raw", None
        config.update({"output_shape": out, "output_shape_type": out_type, "output_shape_module": out_module})
        if self.mask is not None and callable(self.mask):
            mask, mask_type, mask_module = self._serialize_function(self.mask)
        else:
            mask, mask_type, mask_module = self.mask, "raw", None
        config.update({"mask": mask, "mask_type": mask_type, "mask_module": mask_module,
                       "arguments": self.arguments})
        base = super().get_config()
        return {**base, **config}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["function"] = cls._parse_function(config, custom_objects, "function", "module", "function_type")
        config["output_shape"] = cls._parse_function(config, custom_objects, "output_shape",
                                                     "output_shape_module", "output_shape_type")
        config["mask"] = cls._parse_function(config, custom_objects, "mask", "mask_module", "mask_type")
        for key in ("function_type", "module", "output_shape_type", "output_shape_module", "mask_type",
                    "mask_module"):
            config.pop(key, None)
        if "output_shape" in config and isinstance(config["output_shape"], list):
            config["output_shape"] = tuple(config["output_shape"])
        return cls(**config)

    @staticmethod
    def _parse_function(config, custom_objects, func_attr, module_attr, func_type_attr):
        import sys
        from tfcompat._src.keras import object_config
        globs = dict(globals())
        module = config.pop(module_attr, None)
        if module in sys.modules:
            globs.update(sys.modules[module].__dict__)
        elif module is not None:
            warnings.warn(f"{module} is not loaded, but a Lambda layer uses it. It may cause errors.",
                          stacklevel=3)
        if custom_objects:
            globs.update(custom_objects)
        function_type = config.pop(func_type_attr, None)
        value = config.get(func_attr)
        if function_type == "function":
            objects = dict(object_config.CUSTOM_OBJECTS)
            objects.update(custom_objects or {})
            return objects.get(value) or globs.get(value)
        if function_type == "lambda":
            return func_load(value, globs=globs)
        if function_type == "raw":
            return value
        if value is None:
            return None
        raise TypeError(f"Unknown function type: {function_type}")


class Masking(Layer):
    """Mirrors ``tf.keras.layers.Masking``: timesteps equal to ``mask_value`` in every feature are masked."""

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.mask_value = mask_value
        self._compute_output_and_mask_jointly = True

    def compute_mask(self, inputs, mask=None):
        return reduction_ops.reduce_any(math_ops.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        boolean_mask = reduction_ops.reduce_any(math_ops.not_equal(inputs, self.mask_value), axis=-1,
                                                keepdims=True)
        outputs = inputs * math_ops.cast(boolean_mask, inputs.dtype)
        node_lib.set_mask(outputs, array_ops.squeeze(boolean_mask, axis=-1))
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"mask_value": self.mask_value}
        base = super().get_config()
        return {**base, **config}


class ActivityRegularization(Layer):
    """Mirrors ``tf.keras.layers.ActivityRegularization``: adds an L1/L2 activity penalty."""

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.supports_masking = True
        self.l1 = l1
        self.l2 = l2

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"l1": self.l1, "l2": self.l2}
        base = super().get_config()
        base.pop("activity_regularizer", None)
        return {**base, **config}


class Identity(Layer):
    """Mirrors ``tf.keras.layers.Identity``."""

    def call(self, inputs):
        return array_ops.identity(inputs) if not isinstance(inputs, (list, tuple, dict)) else inputs
