"""Functional-API accessors of ``Layer`` (tf-keras 2.21): ``input``/``output``, ``input_shape``/
``output_shape`` and the ``get_*_at(node_index)`` family, read from the layer's inbound ``Node``s."""
from __future__ import annotations

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["NodeAccessorsMixin"]


class NodeAccessorsMixin:
    """``Layer``'s functional-API accessors (mixed into ``base_layer.Layer``)."""

    def _node_attribute(self, node_index, attr, attr_name):
        if not self._inbound_nodes:
            raise AttributeError(f"The layer {self.name} has never been called and thus has no defined "
                                 f"{attr_name}.")
        if not len(self._inbound_nodes) > node_index:
            raise ValueError(f"Asked to get {attr_name} at node {node_index}, but the layer has only "
                             f"{len(self._inbound_nodes)} inbound nodes.")
        values = getattr(self._inbound_nodes[node_index], attr)
        if isinstance(values, list) and len(values) == 1:
            return values[0]
        return values

    def get_input_at(self, node_index):
        return self._node_attribute(node_index, "input_tensors", "input")

    def get_output_at(self, node_index):
        return self._node_attribute(node_index, "outputs", "output")

    def get_input_shape_at(self, node_index):
        return self._node_attribute(node_index, "input_shapes", "input shape")

    def get_output_shape_at(self, node_index):
        return self._node_attribute(node_index, "output_shapes", "output shape")

    @property
    def input(self):
        """The input tensor(s) of the layer's first call on symbolic tensors.

        Raises:
          AttributeError: the layer was never called on symbolic tensors."""
        if not self._inbound_nodes:
            raise AttributeError(f"Layer {self.name} is not connected, no input to return.")
        return self._node_attribute(0, "input_tensors", "input")

    @property
    def output(self):
        """The output tensor(s) of the layer's first call on symbolic tensors."""
        if not self._inbound_nodes:
            raise AttributeError(f"Layer {self.name} has no inbound nodes.")
        return self._node_attribute(0, "outputs", "output")

    @property
    def input_shape(self):
        """Mirrors ``Layer.input_shape`` (integer tuples, None for unknown dims)."""
        if not self._inbound_nodes:
            raise AttributeError(f'The layer "{self.name}" has never been called and thus has no defined input '
                                 f"shape. Note that the `input_shape` property is only available for "
                                 f"Functional and Sequential models.")
        shapes = {str(_int_shapes(node.input_shapes)) for node in self._inbound_nodes}
        if len(shapes) == 1:
            return _int_shapes(self._inbound_nodes[0].input_shapes)
        raise AttributeError(f'The layer "{self.name}" has multiple inbound nodes, with different input shapes. '
                             f'Hence the notion of "input shape" is ill-defined for the layer. Use '
                             f"`get_input_shape_at(node_index)` instead.")

    @property
    def output_shape(self):
        """Mirrors ``Layer.output_shape``."""
        if not self._inbound_nodes:
            raise AttributeError(f'The layer "{self.name}" has never been called and thus has no defined output '
                                 f"shape.")
        shapes = {str(_int_shapes(node.output_shapes)) for node in self._inbound_nodes}
        if len(shapes) == 1:
            return _int_shapes(self._inbound_nodes[0].output_shapes)
        raise AttributeError(f'The layer "{self.name}" has multiple inbound nodes, with different output shapes. '
                             f'Hence the notion of "output shape" is ill-defined for the layer. Use '
                             f"`get_output_shape_at(node_index)` instead.")


def _int_shapes(shapes):
    def as_tuple(s):
        if isinstance(s, TensorShape):
            return tuple(s.as_list()) if s.rank is not None else None
        return s
    if isinstance(shapes, TensorShape):
        return as_tuple(shapes)
    return nest.map_structure(as_tuple, shapes) if not isinstance(shapes, TensorShape) else as_tuple(shapes)

