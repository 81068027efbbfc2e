"""Gradient clipping: ``tf.clip_by_norm``, ``tf.clip_by_global_norm``, ``tf.clip_by_average_norm``,
``tf.linalg.global_norm`` (mirrors TF's ``clip_ops.py``, built from registered ops as TF builds them)."""
from __future__ import annotations

from collections.abc import Sequence

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.ops import array_ops, math_ops, reduction_ops

__all__ = ["clip_by_norm", "clip_by_global_norm", "clip_by_average_norm", "global_norm"]


def _scope(name):
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        import contextlib
        return contextlib.nullcontext()
    return graph.name_scope(name)


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """Mirrors ``tf.clip_by_norm``: ``t * clip_norm / max(l2norm(t, axes), clip_norm)`` (NaN-safe at zero). An
    IndexedSlices is clipped by the norm of its values (duplicate rows not summed) and stays an IndexedSlices."""
    if isinstance(t, IndexedSlices):
        return IndexedSlices(clip_by_norm(t.values, clip_norm, axes, name), t.indices, t.dense_shape)
    with _scope(name or "clip_by_norm"):
        values = convert_to_tensor(t, name="t")
        l2sum = reduction_ops.reduce_sum(values * values, axes, keepdims=True)
        pred = l2sum > 0
        # TF's two-tap where: the gradient stays finite when the norm is zero.
        l2sum_safe = array_ops.where(pred, l2sum, array_ops.ones_like(l2sum))
        l2norm = array_ops.where(pred, math_ops.sqrt(l2sum_safe), l2sum)
        clip_norm = convert_to_tensor(clip_norm, dtype=values.dtype) if not hasattr(clip_norm, "dtype") \
            else clip_norm
        intermediate = values * clip_norm
        return array_ops.identity(intermediate / math_ops.maximum(l2norm, clip_norm))


def _l2_loss(v):
    return apply_op("L2Loss", [v])


def global_norm(t_list, name=None):
    """Mirrors ``tf.linalg.global_norm``: ``sqrt(sum(l2norm(t)**2 for t in t_list))``; None entries ignored, an
    IndexedSlices counts its values (duplicate rows not summed), as in TF.

    Raises:
      TypeError: ``t_list`` is not a sequence."""
    if not isinstance(t_list, Sequence) or isinstance(t_list, str):
        raise TypeError("t_list should be a sequence")
    t_list = list(t_list)
    with _scope(name or "global_norm"):
        values = [t.values if isinstance(t, IndexedSlices) else convert_to_tensor(t) for t in t_list
                  if t is not None]
        half_squared_norms = [_l2_loss(v) for v in values]
        half_squared_norm = reduction_ops.reduce_sum(array_ops.stack(half_squared_norms))
        return math_ops.sqrt(half_squared_norm * convert_to_tensor(2, dtype=half_squared_norm.dtype),
                             name="global_norm")


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """Mirrors ``tf.clip_by_global_norm``: ``(clipped list, global norm)``; None entries stay None, and a
    non-finite global norm makes every clipped value NaN (as in TF).

    Raises:
      TypeError: ``t_list`` is not a sequence."""
    if not isinstance(t_list, Sequence) or isinstance(t_list, str):
        raise TypeError("t_list should be a sequence")
    t_list = list(t_list)
    if use_norm is None:
        use_norm = global_norm(t_list, name)
    with _scope(name or "clip_by_global_norm"):
        one = convert_to_tensor(1.0, dtype=use_norm.dtype)
        clip_norm = convert_to_tensor(clip_norm, dtype=use_norm.dtype) if not hasattr(clip_norm, "dtype") \
            else clip_norm
        scale_for_finite = clip_norm * math_ops.minimum(one / use_norm, one / clip_norm)
        # use_norm - use_norm is NaN for a non-finite norm: scale becomes NaN then, as in TF.
        scale = scale_for_finite + (use_norm - use_norm)
        clipped = []
        for t in t_list:
            if t is None:
                clipped.append(None)
                continue
            if isinstance(t, IndexedSlices):   # TF scales the values and keeps the IndexedSlices
                values = t.values
                clipped.append(IndexedSlices(array_ops.identity(values * math_ops.cast(scale, values.dtype)),
                                             t.indices, t.dense_shape))
                continue
            t = convert_to_tensor(t)
            clipped.append(array_ops.identity(t * math_ops.cast(scale, t.dtype)))
    return clipped, use_norm


def clip_by_average_norm(t, clip_norm, name=None):
    """Mirrors ``tf.compat.v1.clip_by_average_norm``: clips ``t`` so its L2 norm divided by its number of
    elements is at most ``clip_norm``."""
    with _scope(name or "clip_by_average_norm"):
        t = convert_to_tensor(t, name="t")
        clip_norm = convert_to_tensor(clip_norm, dtype=t.dtype) if not hasattr(clip_norm, "dtype") else clip_norm
        n_element = math_ops.cast(array_ops.size(t), t.dtype)
        axes = list(range(t.shape.rank)) if t.shape.rank is not None else None
        l2norm_inv = math_ops.rsqrt(reduction_ops.reduce_sum(t * t, axes))
        one = convert_to_tensor(1.0, dtype=t.dtype)
        return array_ops.identity(t * clip_norm * math_ops.minimum(l2norm_inv * n_element, one / clip_norm))
