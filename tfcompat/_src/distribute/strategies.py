"""The concrete single-process strategies: ``MirroredStrategy``, ``OneDeviceStrategy``,
``MultiWorkerMirroredStrategy`` (one worker) and ``CentralStorageStrategy``, each with one replica.

What "one replica" means: TF 2.21 on a machine with one device gives each of these strategies one replica, and
tfcompat does the same whatever torch devices exist. A strategy asked for more (several devices, or a
``TF_CONFIG``/cluster resolver naming more than one task) raises ``UnsupportedAPIError``: multi-device and
multi-worker replication are not emulated (use ``torch.nn.parallel.DistributedDataParallel``)."""
from __future__ import annotations

from tfcompat._src.distribute import cluster_resolver as cluster_lib
from tfcompat._src.distribute import collective_util
from tfcompat._src.distribute import cross_device_ops as cross_device_ops_lib
from tfcompat._src.distribute.distribute_lib import Strategy, StrategyExtended, as_tensor_structure
from tfcompat._src.framework import device as device_lib
from tfcompat._src.runtime import tf_logging
from tfcompat._src.tools.unsupported import UnsupportedAPIError

__all__ = ["MirroredStrategy", "OneDeviceStrategy", "CollectiveAllReduceStrategy",
           "CollectiveAllReduceStrategyExperimental", "CentralStorageStrategy", "canonical_device"]

_MULTI_DEVICE = ("tfcompat runs one replica on one torch device; multi-device replication is not emulated "
                 "(use torch.nn.parallel.DistributedDataParallel)")
_MULTI_WORKER = ("tfcompat runs one process; multi-worker training is not emulated (run one worker, or use "
                 "torch.distributed directly)")


def canonical_device(spec) -> str:
    """TF's fully qualified name of a device string: '/gpu:1' -> '/job:localhost/replica:0/task:0/device:GPU:1'.
    The name is kept as given (TF does not check the device exists); ops run where tfcompat places them."""
    parsed = device_lib.DeviceSpec.from_string(str(spec))
    if parsed.device_type is None:
        raise ValueError(f"Unknown device specification {spec!r}; expected e.g. '/GPU:0' or '/cpu:0'.")
    return (f"/job:{parsed.job or 'localhost'}/replica:{parsed.replica or 0}/task:{parsed.task or 0}"
            f"/device:{parsed.device_type}:{parsed.device_index or 0}")


def _default_devices() -> tuple:
    return (device_lib.device_name(device_lib.default_device()),)


def _one_device(devices, api: str) -> tuple:
    """The one device of ``devices`` (None or empty: tfcompat's default device); UnsupportedAPIError for more."""
    if not devices:
        return _default_devices()
    if isinstance(devices, str):
        devices = [devices]
    canonical = tuple(dict.fromkeys(canonical_device(d) for d in devices))
    if len(canonical) > 1:
        raise UnsupportedAPIError(f"{api}(devices={list(devices)!r})", _MULTI_DEVICE)
    return canonical


class _MirroredKindStrategy(Strategy):
    """Strategies TF runs through ``mirrored_run``: TF warns (5 times at most) when ``run`` is called eagerly,
    and ``reduce`` returns tensors even for Python values."""

    def _reduce_one_replica(self, value):
        return as_tensor_structure(value)

    def _eager_run_warning(self) -> None:
        tf_logging.log_first_n(
            tf_logging.WARN, "Using %s eagerly has significant overhead currently. We will be working on "
            "improving this in the future, but for now please wrap `call_for_each_replica` or `experimental_run` "
            "or `run` inside a tf.function to get the best performance." % type(self).__name__, 5)


class MirroredStrategy(_MirroredKindStrategy):
    """Mirrors ``tf.distribute.MirroredStrategy(devices=None, cross_device_ops=None)`` with one replica:
    ``devices`` may name one device (default: tfcompat's device, the first GPU or the CPU); any
    ``CrossDeviceOps`` is accepted. More than one device raises ``UnsupportedAPIError``."""

    def __init__(self, devices=None, cross_device_ops=None):
        if cross_device_ops is not None and not isinstance(cross_device_ops, cross_device_ops_lib.CrossDeviceOps):
            raise ValueError(f"cross_device_ops must be a tf.distribute.CrossDeviceOps, got "
                             f"{type(cross_device_ops).__name__}")
        devices = _one_device(devices, "tf.distribute.MirroredStrategy")
        super().__init__(StrategyExtended(self, devices))
        self._cross_device_ops = cross_device_ops
        tf_logging.info("Using MirroredStrategy with devices %r", devices)


class OneDeviceStrategy(Strategy):
    """Mirrors ``tf.distribute.OneDeviceStrategy(device)``: one replica on ``device`` (variables created in
    its scope and ``run`` are placed there with ``tf.device``)."""

    def __init__(self, device):
        self._device = canonical_device(device)
        super().__init__(StrategyExtended(self, (self._device,)))

    def _device_scope(self):
        from tfcompat._src.framework import name_scope
        return name_scope.device(self._device)


class CollectiveAllReduceStrategy(_MirroredKindStrategy):
    """Mirrors ``tf.distribute.MultiWorkerMirroredStrategy(cluster_resolver=None, communication_options=None)``
    for one worker: without ``TF_CONFIG`` (or with a cluster of one task) it is a one-replica MirroredStrategy;
    a cluster of more than one task raises ``UnsupportedAPIError``. TF's class is named as this one."""

    _API = "tf.distribute.MultiWorkerMirroredStrategy"

    def __init__(self, cluster_resolver=None, communication_options=None):
        if communication_options is not None and not isinstance(communication_options,
                                                                 collective_util.CommunicationOptions):
            raise ValueError("communication_options must be a tf.distribute.experimental.CommunicationOptions")
        resolver = cluster_resolver if cluster_resolver is not None else cluster_lib.TFConfigClusterResolver()
        if cluster_lib.total_tasks(resolver.cluster_spec()) > 1:
            raise UnsupportedAPIError(f"{self._API} with a cluster of "
                                      f"{cluster_lib.total_tasks(resolver.cluster_spec())} tasks", _MULTI_WORKER)
        self._cluster_resolver = resolver
        self._communication_options = communication_options or collective_util.CommunicationOptions()
        super().__init__(StrategyExtended(self, _default_devices()))
        tf_logging.warning("Collective ops is not configured at program startup. Some performance features may "
                           "not be enabled.")
        tf_logging.info("Single-worker MultiWorkerMirroredStrategy with local_devices = %r, communication = %s",
                        self.extended.worker_devices, self._communication_options.implementation)

    @property
    def cluster_resolver(self):
        return self._cluster_resolver


class CollectiveAllReduceStrategyExperimental(CollectiveAllReduceStrategy):
    """Mirrors the deprecated ``tf.distribute.experimental.MultiWorkerMirroredStrategy(communication=AUTO,
    cluster_resolver=None)``; its instances are named ``CollectiveAllReduceStrategy`` as TF's."""

    _API = "tf.distribute.experimental.MultiWorkerMirroredStrategy"

    def __init__(self, communication=collective_util.CommunicationImplementation.AUTO, cluster_resolver=None):
        super().__init__(cluster_resolver=cluster_resolver,
                         communication_options=collective_util.CommunicationOptions(implementation=communication))


# TF renames its experimental class so type(strategy).__name__ reads the same for both.
CollectiveAllReduceStrategyExperimental.__name__ = "CollectiveAllReduceStrategy"


class CentralStorageStrategy(_MirroredKindStrategy):
    """Mirrors ``tf.distribute.experimental.CentralStorageStrategy(compute_devices=None, parameter_device=None)``
    with one compute device. As in TF, ``extended.worker_devices`` is a list here (a tuple elsewhere)."""

    def __init__(self, compute_devices=None, parameter_device=None):
        devices = _one_device(compute_devices, "tf.distribute.experimental.CentralStorageStrategy")
        parameter = (canonical_device(parameter_device),) if parameter_device is not None else devices
        super().__init__(StrategyExtended(self, devices, parameter))
        self._extended._worker_devices = list(devices)
