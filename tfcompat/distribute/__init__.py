"""``tf.distribute``: re-exports only (one replica on one device; see migration_guide/distribute.md)."""
from __future__ import annotations

from tfcompat._src.distribute.cross_device_ops import (
    CrossDeviceOps, HierarchicalCopyAllReduce, NcclAllReduce, ReductionToOneDevice,
)
from tfcompat._src.distribute.distribute_lib import (
    InputContext, InputOptions, InputReplicationMode, ReplicaContext, RunOptions, Strategy, StrategyExtended,
    experimental_set_strategy, get_replica_context, get_strategy, has_strategy, in_cross_replica_context,
)
from tfcompat._src.distribute.input_lib import DistributedDataset, DistributedIterator
from tfcompat._src.distribute.values import DistributedValues
from tfcompat._src.distribute.reduce_util import ReduceOp
from tfcompat._src.distribute.strategies import CollectiveAllReduceStrategy as MultiWorkerMirroredStrategy
from tfcompat._src.distribute.strategies import MirroredStrategy, OneDeviceStrategy
from tfcompat.distribute import cluster_resolver, experimental

__all__ = ["CrossDeviceOps", "DistributedDataset", "DistributedIterator", "DistributedValues",
           "HierarchicalCopyAllReduce", "InputContext", "InputOptions", "InputReplicationMode", "MirroredStrategy",
           "MultiWorkerMirroredStrategy", "NcclAllReduce", "OneDeviceStrategy", "ReduceOp", "ReductionToOneDevice",
           "ReplicaContext", "RunOptions", "Strategy", "StrategyExtended", "cluster_resolver", "experimental",
           "experimental_set_strategy", "get_replica_context", "get_strategy", "has_strategy",
           "in_cross_replica_context"]

from tfcompat._src.runtime.training.server_lib import Server  # noqa: E402  (B15 wave 6: in-process server)

__all__ += ["Server"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.distribute", __name__)
