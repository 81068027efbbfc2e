"""``tf.keras.callbacks`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.backup_and_restore import BackupAndRestore
from tfcompat._src.keras.callbacks import BaseLogger, Callback, CallbackList, History, ProgbarLogger, TerminateOnNaN
from tfcompat._src.keras.callbacks_logging import CSVLogger, LambdaCallback, RemoteMonitor, TensorBoard
from tfcompat._src.keras.callbacks_monitor import (EarlyStopping, LearningRateScheduler, ModelCheckpoint,
                                                  ReduceLROnPlateau)

from tfcompat.keras.callbacks import experimental  # noqa: E402 - the subpackage, after the names it re-exports

__all__ = ["BackupAndRestore", "BaseLogger", "CSVLogger", "Callback", "CallbackList", "EarlyStopping", "History",
           "LambdaCallback", "LearningRateScheduler", "ModelCheckpoint", "ProgbarLogger", "ReduceLROnPlateau",
           "RemoteMonitor", "TensorBoard", "TerminateOnNaN", "experimental"]
