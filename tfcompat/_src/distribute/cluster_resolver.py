"""``tf.distribute.cluster_resolver`` basics: ``ClusterResolver``, ``SimpleClusterResolver``,
``TFConfigClusterResolver`` (reads the ``TF_CONFIG`` environment variable) and the ``ClusterSpec`` they return.

These only describe a cluster; tfcompat runs one process, so a strategy given a cluster with more than one task
raises ``UnsupportedAPIError`` (see ``strategies.py``)."""
from __future__ import annotations

import collections
import json
import os

from tfcompat._src.runtime.training.server_lib import ClusterSpec
from tfcompat._src.tools.unsupported import UnsupportedAPIError

__all__ = ["ClusterSpec", "ClusterResolver", "SimpleClusterResolver", "TFConfigClusterResolver", "TPUClusterResolver"]


def total_tasks(spec: ClusterSpec) -> int:
    """The number of tasks (processes) a cluster spec describes."""
    return sum(spec.num_tasks(job) for job in spec.jobs)


class ClusterResolver:
    """Mirrors ``tf.distribute.cluster_resolver.ClusterResolver``, the base class."""

    def cluster_spec(self) -> ClusterSpec:
        raise NotImplementedError("cluster_spec is implemented by ClusterResolver subclasses")

    def master(self, task_type=None, task_id=None, rpc_layer=None) -> str:
        raise NotImplementedError("master is implemented by ClusterResolver subclasses")

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        """The accelerators per type on this machine (none on a CPU-only machine), as a ``defaultdict(int)``."""
        import torch
        counts = collections.defaultdict(int)
        if torch.cuda.is_available():
            counts["GPU"] = torch.cuda.device_count()
        return counts

    @property
    def environment(self) -> str:
        return ""


def _with_rpc(address: str, rpc_layer) -> str:
    return f"{rpc_layer}://{address}" if rpc_layer else address


class SimpleClusterResolver(ClusterResolver):
    """Mirrors ``tf.distribute.cluster_resolver.SimpleClusterResolver``: returns what it was given."""

    def __init__(self, cluster_spec, master: str = "", task_type=None, task_id=None, environment: str = "",
                 num_accelerators=None, rpc_layer=None):
        if not isinstance(cluster_spec, ClusterSpec):
            raise TypeError("cluster_spec must be a `tf.train.ClusterSpec`.")
        self._cluster_spec = cluster_spec
        self._master = master
        self.task_type = task_type
        self.task_id = task_id
        self._environment = environment
        self._num_accelerators = num_accelerators
        self.rpc_layer = rpc_layer

    def cluster_spec(self) -> ClusterSpec:
        return self._cluster_spec

    def master(self, task_type=None, task_id=None, rpc_layer=None) -> str:
        if task_type is not None and task_id is not None:
            address = self._cluster_spec.task_address(task_type, task_id)
        else:
            address = self._master
        return _with_rpc(address, rpc_layer or self.rpc_layer)

    @property
    def environment(self) -> str:
        return self._environment

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        if self._num_accelerators is None:
            return collections.defaultdict(int)
        return self._num_accelerators


class TFConfigClusterResolver(ClusterResolver):
    """Mirrors ``tf.distribute.cluster_resolver.TFConfigClusterResolver``: the cluster, task and RPC layer
    described by the JSON in ``TF_CONFIG``, read afresh at every call (an empty cluster when it is unset)."""

    def __init__(self, task_type=None, task_id=None, rpc_layer=None, environment=None):
        self._task_type = task_type
        self._task_id = task_id
        self._rpc_layer = rpc_layer
        self._environment = environment

    @staticmethod
    def _config() -> dict:
        return json.loads(os.environ.get("TF_CONFIG", "{}"))

    @property
    def task_type(self):
        if self._task_type is not None:
            return str(self._task_type)
        task = self._config().get("task", {})
        return str(task["type"]) if "type" in task else None

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @property
    def task_id(self):
        if self._task_id is not None:
            return int(self._task_id)
        task = self._config().get("task", {})
        return int(task["index"]) if "index" in task else None

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def environment(self):
        """The ``environment`` argument (TF does not read it from ``TF_CONFIG``)."""
        return self._environment

    @property
    def rpc_layer(self):
        return self._rpc_layer if self._rpc_layer is not None else self._config().get("rpc_layer")

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer

    def cluster_spec(self) -> ClusterSpec:
        return ClusterSpec(self._config().get("cluster", {}))

    def master(self, task_type=None, task_id=None, rpc_layer=None) -> str:
        """The session master: ``TF_CONFIG``'s ``session_master``; '' for a cluster of at most one task; else the
        task's address (``task_type``/``task_id`` default to this task's), prefixed by the RPC layer."""
        session_master = self._config().get("session_master")
        if session_master is not None:
            return session_master
        spec = self.cluster_spec()
        if not spec.jobs or (len(spec.jobs) == 1 and len(spec.job_tasks(spec.jobs[0])) == 1):
            return ""
        task_type = task_type if task_type is not None else self.task_type
        task_id = task_id if task_id is not None else self.task_id
        rpc_layer = rpc_layer if rpc_layer is not None else self.rpc_layer
        return _with_rpc(spec.task_address(task_type, task_id), rpc_layer)


class TPUClusterResolver(ClusterResolver):
    """Mirrors ``tf.distribute.cluster_resolver.TPUClusterResolver`` where no TPU exists (always, under tfcompat):
    without a TPU name it raises TF's ``ValueError``, so the usual ``try: TPUClusterResolver() except
    ValueError: strategy = tf.distribute.get_strategy()`` detection falls back as it does on a CPU/GPU machine;
    naming a TPU raises ``UnsupportedAPIError`` (TPUs are not emulated)."""

    def __init__(self, tpu=None, zone=None, project=None, job_name="worker", coordinator_name=None,
                 coordinator_address=None, credentials="default", service=None, discovery_url=None):
        if not tpu:
            raise ValueError("Please provide a TPU Name to connect to.")
        raise UnsupportedAPIError(f"tf.distribute.cluster_resolver.TPUClusterResolver(tpu={tpu!r})",
                                  "TPUs have no PyTorch counterpart in tfcompat (CPU/GPU only)")

    @classmethod
    def connect(cls, tpu=None, zone=None, project=None):
        """Mirrors ``TPUClusterResolver.connect``: the constructor's errors (no TPU to connect to)."""
        return cls(tpu, zone, project)
