"""Moments and normalisation in ``tf.nn``: ``sufficient_statistics``, ``normalize_moments``, ``weighted_moments``,
``batch_norm_with_global_normalization`` and local response normalisation (op ``LRN``), built as TF builds them."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.ops import array_ops, math_ops, normalization, reduction_ops
from tfcompat._src.ops._nn_args import either
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["sufficient_statistics", "sufficient_statistics_v1", "normalize_moments", "weighted_moments",
           "weighted_moments_v1", "batch_norm_with_global_normalization",
           "batch_norm_with_global_normalization_v1", "local_response_normalization"]


def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None):
    """Mirrors ``tf.nn.sufficient_statistics``: (count, sum(x - shift), sum((x - shift)**2), shift) over
    ``axes``; the count is a constant of x's dtype when the reduced dimensions are known statically."""
    with name_scope(name or "sufficient_statistics"):
        x = to_tensor(x, name="x")
        axes = [int(a) for a in (axes if isinstance(axes, (list, tuple)) else [axes])]
        shape = x.shape
        if shape.rank is not None and all(shape[d] is not None for d in axes):
            count = 1
            for d in axes:
                count *= shape[d]
            counts = array_ops.constant(count, dtype=x.dtype)
        else:
            dims = array_ops.gather(math_ops.cast(array_ops.shape(x), x.dtype), axes)
            counts = reduction_ops.reduce_prod(dims, name="count")
        if shift is not None:
            shift = to_tensor(shift, name="shift")
            m_ss = math_ops.subtract(x, shift)
            v_ss = math_ops.squared_difference(x, shift)
        else:
            m_ss = x
            v_ss = math_ops.square(x)
        m_ss = reduction_ops.reduce_sum(m_ss, axes, keepdims=keepdims, name="mean_ss")
        v_ss = reduction_ops.reduce_sum(v_ss, axes, keepdims=keepdims, name="var_ss")
        return counts, m_ss, v_ss, shift


def sufficient_statistics_v1(x, axes, shift=None, keep_dims=None, name=None, keepdims=None):
    """Mirrors ``tf.compat.v1.nn.sufficient_statistics`` (``keep_dims`` alias)."""
    keepdims = bool(either("keepdims", keepdims, "keep_dims", keep_dims))
    return sufficient_statistics(x, axes, shift=shift, keepdims=keepdims, name=name)


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """Mirrors ``tf.nn.normalize_moments``: (mean, variance) from sufficient statistics."""
    with name_scope(name or "normalize"):
        divisor = math_ops.reciprocal(to_tensor(counts), name="divisor")
        if shift is not None:
            shifted_mean = math_ops.multiply(mean_ss, divisor, name="shifted_mean")
            mean = math_ops.add(shifted_mean, shift, name="mean")
        else:
            shifted_mean = math_ops.multiply(mean_ss, divisor, name="mean")
            mean = shifted_mean
        variance = math_ops.subtract(math_ops.multiply(variance_ss, divisor), math_ops.square(shifted_mean),
                                     name="variance")
        return mean, variance


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None):
    """Mirrors ``tf.nn.weighted_moments``: a two-pass weighted mean and variance (``div_no_nan`` by the sum of
    weights; float16 computed in float32, as TF does)."""
    with name_scope(name or "weighted_moments"):
        x = to_tensor(x, name="x")
        weights = to_tensor(frequency_weights, name="frequency_weights")
        needs_cast = x.dtype == dtypes.float16
        if needs_cast:
            x = math_ops.cast(x, dtypes.float32)
        if weights.dtype != x.dtype:
            weights = math_ops.cast(weights, x.dtype)
        weighted_input_sum = reduction_ops.reduce_sum(math_ops.multiply(weights, x), axes, keepdims=True,
                                                      name="weighted_input_sum")
        broadcasted_weights = math_ops.add(weights, array_ops.zeros_like(x))
        sum_of_weights = reduction_ops.reduce_sum(broadcasted_weights, axes, keepdims=True, name="sum_of_weights")
        weighted_mean = math_ops.divide_no_nan(weighted_input_sum, sum_of_weights)
        weighted_distsq = reduction_ops.reduce_sum(
            math_ops.multiply(weights, math_ops.squared_difference(x, weighted_mean)), axes, keepdims=True,
            name="weighted_distsq")
        weighted_variance = math_ops.divide_no_nan(weighted_distsq, sum_of_weights)
        if not keepdims:
            weighted_mean = array_ops.squeeze(weighted_mean, axis=axes)
            weighted_variance = array_ops.squeeze(weighted_variance, axis=axes)
        if needs_cast:
            weighted_mean = math_ops.cast(weighted_mean, dtypes.float16)
            weighted_variance = math_ops.cast(weighted_variance, dtypes.float16)
        return weighted_mean, weighted_variance


def weighted_moments_v1(x, axes, frequency_weights, name=None, keep_dims=None, keepdims=None):
    """Mirrors ``tf.compat.v1.nn.weighted_moments`` (``keep_dims`` alias)."""
    keepdims = bool(either("keepdims", keepdims, "keep_dims", keep_dims))
    return weighted_moments(x, axes, frequency_weights, keepdims=keepdims, name=name)


def batch_norm_with_global_normalization(input, mean, variance, beta, gamma, variance_epsilon,  # noqa: A002
                                         scale_after_normalization, name=None):
    """Mirrors ``tf.nn.batch_norm_with_global_normalization``: ``batch_normalization`` with ``gamma`` used only
    when ``scale_after_normalization``."""
    return normalization.batch_normalization(input, mean, variance, beta,
                                             gamma if scale_after_normalization else None, variance_epsilon,
                                             name=name)


def batch_norm_with_global_normalization_v1(t=None, m=None, v=None, beta=None, gamma=None, variance_epsilon=None,
                                            scale_after_normalization=None, name=None, input=None,  # noqa: A002
                                            mean=None, variance=None):
    """Mirrors ``tf.compat.v1.nn.batch_norm_with_global_normalization`` (``t``/``m``/``v`` aliases)."""
    t = either("t", t, "input", input)
    m = either("m", m, "mean", mean)
    v = either("v", v, "variance", variance)
    return batch_norm_with_global_normalization(t, m, v, beta, gamma, variance_epsilon, scale_after_normalization,
                                                name=name)


# ------------------------------------------------------------------------------------------------
# LRN
# ------------------------------------------------------------------------------------------------
_LRN_TYPES = ("half", "bfloat16", "float")


@register_op("LRN", grad=DIFFERENTIABLE, inputs=("input",), types={"input": Arg("T", _LRN_TYPES)})
def _lrn(x, *, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5):
    if x.dim() != 4:
        raise errors.InvalidArgumentError(f"input must be 4-dimensional, got {x.dim()}")
    n, h, w, c = x.shape
    r = int(depth_radius)
    sq = (x * x).reshape(n * h * w, 1, c)
    # sqr_sum[..., d] = sum(input[..., d - r : d + r + 1] ** 2), the window clipped at the channel edges.
    window = F.conv1d(F.pad(sq, (r, r)), torch.ones(1, 1, 2 * r + 1, dtype=x.dtype, device=x.device))
    return x / (bias + alpha * window.reshape(n, h, w, c)) ** beta


def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None):  # noqa: A002
    """Mirrors ``tf.nn.local_response_normalization`` / ``tf.nn.lrn`` (op ``LRN``; 4-D NHWC; float32, float16 and
    bfloat16 only, as TF's kernel)."""
    return apply_op("LRN", [to_tensor(input)], {"depth_radius": int(depth_radius), "bias": float(bias),
                                                "alpha": float(alpha), "beta": float(beta)}, name=name)
