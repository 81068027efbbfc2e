"""Array construction and manipulation (mirrors TF's ``array_ops.py``): TF's ``array_ops`` surface, gathered
from the modules by concern.

- array_kernels.py: the raw ops (kernels and op definitions);
- array_basic_ops.py: constant, identity, placeholders, reshape/transpose, concat/stack/split, squeeze/
  expand_dims/tile, gather/slice, shape/size/rank;
- array_creation_ops.py: fill, zeros/ones, *_like, one_hot, where, range, linspace;
- array_manip_ops.py: broadcast_to, pad, reverse, unique; slicing_ops.py: strided slices (``Tensor.__getitem__``).
"""
from __future__ import annotations

from tfcompat._src.ops.array_basic_ops import (constant, identity, identity_n, stop_gradient, prevent_gradient,
                                               placeholder, placeholder_with_default, reshape, transpose,
                                               matrix_transpose, concat, stack, pack, unstack, unpack, split,
                                               squeeze, expand_dims, tile, gather, gather_nd, slice, shape, shape_n,
                                               size, rank)
from tfcompat._src.ops.array_creation_ops import (fill, zeros, ones, zeros_like, ones_like, one_hot, where, where_v1,
                                                  range, linspace, lin_space)
from tfcompat._src.ops.array_manip_ops import broadcast_to, pad, reverse, unique
from tfcompat._src.ops.slicing_ops import strided_slice_from_spec

__all__ = ["constant", "identity", "identity_n", "stop_gradient", "prevent_gradient", "placeholder",
           "placeholder_with_default", "reshape", "transpose", "matrix_transpose", "concat", "stack", "pack",
           "unstack", "unpack", "split", "squeeze", "expand_dims", "tile", "gather", "gather_nd", "slice", "shape",
           "shape_n", "size", "rank", "fill", "zeros", "ones", "zeros_like", "ones_like", "one_hot", "where",
           "where_v1", "range", "linspace", "lin_space", "broadcast_to", "pad", "reverse", "unique",
           "strided_slice_from_spec", "newaxis"]

newaxis = None
