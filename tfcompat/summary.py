"""``tf.summary`` (TF2): re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.summary.ops_v2 import (
    SummaryWriter, create_file_writer, create_noop_writer, experimental, flush, histogram, image, record_if,
    scalar, should_record_summaries, text, write,
)
from tfcompat._src.runtime.summary.trace import trace_export, trace_off, trace_on

__all__ = [
    "SummaryWriter", "create_file_writer", "create_noop_writer", "experimental", "flush", "histogram", "image",
    "record_if", "scalar", "should_record_summaries", "text", "trace_export", "trace_off", "trace_on", "write",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.summary", __name__)
