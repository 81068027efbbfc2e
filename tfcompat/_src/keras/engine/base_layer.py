"""``tf.keras.layers.Layer`` (tf-keras 2.21): state (weights), computation (``call``), building on first call,
weight/loss tracking through attributes, ``training`` propagation, masks, input checks, configs, and the
functional API (a call on symbolic tensors records a ``Node``).

A layer is a ``tf.Module``. Its weights are tfcompat Variables created through ``add_weight``; in TF2 they are
created eagerly (``build`` runs in ``init_scope``), in a TF1 graph they are graph variables in the default graph
named after the layer's name scope ('dense/kernel:0').

Differences from tf-keras: layer calls are not converted by AutoGraph; ``KerasTensor`` is a symbolic tensor of
the Keras graph (``backend.get_graph()``), so its repr is a graph tensor's.

The class is assembled from one mixin per concern: attribute tracking (``layer_tracking.py``), weights
(``layer_weights.py``), losses/updates/metrics (``layer_losses.py``) and functional-API accessors
(``layer_nodes.py``); construction, dtype policy, building, calling and configs are here."""
from __future__ import annotations

import inspect

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.runtime.module import Module
from tfcompat._src.keras import autocast_variable, backend
from tfcompat._src.keras import hooks
from tfcompat._src.keras import mixed_precision
from tfcompat._src.keras.engine import base_layer_utils as utils
from tfcompat._src.keras.engine import input_spec as input_spec_lib
from tfcompat._src.keras.engine import composite_inputs
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine.layer_losses import LossesMixin
from tfcompat._src.keras.engine.layer_nodes import NodeAccessorsMixin
from tfcompat._src.keras.engine.layer_tracking import AttributeTrackingMixin
from tfcompat._src.keras.engine.layer_weights import WeightsMixin

__all__ = ["Layer"]

_ALLOWED_KWARGS = {"input_dim", "input_shape", "batch_input_shape", "batch_size", "weights",
                   "activity_regularizer", "autocast", "implementation"}
_CALL_SPECS: dict = {}


def _is_default(method) -> bool:
    return getattr(method, "_is_default", False)


def _default(method):
    method._is_default = True
    return method


def _copy_symbolic(t):
    if isinstance(t, SymbolicTensor):
        return array_ops.identity(t)
    return composite_inputs.copy_symbolic(t)


class Layer(AttributeTrackingMixin, WeightsMixin, LossesMixin, NodeAccessorsMixin, Module):
    """Mirrors ``tf.keras.layers.Layer``. Subclasses implement ``build(input_shape)`` (creating weights with
    ``add_weight``), ``call(inputs, *args, **kwargs)`` and, to be serializable, ``get_config``."""

    @property
    def _object_identifier(self) -> str:
        """tf-keras's SavedModel identifier of this object's kind (``keras_metadata.pb``)."""
        return "_tf_keras_layer"

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        # Keras records the constructor's arguments for the automatic get_config() of simple custom layers.
        try:
            bound = inspect.signature(cls.__init__).bind(None, *args, **kwargs)
            config = {k: v for k, v in bound.arguments.items() if k != "self"}
            extra = config.pop("kwargs", None)
            if isinstance(extra, dict):
                config.update(extra)
            object.__setattr__(obj, "_auto_config", config)
            object.__setattr__(obj, "_auto_get_config", _serializable(config))
        except TypeError:
            object.__setattr__(obj, "_auto_get_config", False)
        return obj

    def __init__(self, trainable=True, name=None, dtype=None, dynamic=False, **kwargs):
        self._self_setattr_tracking = False
        unknown = [k for k in kwargs if k not in _ALLOWED_KWARGS]
        if unknown:
            raise TypeError(f"Keyword argument not understood: {unknown[0]!r}")
        if not (isinstance(trainable, bool) or (isinstance(trainable, (Tensor, variables_lib.Variable)) and
                                                 trainable.dtype is dtypes.bool_)):
            raise TypeError(f"Expected `trainable` argument to be a boolean, but got: {trainable}")
        self._thread_local = True
        self._called = False
        self._trainable = trainable
        self._stateful = False
        self.built = False
        self._input_spec = None
        self._build_input_shape = None
        self._supports_masking = not _is_default(self.compute_mask)
        self._init_set_name(name)
        self._activity_regularizer = utils.keras_get("regularizers", kwargs.pop("activity_regularizer", None))
        if not hasattr(self, "_trainable_weights"):
            self._trainable_weights = []
        if not hasattr(self, "_non_trainable_weights"):
            self._non_trainable_weights = []
        self._updates = []
        self._callable_losses = []
        self._losses = []
        self._eager_losses = []
        if not hasattr(self, "_metrics"):
            self._metrics = []
        self._set_dtype_policy(dtype)
        self._autocast = kwargs.get("autocast", mixed_precision.v2_dtype_behavior_enabled())
        if not hasattr(self, "_self_tracked_trackables"):
            self._self_tracked_trackables = []
        self._inbound_nodes_value = []
        self._outbound_nodes_value = []
        self._call_spec = self._make_call_spec()
        if not isinstance(dynamic, bool):
            raise TypeError(f"Expected `dynamic` argument to be a boolean, but got: {dynamic}")
        self._dynamic = dynamic
        if "input_dim" in kwargs and "input_shape" not in kwargs:
            kwargs["input_shape"] = (kwargs["input_dim"],)
        if "input_shape" in kwargs or "batch_input_shape" in kwargs:
            if "batch_input_shape" in kwargs:
                batch_input_shape = tuple(kwargs["batch_input_shape"])
            else:
                batch_input_shape = (kwargs.get("batch_size"),) + tuple(kwargs["input_shape"])
            self._batch_input_shape = batch_input_shape
        self._initial_weights = kwargs.get("weights")
        self._auto_track_sub_layers = True
        self._preserve_input_structure_in_config = False
        self._self_setattr_tracking = True

    # -- naming ----------------------------------------------------------------------------------------
    def _init_set_name(self, name, zero_based=True):
        if name is None:
            self._name = backend.unique_object_name(utils.to_snake_case(type(self).__name__),
                                                    zero_based=zero_based)
        elif isinstance(name, str):
            backend.observe_object_name(name)
            self._name = name
        else:
            raise TypeError(f"Expected `name` argument to be a string, but got: {name}")
        self._scope_name = self._name + "/"

    @property
    def name(self) -> str:
        """The layer's name (unique per Keras session unless given)."""
        return self._name

    # -- dtype policy ------------------------------------------------------------------------------------
    def _set_dtype_policy(self, dtype):
        self._dtype_policy = mixed_precision.get_policy(dtype)
        self._compute_dtype_object = (dtypes.as_dtype(self._dtype_policy.compute_dtype)
                                      if self._dtype_policy.compute_dtype else None)

    @property
    def dtype(self):
        """The dtype of the layer's weights (the policy's variable dtype), e.g. 'float32'."""
        return self._dtype_policy.variable_dtype

    @property
    def dtype_policy(self):
        return self._dtype_policy

    @property
    def compute_dtype(self):
        return self._dtype_policy.compute_dtype

    @property
    def variable_dtype(self):
        return self.dtype

    @property
    def _compute_dtype(self):
        return self._dtype_policy.compute_dtype

    # -- simple properties ---------------------------------------------------------------------------------
    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        for layer in self._flatten_layers():
            layer._trainable = value

    @property
    def stateful(self):
        return self._stateful

    @stateful.setter
    def stateful(self, value):
        self._stateful = value

    @property
    def dynamic(self):
        return any(layer._dynamic for layer in self._flatten_layers())

    @property
    def supports_masking(self):
        return self._supports_masking

    @supports_masking.setter
    def supports_masking(self, value):
        self._supports_masking = value

    @property
    def activity_regularizer(self):
        return self._activity_regularizer

    @activity_regularizer.setter
    def activity_regularizer(self, regularizer):
        self._activity_regularizer = regularizer

    @property
    def input_spec(self):
        """The InputSpec(s) checked on every call."""
        return self._input_spec

    @input_spec.setter
    def input_spec(self, value):
        for v in nest.flatten(value):
            if v is not None and not isinstance(v, input_spec_lib.InputSpec):
                raise TypeError(f"Layer input_spec must be an instance of InputSpec. Got: {v}")
        object.__setattr__(self, "_input_spec", value)

    @property
    def _inbound_nodes(self):
        return self._inbound_nodes_value

    @property
    def _outbound_nodes(self):
        return self._outbound_nodes_value

    @property
    def inbound_nodes(self):
        return self._inbound_nodes

    @property
    def outbound_nodes(self):
        return self._outbound_nodes

    # -- building ------------------------------------------------------------------------------------------
    @_default
    def build(self, input_shape) -> None:
        """Creates the layer's weights (subclasses override; this records the shape and marks it built)."""
        self._build_input_shape = input_shape
        self.built = True

    def _maybe_build(self, inputs):
        if self.built:
            return
        input_list = nest.flatten(inputs)
        if not self.dtype and input_list:
            dtype = getattr(input_list[0], "dtype", None)
            if dtype is not None:
                self._set_dtype_policy(mixed_precision.Policy(dtype.name))
        input_shapes = None
        if all(hasattr(x, "shape") for x in input_list):
            input_shapes = nest.map_structure(lambda x: TensorShape(x.shape), inputs)
        if not hasattr(self.build, "_is_default"):
            with _maybe_init_scope():
                self.build(input_shapes)
        Layer.build(self, input_shapes)
        if self._initial_weights is not None:
            with _maybe_init_scope():
                self.set_weights(self._initial_weights)
            self._initial_weights = None

    # -- calling -------------------------------------------------------------------------------------------
    @_default
    def call(self, inputs, *args, **kwargs):
        """The layer's computation (subclasses override); the base layer returns its inputs."""
        return inputs

    def _make_call_spec(self):
        key = type(self).call
        spec = _CALL_SPECS.get(key)
        if spec is None:
            spec = _CALL_SPECS[key] = utils.CallSpec(self.call)
        return spec

    @property
    def _expects_training_arg(self):
        return self._call_spec.expects_training

    @property
    def _expects_mask_arg(self):
        return self._call_spec.expects_mask

    def __call__(self, *args, **kwargs):
        """Mirrors ``Layer.__call__``: converts inputs, checks them against ``input_spec``, builds the layer on
        first call, resolves ``training`` and ``mask``, runs ``call`` in the layer's name scope, adds activity
        regularization and output masks; on symbolic inputs (functional API) records a Node."""
        if not hasattr(self, "_thread_local"):
            raise RuntimeError("You must call `super().__init__()` in the layer constructor.")
        if not self._called:
            self._called = True
        spec = self._call_spec
        inputs, args, kwargs = spec.split_out_first_arg(args, kwargs)
        inputs = utils.convert_inputs(inputs)
        input_list = nest.flatten(inputs)
        context = utils.call_context()
        graph = utils.symbolic_graph_of(input_list)
        construction = graph is not None and not context.in_call and (
            backend.is_keras_graph(graph) or not graph._building_function)
        if construction:
            flat_args = nest.flatten((inputs, args, kwargs))
            # As tf-keras: a call records a node only when its inputs come from Keras inputs (a TF1 layer called
            # on a raw placeholder just computes).
            construction = node_lib.uses_keras_history(flat_args)
            if construction:
                hooks.get("create_keras_history")(flat_args)
        node_args, node_kwargs = args, kwargs
        input_masks, mask_is_implicit = self._get_input_masks(inputs, input_list, args, kwargs)
        if spec.expects_mask and mask_is_implicit:
            kwargs = dict(kwargs, mask=input_masks)
        args, kwargs, training = self._resolve_training(args, kwargs, context)
        if not context.in_call:
            self._clear_losses()
        with _maybe_graph(graph if construction and backend.is_keras_graph(graph) else None), \
                context.enter(self, training):
            input_spec_lib.assert_input_compatibility(self.input_spec, inputs, self.name)
            with backend.layer_name_scope(self._name):
                if not self.built:
                    self._maybe_build(inputs)
                # (The node records the inputs as given; call sees them cast to the compute dtype.)
                call_inputs = self._maybe_cast_inputs(inputs, input_list) if self._autocast else inputs
                frozen = context.frozen
                context.frozen = frozen or not self.trainable
                try:
                    with autocast_variable.enable_auto_cast_variables(self._compute_dtype_object):
                        outputs = self.call(call_inputs, *args, **kwargs)
                finally:
                    context.frozen = frozen
                if outputs is None and construction:
                    raise ValueError(f"A layer's `call` method should return a Tensor or a list of Tensors, not "
                                     f"None (layer: {self.name}).")
                if self._activity_regularizer:
                    self._handle_activity_regularization(call_inputs, outputs)
                if self._supports_masking:
                    self._set_mask_metadata(call_inputs, outputs, input_masks)
        if construction:
            outputs = self._set_connectivity_metadata(inputs, node_args, node_kwargs, outputs)
        return outputs

    def _resolve_training(self, args, kwargs, context):
        spec = self._call_spec
        if spec.expects_training:
            value = spec.get_arg_value("training", args, kwargs)
            if value is None:
                if context.training is not None:
                    value = context.training
                elif backend.global_learning_phase_is_set():
                    phase = backend.learning_phase()
                    value = phase if isinstance(phase, Tensor) else bool(phase)
                else:
                    value = spec.default("training")
                args, kwargs = spec.set_arg_value("training", value, args, kwargs)
        else:
            value = None
            if "training" in kwargs:
                kwargs = dict(kwargs)
                value = kwargs.pop("training")
            if value is None:
                value = context.training
        return args, kwargs, value

    def _get_input_masks(self, inputs, input_list, args, kwargs):
        if not self._supports_masking and not self._expects_mask_arg:
            return None, False
        if self._call_spec.arg_was_passed("mask", args, kwargs):
            return self._call_spec.get_arg_value("mask", args, kwargs), False
        masks = [node_lib.get_mask(t) for t in input_list]
        if all(m is None for m in masks):
            return None, False
        return nest.pack_sequence_as(inputs, masks), True

    def _maybe_cast_inputs(self, inputs, input_list=None):
        compute = self._compute_dtype_object
        if compute is None or not compute.is_floating:
            return inputs

        def cast(x):
            if isinstance(x, Tensor) and x.dtype.is_floating and x.dtype is not compute:
                return math_ops.cast(x, compute)
            return x
        if isinstance(inputs, Tensor):
            return cast(inputs)
        if not any(isinstance(x, Tensor) and x.dtype.is_floating and x.dtype is not compute
                   for x in (input_list if input_list is not None else nest.flatten(inputs))):
            return inputs
        return nest.map_structure(cast, inputs)

    def _handle_activity_regularization(self, inputs, outputs):
        with backend.name_scope("ActivityRegularizer"):
            for output in nest.flatten(outputs):
                loss = convert_to_tensor(self._activity_regularizer(output))
                batch = math_ops.cast(array_ops.shape(output)[0], loss.dtype)
                self.add_loss(math_ops.divide_no_nan(loss, batch))

    def _set_mask_metadata(self, inputs, outputs, previous_mask):
        flat_outputs = nest.flatten(outputs)
        if getattr(self, "_compute_output_and_mask_jointly", False) or \
                all(node_lib.get_mask(x) is not None for x in flat_outputs):
            return
        output_masks = self.compute_mask(inputs, previous_mask)
        if output_masks is None:
            return
        for tensor, mask in zip(flat_outputs, nest.flatten(output_masks)):
            node_lib.set_mask(tensor, mask)

    @_default
    def compute_mask(self, inputs, mask=None):
        """Mirrors ``Layer.compute_mask``: passes the mask through when ``supports_masking``.

        Raises:
          TypeError: a mask given to a layer that does not support masking."""
        if not self._supports_masking:
            if any(m is not None for m in nest.flatten(mask)):
                raise TypeError(f"Layer {self.name} does not support masking, but was passed an input_mask: "
                                f"{mask}")
            return None
        return mask

    def _set_connectivity_metadata(self, inputs, args, kwargs, outputs):
        # A layer returning one of its inputs unchanged: copy it, or the input would lose its own history.
        input_ids = {id(t) for t in nest.flatten((inputs, args, kwargs))}
        outputs = nest.map_structure(lambda t: _copy_symbolic(t) if id(t) in input_ids else t, outputs)
        node_lib.Node(self, call_args=(inputs,) + tuple(args), call_kwargs=kwargs, outputs=outputs)
        return outputs

    # -- shapes --------------------------------------------------------------------------------------------
    def compute_output_shape(self, input_shape):
        """Mirrors ``Layer.compute_output_shape``: runs the layer on symbolic inputs of that shape."""
        def placeholder_like(shape):
            return array_ops.placeholder(self.dtype or backend.floatx(), TensorShape(shape))
        graph = _scratch_graph()
        with ctx_lib.push_graph(graph):
            inputs = nest.map_structure(placeholder_like, input_shape,) if isinstance(input_shape, list) and \
                input_shape and isinstance(input_shape[0], (list, tuple, TensorShape)) else \
                placeholder_like(input_shape)
            outputs = self(inputs, training=False)
        return nest.map_structure(lambda t: t.shape, outputs)

    # -- config --------------------------------------------------------------------------------------------
    @_default
    def get_config(self) -> dict:
        """Mirrors ``Layer.get_config``: name, trainable, dtype (and batch_input_shape); subclasses add theirs.

        Raises:
          NotImplementedError: a custom layer whose constructor takes arguments that cannot be recorded."""
        config = {"name": self.name, "trainable": self.trainable}
        config["dtype"] = mixed_precision.serialize(self._dtype_policy)
        if hasattr(self, "_batch_input_shape"):
            config["batch_input_shape"] = self._batch_input_shape
        if not _is_default(type(self).get_config):
            return config
        if getattr(self, "_auto_get_config", False):
            extra = set(config)
            config.update(self._auto_config)
            argspec = inspect.getfullargspec(type(self).__init__)
            if argspec.varkw != "kwargs":
                for key in extra - extra.intersection(argspec.args[1:]):
                    config.pop(key, None)
            return config
        raise NotImplementedError(
            f"\nLayer {type(self).__name__} was created by passing\nnon-serializable argument values in "
            f"`__init__()`,\nand therefore the layer must override `get_config()` in\norder to be "
            f"serializable. Please implement `get_config()`.\n\nExample:\n\nclass CustomLayer(keras.layers.Layer):"
            f"\n    def __init__(self, arg1, arg2, **kwargs):\n        super().__init__(**kwargs)\n        self.arg1 "
            f"= arg1\n        self.arg2 = arg2\n\n    def get_config(self):\n        config = super().get_config()\n"
            f"        config.update({{\n            \"arg1\": self.arg1,\n            \"arg2\": self.arg2,\n"
            f"        }})\n        return config")

    @classmethod
    def from_config(cls, config):
        """Mirrors ``Layer.from_config``: ``cls(**config)``."""
        try:
            return cls(**config)
        except Exception as e:
            raise TypeError(f"Error when deserializing class '{cls.__name__}' using config={config}.\n\n"
                            f"Exception encountered: {e}") from e

    def get_build_config(self):
        if self._build_input_shape is not None:
            shape = self._build_input_shape
            return {"input_shape": nest.map_structure(
                lambda s: tuple(s.as_list()) if isinstance(s, TensorShape) else s, shape)
                if not isinstance(shape, TensorShape) else tuple(shape.as_list())}
        return None

    def build_from_config(self, config):
        input_shape = config["input_shape"]
        if input_shape is not None:
            self.build(input_shape)

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object at {hex(id(self))}>"


# ------------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------------
def _maybe_init_scope():
    """Keras builds layers in ``tf.init_scope`` in TF2 (weights are created eagerly, even while tracing)."""
    if backend.executing_eagerly_outside_functions():
        return backend.init_scope_keeping_names()
    return _null()


class _null:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _maybe_graph(graph):
    return ctx_lib.push_graph(graph) if graph is not None else _null()


def _scratch_graph():
    from tfcompat._src.framework.graph import Graph
    g = Graph()
    g._building_function = True
    return g


def _serializable(config) -> bool:
    def ok(v):
        if v is None or isinstance(v, (bool, int, float, str)):
            return True
        if isinstance(v, (list, tuple)):
            return all(ok(x) for x in v)
        if isinstance(v, dict):
            return all(isinstance(k, str) and ok(x) for k, x in v.items())
        return False
    return ok(config)
