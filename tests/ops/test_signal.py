"""Oracle tests for tf.signal (ops/signal/): the FFT raw ops and wrappers (fft_length rules, dtypes), windows,
frame / overlap_and_add, stft / inverse_stft, dct / idct, mdct, mel matrices and MFCCs: values, dtypes, static
shapes and gradients (complex ones included) eagerly and in a graph, and TF's errors. Every expected value is TF's
(live or recorded), except the N-D FFTs, which TF 2.21 has no CPU kernel for (checked against numpy by hand)."""
from __future__ import annotations

import numpy as np
import pytest

import tfcompat

_RS = np.random.RandomState(7)
X = _RS.randn(3, 16).astype(np.float32)
X64 = _RS.randn(2, 12)
XC = (_RS.randn(2, 4, 6) + 1j * _RS.randn(2, 4, 6)).astype(np.complex64)
XC128 = _RS.randn(3, 5) + 1j * _RS.randn(3, 5)

# Differentiable cases: name -> (input, f(tf, x)). Checked for values, dtype, shape and the gradient of a real
# loss (sum y^2 for real y; sum |y|^2 + 0.5 re(y) for complex y), eagerly and in a graph.
DIFF_CASES = {
    "fft": (XC, lambda tf, x: tf.signal.fft(x)),
    "ifft": (XC, lambda tf, x: tf.signal.ifft(x)),
    "fft2d": (XC, lambda tf, x: tf.signal.fft2d(x)),
    "ifft2d": (XC, lambda tf, x: tf.signal.ifft2d(x)),
    "fft3d": (XC, lambda tf, x: tf.signal.fft3d(x)),
    "ifft3d": (XC, lambda tf, x: tf.signal.ifft3d(x)),
    "fft_complex128": (XC128, lambda tf, x: tf.signal.fft(x)),
    "rfft": (X, lambda tf, x: tf.signal.rfft(x)),
    "rfft_float64": (X64, lambda tf, x: tf.signal.rfft(x)),
    "rfft_pad_length": (X, lambda tf, x: tf.signal.rfft(x, fft_length=[21])),
    "rfft_abs": (X, lambda tf, x: tf.abs(tf.signal.rfft(x))),
    "rfft2d": (X, lambda tf, x: tf.signal.rfft2d(x)),
    "rfft2d_lengths": (X, lambda tf, x: tf.signal.rfft2d(x, fft_length=[4, 20])),
    "rfft3d": (X.reshape(3, 4, 4), lambda tf, x: tf.signal.rfft3d(x)),
    "irfft": (XC, lambda tf, x: tf.signal.irfft(x)),
    "irfft_odd_length": (XC, lambda tf, x: tf.signal.irfft(x, fft_length=[11])),
    "irfft2d": (XC, lambda tf, x: tf.signal.irfft2d(x, fft_length=[4, 11])),
    "irfft3d": (XC, lambda tf, x: tf.signal.irfft3d(x)),
    "irfft_of_rfft": (X, lambda tf, x: tf.signal.irfft(tf.signal.rfft(x))),
    "fftshift": (X, lambda tf, x: tf.signal.fftshift(x)),
    "fftshift_axis": (X, lambda tf, x: tf.signal.fftshift(x, axes=1)),
    "ifftshift": (X, lambda tf, x: tf.signal.ifftshift(x, axes=[0, 1])),
    "frame": (X, lambda tf, x: tf.signal.frame(x, 5, 3)),
    "frame_pad_end": (X, lambda tf, x: tf.signal.frame(x, 5, 3, pad_end=True, pad_value=-1.5)),
    "frame_axis0": (X, lambda tf, x: tf.signal.frame(x, 2, 1, axis=0)),
    "frame_longer_than_signal": (X, lambda tf, x: tf.signal.frame(x, 20, 4)),
    "overlap_and_add": (X.reshape(3, 4, 4), lambda tf, x: tf.signal.overlap_and_add(x, 3)),
    "overlap_and_add_step_eq_length": (X.reshape(3, 4, 4), lambda tf, x: tf.signal.overlap_and_add(x, 4)),
    "overlap_and_add_small_step": (X.reshape(3, 2, 8), lambda tf, x: tf.signal.overlap_and_add(x, 3)),
    "stft": (X, lambda tf, x: tf.signal.stft(x, 8, 4)),
    "stft_fft_length_pad_end": (X, lambda tf, x: tf.signal.stft(x, 6, 2, fft_length=16, pad_end=True)),
    "stft_hamming": (X, lambda tf, x: tf.signal.stft(x, 5, 2, window_fn=tf.signal.hamming_window)),
    "stft_no_window": (X, lambda tf, x: tf.signal.stft(x, 4, 4, window_fn=None)),
    "inverse_stft": (X, lambda tf, x: tf.signal.inverse_stft(
        tf.signal.stft(x, 8, 4), 8, 4, window_fn=tf.signal.inverse_stft_window_fn(4))),
    "inverse_stft_long_frames": (XC, lambda tf, x: tf.signal.inverse_stft(x, 12, 3)),
    "dct1": (X, lambda tf, x: tf.signal.dct(x, type=1)),
    "dct2": (X, lambda tf, x: tf.signal.dct(x)),
    "dct2_ortho": (X, lambda tf, x: tf.signal.dct(x, norm="ortho")),
    "dct3": (X, lambda tf, x: tf.signal.dct(x, type=3)),
    "dct3_ortho": (X, lambda tf, x: tf.signal.dct(x, type=3, norm="ortho")),
    "dct4": (X, lambda tf, x: tf.signal.dct(x, type=4)),
    "dct4_ortho": (X, lambda tf, x: tf.signal.dct(x, type=4, norm="ortho")),
    "dct2_truncate": (X, lambda tf, x: tf.signal.dct(x, n=5)),
    "dct2_pad": (X, lambda tf, x: tf.signal.dct(x, n=20)),
    "idct1": (X, lambda tf, x: tf.signal.idct(x, type=1)),
    "idct2": (X, lambda tf, x: tf.signal.idct(x)),
    "idct2_ortho_roundtrip": (X, lambda tf, x: tf.signal.idct(tf.signal.dct(x, norm="ortho"), norm="ortho")),
    "idct3": (X, lambda tf, x: tf.signal.idct(x, type=3)),
    "idct4": (X, lambda tf, x: tf.signal.idct(x, type=4)),
    "mdct": (X, lambda tf, x: tf.signal.mdct(x, 8)),
    "mdct_pad_end_ortho": (X, lambda tf, x: tf.signal.mdct(x, 12, pad_end=True, norm="ortho")),
    "mdct_no_window": (X, lambda tf, x: tf.signal.mdct(x, 4, window_fn=None)),
    "inverse_mdct": (X, lambda tf, x: tf.signal.inverse_mdct(tf.signal.mdct(x, 8))),
    "inverse_mdct_ortho": (X, lambda tf, x: tf.signal.inverse_mdct(tf.signal.mdct(x, 8, norm="ortho"),
                                                                   norm="ortho")),
    "mfccs": (X, lambda tf, x: tf.signal.mfccs_from_log_mel_spectrograms(x)),
    "log_mel_spectrogram": (X, lambda tf, x: tf.math.log(tf.matmul(
        tf.abs(tf.signal.stft(x, 8, 2)), tf.signal.linear_to_mel_weight_matrix(4, 5, 800, 50.0, 400.0)) + 1e-3)),
}

# Not differentiable or constant: name -> program(tf).
VALUE_CASES = {
    "fft_python_floats": lambda tf: tf.signal.fft([1.0, 2.0, -1.0]),
    "fft_python_complex": lambda tf: tf.signal.fft([1 + 2j, 3.0]),
    "rfft_python_list": lambda tf: tf.signal.rfft([1.0, 2.0, 3.0, 4.0]),
    "rfft_crop_length": lambda tf: tf.signal.rfft(tf.constant(X), fft_length=[7]),
    "rfft_empty": lambda tf: tf.signal.rfft(tf.zeros([0, 4])),
    "irfft_short_length": lambda tf: tf.signal.irfft(tf.constant(XC), fft_length=[6]),
    "irfft_default_length": lambda tf: tf.signal.irfft(tf.constant(XC[0])),
    "hann": lambda tf: [tf.signal.hann_window(n, periodic=p) for n in (1, 2, 7, 8) for p in (True, False)],
    "hamming": lambda tf: [tf.signal.hamming_window(n, periodic=p) for n in (1, 5, 6) for p in (True, False)],
    "hann_float64": lambda tf: tf.signal.hann_window(9, dtype=tf.float64),
    "hamming_float16": lambda tf: tf.signal.hamming_window(6, dtype=tf.float16),
    "kaiser": lambda tf: [tf.signal.kaiser_window(n) for n in (1, 2, 5, 8)],
    "kaiser_beta_float64": lambda tf: tf.signal.kaiser_window(7, beta=3.5, dtype=tf.float64),
    "kaiser_bessel_derived": lambda tf: [tf.signal.kaiser_bessel_derived_window(n) for n in (2, 8, 9)],
    "vorbis": lambda tf: [tf.signal.vorbis_window(n) for n in (1, 4, 7)],
    "vorbis_float64": lambda tf: tf.signal.vorbis_window(6, dtype=tf.float64),
    "inverse_stft_window_fn": lambda tf: tf.signal.inverse_stft_window_fn(3)(8, tf.float32),
    "mel_default": lambda tf: tf.signal.linear_to_mel_weight_matrix(),
    "mel_float64": lambda tf: tf.signal.linear_to_mel_weight_matrix(8, 17, 16000, 20.0, 8000.0, dtype=tf.float64),
    "mel_tensor_sample_rate": lambda tf: tf.signal.linear_to_mel_weight_matrix(5, 9, tf.constant(4000), 0.0,
                                                                               2000.0),
    "frame_int": lambda tf: tf.signal.frame(tf.range(10), 4, 3, pad_end=True),
    "frame_no_frames": lambda tf: tf.signal.frame(tf.range(3), 5, 1),
    "overlap_and_add_int": lambda tf: tf.signal.overlap_and_add(tf.reshape(tf.range(12), [3, 4]), 2),
}

ERROR_CASES = {
    "fft_scalar": lambda tf: tf.signal.fft(tf.constant(1 + 0j, tf.complex64)),
    "fft2d_rank1": lambda tf: tf.signal.fft2d(tf.zeros([4], tf.complex64)),
    "fft_float_tensor": lambda tf: tf.signal.fft(tf.constant([1.0, 2.0])),
    "rfft_int": lambda tf: tf.signal.rfft(tf.constant([1, 2])),
    "rfft_complex": lambda tf: tf.signal.rfft(tf.constant([1 + 1j])),
    "rfft_length_shape": lambda tf: tf.signal.rfft(tf.zeros([3, 4]), fft_length=[3, 3]),
    "irfft_float": lambda tf: tf.signal.irfft(tf.constant([1.0, 2.0])),
    "rfft2d_rank1": lambda tf: tf.signal.rfft2d(tf.zeros([4])),
    "hann_int_dtype": lambda tf: tf.signal.hann_window(4, dtype=tf.int32),
    "kaiser_int_dtype": lambda tf: tf.signal.kaiser_window(4, dtype=tf.int32),
    "frame_scalar": lambda tf: tf.signal.frame(tf.constant(1.0), 2, 1),
    "overlap_and_add_rank1": lambda tf: tf.signal.overlap_and_add(tf.zeros([4]), 1),
    "overlap_and_add_float_step": lambda tf: tf.signal.overlap_and_add(tf.zeros([2, 4]), 1.0),
    "dct_bad_type": lambda tf: tf.signal.dct(tf.zeros([4]), type=5),
    "dct1_ortho": lambda tf: tf.signal.dct(tf.zeros([4]), type=1, norm="ortho"),
    "dct1_length1": lambda tf: tf.signal.dct(tf.zeros([1]), type=1),
    "dct_axis0": lambda tf: tf.signal.dct(tf.zeros([4, 4]), axis=0),
    "dct_bad_norm": lambda tf: tf.signal.dct(tf.zeros([4]), norm="forward"),
    "dct_bad_n": lambda tf: tf.signal.dct(tf.zeros([4]), n=0),
    "mdct_length_not_multiple_of_4": lambda tf: tf.signal.mdct(tf.zeros([16]), 6),
    "mel_zero_bins": lambda tf: tf.signal.linear_to_mel_weight_matrix(0),
    "mel_negative_lower_edge": lambda tf: tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=-1.0),
    "mel_edges_reversed": lambda tf: tf.signal.linear_to_mel_weight_matrix(lower_edge_hertz=500.0,
                                                                          upper_edge_hertz=100.0),
    "mel_above_nyquist": lambda tf: tf.signal.linear_to_mel_weight_matrix(upper_edge_hertz=5000.0),
    "mel_int_dtype": lambda tf: tf.signal.linear_to_mel_weight_matrix(dtype=tf.int32),
    "mfcc_zero_bins": lambda tf: tf.signal.mfccs_from_log_mel_spectrograms(tf.zeros([2, 0])),
}


def _loss(tf, y):
    if y.dtype.is_complex:
        return tf.reduce_sum(tf.abs(y) ** 2 + 0.5 * tf.math.real(y))
    return tf.reduce_sum(y * y)


def _eager_program(x_value, f):
    def prog(tf):
        x = tf.constant(x_value)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(tf, x)
            loss = _loss(tf, y)
        return y, tape.gradient(loss, x)
    return prog


def _graph_program(x_value, f):
    def prog(v1):
        x = v1.placeholder(v1.as_dtype(x_value.dtype), x_value.shape)
        y = f(v1, x)
        (g,) = v1.gradients(_loss(v1, y), [x])
        with v1.Session() as sess:
            return sess.run([y, g], {x: x_value}) + [y.shape.as_list() if y.shape.rank is not None else None,
                                                   y.dtype.name]
    return prog


@pytest.mark.parametrize("case", sorted(DIFF_CASES))
def test_values_and_gradients_eager(oracle, case):
    x_value, f = DIFF_CASES[case]
    oracle.check(_eager_program(x_value, f), rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("case", sorted(DIFF_CASES))
def test_values_gradients_and_static_shapes_in_graph(oracle, case):
    x_value, f = DIFF_CASES[case]
    oracle.check_v1(_graph_program(x_value, f), rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("case", sorted(VALUE_CASES))
def test_values_and_dtypes(oracle, case):
    oracle.check(VALUE_CASES[case], rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_errors_eager(oracle, case):
    got = oracle.check(ERROR_CASES[case])
    assert type(got).__name__ == "Raised", got


def test_complex_gradient_convention_matches_tf(oracle):
    """TF's gradient for a real loss of complex values is the conjugate-Wirtinger one; torch's agrees."""
    w = (np.arange(6) - 2.5 + 1j * np.arange(6)[::-1]).astype(np.complex64)

    def prog(tf):
        x = tf.constant(XC[0, 0])
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            lin = tf.math.real(tf.reduce_sum(tf.signal.fft(x) * w))
            imag = tf.math.imag(tf.reduce_sum(tf.signal.ifft(x) * w))
        return tape.gradient(lin, x), tape.gradient(imag, x)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_raw_ops_registered_under_tf_names_with_tf_gradient_status():
    """The FFT ops are registered under TF's raw-op names; TF's fft_ops.py registers gradients for FFT..IFFT3D,
    RFFT, IRFFT, RFFT2D and IRFFT2D only (expected statuses read from TF's source by hand)."""
    from tfcompat._src.framework import op_def
    with_grad = ["FFT", "IFFT", "FFT2D", "IFFT2D", "FFT3D", "IFFT3D", "RFFT", "IRFFT", "RFFT2D", "IRFFT2D"]
    without = ["RFFT3D", "IRFFT3D", "FFTND", "IFFTND", "RFFTND", "IRFFTND"]
    for name in with_grad:
        assert op_def.get(name).grad == op_def.DIFFERENTIABLE, name
    for name in without:
        assert op_def.get(name).grad == op_def.NO_GRADIENT, name


def test_gradient_where_tf_gradient_fails_is_exact():
    """Known deviation "fft-gradient-length-mismatch": TF's RFFT/IRFFT gradient formulas raise
    InvalidArgumentError when fft_length crops the input; tfcompat's (torch's) is the exact adjoint, checked here
    against central finite differences (expected values computed by hand from the forward op)."""
    tf = tfcompat
    x0 = X[:1, :9].astype(np.float64)

    def loss(v):
        return tf.reduce_sum(tf.abs(tf.signal.rfft(v, fft_length=[6])) ** 2)
    x = tf.constant(x0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loss(x)
    got = tape.gradient(y, x).numpy()
    eps = 1e-6
    want = np.zeros_like(x0)
    for j in range(x0.shape[1]):
        d = np.zeros_like(x0)
        d[0, j] = eps
        want[0, j] = (loss(tf.constant(x0 + d)).numpy() - loss(tf.constant(x0 - d)).numpy()) / (2 * eps)
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
    assert np.all(got[0, 6:] == 0.0)   # the cropped samples do not reach the output


@pytest.mark.parametrize("name", ["fftnd", "ifftnd", "rfftnd", "irfftnd"])
def test_nd_ffts_against_numpy(name):
    """TF 2.21 registers FFTND & co. for GPU only (NotFoundError on CPU), so numpy's n-D FFTs are the
    reference (expected values computed by numpy, norm conventions as documented by TF)."""
    tf = tfcompat
    xr = X.reshape(3, 4, 4)
    xc = XC
    for norm, np_norm in ((None, "backward"), ("ortho", "ortho"), ("forward", "forward")):
        if name == "fftnd":
            got = tf.signal.fftnd(xc, axes=[1, 2], norm=norm)
            want = np.fft.fftn(xc, axes=(1, 2), norm=np_norm)
        elif name == "ifftnd":
            got = tf.ifftnd(xc, fft_length=[3, 8], axes=[0, 2], norm=norm)
            want = np.fft.ifftn(xc, s=(3, 8), axes=(0, 2), norm=np_norm)
        elif name == "rfftnd":
            got = tf.rfftnd(xr, axes=[0, 2], norm=norm)
            want = np.fft.rfftn(xr, axes=(0, 2), norm=np_norm)
        else:
            got = tf.irfftnd(xc, fft_length=[4, 10], axes=[1, 2], norm=norm)
            want = np.fft.irfftn(xc, s=(4, 10), axes=(1, 2), norm=np_norm)
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-4, atol=1e-4)
        assert got.dtype.name == ("float32" if name == "irfftnd" else "complex64")
