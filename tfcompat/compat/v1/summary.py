"""``tf.compat.v1.summary``: re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.summary.ops_v1 import (
    histogram, image, merge, merge_all, scalar, tensor_summary, text,
)
from tfcompat._src.protos.summary import Event, SessionLog, Summary, SummaryDescription, TaggedRunMetadata
from tfcompat._src.runtime.summary.writer_v1 import FileWriter, FileWriterCache

__all__ = [
    "Event", "FileWriter", "FileWriterCache", "SessionLog", "Summary", "SummaryDescription", "TaggedRunMetadata",
    "histogram", "image",
    "merge", "merge_all", "scalar", "tensor_summary", "text",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.summary", __name__)
