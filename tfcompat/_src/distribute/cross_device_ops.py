"""``tf.distribute.CrossDeviceOps`` and its all-reduce algorithms, for one device.

``MirroredStrategy(cross_device_ops=...)`` accepts each of them; with one replica there is nothing to exchange,
so ``reduce``/``batch_reduce``/``broadcast`` return the values as tensors. The constructors validate their
arguments as TF's do."""
from __future__ import annotations

from tfcompat._src.distribute.reduce_util import as_reduce_op
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops

__all__ = ["CrossDeviceOps", "ReductionToOneDevice", "AllReduceCrossDeviceOps", "NcclAllReduce",
           "HierarchicalCopyAllReduce"]


def _as_tensors(value):
    return nest.map_structure(lambda v: array_ops.identity(convert_to_tensor(v)), value)


class CrossDeviceOps:
    """Mirrors ``tf.distribute.CrossDeviceOps`` (one device: every reduction is the identity)."""

    def reduce(self, reduce_op, per_replica_value, destinations, options=None):
        """Mirrors ``CrossDeviceOps.reduce``: the one replica's value, as a tensor."""
        as_reduce_op(reduce_op)
        return _as_tensors(per_replica_value)

    def batch_reduce(self, reduce_op, value_destination_pairs, options=None):
        """Mirrors ``CrossDeviceOps.batch_reduce``: ``reduce`` for each (value, destinations) pair."""
        return [self.reduce(reduce_op, v, d, options) for v, d in value_destination_pairs]

    def broadcast(self, tensor, destinations):
        """Mirrors ``CrossDeviceOps.broadcast``: the tensor (one destination device)."""
        return _as_tensors(tensor)


class ReductionToOneDevice(CrossDeviceOps):
    """Mirrors ``tf.distribute.ReductionToOneDevice(reduce_to_device=None, accumulation_fn=None)``."""

    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn


class AllReduceCrossDeviceOps(CrossDeviceOps):
    """TF's base of ``NcclAllReduce`` and ``HierarchicalCopyAllReduce``."""

    def __init__(self, all_reduce_alg: str = "nccl", num_packs: int = 1):
        self._all_reduce_alg = all_reduce_alg
        self._num_packs = num_packs


class NcclAllReduce(AllReduceCrossDeviceOps):
    """Mirrors ``tf.distribute.NcclAllReduce(num_packs=1)`` (accepted; one device needs no NCCL)."""

    def __init__(self, num_packs: int = 1):
        if num_packs < 0:
            raise ValueError(f"NCCL all-reduce requires num_packs >= 0, but {num_packs} is specified")
        super().__init__(all_reduce_alg="nccl", num_packs=num_packs)


class HierarchicalCopyAllReduce(AllReduceCrossDeviceOps):
    """Mirrors ``tf.distribute.HierarchicalCopyAllReduce(num_packs=1)`` (accepted; one device)."""

    def __init__(self, num_packs: int = 1):
        if num_packs < 0:
            raise ValueError(f"HierarchicalCopy requires num_packs >= 0, but {num_packs} is specified")
        super().__init__(all_reduce_alg="hierarchical_copy", num_packs=num_packs)
