"""``tf.compat.v1.keras.utils.track_tf1_style_variables`` and ``get_or_create_layer`` (tf-keras 2.21's
``legacy_tf_layers/variable_scope_shim.py``): TF1 ``get_variable`` / ``tf.compat.v1.layers`` code inside a
decorated ``Layer``/``Module`` method creates its variables once, with TF1's names, and the object tracks them.

The decorated method runs with a per-object ``_EagerVariableStore`` installed as the variable store
(``ops/variable_scope.with_variable_store``). That store is a ``tf.Module`` kept as the attribute
``_tf1_style_var_store``, so its variables (a dict by full name) and nested layers become the object's weights
(sorted by name, as TF). It treats ``reuse=None``/``False`` as ``AUTO_REUSE``, creates variables under
``init_scope`` (safe inside ``tf.function``) and keeps regularizers as callables that a Layer adds to ``losses``.

``tf.compat.v1.layers`` (ops/layers_base.py) report their weight regularizers to the store's
``add_regularizer`` as TF's do. This module also gives those Keras-free layers what TF's get from being Keras
layers: Keras' object-name counters and the enclosing Keras call's ``training``.

Differences from TF: a functional ``tf.keras.Model`` is built by ``get_or_create_layer``'s ``create_layer_method``
outside the current Keras call (TF records functional nodes on KerasTensors anywhere; tfcompat's keras/engine only
outside a layer call), so one built directly in the decorated method still records TFOpLambda layers; v1 layers
kept as attributes of a Keras layer count for its weights (in assignment order, as TF) but not in its layer
listings or ``updates``; ``VariableScopeLayer``/
``VariableScopeWrapperLayer`` are not provided."""
from __future__ import annotations

import functools
from typing import Callable

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine import base_layer_utils
from tfcompat._src.ops import layers_base, reduction_ops
from tfcompat._src.ops.compat_v1_ops import executing_eagerly_outside_functions
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.runtime.module import Module

__all__ = ["track_tf1_style_variables", "get_or_create_layer"]

# TF's tf.compat.v1.layers are Keras layers: their names come from Keras' object-name counters and a ``training``
# left out is the enclosing Keras call's (their activations, regularizers and initializers go through Keras'
# ``get``: keras/activations.py, regularizers.py and initializers.py register those).
layers_base.UNIQUE_NAME_FNS.append(backend.unique_object_name)
layers_base.TRAINING_RESOLVERS.append(lambda: base_layer_utils.call_context().training)


class _EagerVariableStore(Module):
    """Mirrors tf-keras's ``_EagerVariableStore``: a variable store that keeps eager variables (always
    create-or-reuse), tracks them as a Module and records their regularizers as zero-argument callables."""

    store_eager_variables = True

    def __init__(self):
        super().__init__()
        self._vars = {}
        self._regularizers = {}
        self._layers = {}

    def get_variable(self, name, shape=None, dtype=dtypes.float32, initializer=None, regularizer=None, reuse=None,
                     trainable=None, collections=None, validate_shape=True, constraint=None, store=True):
        if not reuse:
            reuse = vs.AUTO_REUSE
        if shape is not None:
            shape = TensorShape(shape)
        dtype = dtypes.as_dtype(dtype)
        if name in self._vars:
            return vs.check_shared_variable(self._vars[name], name, shape, dtype, initializer)
        with ctx_lib.init_scope():
            v = vs.create_variable(name, shape, dtype, initializer, reuse, trainable, None, validate_shape,
                                   constraint)
        self._vars[name] = v
        if regularizer:
            self.add_regularizer(v, regularizer)
        return v

    def add_regularizer(self, var, regularizer) -> None:
        """Records ``regularizer(var)`` as a callable loss (keyed by the variable's name)."""
        self._regularizers[var.name] = functools.partial(regularizer, var)

    def get_or_create_layer(self, name: str, create_layer_method: Callable):
        if name not in self._layers:
            # Keras records functional nodes on KerasTensors even inside an outer layer's call (TF); tfcompat's
            # call context would turn them into plain ops, so the layer is created outside it.
            with base_layer_utils.call_context().outside():
                layer = create_layer_method()
            self._layers[name] = layer
            if _is_keras_layer(layer):
                self._regularizers[name] = lambda: reduction_ops.reduce_sum(layer.losses)
        return self._layers[name]


def _is_keras_layer(obj) -> bool:
    from tfcompat._src.keras.engine import base_layer
    return isinstance(obj, base_layer.Layer)


def track_tf1_style_variables(method: Callable) -> Callable:
    """Mirrors ``tf.compat.v1.keras.utils.track_tf1_style_variables``: decorates a ``tf.Module``/``Layer``
    method so that the ``get_variable``/``tf.compat.v1.layers`` variables it uses are created on the first call,
    reused afterwards (names as in TF1, e.g. 'dense/kernel:0') and tracked by the object; on a Layer the
    ``get_variable`` regularizers become ``layer.losses``.

    Raises:
      ValueError: (when called) if the method's ``self`` is not a ``tf.Module``, ``Layer`` or ``Model``."""

    @functools.wraps(method)
    def _method_wrapper(self, *args, **kwargs):
        var_store = getattr(self, "_tf1_style_var_store", None)
        if var_store is None:
            if not isinstance(self, Module):
                raise ValueError(
                    "`@tf.compat.v1.keras.utils.track_tf1_layers_and_variables` must be applied to a method of a "
                    "subclassed `tf.Module`, `tf.keras.layers.Layer`, or `tf.keras.Model` and which takes `self` "
                    f"as the first argument. But, the first argument passed to the decorated method was {self}, "
                    "which does not extend Module, Layer, or Model.")
            var_store = _EagerVariableStore()
            self._tf1_style_var_store = var_store
        existing = set(var_store._regularizers)
        with vs.with_variable_store(var_store):
            out = method(self, *args, **kwargs)
        if _is_keras_layer(self):
            for name, regularizer in var_store._regularizers.items():
                if name not in existing:
                    self.add_loss(regularizer)
        return out

    return _method_wrapper


def get_or_create_layer(name: str, create_layer_method: Callable):
    """Mirrors ``tf.compat.v1.keras.utils.get_or_create_layer``: inside a ``track_tf1_style_variables`` method,
    the layer stored under '<variable scope>/<name>', created by ``create_layer_method()`` on first use (its
    weights and losses then belong to the decorated object). Outside one, in graph mode, a new layer.

    Raises:
      ValueError: executing eagerly outside a decorated method."""
    store = vs.current_variable_store()
    if not isinstance(store, _EagerVariableStore):
        if not executing_eagerly_outside_functions():
            return create_layer_method()
        raise ValueError("Tried to call get_or_create_layer in eager mode from a method notdecorated with "
                         "@tf.compat.v1.keras.utils.track_tf1_style_variables.")
    vs_name = vs.get_variable_scope().name
    return store.get_or_create_layer(f"{vs_name}/{name}", create_layer_method)
