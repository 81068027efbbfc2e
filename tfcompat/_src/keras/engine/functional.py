"""``Functional``: a model defined by a graph of layer calls from ``Input`` tensors to output tensors
(tf-keras 2.21's ``functional.py``): topological sorting of the nodes, re-running them on new inputs, configs
(``get_config``/``from_config``) in Keras' format. The node graph is mapped in ``functional_graph.py``, configs are
written and read in ``functional_config.py``."""
from __future__ import annotations

import collections
import copy
import logging
import warnings

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.keras import hooks
from tfcompat._src.keras.engine import base_layer
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine import op_layer
from tfcompat._src.keras.engine import trackable
from tfcompat._src.keras.engine import training as training_lib
from tfcompat._src.keras.engine.functional_config import get_network_config, reconstruct_from_config
from tfcompat._src.keras.engine.functional_graph import make_node_key, map_graph_network, map_subgraph_network
from tfcompat._src.keras.layers import serialization

__all__ = ["Functional", "reconstruct_from_config", "get_network_config"]

_log = logging.getLogger("tensorflow")


class Functional(training_lib.Model):
    """Mirrors tf-keras' ``Functional`` (what ``tf.keras.Model(inputs, outputs)`` builds)."""

    def __init__(self, inputs, outputs, name=None, trainable=True, **kwargs):
        if kwargs:
            raise TypeError(f"Keyword argument not understood: {next(iter(kwargs))!r}")
        base_layer.Layer.__init__(self, name=name, trainable=trainable)
        self._init_graph_network(inputs, outputs)
        self._init_model_state()

    def _init_graph_network(self, inputs, outputs):
        self._self_setattr_tracking = False
        self._is_graph_network = True
        if isinstance(inputs, list) and len(nest.flatten(inputs)) == 1:
            inputs = inputs[0]
        if isinstance(outputs, list) and len(nest.flatten(outputs)) == 1:
            outputs = outputs[0]
        self._nested_inputs = inputs
        self._nested_outputs = outputs
        self.inputs = nest.flatten(inputs)
        self.outputs = nest.flatten(outputs)
        nested = self._nested_inputs
        self._enable_dict_to_input_mapping = (
            not nest.is_nested(nested) or
            isinstance(nested, (list, tuple)) and not any(nest.is_nested(t) for t in nested) or
            isinstance(nested, dict) and not any(nest.is_nested(t) for t in nested.values()))
        op_layer.create_keras_history(self.outputs)
        self._validate_graph_inputs_and_outputs()
        self.built = True
        self._build_input_shape = nest.map_structure(lambda x: x.shape, inputs)
        self._compute_output_and_mask_jointly = True
        self._autocast = False
        self._input_layers, self._output_layers = [], []
        self._input_coordinates, self._output_coordinates = [], []
        for x in self.outputs:
            history = node_lib.keras_history(x)
            self._output_layers.append(history.layer)
            self._output_coordinates.append(tuple(history))
        for x in self.inputs:
            history = node_lib.keras_history(x)
            self._input_layers.append(history.layer)
            self._input_coordinates.append(tuple(history))
        nodes, nodes_by_depth, layers, _ = map_graph_network(self.inputs, self.outputs)
        self._network_nodes = nodes
        self._nodes_by_depth = nodes_by_depth
        self._self_tracked_trackables = layers
        self._set_output_names()
        self.input_names = []
        self._feed_input_names, self._feed_inputs, self._feed_input_shapes = [], [], []
        for layer in self._input_layers:
            self.input_names.append(layer.name)
            if getattr(layer, "is_placeholder", False):
                self._feed_input_names.append(layer.name)
                self._feed_input_shapes.append(layer._batch_input_shape)
                self._feed_inputs.append(layer.input)
        self._compute_tensor_usage_count()
        self._self_setattr_tracking = True

    def _set_output_names(self):
        uniquified, names, prefix_count = [], set(), {}
        for layer in self._output_layers:
            proposal = layer.name
            while proposal in names:
                count = prefix_count.get(layer.name, 1)
                proposal = f"{layer.name}_{count}"
                prefix_count[layer.name] = count + 1
            names.add(proposal)
            uniquified.append(proposal)
        self.output_names = uniquified

    def _validate_graph_inputs_and_outputs(self):
        if len({id(i) for i in self.inputs}) != len(self.inputs):
            raise ValueError(f"The list of inputs passed to the model contains the same input multiple times. All "
                             f"inputs should only appear once.Received inputs={self.inputs}")
        for x in self.inputs:
            history = node_lib.keras_history(x)
            if history is None:
                raise ValueError(f"Input tensors to a {type(self).__name__} model must come from `tf.keras.Input`. "
                                 f"Received inputs={x} (missing previous layer metadata).")
            layer = history.layer
            if len(layer._inbound_nodes) > 1 or (layer._inbound_nodes and not layer._inbound_nodes[0].is_input):
                _log.warning(f"{type(self).__name__} model inputs must come from `tf.keras.Input` (thus holding past "
                             f"layer metadata). They cannot be the output of a previous non-Input layer. Here, a "
                             f'tensor specified as input to "{self.name}" was not an Input tensor, it was generated '
                             f'by layer "{layer.name}".\nNote that input tensors are instantiated via `tensor = '
                             f"tf.keras.Input(shape)`.\nThe tensor that caused the issue was: {x}")
        for x in self.outputs:
            if node_lib.keras_history(x) is None:
                raise ValueError(f"Output tensors of a {type(self).__name__} model must be the output of a "
                                 f"TensorFlow `Layer` (thus holding past layer metadata). Found: {x}")

    def _compute_tensor_usage_count(self):
        count = collections.Counter()
        available = {id(t) for t in self.inputs}
        depth_keys = sorted(self._nodes_by_depth, reverse=True)[1:]
        for depth in depth_keys:
            for node in self._nodes_by_depth[depth]:
                ids = {id(t) for t in node.keras_inputs}
                if ids.issubset(available):
                    for t in node.keras_inputs:
                        count[id(t)] += 1
                    for t in nest.flatten(node.outputs):
                        available.add(id(t))
        for t in self.outputs:
            count[id(t)] += 1
        self._tensor_usage_count = count

    def _trackable_children(self) -> list:
        """tf-keras's ``Functional._trackable_children``: ``layer_with_weights-N`` and ``layer-N`` for the layers
        of ``self.layers``, then the model's own dependencies (``optimizer``, attributes)."""
        return trackable.layer_dependencies(self.layers) + super()._trackable_children()

    # -- properties ----------------------------------------------------------------------------------------------
    @property
    def input(self):
        return self._nested_inputs

    @property
    def input_shape(self):
        return nest.map_structure(lambda x: tuple(x.shape.as_list()) if x.shape.rank is not None else None,
                                  self._nested_inputs)

    @property
    def output(self):
        return self._nested_outputs

    @property
    def output_shape(self):
        return nest.map_structure(lambda x: tuple(x.shape.as_list()) if x.shape.rank is not None else None,
                                  self._nested_outputs)

    @property
    def input_spec(self):
        return None

    @input_spec.setter
    def input_spec(self, value):
        object.__setattr__(self, "_input_spec", value)

    # -- calling ---------------------------------------------------------------------------------------------------
    def call(self, inputs, training=None, mask=None):
        """Re-runs the layer graph on new inputs."""
        return self._run_internal_graph(inputs, training=training, mask=mask)

    def compute_mask(self, inputs, mask):
        outputs = self._run_internal_graph(inputs, mask=mask)
        return nest.map_structure(node_lib.get_mask, outputs)

    def _run_internal_graph(self, inputs, training=None, mask=None):
        inputs = self._flatten_to_reference_inputs(inputs)
        masks = [None] * len(inputs) if mask is None else self._flatten_to_reference_inputs(mask)
        for t, m in zip(inputs, masks):
            if isinstance(t, Tensor):
                node_lib.set_mask(t, m)
        tensor_dict = {}
        usage = self._tensor_usage_count
        for x, y in zip(self.inputs, inputs):
            y = self._conform_to_reference_input(y, x)
            tensor_dict[id(x)] = [y] * usage[id(x)]
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if node.is_input:
                    continue
                if any(tid not in tensor_dict for tid in node.flat_input_ids):
                    continue
                args, kwargs = node.map_arguments(_Popper(tensor_dict))
                outputs = node.layer(*args, **kwargs)
                for x_id, y in zip(node.flat_output_ids, nest.flatten(outputs)):
                    tensor_dict[x_id] = [y] * usage[x_id]
        output_tensors = []
        for x in self.outputs:
            if id(x) not in tensor_dict:
                raise AssertionError(f"Could not compute output {x}")
            output_tensors.append(tensor_dict[id(x)].pop())
        return nest.pack_sequence_as(self._nested_outputs, output_tensors)

    def _flatten_to_reference_inputs(self, tensors):
        if self._enable_dict_to_input_mapping and isinstance(tensors, dict):
            ref = self._nested_inputs
            if not nest.is_nested(ref):
                ref = [ref]
            if isinstance(ref, dict):
                names = sorted(ref.keys())
            else:
                names = [node_lib.keras_history(t).layer.name for t in ref]
            if len(tensors) > len(names):
                warnings.warn(f"Input dict contained keys {[n for n in tensors if n not in names]} which did not "
                              f"match any model input. They will be ignored by the model.", stacklevel=2)
            try:
                return [tensors[n] for n in names]
            except KeyError:
                return nest.flatten(tensors)
        return nest.flatten(tensors)

    @staticmethod
    def _conform_to_reference_input(tensor, ref_input):
        if isinstance(tensor, Tensor):
            t_shape, ref_shape = tensor.shape, ref_input.shape
            if t_shape.rank is not None and ref_shape.rank is not None:
                if t_shape.rank == ref_shape.rank + 1 and t_shape[-1] == 1:
                    tensor = array_ops.squeeze(tensor, axis=-1)
                elif t_shape.rank == ref_shape.rank - 1 and ref_shape[-1] == 1:
                    tensor = array_ops.expand_dims(tensor, axis=-1)
            if tensor.dtype is not ref_input.dtype:
                tensor = math_ops.cast(tensor, ref_input.dtype)
        return tensor

    def compute_output_shape(self, input_shape):
        return base_layer.Layer.compute_output_shape(self, input_shape)

    # -- losses added on symbolic tensors ------------------------------------------------------------------------
    def _graph_network_add_loss(self, symbolic_loss):
        new_nodes, new_layers = map_subgraph_network(self.inputs, [symbolic_loss])
        layer = AddLoss(dtype=symbolic_loss.dtype.name)
        layer(symbolic_loss)
        new_nodes.extend(layer.inbound_nodes)
        new_layers.append(layer)
        self._insert_layers(new_layers, new_nodes)

    def _graph_network_add_metric(self, value, aggregation, name):
        # tf-keras: an AddMetric layer on ``value`` joins the network, so the metric is updated by every call.
        new_nodes, new_layers = map_subgraph_network(self.inputs, [value])
        layer = AddMetric(aggregation, name, dtype=value.dtype.name)
        layer(value)
        new_nodes.extend(layer.inbound_nodes)
        new_layers.append(layer)
        self._insert_layers(new_layers, new_nodes)

    def _insert_layers(self, layers, relevant_nodes):
        node_to_depth = {}
        for depth, nodes in self._nodes_by_depth.items():
            for n in nodes:
                node_to_depth[n] = depth
        network_nodes = set(relevant_nodes) | set(node_to_depth)

        def min_depth(node):
            depth = 0
            for layer, node_id, _, _ in node.iterate_inbound():
                inbound = layer._inbound_nodes[node_id]
                if inbound in node_to_depth:
                    depth = min(depth, node_to_depth[inbound])
                elif inbound in network_nodes:
                    return None
            return depth - 1
        pending = list(relevant_nodes)
        guard = 0
        while pending:
            guard += 1
            if guard > 10000:
                raise ValueError("Layers could not be added due to missing dependencies.")
            node = pending.pop(0)
            depth = min_depth(node)
            if depth is None:
                pending.append(node)
                continue
            key = make_node_key(node.layer.name, node.layer._inbound_nodes.index(node))
            if key not in self._network_nodes:
                node_to_depth[node] = depth
                self._network_nodes.add(key)
                self._nodes_by_depth.setdefault(depth, []).append(node)
        known = set(id(t) for t in self._self_tracked_trackables)
        for layer in layers:
            if id(layer) not in known:
                self._self_tracked_trackables.append(layer)
        self._compute_tensor_usage_count()

    # -- config ----------------------------------------------------------------------------------------------------
    @base_layer._default
    def get_config(self) -> dict:
        """Mirrors ``Functional.get_config``: the layers with their inbound nodes, input and output layers."""
        return copy.deepcopy(get_network_config(self, config={"name": self.name, "trainable": self.trainable}))

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Mirrors ``Functional.from_config``: rebuilds the layers and calls them as recorded."""
        return functional_from_config(cls, config, custom_objects)


def functional_from_config(cls, config, custom_objects=None):
    """A ``cls`` model (Functional, or ``Model`` which builds one) from a functional config, with its ancillary
    layers (AddMetric) connected as tf-keras's ``functional_from_config``."""
    inputs, outputs, layers = reconstruct_from_config(config, custom_objects)
    model = cls(inputs=inputs, outputs=outputs, name=config.get("name"))
    _connect_ancillary_layers(model, layers)
    return model


class AddLoss(base_layer.Layer):
    """Adds its input as a loss (``model.add_loss`` on symbolic tensors of a functional model)."""

    def __init__(self, unconditional=False, **kwargs):
        kwargs["autocast"] = False
        super().__init__(**kwargs)
        self.unconditional = unconditional

    def call(self, inputs):
        self.add_loss(inputs)
        return inputs

    def get_config(self):
        config = super().get_config()
        config.update({"unconditional": self.unconditional})
        return config


def _connect_ancillary_layers(model, created_layers):
    # tf-keras's connect_ancillary_layers: layers not on the way to the outputs (AddMetric) join the model.
    ancillary = [layer for layer in created_layers.values() if layer not in model.layers]
    if ancillary:
        nodes = nest.flatten([layer.inbound_nodes[1:] if getattr(layer, "_is_graph_network", False)
                              else layer.inbound_nodes for layer in created_layers.values()])
        model._insert_layers(ancillary, nodes)


class AddMetric(base_layer.Layer):
    """Mirrors tf-keras's ``AddMetric`` layer (``model.add_metric`` on a symbolic tensor of a functional model):
    adds its input as the metric ``metric_name`` (a ``Mean`` with ``aggregation='mean'``) and passes it on."""

    def __init__(self, aggregation=None, metric_name=None, **kwargs):
        super().__init__(**kwargs)
        self.aggregation = aggregation
        self.metric_name = metric_name

    def call(self, inputs):
        self.add_metric(inputs, aggregation=self.aggregation, name=self.metric_name)
        return inputs

    def get_config(self):
        config = super().get_config()
        config.update({"aggregation": self.aggregation, "metric_name": self.metric_name})
        return config


class _Popper:
    """tensor_dict view that hands out each stored value once (Keras frees a tensor after its last use)."""

    def __init__(self, tensor_dict):
        self._d = tensor_dict

    def __getitem__(self, key):
        values = self._d[key]
        return values.pop() if len(values) > 1 else values[0]



serialization.register_builtin(Functional, module="keras")
serialization.register_builtin(AddMetric, module="tf_keras.src.engine.base_layer")
hooks.register("functional_model", Functional)
hooks.register("functional_from_config", functional_from_config)
