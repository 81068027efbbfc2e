"""``tf.estimator.DNNLinearCombinedClassifier`` / ``DNNLinearCombinedRegressor`` (mirror TF 2.15's V2 classes in
``canned/dnn_linear_combined.py``, "wide and deep"): the logits of a DNN (``dnn/...``, as ``DNNClassifier``) plus
those of a linear model (``linear/linear_model/...``, as ``LinearClassifier``), each part trained by its own Keras
optimizer (defaults: Adagrad(0.001) for the DNN, Ftrl(min(0.005, 1/sqrt(#linear columns))) for the linear part);
the DNN's optimizer (else the linear one) counts the global step. Loss reduction SUM_OVER_BATCH_SIZE.

Not provided: the V1 classes (``tf.compat.v1.estimator.DNNLinearCombined*``), ``batch_norm=True`` and the layer
summaries (fraction of zero values, activation histograms)."""
from __future__ import annotations

import math

from tfcompat._src.estimator.canned import head as head_lib
from tfcompat._src.estimator.canned.dnn import _check_unsupported, _validate_features, dnn_logits
from tfcompat._src.estimator.canned.dnn import with_new_trainable_variables
from tfcompat._src.estimator.canned.optimizers import get_optimizer_instance_v2
from tfcompat._src.estimator.estimator import Estimator
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.feature_column.consumers import linear_model
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import nn_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops.control_flow_ops import group
from tfcompat._src.runtime.training.global_step import get_or_create_global_step

__all__ = ["DNNLinearCombinedClassifierV2", "DNNLinearCombinedRegressorV2"]

_DNN_LEARNING_RATE = 0.001
_LINEAR_LEARNING_RATE = 0.005


def _linear_learning_rate(num_linear_feature_columns):
    return min(_LINEAR_LEARNING_RATE, 1. / math.sqrt(num_linear_feature_columns))


def _model_fn_v2(features, labels, mode, head, linear_feature_columns, linear_optimizer, dnn_feature_columns,
                 dnn_optimizer, dnn_hidden_units, dnn_activation_fn, dnn_dropout, linear_sparse_combiner):
    _validate_features(features)
    if not linear_feature_columns and not dnn_feature_columns:
        raise ValueError("Either linear_feature_columns or dnn_feature_columns must be defined.")
    parts = []  # (logits, trainable variables, optimizer)
    if dnn_feature_columns:
        if not dnn_hidden_units:
            raise ValueError("dnn_hidden_units must be defined when dnn_feature_columns is specified.")
        if mode == ModeKeys.TRAIN:
            dnn_optimizer = get_optimizer_instance_v2(dnn_optimizer, learning_rate=_DNN_LEARNING_RATE)
        with vs.variable_scope("dnn"):
            logits, trainable = with_new_trainable_variables(
                dnn_logits, features, mode, head.logits_dimension, dnn_hidden_units, dnn_feature_columns,
                dnn_activation_fn, dnn_dropout)
        parts.append((logits, trainable, dnn_optimizer))
    if linear_feature_columns:
        if mode == ModeKeys.TRAIN:
            linear_optimizer = get_optimizer_instance_v2(
                linear_optimizer, learning_rate=_linear_learning_rate(len(linear_feature_columns)))
        with vs.variable_scope("linear"):
            logits, trainable = with_new_trainable_variables(
                linear_model, features, linear_feature_columns, units=head.logits_dimension,
                sparse_combiner=linear_sparse_combiner)
        parts.append((logits, trainable, linear_optimizer))
    logits = parts[0][0] if len(parts) == 1 else parts[0][0] + parts[1][0]

    def _train_op_fn(loss):
        train_ops = []
        with name_scope(""), name_scope("training"):  # as V2 heads' create_estimator_spec_train_op
            for _, trainable, optimizer in parts:
                train_ops.extend(optimizer.get_updates(loss, trainable))
            return group(*train_ops)

    if mode == ModeKeys.TRAIN:
        parts[0][2].iterations = get_or_create_global_step()
    return head.create_estimator_spec(features=features, mode=mode, labels=labels, train_op_fn=_train_op_fn,
                                      logits=logits)


class _DNNLinearCombinedV2(Estimator):
    def __init__(self, head, model_dir, linear_feature_columns, linear_optimizer, dnn_feature_columns,
                 dnn_optimizer, dnn_hidden_units, dnn_activation_fn, dnn_dropout, config, warm_start_from,
                 batch_norm, linear_sparse_combiner):
        _check_unsupported(None, batch_norm)
        linear_feature_columns = tuple(linear_feature_columns or [])
        dnn_feature_columns = tuple(dnn_feature_columns or [])
        if not linear_feature_columns and not dnn_feature_columns:
            raise ValueError("Either linear_feature_columns or dnn_feature_columns must be defined.")

        def _model_fn(features, labels, mode, config):
            return _model_fn_v2(features, labels, mode, head, linear_feature_columns, linear_optimizer,
                                dnn_feature_columns, dnn_optimizer, dnn_hidden_units, dnn_activation_fn,
                                dnn_dropout, linear_sparse_combiner)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)


class DNNLinearCombinedClassifierV2(_DNNLinearCombinedV2):
    """Mirrors ``tf.estimator.DNNLinearCombinedClassifier`` (see the module docstring).

    Raises:
      ValueError: neither linear nor DNN feature columns, or DNN columns without ``dnn_hidden_units``."""

    def __init__(self, model_dir=None, linear_feature_columns=None, linear_optimizer="Ftrl",
                 dnn_feature_columns=None, dnn_optimizer="Adagrad", dnn_hidden_units=None,
                 dnn_activation_fn=nn_ops.relu, dnn_dropout=None, n_classes=2, weight_column=None,
                 label_vocabulary=None, config=None, warm_start_from=None,
                 loss_reduction=head_lib.SUM_OVER_BATCH_SIZE_V2, batch_norm=False, linear_sparse_combiner="sum"):
        head = head_lib.binary_or_multi_class_head(n_classes, weight_column, label_vocabulary,
                                                   head_lib.v1_reduction(loss_reduction))
        super().__init__(head, model_dir, linear_feature_columns, linear_optimizer, dnn_feature_columns,
                         dnn_optimizer, dnn_hidden_units, dnn_activation_fn, dnn_dropout, config, warm_start_from,
                         batch_norm, linear_sparse_combiner)


class DNNLinearCombinedRegressorV2(_DNNLinearCombinedV2):
    """Mirrors ``tf.estimator.DNNLinearCombinedRegressor`` (see the module docstring).

    Raises:
      ValueError: neither linear nor DNN feature columns, or DNN columns without ``dnn_hidden_units``."""

    def __init__(self, model_dir=None, linear_feature_columns=None, linear_optimizer="Ftrl",
                 dnn_feature_columns=None, dnn_optimizer="Adagrad", dnn_hidden_units=None,
                 dnn_activation_fn=nn_ops.relu, dnn_dropout=None, label_dimension=1, weight_column=None,
                 config=None, warm_start_from=None, loss_reduction=head_lib.SUM_OVER_BATCH_SIZE_V2,
                 batch_norm=False, linear_sparse_combiner="sum"):
        head = head_lib.regression_head(label_dimension, weight_column, head_lib.v1_reduction(loss_reduction))
        super().__init__(head, model_dir, linear_feature_columns, linear_optimizer, dnn_feature_columns,
                         dnn_optimizer, dnn_hidden_units, dnn_activation_fn, dnn_dropout, config, warm_start_from,
                         batch_norm, linear_sparse_combiner)
