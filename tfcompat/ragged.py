"""``tf.ragged``: re-exports only (see ``_src/ops/ragged/``)."""
from __future__ import annotations

from tfcompat._src.ops.ragged.ragged_ops import (  # noqa: A004
    boolean_mask, constant, cross, cross_hashed, map_flat_values, range, stack, stack_dynamic_partitions,
)
from tfcompat._src.ops.ragged.ragged_tensor import row_splits_to_segment_ids, segment_ids_to_row_splits
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["boolean_mask", "constant", "cross", "cross_hashed", "map_flat_values", "range",
           "row_splits_to_segment_ids", "segment_ids_to_row_splits", "stack", "stack_dynamic_partitions"]

__getattr__ = _module_getattr("tf.ragged")
