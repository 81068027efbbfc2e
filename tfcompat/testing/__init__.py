"""tfcompat's testing helpers (no TensorFlow counterpart): compare code under real TensorFlow and tfcompat.

- ``assert_same_as_tf(fn, *args, grads=True, rtol=, atol=)``: ``fn(tf, *args)`` under both, outputs and gradients;
- ``compare_script(path, ...)``: a whole script under both (``python -m tfcompat compare``), aligned or traced;
- ``pytest -p tfcompat.testing.pytest_plugin``: a ``tf`` fixture running each test under both.
"""
from __future__ import annotations

from tfcompat._src.tools.compare import CompareResult, Divergence, compare_script
from tfcompat._src.tools.testing import assert_same_as_tf, import_tensorflow

__all__ = ["assert_same_as_tf", "compare_script", "CompareResult", "Divergence", "import_tensorflow"]
