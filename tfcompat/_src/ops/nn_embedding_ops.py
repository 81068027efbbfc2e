"""``tf.nn.embedding_lookup_sparse`` and ``tf.nn.safe_embedding_lookup_sparse``, built as TF builds them from
Unique, Gather, the (sparse) segment reductions and the SparseTensor ops."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import array_manip_ops, array_ops, math_ops, nn_ops, reduction_ops, scatter_ops
from tfcompat._src.ops import sparse_ops_api
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["embedding_lookup_sparse", "embedding_lookup_sparse_v1", "safe_embedding_lookup_sparse",
           "safe_embedding_lookup_sparse_v1"]

_COMBINERS = ("mean", "sqrtn", "sum")


def _params_list(params):
    if isinstance(params, (list, tuple)):
        params = list(params)
    else:
        params = [params]
    if len(params) != 1:
        raise NotImplementedError("embedding lookups over sharded params are not supported yet")
    return params


def embedding_lookup_sparse(params, sp_ids, sp_weights, combiner=None, max_norm=None, name=None,
                            allow_fast_lookup=False):
    """Mirrors ``tf.nn.embedding_lookup_sparse``: row i of the result combines (``"mean"``, ``"sqrtn"`` or
    ``"sum"``, weighted by ``sp_weights`` when given) the embeddings of the ids in row i of ``sp_ids``. As TF,
    the result has max(row index) + 1 rows, not dense_shape[0]."""
    if combiner is None:
        combiner = "mean"
    if combiner not in _COMBINERS:
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum', got {combiner}")
    params = _params_list(params)
    if not isinstance(sp_ids, SparseTensor):
        raise TypeError(f"sp_ids must be SparseTensor, got {type(sp_ids)}")
    ignore_weights = sp_weights is None
    if not ignore_weights and not isinstance(sp_weights, SparseTensor):
        raise TypeError(f"sp_weights must be either None or SparseTensor, got {type(sp_weights)}")
    with name_scope(name or "embedding_lookup_sparse"):
        segment_ids = sp_ids.indices[:, 0]
        ids = sp_ids.values
        # As TF: the embeddings of the unique ids are looked up (so the params' gradient is an IndexedSlices
        # with one row per unique id), then gathered back per entry when weighted.
        ids, idx = array_manip_ops.unique(ids)
        embeddings = nn_ops.embedding_lookup(params, ids, max_norm=max_norm)
        if ignore_weights:
            if segment_ids.dtype not in (dtypes.int32, dtypes.int64):
                segment_ids = math_ops.cast(segment_ids, dtypes.int32)
            reduce = {"sum": sparse_ops_api.segment_sum, "mean": sparse_ops_api.segment_mean,
                      "sqrtn": sparse_ops_api.segment_sqrt_n}[combiner]
            return reduce(embeddings, idx, segment_ids)
        embeddings = array_ops.gather(embeddings, idx)
        weights = sp_weights.values
        if weights.dtype != embeddings.dtype:
            weights = math_ops.cast(weights, embeddings.dtype)
        # Reshape the weights to [n, 1, ..., 1] to broadcast over the embedding dimensions.
        ones = array_ops.ones(array_ops.reshape(array_ops.rank(embeddings) - 1, [1]), dtype=dtypes.int32)
        bcast_shape = array_ops.concat([array_ops.shape(weights), ones], 0)
        weights = array_ops.reshape(weights, bcast_shape)
        embeddings = math_ops.multiply(embeddings, weights)
        summed = scatter_ops.segment_sum(embeddings, segment_ids)
        if combiner == "sum":
            return summed
        if combiner == "mean":
            return math_ops.divide_no_nan(summed, scatter_ops.segment_sum(weights, segment_ids))
        weight_sum = scatter_ops.segment_sum(math_ops.pow(weights, 2), segment_ids)
        return math_ops.divide_no_nan(summed, math_ops.sqrt(weight_sum))


def embedding_lookup_sparse_v1(params, sp_ids, sp_weights, partition_strategy="mod", name=None, combiner=None,
                               max_norm=None, allow_fast_lookup=False):
    """Mirrors ``tf.compat.v1.nn.embedding_lookup_sparse`` (``partition_strategy`` only matters for sharded
    params, which are not supported)."""
    return embedding_lookup_sparse(params, sp_ids, sp_weights, combiner=combiner, max_norm=max_norm, name=name)


def _retain(sp, keep):
    return sparse_ops_api.retain(sp, keep)


def safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights=None, combiner="mean",
                                 default_id=None, max_norm=None, name=None, allow_fast_lookup=False):
    """Mirrors ``tf.nn.safe_embedding_lookup_sparse``: ``embedding_lookup_sparse`` over the last dimension of
    ``sparse_ids`` after dropping negative ids (and non-positive weights unless combiner is "sum"); empty rows
    give zeros, or the embedding of ``default_id``. The result has shape dense_shape[:-1] + embedding shape."""
    if embedding_weights is None:
        raise ValueError(f"Missing embedding_weights {embedding_weights}.")
    params = [to_tensor(w) if not hasattr(w, "assign") else w for w in _params_list(embedding_weights)]
    with name_scope(name or "embedding_lookup"):
        original_shape = sparse_ids.dense_shape
        original_rank = original_shape.shape[0]
        if original_rank is None:
            original_rank = array_ops.size(original_shape)
        prefix = array_ops.slice(original_shape, [0], [original_rank - 1])
        sparse_ids = sparse_ops_api.reshape(sparse_ids, array_ops.stack(
            [reduction_ops.reduce_prod(prefix), array_ops.gather(original_shape, original_rank - 1)]))
        if sparse_weights is not None:
            sparse_weights = SparseTensor(sparse_ids.indices, sparse_weights.values, sparse_ids.dense_shape)
        keep = math_ops.greater_equal(sparse_ids.values, array_ops.zeros_like(sparse_ids.values))
        sparse_ids = _retain(sparse_ids, keep)
        if sparse_weights is not None:
            sparse_weights = _retain(sparse_weights, keep)
        if combiner != "sum" and sparse_weights is not None:
            positive = math_ops.greater(sparse_weights.values, array_ops.zeros_like(sparse_weights.values))
            sparse_ids = _retain(sparse_ids, positive)
            sparse_weights = _retain(sparse_weights, positive)
        sparse_ids, is_row_empty = sparse_ops_api.fill_empty_rows(sparse_ids, default_id or 0)
        if sparse_weights is not None:
            sparse_weights, _ = sparse_ops_api.fill_empty_rows(sparse_weights, 1.0)
        result = embedding_lookup_sparse(params, sparse_ids, sparse_weights, combiner=combiner, max_norm=max_norm)
        if default_id is None:
            is_row_empty = array_ops.tile(array_ops.reshape(is_row_empty, [-1, 1]),
                                          array_ops.stack([1, array_ops.shape(result)[1]]))
            result = array_ops.where(is_row_empty, array_ops.zeros_like(result), result)
        final_shape = array_ops.concat([math_ops.cast(prefix, dtypes.int32),
                                        array_ops.slice(array_ops.shape(result), [1], [-1])], 0)
        return array_ops.reshape(result, final_shape)


def safe_embedding_lookup_sparse_v1(embedding_weights, sparse_ids, sparse_weights=None, combiner="mean",
                                    default_id=None, name=None, partition_strategy="div", max_norm=None,
                                    allow_fast_lookup=False):
    """Mirrors ``tf.compat.v1.nn.safe_embedding_lookup_sparse``."""
    return safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights, combiner=combiner,
                                        default_id=default_id, max_norm=max_norm, name=name)
