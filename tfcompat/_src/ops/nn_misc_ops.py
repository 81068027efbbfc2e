"""Smaller ``tf.nn`` functions: ``crelu``, ``relu_layer``, ``log_poisson_loss``, ``isotonic_regression`` (op
``IsotonicRegression``), ``collapse_repeated``, ``ctc_unique_labels``, ``with_space_to_batch`` and
``tf.nn.experimental.general_dropout``."""
from __future__ import annotations

import math

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import REAL_NUMBER, Arg
from tfcompat._src.ops import (array_manip_ops, array_ops, functional_ops, math_ops, nn_ops, reduction_ops,
                               scan_ops, scatter_ops, space_batch_ops)
from tfcompat._src.ops._helpers import static_int_list, to_tensor

__all__ = ["crelu", "crelu_v1", "log_poisson_loss", "isotonic_regression",
           "collapse_repeated", "ctc_unique_labels", "with_space_to_batch",
           "general_dropout", "relu_layer"]


def crelu(features, axis=-1, name=None):
    """Mirrors ``tf.nn.crelu``: relu(concat([features, -features], axis))."""
    with name_scope(name or "CRelu"):
        features = to_tensor(features, name="features")
        c = array_ops.concat([features, math_ops.negative(features)], axis)
        return nn_ops.relu(c)


def crelu_v1(features, name=None, axis=-1):
    """Mirrors ``tf.compat.v1.nn.crelu`` (argument order: name before axis)."""
    return crelu(features, axis=axis, name=name)


def relu_layer(x, weights, biases, name=None):
    """Mirrors ``tf.compat.v1.nn.relu_layer``: relu(matmul(x, weights) + biases)."""
    with name_scope(name or "relu_layer"):
        return nn_ops.relu(nn_ops.xw_plus_b(x, weights, biases))


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """Mirrors ``tf.nn.log_poisson_loss``: exp(log_input) - log_input * targets, plus Stirling's approximation
    of log(targets!) for targets > 1 when ``compute_full_loss``."""
    with name_scope(name or "log_poisson_loss"):
        log_input = to_tensor(log_input, name="log_input")
        targets = to_tensor(targets, name="targets")
        if not targets.shape.is_compatible_with(log_input.shape):
            raise ValueError(f"`log_input` and `targets` must have the same shape, received ({log_input.shape} vs "
                             f"{targets.shape}).")
        result = math_ops.subtract(math_ops.exp(log_input), math_ops.multiply(log_input, targets))
        if compute_full_loss:
            point_five = array_ops.constant(0.5, dtype=targets.dtype)
            two_pi = array_ops.constant(2 * math.pi, dtype=targets.dtype)
            stirling = math_ops.add(
                math_ops.subtract(math_ops.multiply(targets, math_ops.log(targets)), targets),
                math_ops.multiply(point_five, math_ops.log(math_ops.multiply(two_pi, targets))))
            zeros = array_ops.zeros_like(targets)
            ones = array_ops.ones_like(targets)
            cond = math_ops.logical_and(math_ops.greater_equal(targets, zeros), math_ops.less_equal(targets, ones))
            result = math_ops.add(result, array_ops.where(cond, zeros, stirling))
        return result


# ------------------------------------------------------------------------------------------------
# isotonic regression (pool adjacent violators, row by row over the last axis)
# ------------------------------------------------------------------------------------------------
def _pav_segments(row, decreasing):
    """Segment ids of the best non-increasing (``decreasing``) or non-decreasing fit of ``row``."""
    sign = 1.0 if decreasing else -1.0
    blocks = []  # [sum, count] of pooled blocks, kept non-increasing in sign * mean
    for v in row:
        blocks.append([sign * float(v), 1])
        # Only strict violations pool: equal neighbouring means stay separate segments, as TF's.
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] < blocks[-1][0] / blocks[-1][1]:
            s, c = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += c
    return np.repeat(np.arange(len(blocks)), [c for _, c in blocks])


@register_op("IsotonicRegression", grad=DIFFERENTIABLE, inputs=("input",), num_outputs=2,
             types={"input": Arg("T", REAL_NUMBER)})
def _isotonic_regression(x, *, output_dtype, decreasing=True):
    out_dtype = output_dtype.torch_dtype
    rows = x.reshape(-1, x.shape[-1]) if x.dim() else x.reshape(1, 1)
    values = rows.to(out_dtype)
    if x.device.type == "meta":
        return values.reshape(x.shape), torch.empty(x.shape, dtype=torch.int32, device="meta")
    segs = np.stack([_pav_segments(r, decreasing) for r in values.detach().cpu().numpy()]) if rows.numel() else \
        np.zeros(tuple(rows.shape), np.int64)
    seg_t = torch.as_tensor(segs, dtype=torch.int64, device=x.device)
    n_seg = int(segs.max()) + 1 if segs.size else 0
    sums = torch.zeros(rows.shape[0], n_seg, dtype=out_dtype, device=x.device).scatter_add(1, seg_t, values)
    counts = torch.zeros(rows.shape[0], n_seg, dtype=out_dtype, device=x.device).scatter_add(
        1, seg_t, torch.ones_like(values))
    out = (sums / counts).gather(1, seg_t)
    return out.reshape(x.shape), seg_t.to(torch.int32).reshape(x.shape)


def isotonic_regression(inputs, decreasing=True, axis=-1):
    """Mirrors ``tf.nn.isotonic_regression``: (output, segments). float16/bfloat16/float32 keep their dtype,
    other inputs give float64; segments are int32."""
    x = to_tensor(inputs, name="inputs")
    out_dtype = x.dtype if x.dtype in (dtypes.float16, dtypes.bfloat16, dtypes.float32) else dtypes.float64
    rank = x.shape.rank
    axis = int(axis)
    if rank is not None and axis < 0:
        axis += rank
    last = rank is not None and axis == rank - 1
    if not last:
        x = array_ops.transpose(x, _swap_last(rank, axis))
    out, segments = apply_op("IsotonicRegression", [x], {"output_dtype": out_dtype, "decreasing": bool(decreasing)})
    if not last:
        out = array_ops.transpose(out, _swap_last(rank, axis))
        segments = array_ops.transpose(segments, _swap_last(rank, axis))
    return out, segments


def _swap_last(rank, axis):
    perm = list(range(rank))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return perm


# ------------------------------------------------------------------------------------------------
# CTC label helpers
# ------------------------------------------------------------------------------------------------
def collapse_repeated(labels, seq_length, name=None):
    """Mirrors ``tf.nn.collapse_repeated``: merges repeated labels within each row's first ``seq_length``
    entries; returns (collapsed labels [batch, new_maxlen], new lengths in seq_length's dtype)."""
    with name_scope(name or "collapse_repeated_labels"):
        labels = to_tensor(labels, name="labels")
        seq_length = to_tensor(seq_length, name="seq_length")
        label_mask = array_ops.concat([array_ops.ones_like(labels[:, :1], dtype=dtypes.bool_),
                                       math_ops.not_equal(labels[:, 1:], labels[:, :-1])], axis=1)
        maxlen = array_ops.shape(labels)[1]
        seq_mask = nn_ops.sequence_mask(seq_length, maxlen=maxlen)
        label_mask = math_ops.logical_and(label_mask, seq_mask)
        mask_int = math_ops.cast(label_mask, dtypes.int32)
        new_seq_len = reduction_ops.reduce_sum(mask_int, axis=1)
        new_maxlen = reduction_ops.reduce_max(new_seq_len)
        # Kept labels go to their rank within the row; the others to a spill column cut off afterwards.
        # (cast: tfcompat's Cumsum of int32 gives int64 at present, TF's gives int32)
        position = math_ops.subtract(math_ops.cast(scan_ops.cumsum(mask_int, axis=1), dtypes.int32), 1)
        position = array_ops.where(label_mask, position, array_ops.fill(array_ops.shape(position), new_maxlen))
        batch = array_ops.shape(labels)[0]
        rows = array_ops.tile(array_ops.expand_dims(array_ops.range(batch), 1), [1, maxlen])
        indices = array_ops.stack([rows, position], axis=-1)
        updates = array_ops.where(label_mask, labels, array_ops.zeros_like(labels))
        scattered = scatter_ops.scatter_nd(indices, updates, array_ops.stack([batch, new_maxlen + 1]))
        return scattered[:, :new_maxlen], math_ops.cast(new_seq_len, seq_length.dtype)


def ctc_unique_labels(labels, name=None):
    """Mirrors ``tf.nn.ctc_unique_labels``: per row, the unique labels (int64, zero-padded to the row length)
    and each label's index into them (int32)."""
    with name_scope(name or "ctc_unique_labels"):
        labels = to_tensor(labels, name="labels")

        def _unique(x):
            y, idx = array_manip_ops.unique(x)
            extra = math_ops.subtract(array_ops.shape(idx)[0], array_ops.shape(y)[0])
            y = array_ops.concat([y, array_ops.zeros(array_ops.reshape(extra, [1]), dtype=y.dtype)], 0)
            return [math_ops.cast(y, dtypes.int64), idx]

        return functional_ops.map_fn(_unique, labels, dtype=[dtypes.int64, dtypes.int32])


# ------------------------------------------------------------------------------------------------
# with_space_to_batch (SpaceToBatchND / BatchToSpaceND live in space_batch_ops)
# ------------------------------------------------------------------------------------------------
def with_space_to_batch(input, dilation_rate, padding, op, filter_shape=None, spatial_dims=None,  # noqa: A002
                        data_format=None):
    """Mirrors ``tf.nn.with_space_to_batch``: runs ``op(input, num_spatial_dims, padding)`` directly when every
    rate is 1, else on the space-to-batch form of the input with VALID padding, then undoes it (statically
    known shapes only)."""
    x = to_tensor(input, name="input")
    rates = static_int_list(dilation_rate)
    num_spatial = len(rates)
    if spatial_dims is None:
        start = 2 if data_format is not None and data_format.startswith("NC") else 1
        spatial_dims = list(range(start, start + num_spatial))
    if sorted(spatial_dims) != list(spatial_dims) or len(set(spatial_dims)) != len(spatial_dims):
        raise ValueError(f"spatial_dims must be a monotonically increasing sequence of positive integers. "
                         f"Received: spatial_dims={spatial_dims}")
    if any(r < 1 for r in rates):
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate={dilation_rate}")
    padding = padding.upper()
    if all(r == 1 for r in rates):
        return op(x, num_spatial, padding)
    if padding == "SAME":
        if filter_shape is None:
            raise ValueError("`filter_shape` must be specified for `padding='SAME'`")
        fs = static_int_list(filter_shape)
        base = []
        for f, r in zip(fs, rates):
            extra = (f - 1) * r
            base.append([extra // 2, extra - extra // 2])
    elif padding == "VALID":
        base = [[0, 0]] * num_spatial
    else:
        raise ValueError(f"Invalid padding method {padding!r}")
    if list(spatial_dims) != list(range(1, 1 + num_spatial)) or None in x.shape.as_list()[1:1 + num_spatial]:
        raise NotImplementedError("with_space_to_batch: only spatial_dims 1..N with statically known sizes are "
                                  "supported")
    sizes = x.shape.as_list()[1:1 + num_spatial]
    pads, crops = [], []
    for size, r, (lo, hi) in zip(sizes, rates, base):
        full = size + lo + hi
        extra = (r - full % r) % r
        pads.append([lo, hi + extra])
        crops.append([0, extra])
    y = space_batch_ops.space_to_batch_nd(x, rates, pads)
    y = op(y, num_spatial, "VALID")
    return space_batch_ops.batch_to_space_nd(y, rates, crops)


# ------------------------------------------------------------------------------------------------
# tf.nn.experimental
# ------------------------------------------------------------------------------------------------
def general_dropout(x, rate, uniform_sampler, noise_shape=None, name=None):
    """Mirrors ``tf.nn.experimental.general_dropout``: dropout whose uniform noise comes from
    ``uniform_sampler(shape=..., dtype=...)``; kept entries are scaled by 1 / (1 - rate)."""
    with name_scope(name or "dropout"):
        is_rate_number = isinstance(rate, (int, float)) and not isinstance(rate, bool)
        if is_rate_number and not 0 <= rate < 1:
            raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}")
        x = to_tensor(x, name="x")
        if not x.dtype.is_floating:
            raise ValueError(f"`x.dtype` must be a floating point tensor as `x` will be scaled. Received: "
                             f"x_dtype={x.dtype!r}")
        if is_rate_number and rate == 0:
            return x
        if is_rate_number:
            ret = math_ops.multiply(x, to_tensor(1 / (1 - rate), dtype=x.dtype))
        else:
            rate = to_tensor(rate, dtype=x.dtype, name="rate")
            ret = math_ops.multiply(x, math_ops.reciprocal(math_ops.subtract(array_ops.ones_like(rate), rate)))
        shape = array_ops.shape(x) if noise_shape is None else noise_shape
        random_tensor = uniform_sampler(shape=shape, dtype=x.dtype)
        keep_mask = math_ops.greater_equal(random_tensor, rate)
        return array_ops.where(keep_mask, ret, array_ops.zeros_like(ret))
