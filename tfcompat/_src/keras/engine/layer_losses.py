"""Losses, updates and metrics of ``Layer`` (tf-keras 2.21): ``add_loss`` (tensors inside ``call``, or
zero-argument callables such as weight regularizers), ``losses``, ``add_update``/``updates`` (TF1 graph update
ops), ``add_metric``/``metrics``."""
from __future__ import annotations

import functools
import warnings
import weakref

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.ops import layers_base as v1_layers
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.keras import autocast_variable, backend
from tfcompat._src.keras import hooks
from tfcompat._src.keras.engine import base_layer_utils as utils

__all__ = ["LossesMixin", "mark_metric_result", "metric_of_result"]


class LossesMixin:
    """``Layer``'s losses, updates and metrics (mixed into ``base_layer.Layer``)."""

    @property
    def losses(self) -> list:
        """Mirrors ``Layer.losses``: losses added with ``add_loss`` during the last call, plus regularization
        losses (computed now, so a tape records them)."""
        collected = []
        for layer in self._flatten_layers():
            if layer._eager_losses:
                collected.extend(layer._eager_losses)
            else:
                collected.extend(layer._losses)
            for regularizer in layer._callable_losses:
                loss = regularizer()
                if loss is not None:
                    collected.append(loss)
        return collected

    def add_loss(self, losses, **kwargs) -> None:
        """Mirrors ``Layer.add_loss``: tensors (inside ``call``) or zero-argument callables.

        Raises:
          ValueError: an eager tensor outside a layer call (wrap it in a lambda)."""
        kwargs.pop("inputs", None)
        if kwargs:
            raise TypeError(f"Unknown keyword arguments: {kwargs.keys()}")

        def tag_callable(loss):
            if callable(loss):
                # As tf-keras: without autocasting (regularizers read float32 variables under mixed precision).
                with autocast_variable.enable_auto_cast_variables(None):
                    loss = loss()
            if loss is None:
                return None
            if not isinstance(loss, Tensor):
                loss = convert_to_tensor(loss, dtype=backend.floatx())
            return loss

        eager, symbolic = [], []
        for loss in nest.flatten(losses):
            if callable(loss):
                self._callable_losses.append(functools.partial(tag_callable, loss))
                continue
            if loss is None:
                continue
            if not isinstance(loss, Tensor):
                loss = convert_to_tensor(loss, dtype=backend.floatx())
            if isinstance(loss, SymbolicTensor) and not loss.graph._building_function or \
                    isinstance(loss, SymbolicTensor) and backend.is_keras_graph(loss.graph):
                symbolic.append(loss)
            else:
                eager.append(loss)
        if eager and not utils.call_context().in_call:
            raise ValueError("Expected a symbolic Tensors or a callable for the loss value. Please wrap your loss "
                             "computation in a zero argument `lambda`.")
        self._eager_losses.extend(eager)
        for loss in symbolic:
            if getattr(self, "_is_graph_network", False):
                self._graph_network_add_loss(loss)
            else:
                self._losses.append(loss)

    def _clear_losses(self):
        for layer in self._flatten_layers():
            # (An attribute write is tracked, so costly: skipped when the list is already empty.)
            if getattr(layer, "_eager_losses", None) != []:
                layer._eager_losses = []

    @property
    def updates(self) -> list:
        """Mirrors ``Layer.updates`` (TF1 graph mode: the update ops of BatchNormalization & co)."""
        warnings.warn("`layer.updates` will be removed in a future version. This property should not be used in "
                      "TensorFlow 2.0, as `updates` are applied automatically.", stacklevel=2)
        if ctx_lib.executing_eagerly() and not self._updates_in_graph():
            return []
        collected = []
        for layer in self._update_layers():
            if layer.trainable or getattr(layer, "stateful", False):
                collected.extend(layer._updates)
        return collected

    def _update_layers(self):
        # tf.compat.v1.layers tracked as attributes are Keras layers in TF, so their updates count too.
        for module in self._flatten_modules():
            if isinstance(module, (LossesMixin, v1_layers.Layer)):
                yield module

    def _updates_in_graph(self) -> bool:
        return any(layer._updates for layer in self._update_layers())

    def add_update(self, updates) -> None:
        """Mirrors ``Layer.add_update``: eager updates have already run; graph update ops are kept for
        ``updates``."""
        if utils.call_context().frozen:
            return
        for update in nest.flatten(updates):
            if callable(update):
                update = update()
            if update is None:
                continue
            # As tf-keras: graph updates are kept for `layer.updates` / `model.updates`; they are not added to
            # the UPDATE_OPS collection (only tf.compat.v1.layers do that).
            if isinstance(update, SymbolicTensor) or hasattr(update, "graph") and not \
                    isinstance(update, (EagerTensor, variables_lib.Variable)):
                if not update.graph._building_function:
                    self._updates.append(update)

    @property
    def metrics(self) -> list:
        """Metric objects tracked by this layer and its sublayers."""
        collected = []
        for layer in self._flatten_layers():
            collected.extend(layer._metrics)
        return collected

    def add_metric(self, value, name=None, **kwargs):
        """Mirrors ``Layer.add_metric``: inside ``call``, a mean of ``value`` named ``name`` (one ``Mean`` per
        name, created on first use), or, for the result of calling a ``Metric``, that metric itself (already
        updated; its name is the key). ``name`` is required otherwise, as in tf-keras.

        Outside ``call``, a symbolic ``value`` of a Functional model is averaged by an ``AddMetric`` layer
        inserted into the model's graph, as in tf-keras."""
        unknown = [key for key in kwargs if key != "aggregation"]
        if unknown:
            raise TypeError(f"Unknown keyword arguments: {kwargs.keys()}. Expected `aggregation`.")
        metric = metric_of_result(value)
        if name is None and metric is None:
            raise ValueError("Please provide a name for your metric like `self.add_metric(tf.reduce_sum(inputs), "
                             "name='mean_activation')`")
        if metric is not None:
            name = metric.name
        in_call = utils.call_context().in_call
        if not in_call and not isinstance(value, SymbolicTensor):
            raise ValueError("Expected a symbolic Tensor for the metric value, received: " + str(value))
        if not in_call and getattr(self, "_is_graph_network", False):
            if metric is not None:
                raise ValueError("Using the result of calling a `Metric` object when calling `add_metric` on a "
                                 "Functional Model is not supported. Please pass the Tensor to monitor directly.")
            self._graph_network_add_metric(value, "mean", name)
            return
        existing = [m for m in self._metrics if m.name == name]
        if existing:
            tracked = existing[0]
        elif metric is not None:
            tracked = metric
            self._metrics.append(metric)
        else:
            tracked = hooks.get("mean_metric")(name=name, dtype=value.dtype)
            self._metrics.append(tracked)
        if metric is None:  # a Metric's result has already updated that metric's state
            tracked.update_state(value)


# tf-keras marks a Metric call's result with ``result._metric_obj = metric`` so ``add_metric`` can track that
# metric; tensors here have __slots__, so the mark is a side table keyed by id, held while the result lives.
_METRIC_OF_RESULT: dict = {}


def mark_metric_result(value, metric) -> None:
    """Records that ``value`` is the result of calling ``metric`` (``Metric.__call__``)."""
    key = id(value)

    def forget(ref, key=key):
        if _METRIC_OF_RESULT.get(key, (None,))[0] is ref:
            del _METRIC_OF_RESULT[key]
    try:
        ref = weakref.ref(value, forget)
    except TypeError:  # a dict result or a plain Python value: not markable
        return
    _METRIC_OF_RESULT[key] = (ref, metric)


def metric_of_result(value):
    """The Metric whose call returned ``value``, or None."""
    entry = _METRIC_OF_RESULT.get(id(value))
    return entry[1] if entry is not None and entry[0]() is value else None
