"""Configs of a ``Functional`` model (``functional.py``) in tf-keras 2.21's format: ``get_network_config`` (layers
with their inbound nodes, input and output layers) and ``reconstruct_from_config`` (layers rebuilt and called as
recorded)."""
from __future__ import annotations

import collections

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.keras import hooks
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine.functional_graph import make_node_key
from tfcompat._src.keras.engine.input_layer import InputLayer
from tfcompat._src.keras.layers import serialization

__all__ = ["get_network_config", "reconstruct_from_config"]


def _should_skip_first_node(layer) -> bool:
    functional_cls = hooks.get("functional_model")
    trackables = getattr(layer, "_self_tracked_trackables", None)
    if trackables is None:
        return isinstance(layer, functional_cls)
    return isinstance(layer, functional_cls) and bool(trackables) and isinstance(trackables[0], InputLayer)


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
            key = make_node_key(history.layer.name, history.node_index)
            return [history.layer.name, conversion_map.get(key, 0), history.tensor_index]
        if isinstance(t, Tensor):
            return t.numpy().tolist()
        return t
    kwargs = nest.map_structure(serialize_tensor, arguments)

    def serialize_first(t):
        history = node_lib.keras_history(t)
        if history is not None:
            key = make_node_key(history.layer.name, history.node_index)
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
            key = make_node_key(layer.name, i)
            if key in network._network_nodes:
                conversion[key] = kept
                kept += 1
    layer_configs = []
    for layer in network.layers:
        inbound = []
        for i, node in enumerate(layer._inbound_nodes):
            key = make_node_key(layer.name, i)
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
            key = make_node_key(layer.name, node_index)
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
