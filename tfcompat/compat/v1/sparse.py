"""``tf.compat.v1.sparse``: re-exports only (TF1 signatures: ``thresh``, ``reduction_axes``, ``keep_dims``,
keyword-only ``split``)."""
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops.sparse_ops_api import (
    add_v1 as add, bincount, concat_v1 as concat, expand_dims, eye, fill_empty_rows, from_dense, mask, maximum,
    merge, minimum, reduce_max_sparse, reduce_max_v1 as reduce_max, reduce_sum_sparse, reduce_sum_v1 as reduce_sum,
    reorder, reset_shape, reshape, retain, segment_mean_v1 as segment_mean, segment_sqrt_n_v1 as segment_sqrt_n,
    segment_sum_v1 as segment_sum, slice, softmax,
    sparse_dense_matmul, sparse_dense_matmul as matmul, sparse_placeholder as placeholder,
    to_dense, split_v1 as split, to_indicator, transpose,
)

__all__ = ["SparseTensor", "add", "bincount", "concat", "expand_dims", "eye", "fill_empty_rows", "from_dense", "mask",
           "matmul", "maximum", "merge", "minimum", "placeholder", "reduce_max", "reduce_max_sparse", "reduce_sum",
           "reduce_sum_sparse", "reorder", "reset_shape", "reshape", "retain", "segment_mean", "segment_sqrt_n",
           "segment_sum", "slice", "softmax", "sparse_dense_matmul", "split", "to_dense", "to_indicator",
           "transpose"]

from tfcompat._src.feature_column.sparse_cross import (  # noqa: E402
    sparse_cross as cross, sparse_cross_hashed as cross_hashed,
)

__all__ += ["cross", "cross_hashed"]
