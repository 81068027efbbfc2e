"""``tf.compat.v1.manip``: TF 1.x's tensor-manipulation namespace (re-exports only)."""
from tfcompat._src.ops.array_manip_ops import reverse
from tfcompat._src.ops.array_more_ops import roll
from tfcompat._src.ops.array_ops import gather_nd, reshape, tile
from tfcompat._src.ops.scatter_ops import scatter_nd
from tfcompat._src.ops.space_batch_ops import batch_to_space_nd, space_to_batch_nd

__all__ = ["batch_to_space_nd", "gather_nd", "reshape", "reverse", "roll", "scatter_nd", "space_to_batch_nd",
           "tile"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.manip", __name__)
