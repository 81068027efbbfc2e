"""``tf.linalg.LinearOperatorCirculant`` (and the 2D / 3D block-circulant forms): operators diagonalised by the
DFT, given by their spectrum; matmul and solve go through ``tf.signal`` FFTs."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, complex_ops, debugging_ops, linalg_more_ops, math_more_ops, math_ops
from tfcompat._src.ops import reduction_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator
from tfcompat._src.ops.signal import fft_ops

__all__ = ["LinearOperatorCirculant", "LinearOperatorCirculant2D", "LinearOperatorCirculant3D"]

_FFT = {1: fft_ops.fft, 2: fft_ops.fft2d, 3: fft_ops.fft3d}
_IFFT = {1: fft_ops.ifft, 2: fft_ops.ifft2d, 3: fft_ops.ifft3d}


def _to_complex(x):
    if x.dtype.is_complex:
        return x
    return math_ops.cast(x, dtypes.complex128 if x.dtype == dtypes.float64 else dtypes.complex64)


def _from_complex(x, dtype):
    # TF casts complex -> real (dropping the imaginary part); taking the real part first gives the same values
    # without torch's "discards the imaginary part" warning.
    if dtype.is_complex:
        return math_ops.cast(x, dtype)
    return math_ops.cast(complex_ops.real(x), dtype)


class _BaseCirculant(LinearOperator):
    """Shared by the 1D/2D/3D circulant operators (TF's ``_BaseLinearOperatorCirculant``)."""

    _block_depth_value = 1

    def __init__(self, spectrum, input_output_dtype=dtypes.complex64, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorCirculant"):
        parameters = dict(spectrum=spectrum, input_output_dtype=input_output_dtype, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        self._block_depth = self._block_depth_value
        with name_scope(name):
            self._spectrum = util.convert_nonref_to_tensor(spectrum, name="spectrum")
            if self._spectrum.shape.rank is not None and self._spectrum.shape.rank < self.block_depth:
                raise ValueError(f"Argument `spectrum` must have at least {self.block_depth} dimensions. "
                                 f"Received: {self._spectrum}.")
            if not self._spectrum.dtype.is_complex:
                if is_self_adjoint is False:
                    raise ValueError(f"A real spectrum always corresponds to a self-adjoint operator. Expected "
                                     f"argument `is_self_adjoint` to be True when `spectrum.dtype.is_complex` = "
                                     f"True. Received: {is_self_adjoint}.")
                is_self_adjoint = True
            if is_square is False:
                raise ValueError(f"A [[nested] block] circulant operator is always square. Expected argument "
                                 f"`is_square` to be True. Received: {is_square}.")
            super().__init__(dtype=dtypes.as_dtype(input_output_dtype), is_non_singular=is_non_singular,
                             is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                             is_square=True, parameters=parameters, name=name)

    @property
    def block_depth(self) -> int:
        """1, 2 or 3: the number of trailing spectrum dimensions that form the (nested) blocks."""
        return self._block_depth

    @property
    def block_shape(self) -> TensorShape:
        return self.spectrum.shape[-self.block_depth:]

    def block_shape_tensor(self):
        """The block shape as an int32 tensor."""
        if self.block_shape.is_fully_defined():
            return util.shape_tensor(self.block_shape.as_list(), name="block_shape")
        return array_ops.shape(self.spectrum)[-self.block_depth:]

    @property
    def spectrum(self):
        """The DFT of the convolution kernel."""
        return self._spectrum

    def _hints_with(self, left, right):
        return dict(is_non_singular=util.combined_non_singular_hint(left, right),
                    is_self_adjoint=util.combined_commuting_self_adjoint_hint(left, right),
                    is_positive_definite=util.combined_commuting_positive_definite_hint(left, right),
                    is_square=True)

    def _linop_adjoint(self):
        spectrum = complex_ops.conj(self.spectrum) if self.spectrum.dtype.is_complex else self.spectrum
        return type(self)(spectrum=spectrum, is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint, is_positive_definite=self.is_positive_definite,
                          is_square=True)

    def _linop_inverse(self):
        return type(self)(spectrum=1. / self.spectrum, is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint, is_positive_definite=self.is_positive_definite,
                          is_square=True, input_output_dtype=self.dtype)

    def _linop_matmul(self, left_operator, right_operator):
        if not isinstance(right_operator, type(self)) or not isinstance(left_operator, type(right_operator)):
            return super()._linop_matmul(left_operator, right_operator)
        return type(self)(spectrum=left_operator.spectrum * right_operator.spectrum,
                          **self._hints_with(left_operator, right_operator))

    def _linop_solve(self, left_operator, right_operator):
        if not isinstance(right_operator, type(self)) or not isinstance(left_operator, type(right_operator)):
            return super()._linop_solve(left_operator, right_operator)
        return type(self)(spectrum=right_operator.spectrum / left_operator.spectrum,
                          **self._hints_with(left_operator, right_operator))

    def convolution_kernel(self, name="convolution_kernel"):
        """The convolution kernel: the inverse DFT of the spectrum, in the operator's dtype."""
        with self._name_scope(name):
            return _from_complex(_IFFT[self.block_depth](_to_complex(self.spectrum)), self.dtype)

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"spectrum": self.block_depth}

    def _shape(self):
        s_shape = self._spectrum.shape
        trailing = s_shape[-self.block_depth:]
        n = int(np.prod(trailing.as_list())) if trailing.is_fully_defined() else None
        return s_shape[:-self.block_depth].concatenate([n, n])

    def _shape_tensor(self):
        s_shape = array_ops.shape(self.spectrum)
        n = reduction_ops.reduce_prod(s_shape[-self.block_depth:])
        return array_ops.concat([s_shape[:-self.block_depth], array_ops.stack([n, n])], 0)

    def assert_hermitian_spectrum(self, name="assert_hermitian_spectrum"):
        """An assert op checking that the spectrum is Hermitian (the kernel is real), to float precision."""
        eps = np.finfo(self.dtype.real_dtype.as_numpy_dtype).eps
        with self._name_scope(name):
            max_err = eps * math_ops.cast(self.domain_dimension_tensor(), self.dtype.real_dtype)
            imag_kernel = complex_ops.imag(_to_complex(self.convolution_kernel()))
            return debugging_ops.assert_less(math_ops.abs(imag_kernel), max_err,
                                             message="Spectrum was not Hermitian")

    def _assert_non_singular(self):
        return util.assert_no_entries_with_modulus_zero(
            self.spectrum, message="Singular operator:  Spectrum contained zero values.")

    def _assert_positive_definite(self):
        return debugging_ops.assert_positive(
            complex_ops.real(self.spectrum),
            message="Not positive definite:  Real part of spectrum was not all positive.")

    def _assert_self_adjoint(self):
        return util.assert_zero_imag_part(
            self.spectrum, message="Not self-adjoint:  The spectrum contained non-zero imaginary part.")

    def _unblockify(self, x):
        x_shape = x.shape
        if x_shape.is_fully_defined():
            dims = x_shape.as_list()
            return array_ops.reshape(x, dims[:-self.block_depth] + [int(np.prod(dims[-self.block_depth:]))])
        shape = array_ops.shape(x)
        return array_ops.reshape(x, array_ops.concat(
            [shape[:-self.block_depth], [reduction_ops.reduce_prod(shape[-self.block_depth:])]], 0))

    def _cond(self):
        abs_singular_values = math_ops.abs(self._unblockify(self.spectrum))
        return (reduction_ops.reduce_max(abs_singular_values, axis=-1)
                / reduction_ops.reduce_min(abs_singular_values, axis=-1))

    def _eigvals(self):
        return convert_to_tensor(self._unblockify(self.spectrum))

    def _apply_spectrum(self, x, adjoint, divide):
        # Columns of x (shape [..., N, R]) become rows [..., R, *block_shape], get transformed, and go back.
        spectrum = _to_complex(convert_to_tensor(self.spectrum))
        if adjoint:
            spectrum = complex_ops.conj(spectrum)
        x = math_ops.cast(x, spectrum.dtype)
        rows = array_ops.matrix_transpose(x)
        row_shape = array_ops.shape(rows)
        blocked = array_ops.reshape(rows, array_ops.concat([row_shape[:-1], self.block_shape_tensor()], 0))
        spec = array_ops.expand_dims(spectrum, -1 - self.block_depth)
        fft_x = _FFT[self.block_depth](blocked)
        transformed = _IFFT[self.block_depth](fft_x / spec if divide else spec * fft_x)
        flat_shape = array_ops.concat([array_ops.shape(transformed)[:-self.block_depth], row_shape[-1:]], 0)
        y = array_ops.matrix_transpose(array_ops.reshape(transformed, flat_shape))
        return _from_complex(y, self.dtype)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = linalg_more_ops.adjoint(x) if adjoint_arg else x
        return self._apply_spectrum(x, adjoint, divide=False)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = linalg_more_ops.adjoint(rhs) if adjoint_arg else rhs
        return self._apply_spectrum(rhs, adjoint, divide=True)

    def _block_axes(self):
        return [-(i + 1) for i in range(self.block_depth)]

    def _determinant(self):
        return math_ops.cast(reduction_ops.reduce_prod(self.spectrum, axis=self._block_axes()), self.dtype)

    def _log_abs_determinant(self):
        lad = reduction_ops.reduce_sum(math_ops.log(math_ops.abs(self.spectrum)), axis=self._block_axes())
        return math_ops.cast(lad, self.dtype)

    def _diag_part(self):
        if self.shape.is_fully_defined():
            diag_shape = self.shape[:-1].as_list()
            diag_size = self.shape.as_list()[-1]
        else:
            diag_shape = self.shape_tensor()[:-1]
            diag_size = self.domain_dimension_tensor()
        ones_diag = array_ops.ones(diag_shape, dtype=self.dtype)
        diag_value = self.trace() / math_ops.cast(diag_size, self.dtype)
        return array_ops.expand_dims(diag_value, -1) * ones_diag

    def _trace(self):
        axis = self._block_axes()
        re_d_value = reduction_ops.reduce_sum(complex_ops.real(self.spectrum), axis=axis)
        if not self.dtype.is_complex:
            return math_ops.cast(re_d_value, self.dtype)
        if self.is_self_adjoint:
            im_d_value = array_ops.zeros_like(re_d_value)
        else:
            im_d_value = reduction_ops.reduce_sum(complex_ops.imag(self.spectrum), axis=axis)
        return math_ops.cast(math_more_ops.complex(re_d_value, im_d_value), self.dtype)


class LinearOperatorCirculant(_BaseCirculant):
    """Mirrors ``tf.linalg.LinearOperatorCirculant(spectrum, input_output_dtype=tf.complex64, ...)``."""

    _block_depth_value = 1

    # __init__ is _BaseCirculant's: the same signature, default name "LinearOperatorCirculant" included.

    def _linop_solve(self, left_operator, right_operator):
        # TF's 1-D class checks only the right operator's type here (the 2-D/3-D ones check both).
        if not isinstance(right_operator, LinearOperatorCirculant):
            return LinearOperator._linop_solve(self, left_operator, right_operator)
        return LinearOperatorCirculant(spectrum=right_operator.spectrum / left_operator.spectrum,
                                       **self._hints_with(left_operator, right_operator))


class LinearOperatorCirculant2D(_BaseCirculant):
    """Mirrors ``tf.linalg.LinearOperatorCirculant2D(spectrum, ...)``: block circulant with circulant blocks."""

    _block_depth_value = 2

    def __init__(self, spectrum, input_output_dtype=dtypes.complex64, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorCirculant2D"):
        super().__init__(spectrum, input_output_dtype=input_output_dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                         is_square=is_square, name=name)


class LinearOperatorCirculant3D(_BaseCirculant):
    """Mirrors ``tf.linalg.LinearOperatorCirculant3D(spectrum, ...)``: doubly nested block circulant."""

    _block_depth_value = 3

    def __init__(self, spectrum, input_output_dtype=dtypes.complex64, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=True, name="LinearOperatorCirculant3D"):
        super().__init__(spectrum, input_output_dtype=input_output_dtype, is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                         is_square=is_square, name=name)
