"""TF-vs-tfcompat comparison of whole scripts: plain, aligned (TF's initial values and random draws replayed in
tfcompat's run) and traced (the first op whose output differs). ``python -m tfcompat compare`` and
``tfcompat.testing.compare_script``."""
from __future__ import annotations

from tfcompat._src.tools.compare.api import CompareResult, compare_script
from tfcompat._src.tools.compare.divergence import Divergence, first_divergence, format_divergence, tolerances

__all__ = ["CompareResult", "compare_script", "Divergence", "first_divergence", "format_divergence", "tolerances"]
