"""tf.keras.callbacks.BackupAndRestore (tfcompat._src.keras.backup_and_restore) against tf-keras 2.21: an
interrupted fit resumes at the right epoch (or batch, with an integer save_freq) from the backup directory,
with the backed-up weights and optimizer state; the backup is deleted when fit ends; argument errors."""
from __future__ import annotations

import numpy as np

_X = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]], np.float32)
_Y = np.array([[1.0], [2.0], [0.0], [1.0]], np.float32)


def _model(tf):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones", input_shape=(2,))])
    model.compile(tf.keras.optimizers.SGD(0.01, momentum=0.9), "mse")
    return model


def _interrupt_at(tf, epoch, batch=None):
    class Interrupt(tf.keras.callbacks.Callback):
        def on_epoch_begin(self, e, logs=None):
            if batch is None and e == epoch:
                raise RuntimeError(f"interrupted at epoch {e}")

        def on_train_batch_begin(self, b, logs=None):
            if batch is not None and self._epoch == epoch and b == batch:
                raise RuntimeError(f"interrupted at epoch {epoch} batch {b}")

        def on_epoch_end(self, e, logs=None):
            self._epoch = e + 1

        def on_train_begin(self, logs=None):
            self._epoch = 0
    return Interrupt()


def _data(tf, dataset):
    if dataset:
        return (tf.data.Dataset.from_tensor_slices((_X, _Y)).batch(2),)
    return _X, _Y, 2


def _resume(tf, save_freq, interrupt, dataset=False):
    import os
    import tempfile
    tf.keras.backend.clear_session()
    backup = tempfile.mkdtemp()
    model = _model(tf)
    try:
        model.fit(*_data(tf, dataset), epochs=4, verbose=0, shuffle=False,
                  callbacks=[tf.keras.callbacks.BackupAndRestore(backup, save_freq=save_freq), interrupt])
        message = None
    except RuntimeError as e:
        message = str(e)
    files = sorted(os.listdir(os.path.join(backup, "chief")))
    resumed = _model(tf)
    seen = []
    log = tf.keras.callbacks.LambdaCallback(on_train_batch_begin=lambda b, logs: seen.append(b),
                                            on_epoch_begin=lambda e, logs: seen.append(f"epoch {e}"))
    history = resumed.fit(*_data(tf, dataset), epochs=4, verbose=0, shuffle=False,
                          callbacks=[tf.keras.callbacks.BackupAndRestore(backup, save_freq=save_freq), log])
    return (message, files, seen, history.epoch, history.history["loss"], resumed.get_weights(),
            os.path.exists(os.path.join(backup, "chief")))


def test_resumes_at_the_epoch_after_the_backup(oracle):
    oracle.check(lambda tf: _resume(tf, "epoch", _interrupt_at(tf, 2)))


def test_resumes_mid_epoch_with_integer_save_freq(oracle):
    """A tf.data input: TF recreates its iterator each epoch as tfcompat does (with numpy arrays TF's one iterator
    runs on, so the batches after a partial epoch shift; known deviation 'keras-resume-numpy-batches')."""
    oracle.check(lambda tf: _resume(tf, 1, _interrupt_at(tf, 1, batch=1), dataset=True))


def test_argument_errors(oracle):
    def prog(tf):
        return tf.keras.callbacks.BackupAndRestore("/tmp/unused", save_freq=None)
    oracle.check(prog, match_message="Either `save_freq` or `save_before_preemption` must be set")
