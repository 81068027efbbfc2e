"""Attribute tracking of ``Layer`` (tf-keras's ``Layer.__setattr__`` and ``_flatten_modules``): attributes holding
variables, layers, metrics or containers of them become the layer's weights, sublayers, metrics and checkpoint
dependencies (``trackable.py``), in assignment order. ``tf.compat.v1.layers`` kept as attributes are sublayers
for the weights (TF's are Keras layers): their variables come through ``_flatten_modules`` in assignment order,
but they are not Keras layers here (``_flatten_layers`` skips them)."""
from __future__ import annotations

import itertools

from tfcompat._src.ops import layers_base as v1_layers
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.runtime.module import Module
from tfcompat._src.runtime.training import checkpoint_graph
from tfcompat._src.keras.engine import base_layer_utils as utils
from tfcompat._src.keras.engine import trackable

__all__ = ["AttributeTrackingMixin"]

# What an attribute may hold to be a child whose variables are the layer's: tf.Modules (Keras layers included) and
# tf.compat.v1.layers (Keras layers in TF, plain objects here).
_MODULE_TYPES = (Module, v1_layers.Layer)


class AttributeTrackingMixin:
    """``Layer``'s attribute tracking (mixed into ``base_layer.Layer`` only, so ``isinstance(x,
    AttributeTrackingMixin)`` means "x is a Layer" here without importing base_layer)."""

    def __setattr__(self, name, value):
        if name == "_self_setattr_tracking" or not getattr(self, "_self_setattr_tracking", True) or \
                hasattr(type(self), name):
            try:
                object.__setattr__(self, name, value)
            except AttributeError:
                raise AttributeError(f'Can\'t set the attribute "{name}", likely because it conflicts with an '
                                     f"existing read-only @property of the object. Please choose a different "
                                     f"name.") from None
            return
        self._ensure_tracking_lists()
        position = None
        existing = self.__dict__.get(name)
        if isinstance(value, variables_lib.Variable) and isinstance(existing, variables_lib.Variable):
            group = self._trainable_weights if existing.trainable else self._non_trainable_weights
            for i, w in enumerate(group):
                if w is existing:
                    position = i
                    del group[i]
                    break
        for leaf in _leaves(value):
            if utils.is_metric(leaf) and isinstance(leaf, AttributeTrackingMixin):
                self._metrics.append(leaf)
        if self.__dict__.get("_auto_track_sub_layers", True) and (isinstance(value, _MODULE_TYPES) or
                                                                   _has_layers(value)):
            if not any(t is value for t in self._self_tracked_trackables):
                self._self_tracked_trackables.append(value)
        for leaf in _leaves(value):
            if isinstance(leaf, variables_lib.Variable):
                self._track_variable(leaf, position)
        if isinstance(value, (list, tuple, dict)) or checkpoint_graph.is_trackable(value):
            trackable.track(self, name, value, notify=False)
        else:
            trackable.untrack(self, name)
        Module.__setattr__(self, name, value)

    def _ensure_tracking_lists(self):
        # Attributes may be set before Layer.__init__ runs (custom layers setting fields first).
        d = self.__dict__
        for attr in ("_trainable_weights", "_non_trainable_weights", "_self_tracked_trackables", "_metrics"):
            if attr not in d:
                object.__setattr__(self, attr, [])

    def __delattr__(self, name):
        existing = self.__dict__.get(name)
        object.__delattr__(self, name)
        trackable.untrack(self, name)
        if existing is None:
            return
        self._self_tracked_trackables[:] = [t for t in self._self_tracked_trackables if t is not existing]
        if isinstance(existing, variables_lib.Variable):
            self._trainable_weights[:] = [w for w in self._trainable_weights if w is not existing]
            self._non_trainable_weights[:] = [w for w in self._non_trainable_weights if w is not existing]

    def _track_variable(self, var, position=None):
        group = self._trainable_weights if var.trainable else self._non_trainable_weights
        if any(var is w for w in group):
            return
        if position is None:
            group.append(var)
        else:
            group.insert(position, var)

    def _flatten_modules(self, recursive=True, include_self=True):
        """The modules (layers and tf.Modules; not metrics) this layer tracks, depth first in assignment
        order."""
        if include_self:
            yield self
        seen = set()
        stack = list(reversed(self._self_tracked_trackables))
        while stack:
            obj = stack.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if isinstance(obj, Module):
                if utils.is_metric(obj):
                    continue
                yield obj
                if recursive:
                    stack.extend(reversed(getattr(obj, "_self_tracked_trackables", ())))
            elif isinstance(obj, v1_layers.Layer):
                yield obj
            elif isinstance(obj, dict):
                stack.extend(reversed(list(obj.values())))
            elif isinstance(obj, (list, tuple)):
                stack.extend(reversed(list(obj)))

    def _flatten_layers(self, recursive=True, include_self=True):
        for m in self._flatten_modules(recursive=recursive, include_self=include_self):
            if isinstance(m, AttributeTrackingMixin):
                yield m

    def _gather_children_attribute(self, attribute):
        children = self._flatten_modules(include_self=False, recursive=False)
        return list(itertools.chain.from_iterable(getattr(layer, attribute) for layer in children))

    def _update_trackables(self):
        # Variables appended to a tracked list/dict after assignment.
        for obj in self._self_tracked_trackables:
            if isinstance(obj, (list, tuple, dict)):
                for leaf in _leaves(obj):
                    if isinstance(leaf, variables_lib.Variable):
                        self._track_variable(leaf)

    @staticmethod
    def _dedup_weights(weights):
        out, seen = [], set()
        for w in weights:
            if id(w) not in seen:
                seen.add(id(w))
                out.append(w)
        return out

    def _trackable_children(self) -> list:
        """Checkpoint dependencies as tf-keras names them (``trackable.py``): weights by ``add_weight`` name,
        then attributes holding layers, variables or containers of them."""
        return trackable.layer_children(self)


def _leaves(value):
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def _has_layers(value) -> bool:
    return isinstance(value, (list, tuple, dict)) and any(isinstance(v, _MODULE_TYPES + (variables_lib.Variable,))
                                                          for v in _leaves(value))

