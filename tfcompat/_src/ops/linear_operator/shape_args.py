"""The size arguments of the structured operators (``num_rows``, ``num_columns``, ``batch_shape``): converted to
int32 tensors, checked statically as TF does, and given run-time checks with ``assert_proper_shapes``."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_more_ops, array_ops, control_flow_ops, debugging_ops
from tfcompat._src.ops.linear_operator import util

__all__ = ["dim_arg", "batch_shape_arg", "static_batch_shape", "broadcast_to_batch", "possibly_broadcast_to_batch"]


def dim_arg(value, arg_name: str, assert_proper_shapes: bool):
    """(int32 scalar tensor, its static value or None) for ``num_rows``/``num_columns``."""
    tensor = util.shape_tensor(value, name=arg_name)
    static = constant_value(tensor)
    static = None if static is None else np.asarray(static)
    if assert_proper_shapes:
        tensor = control_flow_ops.with_dependencies([
            debugging_ops.assert_rank(tensor, 0, message=f"Argument {arg_name} must be a 0-D Tensor."),
            debugging_ops.assert_non_negative(tensor, message=f"Argument {arg_name} must be non-negative."),
        ], tensor)
    if not tensor.dtype.is_integer:
        raise TypeError(f"Argument {arg_name} must be integer type.  Found: {tensor}")
    if static is not None:
        if static.ndim != 0:
            raise ValueError(f"Argument {arg_name} must be a 0-D Tensor.  Found: {static}")
        if static < 0:
            raise ValueError(f"Argument {arg_name} must be non-negative.  Found: {static}")
    return tensor, static


def batch_shape_arg(batch_shape, assert_proper_shapes: bool):
    """(int32 vector tensor, its static value or None) for ``batch_shape``; (None, None) when not given."""
    if batch_shape is None:
        return None, None
    if isinstance(batch_shape, TensorShape):
        batch_shape = batch_shape.as_list()
    tensor = util.shape_tensor(batch_shape, name="batch_shape_arg")
    static = constant_value(tensor)
    static = None if static is None else np.asarray(static)
    if assert_proper_shapes:
        tensor = control_flow_ops.with_dependencies([
            debugging_ops.assert_rank(tensor, 1, message="Argument batch_shape must be a 1-D Tensor."),
            debugging_ops.assert_non_negative(tensor, message="Argument batch_shape must be non-negative."),
        ], tensor)
    if not tensor.dtype.is_integer:
        raise TypeError(f"Argument batch_shape must be integer type.  Found: {tensor}")
    if static is not None:
        if static.ndim != 1:
            raise ValueError(f"Argument batch_shape must be a 1-D Tensor.  Found: {static}")
        if np.any(static < 0):
            raise ValueError(f"Argument batch_shape must be non-negative.  Found:{static}")
    return tensor, static


def static_batch_shape(static) -> TensorShape:
    return TensorShape(None) if static is None else TensorShape([int(d) for d in static])


def broadcast_to_batch(operator, x):
    """``x`` broadcast against ``operator``'s batch shape (given by ``batch_shape=``), as TF's identity/zeros do:
    unchanged when it already has that batch shape."""

    special_shape = operator.batch_shape.concatenate([1, 1])
    if special_shape.is_fully_defined():
        bshape = array_more_ops.broadcast_static_shape(x.shape, special_shape)
        if bshape == x.shape:
            return x
        return x + array_ops.zeros(shape=special_shape.as_list(), dtype=operator.dtype)
    special = array_ops.concat([operator.batch_shape_tensor(), [1, 1]], 0)
    return x + array_ops.zeros(shape=special, dtype=operator.dtype)


def possibly_broadcast_to_batch(operator, x):
    """``x`` unchanged when ``operator`` was built without ``batch_shape=``, else ``broadcast_to_batch``."""
    if operator._batch_shape_arg is None:
        return x
    return broadcast_to_batch(operator, x)
