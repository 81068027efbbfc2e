"""``tf.linalg``: re-exports only."""
from tfcompat._src.ops.array_ops import matrix_transpose
from tfcompat._src.ops.math_ops import matmul

__all__ = ["matmul", "matrix_transpose"]
