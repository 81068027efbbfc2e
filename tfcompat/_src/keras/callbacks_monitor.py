"""``tf.keras.callbacks`` that act on a monitored quantity or the epoch count (tf-keras 2.21): EarlyStopping,
ModelCheckpoint, LearningRateScheduler, ReduceLROnPlateau. (Split from callbacks.py, which holds the base class
and the callbacks fit adds itself.)"""
from __future__ import annotations

import logging
import os

import numpy as np

from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.keras import backend
from tfcompat._src.keras.utils.generic_utils import print_msg
from tfcompat._src.keras.callbacks import Callback
from tfcompat._src.keras.utils.tf_utils import sync_to_numpy_or_python_type as _sync

__all__ = ["EarlyStopping", "ModelCheckpoint", "LearningRateScheduler", "ReduceLROnPlateau"]

_log = logging.getLogger("tensorflow")


def _monitor_op(mode, monitor, kind):
    if mode not in ("auto", "min", "max"):
        _log.warning("%s mode %s is unknown, fallback to auto mode.", kind, mode)
        mode = "auto"
    if mode == "min":
        return np.less
    if mode == "max":
        return np.greater
    if kind == "EarlyStopping":
        return np.greater if monitor.endswith(("acc", "accuracy", "auc")) else np.less
    return np.greater if ("acc" in monitor or monitor.startswith("fmeasure")) else np.less


class EarlyStopping(Callback):
    """Mirrors ``tf.keras.callbacks.EarlyStopping``."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto", baseline=None,
                 restore_best_weights=False, start_from_epoch=0):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self.wait = 0
        self.stopped_epoch = 0
        self.restore_best_weights = restore_best_weights
        self.best_weights = None
        self.start_from_epoch = start_from_epoch
        self.monitor_op = _monitor_op(mode, monitor, "EarlyStopping")
        self.min_delta *= 1 if self.monitor_op == np.greater else -1

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = np.inf if self.monitor_op == np.less else -np.inf
        self.best_weights = None
        self.best_epoch = 0

    def on_epoch_end(self, epoch, logs=None):
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights = self.model.get_weights()
            self.best_epoch = epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            print_msg(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                print_msg(f"Restoring model weights from the end of the best epoch: {self.best_epoch + 1}.")
            self.model.set_weights(self.best_weights)

    def get_monitor_value(self, logs):
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            _log.warning("Early stopping conditioned on metric `%s` which is not available. Available metrics "
                         "are: %s", self.monitor, ",".join(list(logs.keys())))
        return value

    def _is_improvement(self, monitor_value, reference_value):
        return self.monitor_op(monitor_value - self.min_delta, reference_value)


class ModelCheckpoint(Callback):
    """Mirrors ``tf.keras.callbacks.ModelCheckpoint`` (files through ``Model.save``/``save_weights``)."""

    def __init__(self, filepath, monitor: str = "val_loss", verbose: int = 0, save_best_only: bool = False,
                 save_weights_only: bool = False, mode: str = "auto", save_freq="epoch", options=None,
                 initial_value_threshold=None, **kwargs):
        super().__init__()
        self._supports_tf_logs = True
        self.monitor = monitor
        self.verbose = verbose
        self.filepath = os.fspath(filepath)
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self.epochs_since_last_save = 0
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen = -1
        self.best = initial_value_threshold
        self.load_weights_on_restart = kwargs.get("load_weights_on_restart", False)
        self.period = kwargs.get("period", 1)
        self.monitor_op = _monitor_op(mode, monitor, "ModelCheckpoint")
        if self.best is None:
            self.best = np.inf if self.monitor_op == np.less else -np.inf
        if self.save_freq != "epoch" and not isinstance(self.save_freq, int):
            raise ValueError(f'Unrecognized save_freq: {self.save_freq}. Expected save_freq are "epoch" or integer')
        self._current_epoch = 0

    def _implements_train_batch_hooks(self):
        return self.save_freq != "epoch"

    def on_train_batch_end(self, batch, logs=None):
        if self._should_save_on_batch(batch):
            self._save_model(epoch=self._current_epoch, batch=batch, logs=logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_epoch_end(self, epoch, logs=None):
        self.epochs_since_last_save += 1
        if self.save_freq == "epoch":
            self._save_model(epoch=epoch, batch=None, logs=logs)

    def _should_save_on_batch(self, batch):
        if self.save_freq == "epoch":
            return False
        add = batch + 1 if batch <= self._last_batch_seen else batch - self._last_batch_seen
        self._batches_seen_since_last_saving += add
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def _save_model(self, epoch, batch, logs):
        logs = logs or {}
        if not (isinstance(self.save_freq, int) or self.epochs_since_last_save >= self.period):
            return
        logs = _sync(logs)
        self.epochs_since_last_save = 0
        filepath = self._get_file_path(epoch, batch, logs)
        dirname = os.path.dirname(filepath)
        if dirname and not os.path.exists(dirname):
            os.makedirs(dirname, exist_ok=True)
        if os.path.isdir(filepath) and filepath.endswith(".h5"):
            raise IOError(f"Please specify a non-directory filepath for ModelCheckpoint. Filepath used is an "
                          f"existing directory: {filepath}")
        if self.save_best_only:
            current = logs.get(self.monitor)
            if current is None:
                _log.warning("Can save best model only with %s available, skipping.", self.monitor)
            elif self.monitor_op(current, self.best):
                if self.verbose > 0:
                    print_msg(f"\nEpoch {epoch + 1}: {self.monitor} improved from {self.best:.5f} to {current:.5f}, "
                              f"saving model to {filepath}")
                self.best = current
                self._save_handler(filepath)
            elif self.verbose > 0:
                print_msg(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from {self.best:.5f}")
        else:
            if self.verbose > 0:
                print_msg(f"\nEpoch {epoch + 1}: saving model to {filepath}")
            self._save_handler(filepath)

    def _save_handler(self, filepath):
        if self.save_weights_only:
            self.model.save_weights(filepath, overwrite=True)
        else:
            self.model.save(filepath, overwrite=True)

    def _get_file_path(self, epoch, batch, logs):
        try:
            if batch is None or "batch" in logs:
                return self.filepath.format(epoch=epoch + 1, **logs)
            return self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        except KeyError as e:
            raise KeyError(f'Failed to format this callback filepath: "{self.filepath}". Reason: {e}') from e


class LearningRateScheduler(Callback):
    """Mirrors ``tf.keras.callbacks.LearningRateScheduler``."""

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = self.model.optimizer
        if not hasattr(optimizer, "lr"):
            raise ValueError('Optimizer must have a "lr" attribute.')
        try:
            lr = float(backend.get_value(optimizer.lr))
            lr = self.schedule(epoch, lr)
        except TypeError:
            lr = self.schedule(epoch)
        if not isinstance(lr, (Tensor, float, np.float32, np.float64)):
            raise ValueError(f'The output of the "schedule" function should be float. Got: {lr}')
        if isinstance(lr, Tensor) and not lr.dtype.is_floating:
            raise ValueError(f"The dtype of `lr` Tensor should be float. Got: {lr.dtype}")
        backend.set_value(optimizer.lr, backend.get_value(lr) if isinstance(lr, Tensor) else lr)
        if self.verbose > 0:
            print_msg(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to {lr}.")

    def on_epoch_end(self, epoch, logs=None):
        logs = logs if logs is not None else {}
        logs["lr"] = backend.get_value(self.model.optimizer.lr)


class ReduceLROnPlateau(Callback):
    """Mirrors ``tf.keras.callbacks.ReduceLROnPlateau``."""

    def __init__(self, monitor="val_loss", factor=0.1, patience=10, verbose=0, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0, **kwargs):
        super().__init__()
        self.monitor = monitor
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau does not support a factor >= 1.0. Got {factor}")
        if "epsilon" in kwargs:
            min_delta = kwargs.pop("epsilon")
            _log.warning("`epsilon` argument is deprecated and will be removed, use `min_delta` instead.")
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = min_delta
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0
        self.best = 0
        self.mode = mode
        self.monitor_op = None
        self._reset()

    def _reset(self):
        if self.mode not in ("auto", "min", "max"):
            _log.warning("Learning rate reduction mode %s is unknown, fallback to auto mode.", self.mode)
            self.mode = "auto"
        if self.mode == "min" or (self.mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def on_epoch_end(self, epoch, logs=None):
        logs = logs if logs is not None else {}
        logs["lr"] = backend.get_value(self.model.optimizer.lr)
        current = logs.get(self.monitor)
        if current is None:
            _log.warning("Learning rate reduction is conditioned on metric `%s` which is not available. Available "
                         "metrics are: %s", self.monitor, ",".join(list(logs.keys())))
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = backend.get_value(self.model.optimizer.lr)
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    backend.set_value(self.model.optimizer.lr, new_lr)
                    if self.verbose > 0:
                        print_msg(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate to {new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0

    def in_cooldown(self):
        return self.cooldown_counter > 0

