"""``tf.sparse``: re-exports only."""
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops.sparse_ops_api import (
    add, bincount, concat, expand_dims, eye, fill_empty_rows, from_dense, map_values, mask, maximum, minimum,
    reduce_max, reduce_sum, reorder, reset_shape, reshape, retain, sampled_addmm, segment_mean, segment_sqrt_n,
    segment_sum, slice, softmax, sparse_dense_matmul, split, to_dense, to_indicator, transpose,
)

__all__ = ["SparseTensor", "add", "bincount", "concat", "expand_dims", "eye", "fill_empty_rows", "from_dense",
           "map_values", "mask", "maximum", "minimum", "reduce_max", "reduce_sum", "reorder", "reset_shape",
           "reshape", "retain", "sampled_addmm", "segment_mean", "segment_sqrt_n", "segment_sum", "slice", "softmax",
           "sparse_dense_matmul", "split", "to_dense", "to_indicator", "transpose"]

from tfcompat._src.feature_column.sparse_cross import (  # noqa: E402
    sparse_cross as cross, sparse_cross_hashed as cross_hashed,
)

__all__ += ["cross", "cross_hashed"]
