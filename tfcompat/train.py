"""``tf.train``: re-exports only (filled in as the API grows)."""
from __future__ import annotations

__all__: list[str] = []
