"""``tf.compat.v1.python_io``: re-exports only."""
from __future__ import annotations

from tfcompat._src.ops.io_ops import TFRecordCompressionType, TFRecordOptions, TFRecordWriter, tf_record_iterator

__all__ = ["TFRecordCompressionType", "TFRecordOptions", "TFRecordWriter", "tf_record_iterator"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.python_io", __name__)
