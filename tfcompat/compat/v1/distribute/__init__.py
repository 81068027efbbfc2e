"""``tf.compat.v1.distribute``: re-exports only (one replica on one device; see migration_guide/distribute.md)."""
from __future__ import annotations

from tfcompat._src.distribute.cross_device_ops import (
    CrossDeviceOps, HierarchicalCopyAllReduce, NcclAllReduce, ReductionToOneDevice,
)
from tfcompat._src.distribute.distribute_lib import (
    InputContext, InputReplicationMode, ReplicaContext, RunOptions, Strategy, StrategyExtended,
    experimental_set_strategy, get_replica_context, get_strategy, has_strategy, in_cross_replica_context,
)
from tfcompat._src.distribute.reduce_util import ReduceOp
from tfcompat._src.distribute.strategies import MirroredStrategy, OneDeviceStrategy
from tfcompat.compat.v1.distribute import cluster_resolver, experimental

__all__ = ["CrossDeviceOps", "HierarchicalCopyAllReduce", "InputContext", "InputReplicationMode",
           "MirroredStrategy", "NcclAllReduce", "OneDeviceStrategy", "ReduceOp", "ReductionToOneDevice",
           "ReplicaContext", "RunOptions", "Strategy", "StrategyExtended", "cluster_resolver", "experimental",
           "experimental_set_strategy", "get_replica_context", "get_strategy", "has_strategy",
           "in_cross_replica_context"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.distribute", __name__)
