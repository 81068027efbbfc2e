"""One evaluation pass over a checkpoint (mirrors TF's ``training/evaluation.py``, which ``Estimator.evaluate``
uses): an ``eval_step`` local counter, the hook that stops after N batches and logs ``Evaluation [i/N]``, and
``evaluate_once``, which runs the metric update ops until the input ends and returns the final metric values."""
from __future__ import annotations

import math
import time

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.name_scope import control_dependencies
from tfcompat._src.ops import array_ops, init_ops, state_ops
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training import basic_session_run_hooks as hooks_lib
from tfcompat._src.runtime.training import monitored_session
from tfcompat._src.runtime.training.session_run_hook import SessionRunArgs, SessionRunHook

__all__ = ["get_or_create_eval_step", "StopAfterNEvalsHook", "evaluate_once"]


def get_or_create_eval_step():
    """TF's ``evaluation._get_or_create_eval_step``: the int64 local variable ``eval_step`` of the default
    graph (collections LOCAL_VARIABLES and EVAL_STEP), created at 0 when missing."""
    graph = ctx_lib.get_default_graph()
    found = graph.get_collection(GraphKeys.EVAL_STEP)
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise ValueError("Multiple tensors added to tf.GraphKeys.EVAL_STEP")
    from tfcompat._src.ops.variable_scope import get_variable
    return get_variable("eval_step", shape=[], dtype=dtypes.int64, initializer=init_ops.zeros_initializer(),
                        trainable=False, collections=[GraphKeys.LOCAL_VARIABLES, GraphKeys.EVAL_STEP])


class StopAfterNEvalsHook(SessionRunHook):
    """TF's ``evaluation._StopAfterNEvalsHook``: logs ``Evaluation [i/N]`` (every N/10 batches when N >= 20) and
    requests a stop once ``num_evals`` batches ran (never when ``num_evals`` is None)."""

    def __init__(self, num_evals, log_progress=True):
        self._num_evals = num_evals
        self._evals_completed = None
        self._log_progress = log_progress
        self._log_frequency = 1 if (num_evals is None or num_evals < 20) else math.floor(num_evals / 10.)

    def _set_evals_completed_tensor(self, updated_eval_step):
        self._evals_completed = updated_eval_step

    def before_run(self, run_context):
        return SessionRunArgs({"evals_completed": self._evals_completed})

    def after_run(self, run_context, run_values):
        done = int(run_values.results["evals_completed"])
        if self._log_progress:
            if self._num_evals is None:
                logging.info("Evaluation [%d]", done)
            elif done % self._log_frequency == 0 or self._num_evals == done:
                logging.info("Evaluation [%d/%d]", done, self._num_evals)
        if self._num_evals is not None and done >= self._num_evals:
            run_context.request_stop()


def evaluate_once(checkpoint_path, master="", scaffold=None, eval_ops=None, feed_dict=None, final_ops=None,
                  final_ops_feed_dict=None, hooks=None, config=None):
    """TF's ``evaluation._evaluate_once``: restores ``checkpoint_path`` (or initializes when None), runs
    ``eval_ops`` (plus the eval-step increment) until a hook stops or the input ends, then returns the values
    of ``final_ops``."""
    eval_step = get_or_create_eval_step()
    hooks = list(hooks or [])
    if eval_ops is not None:
        update_eval_step = state_ops.assign_add(eval_step, 1, use_locking=True)
        if isinstance(eval_ops, dict):
            eval_ops["update_eval_step"] = update_eval_step
            update_ops = list(eval_ops.values())
        elif isinstance(eval_ops, (tuple, list)):
            eval_ops = list(eval_ops) + [update_eval_step]
            update_ops = eval_ops
        else:
            eval_ops = [eval_ops, update_eval_step]
            update_ops = eval_ops
        with control_dependencies(update_ops):
            eval_step_value = array_ops.identity(eval_step.read_value())
        for h in hooks:
            if isinstance(h, StopAfterNEvalsHook):
                h._set_evals_completed_tensor(eval_step_value)
    logging.info("Starting evaluation at " + time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime()))
    start = time.time()
    creator = monitored_session.ChiefSessionCreator(scaffold=scaffold, checkpoint_filename_with_path=checkpoint_path,
                                                    master=master, config=config)
    final_ops_hook = hooks_lib.FinalOpsHook(final_ops, final_ops_feed_dict)
    hooks.append(final_ops_hook)
    with monitored_session.MonitoredSession(session_creator=creator, hooks=hooks) as session:
        if eval_ops is not None:
            while not session.should_stop():
                session.run(eval_ops, feed_dict)
    logging.info("Inference Time : {:0.5f}s".format(time.time() - start))
    logging.info("Finished evaluation at " + time.strftime("%Y-%m-%d-%H:%M:%S", time.localtime()))
    return final_ops_hook.final_ops_values
