"""``tf.keras.callbacks`` (tf-keras 2.21): ``CallbackList`` and the callbacks fit/evaluate/predict call.

TensorBoard writes scalar summaries per epoch (``epoch_loss`` ...) with ``tf.summary`` event files under
``log_dir/train`` and ``log_dir/validation``; graphs, histograms, images and profiling are not written."""
from __future__ import annotations

import collections
import csv
import logging
import os
import time

import numpy as np

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.keras import backend
from tfcompat._src.keras.utils.generic_utils import Progbar, print_msg
from tfcompat._src.keras.utils.tf_utils import sync_to_numpy_or_python_type

__all__ = ["Callback", "CallbackList", "History", "ProgbarLogger", "BaseLogger", "TerminateOnNaN",
           "EarlyStopping", "ModelCheckpoint", "LearningRateScheduler", "ReduceLROnPlateau", "CSVLogger",
           "LambdaCallback", "TensorBoard", "RemoteMonitor"]

_log = logging.getLogger("tensorflow")


def _sync(logs):
    return sync_to_numpy_or_python_type(logs)


class Callback:
    """Mirrors ``tf.keras.callbacks.Callback``: hooks called by fit/evaluate/predict."""

    def __init__(self):
        self.validation_data = None
        self.model = None
        self.params = None
        self._chief_worker_only = None
        self._supports_tf_logs = False

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_batch_begin(self, batch, logs=None):
        """A backwards compatibility alias for ``on_train_batch_begin``."""

    def on_batch_end(self, batch, logs=None):
        """A backwards compatibility alias for ``on_train_batch_end``."""

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        pass

    def on_test_batch_end(self, batch, logs=None):
        pass

    def on_predict_batch_begin(self, batch, logs=None):
        pass

    def on_predict_batch_end(self, batch, logs=None):
        pass

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_test_begin(self, logs=None):
        pass

    def on_test_end(self, logs=None):
        pass

    def on_predict_begin(self, logs=None):
        pass

    def on_predict_end(self, logs=None):
        pass

    def _implements_train_batch_hooks(self):
        return (not _is_default(self.on_batch_begin) or not _is_default(self.on_batch_end) or
                not _is_default(self.on_train_batch_begin) or not _is_default(self.on_train_batch_end))

    def _implements_test_batch_hooks(self):
        return not _is_default(self.on_test_batch_begin) or not _is_default(self.on_test_batch_end)

    def _implements_predict_batch_hooks(self):
        return not _is_default(self.on_predict_batch_begin) or not _is_default(self.on_predict_batch_end)


def _is_default(method) -> bool:
    func = getattr(method, "__func__", None)
    return func is not None and func is getattr(Callback, method.__name__, None)


class CallbackList:
    """Mirrors ``tf.keras.callbacks.CallbackList`` (adds History and ProgbarLogger when asked)."""

    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None, **params):
        # tf-keras flattens with tf.nest: one Callback (not in a list) is a list of one.
        self.callbacks = nest.flatten(callbacks) if callbacks else []
        self._history = None
        self._progbar = None
        for cb in self.callbacks:
            if isinstance(cb, ProgbarLogger):
                self._progbar = cb
            elif isinstance(cb, History):
                self._history = cb
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger(count_mode="steps")
            self.callbacks.append(self._progbar)
        self.model = None
        self.params = {}
        if model:
            self.set_model(model)
        if params:
            self.set_params(params)

    def append(self, callback):
        self.callbacks.append(callback)

    def set_params(self, params):
        self.params = params
        for cb in self.callbacks:
            cb.set_params(params)

    def set_steps(self, steps):
        if self.params.get("steps") is None and steps is not None:
            self.params["steps"] = steps

    def set_model(self, model):
        self.model = model
        if self._history:
            model.history = self._history
        for cb in self.callbacks:
            cb.set_model(model)

    def _process(self, logs, cb):
        if logs is None:
            return {}
        if getattr(cb, "_supports_tf_logs", False):
            return logs
        return _sync(logs)

    def _call(self, hook, *args, logs=None):
        for cb in self.callbacks:
            getattr(cb, hook)(*args, self._process(logs, cb))

    def _call_batch(self, mode, when, batch, logs):
        check = {"train": "_implements_train_batch_hooks", "test": "_implements_test_batch_hooks",
                 "predict": "_implements_predict_batch_hooks"}[mode]
        for cb in self.callbacks:
            if getattr(cb, check)():
                getattr(cb, f"on_{mode}_batch_{when}")(batch, self._process(logs, cb))

    def on_batch_begin(self, batch, logs=None):
        self._call_batch("train", "begin", batch, logs)

    def on_batch_end(self, batch, logs=None):
        self._call_batch("train", "end", batch, logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._call("on_epoch_begin", epoch, logs=logs)

    def on_epoch_end(self, epoch, logs=None):
        for cb in self.callbacks:
            cb.on_epoch_end(epoch, logs if logs is not None else {})

    def on_train_batch_begin(self, batch, logs=None):
        self._call_batch("train", "begin", batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        self._call_batch("train", "end", batch, logs)

    def on_test_batch_begin(self, batch, logs=None):
        self._call_batch("test", "begin", batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        self._call_batch("test", "end", batch, logs)

    def on_predict_batch_begin(self, batch, logs=None):
        self._call_batch("predict", "begin", batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._call_batch("predict", "end", batch, logs)

    def on_train_begin(self, logs=None):
        self._call("on_train_begin", logs=logs)

    def on_train_end(self, logs=None):
        self._call("on_train_end", logs=logs)

    def on_test_begin(self, logs=None):
        self._call("on_test_begin", logs=logs)

    def on_test_end(self, logs=None):
        self._call("on_test_end", logs=logs)

    def on_predict_begin(self, logs=None):
        self._call("on_predict_begin", logs=logs)

    def on_predict_end(self, logs=None):
        self._call("on_predict_end", logs=logs)

    def __iter__(self):
        return iter(self.callbacks)


class BaseLogger(Callback):
    """Mirrors ``tf.keras.callbacks.BaseLogger``: epoch averages of the batch metrics."""

    def __init__(self, stateful_metrics=None):
        super().__init__()
        self.stateful_metrics = set(stateful_metrics or [])

    def on_epoch_begin(self, epoch, logs=None):
        self.seen = 0
        self.totals = {}

    def on_batch_end(self, batch, logs=None):
        logs = logs or {}
        batch_size = logs.get("size", 0)
        num_steps = logs.get("num_steps", 1)
        self.seen += batch_size * num_steps
        for k, v in logs.items():
            if k in self.stateful_metrics:
                self.totals[k] = v
            elif k in self.totals:
                self.totals[k] += v * batch_size
            else:
                self.totals[k] = v * batch_size

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            for k in self.params["metrics"]:
                if k in self.totals:
                    logs[k] = self.totals[k] if k in self.stateful_metrics else self.totals[k] / self.seen


class TerminateOnNaN(Callback):
    """Mirrors ``tf.keras.callbacks.TerminateOnNaN``."""

    def __init__(self):
        super().__init__()
        self._supports_tf_logs = True

    def on_batch_end(self, batch, logs=None):
        logs = logs or {}
        loss = logs.get("loss")
        if loss is not None:
            loss = _sync(loss)
            if np.isnan(loss) or np.isinf(loss):
                print_msg(f"Batch {batch}: Invalid loss, terminating training")
                self.model.stop_training = True


class ProgbarLogger(Callback):
    """Mirrors ``tf.keras.callbacks.ProgbarLogger``: prints "Epoch i/n" and the progress bar."""

    def __init__(self, count_mode: str = "samples", stateful_metrics=None):
        super().__init__()
        self._supports_tf_logs = True
        if count_mode == "samples":
            self.use_steps = False
        elif count_mode == "steps":
            self.use_steps = True
        else:
            raise ValueError(f'Unknown `count_mode`: {count_mode}. Expected values are ["samples", "steps"]')
        self.stateful_metrics = set(stateful_metrics) if stateful_metrics else set()
        self.seen = 0
        self.progbar = None
        self.target = None
        self.verbose = 1
        self.epochs = 1
        self._call_batch_hooks = True
        self._called_in_fit = False

    def set_params(self, params):
        self.verbose = params["verbose"]
        self.epochs = params["epochs"]
        if self.use_steps and "steps" in params:
            self.target = params["steps"]
        elif not self.use_steps and "samples" in params:
            self.target = params["samples"]
        else:
            self.target = None
        self._call_batch_hooks = self.verbose == 1
        if self.target is None:
            self._call_batch_hooks = True

    def on_train_begin(self, logs=None):
        self._called_in_fit = True

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self._reset_progbar()
            self._maybe_init_progbar()

    def on_predict_begin(self, logs=None):
        self._reset_progbar()
        self._maybe_init_progbar()

    def on_epoch_begin(self, epoch, logs=None):
        self._reset_progbar()
        self._maybe_init_progbar()
        if self.verbose and self.epochs > 1:
            print_msg(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch, logs=None):
        self._batch_update_progbar(batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        if not self._called_in_fit:
            self._batch_update_progbar(batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._batch_update_progbar(batch, None)

    def on_epoch_end(self, epoch, logs=None):
        self._finalize_progbar(logs, self.model._train_counter if self.model is not None else None)

    def on_test_end(self, logs=None):
        if not self._called_in_fit:
            self._finalize_progbar(logs, self.model._test_counter if self.model is not None else None)

    def on_predict_end(self, logs=None):
        self._finalize_progbar(logs, self.model._predict_counter if self.model is not None else None)

    def _reset_progbar(self):
        self.seen = 0
        self.progbar = None

    def _maybe_init_progbar(self):
        self.stateful_metrics = set(self.stateful_metrics)
        if self.model:
            self.stateful_metrics = self.stateful_metrics.union({m.name for m in self.model.metrics})
        if self.progbar is None:
            self.progbar = Progbar(target=self.target, verbose=self.verbose, stateful_metrics=self.stateful_metrics,
                                   unit_name="step" if self.use_steps else "sample")
        self.progbar._update_stateful_metrics(self.stateful_metrics)

    def _implements_train_batch_hooks(self):
        return self._call_batch_hooks

    def _implements_test_batch_hooks(self):
        return self._call_batch_hooks

    def _implements_predict_batch_hooks(self):
        return self._call_batch_hooks

    def _batch_update_progbar(self, batch, logs=None):
        logs = logs or {}
        self._maybe_init_progbar()
        if self.use_steps:
            self.seen = batch + 1
        else:
            logs = dict(logs)
            batch_size = logs.pop("size", 0)
            num_steps = logs.pop("num_steps", 1)
            logs.pop("batch", None)
            self.seen += num_steps * batch_size
        if self.verbose == 1:
            logs = _sync(logs)
            self.progbar.update(self.seen, list(logs.items()), finalize=False)

    def _finalize_progbar(self, logs, counter):
        logs = _sync(logs or {})
        if self.target is None:
            if counter is not None and not self.use_steps:
                counter *= logs.get("size", 1)
            self.target = counter or self.seen
            self.progbar.target = self.target
        self.progbar.update(self.target, list(logs.items()), finalize=True)


class History(Callback):
    """Mirrors ``tf.keras.callbacks.History``: ``history.history[name]`` per epoch; ``epoch``, ``params``."""

    def __init__(self):
        super().__init__()
        self.history = {}

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        self.epoch.append(epoch)
        for k, v in logs.items():
            self.history.setdefault(k, []).append(v)
        self.model.history = self


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


class CSVLogger(Callback):
    """Mirrors ``tf.keras.callbacks.CSVLogger``."""

    def __init__(self, filename, separator=",", append=False):
        self.sep = separator
        self.filename = os.fspath(filename)
        self.append = append
        self.writer = None
        self.keys = None
        self.append_header = True
        super().__init__()

    def on_train_begin(self, logs=None):
        if self.append:
            if os.path.exists(self.filename):
                with open(self.filename) as f:
                    self.append_header = not bool(len(f.readline()))
            mode = "a"
        else:
            mode = "w"
        self.csv_file = open(self.filename, mode, newline="")

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}

        def handle_value(k):
            zero_dim = isinstance(k, np.ndarray) and k.ndim == 0
            if isinstance(k, str):
                return k
            if isinstance(k, collections.abc.Iterable) and not zero_dim:
                return f"\"[{', '.join(map(str, k))}]\""
            return k
        if self.keys is None:
            self.keys = sorted(logs.keys())
            if not any(key.startswith("val_") for key in self.keys):
                self.keys.extend(["val_" + k for k in self.keys])
        if not self.writer:
            sep = self.sep

            class CustomDialect(csv.excel):
                delimiter = sep
            self.writer = csv.DictWriter(self.csv_file, fieldnames=["epoch"] + self.keys, dialect=CustomDialect)
            if self.append_header:
                self.writer.writeheader()
        row = collections.OrderedDict({"epoch": epoch})
        row.update((key, handle_value(logs.get(key, "NA"))) for key in self.keys)
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs=None):
        self.csv_file.close()
        self.writer = None


class LambdaCallback(Callback):
    """Mirrors ``tf.keras.callbacks.LambdaCallback``."""

    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_batch_begin=None, on_batch_end=None,
                 on_train_begin=None, on_train_end=None, **kwargs):
        super().__init__()
        self.__dict__.update(kwargs)
        self.on_epoch_begin = on_epoch_begin if on_epoch_begin is not None else (lambda epoch, logs: None)
        self.on_epoch_end = on_epoch_end if on_epoch_end is not None else (lambda epoch, logs: None)
        self.on_batch_begin = on_batch_begin if on_batch_begin is not None else (lambda batch, logs: None)
        self.on_batch_end = on_batch_end if on_batch_end is not None else (lambda batch, logs: None)
        self.on_train_begin = on_train_begin if on_train_begin is not None else (lambda logs: None)
        self.on_train_end = on_train_end if on_train_end is not None else (lambda logs: None)
        self._batch_hooks = on_batch_begin is not None or on_batch_end is not None or \
            "on_train_batch_begin" in kwargs or "on_train_batch_end" in kwargs

    def _implements_train_batch_hooks(self):
        return self._batch_hooks


class RemoteMonitor(Callback):
    """``tf.keras.callbacks.RemoteMonitor`` needs network access: creating one raises NotImplementedError."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("tfcompat does not implement tf.keras.callbacks.RemoteMonitor.")


class TensorBoard(Callback):
    """Mirrors ``tf.keras.callbacks.TensorBoard`` for scalars: per-epoch ``epoch_<metric>`` summaries in
    ``log_dir/train`` and ``log_dir/validation`` (and ``batch_<metric>`` with ``update_freq`` in batches).

    Differences: graphs, weight histograms, images, embeddings and profiling are not written."""

    def __init__(self, log_dir="logs", histogram_freq=0, write_graph=True, write_images=False, write_steps_per_second=False,
                 update_freq="epoch", profile_batch=0, embeddings_freq=0, embeddings_metadata=None, **kwargs):
        super().__init__()
        self.log_dir = os.fspath(log_dir)
        self.histogram_freq = histogram_freq
        self.write_graph = write_graph
        self.write_images = write_images
        self.write_steps_per_second = write_steps_per_second
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self._writers = {}
        self._global_train_batch = 0
        self._epoch_start = None

    def _writer(self, name):
        writer = self._writers.get(name)
        if writer is None:
            from tfcompat._src.runtime.summary import ops_v2
            writer = ops_v2.create_file_writer(os.path.join(self.log_dir, name))
            self._writers[name] = writer
        return writer

    def _write(self, name, logs, prefix, step):
        from tfcompat._src.runtime.summary import ops_v2
        with self._writer(name).as_default():
            for key, value in logs.items():
                ops_v2.scalar(prefix + key, value, step=step)

    def on_train_begin(self, logs=None):
        self._global_train_batch = 0

    def on_epoch_begin(self, epoch, logs=None):
        self._epoch_start = time.time()

    def _implements_train_batch_hooks(self):
        return isinstance(self.update_freq, int)

    def on_train_batch_end(self, batch, logs=None):
        self._global_train_batch += 1
        if isinstance(self.update_freq, int) and self._global_train_batch % self.update_freq == 0:
            self._write("train", _sync(logs or {}), "batch_", self._global_train_batch)

    def on_epoch_end(self, epoch, logs=None):
        logs = _sync(logs or {})
        train = {k: v for k, v in logs.items() if not k.startswith("val_")}
        val = {k[4:]: v for k, v in logs.items() if k.startswith("val_")}
        if self.write_steps_per_second and self._epoch_start is not None:
            train["steps_per_second"] = self._global_train_batch / max(time.time() - self._epoch_start, 1e-9)
        self._write("train", train, "epoch_", epoch)
        if val:
            self._write("validation", {k: v for k, v in val.items()}, "epoch_", epoch)

    def on_train_end(self, logs=None):
        for writer in self._writers.values():
            writer.flush()
            writer.close()
        self._writers = {}
