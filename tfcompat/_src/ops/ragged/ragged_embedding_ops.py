"""``tf.nn.embedding_lookup`` with RaggedTensor ``ids`` (mirrors TF's ``ragged_embedding_ops.embedding_lookup``,
reached by TF's fallback dispatch): the result keeps the ids' row partitions, its flat values are the
embeddings of the ids' flat values (``max_norm`` clips each embedding as in the dense lookup).

Registered with ``framework/api_dispatch``; it answers once ``nn_ops.embedding_lookup`` falls back to dispatch
(``add_dispatch_support``) when its ``ids`` are not a tensor."""
from __future__ import annotations

from tfcompat._src.framework.api_dispatch import dispatch_for_types
from tfcompat._src.ops import nn_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor, is_ragged

__all__ = ["ragged_embedding_lookup"]


@dispatch_for_types(nn_ops.embedding_lookup, RaggedTensor)
def ragged_embedding_lookup(params, ids, partition_strategy="mod", name=None, validate_indices=True,
                            max_norm=None) -> RaggedTensor:
    """``embedding_lookup(params, ids)`` for ragged ``ids``: ``ids.with_flat_values(lookup(ids.flat_values))``.

    Raises:
      TypeError: ``params`` is a RaggedTensor (TF: ragged params are not supported)."""
    if is_ragged(params) or (isinstance(params, (list, tuple)) and any(is_ragged(p) for p in params)):
        raise TypeError("params must be a Tensor or a list of Tensors, not a RaggedTensor")
    if not is_ragged(ids):
        raise TypeError(f"ids must be a RaggedTensor, got {type(ids).__name__}")
    flat = nn_ops.embedding_lookup(params, ids.flat_values, partition_strategy=partition_strategy, name=name,
                                   validate_indices=validate_indices, max_norm=max_norm)
    return ids.with_flat_values(flat)
