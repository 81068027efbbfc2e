"""``tf.keras.callbacks`` (tf-keras 2.21): ``Callback``, ``CallbackList`` and the callbacks fit adds itself
(History, ProgbarLogger, BaseLogger) or that need no state (TerminateOnNaN).

The other callbacks: callbacks_monitor.py (EarlyStopping, ModelCheckpoint, LearningRateScheduler,
ReduceLROnPlateau), callbacks_logging.py (CSVLogger, LambdaCallback, RemoteMonitor, TensorBoard)."""
from __future__ import annotations

import logging

import numpy as np

from tfcompat._src.framework import nest
from tfcompat._src.keras.utils.generic_utils import Progbar, print_msg
from tfcompat._src.keras.utils.tf_utils import sync_to_numpy_or_python_type

__all__ = ["Callback", "CallbackList", "History", "ProgbarLogger", "BaseLogger", "TerminateOnNaN"]

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
