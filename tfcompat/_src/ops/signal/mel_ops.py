"""``tf.signal.linear_to_mel_weight_matrix`` and ``tf.signal.mfccs_from_log_mel_spectrograms`` (TF's HTK mel
scale: mel = 1127 ln(1 + f / 700); triangular filters; the first (DC) bin gets no weight)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_manip_ops, array_ops, math_ops
from tfcompat._src.ops._helpers import to_tensor
from tfcompat._src.ops.signal import shape_ops, spectral_ops

__all__ = ["linear_to_mel_weight_matrix", "mfccs_from_log_mel_spectrograms"]

_MEL_BREAK_FREQUENCY_HERTZ = 700.0
_MEL_HIGH_FREQUENCY_Q = 1127.0


def _hertz_to_mel(hz):
    return _MEL_HIGH_FREQUENCY_Q * math_ops.log(1.0 + hz / _MEL_BREAK_FREQUENCY_HERTZ)


def _linspace(start, stop, num: int):
    # TF's LinSpace kernel: start + i * ((stop - start) / (num - 1)), the last value exactly stop; written with
    # ops so that tensor ends work in graph mode too.
    if num == 1:
        return array_ops.expand_dims(start, 0)
    step = (stop - start) / math_ops.cast(num - 1, start.dtype)
    head = start + math_ops.cast(array_ops.range(num - 1), start.dtype) * step
    return array_ops.concat([head, array_ops.expand_dims(stop, 0)], 0)


def _validate(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype):
    if num_mel_bins <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {num_mel_bins}")
    if lower_edge_hertz < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lower_edge_hertz}")
    if lower_edge_hertz >= upper_edge_hertz:
        raise ValueError(f"lower_edge_hertz {lower_edge_hertz:.1f} >= upper_edge_hertz {upper_edge_hertz:.1f}")
    if not isinstance(sample_rate, Tensor):
        if sample_rate <= 0.0:
            raise ValueError(f"sample_rate must be positive. Got: {sample_rate}")
        if upper_edge_hertz > sample_rate / 2:
            raise ValueError(f"upper_edge_hertz must not be larger than the Nyquist frequency (sample_rate / 2). "
                             f"Got {upper_edge_hertz} for sample_rate: {sample_rate}")
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Got: {dtype!r}")


def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000, lower_edge_hertz=125.0,
                                upper_edge_hertz=3800.0, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.signal.linear_to_mel_weight_matrix``: a [num_spectrogram_bins, num_mel_bins] matrix of
    triangular mel filters over linearly spaced bins from 0 to sample_rate / 2."""
    dtype = dtypes.as_dtype(dtype)
    if isinstance(sample_rate, Tensor):
        value = constant_value(sample_rate)
        if value is not None:
            sample_rate = value
    _validate(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype)
    sample_rate = math_ops.cast(sample_rate, dtype)
    lower = to_tensor(lower_edge_hertz, dtype=dtype)
    upper = to_tensor(upper_edge_hertz, dtype=dtype)
    zero = to_tensor(0.0, dtype=dtype)
    nyquist = sample_rate / 2.0
    linear = _linspace(zero, nyquist, num_spectrogram_bins)[1:]
    bins_mel = array_ops.expand_dims(_hertz_to_mel(linear), 1)
    edges = shape_ops.frame(_linspace(_hertz_to_mel(lower), _hertz_to_mel(upper), num_mel_bins + 2),
                            frame_length=3, frame_step=1)
    lower_mel, center_mel, upper_mel = (array_ops.reshape(t, [1, num_mel_bins])
                                        for t in array_ops.split(edges, 3, axis=1))
    lower_slopes = (bins_mel - lower_mel) / (center_mel - lower_mel)
    upper_slopes = (upper_mel - bins_mel) / (upper_mel - center_mel)
    weights = math_ops.maximum(zero, math_ops.minimum(lower_slopes, upper_slopes))
    return array_manip_ops.pad(weights, [[1, 0], [0, 0]], name=name)


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    """Mirrors ``tf.signal.mfccs_from_log_mel_spectrograms``: an orthonormal-scaled DCT-II of the last axis."""
    x = to_tensor(log_mel_spectrograms)
    bins = x.shape.as_list()[-1] if x.shape.rank else None
    if bins == 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {x}")
    if bins is None:
        bins = array_ops.shape(x)[-1]
    out = spectral_ops.dct(x, type=2)
    return out * math_ops.rsqrt(math_ops.cast(bins, out.dtype) * 2.0)
