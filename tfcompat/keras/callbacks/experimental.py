"""``tf.keras.callbacks.experimental`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.backup_and_restore import BackupAndRestoreExperimental as BackupAndRestore

__all__ = ["BackupAndRestore"]
