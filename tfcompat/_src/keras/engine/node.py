"""Functional-API connectivity: ``Node`` (one call of a layer on symbolic tensors), the Keras history of a
symbolic tensor (which layer call made it) and the Keras mask carried by a tensor.

TF stores both on the tensor (``_keras_history``, ``_keras_mask``); tfcompat tensors have fixed slots, so they
live in side tables keyed by the tensor's identity that forget a tensor when it is collected (masks: the one
table in ``losses_utils``)."""
from __future__ import annotations

import weakref

from tfcompat._src.framework import nest
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.keras import losses_utils
from tfcompat._src.keras.engine import composite_inputs
from tfcompat._src.keras.engine.composite_inputs import SPARSE_COMPONENTS, components_of

__all__ = ["Node", "KerasHistory", "keras_history", "set_keras_history", "uses_keras_history", "get_mask",
           "set_mask", "is_symbolic", "component_parent_of", "components_of", "SPARSE_COMPONENTS"]


class KerasHistory(tuple):
    """(layer, node_index, tensor_index): which call of which layer produced a symbolic tensor."""

    __slots__ = ()

    def __new__(cls, layer, node_index, tensor_index):
        return super().__new__(cls, (layer, node_index, tensor_index))

    @property
    def layer(self):
        return self[0]

    @property
    def node_index(self):
        return self[1]

    @property
    def tensor_index(self):
        return self[2]


class _IdentityTable:
    """A mapping from objects (compared by identity) to values, dropping entries of collected objects."""

    def __init__(self):
        self._data = {}

    def get(self, obj, default=None):
        entry = self._data.get(id(obj))
        if entry is None or entry[0]() is not obj:
            return default
        return entry[1]

    def set(self, obj, value):
        key = id(obj)
        if value is None:
            self._data.pop(key, None)
            return
        data = self._data

        def forget(_ref, key=key):
            entry = data.get(key)
            if entry is not None and entry[0] is _ref:
                del data[key]
        self._data[key] = (weakref.ref(obj, forget), value)


_HISTORY = _IdentityTable()
# A component tensor of a symbolic SparseTensor or RaggedTensor with a Keras history -> (that composite tensor,
# component index): raw ops on `sparse_input.values` or `ragged_input * 2.0` replay on the component of the
# composite tensor the model is called with.
_COMPONENT_PARENT = _IdentityTable()


def is_symbolic(x) -> bool:
    """A graph tensor, or a SparseTensor or RaggedTensor of graph tensors (tf-keras: a KerasTensor /
    SparseKerasTensor / RaggedKerasTensor)."""
    return isinstance(x, SymbolicTensor) or composite_inputs.is_symbolic_composite(x)


def keras_history(t):
    """The KerasHistory of a symbolic tensor or SparseTensor, or None."""
    if not is_symbolic(t):
        return None
    return _HISTORY.get(t)


def set_keras_history(t, history) -> None:
    _HISTORY.set(t, history)
    if isinstance(t, (SparseTensor, composite_inputs.RaggedTensor)):
        for i, component in enumerate(components_of(t)):
            # A ragged layer output shares its row splits with its input: they stay the input's components.
            owner = component_parent_of(component)
            if history is not None and owner is None:
                _COMPONENT_PARENT.set(component, (weakref.ref(t), i))
            elif history is None and owner is not None and owner[0] is t:
                _COMPONENT_PARENT.set(component, None)


def component_parent_of(t):
    """(SparseTensor or RaggedTensor, component index) when ``t`` is a component of a composite Keras tensor
    with a Keras history, else None."""
    entry = _COMPONENT_PARENT.get(t)
    parent = None if entry is None else entry[0]()
    if parent is None or keras_history(parent) is None:
        return None
    return parent, entry[1]


def get_mask(t):
    """The Keras mask a layer attached to ``t`` (TF: ``t._keras_mask``), or None (one table for the whole
    package: ``losses_utils``, which losses and metrics read)."""
    if not isinstance(t, Tensor):
        return getattr(t, "_keras_mask", None)
    return losses_utils.get_mask(t)


def set_mask(t, mask) -> None:
    if isinstance(t, Tensor):
        losses_utils.set_keras_mask(t, mask)
    elif isinstance(t, composite_inputs.RaggedTensor):   # a ragged output's mask, read by get_mask
        t._keras_mask = mask


class Node:
    """Mirrors Keras' ``Node``: ``layer`` called on ``call_args``/``call_kwargs`` (symbolic tensors and other
    values) giving ``outputs``. Created by ``Layer.__call__`` in functional construction; the node registers
    itself as ``layer._inbound_nodes[-1]`` and on each parent layer's ``_outbound_nodes``."""

    def __init__(self, layer, call_args=None, call_kwargs=None, outputs=None):
        self.layer = layer
        self.call_args = tuple(call_args or ())
        self.call_kwargs = dict(call_kwargs or {})
        self.outputs = outputs
        self.is_input = not self.call_args and not self.call_kwargs
        flat_args = nest.flatten((self.call_args, self.call_kwargs))
        self._keras_inputs = [x for x in flat_args if keras_history(x) is not None]
        self._single_positional_tensor_passed = (not self.call_kwargs and len(self.call_args) == 1 and
                                                 isinstance(self.call_args[0], Tensor))
        node_index = len(layer._inbound_nodes)
        for i, t in enumerate(nest.flatten(outputs)):
            set_keras_history(t, KerasHistory(layer, node_index, i))
        layer._inbound_nodes.append(self)
        for t in self._keras_inputs:
            keras_history(t).layer._outbound_nodes.append(self)
        self.flat_input_ids = [id(t) for t in self._keras_inputs]
        self.flat_output_ids = [id(t) for t in nest.flatten(outputs)]

    @property
    def keras_inputs(self) -> list:
        """The symbolic tensors this call consumed (inputs with a Keras history)."""
        return self._keras_inputs

    @property
    def parent_nodes(self) -> list:
        """The nodes that produced this node's inputs."""
        out = []
        for t in self._keras_inputs:
            layer, node_index, _ = keras_history(t)
            out.append(layer._inbound_nodes[node_index])
        return out

    def iterate_inbound(self):
        """(layer, node_index, tensor_index, tensor) for every input with a Keras history."""
        for t in self._keras_inputs:
            layer, node_index, tensor_index = keras_history(t)
            yield layer, node_index, tensor_index, t

    def map_arguments(self, tensor_dict):
        """The call's (args, kwargs) with every symbolic input replaced by its computed value."""
        if self._single_positional_tensor_passed:
            return (tensor_dict[id(self.call_args[0])],), {}
        flat = nest.flatten((self.call_args, self.call_kwargs))
        values = [tensor_dict[id(x)] if keras_history(x) is not None else x for x in flat]
        return nest.pack_sequence_as((self.call_args, self.call_kwargs), values)

    @property
    def input_tensors(self):
        if self.is_input:
            return [self.outputs]
        return self.call_args[0]

    @property
    def output_tensors(self):
        if self.is_input:
            return [self.outputs]
        return self.outputs

    @property
    def output_shapes(self):
        return nest.map_structure(lambda t: t.shape, self.output_tensors)

    @property
    def input_shapes(self):
        if self.is_input:
            return self.output_shapes
        return nest.map_structure(lambda t: t.shape, self.input_tensors)


def uses_keras_history(values) -> bool:
    """Whether any symbolic tensor among ``values`` has, or depends on a tensor with, a Keras history."""
    memo = {}
    for t in values:
        if isinstance(t, SymbolicTensor):
            if _depends_on_history(t, memo):
                return True
        elif is_symbolic(t):   # a SparseTensor or RaggedTensor of graph tensors
            if keras_history(t) is not None or any(_depends_on_history(c, memo) for c in components_of(t)):
                return True
    return False


def _depends_on_history(t, memo) -> bool:
    if keras_history(t) is not None or component_parent_of(t) is not None:
        return True
    key = id(t.op)
    if key in memo:
        return memo[key]
    memo[key] = False
    result = any(_depends_on_history(x, memo) for x in t.op.inputs)
    memo[key] = result
    return result
