"""Opt-in pytest plugin: ``pytest -p tfcompat.testing.pytest_plugin`` (or ``pytest_plugins =
["tfcompat.testing.pytest_plugin"]`` in a conftest) gives tests a ``tf`` fixture parametrized over
["tensorflow", "tfcompat"]; the TensorFlow run is skipped when TensorFlow is not installed. Not registered as an
entry point: it loads only where asked for."""
from __future__ import annotations

from tfcompat._src.tools.pytest_fixtures import tf

__all__ = ["tf"]
