"""``tf.train.ClusterSpec`` (the one definition; ``tf.distribute.cluster_resolver`` re-uses it): a description of
a cluster's jobs and task addresses. tfcompat runs one process; what consumes a multi-task spec says so."""
from __future__ import annotations

__all__ = ["ClusterSpec", "STANDARD_PS_OPS", "replica_device_setter"]


class ClusterSpec:
    """Mirrors ``tf.train.ClusterSpec``: job name -> task addresses (a list, or a dict task index -> address)."""

    def __init__(self, cluster):
        if isinstance(cluster, ClusterSpec):
            cluster = cluster.as_dict()
        if not isinstance(cluster, dict):
            raise TypeError("`cluster` must be a dictionary mapping one or more job names to (i) a list of "
                            "network addresses, or (ii) a dictionary mapping integer task indices to network "
                            "addresses; or a `tf.train.ClusterDef` protocol buffer")
        self._jobs: dict = {}
        for job, tasks in cluster.items():
            if isinstance(tasks, (list, tuple)):
                self._jobs[job] = dict(enumerate(tasks))
            elif isinstance(tasks, dict):
                self._jobs[job] = {int(i): addr for i, addr in tasks.items()}
            else:
                raise TypeError(f"The tasks for job {job!r} must be a list or a dictionary from integers to "
                                f"strings.")

    def __bool__(self) -> bool:
        return bool(self._jobs)

    def __eq__(self, other) -> bool:
        return isinstance(other, ClusterSpec) and self._jobs == other._jobs

    def __ne__(self, other) -> bool:
        return not self == other

    def __repr__(self):
        return f"ClusterSpec({self.as_dict()!r})"

    @property
    def jobs(self) -> list:
        return list(self._jobs)

    def as_dict(self) -> dict:
        """Job -> list of addresses when the task indices are 0..n-1, else job -> {index: address}."""
        out = {}
        for job, tasks in self._jobs.items():
            indices = sorted(tasks)
            out[job] = [tasks[i] for i in indices] if indices == list(range(len(indices))) else dict(tasks)
        return out

    def num_tasks(self, job_name: str) -> int:
        return len(self._job(job_name))

    def task_indices(self, job_name: str) -> list:
        return sorted(self._job(job_name))

    def task_address(self, job_name: str, task_index: int) -> str:
        tasks = self._job(job_name)
        if task_index not in tasks:
            raise ValueError(f"No task with index {task_index!r} in job {job_name!r}")
        return tasks[task_index]

    def job_tasks(self, job_name: str) -> list:
        tasks = self._job(job_name)
        return [tasks.get(i) for i in range(max(tasks) + 1)] if tasks else []

    def _job(self, job_name: str) -> dict:
        if job_name not in self._jobs:
            raise ValueError(f"No such job in cluster: {job_name!r}")
        return self._jobs[job_name]


# The op types TF's replica_device_setter places on parameter servers by default (STANDARD_PS_OPS).
STANDARD_PS_OPS = ("Variable", "VariableV2", "AutoReloadVariable", "MutableHashTable", "MutableHashTableV2",
                   "MutableHashTableOfTensors", "MutableHashTableOfTensorsV2", "MutableDenseHashTable",
                   "MutableDenseHashTableV2", "VarHandleOp", "BoostedTreesEnsembleResourceHandleOp",
                   "BoostedTreesQuantileStreamResourceHandleOp", "ResourceConditionalAccumulator",
                   "DecisionTreeResource")


class _RoundRobinChooser:
    def __init__(self, num_tasks: int):
        self._num_tasks = num_tasks
        self._next = 0

    def __call__(self, unused_op) -> int:
        task = self._next
        self._next = (self._next + 1) % self._num_tasks
        return task


def _merge_device(spec: str, current: str, merge: bool) -> str:
    """``spec``'s fields, with the op's own device fields taking precedence when ``merge`` (TF's DeviceSpec merge)."""
    if not merge or not current:
        return spec
    fields = {}
    for part in (spec + current).split("/"):   # later fields (the op's) override earlier ones (the spec's)
        key, _, value = part.partition(":")
        if key in ("job", "replica", "task", "device"):
            fields[key] = value
        elif part:
            fields["device"] = part   # a legacy "/cpu:0" or "/gpu:0"
    order = ("job", "replica", "task", "device")
    return "".join(f"/{k}:{fields[k]}" for k in order if k in fields)


def replica_device_setter(ps_tasks=0, ps_device="/job:ps", worker_device="/job:worker", merge_devices=True,
                          cluster=None, ps_ops=None, ps_strategy=None):
    """Mirrors ``tf.compat.v1.train.replica_device_setter``: a device function placing variables (``ps_ops``) on the
    parameter-server tasks round-robin and every other op on ``worker_device``; None when there is no ps task (TF
    places nothing then). tfcompat runs one process, so the device strings only annotate the graph's ops."""
    if cluster is not None:
        cluster_spec = cluster if isinstance(cluster, ClusterSpec) else ClusterSpec(cluster)
        if "ps" not in cluster_spec.jobs:
            return None
        ps_tasks = cluster_spec.num_tasks("ps")
    if ps_tasks == 0:
        return None
    ps_ops = tuple(ps_ops) if ps_ops is not None else STANDARD_PS_OPS
    chooser = ps_strategy if ps_strategy is not None else _RoundRobinChooser(ps_tasks)

    def device_function(op) -> str:
        current = getattr(op, "device", "") or ""
        if ps_device and op.type in ps_ops:
            if current.startswith("/job:") and not current.startswith(ps_device):
                return current
            return _merge_device(f"{ps_device}/task:{chooser(op)}", current, merge_devices)
        if current.startswith("/job:") and worker_device and not current.startswith(worker_device):
            return current
        return _merge_device(worker_device or "", current, merge_devices)

    return device_function
