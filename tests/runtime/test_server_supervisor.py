"""The in-process ``tf.distribute.Server`` / ``tf.compat.v1.train.Server``, ``tf.train.ServerDef``/``ClusterDef``,
``tf.config.experimental_connect_to_cluster`` (runtime/training/server_lib.py) and
``tf.compat.v1.train.Supervisor`` (runtime/training/supervisor.py) against real TF. TF's local server picks a
free port, so only the shape of its target is compared. Expected values come from TF."""
from __future__ import annotations

import os
import tempfile


def test_local_server_target_runs_a_session(oracle):
    def prog(tf):
        server = tf.distribute.Server.create_local_server()
        v1 = tf.compat.v1
        g = tf.Graph()
        with g.as_default():
            x = v1.placeholder(tf.float32, [2])
            y = x * 2.0
            with v1.Session(server.target) as sess:
                out = sess.run(y, {x: [1.0, 2.0]})
        return server.target.startswith("grpc://localhost:"), out, server.server_def.job_name
    oracle.check(prog)


def test_server_def_of_a_cluster(oracle):
    def prog(tf):
        server = tf.compat.v1.train.Server({"local": ["localhost:0"]}, start=False)
        sd = server.server_def
        return sd.job_name, sd.task_index, sd.protocol, [j.name for j in sd.cluster.job], \
            isinstance(sd, tf.train.ServerDef)
    oracle.check(prog)


def test_server_needs_job_name_for_two_jobs(oracle):
    def prog(tf):
        tf.distribute.Server({"a": ["localhost:0"], "b": ["localhost:0"]}, start=False)
    oracle.check(prog)


def test_cluster_def_proto(oracle):
    def prog(tf):
        job = tf.train.JobDef(name="worker", tasks={0: "a:1", 2: "b:2"})
        cluster = tf.train.ClusterDef(job=[job])
        return cluster.SerializeToString(), dict(tf.train.ClusterDef.FromString(cluster.SerializeToString())
                                                 .job[0].tasks)
    oracle.check(prog)


def test_connect_to_cluster_single_task_only():
    """TF cannot be the oracle here: its connect_to_cluster starts a gRPC server in the test process and turns the
    eager context remote for every later test. Expected by hand: a one-task cluster is accepted (nothing to
    connect), more tasks raise NotImplementedError, and graph mode raises TF's ValueError."""
    import pytest

    import tfcompat as tf
    server = tf.distribute.Server.create_local_server()
    tf.config.experimental_connect_to_cluster(tf.train.ClusterSpec({"localhost": [server.target[7:]]}))
    assert (tf.constant([1.0, 2.0]) + 1.0).numpy().tolist() == [2.0, 3.0]
    with pytest.raises(NotImplementedError, match="2 tasks"):
        tf.config.experimental_connect_to_cluster({"worker": ["a:1", "b:1"]})
    with tf.Graph().as_default(), pytest.raises(ValueError, match="eager mode"):
        tf.config.experimental_connect_to_cluster({"worker": ["a:1"]})


def _supervised_counter(tf, logdir):
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        step = v1.train.get_or_create_global_step()
        w = v1.Variable(10.0, name="w")
        train = v1.group(v1.assign_add(w, 1.0), v1.assign_add(step, 1))
        sv = v1.train.Supervisor(logdir=logdir, save_model_secs=0, save_summaries_secs=0)
        return g, sv, w, step, train


def test_supervisor_initializes_saves_and_restores(oracle):
    def prog(tf):
        with tempfile.TemporaryDirectory() as d:
            g, sv, w, step, train = _supervised_counter(tf, d)
            with g.as_default(), sv.managed_session() as sess:
                for _ in range(3):
                    if sv.should_stop():
                        break
                    sess.run(train)
                first = sess.run([w, step])
                sv.saver.save(sess, sv.save_path, global_step=sv.global_step)
            finalized = g.finalized
            g2, sv2, w2, step2, _ = _supervised_counter(tf, d)
            with g2.as_default(), sv2.managed_session() as sess:
                restored = sess.run([w2, step2])
            return first, finalized, restored, sorted(os.listdir(d))[:1], os.path.basename(sv.save_path)
    oracle.check(prog)


def test_supervisor_out_of_range_is_a_clean_stop(oracle):
    def prog(tf):
        with tempfile.TemporaryDirectory() as d:
            g, sv, w, _, _ = _supervised_counter(tf, d)
            with g.as_default(), sv.managed_session() as sess:
                value = sess.run(w)
                raise tf.errors.OutOfRangeError(None, None, "done")
            return value, sv.should_stop()
    oracle.check(prog)


def test_supervisor_other_errors_propagate(oracle):
    def prog(tf):
        with tempfile.TemporaryDirectory() as d:
            g, sv, _, _, _ = _supervised_counter(tf, d)
            with g.as_default(), sv.managed_session():
                raise ValueError("boom")
    oracle.check(prog, match_message="boom")
