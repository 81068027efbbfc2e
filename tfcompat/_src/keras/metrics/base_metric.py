"""``tf.keras.metrics.Metric`` and the reducing metrics (mirrors tf-keras 2.21's ``metrics/base_metric.py``):
Metric, Reduce, Sum, Mean, MeanMetricWrapper, MeanTensor, SumOverBatchSize(MetricWrapper).

A metric is a stateful Layer: ``add_weight`` creates non-trainable float accumulators (not in any graph
collection, as in Keras), ``update_state`` folds a batch in, ``result`` reads the value, ``reset_state`` zeroes the
accumulators, and calling the metric does both. It works eagerly, inside ``tf.function`` (variables are created
once, eagerly) and in a TF1 graph: there ``update_state`` returns the last op it added (run it in a Session) and
``result`` a tensor; initialize the variables with ``variables_initializer(metric.variables)`` or let Keras's
session do it.

Difference: in a TF1 graph the update op is not added to ``layer.updates``/UPDATE_OPS (tf-keras records it on
``metric.updates`` only)."""
from __future__ import annotations

import warnings

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.name_scope import control_dependencies
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.keras import backend
from tfcompat._src.keras import hooks
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.layer_losses import mark_metric_result
from tfcompat._src.keras.losses_utils import apply_valid_mask, get_mask, squeeze_or_expand_dimensions
from tfcompat._src.keras.metrics.metrics_utils import Reduction
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.ops.variable_enums import VariableAggregationV2, VariableSynchronization
from tfcompat._src.ops.variables import Variable
from tfcompat._src.ops.weights_broadcast_ops import broadcast_weights

__all__ = ["Metric", "Reduce", "Sum", "Mean", "MeanMetricWrapper", "MeanTensor", "SumOverBatchSize",
           "SumOverBatchSizeMetricWrapper", "clone_metric", "clone_metrics"]


def _wrap_update_state(update_state):
    def update_state_wrapper(*args, **kwargs):
        result = update_state(*args, **kwargs)
        graph = ctx_lib.graph_mode_graph()
        if graph is not None:
            # tf-keras returns the last op the update added to the graph.
            result = graph.get_operations()[-1]
        return result
    update_state_wrapper.__doc__ = update_state.__doc__
    return update_state_wrapper


def _wrap_result(metric, result):
    def result_wrapper():
        raw = result()
        if isinstance(raw, dict):
            value = {k: array_ops.identity(v) for k, v in raw.items()}
        else:
            try:
                value = array_ops.identity(raw)
            except (ValueError, TypeError):
                raise RuntimeError(f"The output of `metric.result()` can only be a single Tensor/Variable, or a "
                                   f"dict of Tensors/Variables. For metric {metric.name}, got result {raw}.") \
                    from None
        object.__setattr__(metric, "_call_result", value)
        return value
    result_wrapper.__doc__ = result.__doc__
    return result_wrapper


class Metric(Layer):
    """Mirrors ``tf.keras.metrics.Metric``: subclasses create state with ``add_weight`` in ``__init__`` and
    implement ``update_state(...)`` and ``result()`` (and ``reset_state`` for non-scalar state).

    Args:
      name: the metric's name (unique per Keras session when omitted).
      dtype: the dtype of the accumulators and the result (``floatx()`` by default)."""

    @property
    def _object_identifier(self) -> str:
        return "_tf_keras_metric"

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls, *args, **kwargs)
        # As tf-keras: instance-level wrappers return the update op in graphs and identity() the result.
        object.__setattr__(obj, "update_state", _wrap_update_state(obj.update_state))
        object.__setattr__(obj, "result", _wrap_result(obj, obj.result))
        return obj

    def __init__(self, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype, **kwargs)
        self.stateful = True
        self.built = True

    @property
    def _dtype(self):
        return self.dtype

    def __call__(self, *args, **kwargs):
        """Mirrors ``Metric.__call__``: ``update_state(*args, **kwargs)`` then ``result()`` (ordered after the
        update in a graph)."""
        update_op = self.update_state(*args, **kwargs)
        deps = [update_op] if update_op is not None and ctx_lib.graph_mode_graph() is not None else []
        with control_dependencies(deps):
            result = self.result()
        mark_metric_result(result, self)  # tf-keras: result._metric_obj = self (for Layer.add_metric)
        return result

    def __str__(self):
        args = ",".join(f"{k}={v}" for k, v in self.get_config().items())
        return f"{self.__class__.__name__}({args})"

    def __deepcopy__(self, memo=None):
        try:
            new_self = self.from_config(self.get_config())
        except NotImplementedError as e:
            raise NotImplementedError(f"Calling `__deepcopy__()` on a TF-Keras metric requires the metric to be "
                                      f"serializable,  i.e. it should implement `get_config()`.\n\nError "
                                      f"encountered during serialization: [{e}]") from None
        if self.weights:
            new_self.set_weights(self.get_weights())
        if memo is not None:
            memo[id(self)] = new_self
        return new_self

    def get_config(self) -> dict:
        """``{'name', 'dtype'}``."""
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        """``cls(**config)``."""
        return cls(**config)

    def reset_state(self):
        """Mirrors ``Metric.reset_state``: sets every accumulator to 0 (calls a subclass's deprecated
        ``reset_states`` if it overrides that instead, with a warning)."""
        if type(self).reset_states is not Metric.reset_states:
            warnings.warn(f"Metric {self.__class__.__name__} implements a `reset_states()` method; rename it to "
                          f'`reset_state()` (without the final "s"). The name `reset_states()` has been '
                          f"deprecated to improve API consistency.", stacklevel=2)
            return self.reset_states()
        backend.batch_set_value([(v, 0) for v in self.variables])
        return None

    def reset_states(self):
        """Deprecated alias of ``reset_state``."""
        return self.reset_state()

    def update_state(self, *args, **kwargs):
        """Accumulates statistics; implemented by subclasses."""
        raise NotImplementedError("Must be implemented in subclasses.")

    def merge_state(self, metrics):
        """Mirrors ``Metric.merge_state``: adds the state of ``metrics`` (same weight structure) to this one.

        Raises:
          ValueError: a metric with a different number of weights."""
        assign_add_ops = []
        for metric in metrics:
            if len(self.weights) != len(metric.weights):
                raise ValueError(f"Metric {metric} is not compatible with {self}")
            for weight, weight_to_add in zip(self.weights, metric.weights):
                assign_add_ops.append(weight.assign_add(weight_to_add))
        return assign_add_ops

    def result(self):
        """The metric's value; implemented by subclasses."""
        raise NotImplementedError("Must be implemented in subclasses.")

    def add_weight(self, name, shape=(), aggregation=VariableAggregationV2.SUM,
                   synchronization=VariableSynchronization.ON_READ, initializer=None, dtype=None):
        """Mirrors ``Metric.add_weight``: a non-trainable accumulator in no collection (created once, eagerly,
        when the metric is built inside a ``tf.function``)."""
        return super().add_weight(name=name, shape=shape, dtype=self.dtype if dtype is None else dtype,
                                  trainable=False, initializer=initializer, collections=[],
                                  synchronization=synchronization, aggregation=aggregation)

    @property
    def trainable_weights(self) -> list:
        if self.trainable:
            weights = list(self._trainable_weights)
            for m in self._metrics:
                weights += m.trainable_weights
            return self._dedup_weights(weights)
        return []

    @property
    def non_trainable_weights(self) -> list:
        if self.trainable:
            weights = list(self._non_trainable_weights)
            for m in self._metrics:
                weights += m.non_trainable_weights
        else:
            weights = self._non_trainable_weights + self._trainable_weights
            for m in self._metrics:
                weights += m.weights
        return self._dedup_weights(weights)


def _values_as(values, dtype):
    try:
        return math_ops.cast(values, dtype)
    except (ValueError, TypeError):
        msg = f"The output of a metric function can only be a single Tensor. Received: {values}. "
        if isinstance(values, dict):
            msg += "To return a dict of values, implement a custom Metric subclass."
        raise RuntimeError(msg) from None


class Reduce(Metric):
    """Mirrors tf-keras's ``Reduce``: ``total`` (and ``count``) accumulators reduced by ``reduction``."""

    def __init__(self, reduction, name, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.reduction = reduction
        self.total = self.add_weight("total", initializer="zeros")
        if reduction in (Reduction.SUM_OVER_BATCH_SIZE, Reduction.WEIGHTED_MEAN):
            self.count = self.add_weight("count", initializer="zeros")

    def update_state(self, values, sample_weight=None):
        """Adds ``values`` (times ``sample_weight``, broadcast, or the values averaged over the dimensions the
        weight lacks) to the total, and the number of values (or the weight sum) to the count."""
        values = _values_as(values, self.dtype)
        if sample_weight is not None:
            sample_weight = math_ops.cast(sample_weight, self.dtype)
            values, _, sample_weight = squeeze_or_expand_dimensions(values, sample_weight=sample_weight)
            try:
                sample_weight = broadcast_weights(sample_weight, values)
            except ValueError:
                # A weight per sample of multi-dimensional values: reduce the values to the weight's rank.
                ndim, weight_ndim = values.shape.rank, sample_weight.shape.rank
                axes = list(range(weight_ndim, ndim))
                if self.reduction == Reduction.SUM:
                    values = reduction_ops.reduce_sum(values, axis=axes)
                else:
                    values = reduction_ops.reduce_mean(values, axis=axes)
            values = math_ops.multiply(values, sample_weight)
        value_sum = reduction_ops.reduce_sum(values)
        with control_dependencies([value_sum]):
            update_total_op = self.total.assign_add(value_sum)
        if self.reduction == Reduction.SUM:
            return update_total_op
        if self.reduction == Reduction.SUM_OVER_BATCH_SIZE or sample_weight is None:
            num_values = math_ops.cast(array_ops.size(values), self.dtype)
        else:
            num_values = reduction_ops.reduce_sum(sample_weight)
        with control_dependencies([update_total_op]):
            return self.count.assign_add(num_values)

    def result(self):
        """The total (SUM) or ``total / count`` (0 while the count is 0)."""
        if self.reduction == Reduction.SUM:
            return array_ops.identity(self.total)
        return math_ops.divide_no_nan(self.total, self.count)


class Sum(Reduce):
    """Mirrors ``tf.keras.metrics.Sum``: the (weighted) sum of all values seen."""

    def __init__(self, name="sum", dtype=None):
        super().__init__(reduction=Reduction.SUM, name=name, dtype=dtype)


class Mean(Reduce):
    """Mirrors ``tf.keras.metrics.Mean``: the (weighted) mean of all values seen."""

    def __init__(self, name="mean", dtype=None):
        super().__init__(reduction=Reduction.WEIGHTED_MEAN, name=name, dtype=dtype)


class MeanMetricWrapper(Mean):
    """Mirrors ``tf.keras.metrics.MeanMetricWrapper``: the mean of ``fn(y_true, y_pred, **kwargs)`` over all
    samples seen (both inputs cast to the metric's dtype first)."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true = math_ops.cast(y_true, self.dtype)
        y_pred = math_ops.cast(y_pred, self.dtype)
        y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
        matches = self._fn(y_true, y_pred, **self._fn_kwargs)
        mask = get_mask(matches)
        sample_weight = apply_valid_mask(matches, sample_weight, mask, self.reduction)
        return super().update_state(matches, sample_weight=sample_weight)

    def get_config(self) -> dict:
        config = {k: _plain(v) for k, v in self._fn_kwargs.items()}
        if type(self) is MeanMetricWrapper:
            config["fn"] = self._fn
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        fn = config.pop("fn", None)
        if cls is MeanMetricWrapper:
            return cls(hooks.get("get_metric")(fn), **config)
        return cls(**config)


def _plain(value):
    if isinstance(value, (Tensor, Variable)):
        return value.numpy()
    return value


class MeanTensor(Metric):
    """Mirrors ``tf.keras.metrics.MeanTensor``: the elementwise (weighted) mean of same-shaped values.

    Raises:
      ValueError: values of another shape than the first; ``result()`` before any update."""

    def __init__(self, name="mean_tensor", dtype=None, shape=None):
        super().__init__(name=name, dtype=dtype)
        self._shape = None
        self._total = None
        self._count = None
        self._built = False
        if shape is not None:
            self._build(shape)

    def _build(self, shape):
        self._shape = TensorShape(shape)
        self._build_input_shape = self._shape
        self._total = self.add_weight(name="total", shape=shape, initializer="zeros")
        self._count = self.add_weight(name="count", shape=shape, initializer="zeros")
        self._built = True

    @property
    def total(self):
        return self._total if self._built else None

    @property
    def count(self):
        return self._count if self._built else None

    def update_state(self, values, sample_weight=None):
        values = math_ops.cast(values, self.dtype)
        if not self._built:
            self._build(values.shape)
        elif values.shape != self._shape:
            raise ValueError(f"MeanTensor input values must always have the same shape. Expected shape (set "
                             f"during the first call): {self._shape}. Got: {values.shape}.")
        num_values = array_ops.ones_like(values)
        if sample_weight is not None:
            sample_weight = math_ops.cast(sample_weight, self.dtype)
            values, _, sample_weight = squeeze_or_expand_dimensions(values, sample_weight=sample_weight)
            try:
                sample_weight = broadcast_weights(sample_weight, values)
            except ValueError:
                values = reduction_ops.reduce_mean(values, axis=list(range(sample_weight.shape.rank,
                                                                           values.shape.rank)))
            num_values = math_ops.multiply(num_values, sample_weight)
            values = math_ops.multiply(values, sample_weight)
        update_total_op = self._total.assign_add(values)
        with control_dependencies([update_total_op]):
            return self._count.assign_add(num_values)

    def result(self):
        if not self._built:
            raise ValueError("MeanTensor does not have any value yet. Please call the MeanTensor instance or use "
                             "`.update_state(value)` before retrieving the result.")
        return math_ops.divide_no_nan(self.total, self.count)

    def reset_state(self):
        if self._built:
            backend.batch_set_value([(v, np.zeros(v.shape.as_list())) for v in self.variables])


class SumOverBatchSize(Reduce):
    """tf-keras's ``SumOverBatchSize``: the sum of values over the number of values."""

    def __init__(self, name="sum_over_batch_size", dtype=None):
        super().__init__(reduction=Reduction.SUM_OVER_BATCH_SIZE, name=name, dtype=dtype)


class SumOverBatchSizeMetricWrapper(SumOverBatchSize):
    """tf-keras's ``SumOverBatchSizeMetricWrapper``: ``fn``'s values summed over their number."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true = math_ops.cast(y_true, self.dtype)
        y_pred = math_ops.cast(y_pred, self.dtype)
        y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
        matches = self._fn(y_true, y_pred, **self._fn_kwargs)
        mask = get_mask(matches)
        sample_weight = apply_valid_mask(matches, sample_weight, mask, self.reduction)
        return super().update_state(matches, sample_weight=sample_weight)

    def get_config(self) -> dict:
        return {**super().get_config(), **{k: _plain(v) for k, v in self._fn_kwargs.items()}}


def clone_metric(metric):
    """A fresh copy of a Metric (from its config), created outside any graph being built; other values as is."""
    if isinstance(metric, Metric):
        with ctx_lib.init_scope():
            return metric.__class__.from_config(metric.get_config())
    return metric


def clone_metrics(metrics):
    """``clone_metric`` over a structure of metrics."""
    from tfcompat._src.framework import nest
    return nest.map_structure(clone_metric, metrics)


hooks.register("mean_metric", Mean)
