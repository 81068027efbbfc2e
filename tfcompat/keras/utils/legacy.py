"""``tf.keras.utils.legacy``: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.object_config import (legacy_deserialize_keras_object as deserialize_keras_object,
                                               legacy_serialize_keras_object as serialize_keras_object)

__all__ = ["deserialize_keras_object", "serialize_keras_object"]
