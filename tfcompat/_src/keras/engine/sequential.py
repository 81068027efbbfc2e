"""``tf.keras.Sequential`` (tf-keras 2.21): a linear stack of layers. With an input shape (an ``Input`` or a
first layer's ``input_shape``) it is a functional model at once; otherwise it builds its graph on the first
call (deferred build), with the shape it is called on (relaxed to None where later calls differ)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.runtime.module import Module
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine import base_layer
from tfcompat._src.keras.engine import base_layer_utils
from tfcompat._src.keras.engine import functional
from tfcompat._src.keras.engine import input_layer
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine import training
from tfcompat._src.keras.layers import serialization

__all__ = ["Sequential"]

_SINGLE_OUTPUT_ERROR = ("All layers in a Sequential model should have a single output tensor. For multi-output "
                        "layers, use the functional API.")


class Sequential(functional.Functional):
    """Mirrors ``tf.keras.Sequential``."""

    @property
    def _object_identifier(self) -> str:
        return "_tf_keras_sequential"

    def __init__(self, layers=None, name=None):
        training.Model.__init__(self, name=name, autocast=False)
        self._self_setattr_tracking = False
        self.supports_masking = True
        self._compute_output_and_mask_jointly = True
        self._auto_track_sub_layers = False
        self._inferred_input_shape = None
        self._has_explicit_input_shape = False
        self._input_dtype = None
        self._created_nodes = set()
        self._graph_initialized = False
        self._use_legacy_deferred_behavior = False
        self._self_setattr_tracking = True
        if layers:
            if not isinstance(layers, (list, tuple)):
                layers = [layers]
            for layer in layers:
                self.add(layer)

    @property
    def layers(self) -> list:
        found = list(self._flatten_layers(include_self=False, recursive=False))
        if found and isinstance(found[0], input_layer.InputLayer):
            return found[1:]
        return found

    def add(self, layer) -> None:
        """Mirrors ``Sequential.add``.

        Raises:
          TypeError: not a layer. ValueError: a duplicate name or a multi-output layer."""
        history = node_lib.keras_history(layer)
        if history is not None and isinstance(history.layer, input_layer.InputLayer):
            layer = history.layer
        if not isinstance(layer, base_layer.Layer):
            if isinstance(layer, Module):
                raise TypeError(f"The added layer must be an instance of class Layer. Received: layer={layer} of "
                                f"type {type(layer)}.")
            raise TypeError(f"The added layer must be an instance of class Layer. Received: layer={layer} of type "
                            f"{type(layer)}.")
        if any(l.name == layer.name for l in self.layers):
            raise ValueError(f"All layers added to a Sequential model should have unique names. Name "
                             f"'{layer.name}' is already the name of a layer in this model. Update the `name` "
                             f"argument to pass a unique name.")
        self.built = False
        set_inputs = False
        if not self._self_tracked_trackables:
            if isinstance(layer, input_layer.InputLayer):
                set_inputs = True
            else:
                batch_shape, dtype = _input_shape_and_dtype(layer)
                if batch_shape:
                    x = input_layer.Input(batch_shape=batch_shape, dtype=dtype, name=layer.name + "_input")
                    layer(x)
                    set_inputs = True
            if set_inputs:
                outputs = nest.flatten(layer._inbound_nodes[-1].outputs)
                if len(outputs) != 1:
                    raise ValueError(_SINGLE_OUTPUT_ERROR)
                self.outputs = outputs
                self.inputs = _source_inputs(self.outputs[0])
                self.built = True
                self._has_explicit_input_shape = True
        elif self.outputs:
            output = layer(self.outputs[0])
            if len(nest.flatten(output)) != 1:
                raise ValueError(_SINGLE_OUTPUT_ERROR)
            self.outputs = [output]
            self.built = True
        if set_inputs or self._graph_initialized:
            self._init_graph_network(self.inputs, self.outputs)
            self._graph_initialized = True
        else:
            self._self_tracked_trackables.append(layer)

    def pop(self) -> None:
        """Mirrors ``Sequential.pop``.

        Raises:
          TypeError: no layers."""
        if not self.layers:
            raise TypeError("There are no layers in the model.")
        self._self_tracked_trackables.pop()
        if not self.layers:
            self.outputs = None
            self.inputs = None
            self.built = False
            self._inferred_input_shape = None
            self._has_explicit_input_shape = False
            self._graph_initialized = False
            self._self_tracked_trackables[:] = []
        elif self._graph_initialized:
            self.layers[-1]._outbound_nodes_value = []
            self.outputs = [self.layers[-1].output]
            self._init_graph_network(self.inputs, self.outputs)
            self.built = True

    def _build_graph_network_for_inferred_shape(self, input_shape, input_dtype=None):
        if input_shape is None or not self.layers:
            return
        if not backend.executing_eagerly_outside_functions():
            return
        if self._has_explicit_input_shape or self._use_legacy_deferred_behavior:
            return
        input_shape = tuple(input_shape)
        if self._inferred_input_shape is None:
            new_shape = input_shape
        else:
            new_shape = _relax_input_shape(self._inferred_input_shape, input_shape)
        if new_shape is None or new_shape == self._inferred_input_shape:
            return
        with ctx_lib.init_scope(), backend.fresh_name_scope(), base_layer_utils.call_context().outside():
            inputs = input_layer.Input(batch_shape=new_shape, dtype=input_dtype,
                                       name=self.layers[0].name + "_input")
            layer_input = inputs
            created = {id(node_lib.keras_history(inputs).layer._inbound_nodes[0])}
            outputs = None
            for layer in self.layers:
                _clear_created_nodes(layer, self._created_nodes)
                try:
                    layer_output = layer(layer_input)
                except Exception:  # noqa: BLE001 - tf-keras: fall back to calling the layers one by one
                    self._use_legacy_deferred_behavior = True
                    return
                if len(nest.flatten(layer_output)) != 1:
                    raise ValueError(_SINGLE_OUTPUT_ERROR)
                for node in layer._inbound_nodes:
                    created.add(id(node))
                layer_input = layer_output
                outputs = layer_output
            self._created_nodes = created
            try:
                self._init_graph_network(inputs, outputs)
                self._graph_initialized = True
            except ValueError:
                self._use_legacy_deferred_behavior = True
        self._inferred_input_shape = new_shape

    @base_layer._default
    def build(self, input_shape=None):
        """Mirrors ``Sequential.build``.

        Raises:
          ValueError: no input shape and none known."""
        if self._graph_initialized:
            self._init_graph_network(self.inputs, self.outputs)
        else:
            if input_shape is None:
                raise ValueError("You must provide an `input_shape` argument.")
            self._build_graph_network_for_inferred_shape(input_shape)
            if not self.built:
                input_shape = tuple(input_shape)
                self._build_input_shape = input_shape
                training.Model.build(self, input_shape)
        self.built = True

    def call(self, inputs, training=None, mask=None):
        if not self._has_explicit_input_shape and isinstance(inputs, Tensor):
            self._build_graph_network_for_inferred_shape(inputs.shape, inputs.dtype)
        if self._graph_initialized:
            if not self.built:
                self._init_graph_network(self.inputs, self.outputs)
            return super().call(inputs, training=training, mask=mask)
        outputs = inputs
        for layer in self.layers:
            kwargs = {}
            names = layer._call_spec.arg_names
            if "mask" in names:
                kwargs["mask"] = mask
            if "training" in names:
                kwargs["training"] = training
            outputs = layer(inputs, **kwargs)
            inputs = outputs
            mask = nest.map_structure(node_lib.get_mask, outputs)
        return outputs

    def compute_mask(self, inputs, mask):
        outputs = self.call(inputs, mask=mask)
        return nest.map_structure(node_lib.get_mask, outputs)

    @property
    def input_spec(self):
        if hasattr(self, "_manual_input_spec"):
            return self._manual_input_spec
        if self._has_explicit_input_shape:
            return None
        if self.layers and hasattr(self.layers[0], "input_spec"):
            return self.layers[0].input_spec
        return None

    @input_spec.setter
    def input_spec(self, value):
        object.__setattr__(self, "_manual_input_spec", value)

    def get_config(self) -> dict:
        """Mirrors ``Sequential.get_config``: ``{'name', 'layers'}`` (an InputLayer first when it has one)."""
        layer_configs = []
        for layer in list(self._flatten_layers(include_self=False, recursive=False)):
            layer_configs.append(serialization.serialize(layer))
        config = {"name": self.name, "layers": layer_configs}
        if not self._is_graph_network and self._build_input_shape is not None:
            config["build_input_shape"] = self._build_input_shape
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Mirrors ``Sequential.from_config``."""
        if "name" in config:
            name = config["name"]
            build_input_shape = config.get("build_input_shape")
            layer_configs = config["layers"]
        else:
            name, build_input_shape, layer_configs = None, None, config
        model = cls(name=name)
        for layer_config in layer_configs:
            model.add(serialization.deserialize(layer_config, custom_objects=custom_objects))
        if not model.inputs and build_input_shape and isinstance(build_input_shape, (tuple, list)):
            model.build(build_input_shape)
        return model


def _input_shape_and_dtype(layer):
    def is_graph_model(l):
        return getattr(l, "_is_graph_network", False) or type(l).__name__ == "Sequential"
    while is_graph_model(layer):
        if not layer.layers:
            raise ValueError("An empty Model cannot be used as a Layer.")
        layer = layer.layers[0]
    shape = getattr(layer, "_batch_input_shape", None)
    if shape:
        return shape, layer.dtype
    return None, None


def _source_inputs(tensor):
    history = node_lib.keras_history(tensor)
    layer, node_index, _ = history
    node = layer._inbound_nodes[node_index]
    if node.is_input:
        return nest.flatten(node.outputs)
    found = []
    for t in node.keras_inputs:
        for x in _source_inputs(t):
            if all(x is not y for y in found):
                found.append(x)
    return found


def _relax_input_shape(shape_1, shape_2):
    if shape_1 is None or shape_2 is None:
        return None
    if len(shape_1) != len(shape_2):
        return None
    return tuple(None if d1 != d2 else d1 for d1, d2 in zip(shape_1, shape_2))


def _clear_created_nodes(layer, created_nodes):
    prev = layer._inbound_nodes
    layer._inbound_nodes_value = [n for n in prev if id(n) not in created_nodes]
    for node in prev:
        if id(node) in created_nodes:
            for parent in node.parent_nodes:
                parent.layer._outbound_nodes_value = [n for n in parent.layer._outbound_nodes
                                                      if id(n) not in created_nodes]


serialization.register_builtin(Sequential, module="keras")
