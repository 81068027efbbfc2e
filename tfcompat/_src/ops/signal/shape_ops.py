"""``tf.signal.frame`` and ``tf.signal.overlap_and_add``: framing by a gather of frame indices, and its
inverse by TF's pad-reshape-sum scheme (gradients follow from the gather / reshapes)."""
from __future__ import annotations

import math

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.ops import array_manip_ops, array_ops, reduction_ops
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["frame", "overlap_and_add"]


def _scalar(value, what: str):
    t = to_tensor(value)
    if t.shape.rank is not None and t.shape.rank != 0:
        raise ValueError(f"Shape {t.shape} must have rank 0")
    v = constant_value(t)
    if v is None:
        raise NotImplementedError(f"tf.signal: a {what} known only at run time is not supported by tfcompat yet; "
                                  f"pass a python int or a constant.")
    return t, int(v)


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    """Mirrors ``tf.signal.frame``: [..., num_frames, frame_length, ...] windows of ``signal`` along ``axis``,
    ``frame_step`` apart; ``pad_end`` pads with ``pad_value`` so every sample starts a frame's worth of data.
    ``frame_length``, ``frame_step`` and ``axis`` must be known when the op is built."""
    signal = to_tensor(signal)
    if signal.shape.rank is not None and signal.shape.rank < 1:
        raise ValueError(f"Shape {signal.shape} must have rank at least 1")
    _, length = _scalar(frame_length, "frame_length")
    _, step = _scalar(frame_step, "frame_step")
    _, ax = _scalar(axis, "axis")
    rank = signal.shape.rank
    ax = range(rank)[ax]
    samples = signal.shape.as_list()[ax]
    if samples is None:
        raise NotImplementedError("tf.signal.frame: the framed axis must have a static length in tfcompat.")
    if pad_end:
        pad_value = constant_value(to_tensor(pad_value, dtype=signal.dtype))
        if pad_value is None or getattr(pad_value, "ndim", 0) != 0:
            raise ValueError("pad_value must be a scalar known when the op is built")
        num_frames = -(-samples // step)
        pad = max(0, length + step * (num_frames - 1) - samples)
        if pad:
            paddings = [[0, 0]] * rank
            paddings[ax] = [0, pad]
            signal = array_manip_ops.pad(signal, paddings, constant_values=pad_value.item())
    else:
        num_frames = max(0, 1 + (samples - length) // step)
    # TF's scheme: cut the signal into subframes of gcd(frame_length, frame_step) samples and gather whole
    # subframes (the reshape also keeps the signal's gradient dense, as TF's).
    sub = math.gcd(length, step) or 1
    num_sub = signal.shape.as_list()[ax] // sub
    dims = signal.shape.as_list()
    subframes = signal[(slice(None),) * ax + (slice(0, num_sub * sub),)]
    subframes = array_ops.reshape(subframes, _shape(signal, dims[:ax], [num_sub, sub], dims[ax + 1:], ax))
    selector = (np.arange(num_frames)[:, None] * (step // sub) + np.arange(length // sub)[None, :]).astype(np.int32)
    frames = array_ops.gather(subframes, to_tensor(selector.reshape(num_frames, length // sub)), axis=ax)
    return array_ops.reshape(frames, _shape(signal, dims[:ax], [num_frames, length], dims[ax + 1:], ax), name=name)


def _shape(signal, outer, mid, inner, ax):
    if None not in outer and None not in inner:
        return outer + mid + inner
    full = array_ops.shape(signal)
    return array_ops.concat([full[:ax], to_tensor(mid, dtype=dtypes.int32), full[ax + 1:]], 0)


def overlap_and_add(signal, frame_step, name=None):
    """Mirrors ``tf.signal.overlap_and_add``: sums [..., frames, frame_length] frames placed ``frame_step``
    apart into [..., (frames - 1) * frame_step + frame_length]."""
    signal = to_tensor(signal)
    if signal.shape.rank is not None and signal.shape.rank < 2:
        raise ValueError(f"Shape {signal.shape} must have rank at least 2")
    step_t = to_tensor(frame_step)
    if not step_t.dtype.is_integer:
        raise ValueError(f"frame_step must be an integer. Got {step_t.dtype!r}")
    _, step = _scalar(step_t, "frame_step")
    dims = signal.shape.as_list()
    frames, length = dims[-2], dims[-1]
    if frames is None or length is None:
        raise NotImplementedError("tf.signal.overlap_and_add: the last two dimensions must be static in tfcompat.")
    outer_rank = len(dims) - 2
    output_length = length + step * (frames - 1)

    def full_shape(inner):
        if None not in dims[:-2]:
            return dims[:-2] + inner
        return array_ops.concat([array_ops.shape(signal)[:-2], to_tensor(inner, dtype=dtypes.int32)], 0)

    if step == length:
        out = array_ops.reshape(signal, full_shape([output_length]))
    else:
        segments = -(-length // step)
        x = array_manip_ops.pad(signal, [[0, 0]] * outer_rank + [[0, segments], [0, segments * step - length]])
        x = array_ops.reshape(x, full_shape([frames + segments, segments, step]))
        x = array_ops.transpose(x, list(range(outer_rank)) + [outer_rank + 1, outer_rank, outer_rank + 2])
        x = array_ops.reshape(x, full_shape([(frames + segments) * segments, step]))
        x = x[..., :(frames + segments - 1) * segments, :]
        x = array_ops.reshape(x, full_shape([segments, frames + segments - 1, step]))
        x = reduction_ops.reduce_sum(x, -3)
        x = array_ops.reshape(x, full_shape([(frames + segments - 1) * step]))
        out = x[..., :output_length]
    return out
