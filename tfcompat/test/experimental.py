"""``tf.test.experimental``: re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.test_util import sync_devices

__all__ = ["sync_devices"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.test.experimental", __name__)
