"""``tf.estimator.Estimator`` (mirrors tensorflow_estimator 2.15's ``estimator.py``, single process).

An Estimator is a harness around the TF1 loop: every ``train``/``evaluate``/``predict`` call builds a fresh
graph (global step, ``input_fn``, ``model_fn``), then runs it in a MonitoredSession that restores the latest
``model_dir/model.ckpt-N`` (or initializes), with TF's hooks: StopAtStepHook for ``steps``/``max_steps``,
NanTensorHook, LoggingTensorHook (``loss = ..., step = ...`` every ``log_step_count_steps``), the
CheckpointSaverHook of the RunConfig, the summary and step-counter hooks of MonitoredTrainingSession.

Distribution: ``RunConfig.train_distribute``/``eval_distribute`` may be any tfcompat strategy, all of which have one
replica (what TF does on a one-device machine): ``train``/``evaluate`` build the graph in the strategy's scope and
call ``model_fn`` in its replica context (``call_for_each_replica``), so the numbers are those of the plain loop.

Differences from TF: ``export_saved_model`` writes the PREDICT (serving) graph only."""
from __future__ import annotations

import contextlib
import copy
import os
import shutil
import tempfile
from typing import Any, Callable, Iterator

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import errors
from tfcompat._src.framework.graph import Graph, GraphKeys
from tfcompat._src.ops import metrics_ops
from tfcompat._src.ops.control_flow_ops import group
from tfcompat._src.estimator import evaluation
from tfcompat._src.estimator import export as export_lib
from tfcompat._src.estimator import model_fn as model_fn_lib
from tfcompat._src.estimator import object_saver
from tfcompat._src.estimator.input_fn_util import parse_input_fn_result
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.estimator.run_config import RunConfig, TaskType, get_default_session_config
from tfcompat._src.estimator.warm_starting import default_warm_start_settings, warm_start
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.summary import ops_v1 as summary_v1
from tfcompat._src.runtime.training import basic_session_run_hooks as hooks_lib
from tfcompat._src.runtime.training import global_step as global_step_lib
from tfcompat._src.runtime.training import monitored_session
from tfcompat._src.runtime.training.saver import Saver, latest_checkpoint
from tfcompat._src.runtime.training.session_run_hook import SessionRunHook
from tfcompat._src.runtime.session import Session
from tfcompat._src.saved_model.builder import SavedModelBuilder, tag_constants

__all__ = ["Estimator"]

_ALLOWED_OVERRIDES = {"model_fn", "_create_and_assert_global_step", "_export_all_saved_models",
                      "_tf_api_names", "_tf_api_names_v1", "_estimator_api_names", "_estimator_api_names_v1",
                      "_estimator_api_constants", "_estimator_api_constants_v1", "latest_checkpoint"}


class Estimator:
    """Mirrors ``tf.estimator.Estimator``: trains, evaluates and predicts with a ``model_fn(features, labels,
    mode, params, config) -> EstimatorSpec`` (only the arguments it names are passed), checkpointing in
    ``model_dir`` (a temporary directory, logged, when neither it nor ``config.model_dir`` is given).

    Raises:
      ValueError: no ``model_fn``, ``params`` given to a ``model_fn`` without a ``params`` argument (and the
        other argument checks of TF), a subclass overriding Estimator's members, ``model_dir`` differing from
        ``config.model_dir``."""

    def __init__(self, model_fn: Callable, model_dir=None, config: RunConfig | None = None, params=None,
                 warm_start_from=None):
        _assert_members_are_not_overridden(Estimator, self)
        self._config = _config_with_model_dir_and_session(config, model_dir)
        for strategy in (self._config.train_distribute, self._config.eval_distribute):
            if strategy is not None and strategy.num_replicas_in_sync != 1:
                from tfcompat._src.tools.unsupported import UnsupportedAPIError
                raise UnsupportedAPIError("tf.estimator.RunConfig(train_distribute=/eval_distribute=) with more "
                                          "than one replica", "tfcompat's Estimator runs one replica in one process")
        self._model_dir = self._config.model_dir
        self._session_config = self._config.session_config
        logging.info("Using config: %s", str(vars(self._config)))
        self._device_fn = self._config.device_fn
        if model_fn is None:
            raise ValueError("model_fn must be provided to Estimator.")
        model_fn_lib.verify_model_fn_args(model_fn, params)
        self._model_fn = model_fn
        self._params = copy.deepcopy(params or {})
        self._warm_start_settings = default_warm_start_settings(warm_start_from)

    # -- properties ------------------------------------------------------------------------------------------
    @property
    def model_dir(self) -> str:
        return self._model_dir

    @property
    def config(self) -> RunConfig:
        return copy.deepcopy(self._config)

    @property
    def params(self) -> dict:
        return copy.deepcopy(self._params)

    @property
    def model_fn(self) -> Callable:
        """The ``model_fn`` bound to this Estimator's ``params``: ``fn(features, labels, mode, config)``."""
        def public_model_fn(features, labels, mode, config):
            return self._call_model_fn(features, labels, mode, config)
        return public_model_fn

    # -- checkpoints -----------------------------------------------------------------------------------------
    def get_variable_value(self, name: str) -> np.ndarray:
        """Mirrors ``Estimator.get_variable_value``: the variable's value in the latest checkpoint.

        Raises:
          ValueError: no checkpoint yet (``Could not find trained model in model_dir: ...``)."""
        from tfcompat._src.runtime.training.checkpoint_reader import load_variable
        _check_checkpoint_available(self.model_dir)
        return load_variable(self.model_dir, name)

    def get_variable_names(self) -> list:
        """Mirrors ``Estimator.get_variable_names``: the names in the latest checkpoint (sorted, as TF lists)."""
        from tfcompat._src.runtime.training.checkpoint_reader import list_variables
        _check_checkpoint_available(self.model_dir)
        return [name for name, _ in list_variables(self.model_dir)]

    def latest_checkpoint(self) -> str | None:
        """Mirrors ``Estimator.latest_checkpoint``: the newest checkpoint's path in ``model_dir``, or None."""
        return latest_checkpoint(self.model_dir)

    def eval_dir(self, name: str | None = None) -> str:
        """Mirrors ``Estimator.eval_dir``: ``model_dir/eval`` or ``model_dir/eval_<name>``."""
        return os.path.join(self._model_dir, "eval" if not name else "eval_" + name)

    # -- train -----------------------------------------------------------------------------------------------
    def train(self, input_fn: Callable, hooks=None, steps=None, max_steps=None, saving_listeners=None):
        """Mirrors ``Estimator.train``: trains until ``input_fn`` is exhausted, ``steps`` more steps or the
        global step reaches ``max_steps`` (skipped when the checkpoint is already there). Returns ``self``.

        Raises:
          ValueError: both ``steps`` and ``max_steps``, or either <= 0.
          TypeError: a hook that is not a SessionRunHook."""
        if self.config.task_type in (TaskType.EVALUATOR, TaskType.PS):
            raise ValueError("Train has been called wrong configuration. Please use tf.estimator.train_and_evaluate "
                             "which calls proper API according to given configuration. Current configuration: "
                             "{}.".format(self.config))
        if steps is not None and max_steps is not None:
            raise ValueError("Can not provide both steps and max_steps.")
        if steps is not None and steps <= 0:
            raise ValueError("Must specify steps > 0, given: {}".format(steps))
        if max_steps is not None and max_steps <= 0:
            raise ValueError("Must specify max_steps > 0, given: {}".format(max_steps))
        if max_steps is not None:
            start_step = _load_global_step_from_checkpoint_dir(self._model_dir)
            if max_steps <= start_step:
                logging.info("Skipping training since max_steps has already saved.")
                return self
        hooks = _check_hooks_type(hooks)
        if steps is not None or max_steps is not None:
            hooks.append(hooks_lib.StopAtStepHook(steps, max_steps))
        saving_listeners = _check_listeners_type(saving_listeners)
        loss = self._train_model(input_fn, hooks, saving_listeners)
        logging.info("Loss for final step: %s.", loss)
        return self

    def _train_model(self, input_fn, hooks, saving_listeners):
        worker_hooks = []
        strategy = self._config.train_distribute
        with Graph().as_default() as g, _device_scope(g, self._device_fn), _strategy_scope(strategy):
            _set_graph_seed(g, self._config.tf_random_seed)
            self._create_and_assert_global_step(g)
            features, labels, input_hooks = parse_input_fn_result(self._call_input_fn(input_fn, ModeKeys.TRAIN))
            worker_hooks.extend(input_hooks)
            spec = self._call_model_fn_in_replica(strategy, features, labels, ModeKeys.TRAIN)
            global_step_tensor = global_step_lib.get_global_step(g)
            return self._train_with_estimator_spec(spec, worker_hooks, hooks, global_step_tensor, saving_listeners)

    def _train_with_estimator_spec(self, spec, worker_hooks, hooks, global_step_tensor, saving_listeners):
        graph = ctx_lib.get_default_graph()
        if self._warm_start_settings and not latest_checkpoint(self._model_dir):
            logging.info("Warm-starting with WarmStartSettings: %s" % (self._warm_start_settings,))
            warm_start(*self._warm_start_settings)
        # TF adds a 'loss' summary unless the model_fn made one with that op name
        if not any(s.op.name == "loss" for s in graph.get_collection(GraphKeys.SUMMARIES)):
            summary_v1.scalar("loss", spec.loss)
        graph.add_to_collection(GraphKeys.LOSSES, spec.loss)
        worker_hooks.extend(hooks)
        worker_hooks.append(hooks_lib.NanTensorHook(spec.loss))
        if self._config.log_step_count_steps is not None:
            worker_hooks.append(hooks_lib.LoggingTensorHook({"loss": spec.loss, "step": global_step_tensor},
                                                            every_n_iter=self._config.log_step_count_steps))
        worker_hooks.extend(spec.training_hooks)
        if not (spec.scaffold.saver or graph.get_collection(GraphKeys.SAVERS)):
            graph.add_to_collection(GraphKeys.SAVERS, Saver(
                sharded=True, max_to_keep=self._config.keep_checkpoint_max,
                keep_checkpoint_every_n_hours=self._config.keep_checkpoint_every_n_hours, defer_build=True,
                save_relative_paths=True))
        chief_hooks = []
        all_hooks = worker_hooks + list(spec.training_chief_hooks)
        saver_hooks = [h for h in all_hooks if isinstance(h, hooks_lib.CheckpointSaverHook)]
        if self._config.save_checkpoints_secs or self._config.save_checkpoints_steps:
            if not saver_hooks:
                chief_hooks = [hooks_lib.CheckpointSaverHook(
                    self._model_dir, save_secs=self._config.save_checkpoints_secs,
                    save_steps=self._config.save_checkpoints_steps, scaffold=spec.scaffold,
                    save_graph_def=self._config.checkpoint_save_graph_def)]
                saver_hooks = [chief_hooks[0]]
        if saving_listeners:
            if not saver_hooks:
                raise ValueError("There should be a CheckpointSaverHook to use saving_listeners. Please set one of "
                                 "the RunConfig.save_checkpoints_steps or RunConfig.save_checkpoints_secs.")
            for listener in saving_listeners:
                if listener not in saver_hooks[0]._listeners:
                    saver_hooks[0]._listeners.append(listener)
        with monitored_session.MonitoredTrainingSession(
                master=self._config.master, is_chief=self._config.is_chief, checkpoint_dir=self._model_dir,
                scaffold=spec.scaffold, hooks=worker_hooks,
                chief_only_hooks=tuple(chief_hooks) + tuple(spec.training_chief_hooks),
                save_checkpoint_secs=0,   # saving is the CheckpointSaverHook's (as TF)
                save_summaries_steps=self._config.save_summary_steps, config=self._session_config,
                max_wait_secs=self._config.session_creation_timeout_secs,
                log_step_count_steps=self._config.log_step_count_steps,
                save_graph_def=self._config.checkpoint_save_graph_def) as mon_sess:
            loss = None
            current_step = 0
            while not mon_sess.should_stop():
                current_step += 1
                _, loss = mon_sess.run([spec.train_op, spec.loss])
        if current_step == 0:
            logging.warning("Training with estimator made no steps. Perhaps input is empty or misspecified.")
        return loss

    # -- evaluate --------------------------------------------------------------------------------------------
    def evaluate(self, input_fn: Callable, steps=None, hooks=None, checkpoint_path=None, name=None) -> dict:
        """Mirrors ``Estimator.evaluate``: runs the metric update ops over ``steps`` batches (or until the input
        ends) with the variables of ``checkpoint_path`` (default: the latest checkpoint; fresh initial values,
        logged, when there is none). Returns ``{metric: value, 'loss': mean loss per batch, 'global_step': N}``
        and writes it as a summary to ``eval_dir(name)``.

        Raises:
          ValueError: ``steps <= 0``; a metric named ``loss`` or ``global_step``."""
        hooks = _check_hooks_type(hooks)
        if steps is not None:
            if steps <= 0:
                raise ValueError("Must specify steps > 0, given: {}".format(steps))
            hooks.append(evaluation.StopAfterNEvalsHook(num_evals=steps))
        if not checkpoint_path:
            latest_path = latest_checkpoint(self._model_dir)
            if not latest_path:
                logging.info("Could not find trained model in model_dir: {}, running initialization to evaluate."
                             .format(self._model_dir))
            checkpoint_path = latest_path
        with Graph().as_default(), _strategy_scope(self._config.eval_distribute):
            scaffold, update_op, eval_dict, all_hooks = self._evaluate_build_graph(input_fn, hooks, checkpoint_path)
            results = evaluation.evaluate_once(checkpoint_path=checkpoint_path,
                                               master=self._config.evaluation_master, scaffold=scaffold,
                                               eval_ops=update_op, final_ops=eval_dict, hooks=all_hooks,
                                               config=self._session_config)
            _write_dict_to_summary(self.eval_dir(name), results, results[GraphKeys.GLOBAL_STEP])
            if checkpoint_path:
                _write_checkpoint_path_to_summary(self.eval_dir(name), checkpoint_path,
                                                  results[GraphKeys.GLOBAL_STEP])
        return results

    def _evaluate_build_graph(self, input_fn, hooks, checkpoint_path):
        graph = ctx_lib.get_default_graph()
        _set_graph_seed(graph, self._config.tf_random_seed)
        self._create_and_assert_global_step(graph)
        features, labels, input_hooks = parse_input_fn_result(self._call_input_fn(input_fn, ModeKeys.EVAL))
        spec = self._call_model_fn_in_replica(self._config.eval_distribute, features, labels, ModeKeys.EVAL)
        eval_metric_ops = dict(spec.eval_metric_ops)
        if model_fn_lib.LOSS_METRIC_KEY in eval_metric_ops:
            raise ValueError('Metric with name "%s" is not allowed, because Estimator ' % model_fn_lib.LOSS_METRIC_KEY
                             + "already defines a default metric with the same name.")
        eval_metric_ops[model_fn_lib.LOSS_METRIC_KEY] = metrics_ops.mean(spec.loss)
        update_ops = []
        eval_dict = {}
        for name, value in sorted(eval_metric_ops.items()):   # sorted: the same graph every time (as TF)
            eval_dict[name] = value[0]
            update_ops.append(value[1])
        update_op = group(*update_ops) if update_ops else None
        global_step_tensor = global_step_lib.get_global_step(graph)
        self._maybe_warm_start(checkpoint_path)
        if GraphKeys.GLOBAL_STEP in eval_dict:
            raise ValueError("Metric with name `global_step` is not allowed, because Estimator already defines a "
                             "default metric with the same name.")
        eval_dict[GraphKeys.GLOBAL_STEP] = global_step_tensor
        all_hooks = list(input_hooks) + list(hooks) + list(spec.evaluation_hooks or [])
        scaffold = spec.scaffold
        if scaffold and scaffold.local_init_op:
            evaluation.get_or_create_eval_step()
            scaffold = monitored_session.Scaffold(
                local_init_op=group(scaffold.local_init_op, monitored_session.Scaffold.default_local_init_op()),
                copy_from_scaffold=scaffold)
        return scaffold, update_op, eval_dict, all_hooks

    # -- predict ---------------------------------------------------------------------------------------------
    def predict(self, input_fn: Callable, predict_keys=None, hooks=None, checkpoint_path=None,
                yield_single_examples: bool = True) -> Iterator[Any]:
        """Mirrors ``Estimator.predict``: a generator of the evaluated ``predictions`` (one example at a time, or
        whole batches with ``yield_single_examples=False``) until ``input_fn`` is exhausted.

        Raises:
          ValueError: ``predict_keys`` with non-dict predictions or matching none of them; predictions of
            different batch lengths with ``yield_single_examples``."""
        hooks = _check_hooks_type(hooks)
        if not checkpoint_path:
            checkpoint_path = latest_checkpoint(self._model_dir)
        if not checkpoint_path:
            logging.info("Could not find trained model in model_dir: {}, running initialization to predict."
                         .format(self._model_dir))
        with Graph().as_default() as g:
            _set_graph_seed(g, self._config.tf_random_seed)
            self._create_and_assert_global_step(g)
            result = self._call_input_fn(input_fn, ModeKeys.PREDICT)
            features, _, input_hooks = parse_input_fn_result(result)
            if not _has_dataset_or_queue_runner(features, g):
                logging.warning("Input graph does not use tf.data.Dataset or contain a QueueRunner. That means "
                                "predict yields forever. This is probably a mistake.")
            spec = self._call_model_fn(features, None, ModeKeys.PREDICT, self.config)
            self._maybe_warm_start(checkpoint_path)
            predictions = _extract_keys(spec.predictions, predict_keys)
            all_hooks = list(input_hooks) + list(hooks) + list(spec.prediction_hooks or [])
            creator = monitored_session.ChiefSessionCreator(checkpoint_filename_with_path=checkpoint_path,
                                                            master=self._config.master, scaffold=spec.scaffold,
                                                            config=self._session_config)
            with monitored_session.MonitoredSession(session_creator=creator, hooks=all_hooks) as mon_sess:
                while not mon_sess.should_stop():
                    preds = mon_sess.run(predictions)
                    if not yield_single_examples:
                        yield preds
                    elif not isinstance(predictions, dict):
                        yield from preds
                    else:
                        for i in range(_extract_batch_length(preds)):
                            yield {key: value[i] for key, value in preds.items()}

    def export_saved_model(self, export_dir_base, serving_input_receiver_fn, assets_extra=None, as_text=False,
                           checkpoint_path=None, experimental_mode=ModeKeys.PREDICT):
        """Mirrors ``Estimator.export_saved_model``: builds the ``serve`` graph (``serving_input_receiver_fn``'s
        placeholders through ``model_fn`` in PREDICT mode), restores ``checkpoint_path`` (default: the latest
        checkpoint) into it and writes a SavedModel to ``export_dir_base/<timestamp>`` with one SignatureDef per
        export output (``EstimatorSpec.export_outputs``; by default a predict signature ``serving_default``).
        Returns that directory as bytes, as TF does.

        Difference: only ``experimental_mode=PREDICT`` (TRAIN/EVAL graphs raise ``UnsupportedAPIError``).

        Raises:
          ValueError: no ``serving_input_receiver_fn``; no checkpoint (``Couldn't find trained model at ...``);
            the checkpoint lacks a variable of the serving graph."""
        if not serving_input_receiver_fn:
            raise ValueError("An input_receiver_fn must be defined.")
        if experimental_mode != ModeKeys.PREDICT:
            from tfcompat._src.tools.unsupported import UnsupportedAPIError
            raise UnsupportedAPIError(f"tf.estimator.Estimator.export_saved_model(experimental_mode="
                                      f"{experimental_mode!r})", "only the PREDICT (serving) graph is exported")
        if not checkpoint_path:
            checkpoint_path = self.latest_checkpoint()
        if not checkpoint_path:
            raise ValueError("Couldn't find trained model at {}.".format(self._model_dir))
        export_dir = export_lib.get_timestamped_export_dir(export_dir_base)
        temp_export_dir = export_lib.get_temp_export_dir(export_dir)
        builder = SavedModelBuilder(os.fsdecode(temp_export_dir))
        self._add_serving_meta_graph(builder, serving_input_receiver_fn, checkpoint_path)
        builder.save(as_text)
        for dest_relative, source in (assets_extra or {}).items():
            dest = os.path.join(os.fsencode(temp_export_dir), b"assets.extra", os.fsencode(dest_relative))
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(source, dest)
        os.rename(temp_export_dir, export_dir)
        return export_dir

    export_savedmodel = export_saved_model

    def _add_serving_meta_graph(self, builder, serving_input_receiver_fn, checkpoint_path) -> None:
        """TF's ``_add_meta_graph_for_mode`` for PREDICT: the serving graph, its signatures, the restored
        variables and the local-variable init op as the SavedModel's main op."""
        with Graph().as_default() as g:
            _set_graph_seed(g, self._config.tf_random_seed)
            self._create_and_assert_global_step(g)
            receiver = serving_input_receiver_fn()
            spec = self._call_model_fn(receiver.features, getattr(receiver, "labels", None), ModeKeys.PREDICT,
                                       self.config)
            export_outputs = export_lib.get_export_outputs(spec.export_outputs, spec.predictions)
            signature_def_map = export_lib.build_all_signature_defs(
                receiver.receiver_tensors, export_outputs,
                getattr(receiver, "receiver_tensors_alternatives", None), serving_only=True)
            with Session(config=self._session_config) as session:
                local_init_op = spec.scaffold.local_init_op
                if local_init_op is None:
                    local_init_op = monitored_session.Scaffold.default_local_init_op()
                graph_saver = spec.scaffold.saver or Saver(sharded=True)
                try:
                    graph_saver.restore(session, checkpoint_path)
                except errors.NotFoundError as e:
                    raise ValueError("Could not load all requested variables from checkpoint. Please make sure your "
                                     "model_fn does not expect variables that were not saved in the checkpoint.\n\n"
                                     "Encountered error with mode `{}` while restoring checkpoint from: `{}`. Full "
                                     "Traceback:\n\n{}".format(ModeKeys.PREDICT, checkpoint_path, e)) from e
                builder.add_meta_graph_and_variables(session, tags=[tag_constants.SERVING],
                                                     signature_def_map=signature_def_map, main_op=local_init_op,
                                                     saver=graph_saver, strip_default_attrs=True)

    # -- calling the user's functions ------------------------------------------------------------------------
    def _create_and_assert_global_step(self, graph):
        step = global_step_lib.create_global_step(graph)
        assert step is global_step_lib.get_global_step()
        assert step.dtype.is_integer
        return step

    def _call_input_fn(self, input_fn, mode):
        args = model_fn_lib.fn_args(input_fn)
        kwargs = {}
        if "mode" in args:
            kwargs["mode"] = mode
        if "params" in args:
            kwargs["params"] = self.params
        if "config" in args:
            kwargs["config"] = self.config
        return input_fn(**kwargs)

    def _call_model_fn(self, features, labels, mode, config):
        args = model_fn_lib.fn_args(self._model_fn)
        kwargs = {}
        if "labels" in args:
            kwargs["labels"] = labels
        elif labels is not None:
            raise ValueError("model_fn does not take labels, but input_fn returns labels.")
        if "mode" in args:
            kwargs["mode"] = mode
        if "params" in args:
            kwargs["params"] = self.params
        if "config" in args:
            kwargs["config"] = config
        logging.info("Calling model_fn.")
        results = self._model_fn(features=features, **kwargs)
        logging.info("Done calling model_fn.")
        if not isinstance(results, model_fn_lib.EstimatorSpec):
            raise ValueError("model_fn should return an EstimatorSpec.")
        return object_saver.with_checkpoint_saver_replaced(results)

    def _call_model_fn_in_replica(self, strategy, features, labels, mode):
        """``model_fn`` called directly, or in ``strategy``'s replica context (its one replica)."""
        if strategy is None:
            return self._call_model_fn(features, labels, mode, self.config)
        return strategy.extended.call_for_each_replica(self._call_model_fn,
                                                       args=(features, labels, mode, self.config))

    def _maybe_warm_start(self, checkpoint_path):
        if not checkpoint_path and self._warm_start_settings:
            logging.info("Warm-starting with WarmStartSettings: %s" % (self._warm_start_settings,))
            warm_start(*self._warm_start_settings)


# ------------------------------------------------------------------------------------------------
# helpers (TF's module-level functions of estimator.py)
# ------------------------------------------------------------------------------------------------
def _assert_members_are_not_overridden(cls, obj) -> None:
    if obj.__class__.__name__ == "TPUEstimator":
        return
    estimator_members = {m for m in dir(cls) if not m.startswith("__")}
    common = (estimator_members & set(obj.__class__.__dict__.keys())) - _ALLOWED_OVERRIDES
    overridden = [m for m in common if getattr(cls, m) != getattr(obj.__class__, m)]
    if overridden:
        raise ValueError("Subclasses of Estimator cannot override members of Estimator. {} does override {}"
                         .format(obj.__class__, overridden))


def _config_with_model_dir_and_session(config, model_dir) -> RunConfig:
    """TF's ``maybe_overwrite_model_dir_and_session_config``."""
    if config is None:
        config = RunConfig()
        logging.info("Using default config.")
    if not isinstance(config, RunConfig):
        raise ValueError("config must be an instance of `RunConfig`, but provided %s." % config)
    if config.session_config is None:
        config = RunConfig.replace(config, session_config=get_default_session_config())
    model_dir = os.fspath(model_dir) if hasattr(model_dir, "__fspath__") else model_dir
    if model_dir is not None:
        if getattr(config, "model_dir", None) is not None and config.model_dir != model_dir:
            raise ValueError("`model_dir` are set both in constructor and `RunConfig`, but with different values. In "
                             "constructor: '{}', in `RunConfig`: '{}' ".format(model_dir, config.model_dir))
    if model_dir:
        config = RunConfig.replace(config, model_dir=model_dir)
    elif getattr(config, "model_dir", None) is None:
        model_dir = tempfile.mkdtemp()
        logging.warning("Using temporary folder as model directory: %s", model_dir)
        config = RunConfig.replace(config, model_dir=model_dir)
    return config


def _set_graph_seed(graph, seed) -> None:
    # TF calls tf.compat.v1.set_random_seed inside the new graph, which sets only that graph's seed; the eager
    # global seed is left alone.
    graph.seed = seed
    graph._last_op_seed = 0


class _NoDevice:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _strategy_scope(strategy):
    """``strategy.scope()``, or nothing when ``strategy`` is None."""
    return strategy.scope() if strategy is not None else contextlib.nullcontext()


def _device_scope(graph, device_fn):
    return graph.device(device_fn) if device_fn is not None else _NoDevice()


def _check_checkpoint_available(model_dir) -> None:
    if not latest_checkpoint(model_dir):
        raise ValueError("Could not find trained model in model_dir: {}.".format(model_dir))


def _check_hooks_type(hooks) -> list:
    hooks = list(hooks or [])
    for h in hooks:
        if not isinstance(h, SessionRunHook):
            raise TypeError("Hooks must be a SessionRunHook, given: {}".format(h))
    return hooks


def _check_listeners_type(saving_listeners) -> list:
    listeners = list(saving_listeners or [])
    for listener in listeners:
        if not isinstance(listener, hooks_lib.CheckpointSaverListener):
            raise TypeError("saving_listeners must be a list of CheckpointSaverListener, given: {}".format(listener))
    return listeners


def _load_global_step_from_checkpoint_dir(checkpoint_dir) -> int:
    from tfcompat._src.runtime.training.checkpoint_reader import load_variable
    path = latest_checkpoint(checkpoint_dir)
    if not path:
        return 0
    return int(load_variable(path, GraphKeys.GLOBAL_STEP))


def _extract_keys(predictions, predict_keys):
    if not predict_keys:
        return predictions
    if not isinstance(predictions, dict):
        raise ValueError("predict_keys argument is not valid in case of non-dict predictions.")
    existing_keys = predictions.keys()
    chosen = {key: value for key, value in predictions.items() if key in predict_keys}
    if not chosen:
        raise ValueError("Expected to run at least one output from %s, provided %s." % (existing_keys, predict_keys))
    return chosen


def _extract_batch_length(preds_evaluated) -> int:
    batch_length = None
    for key, value in preds_evaluated.items():
        batch_length = batch_length or value.shape[0]
        if value.shape[0] != batch_length:
            raise ValueError("Batch length of predictions should be same. %s has different batch length than "
                             "others." % key)
    return batch_length


def _has_dataset_or_queue_runner(features, graph) -> bool:
    from tfcompat._src.framework.nest import flatten
    from tfcompat._src.framework.tensor import Tensor
    if any(isinstance(t, Tensor) and t.op.type == "IteratorGetNext" for t in flatten(features)):
        return True
    return bool(graph.get_collection(GraphKeys.QUEUE_RUNNERS))


def _dict_to_str(dictionary) -> str:
    return ", ".join("%s = %s" % (k, v) for k, v in sorted(dictionary.items()) if not isinstance(v, bytes))


def _write_dict_to_summary(output_dir, dictionary, current_global_step) -> None:
    """TF's ``_write_dict_to_summary``: logs ``Saving dict for global step N: ...`` and writes the scalar metrics
    to ``output_dir``'s event file."""
    from tfcompat._src.protos import summary as proto
    from tfcompat._src.runtime.summary.writer_v1 import FileWriterCache
    logging.info("Saving dict for global step %d: %s", current_global_step, _dict_to_str(dictionary))
    values = []
    for key, value in dictionary.items():
        if value is None or key == "global_step":
            continue
        if isinstance(value, (np.floating, float, np.integer, int)) and not isinstance(value, bool):
            values.append(proto.Summary.Value(tag=key, simple_value=float(value)))
        else:
            logging.warning("Skipping summary for %s, must be a float, np.float32, np.int64, np.int32 or int.", key)
    writer = FileWriterCache.get(output_dir)
    writer.add_summary(proto.Summary(value=values), current_global_step)
    writer.flush()


def _write_checkpoint_path_to_summary(output_dir, checkpoint_path, current_global_step) -> None:
    """TF's ``_write_checkpoint_path_to_summary``: the evaluated checkpoint's path as a string tensor summary."""
    from tfcompat._src.framework import dtypes
    from tfcompat._src.framework.tensor_util import make_tensor_proto
    from tfcompat._src.protos import summary as proto
    from tfcompat._src.runtime.summary.writer_v1 import FileWriterCache
    logging.info("Saving '%s' summary for global step %d: %s", "checkpoint_path", current_global_step,
                 checkpoint_path)
    value = proto.Summary.Value(tag="checkpoint_path", tensor=make_tensor_proto(checkpoint_path, dtype=dtypes.string))
    writer = FileWriterCache.get(output_dir)
    writer.add_summary(proto.Summary(value=[value]), current_global_step)
    writer.flush()
