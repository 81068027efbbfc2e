"""``tensorflow.examples`` of TF 1.x: only ``tutorials.mnist.input_data`` (the MNIST tutorial's loader), which
legacy scripts import as ``from tensorflow.examples.tutorials.mnist import input_data``. Re-exports only."""
from __future__ import annotations

from tfcompat.examples import tutorials

__all__ = ["tutorials"]
