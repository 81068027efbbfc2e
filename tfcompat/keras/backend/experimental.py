"""``tf.keras.backend.experimental`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.random_generator import (
    disable_tf_random_generator, enable_tf_random_generator, is_tf_random_generator_enabled,
)

__all__ = ["disable_tf_random_generator", "enable_tf_random_generator", "is_tf_random_generator_enabled"]
