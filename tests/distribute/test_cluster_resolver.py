"""tf.distribute.cluster_resolver basics (TF_CONFIG parsing, SimpleClusterResolver) against TF 2.21."""
from __future__ import annotations

import json

import pytest

TF_CONFIGS = {
    "unset": None,
    "empty": "",
    "one_worker": {"cluster": {"worker": ["localhost:2222"]}, "task": {"type": "worker", "index": 0}},
    "chief_and_workers": {"cluster": {"chief": ["host0:2222"], "worker": ["host1:2222", "host2:2222"]},
                          "task": {"type": "worker", "index": 1}, "rpc_layer": "grpc", "environment": "cloud"},
    "no_task": {"cluster": {"worker": ["a:1", "b:2"]}},
}


@pytest.mark.parametrize("case", sorted(TF_CONFIGS))
def test_tf_config_resolver(oracle, case, monkeypatch):
    config = TF_CONFIGS[case]
    if config is None:
        monkeypatch.delenv("TF_CONFIG", raising=False)
    else:
        monkeypatch.setenv("TF_CONFIG", config if isinstance(config, str) else json.dumps(config))

    def prog(tf):
        r = tf.distribute.cluster_resolver.TFConfigClusterResolver()
        spec = r.cluster_spec()
        return (spec.as_dict(), sorted(spec.jobs), r.task_type, r.task_id, r.rpc_layer, r.master(),
                r.environment, dict(r.num_accelerators()),
                isinstance(r, tf.distribute.cluster_resolver.ClusterResolver))
    oracle.check(prog)


def test_tf_config_resolver_overrides(oracle, monkeypatch):
    monkeypatch.setenv("TF_CONFIG", json.dumps(TF_CONFIGS["chief_and_workers"]))

    def prog(tf):
        r = tf.distribute.cluster_resolver.TFConfigClusterResolver(task_type="chief", task_id=0, rpc_layer="grpc+x")
        return r.task_type, r.task_id, r.master(), r.master("worker", 0), r.master("worker", 1, rpc_layer="")
    oracle.check(prog)


def test_simple_cluster_resolver_rejects_dict(oracle):
    oracle.check(lambda tf: tf.distribute.cluster_resolver.SimpleClusterResolver({"worker": ["a:1"]}))


def test_simple_cluster_resolver():
    """tf.train.ClusterSpec is not in tfcompat's tf.train yet, so the spec is built from tfcompat's
    ClusterSpec here; expected values by hand (what the resolver was given)."""
    import tfcompat as tf
    from tfcompat._src.distribute.cluster_resolver import ClusterSpec
    spec = ClusterSpec({"worker": ["localhost:1", "localhost:2"], "ps": {1: "p:9"}})
    r = tf.distribute.cluster_resolver.SimpleClusterResolver(spec, master="grpc://m:1", task_type="worker",
                                                            task_id=1, environment="google", rpc_layer="grpc")
    assert r.cluster_spec().as_dict() == {"worker": ["localhost:1", "localhost:2"], "ps": {1: "p:9"}}
    assert r.master() == "grpc://grpc://m:1"   # TF prefixes the rpc layer to the master it was given
    assert r.master("worker", 0) == "grpc://localhost:1"
    assert (r.task_type, r.task_id, r.environment) == ("worker", 1, "google")
    assert spec.num_tasks("worker") == 2 and spec.task_indices("ps") == [1] and spec.job_tasks("ps") == [None, "p:9"]
