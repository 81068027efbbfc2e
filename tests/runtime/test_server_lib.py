"""``tf.train.ClusterSpec`` (runtime/training/server_lib.py, the one definition ``tf.distribute.cluster_resolver``
re-uses), ``tf.compat.v1.train.replica_device_setter``, ``tf.train.CheckpointOptions`` and
``tf.train.checkpoints_iterator`` (runtime/training/checkpoint_wait.py) against TF 2.21 through the oracle."""
from __future__ import annotations

import os
import tempfile

import pytest

CLUSTER = {"worker": ["a:1", "b:1"], "ps": {3: "p:1"}}

CLUSTER_CASES = {
    "jobs": lambda cs: sorted(cs.jobs),
    "as_dict": lambda cs: cs.as_dict(),
    "num_tasks": lambda cs: cs.num_tasks("worker"),
    "task_indices": lambda cs: cs.task_indices("ps"),
    "task_address": lambda cs: cs.task_address("ps", 3),
    "job_tasks_sparse": lambda cs: cs.job_tasks("ps"),
    "bool": lambda cs: bool(cs),
    "unknown_job": lambda cs: cs.num_tasks("chief"),
    "unknown_task": lambda cs: cs.task_address("worker", 5),
}


@pytest.mark.parametrize("name", sorted(CLUSTER_CASES))
def test_cluster_spec(oracle, name):
    oracle.check(lambda tf: CLUSTER_CASES[name](tf.train.ClusterSpec(CLUSTER)))


def test_cluster_spec_is_the_distribute_one(oracle):
    def prog(tf):
        spec = tf.train.ClusterSpec(CLUSTER)
        resolved = tf.distribute.cluster_resolver.SimpleClusterResolver(spec).cluster_spec()
        return resolved == spec, resolved.as_dict(), tf.train.ClusterSpec(spec) == spec
    oracle.check(prog)


SETTER_CASES = {
    "no_ps": lambda v1: v1.train.replica_device_setter() is None,
    "cluster_without_ps": lambda v1: v1.train.replica_device_setter(cluster={"worker": ["a:1"]}) is None,
    "ps_tasks": lambda v1: callable(v1.train.replica_device_setter(ps_tasks=2)),
    "cluster_with_ps": lambda v1: callable(v1.train.replica_device_setter(cluster={"ps": ["p:1"]})),
}


@pytest.mark.parametrize("name", sorted(SETTER_CASES))
def test_replica_device_setter(oracle, name):
    oracle.check(lambda tf: SETTER_CASES[name](tf.compat.v1))


def test_checkpoint_options(oracle):
    def prog(tf):
        o = tf.train.CheckpointOptions(experimental_io_device="/job:localhost")
        default = tf.train.CheckpointOptions()
        return (o.experimental_io_device, o.enable_async, default.experimental_io_device,
                default.experimental_enable_async_checkpoint, default.experimental_skip_slot_variables)
    oracle.check(prog)


def test_checkpoints_iterator_yields_then_times_out(oracle):
    def prog(tf):
        folder = tempfile.mkdtemp()
        ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
        ckpt.save(os.path.join(folder, "ck"), options=tf.train.CheckpointOptions())
        seen = [os.path.basename(p) for p in tf.train.checkpoints_iterator(folder, timeout=0.2)]
        calls = []
        empty = list(tf.train.checkpoints_iterator(tempfile.mkdtemp(), timeout=0.1,
                                                   timeout_fn=lambda: calls.append(1) or len(calls) >= 2))
        return seen, empty, len(calls)
    oracle.check(prog)
