"""``tensorflow.examples.tutorials`` of TF 1.x: ``mnist.input_data``. Re-exports only."""
from __future__ import annotations

from tfcompat.examples.tutorials import mnist

__all__ = ["mnist"]
