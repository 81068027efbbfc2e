"""``tf.contrib.metrics`` (TF 1.15): ``accuracy`` only (the streaming metrics are ``tf.compat.v1.metrics``).
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.metrics import accuracy

__all__ = ["accuracy"]
