"""``Functional``: a model defined by a graph of layer calls from ``Input`` tensors to output tensors
(tf-keras 2.21's ``functional.py``): topological sorting of the nodes, re-running them on new inputs, configs
(``get_config``/``from_config``) in Keras' format."""
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
from tfcompat._src.keras.engine.input_layer import InputLayer
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
        nodes, nodes_by_depth, layers, _ = _map_graph_network(self.inputs, self.outputs)
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
        new_nodes, new_layers = _map_subgraph_network(self.inputs, [symbolic_loss])
        layer = AddLoss(dtype=symbolic_loss.dtype.name)
        layer(symbolic_loss)
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
            key = _make_node_key(node.layer.name, node.layer._inbound_nodes.index(node))
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
        inputs, outputs, layers = reconstruct_from_config(config, custom_objects)
        del layers
        return cls(inputs=inputs, outputs=outputs, name=config.get("name"))


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


class _Popper:
    """tensor_dict view that hands out each stored value once (Keras frees a tensor after its last use)."""

    def __init__(self, tensor_dict):
        self._d = tensor_dict

    def __getitem__(self, key):
        values = self._d[key]
        return values.pop() if len(values) > 1 else values[0]


def _make_node_key(layer_name, node_index):
    return f"{layer_name}_ib-{node_index}"


def _map_graph_network(inputs, outputs):
    """Keras' ``_map_graph_network``: (network node keys, nodes by depth, layers in order, layers by depth).

    Raises:
      ValueError: a disconnected graph or duplicate layer names."""
    nodes_in_decreasing_depth, layer_indices = _build_map(outputs)
    network_nodes = {_make_node_key(n.layer.name, n.layer._inbound_nodes.index(n)) for n in nodes_in_decreasing_depth}
    nodes_depths, layers_depths = {}, {}
    for node in reversed(nodes_in_decreasing_depth):
        depth = nodes_depths.setdefault(node, 0)
        depth = max(depth, layers_depths.get(node.layer, 0))
        layers_depths[node.layer] = depth
        nodes_depths[node] = depth
        for dep in node.parent_nodes:
            nodes_depths[dep] = max(depth + 1, nodes_depths.get(dep, 0))
    for t in inputs:
        layer = node_lib.keras_history(t).layer
        if layer not in layers_depths:
            layers_depths[layer] = 0
            layer_indices[layer] = -1
            nodes_depths[layer._inbound_nodes[0]] = 0
            network_nodes.add(_make_node_key(layer.name, 0))
    nodes_by_depth = collections.defaultdict(list)
    for node, depth in nodes_depths.items():
        nodes_by_depth[depth].append(node)
    layers_by_depth = collections.defaultdict(list)
    for layer, depth in layers_depths.items():
        layers_by_depth[depth].append(layer)
    layers = []
    for depth in sorted(layers_by_depth, reverse=True):
        group = layers_by_depth[depth]
        group.sort(key=lambda x: layer_indices[x])
        layers.extend(group)
    computable = {id(x) for x in inputs}
    done = []
    for depth in sorted(nodes_by_depth, reverse=True):
        for node in nodes_by_depth[depth]:
            if node.is_input:
                continue
            for x in node.keras_inputs:
                if id(x) not in computable:
                    raise ValueError(f'Graph disconnected: cannot obtain value for tensor {x} at layer '
                                     f'"{node.layer.name}". The following previous layers were accessed without '
                                     f"issue: {done}")
            for x in nest.flatten(node.outputs):
                computable.add(id(x))
            done.append(node.layer.name)
    names = [layer.name for layer in layers]
    for name in names:
        if names.count(name) != 1:
            raise ValueError(f'The name "{name}" is used {names.count(name)} times in the model. All layer names '
                             f"should be unique.")
    return network_nodes, nodes_by_depth, layers, layers_by_depth


def _build_map(outputs):
    finished, in_progress, ordered, layer_indices = set(), set(), [], {}
    for output in nest.flatten(outputs):
        _build_map_helper(output, finished, in_progress, ordered, layer_indices)
    return ordered, layer_indices


def _build_map_helper(tensor, finished, in_progress, ordered, layer_indices):
    layer, node_index, _ = node_lib.keras_history(tensor)
    node = layer._inbound_nodes[node_index]
    if node in finished:
        return
    if node in in_progress:
        raise ValueError(f'Tensor {tensor} from layer "{layer.name}" is part of a cycle.')
    if layer not in layer_indices:
        layer_indices[layer] = len(layer_indices)
    in_progress.add(node)
    if not node.is_input:
        for t in node.keras_inputs:
            _build_map_helper(t, finished, in_progress, ordered, layer_indices)
    finished.add(node)
    in_progress.remove(node)
    ordered.append(node)


def _map_subgraph_network(inputs, outputs):
    op_layer.create_keras_history(outputs)
    _, nodes_by_depth, layers, _ = _map_graph_network(inputs, outputs)
    return [n for nodes in nodes_by_depth.values() for n in nodes], layers


def _should_skip_first_node(layer) -> bool:
    trackables = getattr(layer, "_self_tracked_trackables", None)
    if trackables is None:
        return isinstance(layer, Functional)
    return isinstance(layer, Functional) and bool(trackables) and isinstance(trackables[0], InputLayer)


# ------------------------------------------------------------------------------------------------
# config
# ------------------------------------------------------------------------------------------------
def _serialize_node(node, conversion_map):
    layer = node.layer
    inputs = node.call_args[0] if node.call_args else None
    args = node.call_args[1:]
    arguments = dict(zip(layer._call_spec.arg_names[1:], args))
    arguments.update(node.call_kwargs)

    def serialize_tensor(t):
        history = node_lib.keras_history(t)
        if history is not None:
            key = _make_node_key(history.layer.name, history.node_index)
            return [history.layer.name, conversion_map.get(key, 0), history.tensor_index]
        if isinstance(t, Tensor):
            return t.numpy().tolist()
        return t
    kwargs = nest.map_structure(serialize_tensor, arguments)

    def serialize_first(t):
        history = node_lib.keras_history(t)
        if history is not None:
            key = _make_node_key(history.layer.name, history.node_index)
            return [history.layer.name, conversion_map.get(key, 0), history.tensor_index, kwargs]
        return [t, -1, 0, kwargs]
    if isinstance(inputs, dict):   # as tf-keras: a dict first argument keeps its keys
        return {k: serialize_first(t) for k, t in inputs.items()}
    if isinstance(inputs, (list, tuple)):
        return [serialize_first(t) for t in nest.flatten(inputs)]
    return [serialize_first(inputs)]


def get_network_config(network, serialize_layer_fn=None, config=None) -> dict:
    """Keras' ``get_network_config``: layers (with their inbound nodes), input and output layers."""
    serialize_layer_fn = serialize_layer_fn or serialization.serialize
    config = dict(config or {})
    config["name"] = network.name
    conversion = {}
    for layer in network.layers:
        kept = 1 if _should_skip_first_node(layer) else 0
        for i, _node in enumerate(layer._inbound_nodes):
            key = _make_node_key(layer.name, i)
            if key in network._network_nodes:
                conversion[key] = kept
                kept += 1
    layer_configs = []
    for layer in network.layers:
        inbound = []
        for i, node in enumerate(layer._inbound_nodes):
            key = _make_node_key(layer.name, i)
            if key in network._network_nodes and not node.is_input:
                inbound.append(_serialize_node(node, conversion))
        layer_config = serialize_layer_fn(layer)
        layer_config["name"] = layer.name
        layer_config["inbound_nodes"] = inbound
        layer_configs.append(layer_config)
    config["layers"] = layer_configs

    def coordinates(layers_coords, nested):
        found = []
        for layer, node_index, tensor_index in layers_coords:
            key = _make_node_key(layer.name, node_index)
            if key not in network._network_nodes:
                continue
            found.append([layer.name, conversion[key], tensor_index])
        if isinstance(nested, dict):
            packed = dict(zip(sorted(nested), found))
            return {k: packed[k] for k in nested}
        return found
    config["input_layers"] = coordinates(network._input_coordinates, network._nested_inputs)
    config["output_layers"] = coordinates(network._output_coordinates, network._nested_outputs)
    return config


class _NotYetCreated(Exception):
    """A node's inbound layer has not produced that node yet (processed on a later pass)."""


def reconstruct_from_config(config, custom_objects=None, created_layers=None):
    """Keras' ``reconstruct_from_config``: (inputs, outputs, layers) rebuilt from a functional config."""
    created_layers = created_layers if created_layers is not None else collections.OrderedDict()
    unprocessed = collections.defaultdict(list)
    node_index_map = {}
    node_count_by_layer = {}

    def get_node_index(layer, config_node_index):
        if isinstance(layer, InputLayer):
            return 0
        return node_index_map.get((layer.name, config_node_index))

    def process_node(layer, node_data):
        kwargs = {}

        def resolve(item):
            nonlocal kwargs
            name, node_index, tensor_index = item[0], item[1], item[2]
            kwargs = item[3] if len(item) > 3 else {}
            if node_index == -1:
                return name
            inbound = created_layers[name]
            idx = get_node_index(inbound, node_index)
            if idx is None:
                raise _NotYetCreated
            return nest.flatten(inbound._inbound_nodes[idx].outputs)[tensor_index]
        if isinstance(node_data, dict):
            inputs = {k: resolve(item) for k, item in node_data.items()}
        else:
            input_tensors = [resolve(item) for item in node_data]
            inputs = input_tensors[0] if len(input_tensors) == 1 and not layer._preserve_input_structure_in_config \
                else input_tensors
        kwargs = _deserialize_tensors(kwargs, created_layers, get_node_index)
        output = layer(inputs, **kwargs)
        out_layer = node_lib.keras_history(nest.flatten(output)[0]).layer
        node_index_map[(layer.name, node_count_by_layer[layer])] = len(out_layer._inbound_nodes) - 1
        node_count_by_layer[layer] += 1

    def process_layer(layer_data):
        name = layer_data["name"]
        if name in created_layers:
            layer = created_layers[name]
        else:
            layer = serialization.deserialize(layer_data, custom_objects=custom_objects)
            created_layers[name] = layer
        node_count_by_layer[layer] = int(_should_skip_first_node(layer))
        for node_data in layer_data["inbound_nodes"]:
            unprocessed[layer].append(node_data)

    for layer_data in config["layers"]:
        process_layer(layer_data)
    while unprocessed:
        before = sum(len(v) for v in unprocessed.values())
        for layer_data in config["layers"]:
            layer = created_layers[layer_data["name"]]
            if layer in unprocessed:
                pending = unprocessed.pop(layer)
                while pending:
                    node_data = pending[0]
                    try:
                        process_node(layer, node_data)
                    except _NotYetCreated:
                        unprocessed[layer] = pending
                        break
                    pending.pop(0)
        if unprocessed and sum(len(v) for v in unprocessed.values()) == before:
            raise ValueError(f"Cannot reconstruct the model: the nodes of layers "
                             f"{sorted(layer.name for layer in unprocessed)} refer to nodes that never get created.")
    input_tensors, output_tensors = [], []
    for name, node_index, tensor_index in _coordinates(config["input_layers"]):
        layer = created_layers[name]
        idx = get_node_index(layer, node_index)
        idx = 0 if idx is None else idx
        input_tensors.append(nest.flatten(layer._inbound_nodes[idx].outputs)[tensor_index])
    for name, node_index, tensor_index in _coordinates(config["output_layers"]):
        layer = created_layers[name]
        idx = get_node_index(layer, node_index)
        idx = 0 if idx is None else idx
        output_tensors.append(nest.flatten(layer._inbound_nodes[idx].outputs)[tensor_index])
    input_tensors = _repack(config["input_layers"], input_tensors)
    output_tensors = _repack(config["output_layers"], output_tensors)
    return input_tensors, output_tensors, created_layers


def _is_coordinate(x) -> bool:
    return isinstance(x, (list, tuple)) and len(x) == 3 and isinstance(x[0], str) and isinstance(x[1], int)


def _coordinates(specs):
    if _is_coordinate(specs):
        return [specs]
    if isinstance(specs, dict):
        return [specs[k] for k in sorted(specs)]
    return [c for s in specs for c in _coordinates(s)]


def _repack(specs, tensors):
    if _is_coordinate(specs):
        return tensors[0]
    if isinstance(specs, dict):
        by_key = dict(zip(sorted(specs), tensors))
        return {k: by_key[k] for k in specs}
    return list(tensors)


def _deserialize_tensors(kwargs, created_layers, get_node_index):
    def convert(x):
        if _is_coordinate(x) and x[0] in created_layers:
            layer = created_layers[x[0]]
            idx = get_node_index(layer, x[1])
            if idx is None:
                raise LookupError
            return nest.flatten(layer._inbound_nodes[idx].outputs)[x[2]]
        return x
    if not kwargs:
        return {}
    out = {}
    for k, v in kwargs.items():
        out[k] = convert(v) if _is_coordinate(v) else v
    return out


serialization.register_builtin(Functional, module="keras")
hooks.register("functional_model", Functional)
hooks.register("reconstruct_functional_config", reconstruct_from_config)
