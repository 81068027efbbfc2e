"""``tf.keras.callbacks.BackupAndRestore`` (tf-keras 2.21): backs up the model, the optimizer and the epoch (and
batch) reached in a TF checkpoint under ``backup_dir/chief``; a later ``fit`` with the same directory restores
them and resumes at the epoch after the last one backed up (or mid-epoch for an integer ``save_freq``). The
backup is deleted when ``fit`` ends normally (``delete_checkpoint=True``)."""
from __future__ import annotations

import logging
import os

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime import gfile
from tfcompat._src.runtime.training.checkpoint import Checkpoint
from tfcompat._src.runtime.training.checkpoint_manager import CheckpointManager
from tfcompat._src.keras.callbacks import Callback

__all__ = ["BackupAndRestore", "BackupAndRestoreExperimental", "initial_counters"]

_log = logging.getLogger("tensorflow")

_UNUSED = -1   # tf-keras's CKPT_SAVED_EPOCH_UNUSED_VALUE / CKPT_SAVED_BATCH_UNUSED_VALUE


class _TrainingState:
    """tf-keras's ``WorkerTrainingState`` for one worker: the checkpoint and the saved epoch/batch counters."""

    def __init__(self, model, backup_dir, save_freq):
        self.save_freq = save_freq
        with ctx_lib.init_scope():
            self.saved_epoch = Variable(_UNUSED, dtype=dtypes.int64, name="ckpt_saved_epoch")
            self.saved_batch = Variable(_UNUSED, dtype=dtypes.int64, name="ckpt_saved_batch")
            self.train_counter = Variable(int(model._train_counter), dtype=dtypes.int64, name="train_counter")
        checkpoint = Checkpoint(model=model, ckpt_saved_epoch=self.saved_epoch, ckpt_saved_batch=self.saved_batch,
                                train_counter=self.train_counter)
        self.manager = CheckpointManager(checkpoint, directory=os.path.join(os.fspath(backup_dir), "chief"),
                                         max_to_keep=1)

    def restore(self, model):
        if self.manager.restore_or_initialize() is not None:
            model._train_counter = int(self.train_counter.numpy())

    def back_up(self, model):
        self.train_counter.assign(int(model._train_counter))
        self.manager.save()

    def delete_backup(self):
        if gfile.exists(self.manager.directory):
            gfile.rmtree(self.manager.directory)


class BackupAndRestore(Callback):
    """Mirrors ``tf.keras.callbacks.BackupAndRestore``.

    Args:
      backup_dir: where the backup checkpoint lives (``<backup_dir>/chief``).
      save_freq: ``"epoch"`` (back up after each epoch) or a number of batches.
      delete_checkpoint: delete the backup when training ends.
      save_before_preemption: accepted; there is no preemption handling outside multi-worker strategies.

    Raises:
      ValueError: created while not executing eagerly, or with neither ``save_freq`` nor
        ``save_before_preemption``."""

    def __init__(self, backup_dir, save_freq="epoch", delete_checkpoint=True, save_before_preemption=False):
        super().__init__()
        self.backup_dir = backup_dir
        self._supports_tf_logs = True
        self.save_freq = save_freq
        self.delete_checkpoint = delete_checkpoint
        self.save_before_preemption = save_before_preemption
        self._batches_count = 0
        self._current_epoch = 0
        if not ctx_lib.executing_eagerly():
            raise ValueError("BackupAndRestore only supports eager mode. In graph mode, consider using "
                             "ModelCheckpoint to manually save and restore weights with `model.load_weights()` and "
                             "by providing `initial_epoch` in `model.fit()` for fault tolerance.")
        if not save_freq and not save_before_preemption:
            raise ValueError("Either `save_freq` or `save_before_preemption` must be set.")
        self._chief_worker_only = False

    def on_train_begin(self, logs=None):
        self._training_state = _TrainingState(self.model, self.backup_dir, self.save_freq)
        self.model._training_state = self._training_state
        self._training_state.restore(self.model)

    def on_train_batch_begin(self, batch, logs=None):
        self._training_state.saved_batch.assign(batch)

    def on_train_batch_end(self, batch, logs=None):
        if self.save_freq and self.save_freq != "epoch":
            self._batches_count += 1
            if self._batches_count >= self.save_freq:
                self._batches_count = 0
                self._training_state.back_up(self.model)

    def _implements_train_batch_hooks(self) -> bool:
        return self.save_freq != "epoch"

    def on_train_end(self, logs=None):
        if self.delete_checkpoint:
            self._training_state.delete_backup()
        del self._training_state
        self.model._training_state = None

    def on_epoch_begin(self, epoch, logs=None):
        self._training_state.saved_epoch.assign(epoch)
        self._current_epoch = epoch

    def on_epoch_end(self, epoch, logs=None):
        if self.save_freq == "epoch":
            self._training_state.back_up(self.model)


class BackupAndRestoreExperimental(BackupAndRestore):
    """Mirrors ``tf.keras.callbacks.experimental.BackupAndRestore``: the deprecated endpoint (logs a warning)."""

    def __init__(self, *args, **kwargs):
        _log.warning("`tf.keras.callbacks.experimental.BackupAndRestore` endpoint is deprecated and will be removed "
                     "in a future release. Please use `tf.keras.callbacks.BackupAndRestore`.")
        super().__init__(*args, **kwargs)


def initial_counters(model, steps_per_epoch, initial_epoch) -> tuple:
    """tf-keras's ``Model._maybe_load_initial_counters_from_ckpt``: (epoch, step) ``fit`` starts at, taken from a
    restored BackupAndRestore state (the epoch after the saved one; with an integer ``save_freq`` the batch after
    the saved one), else ``(initial_epoch, 0)``."""
    state = getattr(model, "_training_state", None)
    if state is None:
        return initial_epoch, 0
    epoch = int(state.saved_epoch.numpy())
    batch = int(state.saved_batch.numpy())
    if isinstance(state.save_freq, int) and not isinstance(state.save_freq, bool):
        if batch >= 0:
            if batch == (steps_per_epoch or 0) - 1:
                return epoch + 1, 0
            return epoch, batch + 1
        return initial_epoch, 0
    if epoch >= 0:
        return epoch + 1, 0
    return initial_epoch, 0

