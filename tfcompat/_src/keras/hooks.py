"""Late-bound Keras collaborators: what a lower Keras module calls but cannot import (dependency inversion, kept
in this one place).

Each hook is set exactly once, by the module that defines the value, when that module is imported. Importing
``tfcompat`` imports ``tfcompat.keras`` and with it every defining module, so all hooks are set before any Keras
object exists; ``get`` raises RuntimeError naming the module to import when one is not.

Hook (set by: value) -- used by; why that module cannot import the value:

- ``functional_model`` (``engine.functional``: ``Functional``) -- ``engine.training`` (``Model(inputs, outputs)``
  is a Functional model), ``backend_math`` (eager ``backend.function``) and ``engine.functional_config`` (a
  nested Functional's first node); Functional subclasses Model and is called on layers, which use ``backend_math``,
  and imports ``functional_config``.
- ``functional_from_config`` (``engine.functional``: ``functional_from_config``) -- ``engine.training``
  (``Model.from_config`` of a functional config); same reason.
- ``mean_metric`` (``metrics.base_metric``: ``Mean``) -- ``engine.base_layer`` (``Layer.add_metric``); metrics
  are Layers.
- ``get_metric`` (``metrics``: ``get``) -- ``metrics.base_metric`` (``MeanMetricWrapper.from_config``); the
  metrics package imports every metric module, and they import ``base_metric``.
- ``create_keras_history`` (``engine.op_layer``: ``create_keras_history``) -- ``engine.base_layer``
  (``Layer.__call__`` wraps raw TF ops between Keras tensors in ``TFOpLambda`` layers, which are Layers).

Layer and model classes are found by name through a registry of the same kind, ``layers.serialization``
(``register_builtin``)."""
from __future__ import annotations

from typing import Any

__all__ = ["register", "get"]

_DEFINED_IN = {
    "functional_model": "tfcompat._src.keras.engine.functional",
    "mean_metric": "tfcompat._src.keras.metrics.base_metric",
    "get_metric": "tfcompat._src.keras.metrics",
    "functional_from_config": "tfcompat._src.keras.engine.functional",
    "create_keras_history": "tfcompat._src.keras.engine.op_layer",
}
_hooks: dict[str, Any] = {}


def register(name: str, value: Any) -> None:
    """Sets hook ``name`` (one of the table above) to ``value``; called by the defining module at import."""
    if name not in _DEFINED_IN:
        raise KeyError(f"unknown Keras hook {name!r}; known: {sorted(_DEFINED_IN)}")
    _hooks[name] = value


def get(name: str) -> Any:
    """The value of hook ``name``.

    Raises:
      RuntimeError: the defining module was never imported."""
    try:
        return _hooks[name]
    except KeyError:
        raise RuntimeError(f"Keras hook {name!r} is not set: import {_DEFINED_IN[name]} (importing tfcompat does "
                           f"this)") from None
