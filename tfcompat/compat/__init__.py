"""``tf.compat``: re-exports only."""
from tfcompat._src.runtime.compat_util import (
    as_bytes, as_str, as_str_any, as_text, bytes_or_text_types, complex_types, integral_types, path_to_str,
    real_types,
)
from tfcompat.compat import v1

__all__ = ["v1", "as_bytes", "as_str", "as_str_any", "as_text", "bytes_or_text_types", "complex_types",
           "integral_types", "path_to_str", "real_types"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat", __name__)
