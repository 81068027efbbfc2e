"""The layer-call graph of a ``Functional`` model (``functional.py``; tf-keras 2.21's ``_map_graph_network``):
the nodes between given inputs and outputs, their depths and the layers in topological order."""
from __future__ import annotations

import collections

from tfcompat._src.framework import nest
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine import op_layer

__all__ = ["make_node_key", "map_graph_network", "map_subgraph_network"]


def make_node_key(layer_name, node_index):
    return f"{layer_name}_ib-{node_index}"


def map_graph_network(inputs, outputs):
    """Keras' ``map_graph_network``: (network node keys, nodes by depth, layers in order, layers by depth).

    Raises:
      ValueError: a disconnected graph or duplicate layer names."""
    nodes_in_decreasing_depth, layer_indices = _build_map(outputs)
    network_nodes = {make_node_key(n.layer.name, n.layer._inbound_nodes.index(n)) for n in nodes_in_decreasing_depth}
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
            network_nodes.add(make_node_key(layer.name, 0))
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


def map_subgraph_network(inputs, outputs):
    op_layer.create_keras_history(outputs)
    _, nodes_by_depth, layers, _ = map_graph_network(inputs, outputs)
    return [n for nodes in nodes_by_depth.values() for n in nodes], layers
