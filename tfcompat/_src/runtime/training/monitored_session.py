"""``tf.compat.v1.train.MonitoredSession`` and friends (mirror TF's ``training/monitored_session.py``):
``Scaffold``, ``ChiefSessionCreator``, ``WorkerSessionCreator``, ``MonitoredSession``,
``SingularMonitoredSession`` and ``MonitoredTrainingSession``.

A monitored session creates and initializes a Session (restoring the latest checkpoint of ``checkpoint_dir`` when
there is one), starts the graph's queue runners under a Coordinator, runs hooks around every ``run`` and, on
close, stops and joins the queue-runner threads. An ``OutOfRangeError`` (input exhausted) ends a ``with`` block
cleanly, as in TF. Single process only: no distributed recovery (``AbortedError`` is not retried)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import errors
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training import basic_session_run_hooks as hooks_lib
from tfcompat._src.runtime.training import object_graph_saver
from tfcompat._src.runtime.training.coordinator import Coordinator
from tfcompat._src.runtime.training.queue_runner import start_queue_runners
from tfcompat._src.runtime.training.session_run_hook import SessionRunContext, SessionRunValues

__all__ = ["Scaffold", "SessionCreator", "ChiefSessionCreator", "WorkerSessionCreator", "MonitoredSession",
           "SingularMonitoredSession", "MonitoredTrainingSession"]

USE_DEFAULT = object()


class Scaffold:
    """Mirrors ``tf.compat.v1.train.Scaffold``: the init, ready and summary ops and the saver of a monitored
    session; ``finalize()`` fills in defaults (global/local variable initializers, merged summaries, a Saver),
    replaces a ``tf.train.Checkpoint`` saver by TF's name-based Saver over its object graph (writing
    object-based checkpoints) and finalizes the graph."""

    def __init__(self, init_op=None, init_feed_dict=None, init_fn=None, ready_op=None,
                 ready_for_local_init_op=None, local_init_op=None, summary_op=None, saver=None,
                 copy_from_scaffold=None, local_init_feed_dict=None):
        if copy_from_scaffold is not None:
            if not isinstance(copy_from_scaffold, Scaffold):
                raise TypeError("copy_from_scaffold is not a Scaffold instance.")
            init_op = init_op or copy_from_scaffold.init_op
            init_feed_dict = init_feed_dict or copy_from_scaffold._init_feed_dict
            init_fn = init_fn or copy_from_scaffold._user_init_fn
            ready_op = ready_op or copy_from_scaffold.ready_op
            ready_for_local_init_op = ready_for_local_init_op or copy_from_scaffold.ready_for_local_init_op
            local_init_op = local_init_op or copy_from_scaffold.local_init_op
            local_init_feed_dict = local_init_feed_dict or copy_from_scaffold._local_init_feed_dict
            summary_op = summary_op or copy_from_scaffold.summary_op
            saver = saver or copy_from_scaffold.saver
        self._user_init_fn = init_fn
        self._init_fn = (lambda sess: init_fn(self, sess)) if init_fn else None
        self._init_op = init_op
        self._init_feed_dict = init_feed_dict
        self._ready_op = ready_op
        self._ready_for_local_init_op = ready_for_local_init_op
        self._local_init_op = local_init_op
        self._local_init_feed_dict = local_init_feed_dict
        self._summary_op = summary_op
        self._saver = saver

    def finalize(self):
        """Creates the default ops and saver that were not given, then finalizes the default graph."""
        from tfcompat._src.ops import control_flow_ops, state_ops
        graph = ctx_lib.get_default_graph()
        if self._init_op is None:
            found = graph.get_collection(GraphKeys.INIT_OP)
            self._init_op = found[0] if found else state_ops.global_variables_initializer()
        if self._ready_op is None:
            self._ready_op = Scaffold.get_or_default("ready_op", GraphKeys.READY_OP, _default_ready_op)
        if self._ready_for_local_init_op is None:
            self._ready_for_local_init_op = Scaffold.get_or_default(
                "ready_for_local_init_op", GraphKeys.READY_FOR_LOCAL_INIT_OP, _default_ready_for_local_init_op)
        if self._local_init_op is None:
            found = graph.get_collection(GraphKeys.LOCAL_INIT_OP)
            if found:
                self._local_init_op = found[0]
            else:
                ops = [state_ops.local_variables_initializer()]
                ops += graph.get_collection(GraphKeys.TABLE_INITIALIZERS)
                self._local_init_op = control_flow_ops.group(*[o for o in ops if o is not None])
        if self._summary_op is None:
            found = graph.get_collection(GraphKeys.SUMMARY_OP)
            if found:
                self._summary_op = found[0]
            elif graph.get_collection(GraphKeys.SUMMARIES):
                from tfcompat._src.runtime.summary import ops_v1
                self._summary_op = ops_v1.merge_all()
        if self._saver is None:
            self._saver = hooks_lib._default_saver()
        self._saver = object_graph_saver.saver_for(self._saver)   # a tf.train.Checkpoint: TF's Saver over it
        self._saver.build()
        graph.finalize()
        logging.info("Graph was finalized.")
        return self

    @property
    def init_fn(self):
        return self._init_fn

    @property
    def init_op(self):
        return self._init_op

    @property
    def ready_op(self):
        return self._ready_op

    @property
    def ready_for_local_init_op(self):
        return self._ready_for_local_init_op

    @property
    def local_init_op(self):
        return self._local_init_op

    @property
    def local_init_feed_dict(self):
        return self._local_init_feed_dict

    @property
    def summary_op(self):
        return self._summary_op

    @property
    def saver(self):
        return self._saver

    @property
    def init_feed_dict(self):
        return self._init_feed_dict

    @staticmethod
    def get_or_default(arg_name: str, collection_key: str, default_constructor):
        """Mirrors ``Scaffold.get_or_default``: the single op of the default graph's ``collection_key``
        collection, else ``default_constructor()`` (added to that collection when not None).

        Raises:
          RuntimeError: the collection holds more than one op."""
        graph = ctx_lib.get_default_graph()
        elements = graph.get_collection(collection_key)
        if elements:
            if len(elements) > 1:
                raise RuntimeError(f"More than one item in the collection \"{collection_key}\". Please indicate "
                                   f"which one to use by passing it to the tf.Scaffold constructor as:  "
                                   f"tf.Scaffold({arg_name}=item to use)")
            return elements[0]
        op = default_constructor()
        if op is not None:
            graph.add_to_collection(collection_key, op)
        return op

    @staticmethod
    def default_local_init_op():
        """Mirrors ``Scaffold.default_local_init_op``: local variable and table initializers, grouped."""
        from tfcompat._src.ops import control_flow_ops, state_ops
        graph = ctx_lib.get_default_graph()
        ops = [state_ops.local_variables_initializer()] + graph.get_collection(GraphKeys.TABLE_INITIALIZERS)
        return control_flow_ops.group(*[o for o in ops if o is not None])


def _no_uninitialized_resources():
    # TF concatenates resources.report_uninitialized_resources(): the uninitialized ops of the RESOURCES
    # collection, which nothing in tfcompat fills (lookup tables initialize through TABLE_INITIALIZERS).
    from tfcompat._src.framework import dtypes
    from tfcompat._src.ops import array_ops
    return array_ops.constant([], dtype=dtypes.string)


def _default_ready_op():
    """TF's default ready op: the names of the uninitialized global and local variables (and resources)."""
    from tfcompat._src.ops import array_ops, compat_v1_variables
    return array_ops.concat([compat_v1_variables.report_uninitialized_variables(),
                             _no_uninitialized_resources()], 0)


def _default_ready_for_local_init_op():
    """TF's default ready-for-local-init op: the names of the uninitialized global variables."""
    from tfcompat._src.ops import array_ops, compat_v1_variables, state_ops
    return array_ops.concat([compat_v1_variables.report_uninitialized_variables(state_ops.global_variables()),
                             _no_uninitialized_resources()], 0)


class SessionCreator:
    """Mirrors ``tf.compat.v1.train.SessionCreator``."""

    def create_session(self):
        raise NotImplementedError("create_session is not implemented for {}.".format(self))


class ChiefSessionCreator(SessionCreator):
    """Mirrors ``tf.compat.v1.train.ChiefSessionCreator``: a Session restored from the latest checkpoint of
    ``checkpoint_dir`` (or ``checkpoint_filename_with_path``), else initialized with the scaffold's init op,
    init feed and init_fn; then the local init op."""

    def __init__(self, scaffold=None, master="", config=None, checkpoint_dir=None,
                 checkpoint_filename_with_path=None):
        self._checkpoint_dir = checkpoint_dir
        self._checkpoint_filename_with_path = checkpoint_filename_with_path
        self._scaffold = scaffold or Scaffold()
        self._master = master
        self._config = config

    def create_session(self):
        from tfcompat._src.runtime.session import Session
        from tfcompat._src.runtime.training.saver import latest_checkpoint
        self._scaffold.finalize()
        sess = Session(self._master, graph=ctx_lib.get_default_graph(), config=self._config)
        path = self._checkpoint_filename_with_path
        if path is None and self._checkpoint_dir:
            path = latest_checkpoint(self._checkpoint_dir)
        if path:
            self._scaffold.saver.restore(sess, path)
        else:
            if self._scaffold.init_op is not None:
                sess.run(self._scaffold.init_op, feed_dict=self._scaffold.init_feed_dict)
            if self._scaffold.init_fn is not None:
                self._scaffold.init_fn(sess)
        if self._scaffold.local_init_op is not None:
            logging.info("Running local_init_op.")
            sess.run(self._scaffold.local_init_op, feed_dict=self._scaffold.local_init_feed_dict)
            logging.info("Done running local_init_op.")
        return sess


class WorkerSessionCreator(ChiefSessionCreator):
    """Mirrors ``tf.compat.v1.train.WorkerSessionCreator``. tfcompat runs in one process, so a worker
    initializes its session like the chief (there is no chief to wait for)."""

    def __init__(self, scaffold=None, master="", config=None, max_wait_secs=30 * 60):
        super().__init__(scaffold, master, config)


class _HookedSession:
    """The session a MonitoredSession runs: fetches and feeds of the hooks merged into each run."""

    def __init__(self, sess, hooks, coord):
        self._sess = sess
        self._hooks = hooks
        self._coord = coord
        self._should_stop = False

    @property
    def graph(self):
        return self._sess.graph

    def should_stop(self) -> bool:
        return self._should_stop or self._coord.should_stop()

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self.should_stop():
            raise RuntimeError("Run called even after should_stop requested.")
        from tfcompat._src.runtime.training.session_run_hook import SessionRunArgs
        # hooks run extra fetches on the session below the hooks (as TF), so they do not recurse
        context = SessionRunContext(SessionRunArgs(fetches, feed_dict, options), self._sess)
        hook_fetches = {}
        feeds = dict(feed_dict or {})
        for hook in self._hooks:
            request = hook.before_run(context)
            if request is None:
                continue
            if request.fetches is not None:
                hook_fetches[hook] = request.fetches
            if request.feed_dict:
                overlap = set(feeds) & set(request.feed_dict)
                if overlap:
                    raise RuntimeError(f"Same tensor is fed by a SessionRunHook and user. {overlap}")
                feeds.update(request.feed_dict)
        results = self._sess.run({"caller": fetches, "hooks": list(hook_fetches.values())}, feed_dict=feeds or None,
                                 options=options, run_metadata=run_metadata)
        hook_results = dict(zip(hook_fetches.keys(), results["hooks"]))
        for hook in self._hooks:
            hook.after_run(context, SessionRunValues(results=hook_results.get(hook), options=options,
                                                     run_metadata=run_metadata))
        self._should_stop = self._should_stop or context.stop_requested
        return results["caller"]

    def run_step_fn(self, step_fn, raw_session, run_with_hooks):
        return step_fn(_StepContext(raw_session, run_with_hooks))


class _StepContext:
    """Mirrors ``MonitoredSession.StepContext``: what ``run_step_fn``'s ``step_fn`` receives."""

    def __init__(self, session, run_with_hooks_fn):
        self._session = session
        self._run_with_hooks_fn = run_with_hooks_fn

    @property
    def session(self):
        return self._session

    def run_with_hooks(self, *args, **kwargs):
        return self._run_with_hooks_fn(*args, **kwargs)

    def request_stop(self):
        raise _StopRequested()


class _StopRequested(Exception):
    pass


class _MonitoredSession:
    """Shared implementation of MonitoredSession and SingularMonitoredSession."""

    def __init__(self, session_creator, hooks, should_recover, stop_grace_period_secs=120):
        self._graph_was_finalized = ctx_lib.get_default_graph().finalized
        self._hooks = list(hooks or [])
        for h in self._hooks:
            h.begin()
        self._stop_grace_period_secs = stop_grace_period_secs
        self._tf_sess_raw = session_creator.create_session()
        self._coord = Coordinator(clean_stop_exception_types=[])
        self._threads = []
        if ctx_lib.get_default_graph().get_collection(GraphKeys.QUEUE_RUNNERS):   # as TF: no warning without any
            self._threads = start_queue_runners(sess=self._tf_sess_raw, coord=self._coord)
        for h in self._hooks:
            h.after_create_session(self._tf_sess_raw, self._coord)
        self._sess = _HookedSession(self._tf_sess_raw, self._hooks, self._coord)

    @property
    def graph(self):
        return self._tf_sess_raw.graph

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        """Mirrors ``MonitoredSession.run``: runs the fetches with every hook's fetches and feeds added."""
        if self._sess is None:
            raise RuntimeError("Session is already closed.")
        return self._sess.run(fetches, feed_dict=feed_dict, options=options, run_metadata=run_metadata)

    def run_step_fn(self, step_fn):
        """Mirrors ``MonitoredSession.run_step_fn``: ``step_fn(step_context)`` with access to the raw session."""
        try:
            return self._sess.run_step_fn(step_fn, self._tf_sess_raw, self.run)
        except _StopRequested:
            self._sess._should_stop = True
            return None

    def should_stop(self) -> bool:
        """True when a hook asked to stop, a queue runner failed or the session is closed."""
        return self._sess is None or self._sess.should_stop()

    def close(self):
        """Ends the hooks, stops and joins the queue-runner threads and closes the session."""
        self._close_internal()

    def _close_internal(self, exception_type=None):
        try:
            if not exception_type and self._sess is not None:
                for h in self._hooks:
                    h.end(self._tf_sess_raw)
        finally:
            try:
                if self._sess is None:
                    raise RuntimeError("Session is already closed.")
                self._coord.request_stop()
                try:
                    self._coord.join(self._threads, stop_grace_period_secs=self._stop_grace_period_secs,
                                     ignore_live_threads=True)
                finally:
                    self._tf_sess_raw.close()
            finally:
                self._sess = None
                if not self._graph_was_finalized:
                    ctx_lib.get_default_graph()._finalized = False

    def __enter__(self):
        return self

    def __exit__(self, exception_type, exception_value, traceback):
        if exception_type is not None and issubclass(exception_type, (errors.OutOfRangeError, StopIteration)):
            exception_type = None
        self._close_internal(exception_type)
        return exception_type is None

    def _tf_sess(self):
        return self._tf_sess_raw


class MonitoredSession(_MonitoredSession):
    """Mirrors ``tf.compat.v1.train.MonitoredSession`` (single process: no recovery from AbortedError)."""

    def __init__(self, session_creator=None, hooks=None, stop_grace_period_secs=120):
        super().__init__(session_creator or ChiefSessionCreator(), hooks, True, stop_grace_period_secs)


class SingularMonitoredSession(_MonitoredSession):
    """Mirrors ``tf.compat.v1.train.SingularMonitoredSession``: a chief MonitoredSession with ``raw_session()``."""

    def __init__(self, hooks=None, scaffold=None, master="", config=None, checkpoint_dir=None,
                 stop_grace_period_secs=120, checkpoint_filename_with_path=None):
        creator = ChiefSessionCreator(scaffold=scaffold, master=master, config=config,
                                      checkpoint_dir=checkpoint_dir,
                                      checkpoint_filename_with_path=checkpoint_filename_with_path)
        super().__init__(creator, hooks, False, stop_grace_period_secs)

    def raw_session(self):
        """The underlying ``tf.compat.v1.Session`` (runs without hooks)."""
        return self._tf_sess()


def MonitoredTrainingSession(master="", is_chief=True, checkpoint_dir=None, scaffold=None, hooks=None,  # noqa: N802
                             chief_only_hooks=None, save_checkpoint_secs=USE_DEFAULT,
                             save_summaries_steps=USE_DEFAULT, save_summaries_secs=USE_DEFAULT, config=None,
                             stop_grace_period_secs=120, log_step_count_steps=100, max_wait_secs=7200,
                             save_checkpoint_steps=USE_DEFAULT, summary_dir=None, save_graph_def=True):
    """Mirrors ``tf.compat.v1.train.MonitoredTrainingSession``: a MonitoredSession with the standard hooks of a
    chief (step counter, summary saver every 100 steps, checkpoint saver every 600 seconds, as TF's defaults) for
    ``checkpoint_dir``/``summary_dir``."""
    if save_summaries_steps is USE_DEFAULT and save_summaries_secs is USE_DEFAULT:
        save_summaries_steps, save_summaries_secs = 100, None
    elif save_summaries_secs is USE_DEFAULT:
        save_summaries_secs = None
    elif save_summaries_steps is USE_DEFAULT:
        save_summaries_steps = None
    if save_checkpoint_steps is USE_DEFAULT and save_checkpoint_secs is USE_DEFAULT:
        save_checkpoint_steps, save_checkpoint_secs = None, 600
    elif save_checkpoint_secs is USE_DEFAULT:
        save_checkpoint_secs = None
    elif save_checkpoint_steps is USE_DEFAULT:
        save_checkpoint_steps = None
    scaffold = scaffold or Scaffold()
    if not is_chief:
        creator = WorkerSessionCreator(scaffold=scaffold, master=master, config=config)
        return MonitoredSession(session_creator=creator, hooks=hooks or [],
                                stop_grace_period_secs=stop_grace_period_secs)
    all_hooks = list(chief_only_hooks or []) + list(hooks or [])
    creator = ChiefSessionCreator(scaffold=scaffold, checkpoint_dir=checkpoint_dir, master=master, config=config)
    summary_dir = summary_dir or checkpoint_dir
    if summary_dir:
        if log_step_count_steps and log_step_count_steps > 0:
            all_hooks.append(hooks_lib.StepCounterHook(output_dir=summary_dir, every_n_steps=log_step_count_steps))
        if (save_summaries_steps and save_summaries_steps > 0) or (save_summaries_secs and save_summaries_secs > 0):
            all_hooks.append(hooks_lib.SummarySaverHook(scaffold=scaffold, save_steps=save_summaries_steps,
                                                        save_secs=save_summaries_secs, output_dir=summary_dir))
    if checkpoint_dir:
        if (save_checkpoint_secs and save_checkpoint_secs > 0) or \
                (save_checkpoint_steps and save_checkpoint_steps > 0):
            all_hooks.append(hooks_lib.CheckpointSaverHook(checkpoint_dir, save_steps=save_checkpoint_steps,
                                                           save_secs=save_checkpoint_secs, scaffold=scaffold,
                                                           save_graph_def=save_graph_def))
    logging.vlog(1, "MonitoredTrainingSession with %d hooks", len(all_hooks))
    return MonitoredSession(session_creator=creator, hooks=all_hooks, stop_grace_period_secs=stop_grace_period_secs)
