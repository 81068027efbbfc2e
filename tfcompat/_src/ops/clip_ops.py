"""Clipping: ``tf.clip_by_value``, ``tf.clip_by_norm``, ``tf.clip_by_global_norm``, ``tf.clip_by_average_norm``,
``tf.linalg.global_norm`` (mirrors TF's ``clip_ops.py``, built from registered ops as TF builds them, in TF's
name scopes: graph op names and types are TF's)."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops, reduction_ops

__all__ = ["clip_by_value", "clip_by_norm", "clip_by_global_norm", "clip_by_average_norm", "global_norm"]


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """Mirrors ``tf.clip_by_value``: ``maximum(minimum(t, clip_value_max), clip_value_min)`` in a
    ``clip_by_value`` name scope, the bounds converted by the ops (``clip_by_value/Minimum/y``,
    ``clip_by_value/y``). An IndexedSlices keeps its rows and gets its values clipped, as in TF.

    Raises:
      ValueError: the bounds would broadcast ``t`` to a larger shape."""
    with name_scope(name, "clip_by_value") as scope:
        values = convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t, name="t")
        t_min = math_ops.minimum(values, clip_value_max)
        values.shape.assert_is_compatible_with(t_min.shape)
        t_max = math_ops.maximum(t_min, clip_value_min, name=scope)
        values.shape.assert_is_compatible_with(t_max.shape)
    return IndexedSlices(t_max, t.indices, t.dense_shape) if isinstance(t, IndexedSlices) else t_max


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """Mirrors ``tf.clip_by_norm``: ``t * clip_norm / max(l2norm(t, axes), clip_norm)`` (NaN-safe at zero); a
    negative python ``clip_norm`` counts as 0, a tensor one is ``maximum(clip_norm, 0)``. An IndexedSlices is
    clipped by the norm of its values (duplicate rows not summed) and stays an IndexedSlices."""
    with name_scope(name, "clip_by_norm") as scope:
        values = convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t, name="t")
        if np.isscalar(clip_norm):
            clip_norm = 0 if clip_norm < 0 else clip_norm
        else:
            clip_norm = math_ops.cast(math_ops.maximum(clip_norm, 0), values.dtype)
        l2sum = reduction_ops.reduce_sum(values * values, axes, keepdims=True)
        pred = l2sum > 0
        # TF's two-tap where (v1 Select): the gradient stays finite when the norm is zero.
        l2sum_safe = array_ops.where_v1(pred, l2sum, array_ops.ones_like(l2sum))
        l2norm = array_ops.where_v1(pred, math_ops.sqrt(l2sum_safe), l2sum)
        intermediate = values * clip_norm
        values.shape.assert_is_compatible_with(intermediate.shape)
        values_clip = array_ops.identity(intermediate / math_ops.maximum(l2norm, clip_norm), name=scope)
    return IndexedSlices(values_clip, t.indices, t.dense_shape) if isinstance(t, IndexedSlices) else values_clip


def _l2_loss(v):
    return apply_op("L2Loss", [v])


def global_norm(t_list, name=None):
    """Mirrors ``tf.linalg.global_norm``: ``sqrt(sum(l2norm(t)**2 for t in t_list))``; None entries ignored, an
    IndexedSlices counts its values (duplicate rows not summed), as in TF.

    Raises:
      TypeError: ``t_list`` is not a sequence."""
    if not isinstance(t_list, Sequence) or isinstance(t_list, str):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    t_list = list(t_list)
    with name_scope(name, "global_norm"):
        values = [convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t, name=f"t_{i}")
                  for i, t in enumerate(t_list) if t is not None]
        half_squared_norm = reduction_ops.reduce_sum(array_ops.stack([_l2_loss(v) for v in values]))
        return math_ops.sqrt(half_squared_norm * array_ops.constant(2.0, dtype=half_squared_norm.dtype),
                             name="global_norm")


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """Mirrors ``tf.clip_by_global_norm``: ``(clipped list, global norm)``; None entries stay None, and a
    non-finite global norm makes every clipped value NaN (as in TF). The i-th clipped tensor is the Identity
    ``<scope>/<scope>_<i>``, as TF names it.

    Raises:
      TypeError: ``t_list`` is not a sequence."""
    if not isinstance(t_list, Sequence) or isinstance(t_list, str):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    t_list = list(t_list)
    if use_norm is None:
        use_norm = global_norm(t_list, name)
    with name_scope(name, "clip_by_global_norm") as scope:
        scale_for_finite = clip_norm * math_ops.minimum(
            1.0 / use_norm, array_ops.constant(1.0, dtype=use_norm.dtype) / clip_norm)
        # use_norm - use_norm is NaN for a non-finite norm: scale becomes NaN then, as in TF.
        scale = scale_for_finite + (use_norm - use_norm)
        clipped = []
        for i, t in enumerate(t_list):
            if t is None:
                clipped.append(None)
                continue
            v = convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t, name=f"t_{i}")
            c = array_ops.identity(v * math_ops.cast(scale, v.dtype), name=f"{scope or ''}_{i}")
            clipped.append(IndexedSlices(c, t.indices, t.dense_shape) if isinstance(t, IndexedSlices) else c)
    return clipped, use_norm


def clip_by_average_norm(t, clip_norm, name=None):
    """Mirrors ``tf.compat.v1.clip_by_average_norm``: clips ``t`` so its L2 norm divided by its number of
    elements is at most ``clip_norm``. Differs from TF: the element count and the constant 1 take ``t``'s
    dtype (TF: float32, so a float64 ``t`` raises there)."""
    with name_scope(name, "clip_by_average_norm") as scope:
        t = convert_to_tensor(t, name="t")
        n_element = math_ops.cast(array_ops.size(t), t.dtype)
        l2norm_inv = math_ops.rsqrt(reduction_ops.reduce_sum(t * t, array_ops.range(array_ops.rank(t))))
        return array_ops.identity(
            t * clip_norm * math_ops.minimum(l2norm_inv * n_element,
                                             array_ops.constant(1.0, dtype=t.dtype) / clip_norm), name=scope)
