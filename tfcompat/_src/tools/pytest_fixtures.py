"""The fixtures of the opt-in pytest plugin ``tfcompat.testing.pytest_plugin`` (``pytest -p
tfcompat.testing.pytest_plugin``): a ``tf`` fixture that runs a test once with real TensorFlow and once with
tfcompat."""
from __future__ import annotations

import importlib.util

import pytest

from tfcompat._src.tools.testing import import_tensorflow, import_tfcompat

__all__ = ["tf"]


@pytest.fixture(params=["tensorflow", "tfcompat"])
def tf(request):
    """The ``tf`` module a test uses: real TensorFlow (imported with the reference settings; skipped when it is
    not installed), then tfcompat."""
    if request.param == "tensorflow":
        if importlib.util.find_spec("tensorflow") is None:
            pytest.skip("TensorFlow is not installed")
        return import_tensorflow()
    return import_tfcompat()
