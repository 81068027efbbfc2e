"""``tf.profiler.experimental``: re-exports only (no TF profiler behind it; see ``_src/tools/profiler.py``)."""
from __future__ import annotations

from tfcompat._src.tools.profiler import Profile, ProfilerOptions, Trace, start, stop

__all__ = ["Profile", "ProfilerOptions", "Trace", "start", "stop"]
