"""The ``keep_input`` of TF1's conditional batching (``tf.compat.v1.train.maybe_batch``, ``maybe_batch_join``,
``maybe_shuffle_batch``, ``maybe_shuffle_batch_join``; TF's ``training/input.py``).

``keep_input`` is a bool scalar (enqueue this element -- or, with ``enqueue_many``, this whole batch -- or not) or,
with ``enqueue_many``, a bool vector choosing the examples to enqueue. TF enqueues under ``smart_cond`` for a
scalar and through ``dynamic_partition`` for a vector; here a python/constant scalar decides when the graph is
built (as ``smart_cond`` does), and a scalar tensor is broadcast to a vector over the (one or many) elements, so
every dynamic case is one ``dynamic_partition`` + ``enqueue_many`` (the queue receives the same elements)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.ops import array_more_ops, array_ops, math_ops

__all__ = ["kept_elements"]


def _validate(keep_input, enqueue_many: bool):
    """TF's ``_validate_keep_input``."""
    keep = convert_to_tensor(keep_input)
    rank = keep.shape.rank
    if rank is None:
        raise ValueError("`keep_input` dimensions must be known at graph construction.")
    if not enqueue_many and rank == 1:
        raise ValueError("`keep_input` cannot be a vector when `enqueue_many=False`.")
    if rank > 1:
        raise ValueError("`keep_input` must be 0 or 1 dimensions.")
    return keep


def kept_elements(tensor_list: list, keep_input, enqueue_many: bool):
    """``(tensors, enqueue_many)`` to enqueue for ``keep_input``, or None when it is statically False.

    Raises:
      ValueError: ``keep_input`` of unknown or too high rank, or a vector without ``enqueue_many`` (TF's
        messages)."""
    if keep_input is True:
        return tensor_list, enqueue_many
    keep = _validate(keep_input, enqueue_many)
    if keep.shape.rank == 0:
        static = constant_value(keep)
        if static is not None:
            return (tensor_list, enqueue_many) if bool(static) else None
        if enqueue_many:
            keep = array_ops.fill(array_ops.shape(tensor_list[0])[:1], keep)
        else:
            tensor_list = [array_ops.expand_dims(t, 0) for t in tensor_list]
            keep = array_ops.reshape(keep, [1])
    select = math_ops.cast(keep, dtypes.int32)
    return [array_more_ops.dynamic_partition(t, select, num_partitions=2)[1] for t in tensor_list], True
