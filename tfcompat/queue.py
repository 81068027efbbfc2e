"""``tf.queue`` (and ``tf.compat.v1.queue``): re-exports only."""
from __future__ import annotations

from tfcompat._src.ops.data_flow_ops import (
    FIFOQueue, PaddingFIFOQueue, PriorityQueue, QueueBase, RandomShuffleQueue,
)

__all__ = ["FIFOQueue", "PaddingFIFOQueue", "PriorityQueue", "QueueBase", "RandomShuffleQueue"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.queue", __name__)
