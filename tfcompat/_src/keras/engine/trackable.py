"""Checkpoint dependencies of Keras layers and models, named as tf-keras 2.21 names them, so that
``tf.train.Checkpoint`` and ``Model.save_weights(save_format="tf")`` write (and restore) TF's keys:

- a layer's weights created by ``add_weight`` under their ``name`` (``kernel``, ``bias``), then the attributes
  assigned after the constructor of ``Layer`` ran that hold layers, variables, optimizers or containers of them
  (``fc1``, ``blocks/0``, ``cell``, ``forward_layer``), in the order they were (last) assigned — tf-keras tracks
  them as ``Trackable`` attribute dependencies and re-tracks a reassigned name at the end;
- a Functional or Sequential model's layers first, as ``layer_with_weights-N`` (layers that have weights,
  numbered among themselves) and ``layer-N`` (every layer of ``model.layers``), then its own attributes;
- a compiled model's ``optimizer``.

Checkpoint nodes holding no values (tf-keras's ``train_function``, an unbuilt layer's ``ListWrapper`` of ints)
are not produced: they change neither the keys nor what restores."""
from __future__ import annotations

from tfcompat._src.runtime import module as module_lib
from tfcompat._src.runtime.training import checkpoint_graph

__all__ = ["track", "untrack", "layer_children", "layer_dependencies"]

# TF's attribute name for these dependencies, which tf.Module's attribute walk (submodules, variables) ignores.
_DEPS = "_self_unconditional_checkpoint_dependencies"


def track(layer, name: str, value, notify: bool = True) -> None:
    """Records ``value`` as ``layer``'s checkpoint dependency ``name`` (moved to the end when the name was
    tracked before, as tf-keras's attribute tracking does) and, with ``notify``, gives a pending ``restore``
    the chance to fill it now (TF restores a dependency created after ``restore``/``load_weights`` when it is
    created; an attribute assignment notifies through ``Module.__setattr__`` itself)."""
    deps = layer.__dict__.get(_DEPS)
    if deps is None:
        deps = {}
        object.__setattr__(layer, _DEPS, deps)
    deps.pop(name, None)
    deps[name] = value
    if not notify:
        return
    for hook in module_lib.attribute_hooks:
        hook(layer, name, value)


def untrack(layer, name: str) -> None:
    """Forgets ``layer``'s dependency ``name`` (the attribute was deleted or now holds a plain value)."""
    deps = layer.__dict__.get(_DEPS)
    if deps is not None:
        deps.pop(name, None)


def layer_children(layer) -> list:
    """``[(local name, child), ...]``: ``layer``'s tracked dependencies that can hold checkpoint values."""
    deps = layer.__dict__.get(_DEPS) or {}
    return [(name, value) for name, value in deps.items() if checkpoint_graph.is_trackable(value)]


def layer_dependencies(layers) -> list:
    """tf-keras's ``Functional._layer_checkpoint_dependencies``: ``layer_with_weights-N`` for each layer with
    weights (a separate count, so weightless layers can be inserted without breaking checkpoints) followed by
    ``layer-N`` for every layer."""
    out = []
    with_weights = 0
    for index, layer in enumerate(layers):
        if layer.weights:
            out.append((f"layer_with_weights-{with_weights}", layer))
            with_weights += 1
        out.append((f"layer-{index}", layer))
    return out
