"""``tf.profiler``: re-exports only."""
from __future__ import annotations

from tfcompat.profiler import experimental

__all__ = ["experimental"]
