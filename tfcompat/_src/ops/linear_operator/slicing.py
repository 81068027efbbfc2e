"""Batch slicing of operators (``operator[0]``, ``operator[:, 1:]``; TF's ``linalg/slicing.py``): each parameter
is sliced over its batch dimensions (right-aligned with the operator's batch shape; a broadcast dimension of size 1
is sliced to stay size 1) and the operator is rebuilt from the sliced parameters."""
from __future__ import annotations

import collections.abc

from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops

__all__ = ["batch_slice"]


def _sanitize_slices(slices, intended_shape, deficient_shape):
    """Slices of the operator's batch dims, rewritten for a parameter whose batch dims may be broadcast (size 1)."""
    sanitized = []
    idx = 0
    for slc in slices:
        if slc is Ellipsis:
            if idx < 0:
                raise ValueError(f"Found multiple `...` in slices {slices}")
            idx = -sum(s is not None for s in slices[slices.index(Ellipsis) + 1:])
        elif slc is None:
            pass
        else:
            if not -len(intended_shape) <= idx < len(intended_shape):
                # TF reads the batch shape tensor at idx (a strided slice) and fails the same way.
                raise errors.InvalidArgumentError(None, None, f"slice index {idx} of dimension 0 out of bounds.")
            is_broadcast = intended_shape[idx] > deficient_shape[idx]
            if isinstance(slc, slice):
                start, stop, step = slc.start, slc.stop, slc.step
                if is_broadcast:
                    start = None if start is None else 0
                    stop = None if stop is None else 1
                    step = None if step is None else 1
                slc = slice(start, stop, step)
            elif is_broadcast:
                slc = 0
            idx += 1
        sanitized.append(slc)
    return sanitized


def _static_batch_shape(shape, what):
    if shape.rank is None or not shape.is_fully_defined():
        raise ValueError(f"Slicing a LinearOperator needs a fully known static shape; {what} has shape {shape}")
    return shape.as_list()


def _slice_param(param, ndims, slices, batch_shape):
    if isinstance(param, (list, tuple)):
        return [_slice_param(p, n, slices, batch_shape) for p, n in zip(param, ndims)]
    if hasattr(param, "batch_shape_tensor"):   # a LinearOperator parameter slices itself
        if not param.batch_shape.as_list() and batch_shape:
            return param
        return param[tuple(slices)]
    param = convert_to_tensor(param)
    shape = _static_batch_shape(param.shape, "a parameter")
    param_batch = shape[:len(shape) - ndims]
    if not param_batch and batch_shape:
        return param
    if len(param_batch) < len(batch_shape):   # right-align: missing leading batch dims broadcast
        param = array_ops.reshape(param, [1] * (len(batch_shape) - len(param_batch)) + shape)
        param_batch = [1] * (len(batch_shape) - len(param_batch)) + param_batch
    param_slices = _sanitize_slices(list(slices), intended_shape=batch_shape, deficient_shape=param_batch)
    if ndims > 0:
        if Ellipsis not in slices:
            param_slices.append(Ellipsis)
        param_slices += [slice(None)] * ndims
    return param[tuple(param_slices)]


def batch_slice(linop, params_overrides, slices):
    """``type(linop)(**parameters)`` with every batch-shaped parameter sliced by ``slices``."""
    if not isinstance(slices, collections.abc.Sequence) or isinstance(slices, str):
        slices = (slices,)
    slices = tuple(slices)
    override = {}
    if not (len(slices) == 1 and slices[0] is Ellipsis):
        batch_shape = _static_batch_shape(linop.batch_shape, "the operator's batch")
        for param_name, ndims in linop._experimental_parameter_ndims_to_matrix_ndims.items():
            param = getattr(linop, param_name)
            if param is not None:
                override[param_name] = _slice_param(param, ndims, slices, batch_shape)
    override.update(params_overrides)
    return type(linop)(**dict(linop.parameters, **override))
