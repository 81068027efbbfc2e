"""The V1 heads of TF's ``canned/head.py`` (tensorflow_estimator 2.15): from logits to predictions, the training
loss (``tf.compat.v1.losses`` reduction, ``SUM`` by default), the train op and the evaluation metrics. The V2
estimators use them too, with a ``tf.losses.Reduction`` mapped by ``v1_reduction`` and a Keras optimizer: its
train op is ``get_updates(loss, trainable_variables)[0]`` under the name scope 'training' (``head/base_head.py``),
which names the slots as TF ('training/Adagrad/dnn/logits/kernel/accumulator').

- regression: mean squared error; predictions ``{'predictions'}``; metrics ``average_loss``, ``label/mean``,
  ``prediction/mean``;
- binary classification (n_classes=2): sigmoid cross entropy; predictions ``logits``, ``logistic``,
  ``probabilities``, ``class_ids``, ``classes``, ``all_class_ids``, ``all_classes``; metrics ``accuracy``,
  ``precision``, ``recall``, ``auc``, ``auc_precision_recall``, ``average_loss``, ``label/mean``,
  ``prediction/mean``, ``accuracy_baseline``;
- multi-class: sparse softmax cross entropy; the same predictions without ``logistic``; metrics ``accuracy``,
  ``average_loss``.

In PREDICT mode each head names TF's export outputs: ``serving_default``/``regression``/``predict``
(regression), ``serving_default``/``classification``/``regression``/``predict`` (binary), ``serving_default``/
``classification``/``predict`` (multi-class).

Not provided: ``label_vocabulary`` (string labels), custom ``loss_fn``, ``thresholds`` metrics."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.name_scope import control_dependencies, name_scope
from tfcompat._src.ops import array_ops, math_ops, metrics_ops, nn_ops, reduction_ops, string_ops
from tfcompat._src.ops import losses as losses_lib
from tfcompat._src.ops.control_flow_ops import group
from tfcompat._src.estimator import export as export_lib
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.estimator.model_fn import EstimatorSpec
from tfcompat._src.runtime.summary import ops_v1 as summary_v1
from tfcompat._src.runtime.training.global_step import get_global_step

__all__ = ["regression_head", "binary_or_multi_class_head", "v1_reduction", "SUM", "SUM_OVER_BATCH_SIZE_V2"]

SUM = losses_lib.Reduction.SUM
SUM_OVER_BATCH_SIZE_V2 = "sum_over_batch_size"   # tf.losses.Reduction (Keras's ReductionV2), the V2 default
_V2_TO_V1_REDUCTION = {"auto": losses_lib.Reduction.SUM_OVER_BATCH_SIZE, "sum": SUM,
                       "sum_over_batch_size": losses_lib.Reduction.SUM_OVER_BATCH_SIZE}


def v1_reduction(loss_reduction):
    """The ``tf.compat.v1.losses.Reduction`` computing a V2 head's ``tf.losses.Reduction`` (TF's
    ``base_head.validate_loss_reduction``: any of them but NONE; AUTO is SUM_OVER_BATCH_SIZE).

    Raises:
      ValueError: TF's message for NONE or an unknown value."""
    if loss_reduction not in _V2_TO_V1_REDUCTION:
        raise ValueError("Invalid loss_reduction: {}. See `tf.losses.Reduction` for possible values.".format(
            loss_reduction))
    return _V2_TO_V1_REDUCTION[loss_reduction]


def _unsupported(what: str):
    from tfcompat._src.tools.unsupported import UnsupportedAPIError
    return UnsupportedAPIError(what, "not implemented in tfcompat's canned estimators")


def _labels_like_logits(labels, logits, dimension: int):
    """TF's ``_check_dense_labels_match_logits_and_reshape``: labels of shape [batch] become [batch, 1]."""
    if labels is None:
        raise ValueError("You must provide a labels Tensor. Given: None. Suggested troubleshooting steps: Check "
                         "that your data contain your label feature. Check that your input_fn properly parses and "
                         "returns labels.")
    if isinstance(labels, dict):
        raise ValueError("labels must be a Tensor, got a dict (multi-head labels are not supported).")
    rank = labels.shape.rank
    if rank is not None and rank == logits.shape.rank - 1 and dimension == 1:
        labels = array_ops.expand_dims(labels, -1)
    last = labels.shape[-1] if labels.shape.rank else None
    if last is not None and int(last) != dimension:
        raise ValueError("Mismatched label shape. Expected labels dimension=%s.  Received %s. Suggested Fix: If "
                         "your classifier expects one-hot encoding label, check your n_classes argument to the "
                         "estimator and/or the shape of your label. Otherwise, check the shape of your label."
                         % (dimension, last))
    return labels


def _weights(features, weight_column):
    if weight_column is None:
        return 1.0
    key = weight_column if isinstance(weight_column, str) else weight_column.key
    if key not in features:
        raise ValueError("Weight column {} is not in features.".format(key))
    weights = math_ops.cast(features[key], dtypes.float32)
    if weights.shape.rank == 1:
        weights = array_ops.expand_dims(weights, -1)
    return weights


def _broadcast_weights(weights, values):
    return weights * array_ops.ones_like(values) if not isinstance(weights, float) else None


def _mean(values, weights, name=None):
    return metrics_ops.mean(values, weights=_broadcast_weights(weights, values), name=name)


def _accuracy_baseline(labels_mean):
    value, update = labels_mean
    return (math_ops.maximum(value, 1. - value, name="accuracy_baseline"),
            math_ops.maximum(update, 1. - update, name="accuracy_baseline/update"))


class _Head:
    """Shared ``create_estimator_spec`` (TF's ``_Head``/``_create_tpu_estimator_spec`` without TPU)."""

    def __init__(self, weight_column=None, loss_reduction=SUM):
        if loss_reduction not in (losses_lib.Reduction.SUM, losses_lib.Reduction.SUM_OVER_BATCH_SIZE,
                                  losses_lib.Reduction.MEAN, losses_lib.Reduction.SUM_BY_NONZERO_WEIGHTS,
                                  losses_lib.Reduction.SUM_OVER_NONZERO_WEIGHTS):
            raise ValueError("Invalid loss_reduction: {}".format(loss_reduction))
        self._weight_column = weight_column
        self._loss_reduction = loss_reduction

    def create_estimator_spec(self, features, mode, logits, labels=None, optimizer=None, train_op_fn=None,
                              trainable_variables=None, update_ops=None):
        with name_scope("head"):
            predictions = self._predictions(logits)
            if mode == ModeKeys.PREDICT:
                return EstimatorSpec(mode, predictions=predictions, export_outputs=self._export_outputs(predictions))
            labels = self._processed_labels(labels, logits)
            unreduced_loss = self._unreduced_loss(labels, logits)
            weights = _weights(features, self._weight_column)
            training_loss = losses_lib.compute_weighted_loss(unreduced_loss, weights=weights,
                                                             reduction=self._loss_reduction)
            if mode == ModeKeys.EVAL:
                return EstimatorSpec(mode, predictions=predictions, loss=training_loss,
                                     eval_metric_ops=self._eval_metric_ops(labels, logits, predictions, weights,
                                                                           unreduced_loss))
            if optimizer is not None:
                if train_op_fn is not None:
                    raise ValueError("train_op_fn and optimizer cannot both be set.")
                train_op = _train_op(optimizer, training_loss, trainable_variables)
            elif train_op_fn is not None:
                train_op = train_op_fn(training_loss)
            else:
                raise ValueError("train_op_fn and optimizer cannot both be None.")
            if update_ops is None:
                update_ops = ctx_lib.get_default_graph().get_collection(GraphKeys.UPDATE_OPS)
            if update_ops:
                train_op = group(train_op, *update_ops)
            if self._loss_reduction == SUM:
                example_weight_sum = reduction_ops.reduce_sum(weights * array_ops.ones_like(unreduced_loss))
                mean_loss = training_loss / example_weight_sum
            else:
                mean_loss = None
        with name_scope(""):
            summary_v1.scalar("loss", training_loss)
            if mean_loss is not None:
                summary_v1.scalar("average_loss", mean_loss)
        return EstimatorSpec(mode, predictions=predictions, loss=training_loss, train_op=train_op)


def _train_op(optimizer, training_loss, trainable_variables):
    """V1 heads: ``optimizer.minimize`` with the global step; V2 heads (a Keras optimizer whose ``iterations`` is
    the global step): ``optimizer.get_updates(loss, trainable_variables)[0]`` under the name scope 'training'."""
    if not hasattr(optimizer, "get_updates"):
        return optimizer.minimize(training_loss, global_step=get_global_step())
    if trainable_variables is None:
        trainable_variables = ctx_lib.get_default_graph().get_collection(GraphKeys.TRAINABLE_VARIABLES)
    with name_scope(""), name_scope("training"):
        return optimizer.get_updates(training_loss, list(trainable_variables))[0]


class RegressionHead(_Head):
    """TF's ``_RegressionHeadWithMeanSquaredErrorLoss``."""

    def __init__(self, label_dimension=1, weight_column=None, loss_reduction=SUM):
        if label_dimension < 1:
            raise ValueError("Invalid label_dimension %s." % label_dimension)
        super().__init__(weight_column, loss_reduction)
        self.logits_dimension = label_dimension

    def _predictions(self, logits):
        return {"predictions": logits}

    def _export_outputs(self, predictions):
        regression = export_lib.RegressionOutput(value=predictions["predictions"])
        return {export_lib.DEFAULT_SERVING_KEY: regression, "regression": regression,
                "predict": export_lib.PredictOutput(predictions)}

    def _processed_labels(self, labels, logits):
        return math_ops.cast(_labels_like_logits(labels, logits, self.logits_dimension), dtypes.float32)

    def _unreduced_loss(self, labels, logits):
        return losses_lib.mean_squared_error(labels=labels, predictions=logits, reduction=losses_lib.Reduction.NONE)

    def _eval_metric_ops(self, labels, logits, predictions, weights, unreduced_loss):
        return {"average_loss": _mean(unreduced_loss, weights),
                "prediction/mean": _mean(logits, weights, name="prediction/mean"),
                "label/mean": _mean(labels, weights)}


def _class_strings(ids):
    return string_ops.as_string(ids, name="str_classes")


def _classification_output(scores, n_classes):
    """TF's ``_classification_output``: the scores with the class names ``'0'`` ... ``'n-1'`` for every row."""
    batch = array_ops.shape(scores)[0]
    names = array_ops.expand_dims(string_ops.as_string(array_ops.range(n_classes)), axis=0)
    return export_lib.ClassificationOutput(scores=scores, classes=array_ops.tile(names, [batch, 1]))


def _all_class_ids(logits, n_classes):
    batch = array_ops.shape(logits)[0]
    ids = array_ops.expand_dims(array_ops.range(n_classes), axis=0)
    return array_ops.tile(ids, [batch, 1])


class BinaryLogisticHead(_Head):
    """TF's ``_BinaryLogisticHeadWithSigmoidCrossEntropyLoss``."""

    logits_dimension = 1

    def _predictions(self, logits):
        with name_scope("predictions"):
            logistic = math_ops.sigmoid(logits, name="logistic")
            two_class_logits = array_ops.concat((array_ops.zeros_like(logits), logits), axis=-1,
                                                name="two_class_logits")
            probabilities = nn_ops.softmax(two_class_logits, name="probabilities")
            class_ids = array_ops.expand_dims(reduction_ops.argmax(two_class_logits, axis=-1, name="class_ids"),
                                              axis=-1)
            all_ids = _all_class_ids(logits, 2)
            return {"logits": logits, "logistic": logistic, "probabilities": probabilities, "class_ids": class_ids,
                    "classes": _class_strings(class_ids), "all_class_ids": all_ids,
                    "all_classes": _class_strings(all_ids)}

    def _export_outputs(self, predictions):
        classifier = _classification_output(predictions["probabilities"], 2)
        return {export_lib.DEFAULT_SERVING_KEY: classifier, "classification": classifier,
                "regression": export_lib.RegressionOutput(value=predictions["logistic"]),
                "predict": export_lib.PredictOutput(predictions)}

    def _processed_labels(self, labels, logits):
        labels = math_ops.cast(_labels_like_logits(labels, logits, 1), dtypes.float32)
        from tfcompat._src.ops import debugging_ops
        checks = [debugging_ops.assert_less_equal(labels, array_ops.constant(1., dtype=labels.dtype),
                                                  message="Labels must <= n_classes - 1"),
                  debugging_ops.assert_non_negative(labels, message="Labels must >= 0")]
        with control_dependencies(checks):
            return array_ops.identity(labels)

    def _unreduced_loss(self, labels, logits):
        return nn_ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)

    def _eval_metric_ops(self, labels, logits, predictions, weights, unreduced_loss):
        w = _broadcast_weights(weights, labels)
        with name_scope("metrics"):
            labels_mean = metrics_ops.mean(labels, weights=w, name="label/mean")
            logistic = predictions["logistic"]
            return {
                "average_loss": _mean(unreduced_loss, weights, name="average_loss"),
                "accuracy": metrics_ops.accuracy(labels, predictions["class_ids"], weights=w, name="accuracy"),
                "precision": metrics_ops.precision(labels, predictions["class_ids"], weights=w, name="precision"),
                "recall": metrics_ops.recall(labels, predictions["class_ids"], weights=w, name="recall"),
                "prediction/mean": _mean(logistic, weights, name="prediction/mean"),
                "label/mean": labels_mean,
                "accuracy_baseline": _accuracy_baseline(labels_mean),
                "auc": metrics_ops.auc(labels, math_ops.cast(logistic, dtypes.float32), weights=w, curve="ROC",
                                       name="auc"),
                "auc_precision_recall": metrics_ops.auc(labels, math_ops.cast(logistic, dtypes.float32), weights=w,
                                                        curve="PR", name="auc_precision_recall"),
            }


class MultiClassHead(_Head):
    """TF's ``_MultiClassHeadWithSoftmaxCrossEntropyLoss``."""

    def __init__(self, n_classes, weight_column=None, loss_reduction=SUM):
        if n_classes is None or n_classes <= 2:
            raise ValueError("n_classes must be > 2: %s." % n_classes)
        super().__init__(weight_column, loss_reduction)
        self.logits_dimension = n_classes
        self._n_classes = n_classes

    def _predictions(self, logits):
        with name_scope("predictions"):
            probabilities = nn_ops.softmax(logits, name="probabilities")
            class_ids = array_ops.expand_dims(reduction_ops.argmax(logits, axis=-1, name="class_ids"), axis=-1)
            all_ids = _all_class_ids(logits, self._n_classes)
            return {"logits": logits, "probabilities": probabilities, "class_ids": class_ids,
                    "classes": _class_strings(class_ids), "all_class_ids": all_ids,
                    "all_classes": _class_strings(all_ids)}

    def _export_outputs(self, predictions):
        classifier = _classification_output(predictions["probabilities"], self._n_classes)
        return {export_lib.DEFAULT_SERVING_KEY: classifier, "classification": classifier,
                "predict": export_lib.PredictOutput(predictions)}

    def _processed_labels(self, labels, logits):
        labels = _labels_like_logits(labels, logits, 1)
        if not labels.dtype.is_integer:
            raise ValueError("Labels dtype should be integer. Instead got {}.".format(labels.dtype))
        from tfcompat._src.ops import debugging_ops
        checks = [debugging_ops.assert_less_equal(labels, array_ops.constant(self._n_classes - 1,
                                                                             dtype=labels.dtype),
                                                  message="Labels must <= n_classes - 1"),
                  debugging_ops.assert_non_negative(labels, message="Labels must >= 0")]
        with control_dependencies(checks):
            return array_ops.identity(labels)

    def _unreduced_loss(self, labels, logits):
        loss = losses_lib.sparse_softmax_cross_entropy(labels=array_ops.squeeze(labels, axis=-1), logits=logits,
                                                       reduction=losses_lib.Reduction.NONE)
        return array_ops.expand_dims(loss, axis=-1)

    def _eval_metric_ops(self, labels, logits, predictions, weights, unreduced_loss):
        w = _broadcast_weights(weights, labels)
        with name_scope("metrics"):
            return {"average_loss": _mean(unreduced_loss, weights, name="average_loss"),
                    "accuracy": metrics_ops.accuracy(labels, predictions["class_ids"], weights=w, name="accuracy")}


def regression_head(label_dimension=1, weight_column=None, loss_reduction=SUM) -> RegressionHead:
    return RegressionHead(label_dimension, weight_column, loss_reduction)


def binary_or_multi_class_head(n_classes, weight_column=None, label_vocabulary=None, loss_reduction=SUM):
    """TF's ``_binary_logistic_or_multi_class_head``."""
    if label_vocabulary is not None:
        raise _unsupported("label_vocabulary= of a canned classifier")
    if n_classes is None or n_classes < 2:
        raise ValueError("n_classes must be > 1: {}".format(n_classes))
    if n_classes == 2:
        return BinaryLogisticHead(weight_column, loss_reduction)
    return MultiClassHead(n_classes, weight_column, loss_reduction)
