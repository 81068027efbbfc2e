"""``tf.compat.v1.train.Supervisor``: TF1's managed training session (deprecated in TF in favour of
``MonitoredTrainingSession``). It fills in the init op, saver, summary op and global step, finalizes the graph,
creates a session restored from ``logdir``'s latest checkpoint (or initialized), and runs TF's standard services in
threads: a checkpoint every ``save_model_secs`` and the summary op every ``save_summaries_secs`` (each first run at
start, as TF's timer threads do). ``managed_session()`` stops them and closes the session on exit, treating
``OutOfRangeError`` as a clean stop.

Sessions come from a ``SessionManager`` as in TF (``prepare_session`` for the chief, ``wait_for_session`` for
the others), so the ready checks are TF's: ``ready_op`` defaults to ``report_uninitialized_variables()``, and
``ready_for_local_init_op`` to the first op of the ``READY_FOR_LOCAL_INIT_OP`` collection, else None (TF keeps
None for backward compatibility; ``Scaffold`` is the one that builds a default).

Differences from TF: one process, so ``is_chief=False`` waits for another thread of this process; the steps/sec
summary thread is not run."""
from __future__ import annotations

import contextlib
import os

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.ops import compat_v1_variables, state_ops
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training.coordinator import Coordinator, LooperThread
from tfcompat._src.runtime.training.monitored_session import Scaffold

__all__ = ["Supervisor"]


class Supervisor:
    """Mirrors ``tf.compat.v1.train.Supervisor`` (see the module docstring)."""

    USE_DEFAULT = 0

    def __init__(self, graph=None, ready_op=USE_DEFAULT, ready_for_local_init_op=USE_DEFAULT, is_chief=True,
                 init_op=USE_DEFAULT, init_feed_dict=None, local_init_op=USE_DEFAULT, logdir=None,
                 summary_op=USE_DEFAULT, saver=USE_DEFAULT, global_step=USE_DEFAULT, save_summaries_secs=120,
                 save_model_secs=600, recovery_wait_secs=30, stop_grace_secs=120, checkpoint_basename="model.ckpt",
                 session_manager=None, summary_writer=USE_DEFAULT, init_fn=None, local_init_run_options=None):
        if ctx_lib.executing_eagerly() and graph is None:
            raise RuntimeError("Supervisors are incompatible with eager execution.")
        self._graph = graph if graph is not None else ctx_lib.get_default_graph()
        with self._graph.as_default():
            default = self._collected_or_default
            self._ready_op = default(ready_op, GraphKeys.READY_OP,
                                     compat_v1_variables.report_uninitialized_variables)
            self._ready_for_local_init_op = default(ready_for_local_init_op, GraphKeys.READY_FOR_LOCAL_INIT_OP,
                                                    lambda: None)
            self._init_op = default(init_op, GraphKeys.INIT_OP, state_ops.global_variables_initializer)
            self._init_feed_dict = init_feed_dict
            self._local_init_op = default(local_init_op, GraphKeys.LOCAL_INIT_OP, Scaffold.default_local_init_op)
            self._saver = default(saver, GraphKeys.SAVERS, self._default_saver)
            self._summary_op = default(summary_op, GraphKeys.SUMMARY_OP, self._default_summary_op)
            self._global_step = default(global_step, GraphKeys.GLOBAL_STEP, self._default_global_step)
        self._is_chief = is_chief
        self._coord = Coordinator()
        self._recovery_wait_secs = recovery_wait_secs
        self._stop_grace_secs = stop_grace_secs
        self._init_fn = init_fn
        self._logdir = logdir
        self._save_summaries_secs = save_summaries_secs
        self._save_model_secs = save_model_secs
        self._save_path = os.path.join(logdir, checkpoint_basename) if logdir else None
        self._summary_writer = None
        if is_chief and logdir:
            if summary_writer is Supervisor.USE_DEFAULT:
                from tfcompat._src.runtime.summary.writer_v1 import FileWriter
                summary_writer = FileWriter(logdir)
            self._summary_writer = summary_writer
        elif summary_writer is not Supervisor.USE_DEFAULT:
            self._summary_writer = summary_writer
        if session_manager is None:
            from tfcompat._src.runtime.training.session_manager import SessionManager
            session_manager = SessionManager(
                local_init_op=self._local_init_op, ready_op=self._ready_op,
                ready_for_local_init_op=self._ready_for_local_init_op, graph=self._graph,
                recovery_wait_secs=recovery_wait_secs, local_init_run_options=local_init_run_options)
        self._session_manager = session_manager
        self._graph.finalize()

    # -- defaults ----------------------------------------------------------------------------------------
    def _collected_or_default(self, value, key: str, make_default):
        """TF's ``Supervisor._init_*`` rule for one of its ops: ``value`` unless it is ``USE_DEFAULT``; then the
        first entry of the graph's ``key`` collection, else ``make_default()``, added to that collection when it
        is not None."""
        if value is not Supervisor.USE_DEFAULT:
            return value
        found = self._graph.get_collection(key)
        if found:
            return found[0]
        value = make_default()
        if value is not None:
            self._graph.add_to_collection(key, value)
        return value

    def _default_saver(self):
        if not self._graph.get_collection(GraphKeys.GLOBAL_VARIABLES):
            return None
        from tfcompat._src.runtime.training.saver import Saver
        return Saver()

    def _default_summary_op(self):
        if not self._graph.get_collection(GraphKeys.SUMMARIES):
            return None
        from tfcompat._src.runtime.summary import ops_v1
        return ops_v1.merge_all()

    def _default_global_step(self):
        try:
            return self._graph.get_tensor_by_name("global_step:0")
        except (KeyError, ValueError):
            return None

    # -- properties --------------------------------------------------------------------------------------
    @property
    def is_chief(self) -> bool:
        return self._is_chief

    @property
    def coord(self) -> Coordinator:
        return self._coord

    @property
    def init_op(self):
        return self._init_op

    @property
    def init_feed_dict(self):
        return self._init_feed_dict

    @property
    def ready_op(self):
        return self._ready_op

    @property
    def ready_for_local_init_op(self):
        return self._ready_for_local_init_op

    @property
    def session_manager(self):
        return self._session_manager

    @property
    def summary_writer(self):
        return self._summary_writer

    @property
    def summary_op(self):
        return self._summary_op

    @property
    def save_summaries_secs(self):
        return self._save_summaries_secs

    @property
    def global_step(self):
        return self._global_step

    @property
    def saver(self):
        return self._saver

    @property
    def save_model_secs(self):
        return self._save_model_secs

    @property
    def save_path(self):
        return self._save_path

    # -- sessions ----------------------------------------------------------------------------------------
    def prepare_or_wait_for_session(self, master="", config=None, wait_for_checkpoint=False,
                                    max_wait_secs=7200, start_standard_services=True):
        """Mirrors ``Supervisor.prepare_or_wait_for_session``: the chief's session is restored from ``logdir``'s
        latest checkpoint, else initialized (init op, feed, init_fn), then the local init op runs once
        ``ready_for_local_init_op`` holds, and ``ready_op`` must hold (``SessionManager.prepare_session``); another
        task waits until the model is ready. With ``start_standard_services``: the chief's checkpoint and summary
        threads, and the queue runners.

        Raises:
          RuntimeError: the init ops did not make the model ready (for local init)."""
        self._coord.clear_stop()
        if self._is_chief:
            sess = self._session_manager.prepare_session(
                master, init_op=self._init_op, saver=self._saver,
                checkpoint_dir=self._logdir if self._saver is not None else None,
                wait_for_checkpoint=wait_for_checkpoint, max_wait_secs=max_wait_secs, config=config,
                init_feed_dict=self._init_feed_dict,
                init_fn=self._init_fn)
            if start_standard_services:
                self.start_standard_services(sess)
        else:
            sess = self._session_manager.wait_for_session(master, config=config, max_wait_secs=max_wait_secs)
        if start_standard_services:
            self.start_queue_runners(sess)
        return sess

    def start_standard_services(self, sess):
        """Starts the checkpoint and summary threads (TF: also a steps/sec counter); returns them."""
        if not self._is_chief:
            raise RuntimeError("Only chief supervisor can start standard services. Because only chief "
                               "supervisors can write events.")
        threads = []
        if self._logdir and self._save_model_secs and self._saver is not None:
            threads.append(self.loop(self._save_model_secs, self._save_checkpoint, args=(sess,)))
        if self._summary_writer is not None and self._save_summaries_secs and self._summary_op is not None:
            threads.append(self.loop(self._save_summaries_secs, self._save_summary, args=(sess,)))
        return threads

    def _save_checkpoint(self, sess):
        logging.info("Saving checkpoint to path %s", self._save_path)
        self._saver.save(sess, self._save_path, global_step=self._global_step)

    def _save_summary(self, sess):
        if self._global_step is not None:
            summary, step = sess.run([self._summary_op, self._global_step])
        else:
            summary, step = sess.run(self._summary_op), None
        self.summary_computed(sess, summary, global_step=step)

    def summary_computed(self, sess, summary, global_step=None):
        """Writes a computed summary (a serialized ``Summary``) with the global step (read from the session
        when not given)."""
        if self._summary_writer is None:
            raise RuntimeError("Writing a summary requires a summary writer.")
        if global_step is None and self._global_step is not None:
            global_step = sess.run(self._global_step)
        self._summary_writer.add_summary(summary, global_step)

    def start_queue_runners(self, sess, queue_runners=None):
        """Starts the graph's queue runners under this supervisor's coordinator; returns their threads."""
        if queue_runners is None:  # TF: the graph's collection, without start_queue_runners' empty warning
            queue_runners = self._graph.get_collection(GraphKeys.QUEUE_RUNNERS)
        threads = []
        for qr in queue_runners:
            threads.extend(qr.create_threads(sess, coord=self._coord, daemon=True, start=True))
        return threads

    def loop(self, timer_interval_secs, target, args=None, kwargs=None):
        """Starts a ``LooperThread`` calling ``target(*args, **kwargs)`` every ``timer_interval_secs``."""
        looper = LooperThread(self._coord, timer_interval_secs, target=target, args=args, kwargs=kwargs)
        looper.start()
        return looper

    Loop = loop

    def should_stop(self) -> bool:
        return self._coord.should_stop()

    def request_stop(self, ex=None) -> None:
        self._coord.request_stop(ex=ex)

    def stop(self, threads=None, close_summary_writer=True, ignore_live_threads=False):
        """Requests a stop, joins the service threads (and ``threads``), closes the summary writer."""
        self._coord.request_stop()
        try:
            self._coord.join(threads, stop_grace_period_secs=self._stop_grace_secs,
                             ignore_live_threads=ignore_live_threads)
        finally:
            if close_summary_writer and self._summary_writer is not None:
                self._summary_writer.close()

    def stop_on_exception(self):
        return self._coord.stop_on_exception()

    def wait_for_stop(self):
        self._coord.wait_for_stop()

    @contextlib.contextmanager
    def managed_session(self, master="", config=None, start_standard_services=True, close_summary_writer=True):
        """Mirrors ``Supervisor.managed_session``: yields a prepared session; on exit stops the services and
        closes the session. ``OutOfRangeError`` ends the block as a clean stop; other errors propagate."""
        sess = self.prepare_or_wait_for_session(master=master, config=config,
                                                start_standard_services=start_standard_services)
        try:
            yield sess
        except Exception as e:  # noqa: BLE001 - TF hands every error to the coordinator, which re-raises it
            self.request_stop(e)
        finally:
            try:
                self.stop(close_summary_writer=close_summary_writer)
            finally:
                sess.close()


