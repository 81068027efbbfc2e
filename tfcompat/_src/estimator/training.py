"""``tf.estimator.TrainSpec``, ``EvalSpec`` and ``train_and_evaluate`` (mirror tensorflow_estimator's
``training.py``), local mode only.

TF without a cluster in ``TF_CONFIG`` runs ``_TrainingExecutor.run_local``: one ``Estimator.train`` up to
``train_spec.max_steps`` with a checkpoint listener that evaluates every new checkpoint after the first (at most
once per ``eval_spec.throttle_secs``) and once more at the end, and returns ``(metrics of the last evaluation,
export results)``. tfcompat does the same; a distributed ``TF_CONFIG`` (chief/worker/ps/evaluator tasks) is not
emulated (each process would need TF's gRPC servers), and exporters are not run (no SavedModel export)."""
from __future__ import annotations

import collections
import json
import os

from tfcompat._src.estimator.estimator import Estimator
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training.basic_session_run_hooks import CheckpointSaverListener, SecondOrStepTimer
from tfcompat._src.runtime.training.session_run_hook import SessionRunHook

__all__ = ["TrainSpec", "EvalSpec", "train_and_evaluate"]


def _validate_input_fn(input_fn) -> None:
    if not callable(input_fn):
        raise TypeError("`input_fn` must be callable, given: {}".format(input_fn))


def _validate_hooks(hooks) -> tuple:
    hooks = tuple(hooks or [])
    for hook in hooks:
        if not isinstance(hook, SessionRunHook):
            raise TypeError("All hooks must be `SessionRunHook` instances, given: {}".format(hook))
    return hooks


class TrainSpec(collections.namedtuple("TrainSpec", ["input_fn", "max_steps", "hooks", "saving_listeners"])):
    """Mirrors ``tf.estimator.TrainSpec``: the training input, step limit, hooks and saving listeners.

    Raises:
      TypeError: ``input_fn`` not callable, a hook or listener of the wrong type.
      ValueError: ``max_steps <= 0``."""

    def __new__(cls, input_fn, max_steps=None, hooks=None, saving_listeners=None):
        _validate_input_fn(input_fn)
        if max_steps is not None and max_steps <= 0:
            raise ValueError("Must specify max_steps > 0, given: {}".format(max_steps))
        hooks = _validate_hooks(hooks)
        saving_listeners = tuple(saving_listeners or [])
        for listener in saving_listeners:
            if not isinstance(listener, CheckpointSaverListener):
                raise TypeError("All saving_listeners must be `CheckpointSaverListener` instances, given: {}"
                                .format(listener))
        return super().__new__(cls, input_fn=input_fn, max_steps=max_steps, hooks=hooks,
                               saving_listeners=saving_listeners)


class EvalSpec(collections.namedtuple("EvalSpec", ["input_fn", "steps", "name", "hooks", "exporters",
                                                   "start_delay_secs", "throttle_secs"])):
    """Mirrors ``tf.estimator.EvalSpec``: the evaluation input, batches per evaluation (``steps``, default 100;
    None = until the input ends), name, hooks, exporters and throttling.

    Difference: ``exporters`` must be empty (tfcompat does not export SavedModels); ``start_delay_secs`` only
    matters for TF's separate evaluator task and is accepted but unused.

    Raises:
      TypeError / ValueError: TF's checks on each argument."""

    def __new__(cls, input_fn, steps=100, name=None, hooks=None, exporters=None, start_delay_secs=120,
                throttle_secs=600):
        _validate_input_fn(input_fn)
        if steps is not None and steps <= 0:
            raise ValueError("Must specify steps > 0, given: {}".format(steps))
        if name is not None and not isinstance(name, str):
            raise TypeError("`name` must be string, given: {}".format(name))
        hooks = _validate_hooks(hooks)
        if exporters is not None and not isinstance(exporters, (list, tuple)):
            exporters = (exporters,)
        exporters = tuple(exporters or ())
        if exporters:
            from tfcompat._src.tools.unsupported import UnsupportedAPIError
            raise UnsupportedAPIError("tf.estimator.EvalSpec(exporters=...)",
                                      "tfcompat's Estimator does not export SavedModels")
        if start_delay_secs < 0:
            raise ValueError("Must specify start_delay_secs >= 0, given: {}".format(start_delay_secs))
        if throttle_secs < 0:
            raise ValueError("Must specify throttle_secs >= 0, given: {}".format(throttle_secs))
        return super().__new__(cls, input_fn=input_fn, steps=steps, name=name, hooks=hooks, exporters=exporters,
                               start_delay_secs=start_delay_secs, throttle_secs=throttle_secs)


class _Evaluator:
    """TF's ``_TrainingExecutor._Evaluator``: evaluates the latest checkpoint unless it was evaluated already."""

    def __init__(self, estimator, eval_spec):
        self._estimator = estimator
        self._eval_spec = eval_spec
        self._previous_ckpt_path = None

    def evaluate(self):
        latest = self._estimator.latest_checkpoint()
        if not latest:
            logging.warning("Estimator is not trained yet. Will start an evaluation when a checkpoint is ready.")
            return None
        if latest == self._previous_ckpt_path:
            logging.info("Skipping evaluation due to same checkpoint %s for global step %d", latest,
                         self._estimator.get_variable_value("global_step"))
            return None
        metrics = self._estimator.evaluate(self._eval_spec.input_fn, steps=self._eval_spec.steps,
                                           name=self._eval_spec.name, checkpoint_path=latest,
                                           hooks=self._eval_spec.hooks)
        self._previous_ckpt_path = latest
        return metrics


class _NewCheckpointListenerForEvaluate(CheckpointSaverListener):
    """TF's listener of the same name: evaluates after every checkpoint save but the first (the step-0 save),
    throttled to one evaluation per ``throttle_secs``, and at the end when the last step was not evaluated."""

    def __init__(self, evaluator, throttle_secs):
        self._evaluator = evaluator
        self._throttle_secs = throttle_secs
        self.eval_result = None

    def begin(self):
        self._timer = SecondOrStepTimer(every_secs=self._throttle_secs)
        self._is_first_run = True

    def after_save(self, session, global_step_value):
        if self._is_first_run:
            self._is_first_run = False
            return None
        if self._timer.should_trigger_for_step(global_step_value):
            self._evaluate(global_step_value)
        else:
            logging.info("Skip the current checkpoint eval due to throttle secs ({} secs).".format(
                self._throttle_secs))
        return None

    def end(self, session, global_step_value):
        if global_step_value != self._timer.last_triggered_step():
            self._evaluate(global_step_value)

    def _evaluate(self, global_step_value):
        self._timer.update_last_triggered_step(global_step_value)
        result = self._evaluator.evaluate()
        if result is None:
            raise RuntimeError("There was no new checkpoint after the training. Eval status: no new checkpoint")
        self.eval_result = result


def train_and_evaluate(estimator: Estimator, train_spec: TrainSpec, eval_spec: EvalSpec):
    """Mirrors ``tf.estimator.train_and_evaluate`` in local mode (see the module docstring): trains to
    ``train_spec.max_steps``, evaluating each new checkpoint. Returns ``(metrics dict of the last evaluation or
    None, [])``.

    Raises:
      TypeError: arguments of the wrong types (TF's messages).
      UnsupportedAPIError: a ``TF_CONFIG`` describing a cluster."""
    if not isinstance(eval_spec, EvalSpec):
        raise TypeError("`eval_spec` must have type `tf.estimator.EvalSpec`. Got: {}".format(type(eval_spec)))
    if not isinstance(estimator, Estimator):
        raise TypeError("`estimator` must have type `tf.estimator.Estimator`. Got: {}".format(type(estimator)))
    if not isinstance(train_spec, TrainSpec):
        raise TypeError("`train_spec` must have type `tf.estimator.TrainSpec`. Got: {}".format(type(train_spec)))
    if json.loads(os.environ.get("TF_CONFIG", "{}")).get("cluster"):
        from tfcompat._src.tools.unsupported import UnsupportedAPIError
        raise UnsupportedAPIError("tf.estimator.train_and_evaluate with a TF_CONFIG cluster",
                                  "distributed Estimator training is not emulated; run one local process")
    config = estimator.config
    logging.info("Running training and evaluation locally (non-distributed).")
    logging.info("Start train and evaluate loop. The evaluate will happen after every checkpoint. Checkpoint "
                 "frequency is determined based on RunConfig arguments: save_checkpoints_steps {} or "
                 "save_checkpoints_secs {}.".format(config.save_checkpoints_steps, config.save_checkpoints_secs))
    listener = _NewCheckpointListenerForEvaluate(_Evaluator(estimator, eval_spec), eval_spec.throttle_secs)
    estimator.train(input_fn=train_spec.input_fn, max_steps=train_spec.max_steps, hooks=list(train_spec.hooks),
                    saving_listeners=list(train_spec.saving_listeners) + [listener])
    return listener.eval_result, []
