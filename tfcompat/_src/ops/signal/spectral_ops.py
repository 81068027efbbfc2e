"""``tf.signal`` transforms built on the FFT: stft / inverse_stft, dct / idct (types 1-4), mdct /
inverse_mdct, with TF's formulas (so values, dtypes and gradients follow the FFT ops')."""
from __future__ import annotations

import math

import numpy as np

from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.ops import array_manip_ops, array_ops, complex_ops, math_more_ops, math_ops, reduction_ops
from tfcompat._src.ops._helpers import to_tensor
from tfcompat._src.ops.signal import fft_ops, shape_ops, window_ops

__all__ = ["stft", "inverse_stft", "inverse_stft_window_fn", "dct", "idct", "mdct", "inverse_mdct"]


def _static_scalar(value, what: str) -> int:
    t = to_tensor(value)
    if t.shape.rank is not None and t.shape.rank != 0:
        raise ValueError(f"Shape {t.shape} must have rank 0")
    v = constant_value(t)
    if v is None:
        raise NotImplementedError(f"tf.signal: a {what} known only at run time is not supported by tfcompat yet.")
    return int(v)


def _enclosing_power_of_two(n: int) -> int:
    return int(2 ** np.ceil(np.log(n) / np.log(2.0)))


def stft(signals, frame_length, frame_step, fft_length=None, window_fn=window_ops.hann_window, pad_end=False,
         name=None):
    """Mirrors ``tf.signal.stft``: rfft of windowed frames; ``fft_length`` defaults to the smallest power of
    two >= ``frame_length``."""
    signals = to_tensor(signals)
    if signals.shape.rank is not None and signals.shape.rank < 1:
        raise ValueError(f"Shape {signals.shape} must have rank at least 1")
    length = _static_scalar(frame_length, "frame_length")
    n_fft = _enclosing_power_of_two(length) if fft_length is None else _static_scalar(fft_length, "fft_length")
    framed = shape_ops.frame(signals, length, frame_step, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(length, dtype=framed.dtype)
    return fft_ops.rfft(framed, [n_fft], name=name)


def inverse_stft_window_fn(frame_step, forward_window_fn=window_ops.hann_window, name=None):
    """Mirrors ``tf.signal.inverse_stft_window_fn``: a window_fn for ``inverse_stft`` that undoes
    ``forward_window_fn``'s overlap-added gain."""
    def inverse_window(frame_length, dtype):
        step = _static_scalar(frame_step, "frame_step")
        length = _static_scalar(frame_length, "frame_length")
        forward = forward_window_fn(length, dtype=dtype)
        denom = math_ops.square(forward)
        overlaps = -(-length // step)
        denom = array_manip_ops.pad(denom, [(0, overlaps * step - length)])
        denom = array_ops.reshape(denom, [overlaps, step])
        denom = reduction_ops.reduce_sum(denom, 0, keepdims=True)
        denom = array_ops.tile(denom, [overlaps, 1])
        denom = array_ops.reshape(denom, [overlaps * step])[:length]
        return array_ops.where(math_ops.equal(denom, 0.0), array_ops.zeros_like(forward), forward / denom)
    return inverse_window


def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=window_ops.hann_window, name=None):
    """Mirrors ``tf.signal.inverse_stft``: irfft of each frame, cropped or zero-padded to ``frame_length``,
    windowed, then overlap-added."""
    stfts = to_tensor(stfts)
    if stfts.shape.rank is not None and stfts.shape.rank < 2:
        raise ValueError(f"Shape {stfts.shape} must have rank at least 2")
    length = _static_scalar(frame_length, "frame_length")
    n_fft = _enclosing_power_of_two(length) if fft_length is None else _static_scalar(fft_length, "fft_length")
    frames = fft_ops.irfft(stfts, [n_fft])
    inner = frames.shape.as_list()[-1]
    if inner > length:
        frames = frames[..., :length]
    elif inner < length:
        frames = array_manip_ops.pad(frames, [[0, 0]] * (frames.shape.rank - 1) + [[0, length - inner]])
    if window_fn is not None:
        frames = frames * window_fn(length, dtype=stfts.dtype.real_dtype)
    return shape_ops.overlap_and_add(frames, frame_step, name=name)


def _validate_dct(x, dct_type, n, axis, norm):
    if axis != -1:
        raise NotImplementedError(f"axis must be -1. Got: {axis}")
    if n is not None and n < 1:
        raise ValueError("n should be a positive integer or None")
    if dct_type not in (1, 2, 3, 4):
        raise ValueError("Types I, II, III and IV (I)DCT are supported.")
    if dct_type == 1:
        if norm == "ortho":
            raise ValueError("Normalization is not supported for the Type-I DCT.")
        last = x.shape.as_list()[-1] if x.shape.rank else None
        if last is not None and last < 2:
            raise ValueError("Type-I DCT requires the dimension to be greater than one.")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")


def _positions(dim: int, dtype):
    # 0., 1., ..., dim - 1 (TF: range over a float tensor; an int range keeps the static shape).
    return math_ops.cast(array_ops.range(dim), dtype)


def _edge_weights(n1, n2, dim):
    # [n1, n2, n2, ...]: TF pads n1 with n2.
    return array_ops.concat([array_ops.expand_dims(n1, 0), n2 * array_ops.ones([dim - 1], dtype=n2.dtype)], 0)


def _dct(x, dct_type, n, norm):
    seq_len = x.shape.as_list()[-1]
    if n is not None:
        x = x[..., 0:n] if n <= seq_len else \
            array_manip_ops.pad(x, [[0, 0]] * (x.shape.rank - 1) + [[0, n - seq_len]])
    dim = x.shape.as_list()[-1]
    dim_f = math_ops.cast(dim, x.dtype)
    zero = to_tensor(0.0, dtype=x.dtype)
    if dct_type == 1:
        ext = array_ops.concat([x, x[..., -2:0:-1]], axis=-1)
        return complex_ops.real(fft_ops.rfft(ext))
    if dct_type == 2:
        scale = 2.0 * math_ops.exp(math_more_ops.complex(
            zero, -_positions(dim, x.dtype) * math.pi * 0.5 / dim_f))
        out = complex_ops.real(fft_ops.rfft(x, fft_length=[2 * dim])[..., :dim] * scale)
        if norm == "ortho":
            n1 = 0.5 * math_ops.rsqrt(dim_f)
            n2 = n1 * math.sqrt(2.0)
            out = out * _edge_weights(n1, n2, dim)
        return out
    if dct_type == 3:
        if norm == "ortho":
            n1 = math_ops.sqrt(dim_f)
            n2 = n1 * math.sqrt(0.5)
            x = x * _edge_weights(n1, n2, dim)
        else:
            x = x * dim_f
        scale = 2.0 * math_ops.exp(math_more_ops.complex(zero, _positions(dim, x.dtype) * math.pi * 0.5 / dim_f))
        return complex_ops.real(fft_ops.irfft(scale * math_more_ops.complex(x, zero), fft_length=[2 * dim]))[..., :dim]
    out = _dct(x, 2, 2 * dim, None)[..., 1::2]
    if norm == "ortho":
        out = out * (math.sqrt(0.5) * math_ops.rsqrt(dim_f))
    return out


def dct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002 - TF's argument names
    """Mirrors ``tf.signal.dct`` (types 1-4 along the last axis, ``norm`` None or 'ortho', TF's FFT-based
    formulas)."""
    x = to_tensor(input)
    _validate_dct(x, type, n, axis, norm)
    return _dct(x, type, n, norm)


def idct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002 - TF's argument names
    """Mirrors ``tf.signal.idct``: the DCT of the inverse type (1->1, 2->3, 3->2, 4->4); unscaled unless
    ``norm='ortho'``, as TF."""
    x = to_tensor(input)
    _validate_dct(x, type, n, axis, norm)
    return _dct(x, {1: 1, 2: 3, 3: 2, 4: 4}[type], n, norm)


def mdct(signals, frame_length, window_fn=window_ops.vorbis_window, pad_end=False, norm=None, name=None):
    """Mirrors ``tf.signal.mdct``: frames of ``frame_length`` (a multiple of 4) at half-frame steps, windowed,
    folded and DCT-IV transformed."""
    signals = to_tensor(signals)
    if signals.shape.rank is not None and signals.shape.rank < 1:
        raise ValueError(f"Shape {signals.shape} must have rank at least 1")
    length = _static_scalar(frame_length, "frame_length")
    if length % 4 != 0:
        raise ValueError("The frame length must be a multiple of 4.")
    framed = shape_ops.frame(signals, length, length // 2, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(length, dtype=framed.dtype)
    else:
        framed = framed * (1.0 / np.sqrt(2))
    q = array_ops.split(framed, 4, axis=-1)
    first = -array_manip_ops.reverse(q[2], [-1]) - q[3]
    second = q[0] - array_manip_ops.reverse(q[1], [-1])
    return dct(array_ops.concat([first, second], axis=-1), type=4, norm=norm)


def inverse_mdct(mdcts, window_fn=window_ops.vorbis_window, norm=None, name=None):
    """Mirrors ``tf.signal.inverse_mdct``: DCT-IV of each frame, unfolded, windowed and overlap-added."""
    mdcts = to_tensor(mdcts)
    if mdcts.shape.rank is not None and mdcts.shape.rank < 2:
        raise ValueError(f"Shape {mdcts.shape} must have rank at least 2")
    half = mdcts.shape.as_list()[-1]
    if norm is None:
        result = 0.5 / math_ops.cast(half, mdcts.dtype) * dct(mdcts, type=4)
    elif norm == "ortho":
        result = dct(mdcts, type=4, norm="ortho")
    else:
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    a, b = array_ops.split(result, 2, axis=-1)
    frames = array_ops.concat([b, -array_manip_ops.reverse(b, [-1]), -array_manip_ops.reverse(a, [-1]), -a],
                              axis=-1)
    if window_fn is not None:
        frames = frames * window_fn(2 * half, dtype=mdcts.dtype)
    else:
        frames = frames * (1.0 / np.sqrt(2))
    return shape_ops.overlap_and_add(frames, half)
