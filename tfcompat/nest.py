"""``tf.nest``: re-exports only."""
from tfcompat._src.framework.nest import (
    assert_same_structure, flatten, is_nested, map_structure, pack_sequence_as,
)

__all__ = ["assert_same_structure", "flatten", "is_nested", "map_structure", "pack_sequence_as"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.nest", __name__)
