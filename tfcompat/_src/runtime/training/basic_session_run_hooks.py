"""The standard ``SessionRunHook``s (mirror TF's ``training/basic_session_run_hooks.py``): ``StopAtStepHook``,
``NanTensorHook``, ``LoggingTensorHook``, ``CheckpointSaverHook``, ``SummarySaverHook``, ``StepCounterHook``,
``FinalOpsHook``, ``FeedFnHook`` and the ``SecondOrStepTimer`` they share."""
from __future__ import annotations

import os
import time

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import errors
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training import global_step as global_step_lib
from tfcompat._src.runtime.training.session_run_hook import SessionRunArgs, SessionRunHook

__all__ = ["SecondOrStepTimer", "StopAtStepHook", "NanLossDuringTrainingError", "NanTensorHook",
           "LoggingTensorHook", "CheckpointSaverListener", "CheckpointSaverHook", "SummarySaverHook",
           "StepCounterHook", "FinalOpsHook", "FeedFnHook", "GlobalStepWaiterHook"]


class SecondOrStepTimer:
    """Mirrors ``tf.compat.v1.train.SecondOrStepTimer``: triggers every ``every_secs`` seconds or
    ``every_steps`` steps (exactly one of them)."""

    def __init__(self, every_secs=None, every_steps=None):
        if (every_secs is None) == (every_steps is None):
            raise ValueError("Either every_secs or every_steps should be provided.")
        self._every_secs = every_secs
        self._every_steps = every_steps
        self.reset()

    def reset(self):
        self._last_triggered_step = None
        self._last_triggered_time = None

    def should_trigger_for_step(self, step) -> bool:
        if self._last_triggered_step is None:
            return True
        if self._last_triggered_step == step:
            return False
        if self._every_secs is not None and time.time() >= self._last_triggered_time + self._every_secs:
            return True
        if self._every_steps is not None and step >= self._last_triggered_step + self._every_steps:
            return True
        return False

    def update_last_triggered_step(self, step):
        """Records a trigger at ``step``; returns (seconds, steps) since the previous one (None the first time)."""
        now = time.time()
        if self._last_triggered_time is None:
            elapsed = (None, None)
        else:
            elapsed = (now - self._last_triggered_time, step - self._last_triggered_step)
        self._last_triggered_time = now
        self._last_triggered_step = step
        return elapsed

    def last_triggered_step(self):
        return self._last_triggered_step


def _global_step_read(hook_name):
    step = global_step_lib.get_global_step()
    if step is None:
        raise RuntimeError(f"Global step should be created to use {hook_name}.")
    return step


def _as_tensor(x):
    if isinstance(x, Tensor):
        return x
    as_tensor = getattr(x, "_as_tensor", None)
    return as_tensor() if as_tensor is not None else x


class StopAtStepHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.StopAtStepHook``: requests a stop at a global step (``last_step``) or after
    ``num_steps`` more steps."""

    def __init__(self, num_steps=None, last_step=None):
        if num_steps is None and last_step is None:
            raise ValueError("One of num_steps or last_step must be specified.")
        if num_steps is not None and last_step is not None:
            raise ValueError("Only one of num_steps or last_step can be specified.")
        self._num_steps = num_steps
        self._last_step = last_step

    def begin(self):
        self._global_step_tensor = _as_tensor(_global_step_read("StopAtStepHook"))

    def after_create_session(self, session, coord):
        if self._last_step is None:
            self._last_step = int(session.run(self._global_step_tensor)) + self._num_steps

    def before_run(self, run_context):
        return SessionRunArgs(self._global_step_tensor)

    def after_run(self, run_context, run_values):
        step = run_values.results + 1
        if step >= self._last_step:
            # the step read before the run may lag: read it again, as TF does
            step = run_context.session.run(self._global_step_tensor)
            if step >= self._last_step:
                run_context.request_stop()


class NanLossDuringTrainingError(RuntimeError):
    """Mirrors ``tf.compat.v1.train.NanLossDuringTrainingError``."""

    def __str__(self):
        return "NaN loss during training."


class NanTensorHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.NanTensorHook``: raises (or stops) when ``loss_tensor`` is NaN."""

    def __init__(self, loss_tensor, fail_on_nan_loss=True):
        self._loss_tensor = loss_tensor
        self._fail_on_nan_loss = fail_on_nan_loss

    def before_run(self, run_context):
        return SessionRunArgs(self._loss_tensor)

    def after_run(self, run_context, run_values):
        if np.isnan(run_values.results):
            message = "Model diverged with loss = NaN."
            if self._fail_on_nan_loss:
                logging.error(message)
                raise NanLossDuringTrainingError
            logging.warning(message)
            run_context.request_stop()


class LoggingTensorHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.LoggingTensorHook``: logs tensors (a dict tag -> tensor, or a list of
    tensors/names) every ``every_n_iter`` runs or ``every_n_secs`` seconds, and/or ``at_end``."""

    def __init__(self, tensors, every_n_iter=None, every_n_secs=None, at_end=False, formatter=None):
        only_log_at_end = at_end and every_n_iter is None and every_n_secs is None
        if not only_log_at_end and (every_n_iter is None) == (every_n_secs is None):
            raise ValueError("either at_end and/or exactly one of every_n_iter and every_n_secs must be provided.")
        if every_n_iter is not None and every_n_iter <= 0:
            raise ValueError(f"invalid every_n_iter={every_n_iter}.")
        if not isinstance(tensors, dict):
            self._tag_order = [t if isinstance(t, str) else t.name for t in tensors]
            tensors = {tag: t for tag, t in zip(self._tag_order, tensors)}
        else:
            self._tag_order = sorted(tensors.keys())
        self._tensors = tensors
        self._formatter = formatter
        self._timer = SecondOrStepTimer(every_secs=every_n_secs, every_steps=every_n_iter) \
            if not only_log_at_end else None
        self._log_at_end = at_end

    def begin(self):
        if self._timer is not None:
            self._timer.reset()
        self._iter_count = 0
        graph = ctx_lib.get_default_graph()
        self._current_tensors = {tag: graph.as_graph_element(t) if isinstance(t, str) else _as_tensor(t)
                                 for tag, t in self._tensors.items()}

    def before_run(self, run_context):
        self._should_trigger = self._timer is not None and self._timer.should_trigger_for_step(self._iter_count)
        if self._should_trigger:
            return SessionRunArgs(self._current_tensors)
        return None

    def _log_tensors(self, tensor_values):
        original = np.get_printoptions()
        np.set_printoptions(suppress=True)
        elapsed_secs, _ = self._timer.update_last_triggered_step(self._iter_count) if self._timer else (None, None)
        if self._formatter:
            logging.info(self._formatter(tensor_values))
        else:
            stats = ", ".join(f"{tag} = {tensor_values[tag]!s}" for tag in self._tag_order)   # str(), as TF's %s
            if elapsed_secs is not None:
                logging.info("%s (%.3f sec)", stats, elapsed_secs)
            else:
                logging.info("%s", stats)
        np.set_printoptions(**original)

    def after_run(self, run_context, run_values):
        if self._should_trigger:
            self._log_tensors(run_values.results)
        self._iter_count += 1

    def end(self, session):
        if self._log_at_end:
            self._log_tensors(session.run(self._current_tensors))


class CheckpointSaverListener:
    """Mirrors ``tf.compat.v1.train.CheckpointSaverListener``: callbacks around checkpoint saves."""

    def begin(self):
        pass

    def before_save(self, session, global_step_value):
        pass

    def after_save(self, session, global_step_value):
        pass

    def end(self, session, global_step_value):
        pass


def _default_saver():
    from tfcompat._src.runtime.training.saver import Saver
    graph = ctx_lib.get_default_graph()
    savers = graph.get_collection(GraphKeys.SAVERS)
    if savers:
        if len(savers) > 1:
            raise RuntimeError(f"More than one item in collection {GraphKeys.SAVERS}. Please indicate which one "
                               f"to use by passing it to the constructor.")
        return savers[0]
    saver = Saver(sharded=True, allow_empty=True)
    graph.add_to_collection(GraphKeys.SAVERS, saver)
    return saver


class CheckpointSaverHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.CheckpointSaverHook``: saves ``<checkpoint_dir>/model.ckpt-<step>`` when the
    session starts, every ``save_secs`` seconds or ``save_steps`` steps, and at the end."""

    def __init__(self, checkpoint_dir, save_secs=None, save_steps=None, saver=None,
                 checkpoint_basename="model.ckpt", scaffold=None, listeners=None, save_graph_def=True):
        logging.info("Create CheckpointSaverHook.")
        if saver is not None and scaffold is not None:
            raise ValueError("You cannot provide both saver and scaffold.")
        self._saver = saver
        self._checkpoint_dir = checkpoint_dir
        self._save_path = os.path.join(checkpoint_dir, checkpoint_basename)
        self._scaffold = scaffold
        self._timer = SecondOrStepTimer(every_secs=save_secs, every_steps=save_steps)
        self._listeners = listeners or []
        self._save_graph_def = save_graph_def

    def begin(self):
        self._global_step_tensor = _as_tensor(_global_step_read("CheckpointSaverHook"))
        for listener in self._listeners:
            listener.begin()

    def after_create_session(self, session, coord):
        step = int(session.run(self._global_step_tensor))
        self._save(session, step)
        self._timer.update_last_triggered_step(step)

    def before_run(self, run_context):
        return SessionRunArgs(self._global_step_tensor)

    def after_run(self, run_context, run_values):
        step = int(run_values.results)
        if self._timer.should_trigger_for_step(step + 1):
            step = int(run_context.session.run(self._global_step_tensor))
            if self._timer.should_trigger_for_step(step):
                self._timer.update_last_triggered_step(step)
                if self._save(run_context.session, step):
                    run_context.request_stop()

    def end(self, session):
        step = int(session.run(self._global_step_tensor))
        if step != self._timer.last_triggered_step():
            self._save(session, step)
        for listener in self._listeners:
            listener.end(session, step)

    def _get_saver(self):
        if self._saver is not None:
            return self._saver
        if self._scaffold is not None:
            return self._scaffold.saver
        return _default_saver()

    def _save(self, session, step) -> bool:
        logging.info("Calling checkpoint listeners before saving checkpoint %d...", step)
        for listener in self._listeners:
            listener.before_save(session, step)
        logging.info("Saving checkpoints for %d into %s.", step, self._save_path)
        self._get_saver().save(session, self._save_path, global_step=step, write_meta_graph=False)
        stop = False
        logging.info("Calling checkpoint listeners after saving checkpoint %d...", step)
        for listener in self._listeners:
            if listener.after_save(session, step):
                stop = True
        return stop


class StepCounterHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.StepCounterHook``: logs (and writes as a summary) global steps per second."""

    def __init__(self, every_n_steps=100, every_n_secs=None, output_dir=None, summary_writer=None):
        if (every_n_steps is None) == (every_n_secs is None):
            raise ValueError("exactly one of every_n_steps and every_n_secs should be provided.")
        self._timer = SecondOrStepTimer(every_steps=every_n_steps, every_secs=every_n_secs)
        self._summary_writer = summary_writer
        self._output_dir = output_dir
        self._last_global_step = None
        self._summary_tag = "global_step/sec"

    def begin(self):
        if self._summary_writer is None and self._output_dir:
            from tfcompat._src.runtime.summary.writer_v1 import FileWriterCache
            self._summary_writer = FileWriterCache.get(self._output_dir)
        self._global_step_tensor = _as_tensor(_global_step_read("StepCounterHook"))

    def before_run(self, run_context):
        return SessionRunArgs(self._global_step_tensor)

    def after_run(self, run_context, run_values):
        step = int(run_values.results)
        if self._timer.should_trigger_for_step(step + 1):
            step = int(run_context.session.run(self._global_step_tensor))
            if self._timer.should_trigger_for_step(step):
                elapsed_time, elapsed_steps = self._timer.update_last_triggered_step(step)
                if elapsed_time is not None and elapsed_time > 0:
                    steps_per_sec = elapsed_steps / elapsed_time
                    if self._summary_writer is not None:
                        from tfcompat._src.protos import summary as proto
                        summary = proto.Summary(value=[proto.Summary.Value(tag=self._summary_tag,
                                                                           simple_value=steps_per_sec)])
                        self._summary_writer.add_summary(summary, step)
                    logging.info("%s: %g", self._summary_tag, steps_per_sec)
        self._last_global_step = step


class SummarySaverHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.SummarySaverHook``: runs ``summary_op`` (or the scaffold's) every
    ``save_steps`` steps or ``save_secs`` seconds and writes it to ``output_dir``."""

    def __init__(self, save_steps=None, save_secs=None, output_dir=None, summary_writer=None, scaffold=None,
                 summary_op=None):
        if (scaffold is None) == (summary_op is None):
            raise ValueError("Exactly one of scaffold or summary_op must be provided.")
        self._summary_op = summary_op
        self._summary_writer = summary_writer
        self._output_dir = output_dir
        self._scaffold = scaffold
        self._timer = SecondOrStepTimer(every_secs=save_secs, every_steps=save_steps)

    def begin(self):
        if self._summary_writer is None and self._output_dir:
            from tfcompat._src.runtime.summary.writer_v1 import FileWriterCache
            self._summary_writer = FileWriterCache.get(self._output_dir)
        self._next_step = None
        self._global_step_tensor = _as_tensor(_global_step_read("SummarySaverHook"))

    def _get_summary_op(self):
        op = self._scaffold.summary_op if self._scaffold is not None else self._summary_op
        if op is None:
            return None
        return op if isinstance(op, list) else [op]

    def before_run(self, run_context):
        self._request_summary = self._next_step is None or self._timer.should_trigger_for_step(self._next_step)
        requests = {"global_step": self._global_step_tensor}
        ops = self._get_summary_op()
        if self._request_summary and ops is not None:
            requests["summary"] = ops
        return SessionRunArgs(requests)

    def after_run(self, run_context, run_values):
        if self._summary_writer is None:
            return
        stale = int(run_values.results["global_step"])
        step = stale + 1
        if self._next_step is None or self._request_summary:
            step = int(run_context.session.run(self._global_step_tensor))
        if self._next_step is None:
            from tfcompat._src.protos import summary as proto
            self._summary_writer.add_session_log(proto.SessionLog(status=proto.SessionLog.START), step)
        if self._request_summary:
            self._timer.update_last_triggered_step(step)
            for summary in run_values.results.get("summary", []):
                self._summary_writer.add_summary(summary, step)
        self._next_step = step + 1

    def end(self, session=None):
        if self._summary_writer is not None:
            self._summary_writer.flush()


class FinalOpsHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.FinalOpsHook``: runs ``final_ops`` when the session ends."""

    def __init__(self, final_ops, final_ops_feed_dict=None):
        self._final_ops = final_ops
        self._final_ops_feed_dict = final_ops_feed_dict
        self._final_ops_values = None

    @property
    def final_ops_values(self):
        return self._final_ops_values

    def end(self, session):
        if self._final_ops is not None:
            try:
                self._final_ops_values = session.run(self._final_ops, feed_dict=self._final_ops_feed_dict)
            except (errors.OutOfRangeError, StopIteration) as e:
                logging.warning("An OutOfRangeError or StopIteration exception is raised by the code in "
                                "FinalOpsHook. This typically means the Ops running by the FinalOpsHook have a "
                                "dependency back to some input source, which should not happen. For example, for "
                                "metrics in tf.estimator.Estimator, all metrics functions return two Ops: "
                                "`value_op` and `update_op`. Estimator.evaluate calls the `update_op` for each "
                                "batch of the data in input source and, once it is exhausted, it call the "
                                "`value_op` to get the metric values. The `value_op` here should have dependency "
                                "back to variables reading only, rather than reading another batch from input. "
                                "Otherwise, the `value_op`, executed by `FinalOpsHook`, triggers another data "
                                "reading, which ends OutOfRangeError/StopIteration. Please fix that.")
                raise e


class FeedFnHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.FeedFnHook``: ``feed_fn()`` gives the feed_dict of every run."""

    def __init__(self, feed_fn):
        self.feed_fn = feed_fn

    def before_run(self, run_context):
        return SessionRunArgs(fetches=None, feed_dict=self.feed_fn())


class GlobalStepWaiterHook(SessionRunHook):
    """Mirrors ``tf.compat.v1.train.GlobalStepWaiterHook``: waits until the global step reaches
    ``wait_until_step`` (single-process tfcompat: returns at once when it already has)."""

    def __init__(self, wait_until_step):
        self._wait_until_step = wait_until_step

    def begin(self):
        self._worker_is_started = False
        self._global_step_tensor = _as_tensor(_global_step_read("GlobalStepWaiterHook"))

    def before_run(self, run_context):
        if self._worker_is_started or self._wait_until_step <= 0:
            self._worker_is_started = True
            return None
        while True:
            step = int(run_context.session.run(self._global_step_tensor))
            if step >= self._wait_until_step:
                self._worker_is_started = True
                return None
            logging.info("Waiting for global step %d before starting training.", self._wait_until_step)
            time.sleep(0.5)
