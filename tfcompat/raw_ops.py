"""``tf.raw_ops``: ops called by their TF raw-op names (keyword arguments, as in TF). Re-exports only: the
namespace is generated from the op registry (``_src/ops/raw_ops_namespace.py``)."""
from __future__ import annotations

from tfcompat._src.ops.raw_ops_namespace import namespace_dir as __dir__  # noqa: F401
from tfcompat._src.ops.raw_ops_namespace import namespace_getattr as __getattr__  # noqa: F401

__all__: list[str] = []
