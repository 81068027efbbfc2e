"""``tf.graph_util`` (TF2): re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.graph_import import import_graph_def

__all__ = ["import_graph_def"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.graph_util", __name__)
