"""``tf.compat.v1.train.Supervisor``'s ready checks (runtime/training/supervisor.py) against real TF: the
default ``ready_op`` and ``ready_for_local_init_op`` (TF's ``_init_ready_op``: the collection's first op, else
None), and a local init op that must wait for the global variables. Saving, restoring and stopping are in
test_server_supervisor.py."""
from __future__ import annotations

import tempfile


def _graph(v1, case):
    w = v1.Variable(1.0, name="w")
    local = v1.Variable(2.0, name="l", collections=[v1.GraphKeys.LOCAL_VARIABLES])
    kw = {}
    if case == "collection":
        v1.add_to_collection(v1.GraphKeys.READY_FOR_LOCAL_INIT_OP,
                            v1.report_uninitialized_variables(v1.global_variables(), name="ready_local"))
    if case in ("local_not_ready", "local_ready"):
        kw = {"local_init_op": local.initializer,
              "ready_for_local_init_op": v1.report_uninitialized_variables(v1.global_variables(), name="rl")}
        if case == "local_not_ready":
            kw["init_op"] = v1.no_op()
    return w, local, kw


def _ready_defaults(case):
    def prog(v1):
        w, local, kw = _graph(v1, case)
        with tempfile.TemporaryDirectory() as d:
            sv = v1.train.Supervisor(logdir=d, save_model_secs=0, save_summaries_secs=0, **kw)
            ready_local = sv.ready_for_local_init_op
            out = [sv.ready_op.dtype.name, None if ready_local is None else ready_local.op.name.split("/")[0],
                   len(v1.get_collection(v1.GraphKeys.READY_FOR_LOCAL_INIT_OP)),
                   len(v1.get_collection(v1.GraphKeys.READY_OP))]
            with sv.managed_session() as sess:
                out.append(sess.run([sv.ready_op, w, local]))
            return out
    return prog


def test_default_ready_ops(oracle):
    oracle.check_v1(_ready_defaults("default"))


def test_ready_for_local_init_op_comes_from_its_collection(oracle):
    oracle.check_v1(_ready_defaults("collection"))


def test_local_init_after_the_global_variables(oracle):
    oracle.check_v1(_ready_defaults("local_ready"))


def test_local_init_op_waits_for_uninitialized_globals(oracle):
    oracle.check_v1(_ready_defaults("local_not_ready"), match_message="did not make model ready for local_init")


def test_session_manager_and_queue_runners(oracle):
    def prog(v1):
        q = v1.FIFOQueue(4, v1.float32)
        v1.train.add_queue_runner(v1.train.QueueRunner(q, [q.enqueue([1.0])]))
        with tempfile.TemporaryDirectory() as d:
            sv = v1.train.Supervisor(logdir=d, save_model_secs=0, save_summaries_secs=0)
            with sv.managed_session() as sess:
                value = sess.run(q.dequeue())
            return type(sv.session_manager).__name__, value
    oracle.check_v1(prog)
