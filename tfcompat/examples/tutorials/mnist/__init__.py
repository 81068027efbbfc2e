"""``tensorflow.examples.tutorials.mnist`` of TF 1.x: ``input_data`` (TF's tutorial model module ``mnist`` is not
provided). Re-exports only."""
from __future__ import annotations

from tfcompat.examples.tutorials.mnist import input_data

__all__ = ["input_data"]
