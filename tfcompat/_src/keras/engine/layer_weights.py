"""Weights of ``Layer`` (tf-keras 2.21): ``add_weight`` and ``make_variable``, the ``weights``/``variables``
properties (own weights, then sublayers'), ``get_weights``/``set_weights``, ``count_params``."""
from __future__ import annotations

import functools
import warnings

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.ops.variable_enums import VariableAggregation, VariableSynchronization
from tfcompat._src.keras import backend
from tfcompat._src.keras import autocast_variable, mixed_precision
from tfcompat._src.keras.engine import base_layer_utils as utils
from tfcompat._src.keras.engine import trackable

__all__ = ["WeightsMixin", "make_variable"]


class WeightsMixin:
    """``Layer``'s weights (mixed into ``base_layer.Layer``)."""

    @property
    def trainable_weights(self) -> list:
        """The layer's trainable variables and those of its sublayers (none when ``trainable`` is False)."""
        self._update_trackables()
        if self.trainable:
            return self._dedup_weights(self._trainable_weights +
                                       self._gather_children_attribute("trainable_variables"))
        return []

    @property
    def non_trainable_weights(self) -> list:
        """The layer's non-trainable variables (all of them when ``trainable`` is False)."""
        self._update_trackables()
        if self.trainable:
            found = self._non_trainable_weights + self._gather_children_attribute("non_trainable_variables")
        else:
            found = self._trainable_weights + self._non_trainable_weights + \
                self._gather_children_attribute("variables")
        return self._dedup_weights(found)

    @property
    def weights(self) -> list:
        """Trainable weights followed by non-trainable weights."""
        return self.trainable_weights + self.non_trainable_weights

    @property
    def variables(self) -> list:
        return self.weights

    @property
    def trainable_variables(self) -> list:
        return self.trainable_weights

    @property
    def non_trainable_variables(self) -> list:
        return self.non_trainable_weights

    def add_weight(self, name=None, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None,
                   constraint=None, use_resource=None, synchronization=VariableSynchronization.AUTO,
                   aggregation=VariableAggregation.NONE, **kwargs):
        """Mirrors ``Layer.add_weight``: creates a variable named ``<layer scope>/<name>`` tracked by this layer
        (glorot_uniform for floats and zeros for ints/bools unless ``initializer`` is given).

        Raises:
          TypeError: an unknown keyword argument.
          ValueError: ``trainable=True`` with ``ON_READ`` synchronization; no initializer for a non-numeric
            dtype."""
        shape = () if shape is None else shape
        kwargs.pop("partitioner", None)
        for kwarg in kwargs:
            if kwarg not in ("autocast", "collections", "experimental_autocast", "caching_device", "getter",
                             "layout", "experimental_enable_variable_lifting"):
                raise TypeError("Unknown keyword argument:", kwarg)
        collections = kwargs.pop("collections", None)
        autocast = kwargs.pop("autocast", None)
        experimental_autocast = kwargs.pop("experimental_autocast", None)
        autocast = (True if experimental_autocast is None else experimental_autocast) if autocast is None \
            else autocast
        dtype = dtypes.as_dtype(dtype if dtype is not None else (self.dtype or backend.floatx()))
        if self._dtype_policy.variable_dtype is None:
            self._set_dtype_policy(mixed_precision.Policy(dtype.name))
        initializer = utils.keras_get("initializers", initializer)
        regularizer = utils.keras_get("regularizers", regularizer)
        constraint = utils.keras_get("constraints", constraint)
        if synchronization == VariableSynchronization.ON_READ:
            if trainable:
                raise ValueError("Synchronization value can be set to VariableSynchronization.ON_READ only for "
                                 "non-trainable variables. You have specified trainable=True and "
                                 "synchronization=VariableSynchronization.ON_READ.")
            trainable = False
        elif trainable is None:
            trainable = True
        if initializer is None:
            if dtype.is_floating:
                initializer = utils.keras_get("initializers", "glorot_uniform")
            elif dtype.is_integer or dtype.is_unsigned or dtype.is_bool:
                initializer = utils.keras_get("initializers", "zeros")
            elif "getter" not in kwargs:
                raise ValueError(f"An initializer for variable {name} of type {dtype} is required for layer "
                                 f"{self.name}. Received: {initializer}.")
        getter = kwargs.pop("getter", None)
        shape = tuple(TensorShape(shape).as_list())
        if getter is not None:
            variable = getter(name=name, shape=shape, dtype=dtype, initializer=initializer, trainable=trainable)
        else:
            variable = make_variable(name, shape, dtype, initializer, trainable, constraint, synchronization,
                                     aggregation, collections)
        if autocast and dtype.is_floating and \
                self._dtype_policy.compute_dtype != self._dtype_policy.variable_dtype:
            variable = autocast_variable.create_autocast_variable(variable)   # mixed precision, as tf-keras
        if regularizer is not None:
            self._handle_weight_regularization(variable.name.split(":")[0], variable, regularizer)
        backend.track_variable(variable)
        if trainable:
            self._trainable_weights.append(variable)
        else:
            self._non_trainable_weights.append(variable)
        if name:
            trackable.track(self, name, variable)   # tf-keras tracks a weight by its name (its checkpoint key)
        return variable

    def add_variable(self, *args, **kwargs):
        """Deprecated alias of ``add_weight`` (kept by tf-keras with a warning)."""
        warnings.warn("`layer.add_variable` is deprecated and will be removed in a future version. Please use "
                      "the `layer.add_weight()` method instead.", stacklevel=2)
        return self.add_weight(*args, **kwargs)

    def _handle_weight_regularization(self, name, variable, regularizer):
        def loss_for_variable(v):
            with backend.name_scope(name + "/Regularizer"):
                return regularizer(v)
        self.add_loss(functools.partial(loss_for_variable, variable))

    def get_weights(self) -> list:
        """Mirrors ``Layer.get_weights``: the weights' values as numpy arrays."""
        return backend.batch_get_value(self.weights)

    def set_weights(self, weights) -> None:
        """Mirrors ``Layer.set_weights`` (same number and shapes as ``get_weights``).

        Raises:
          ValueError: a different number of arrays, or an incompatible shape."""
        params = self.weights
        if len(params) != len(weights):
            raise ValueError(f'You called `set_weights(weights)` on layer "{self.name}" with a weight list of '
                             f"length {len(weights)}, but the layer was expecting {len(params)} weights. Provided "
                             f"weights: {str(weights)[:50]}...")
        pairs = []
        for param, weight in zip(params, weights):
            weight_shape = weight.shape if hasattr(weight, "shape") else ()
            if not param.shape.is_compatible_with(TensorShape(weight_shape)):
                raise ValueError(f"Layer {self.name} weight shape {param.shape} is not compatible with provided "
                                 f"weight shape {tuple(weight_shape)}.")
            pairs.append((param, weight))
        backend.batch_set_value(pairs)
        for layer in self._flatten_layers():
            layer.finalize_state()

    def finalize_state(self) -> None:
        """Mirrors ``Layer.finalize_state``: called after weights are set or loaded, so a layer can rebuild
        state derived from them (Normalization's mean/variance, ...). Nothing by default."""

    def count_params(self) -> int:
        """Mirrors ``Layer.count_params``.

        Raises:
          ValueError: the layer is not built."""
        if not self.built:
            if getattr(self, "_is_graph_network", False):
                pass
            else:
                raise ValueError(f"You tried to call `count_params` on layer {self.name}, but the layer isn't "
                                 f"built. You can build it manually via: `{self.name}.build(batch_input_shape)`.")
        return int(sum(np.prod(w.shape.as_list()) for w in self._dedup_weights(self.weights)))


def make_variable(name, shape, dtype, initializer, trainable, constraint=None,
                  synchronization=VariableSynchronization.AUTO, aggregation=VariableAggregation.NONE,
                  collections=None):
    """Keras' ``make_variable``: a variable initialized by ``initializer(shape, dtype)`` (called eagerly when
    executing eagerly, in the graph in TF1 mode)."""
    if isinstance(initializer, type):
        initializer = initializer()
    init = functools.partial(initializer, shape, dtype=dtype)
    return variables_lib.Variable(init, trainable=trainable, name=name, dtype=dtype, constraint=constraint,
                                  synchronization=synchronization, aggregation=aggregation,
                                  collections=collections, shape=shape)
