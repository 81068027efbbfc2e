"""``tf.estimator.EstimatorSpec`` and the ``model_fn`` contract (mirror tensorflow_estimator 2.15's
``model_fn.py``): what a ``model_fn`` returns, validated per mode with TF's error types and messages, and the
argument introspection that decides which of ``labels``/``mode``/``params``/``config`` a function receives."""
from __future__ import annotations

import collections
import functools
import inspect
from typing import Any, Callable

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.graph import GraphKeys, Operation
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.estimator import export as export_lib
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training.monitored_session import Scaffold
from tfcompat._src.runtime.training.session_run_hook import SessionRunHook

__all__ = ["EstimatorSpec", "LOSS_METRIC_KEY", "fn_args", "verify_model_fn_args"]

LOSS_METRIC_KEY = "loss"
_VALID_MODEL_FN_ARGS = {"features", "labels", "mode", "params", "self", "config"}

_NOT_IN_DEFAULT_GRAPH = (
    '{0} with "{1}" must be from the default graph. Possible causes of this error include: \n\n'
    "1) {0} was created outside the context of the default graph.\n\n"
    '2) The object passed through to EstimatorSpec was not created in the most recent call to "model_fn".')


def fn_args(fn: Callable) -> tuple:
    """The names of ``fn``'s arguments (TF's ``function_utils.fn_args``): a ``functools.partial``'s remaining
    arguments, a bound method's without ``self``, a callable object's ``__call__``'s."""
    if isinstance(fn, functools.partial):
        args = fn_args(fn.func)
        return tuple(a for a in args[len(fn.args):] if a not in (fn.keywords or {}))
    if not inspect.isfunction(fn) and not inspect.ismethod(fn) and hasattr(fn, "__call__") \
            and not inspect.isbuiltin(fn):
        fn = fn.__call__
    params = inspect.signature(fn).parameters.values()
    return tuple(p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD,
                                                      p.KEYWORD_ONLY))


def verify_model_fn_args(model_fn: Callable, params) -> None:
    """TF's ``verify_model_fn_args``: ``features`` is required, ``params`` given iff accepted (a warning when
    accepted but not given), no other argument names.

    Raises:
      ValueError: as TF words it."""
    args = set(fn_args(model_fn))
    if "features" not in args:
        raise ValueError("model_fn (%s) must include features argument." % model_fn)
    if params is not None and "params" not in args:
        raise ValueError("model_fn (%s) does not include params argument, but params (%s) is passed to "
                         "Estimator." % (model_fn, params))
    if params is None and "params" in args:
        logging.warning("Estimator's model_fn (%s) includes params argument, but params are not passed to "
                        "Estimator.", model_fn)
    non_valid_args = list(args - _VALID_MODEL_FN_ARGS)
    if non_valid_args:
        raise ValueError("model_fn (%s) has following not expected args: %s" % (model_fn, non_valid_args))


def _as_tensor(x):
    as_tensor = getattr(x, "_as_tensor", None)   # a Variable stands for its value, as in TF
    return as_tensor() if as_tensor is not None and not isinstance(x, Tensor) else x


def _in_default_graph(x) -> bool:
    return ctx_lib.executing_eagerly() or x.graph is ctx_lib.get_default_graph()


def _check_is_tensor(x, name: str):
    x = _as_tensor(x)
    if not isinstance(x, Tensor):
        raise TypeError("{} must be Tensor, given: {}".format(name, x))
    return x


def _validate_train_op(train_op, mode):
    if train_op is None:
        if mode == ModeKeys.TRAIN:
            raise ValueError("Missing train_op.")
        return None
    if hasattr(train_op, "_as_tensor") and not isinstance(train_op, Tensor):
        train_op = train_op._as_tensor().op    # TF: a Variable given as train_op means its op
    if not isinstance(train_op, (Operation, Tensor)):
        raise TypeError("train_op must be Operation or Tensor, given: {}".format(train_op))
    if not _in_default_graph(train_op):
        raise ValueError(_NOT_IN_DEFAULT_GRAPH.format("train_op", train_op.name))
    return train_op


def _validate_loss(loss, mode):
    if loss is None:
        if mode in (ModeKeys.TRAIN, ModeKeys.EVAL):
            raise ValueError("Missing loss.")
        return None
    loss = _check_is_tensor(loss, "loss")
    shape = loss.shape
    if shape.num_elements() not in (None, 1):
        raise ValueError("Loss must be scalar, given: {}".format(loss))
    if not _in_default_graph(loss):
        raise ValueError(_NOT_IN_DEFAULT_GRAPH.format("loss", loss.name))
    if shape.rank != 0:
        from tfcompat._src.ops import array_ops
        loss = array_ops.reshape(loss, [])
    return loss


def _validate_predictions(predictions, mode):
    if predictions is None:
        if mode == ModeKeys.PREDICT:
            raise ValueError("Missing predictions.")
        return {}
    if isinstance(predictions, dict):
        predictions = {k: _check_is_tensor(v, "predictions[{}]".format(k)) for k, v in predictions.items()}
        for key, value in predictions.items():
            if not _in_default_graph(value):
                raise ValueError(_NOT_IN_DEFAULT_GRAPH.format("prediction values", "{0}: {1}".format(key,
                                                                                                   value.name)))
        return predictions
    predictions = _check_is_tensor(predictions, "predictions")
    if not _in_default_graph(predictions):
        raise ValueError(_NOT_IN_DEFAULT_GRAPH.format("prediction values", predictions.name))
    return predictions


def _validate_hooks(hooks) -> tuple:
    hooks = tuple(hooks or [])
    for hook in hooks:
        if not isinstance(hook, SessionRunHook):
            raise TypeError("All hooks must be SessionRunHook instances, given: {}".format(hook))
    return hooks


def _is_keras_metric(value) -> bool:
    return hasattr(value, "update_state") and hasattr(value, "result") and hasattr(value, "variables")


def _validate_eval_metric_ops(eval_metric_ops) -> dict:
    if eval_metric_ops is None:
        return {}
    if not isinstance(eval_metric_ops, dict):
        raise TypeError("eval_metric_ops must be a dict, given: {}".format(eval_metric_ops))
    graph = ctx_lib.get_default_graph()
    out = {}
    for key, value in eval_metric_ops.items():
        if _is_keras_metric(value):
            updates = list(getattr(value, "updates", None) or [])
            if not updates:
                raise ValueError('Please call update_state(...) on the "{metric_name}" metric'
                                 .format(metric_name=value.name))
            # TF: a Metric's variables become local (and metric) variables, its value the (result, update) pair
            for v in value.variables:
                for collection in (GraphKeys.LOCAL_VARIABLES, GraphKeys.METRIC_VARIABLES):
                    if v not in graph.get_collection(collection):
                        graph.add_to_collection(collection, v)
            value = (value.result(), updates[0])
        elif not isinstance(value, tuple) or len(value) != 2:
            raise TypeError("Values of eval_metric_ops must be (metric_value, update_op) tuples, given: {} for "
                            "key: {}".format(value, key))
        for part in value:
            part = _as_tensor(part)
            if not _in_default_graph(part):
                raise ValueError(_NOT_IN_DEFAULT_GRAPH.format("eval_metric_ops",
                                                              "{0}: {1}".format(key, part.name)))
        out[key] = value
    return out


def _validate_scaffold(scaffold):
    scaffold = scaffold or Scaffold()
    if not isinstance(scaffold, Scaffold):
        raise TypeError("scaffold must be tf.train.Scaffold. Given: {}".format(scaffold))
    return scaffold


_SPEC_FIELDS = ["mode", "predictions", "loss", "train_op", "eval_metric_ops", "export_outputs",
                "training_chief_hooks", "training_hooks", "scaffold", "evaluation_hooks", "prediction_hooks"]


class EstimatorSpec(collections.namedtuple("EstimatorSpec", _SPEC_FIELDS)):
    """Mirrors ``tf.estimator.EstimatorSpec``: the ops and objects a ``model_fn`` returns, validated for ``mode``
    (TRAIN needs ``loss`` and ``train_op``, EVAL ``loss``, PREDICT ``predictions``). A loss of shape [1] is
    reshaped to a scalar; hooks become tuples; ``eval_metric_ops`` holds ``(value, update_op)`` pairs (a Keras
    ``Metric`` is converted to its pair); ``scaffold`` defaults to a new ``Scaffold``; in PREDICT mode
    ``export_outputs`` defaults to a ``PredictOutput`` of the predictions (``export.get_export_outputs``).

    Raises:
      ValueError / TypeError: with TF's messages (``Missing train_op.``, ``Missing loss.``, ``Loss must be
        scalar, given: ...``, ``... must be Tensor, given: ...``, ...)."""

    def __new__(cls, mode, predictions=None, loss=None, train_op=None, eval_metric_ops=None, export_outputs=None,
                training_chief_hooks=None, training_hooks=None, scaffold=None, evaluation_hooks=None,
                prediction_hooks=None):
        train_op = _validate_train_op(train_op, mode)
        loss = _validate_loss(loss, mode)
        predictions = _validate_predictions(predictions, mode)
        if mode == ModeKeys.PREDICT:
            export_outputs = export_lib.get_export_outputs(export_outputs, predictions)
        training_hooks = _validate_hooks(training_hooks)
        evaluation_hooks = _validate_hooks(evaluation_hooks)
        prediction_hooks = _validate_hooks(prediction_hooks)
        training_chief_hooks = _validate_hooks(training_chief_hooks)
        eval_metric_ops = _validate_eval_metric_ops(eval_metric_ops)
        scaffold = _validate_scaffold(scaffold)
        return super().__new__(cls, mode=mode, predictions=predictions, loss=loss, train_op=train_op,
                               eval_metric_ops=eval_metric_ops, export_outputs=export_outputs,
                               training_chief_hooks=training_chief_hooks, training_hooks=training_hooks,
                               scaffold=scaffold, evaluation_hooks=evaluation_hooks,
                               prediction_hooks=prediction_hooks)

    def _replace(self, **kwds: Any) -> "EstimatorSpec":
        """A new, re-validated EstimatorSpec with fields replaced; the mode cannot change (as TF)."""
        if "mode" in kwds and self.mode != kwds["mode"]:
            raise ValueError("mode of EstimatorSpec cannot be changed.")
        new_fields = map(kwds.pop, self._fields, list(self))
        return EstimatorSpec(*new_fields)
