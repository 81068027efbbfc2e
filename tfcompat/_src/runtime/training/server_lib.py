"""``tf.train.ClusterSpec`` (the one definition; ``tf.distribute.cluster_resolver`` re-uses it): a description of
a cluster's jobs and task addresses; the in-process ``tf.distribute.Server`` and
``tf.config.experimental_connect_to_cluster``. tfcompat runs one process; what consumes a multi-task spec says so."""
from __future__ import annotations

__all__ = ["ClusterSpec", "STANDARD_PS_OPS", "Server", "cluster_def", "experimental_connect_to_cluster",
           "replica_device_setter"]


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


def _cluster_of(server_or_cluster_def, job_name, task_index):
    """(ClusterSpec, job name, task index) of a Server's argument, filled in as TF's ``_make_server_def`` does."""
    if isinstance(server_or_cluster_def, dict):
        server_or_cluster_def = ClusterSpec(server_or_cluster_def)
    if not isinstance(server_or_cluster_def, ClusterSpec):
        raise TypeError("Could not convert `server_or_cluster_def` to a `tf.train.ServerDef` or "
                        "`tf.train.ClusterSpec`.")
    cluster = server_or_cluster_def
    if job_name is None:
        if len(cluster.jobs) != 1:
            raise ValueError("Must specify an explicit `job_name`.")
        job_name = cluster.jobs[0]
    if task_index is None:
        indices = cluster.task_indices(job_name)
        if len(indices) != 1:
            raise ValueError("Must specify an explicit `task_index`.")
        task_index = indices[0]
    cluster.task_address(job_name, task_index)   # ValueError for a task the cluster does not have
    return cluster, job_name, task_index


class Server:
    """Mirrors ``tf.distribute.Server`` / ``tf.compat.v1.train.Server``: an in-process server for one task of a
    cluster. Its ``target`` (``grpc://<address>``) is accepted by ``tf.compat.v1.Session(target)``, which runs in
    this process as every tfcompat session does.

    Differences from TF: nothing listens on the address and no other process can connect (tfcompat runs one
    process); ``join()`` blocks forever, as TF's does for a server nobody stops."""

    def __init__(self, server_or_cluster_def, job_name=None, task_index=None, protocol=None, config=None,
                 start=True):
        self._cluster, self._job_name, self._task_index = _cluster_of(server_or_cluster_def, job_name, task_index)
        self._protocol = protocol or "grpc"
        self._config = config
        address = self._cluster.task_address(self._job_name, self._task_index)
        if address.endswith(":0"):   # TF picks a free port for ':0'; an in-process server needs none
            address = address[:-2] + ":" + str(_next_port())
        self._address = address
        self._started = False
        if start:
            self.start()

    def start(self) -> None:
        """Starts the server (TF: starts its gRPC service); idempotent."""
        self._started = True

    def join(self) -> None:
        """Blocks until the server shuts down, which, as in TF, never happens by itself."""
        import threading
        threading.Event().wait()

    @property
    def target(self) -> str:
        """The session target string, ``grpc://host:port``."""
        return f"{self._protocol}://{self._address}"

    @property
    def server_def(self):
        """The ``tf.train.ServerDef`` this server was built from."""
        from tfcompat._src.protos.cluster import ServerDef
        return ServerDef(cluster=cluster_def(self._cluster), job_name=self._job_name, task_index=self._task_index,
                         protocol=self._protocol)

    @staticmethod
    def create_local_server(config=None, start=True) -> "Server":
        """Mirrors ``Server.create_local_server``: a single-task server for job ``localhost``."""
        return Server({"localhost": ["localhost:0"]}, protocol="grpc", config=config, start=start)


_PORTS = [0]


def _next_port() -> int:
    # Deterministic stand-in ports for ':0' addresses (nothing binds them).
    _PORTS[0] += 1
    return 20000 + _PORTS[0]


def cluster_def(spec: ClusterSpec):
    """The ``tf.train.ClusterDef`` proto of a ClusterSpec (jobs in name order, as TF's ``as_cluster_def``)."""
    from tfcompat._src.protos.cluster import ClusterDef
    proto = ClusterDef()
    for job in sorted(spec.jobs):
        job_def = proto.job.add(name=job)
        for index in spec.task_indices(job):
            job_def.tasks[index] = spec.task_address(job, index)
    return proto


def experimental_connect_to_cluster(cluster_spec_or_resolver, job_name="localhost", task_index=0, protocol=None,
                                    make_master_device_default=True, cluster_device_filters=None) -> None:
    """Mirrors ``tf.config.experimental_connect_to_cluster`` for a cluster of one task (this process, e.g. the
    target of ``tf.distribute.Server.create_local_server()``): validates the arguments and connects nothing, since
    everything already runs here. A cluster with more tasks raises ``NotImplementedError`` (tfcompat does not
    execute ops on other processes)."""
    from tfcompat._src.framework import context as ctx_lib
    if not ctx_lib.executing_eagerly():
        raise ValueError("`tf.config.experimental_connect_to_cluster` can only be called in eager mode.")
    spec = cluster_spec_or_resolver
    if hasattr(spec, "cluster_spec") and not isinstance(spec, ClusterSpec):
        spec = spec.cluster_spec()
    if isinstance(spec, dict):
        spec = ClusterSpec(spec)
    if not isinstance(spec, ClusterSpec):
        raise ValueError("`cluster_spec_or_resolver` must be a `ClusterSpec` or a `ClusterResolver`.")
    n_tasks = sum(spec.num_tasks(job) for job in spec.jobs)
    if n_tasks > 1:
        raise NotImplementedError(f"tf.config.experimental_connect_to_cluster: the cluster has {n_tasks} tasks; "
                                  f"tfcompat runs ops in this process only (a single-task cluster is accepted)")
