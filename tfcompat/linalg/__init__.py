"""``tf.linalg``: re-exports only."""
from tfcompat._src.ops.array_ops import matrix_transpose
from tfcompat._src.ops.math_ops import matmul

__all__ = ["matmul", "matrix_transpose"]

# more ops: norm, diag, trace, eye, einsum
from tfcompat._src.ops.clip_ops import global_norm  # noqa: E402
from tfcompat._src.ops.linalg_ops import (  # noqa: E402
    einsum, eye, matrix_diag as diag, matrix_diag_part as diag_part, norm_v2 as norm, tensor_diag,
    tensor_diag_part, trace,
)

__all__ += ["diag", "diag_part", "einsum", "eye", "global_norm", "norm", "tensor_diag", "tensor_diag_part",
            "trace"]

# decompositions, solves, matrix functions (BREADTH-NUMERIC)
from tfcompat._src.ops.linalg_decomp_ops import (  # noqa: E402
    banded_triangular_solve, cholesky, det, eig, eigh, eigvals, eigvalsh, expm, inv, logm, lstsq, lu, qr, slogdet,
    solve, sqrtm, triangular_solve, tridiagonal_matmul, tridiagonal_solve,
)
from tfcompat._src.ops.linalg_more_ops import (  # noqa: E402
    adjoint, band_part, cholesky_solve, cross, eigh_tridiagonal, logdet, lu_matrix_inverse, lu_reconstruct, lu_solve,
    matrix_rank, matvec, normalize, pinv, set_diag, svd, tensordot,
)
from tfcompat._src.ops.nn_ops import l2_normalize  # noqa: E402
from tfcompat.linalg import experimental  # noqa: E402

__all__ += ["adjoint", "band_part", "banded_triangular_solve", "cholesky", "cholesky_solve", "cross", "det", "eig",
            "eigh", "eigh_tridiagonal", "eigvals", "eigvalsh", "experimental", "expm", "inv", "l2_normalize",
            "logdet", "logm", "lstsq", "lu", "lu_matrix_inverse", "lu_reconstruct", "lu_solve", "matrix_rank",
            "matvec", "normalize", "pinv", "qr", "set_diag", "slogdet", "solve", "sqrtm", "svd", "tensordot",
            "triangular_solve", "tridiagonal_matmul", "tridiagonal_solve"]

# matrix-free linear operators (LINOP)
from tfcompat._src.ops.linear_operator import (  # noqa: E402
    LinearOperator, LinearOperatorAdjoint, LinearOperatorBlockDiag, LinearOperatorBlockLowerTriangular,
    LinearOperatorCirculant, LinearOperatorCirculant2D, LinearOperatorCirculant3D, LinearOperatorComposition,
    LinearOperatorDiag, LinearOperatorFullMatrix, LinearOperatorHouseholder, LinearOperatorIdentity,
    LinearOperatorInversion, LinearOperatorKronecker, LinearOperatorLowerTriangular, LinearOperatorLowRankUpdate,
    LinearOperatorPermutation, LinearOperatorScaledIdentity, LinearOperatorToeplitz, LinearOperatorTridiag,
    LinearOperatorZeros,
)

__all__ += ["LinearOperator", "LinearOperatorAdjoint", "LinearOperatorBlockDiag", "LinearOperatorBlockLowerTriangular",
            "LinearOperatorCirculant", "LinearOperatorCirculant2D", "LinearOperatorCirculant3D",
            "LinearOperatorComposition", "LinearOperatorDiag", "LinearOperatorFullMatrix",
            "LinearOperatorHouseholder", "LinearOperatorIdentity", "LinearOperatorInversion",
            "LinearOperatorKronecker", "LinearOperatorLowRankUpdate", "LinearOperatorLowerTriangular",
            "LinearOperatorPermutation", "LinearOperatorScaledIdentity", "LinearOperatorToeplitz",
            "LinearOperatorTridiag", "LinearOperatorZeros"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.linalg")
