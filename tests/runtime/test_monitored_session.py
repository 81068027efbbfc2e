"""``MonitoredSession``/``MonitoredTrainingSession``/``SingularMonitoredSession`` and the standard hooks
(``runtime/training/monitored_session.py``, ``basic_session_run_hooks.py``, ``session_run_hook.py``): hook call
order and values, stopping, NaN checks, final ops, checkpoints and summaries written, queue runners started and
joined, compared with real TF."""
from __future__ import annotations

import os

import pytest


def _model(v1):
    step = v1.train.get_or_create_global_step()
    w = v1.get_variable("w", [], initializer=v1.constant_initializer(2.0))
    loss = v1.square(w - 1.0)
    train = v1.train.GradientDescentOptimizer(0.25).minimize(loss, global_step=step)
    return step, w, loss, train


class _Recorder:
    """A SessionRunHook (built on the API under test) recording its calls and what it saw."""

    @staticmethod
    def make(v1, loss):
        class Recorder(v1.train.SessionRunHook):
            def __init__(self):
                self.calls = []

            def begin(self):
                self.calls.append("begin")

            def after_create_session(self, session, coord):
                self.calls.append(("after_create_session", type(coord).__name__))

            def before_run(self, run_context):
                self.calls.append(("before_run", run_context.original_args.fetches is not None))
                return v1.train.SessionRunArgs({"loss": loss})

            def after_run(self, run_context, run_values):
                self.calls.append(("after_run", round(float(run_values.results["loss"]), 6)))
                if len([c for c in self.calls if c[0] == "after_run"]) == 3:
                    run_context.request_stop()

            def end(self, session):
                self.calls.append("end")
        return Recorder()


def test_hook_protocol_and_request_stop(oracle):
    def prog(v1):
        step, w, loss, train = _model(v1)
        rec = _Recorder.make(v1, loss)
        results = []
        with v1.train.MonitoredSession(hooks=[rec]) as sess:
            while not sess.should_stop():
                results.append(sess.run([train, w])[1])
            stopped = sess.should_stop()
        return rec.calls, results, stopped
    oracle.check_v1(prog)


def test_stop_at_step_and_final_ops(oracle):
    def prog(v1):
        step, w, loss, train = _model(v1)
        final = v1.train.FinalOpsHook([w, step])
        stop = v1.train.StopAtStepHook(num_steps=4)
        n = 0
        with v1.train.SingularMonitoredSession(hooks=[stop, final]) as sess:
            while not sess.should_stop():
                sess.run(train)
                n += 1
            raw = type(sess.raw_session()).__name__
        last = v1.train.StopAtStepHook(last_step=2)
        return n, final.final_ops_values, raw, last._last_step
    oracle.check_v1(prog)


def test_nan_tensor_hook(oracle):
    def prog(v1):
        step, w, loss, train = _model(v1)
        nan = v1.log(w - 100.0)
        out = []
        for fail in (True, False):
            try:
                with v1.train.MonitoredSession(hooks=[v1.train.NanTensorHook(nan, fail_on_nan_loss=fail)]) as s:
                    s.run(train)
                    out.append(("stopped", s.should_stop()))
            except Exception as e:  # noqa: BLE001
                out.append((type(e).__name__, str(e)))
        return out
    oracle.check_v1(prog)


def test_hooks_need_a_global_step(oracle):
    def prog(v1):
        v1.Variable(1.0)
        out = []
        for hook in (v1.train.StopAtStepHook(num_steps=1), v1.train.StepCounterHook(every_n_steps=1)):
            try:
                v1.train.MonitoredSession(hooks=[hook])
                out.append("ok")
            except Exception as e:  # noqa: BLE001
                out.append((type(e).__name__, str(e)))
        return out
    oracle.check_v1(prog)


def test_hook_argument_errors(oracle):
    def prog(v1):
        out = []
        for fn in (lambda: v1.train.StopAtStepHook(), lambda: v1.train.StopAtStepHook(1, 2),
                   lambda: v1.train.LoggingTensorHook({"a": "x:0"}),
                   lambda: v1.train.LoggingTensorHook({"a": "x:0"}, every_n_iter=1, every_n_secs=1),
                   lambda: v1.train.SummarySaverHook(save_steps=1),
                   lambda: v1.train.SecondOrStepTimer(every_secs=1, every_steps=1)):
            try:
                fn()
                out.append("ok")
            except Exception as e:  # noqa: BLE001
                out.append(type(e).__name__)
        return out
    oracle.check_v1(prog)


def test_second_or_step_timer(oracle):
    def prog(v1):
        t = v1.train.SecondOrStepTimer(every_steps=3)
        out = [t.should_trigger_for_step(0), t.update_last_triggered_step(0)]
        out += [t.should_trigger_for_step(s) for s in (0, 1, 2, 3, 4)]
        elapsed = t.update_last_triggered_step(3)
        return out, elapsed[1], t.last_triggered_step()
    oracle.check_v1(prog)


def test_logging_tensor_hook_logs(oracle):
    def prog(v1):
        import logging
        step, w, loss, train = _model(v1)
        records = []

        class Capture(logging.Handler):
            def emit(self, record):
                msg = record.getMessage()
                if "loss =" in msg:
                    records.append(msg.split(" (")[0])
        handler = Capture()
        logger = v1.get_logger()
        logger.addHandler(handler)
        old = logger.level
        logger.setLevel(logging.INFO)
        try:
            hook = v1.train.LoggingTensorHook({"loss": loss, "w": w}, every_n_iter=2, at_end=True)
            with v1.train.MonitoredSession(hooks=[hook, v1.train.StopAtStepHook(last_step=5)]) as sess:
                while not sess.should_stop():
                    sess.run(train)
        finally:
            logger.removeHandler(handler)
            logger.setLevel(old)
        return records
    oracle.check_v1(prog)


def test_monitored_training_session_checkpoints_and_summaries(oracle, tmp_path):
    def prog(v1):
        ckpt_dir = str(tmp_path / v1.__name__.replace(".", "_"))
        step, w, loss, train = _model(v1)
        v1.summary.scalar("loss", loss)
        with v1.train.MonitoredTrainingSession(checkpoint_dir=ckpt_dir, save_checkpoint_steps=2,
                                               save_summaries_steps=1, log_step_count_steps=1,
                                               hooks=[v1.train.StopAtStepHook(last_step=5)]) as sess:
            while not sess.should_stop():
                sess.run(train)
        latest = os.path.basename(v1.train.latest_checkpoint(ckpt_dir))
        has_events = any(f.startswith("events.out.tfevents") for f in os.listdir(ckpt_dir))
        # a second session restores the checkpoint: training resumes at step 5 and stops at once
        with v1.train.MonitoredTrainingSession(checkpoint_dir=ckpt_dir, save_checkpoint_secs=None,
                                               save_summaries_steps=None, log_step_count_steps=None,
                                               hooks=[v1.train.StopAtStepHook(last_step=5)]) as sess:
            resumed = sess.run([step, w]) if not sess.should_stop() else "stopped"
        return latest, has_events, resumed
    oracle.check_v1(prog)


def test_queue_runners_started_and_out_of_range_ends_cleanly(oracle):
    def prog(v1):
        x = v1.train.range_input_producer(6, num_epochs=1, shuffle=False).dequeue()
        batch = v1.train.batch([x], batch_size=2)
        got = []
        with v1.train.MonitoredSession() as sess:
            while not sess.should_stop():
                got.append(sess.run(batch))
        return got
    oracle.check_v1(prog)


def test_graph_is_finalized_during_the_session(oracle):
    def prog(v1):
        _model(v1)
        with v1.train.MonitoredSession() as sess:
            finalized = v1.get_default_graph().finalized
            try:
                v1.constant(1.0)
                added = "ok"
            except RuntimeError:
                added = "RuntimeError"
        return finalized, added, v1.get_default_graph().finalized
    oracle.check_v1(prog)


def test_scaffold_defaults(oracle):
    def prog(v1):
        _model(v1)
        scaffold = v1.train.Scaffold()
        before = [scaffold.init_op, scaffold.saver, scaffold.local_init_op]
        scaffold.finalize()
        after = [type(scaffold.init_op).__name__, type(scaffold.saver).__name__,
                 type(scaffold.local_init_op).__name__, scaffold.summary_op]
        return before, after
    oracle.check_v1(prog)


@pytest.mark.parametrize("given", [False, True], ids=["default", "ready_op_in_collection"])
def test_scaffold_ready_op_defaults(oracle, given):
    """TF's ``Scaffold.finalize``: ``ready_op`` and ``ready_for_local_init_op`` from their collections, else the
    uninitialized variables (all / global only), added to the collections."""
    def prog(v1):
        w = v1.Variable(1.0, name="w")
        v1.Variable(2.0, name="l", collections=[v1.GraphKeys.LOCAL_VARIABLES])
        if given:
            v1.add_to_collection(v1.GraphKeys.READY_OP, v1.constant([], v1.string, name="my_ready"))
        scaffold = v1.train.Scaffold().finalize()
        out = [scaffold.ready_op.name, scaffold.ready_for_local_init_op.name,
               len(v1.get_collection(v1.GraphKeys.READY_OP)),
               len(v1.get_collection(v1.GraphKeys.READY_FOR_LOCAL_INIT_OP))]
        with v1.Session() as s:
            out.append(s.run([scaffold.ready_op, scaffold.ready_for_local_init_op]))
            s.run(w.initializer)
            out.append(s.run([scaffold.ready_op, scaffold.ready_for_local_init_op]))
        return out
    oracle.check_v1(prog)


def test_scaffold_get_or_default_refuses_two_collected_ops(oracle):
    def prog(v1):
        v1.Variable(1.0)
        for name in ("a", "b"):
            v1.add_to_collection(v1.GraphKeys.READY_OP, v1.constant([], v1.string, name=name))
        v1.train.Scaffold().finalize()
    oracle.check_v1(prog)
