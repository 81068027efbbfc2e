"""``tf.keras.callbacks`` that write training progress out (tf-keras 2.21): CSVLogger, RemoteMonitor,
TensorBoard; and LambdaCallback. (Split from callbacks.py, which holds the base class and the callbacks fit adds
itself.)

TensorBoard writes scalar summaries per epoch (``epoch_loss`` ...) with ``tf.summary`` event files under
``log_dir/train`` and ``log_dir/validation``; graphs, histograms, images and profiling are not written."""
from __future__ import annotations

import collections
import csv
import os
import time

import numpy as np

from tfcompat._src.keras.callbacks import Callback
from tfcompat._src.keras.utils.tf_utils import sync_to_numpy_or_python_type as _sync

__all__ = ["CSVLogger", "LambdaCallback", "RemoteMonitor", "TensorBoard"]


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

    def __init__(self, log_dir="logs", histogram_freq=0, write_graph=True, write_images=False,
                 write_steps_per_second=False, update_freq="epoch", profile_batch=0, embeddings_freq=0, embeddings_metadata=None, **kwargs):
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
