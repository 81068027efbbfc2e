"""``tf.compat.v1.estimator.LinearClassifier`` / ``LinearRegressor`` and ``tf.estimator.LinearClassifier`` /
``LinearRegressor`` (mirror TF 2.15's V1 and V2 classes in ``canned/linear.py``): ``linear/linear_model``
(``tf.compat.v1.feature_column.linear_model``: zero-initialized weights per column and ``bias_weights``), a head,
Ftrl(0.2) by default (``optimizer=None``: Ftrl at ``min(0.2, 1/sqrt(#columns))``). V1: ``tf.compat.v1.train``
optimizers, loss reduction SUM; V2: Keras legacy optimizers whose ``iterations`` is the global step, loss
reduction SUM_OVER_BATCH_SIZE (variables named as V1's).

Not provided: ``partitioner``, the ``LinearSDCA`` optimizer, and the bias/fraction-of-zero-weights summaries."""
from __future__ import annotations

import math

from tfcompat._src.estimator.canned import head as head_lib
from tfcompat._src.estimator.canned.dnn import _validate_features, with_new_trainable_variables
from tfcompat._src.estimator.canned.optimizers import get_optimizer_instance, get_optimizer_instance_v2
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.estimator.estimator import Estimator
from tfcompat._src.feature_column.consumers import linear_model
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.runtime.training.global_step import get_or_create_global_step
from tfcompat._src.runtime.training.optimizers_v1 import FtrlOptimizer

__all__ = ["LinearClassifier", "LinearRegressor", "LinearClassifierV2", "LinearRegressorV2"]

_LEARNING_RATE = 0.2


def _default_optimizer(feature_columns):
    return FtrlOptimizer(learning_rate=min(_LEARNING_RATE, 1.0 / math.sqrt(len(feature_columns))))


def _linear_model_fn(features, labels, mode, head, feature_columns, optimizer, sparse_combiner):
    _validate_features(features)
    with vs.variable_scope("linear", values=tuple(features.values())):
        logits = linear_model(features, feature_columns, units=head.logits_dimension, sparse_combiner=sparse_combiner)
        # TF: the default optimizer='Ftrl' is a name, so Ftrl at 0.2; min(0.2, 1/sqrt(#columns)) only for None
        optimizer = get_optimizer_instance(optimizer or _default_optimizer(feature_columns),
                                           learning_rate=_LEARNING_RATE)
        return head.create_estimator_spec(features=features, mode=mode, labels=labels, optimizer=optimizer,
                                          logits=logits)


def _check_unsupported(partitioner, optimizer):
    from tfcompat._src.tools.unsupported import UnsupportedAPIError
    if partitioner is not None:
        raise UnsupportedAPIError("partitioner= of a canned linear estimator",
                                  "variables are never partitioned in tfcompat (one process, one device)")
    if type(optimizer).__name__ == "LinearSDCA":
        raise UnsupportedAPIError("tf.estimator.experimental.LinearSDCA", "not implemented in tfcompat")


class LinearClassifier(Estimator):
    """Mirrors ``tf.compat.v1.estimator.LinearClassifier`` (loss reduction SUM; see the module docstring)."""

    def __init__(self, feature_columns, model_dir=None, n_classes=2, weight_column=None, label_vocabulary=None,
                 optimizer="Ftrl", config=None, partitioner=None, warm_start_from=None,
                 loss_reduction=head_lib.SUM, sparse_combiner="sum"):
        _check_unsupported(partitioner, optimizer)
        head = head_lib.binary_or_multi_class_head(n_classes, weight_column, label_vocabulary, loss_reduction)
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _linear_model_fn(features, labels, mode, head, columns, optimizer,
                                    sparse_combiner)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)


class LinearRegressor(Estimator):
    """Mirrors ``tf.compat.v1.estimator.LinearRegressor`` (loss reduction SUM; see the module docstring)."""

    def __init__(self, feature_columns, model_dir=None, label_dimension=1, weight_column=None, optimizer="Ftrl",
                 config=None, partitioner=None, warm_start_from=None, loss_reduction=head_lib.SUM,
                 sparse_combiner="sum"):
        _check_unsupported(partitioner, optimizer)
        head = head_lib.regression_head(label_dimension, weight_column, loss_reduction)
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _linear_model_fn(features, labels, mode, head, columns, optimizer,
                                    sparse_combiner)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)


def _default_optimizer_v2(feature_columns):
    from tfcompat._src.keras.optimizers.legacy import Ftrl
    return Ftrl(learning_rate=min(_LEARNING_RATE, 1.0 / math.sqrt(len(feature_columns))))


def _linear_model_fn_v2(features, labels, mode, head, feature_columns, optimizer, sparse_combiner):
    _validate_features(features)
    with vs.variable_scope("linear"):
        logits, trainable = with_new_trainable_variables(linear_model, features, feature_columns,
                                                         units=head.logits_dimension, sparse_combiner=sparse_combiner)
    if mode == ModeKeys.TRAIN:
        optimizer = get_optimizer_instance_v2(optimizer or _default_optimizer_v2(feature_columns),
                                              learning_rate=_LEARNING_RATE)
        optimizer.iterations = get_or_create_global_step()
    return head.create_estimator_spec(features=features, mode=mode, labels=labels, optimizer=optimizer,
                                      trainable_variables=trainable, logits=logits)


class LinearClassifierV2(Estimator):
    """Mirrors ``tf.estimator.LinearClassifier`` (TF 2.15's ``LinearClassifierV2``: Keras optimizers, loss
    reduction SUM_OVER_BATCH_SIZE; see the module docstring)."""

    def __init__(self, feature_columns, model_dir=None, n_classes=2, weight_column=None, label_vocabulary=None,
                 optimizer="Ftrl", config=None, warm_start_from=None,
                 loss_reduction=head_lib.SUM_OVER_BATCH_SIZE_V2, sparse_combiner="sum"):
        _check_unsupported(None, optimizer)
        head = head_lib.binary_or_multi_class_head(n_classes, weight_column, label_vocabulary,
                                                   head_lib.v1_reduction(loss_reduction))
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _linear_model_fn_v2(features, labels, mode, head, columns, optimizer, sparse_combiner)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)


class LinearRegressorV2(Estimator):
    """Mirrors ``tf.estimator.LinearRegressor`` (TF 2.15's ``LinearRegressorV2``: Keras optimizers, loss
    reduction SUM_OVER_BATCH_SIZE; see the module docstring)."""

    def __init__(self, feature_columns, model_dir=None, label_dimension=1, weight_column=None, optimizer="Ftrl",
                 config=None, warm_start_from=None, loss_reduction=head_lib.SUM_OVER_BATCH_SIZE_V2,
                 sparse_combiner="sum"):
        _check_unsupported(None, optimizer)
        head = head_lib.regression_head(label_dimension, weight_column, head_lib.v1_reduction(loss_reduction))
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _linear_model_fn_v2(features, labels, mode, head, columns, optimizer, sparse_combiner)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)
