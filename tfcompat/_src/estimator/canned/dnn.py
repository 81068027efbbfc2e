"""``tf.compat.v1.estimator.DNNClassifier`` / ``DNNRegressor`` and ``tf.estimator.DNNClassifier`` / ``DNNRegressor``
(mirror TF 2.15's V1 and V2 classes in ``canned/dnn.py``): ``input_layer`` of the feature columns, hidden ReLU
layers ``dnn/hiddenlayer_<i>`` (glorot-uniform kernels, zero biases), a ``dnn/logits`` layer, a head.
V1: ``tf.compat.v1.train`` optimizers, Adagrad(0.05) by default, loss reduction SUM. V2: Keras legacy optimizers
(a name gets the optimizer's default learning rate: Adagrad(0.001)) whose ``iterations`` is the global step, loss
reduction SUM_OVER_BATCH_SIZE; the variables (and so checkpoints) are named as V1's.

Not provided: ``batch_norm=True``, ``input_layer_partitioner`` and the hidden-layer summaries (histograms and
zero fractions); the optimizer and variables are TF's."""
from __future__ import annotations

from tfcompat._src.estimator.canned import head as head_lib
from tfcompat._src.estimator.canned.optimizers import get_optimizer_instance, get_optimizer_instance_v2
from tfcompat._src.estimator.estimator import Estimator
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.feature_column.consumers import input_layer
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.ops import init_ops, math_ops, nn_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.runtime.training.global_step import get_or_create_global_step

__all__ = ["DNNClassifier", "DNNRegressor", "DNNClassifierV2", "DNNRegressorV2", "dnn_logits",
           "with_new_trainable_variables"]

_LEARNING_RATE = 0.05


def _validate_features(features):
    if not isinstance(features, dict):
        raise ValueError("features should be a dictionary of `Tensor`s. Given type: {}".format(type(features)))


def _dense(net, units, activation, scope):
    with vs.variable_scope(scope):
        kernel = vs.get_variable("kernel", [int(net.shape[-1]), units], dtype=dtypes.float32,
                                 initializer=init_ops.glorot_uniform_initializer())
        bias = vs.get_variable("bias", [units], dtype=dtypes.float32, initializer=init_ops.zeros_initializer())
        out = nn_ops.bias_add(math_ops.matmul(net, kernel), bias)
        return activation(out) if activation is not None else out


def dnn_logits(features, mode, units, hidden_units, feature_columns, activation_fn=nn_ops.relu, dropout=None):
    """The logits of TF's ``_DNNModel`` inside the current ``dnn`` variable scope."""
    with vs.variable_scope("input_from_feature_columns"):
        net = input_layer(features, feature_columns)
    for layer_id, num_hidden_units in enumerate(hidden_units):
        net = _dense(net, num_hidden_units, activation_fn, "hiddenlayer_%d" % layer_id)
        if dropout is not None and mode == ModeKeys.TRAIN:
            net = nn_ops.dropout(net, rate=dropout)
    return _dense(net, units, None, "logits")


def _dnn_model_fn(features, labels, mode, head, hidden_units, feature_columns, optimizer="Adagrad",
                  activation_fn=nn_ops.relu, dropout=None):
    optimizer = get_optimizer_instance(optimizer, learning_rate=_LEARNING_RATE)
    _validate_features(features)
    with vs.variable_scope("dnn", values=tuple(features.values())):
        logits = dnn_logits(features, mode, head.logits_dimension, hidden_units, feature_columns, activation_fn,
                            dropout)
        return head.create_estimator_spec(features=features, mode=mode, labels=labels, optimizer=optimizer,
                                          logits=logits)


def _check_unsupported(input_layer_partitioner, batch_norm):
    from tfcompat._src.tools.unsupported import UnsupportedAPIError
    if input_layer_partitioner is not None:
        raise UnsupportedAPIError("input_layer_partitioner= of a canned DNN estimator",
                                  "variables are never partitioned in tfcompat (one process, one device)")
    if batch_norm:
        raise UnsupportedAPIError("batch_norm=True of a canned DNN estimator", "not implemented in tfcompat")


class DNNClassifier(Estimator):
    """Mirrors ``tf.compat.v1.estimator.DNNClassifier`` (loss reduction SUM, ``tf.compat.v1.train`` optimizers;
    see the module docstring for what is not provided)."""

    def __init__(self, hidden_units, feature_columns, model_dir=None, n_classes=2, weight_column=None,
                 label_vocabulary=None, optimizer="Adagrad", activation_fn=nn_ops.relu, dropout=None,
                 input_layer_partitioner=None, config=None, warm_start_from=None,
                 loss_reduction=head_lib.SUM, batch_norm=False):
        _check_unsupported(input_layer_partitioner, batch_norm)
        head = head_lib.binary_or_multi_class_head(n_classes, weight_column, label_vocabulary, loss_reduction)
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _dnn_model_fn(features, labels, mode, head, hidden_units, columns, optimizer, activation_fn,
                                 dropout)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)


class DNNRegressor(Estimator):
    """Mirrors ``tf.compat.v1.estimator.DNNRegressor`` (loss reduction SUM, ``tf.compat.v1.train`` optimizers;
    see the module docstring for what is not provided)."""

    def __init__(self, hidden_units, feature_columns, model_dir=None, label_dimension=1, weight_column=None,
                 optimizer="Adagrad", activation_fn=nn_ops.relu, dropout=None, input_layer_partitioner=None,
                 config=None, warm_start_from=None, loss_reduction=head_lib.SUM, batch_norm=False):
        _check_unsupported(input_layer_partitioner, batch_norm)
        head = head_lib.regression_head(label_dimension, weight_column, loss_reduction)
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _dnn_model_fn(features, labels, mode, head, hidden_units, columns, optimizer, activation_fn,
                                 dropout)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)


def _dnn_model_fn_v2(features, labels, mode, head, hidden_units, feature_columns, optimizer="Adagrad",
                     activation_fn=nn_ops.relu, dropout=None):
    _validate_features(features)
    with vs.variable_scope("dnn"):
        logits, trainable = with_new_trainable_variables(dnn_logits, features, mode, head.logits_dimension,
                                                         hidden_units, feature_columns, activation_fn, dropout)
    if mode == ModeKeys.TRAIN:
        optimizer = get_optimizer_instance_v2(optimizer)
        optimizer.iterations = get_or_create_global_step()
    return head.create_estimator_spec(features=features, mode=mode, labels=labels, optimizer=optimizer,
                                      logits=logits, trainable_variables=trainable)


def with_new_trainable_variables(fn, *args, **kwargs):
    """``(fn(*args, **kwargs), the trainable variables it created)``: what TF's V2 model builders return (they
    read them from their Keras model; here the models are built with ``get_variable``)."""
    graph = ctx_lib.get_default_graph()
    before = set(id(v) for v in graph.get_collection(GraphKeys.TRAINABLE_VARIABLES))
    result = fn(*args, **kwargs)
    return result, [v for v in graph.get_collection(GraphKeys.TRAINABLE_VARIABLES) if id(v) not in before]


class DNNClassifierV2(Estimator):
    """Mirrors ``tf.estimator.DNNClassifier`` (TF 2.15's ``DNNClassifierV2``: Keras optimizers, loss reduction
    SUM_OVER_BATCH_SIZE; see the module docstring for what is not provided)."""

    def __init__(self, hidden_units, feature_columns, model_dir=None, n_classes=2, weight_column=None,
                 label_vocabulary=None, optimizer="Adagrad", activation_fn=nn_ops.relu, dropout=None, config=None,
                 warm_start_from=None, loss_reduction=head_lib.SUM_OVER_BATCH_SIZE_V2, batch_norm=False):
        _check_unsupported(None, batch_norm)
        head = head_lib.binary_or_multi_class_head(n_classes, weight_column, label_vocabulary,
                                                   head_lib.v1_reduction(loss_reduction))
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _dnn_model_fn_v2(features, labels, mode, head, hidden_units, columns, optimizer,
                                    activation_fn, dropout)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)


class DNNRegressorV2(Estimator):
    """Mirrors ``tf.estimator.DNNRegressor`` (TF 2.15's ``DNNRegressorV2``: Keras optimizers, loss reduction
    SUM_OVER_BATCH_SIZE; see the module docstring for what is not provided)."""

    def __init__(self, hidden_units, feature_columns, model_dir=None, label_dimension=1, weight_column=None,
                 optimizer="Adagrad", activation_fn=nn_ops.relu, dropout=None, config=None, warm_start_from=None,
                 loss_reduction=head_lib.SUM_OVER_BATCH_SIZE_V2, batch_norm=False):
        _check_unsupported(None, batch_norm)
        head = head_lib.regression_head(label_dimension, weight_column, head_lib.v1_reduction(loss_reduction))
        columns = tuple(feature_columns or [])

        def _model_fn(features, labels, mode, config):
            return _dnn_model_fn_v2(features, labels, mode, head, hidden_units, columns, optimizer,
                                    activation_fn, dropout)

        super().__init__(model_fn=_model_fn, model_dir=model_dir, config=config, warm_start_from=warm_start_from)
