"""``tf.linalg.LinearOperator*``: matrix-free [batch] linear operators, one module per operator family, composed
of tfcompat ops (gradients flow through torch autograd). The public names are re-exported by ``tfcompat.linalg``."""
from __future__ import annotations

from tfcompat._src.ops.linear_operator.adjoint import LinearOperatorAdjoint
from tfcompat._src.ops.linear_operator.base import LinearOperator
from tfcompat._src.ops.linear_operator.block_diag import LinearOperatorBlockDiag
from tfcompat._src.ops.linear_operator.block_lower_triangular import LinearOperatorBlockLowerTriangular
from tfcompat._src.ops.linear_operator.circulant import (
    LinearOperatorCirculant, LinearOperatorCirculant2D, LinearOperatorCirculant3D,
)
from tfcompat._src.ops.linear_operator.composition import LinearOperatorComposition
from tfcompat._src.ops.linear_operator.diag import LinearOperatorDiag
from tfcompat._src.ops.linear_operator.full_matrix import LinearOperatorFullMatrix
from tfcompat._src.ops.linear_operator.householder import LinearOperatorHouseholder
from tfcompat._src.ops.linear_operator.identity import LinearOperatorIdentity, LinearOperatorScaledIdentity
from tfcompat._src.ops.linear_operator.inversion import LinearOperatorInversion
from tfcompat._src.ops.linear_operator.kronecker import LinearOperatorKronecker
from tfcompat._src.ops.linear_operator.low_rank_update import LinearOperatorLowRankUpdate
from tfcompat._src.ops.linear_operator.lower_triangular import LinearOperatorLowerTriangular
from tfcompat._src.ops.linear_operator.permutation import LinearOperatorPermutation
from tfcompat._src.ops.linear_operator.toeplitz import LinearOperatorToeplitz
from tfcompat._src.ops.linear_operator.tridiag import LinearOperatorTridiag
from tfcompat._src.ops.linear_operator.zeros import LinearOperatorZeros
from tfcompat._src.ops.linear_operator import linalg_dispatch  # noqa: F401 - registers tf.linalg.* on operators

__all__ = ["LinearOperator", "LinearOperatorAdjoint", "LinearOperatorBlockDiag", "LinearOperatorBlockLowerTriangular",
           "LinearOperatorCirculant", "LinearOperatorCirculant2D", "LinearOperatorCirculant3D",
           "LinearOperatorComposition", "LinearOperatorDiag", "LinearOperatorFullMatrix", "LinearOperatorHouseholder",
           "LinearOperatorIdentity", "LinearOperatorInversion", "LinearOperatorKronecker",
           "LinearOperatorLowRankUpdate", "LinearOperatorLowerTriangular", "LinearOperatorPermutation",
           "LinearOperatorScaledIdentity", "LinearOperatorToeplitz", "LinearOperatorTridiag", "LinearOperatorZeros"]
