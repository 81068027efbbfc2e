"""``tf.linalg.LinearOperator``: the abstract base of the matrix-free operators.

Mirrors TF 2.21's ``linear_operator.LinearOperator``: the public methods check hints, shapes and dtypes, then call
the ``_``-prefixed hooks a subclass overrides (``_shape``, ``_shape_tensor``, ``_matmul``, and optionally
``_to_dense``, ``_solve``, ``_determinant``...). Operator-with-operator products (``matmul``/``solve`` of two
operators, ``inverse``, ``cholesky``, ``adjoint``) go through the ``_linop_*`` methods, which subclasses override
to return TF's specialised result types. Everything is composed of tfcompat ops, so gradients flow through torch
autograd. Differences from TF: an operator is not a ``tf.Module`` (no ``variables``/``trainable_variables``
tracking) nor a ``CompositeTensor`` (``tf.function`` sees it as a Python object and retraces per instance)."""
from __future__ import annotations

import abc
import contextlib
import logging

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import Dimension, TensorShape, dimension_value
from tfcompat._src.ops import array_manip_ops, array_ops, debugging_ops, linalg_decomp_ops, linalg_more_ops
from tfcompat._src.ops import linalg_ops, math_ops, reduction_ops
from tfcompat._src.ops.linear_operator import slicing, util
from tfcompat._src.ops.variables import Variable

__all__ = ["LinearOperator", "OPERATOR_CLASSES", "register_operator_class"]

# The operator classes the base class's algebra returns (adjoint, inverse, cholesky, products and solves). They
# subclass LinearOperator, so this module cannot import them: each registers itself when its module loads, and
# the linear_operator package loads them all.
OPERATOR_CLASSES: dict = {}


def register_operator_class(cls):
    """Class decorator: makes ``cls`` available to the algebra of every operator under its class name."""
    OPERATOR_CLASSES[cls.__name__] = cls
    return cls

_log = logging.getLogger("tensorflow")
_SLOW = "Using (possibly slow) default implementation of %s.  Requires conversion to a dense matrix%s."
_CUBIC = " and O(N^3) operations"


class LinearOperator(metaclass=abc.ABCMeta):
    """Mirrors ``tf.linalg.LinearOperator``: a [batch] matrix ``A`` known through ``matmul`` and friends.

    Subclass it as TF documents: call ``super().__init__(dtype=..., is_... hints, name=..., parameters=...)`` and
    implement ``_shape`` (a ``TensorShape``) and ``_matmul(x, adjoint, adjoint_arg)`` (both abstract, as in TF),
    ``_shape_tensor`` for dynamic shapes; override ``_to_dense``, ``_solve``, ``_determinant``... for efficiency.
    Not a ``tf.Module``."""

    def __init__(self, dtype, graph_parents=None, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name=None, parameters=None):
        if is_positive_definite:
            if is_non_singular is False:
                raise ValueError("A positive definite matrix is always non-singular.")
            is_non_singular = True
        if is_non_singular:
            if is_square is False:
                raise ValueError("A non-singular matrix is always square.")
            is_square = True
        if is_self_adjoint:
            if is_square is False:
                raise ValueError("A self-adjoint matrix is always square.")
            is_square = True
        self._is_square_set_or_implied_by_hints = is_square
        for i, t in enumerate(graph_parents or []):
            if not isinstance(t, (Tensor, Variable)):
                raise ValueError("Graph parent item %d is not a Tensor; %s." % (i, t))
        self._graph_parents = list(graph_parents) if graph_parents is not None else []
        self._dtype = dtypes.as_dtype(dtype).base_dtype if dtype else dtype
        self._is_non_singular = is_non_singular
        self._is_self_adjoint = is_self_adjoint
        self._is_positive_definite = is_positive_definite
        self._parameters = dict(parameters) if parameters is not None else {}
        self._name = name or type(self).__name__

    @contextlib.contextmanager
    def _name_scope(self, name=None):
        full_name = self.name if name is None else f"{self.name}/{name}"
        with name_scope(full_name) as scope:
            yield scope

    # -- properties ---------------------------------------------------------------------------
    @property
    def parameters(self) -> dict:
        """Dictionary of parameters used to instantiate this operator."""
        return dict(self._parameters)

    @property
    def dtype(self):
        """The ``DType`` of tensors handled by this operator."""
        return self._dtype

    @property
    def name(self) -> str:
        """Name given at construction (default: the class name)."""
        return self._name

    @property
    def graph_parents(self) -> list:
        """Deprecated in TF: the tensors this operator was built from, as given."""
        return self._graph_parents

    @property
    def is_non_singular(self):
        return self._is_non_singular

    @property
    def is_self_adjoint(self):
        return self._is_self_adjoint

    @property
    def is_positive_definite(self):
        return self._is_positive_definite

    @property
    def is_square(self):
        """Whether the operator is square: the hint if set, else read from the static shape."""
        auto_square_check = self.domain_dimension == self.range_dimension
        if self._is_square_set_or_implied_by_hints is False and auto_square_check:
            raise ValueError("User set is_square hint to False, but the operator was square.")
        if self._is_square_set_or_implied_by_hints is None:
            return auto_square_check
        return self._is_square_set_or_implied_by_hints

    # -- shapes -----------------------------------------------------------------------------
    @abc.abstractmethod
    def _shape(self):
        raise NotImplementedError("_shape is not implemented.")

    @property
    def shape(self) -> TensorShape:
        """``TensorShape([B1,...,Bb, M, N])``, statically determined (may be partly unknown)."""
        return self._shape()

    def _shape_tensor(self):
        raise NotImplementedError("_shape_tensor is not implemented.")

    def shape_tensor(self, name="shape_tensor"):
        """The int32 shape vector ``[B1,...,Bb, M, N]``."""
        with self._name_scope(name):
            if self.shape.is_fully_defined():
                return util.shape_tensor(self.shape.as_list())
            return self._shape_tensor()

    @property
    def batch_shape(self) -> TensorShape:
        """``TensorShape([B1,...,Bb])``."""
        return self.shape[:-2]

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        """The int32 vector ``[B1,...,Bb]``."""
        with self._name_scope(name):
            return self._batch_shape_tensor()

    def _batch_shape_tensor(self, shape=None):
        if self.batch_shape.is_fully_defined():
            return util.shape_tensor(self.batch_shape.as_list(), name="batch_shape")
        return (self.shape_tensor() if shape is None else shape)[:-2]

    @property
    def tensor_rank(self):
        """``b + 2`` as a python int (None if unknown)."""
        return self.shape.rank

    def tensor_rank_tensor(self, name="tensor_rank_tensor"):
        """``b + 2`` as an int32 scalar tensor."""
        with self._name_scope(name):
            return self._tensor_rank_tensor()

    def _tensor_rank_tensor(self, shape=None):
        if self.tensor_rank is not None:
            return convert_to_tensor(self.tensor_rank, dtype=dtypes.int32)
        return array_ops.size(self.shape_tensor() if shape is None else shape)

    @property
    def domain_dimension(self) -> Dimension:
        """``N`` (a ``Dimension``)."""
        if self.shape.rank is None:
            return Dimension(None)
        return self.shape.dims[-1]

    def domain_dimension_tensor(self, name="domain_dimension_tensor"):
        """``N`` as an int32 scalar tensor."""
        with self._name_scope(name):
            return self._domain_dimension_tensor()

    def _domain_dimension_tensor(self, shape=None):
        value = dimension_value(self.domain_dimension)
        if value is not None:
            return convert_to_tensor(value, dtype=dtypes.int32)
        return (self.shape_tensor() if shape is None else shape)[-1]

    @property
    def range_dimension(self) -> Dimension:
        """``M`` (a ``Dimension``)."""
        if self.shape.rank is None:
            return Dimension(None)
        return self.shape.dims[-2]

    def range_dimension_tensor(self, name="range_dimension_tensor"):
        """``M`` as an int32 scalar tensor."""
        with self._name_scope(name):
            return self._range_dimension_tensor()

    def _range_dimension_tensor(self, shape=None):
        value = dimension_value(self.range_dimension)
        if value is not None:
            return convert_to_tensor(value, dtype=dtypes.int32)
        return (self.shape_tensor() if shape is None else shape)[-2]

    # -- assertions -------------------------------------------------------------------------
    def _assert_non_singular(self):
        _log.warning(_SLOW, "assert_non_singular", _CUBIC)
        if self._can_use_cholesky():
            return self.assert_positive_definite()
        singular_values = linalg_more_ops.svd(self.to_dense(), compute_uv=False)
        cond = (reduction_ops.reduce_max(singular_values, axis=-1)
                / reduction_ops.reduce_min(singular_values, axis=-1))
        return debugging_ops.assert_less(cond, self._max_condition_number_to_be_non_singular(),
                                         message="Singular matrix up to precision epsilon.")

    def _max_condition_number_to_be_non_singular(self):
        dtype_eps = np.finfo(self.dtype.as_numpy_dtype).eps
        dims = array_ops.stack([
            convert_to_tensor(100.0, dtype=self.dtype),
            math_ops.cast(self.range_dimension_tensor(), self.dtype),
            math_ops.cast(self.domain_dimension_tensor(), self.dtype)])
        eps = reduction_ops.reduce_max(dims) * dtype_eps
        return 1.0 / eps

    def assert_non_singular(self, name="assert_non_singular"):
        """An assert op that raises ``InvalidArgumentError`` when run if the operator is singular."""
        with self._name_scope(name):
            return self._assert_non_singular()

    def _assert_positive_definite(self):
        _log.warning(_SLOW, "assert_positive_definite", _CUBIC)
        if self.is_self_adjoint:
            return debugging_ops.assert_positive(
                linalg_ops.matrix_diag_part(linalg_decomp_ops.cholesky(self.to_dense())),
                message="Matrix was not positive definite.")
        raise NotImplementedError("assert_positive_definite is not implemented.")

    def assert_positive_definite(self, name="assert_positive_definite"):
        """An assert op that raises ``InvalidArgumentError`` when run if the operator is not positive definite."""
        with self._name_scope(name):
            return self._assert_positive_definite()

    def _assert_self_adjoint(self):
        dense = self.to_dense()
        _log.warning(_SLOW, "assert_self_adjoint", "")
        return debugging_ops.assert_equal(dense, linalg_more_ops.adjoint(dense),
                                          message="Matrix was not equal to its adjoint.")

    def assert_self_adjoint(self, name="assert_self_adjoint"):
        """An assert op that raises ``InvalidArgumentError`` when run if the operator is not self-adjoint."""
        with self._name_scope(name):
            return self._assert_self_adjoint()

    def _check_input_dtype(self, arg):
        if arg.dtype.base_dtype != self.dtype:
            raise TypeError(f"Expected argument to have dtype {self.dtype}.  Found: {arg.dtype} in tensor {arg}")

    # -- products ---------------------------------------------------------------------------
    @abc.abstractmethod
    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        raise NotImplementedError("_matmul is not implemented.")

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """``A @ x`` (``A^H`` with ``adjoint``, ``x^H`` with ``adjoint_arg``); ``x`` a tensor or an operator."""
        if isinstance(x, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = x.adjoint() if adjoint_arg else x
            _check_operator_dims(left, right, "x")
            with self._name_scope(name):
                return self._linop_matmul(left, right)
        with self._name_scope(name):
            x = convert_to_tensor(x, name="x")
            self._check_input_dtype(x)
            util.assert_compatible_dims(util.dim_at(self.shape, -2 if adjoint else -1),
                                        util.dim_at(x.shape, -1 if adjoint_arg else -2))
            return self._matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _linop_matmul(self, left_operator, right_operator):
        if getattr(right_operator, "_is_identity", False):
            return left_operator
        if getattr(right_operator, "_is_zeros", False):
            if not right_operator.is_square or not left_operator.is_square:
                raise ValueError("Matmul with non-square `LinearOperator`s or non-square `LinearOperatorZeros` not "
                                 "supported at this time.")
            return right_operator
        hints = _product_hints(left_operator, right_operator)
        return OPERATOR_CLASSES["LinearOperatorComposition"](operators=[left_operator, right_operator], **hints)

    def __matmul__(self, other):
        return self.matmul(other)

    def _matvec(self, x, adjoint=False):
        x_mat = array_ops.expand_dims(x, axis=-1)
        y_mat = self.matmul(x_mat, adjoint=adjoint)
        return array_ops.squeeze(y_mat, axis=-1)

    def matvec(self, x, adjoint=False, name="matvec"):
        """``A x`` for a [batch] vector ``x``."""
        with self._name_scope(name):
            x = convert_to_tensor(x, name="x")
            self._check_input_dtype(x)
            util.assert_compatible_dims(util.dim_at(self.shape, -2 if adjoint else -1), util.dim_at(x.shape, -1))
            return self._matvec(x, adjoint=adjoint)

    # -- determinants -----------------------------------------------------------------------
    def _determinant(self):
        _log.warning(_SLOW, "determinant", _CUBIC)
        if self._can_use_cholesky():
            return math_ops.exp(self.log_abs_determinant())
        return linalg_decomp_ops.det(self.to_dense())

    def determinant(self, name="det"):
        """``det(A)`` per batch member."""
        if self.is_square is False:
            raise NotImplementedError("Determinant not implemented for an operator that is expected to not be square.")
        with self._name_scope(name):
            return self._determinant()

    def _log_abs_determinant(self):
        _log.warning(_SLOW, "determinant", _CUBIC)
        if self._can_use_cholesky():
            diag = linalg_ops.matrix_diag_part(linalg_decomp_ops.cholesky(self.to_dense()))
            return 2 * reduction_ops.reduce_sum(math_ops.log(diag), axis=[-1])
        _, log_abs_det = linalg_decomp_ops.slogdet(self.to_dense())
        return log_abs_det

    def log_abs_determinant(self, name="log_abs_det"):
        """``log|det(A)|`` per batch member."""
        if self.is_square is False:
            raise NotImplementedError("Determinant not implemented for an operator that is expected to not be square.")
        with self._name_scope(name):
            return self._log_abs_determinant()

    # -- solves -----------------------------------------------------------------------------
    def _dense_solve(self, rhs, adjoint=False, adjoint_arg=False):
        if self.is_square is False:
            raise NotImplementedError("Solve is not yet implemented for non-square operators.")
        rhs = linalg_more_ops.adjoint(rhs) if adjoint_arg else rhs
        if self._can_use_cholesky():
            return linalg_more_ops.cholesky_solve(linalg_decomp_ops.cholesky(self.to_dense()), rhs)
        return util.matrix_solve_with_broadcast(self.to_dense(), rhs, adjoint=adjoint)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        _log.warning(_SLOW, "solve", _CUBIC)
        return self._dense_solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _check_exact_solve_possible(self):
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is expected to be singular.")
        if self.is_square is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is expected to not be "
                                      "square.")

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """``X`` with ``A X = rhs`` (``A^H`` with ``adjoint``, ``rhs^H`` with ``adjoint_arg``)."""
        self._check_exact_solve_possible()
        if isinstance(rhs, LinearOperator):
            left = self.adjoint() if adjoint else self
            right = rhs.adjoint() if adjoint_arg else rhs
            _check_operator_dims(left, right, "rhs")
            with self._name_scope(name):
                return self._linop_solve(left, right)
        with self._name_scope(name):
            rhs = convert_to_tensor(rhs, name="rhs")
            self._check_input_dtype(rhs)
            util.assert_compatible_dims(util.dim_at(self.shape, -1 if adjoint else -2),
                                        util.dim_at(rhs.shape, -1 if adjoint_arg else -2))
            return self._solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _linop_solve(self, left_operator, right_operator):
        if getattr(right_operator, "_is_identity", False):
            return left_operator.inverse()
        hints = _product_hints(left_operator, right_operator)
        return OPERATOR_CLASSES["LinearOperatorComposition"](
            operators=[OPERATOR_CLASSES["LinearOperatorInversion"](left_operator), right_operator], **hints)

    def _solvevec(self, rhs, adjoint=False):
        rhs_mat = array_ops.expand_dims(rhs, axis=-1)
        solution_mat = self.solve(rhs_mat, adjoint=adjoint)
        return array_ops.squeeze(solution_mat, axis=-1)

    def solvevec(self, rhs, adjoint=False, name="solve"):
        """``x`` with ``A x = rhs`` for a [batch] vector ``rhs``."""
        with self._name_scope(name):
            rhs = convert_to_tensor(rhs, name="rhs")
            self._check_input_dtype(rhs)
            util.assert_compatible_dims(util.dim_at(self.shape, -1 if adjoint else -2), util.dim_at(rhs.shape, -1))
            return self._solvevec(rhs, adjoint=adjoint)

    # -- derived operators ------------------------------------------------------------------
    def adjoint(self, name="adjoint"):
        """The operator ``A^H`` (``self`` when the operator is hinted self-adjoint)."""
        if self.is_self_adjoint is True:
            return self
        with self._name_scope(name):
            return self._linop_adjoint()

    H = property(adjoint, None)

    def _linop_adjoint(self):
        return OPERATOR_CLASSES["LinearOperatorAdjoint"](
            self, is_non_singular=self.is_non_singular, is_self_adjoint=self.is_self_adjoint,
            is_positive_definite=self.is_positive_definite, is_square=self.is_square)

    def inverse(self, name="inverse"):
        """The operator ``A^{-1}``."""
        if self.is_square is False:
            raise ValueError("Cannot take the Inverse: This operator represents a non square matrix.")
        if self.is_non_singular is False:
            raise ValueError("Cannot take the Inverse: This operator represents a singular matrix.")
        with self._name_scope(name):
            return self._linop_inverse()

    def _linop_inverse(self):
        return OPERATOR_CLASSES["LinearOperatorInversion"](
            self, is_non_singular=self.is_non_singular, is_self_adjoint=self.is_self_adjoint,
            is_positive_definite=self.is_positive_definite, is_square=self.is_square)

    def cholesky(self, name="cholesky"):
        """The lower-triangular operator ``L`` with ``L L^H = A`` (needs self-adjoint and positive-definite hints)."""
        if not self._can_use_cholesky():
            raise ValueError("Cannot take the Cholesky decomposition: Not a positive definite self adjoint matrix.")
        with self._name_scope(name):
            return self._linop_cholesky()

    def _linop_cholesky(self):
        return OPERATOR_CLASSES["LinearOperatorLowerTriangular"](
            linalg_decomp_ops.cholesky(self.to_dense()), is_non_singular=True, is_self_adjoint=False, is_square=True)

    # -- dense views ------------------------------------------------------------------------
    def _to_dense(self):
        n = dimension_value(self.domain_dimension)
        if n is None:
            n = self.domain_dimension_tensor()
        if self.batch_shape.is_fully_defined():
            eye = linalg_ops.eye(num_rows=n, batch_shape=self.batch_shape.as_list(), dtype=self.dtype)
        else:
            # tfcompat's eye takes static batch shapes only: broadcast a single identity instead.
            eye = array_manip_ops.broadcast_to(
                linalg_ops.eye(num_rows=n, dtype=self.dtype),
                array_ops.concat([self.batch_shape_tensor(), array_ops.stack([n, n])], 0))
        return self.matmul(eye)

    def to_dense(self, name="to_dense"):
        """The dense (batch) matrix this operator represents."""
        with self._name_scope(name):
            return self._to_dense()

    def _diag_part(self):
        return linalg_ops.matrix_diag_part(self.to_dense())

    def diag_part(self, name="diag_part"):
        """The [batch] main diagonal, shape ``[B1,...,Bb, min(M, N)]``."""
        with self._name_scope(name):
            return self._diag_part()

    def _trace(self):
        return reduction_ops.reduce_sum(self.diag_part(), axis=-1)

    def trace(self, name="trace"):
        """Sum of the diagonal."""
        with self._name_scope(name):
            return self._trace()

    def _add_to_tensor(self, x):
        return self.to_dense() + x

    def add_to_tensor(self, x, name="add_to_tensor"):
        """``A + x`` as a tensor."""
        with self._name_scope(name):
            x = convert_to_tensor(x, name="x")
            self._check_input_dtype(x)
            return self._add_to_tensor(x)

    def _eigvals(self):
        return linalg_decomp_ops.eigvalsh(self.to_dense())

    def eigvals(self, name="eigvals"):
        """Eigenvalues (only for operators hinted self-adjoint, as TF)."""
        if not self.is_self_adjoint:
            raise NotImplementedError("Only self-adjoint matrices are supported.")
        with self._name_scope(name):
            return self._eigvals()

    def _cond(self):
        if not self.is_self_adjoint:
            vals = linalg_more_ops.svd(self.to_dense(), compute_uv=False)
        else:
            vals = math_ops.abs(self._eigvals())
        return reduction_ops.reduce_max(vals, axis=-1) / reduction_ops.reduce_min(vals, axis=-1)

    def cond(self, name="cond"):
        """Condition number (ratio of the largest to the smallest singular value)."""
        with self._name_scope(name):
            return self._cond()

    def _can_use_cholesky(self):
        return self.is_self_adjoint and self.is_positive_definite

    def __getitem__(self, slices):
        """Batch slicing: ``operator[i]`` is the operator of batch member ``i`` (matrix dims are never sliced)."""
        return slicing.batch_slice(self, params_overrides={}, slices=slices)

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        # parameter name -> how many trailing dims of it form the matrix (TF's slicing contract); none by default.
        return ()


def _check_operator_dims(left, right, arg_name):
    r, d = dimension_value(right.range_dimension), dimension_value(left.domain_dimension)
    if r is not None and d is not None and r != d:
        raise ValueError(f"Operators are incompatible. Expected `{arg_name}` to have dimension {d} but got {r}.")


def _product_hints(left, right) -> dict:
    """Hints of the composition ``left @ right`` (or ``left^{-1} @ right``), as TF's generic products set them."""
    square = util.is_square(left, right)
    hints = {"is_non_singular": None, "is_self_adjoint": None, "is_positive_definite": None, "is_square": square}
    if square:
        hints["is_non_singular"] = util.combined_non_singular_hint(left, right)
    elif square is False:
        hints.update(is_non_singular=False, is_self_adjoint=False, is_positive_definite=False)
    return hints
