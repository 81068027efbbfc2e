"""``tfcompat.export``: write a TF graph (TF1 fetches/feeds, or a ``tf.function``) as a plain PyTorch module.

Not part of TensorFlow's API; see migration_guide/export.md."""
from tfcompat._src.tools.export.api import ExportResult, to_torch
from tfcompat._src.tools.export.lowering import EMITTERS, UnsupportedOpError

__all__ = ["EMITTERS", "ExportResult", "UnsupportedOpError", "to_torch"]
