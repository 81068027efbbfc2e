"""``tf.compat.v1.app``: re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.flags import run
from tfcompat.compat.v1 import flags

__all__ = ["flags", "run"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.app", __name__)
