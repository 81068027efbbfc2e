"""``tf.compat.v1.layers.Layer``: the legacy (TF1, Keras-free) layer base behind ``tf.layers.Dense`` & co.

Mirrors TF1's legacy layers (``keras/legacy_tf_layers/base.py`` on ``base_layer_v1``):

- A layer's variable scope is fixed on its first call: ``variable_scope(None, default_name=<name or snake_case
  class name>)`` (so unnamed layers are 'dense', 'dense_1', ... per variable scope); a layer constructed with
  ``_scope=name`` (what the functional forms pass) opens ``variable_scope(name)`` at construction instead.
- Weights come from ``get_variable`` inside that scope ('dense/kernel:0'); later calls of the same object reuse
  them. Ops are built under the scope's original name scope ('dense/MatMul', then 'dense/MatMul_1').
- In graph mode the layer's update ops (batch norm's moving averages) are added to ``GraphKeys.UPDATE_OPS`` and
  its regularization losses to ``GraphKeys.REGULARIZATION_LOSSES``; executing eagerly, weight regularizers are
  callables re-evaluated by ``losses`` and also given to the variable store's ``add_regularizer`` (the
  ``track_tf1_style_variables`` store).
- As TF 2.x's (Keras) legacy layers: ``layer.name`` from Keras' shared one-based counters ('dense_1', ...; the
  variable scope stays 'dense'), string regularizers/initializers through Keras' ``get``, and under TF2 behaviour
  Keras' ``GlorotUniform()`` as the default float initializer.
"""
from __future__ import annotations

import contextlib
import functools
import re
import weakref

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys, Operation
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops.compat_v1_ops import executing_eagerly_outside_functions
from tfcompat._src.ops import variable_scope as vs

__all__ = ["Layer", "graph_name_scope", "ACTIVATION_RESOLVERS", "REGULARIZER_RESOLVERS", "INITIALIZER_RESOLVERS",
           "UNIQUE_NAME_FNS", "TRAINING_RESOLVERS", "inherited_training", "resolve_activation", "resolve_regularizer",
           "resolve_initializer", "default_initializer"]

# In TF 2.x the tf.compat.v1.layers classes are Keras layers, so an activation, regularizer or initializer given by
# name (``'relu'``, ``'l2'``, ``'zeros'``) or config goes through Keras's ``activations/regularizers/initializers
# .get``. Keras registers those functions here at import (keras/activations.py, regularizers.py and
# initializers.py; a lower layer cannot import Keras).
ACTIVATION_RESOLVERS: list = []
REGULARIZER_RESOLVERS: list = []
INITIALIZER_RESOLVERS: list = []


def _resolve(resolvers: list, value):
    # Only names and configs: callables, and the tensors/arrays get_variable takes as initializers, pass through.
    if not isinstance(value, (str, dict)) or not resolvers:
        return value
    return resolvers[-1](value)


def resolve_activation(activation):
    """``activation`` as the v1 layers call it: None and callables unchanged, names/configs through Keras's
    ``activations.get`` (TF's ValueError for an unknown name)."""
    return _resolve(ACTIVATION_RESOLVERS, activation)


def resolve_regularizer(regularizer):
    """A v1 layer's ``*_regularizer`` argument: None and callables unchanged, names ('l2') and configs through
    Keras's ``regularizers.get`` (as the Keras layers TF's v1 layers are)."""
    return _resolve(REGULARIZER_RESOLVERS, regularizer)


def resolve_initializer(initializer):
    """A v1 layer's ``*_initializer`` argument: None (``get_variable``'s default: glorot-uniform for floats) and
    callables unchanged, names ('zeros') and configs through Keras's ``initializers.get``."""
    return _resolve(INITIALIZER_RESOLVERS, initializer)


# The ``training`` value of the enclosing Keras layer call, or None (Keras registers its call context here): TF's
# legacy layers are Keras layers, so a ``training`` left out or None inherits it.
TRAINING_RESOLVERS: list = []


def inherited_training():
    """The enclosing Keras call's ``training`` (None outside one)."""
    return TRAINING_RESOLVERS[-1]() if TRAINING_RESOLVERS else None


# ``layer.name`` comes from Keras' per-graph object-name counters (``backend.unique_object_name``, shared with
# Keras layers, one-based for these layers: 'dense_1', 'dense_2', ...). Keras registers that function here
# (keras/utils/variable_scope_shim.py); without it a counter of the same kind is kept here.
UNIQUE_NAME_FNS: list = []
_NAME_UIDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_ACCEPTED_KWARGS = ("input_shape", "batch_input_shape", "batch_size", "weights", "activity_regularizer",
                    "autocast", "dynamic")


def _to_snake_case(name: str) -> str:
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    s = re.sub(r"([a-z])([A-Z])", r"\1_\2", s).lower()
    return s if s[0] != "_" else "private" + s


def _unique_layer_name(base: str) -> str:
    if UNIQUE_NAME_FNS:
        return UNIQUE_NAME_FNS[-1](base, zero_based=False)
    uids = _NAME_UIDS.setdefault(ctx_lib.get_default_graph(), {})
    uids[base] = uids.get(base, 0) + 1
    return f"{base}_{uids[base]}"


class Layer:
    """Mirrors ``tf.compat.v1.layers.Layer``: variables via ``get_variable`` in the layer's variable scope.

    Subclasses implement ``build(input_shape)`` (creating weights with ``add_weight``) and ``call(inputs, ...)``.
    Differences from TF: no Keras functional-model machinery (``input``/``output``/``get_config`` round trips),
    no partitioned variables."""

    def __init__(self, trainable: bool = True, name=None, dtype=None, **kwargs):
        scope = kwargs.pop("_scope", None)
        self._reuse = kwargs.pop("_reuse", None)
        self._activity_regularizer = resolve_regularizer(kwargs.pop("activity_regularizer", None))
        unknown = [k for k in kwargs if k not in _ACCEPTED_KWARGS]
        if unknown:
            raise TypeError(f"Keyword argument not understood: {unknown[0]!r}")
        self.trainable = trainable
        self._dtype = dtypes.as_dtype(dtype) if dtype is not None else None
        base = _to_snake_case(type(self).__name__)
        if isinstance(name, vs.VariableScope):
            self._base_name = name.name
            self._name = _unique_layer_name(base)
        elif name:
            self._base_name = self._name = name
        else:
            self._base_name, self._name = base, _unique_layer_name(base)
        self.built = False
        self._trainable_weights: list = []
        self._non_trainable_weights: list = []
        self._updates: list = []
        self._losses: list = []
        self._callable_losses: list = []   # eager weight regularizers: zero-argument callables (TF's)
        self._scope = None
        self._current_scope = None
        if scope:
            with vs.variable_scope(scope) as captured:
                self._scope = captured

    # -- properties ------------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def scope_name(self) -> str:
        if self._scope is None:
            raise ValueError("No name available for layer scope because the layer \"" + self._name +
                             "\" has not been used yet. The scope name  is determined the first time the layer "
                             "instance is called. You must therefore call the layer before querying "
                             "`scope_name`.")
        return self._scope.name

    @property
    def trainable_weights(self) -> list:
        return list(self._trainable_weights) if self.trainable else []

    @property
    def non_trainable_weights(self) -> list:
        if self.trainable:
            return list(self._non_trainable_weights)
        return self._trainable_weights + self._non_trainable_weights

    @property
    def weights(self) -> list:
        return self.trainable_weights + self.non_trainable_weights

    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights
    variables = weights

    @property
    def updates(self) -> list:
        return list(self._updates)

    @property
    def losses(self) -> list:
        """The recorded losses, then the eager weight regularizers evaluated now (as Keras' ``losses``)."""
        evaluated = [c() for c in self._callable_losses]
        return list(self._losses) + [l for l in evaluated if l is not None]

    def count_params(self) -> int:
        total = 0
        for w in self.weights:
            n = 1
            for d in w.shape.as_list():
                n *= d
            total += n
        return total

    # -- building blocks for subclasses ----------------------------------------------------------------
    def build(self, input_shape) -> None:
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return inputs

    def add_weight(self, name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=True,
                   constraint=None, **kwargs):
        """Mirrors the legacy ``Layer.add_weight``: ``get_variable`` in this layer's scope (reused once built)."""
        self._set_scope(None)
        dtype = dtypes.as_dtype(dtype or self._dtype or dtypes.float32)
        graph = ctx_lib.graph_mode_graph()
        existing = set(id(v) for v in graph.get_collection(GraphKeys.GLOBAL_VARIABLES)) if graph else set()
        with vs.variable_scope(self._scope, reuse=self.built or self._reuse, auxiliary_name_scope=False) as scope:
            self._current_scope = scope
            if initializer is None:
                initializer = scope.initializer
            initializer = default_initializer(resolve_initializer(initializer), dtype)
            with self._name_scope_cm():
                var = vs.get_variable(name, shape=shape, dtype=dtype, initializer=initializer,
                                      trainable=trainable and self.trainable, constraint=constraint)
                regularizer = resolve_regularizer(regularizer)
                if regularizer is not None and executing_eagerly_outside_functions():
                    # TF: a callable loss (re-evaluated by ``losses``), also recorded by a variable store that
                    # keeps regularizers (track_tf1_style_variables': there are no collections to read).
                    self._callable_losses.append(functools.partial(_regularization_loss, name, regularizer, var))
                    store = vs.current_variable_store()
                    if hasattr(store, "add_regularizer"):
                        store.add_regularizer(var, regularizer)
                elif regularizer is not None and id(var) not in existing:
                    self.add_loss(_regularization_loss(name, regularizer, var))
        (self._trainable_weights if trainable else self._non_trainable_weights).append(var)
        return var

    def add_update(self, updates, inputs=None) -> None:
        """Records update ops (run them via ``layer.updates`` or ``GraphKeys.UPDATE_OPS``)."""
        for u in updates if isinstance(updates, (list, tuple)) else [updates]:
            if callable(u) and not isinstance(u, (Tensor, Operation)):
                u = u()
            if u is None:
                continue
            self._updates.append(u.op if isinstance(u, Tensor) and hasattr(u, "op") and u.op is not None else u)

    def add_loss(self, losses, inputs=None) -> None:
        """Records losses; in graph mode also adds them to ``GraphKeys.REGULARIZATION_LOSSES`` (as TF1 does)."""
        new = [l for l in (losses if isinstance(losses, (list, tuple)) else [losses]) if l is not None]
        self._losses.extend(new)
        graph = ctx_lib.graph_mode_graph()
        if graph is not None:
            for loss in new:
                if loss not in graph.get_collection(GraphKeys.REGULARIZATION_LOSSES):
                    graph.add_to_collection(GraphKeys.REGULARIZATION_LOSSES, loss)

    # -- calling ---------------------------------------------------------------------------------------
    def _set_scope(self, scope=None) -> None:
        if self._scope is not None:
            return
        if self._reuse:
            with vs.variable_scope(scope if scope is not None else self._base_name) as captured:
                self._scope = captured
        else:
            with vs.variable_scope(scope, default_name=self._base_name) as captured:
                self._scope = captured

    def _name_scope_cm(self):
        return graph_name_scope(self._current_scope.original_name_scope)

    def __call__(self, inputs, *args, **kwargs):
        """Mirrors the legacy ``Layer.__call__``: builds on first use, then runs ``call`` in the layer scope."""
        scope_arg = kwargs.pop("scope", None)
        self._set_scope(scope_arg)
        reuse = True if self.built else self._reuse
        n_updates = len(self._updates)
        with vs.variable_scope(self._scope, reuse=reuse, auxiliary_name_scope=False) as scope:
            self._current_scope = scope
            with self._name_scope_cm():
                if not self.built:
                    x = convert_to_tensor(inputs) if not isinstance(inputs, (list, tuple)) else inputs
                    if self._dtype is None and isinstance(x, Tensor):
                        self._dtype = x.dtype   # TF1 legacy layers infer their dtype from the first input
                    self.build(x.shape if isinstance(x, Tensor) else [convert_to_tensor(i).shape for i in x])
                    self.built = True
                outputs = self.call(inputs, *args, **kwargs)
                if self._activity_regularizer is not None:
                    self._handle_activity_regularization(outputs)
        graph = ctx_lib.graph_mode_graph()
        if graph is not None:
            known = graph.get_collection(GraphKeys.UPDATE_OPS)
            for u in self._updates[n_updates:]:
                if u not in known:
                    graph.add_to_collection(GraphKeys.UPDATE_OPS, u)
        return outputs

    def apply(self, inputs, *args, **kwargs):
        """Mirrors ``Layer.apply`` (an alias of ``__call__``)."""
        return self.__call__(inputs, *args, **kwargs)

    def _handle_activity_regularization(self, outputs) -> None:
        # TF (base_layer_v1): the activity loss is divided by the batch size.
        with graph_name_scope("ActivityRegularizer"):
            for out in outputs if isinstance(outputs, (list, tuple)) else [outputs]:
                loss = convert_to_tensor(self._activity_regularizer(out))
                batch = math_ops.cast(array_ops.shape(out)[0], loss.dtype)
                self.add_loss(math_ops.truediv(loss, batch))


def default_initializer(initializer, dtype):
    """TF: with no initializer (nor a scope one) Keras' ``add_weight`` picks ``GlorotUniform()`` for floats and
    ``Zeros()`` for integers and bools. Under TF2 behaviour that is Keras' v2 GlorotUniform, whose draws differ
    from ``get_variable``'s own glorot_uniform_initializer; under ``disable_v2_behavior`` Keras' ``get`` gives the
    v1 initializers, the same draws as ``get_variable``'s default (left to it here). (tf-keras's legacy RNN cells
    are such layers too: rnn_cells uses this.)"""
    if initializer is not None or not INITIALIZER_RESOLVERS or not ctx_lib.v2_behavior():
        return initializer
    if dtype.is_floating:
        return resolve_initializer("glorot_uniform")
    if dtype.is_integer or dtype.is_unsigned or dtype.is_bool:
        return resolve_initializer("zeros")
    return None


def _regularization_loss(name: str, regularizer, var):
    with graph_name_scope(name + "/Regularizer"):
        return regularizer(var)


def graph_name_scope(name):
    """A graph name scope (``'x/'`` re-enters verbatim); nothing when executing eagerly."""
    graph = ctx_lib.graph_mode_graph()
    return graph.name_scope(name) if graph is not None else contextlib.nullcontext()
