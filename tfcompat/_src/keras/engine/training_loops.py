"""The loops behind ``Model.fit``/``evaluate``/``predict``/``*_on_batch`` (tf-keras 2.21's order of callbacks,
metric resets, validation and logs).

A step function takes an iterator, draws the next batch in Python and runs the model's step on it -- in a
``tf.function`` (traced on the batches' spec with the batch dimension unknown, as tf-keras traces on a dataset's
element spec) unless the model runs eagerly. In a TF1 graph the steps are built once as graph ops and run in
Keras' session (``training_v1``)."""
from __future__ import annotations

import copy

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.keras import backup_and_restore
from tfcompat._src.keras import callbacks as callbacks_lib
from tfcompat._src.keras.engine import data_adapter
from tfcompat._src.keras.utils.tf_utils import sync_to_numpy_or_python_type
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.runtime import type_spec

__all__ = ["make_step_function", "fit", "evaluate", "predict", "on_batch", "flatten_metrics_in_order"]


def flatten_metrics_in_order(logs, metrics_names):
    """Keras: the logs as a list in ``metrics_names`` order (then the other keys sorted); one value alone."""
    results = [logs[name] for name in metrics_names if name in logs]
    results += [logs[key] for key in sorted(logs) if key not in metrics_names]
    if len(results) == 1:
        return results[0]
    return results


def make_step_function(model, step):
    """``step_function(iterator)``: runs ``step`` on ``next(iterator)``, traced as a tf.function in TF2 unless
    the model runs eagerly; in a TF1 graph, built once as graph ops and run in Keras' session."""
    if not ctx_lib.executing_eagerly():
        from tfcompat._src.keras.engine import training_v1
        return training_v1.GraphStepFunction(model, step)
    if model.run_eagerly:
        def step_function(iterator):
            return step(next(iterator))
        return step_function
    from tfcompat._src.runtime.function import Function
    run = Function(step)
    traced = []

    def traced_step_function(iterator):
        data = next(iterator)
        if not traced:
            # tf-keras traces the step on the dataset's element spec (batch dimension None): one trace serves
            # every batch, the last short one included.
            run.get_concrete_function(nest.map_structure(_batch_spec, data))
            traced.append(True)
        return run(data)
    traced_step_function.experimental_get_tracing_count = run.experimental_get_tracing_count
    return traced_step_function


def _batch_spec(value):
    """The spec of a batch's component with its batch dimension unknown (a dataset's element spec); python
    values stay."""
    if isinstance(value, (Tensor, RaggedTensor, SparseTensor)):
        spec = type_spec.type_spec_from_value(value)
        shape = spec.shape
        if shape.rank:
            relaxed = TensorShape([None] + shape.as_list()[1:])
            if isinstance(spec, type_spec.RaggedTensorSpec):
                return type_spec.RaggedTensorSpec(relaxed, spec.dtype, spec.ragged_rank, spec.row_splits_dtype)
            return type(spec)(relaxed, spec.dtype)
        return spec
    return value


class respect_compiled_trainable_state:  # noqa: N801 - tf-keras' RespectCompiledTrainableState
    """Training uses each layer's ``trainable`` as it was at ``compile`` time (tf-keras)."""

    def __init__(self, model):
        self._model = model
        self._saved = None

    def __enter__(self):
        compiled = getattr(self._model, "_compiled_trainable_state", None)
        if compiled:
            # Only layers whose flag changed since compile are touched (a layer attribute write is not cheap).
            changed = []
            for layer in self._model._flatten_layers():
                current = layer._trainable
                wanted = compiled.get(id(layer), current)
                if wanted is not current:
                    changed.append((layer, current))
                    layer._trainable = wanted
            self._saved = changed
        return self

    def __exit__(self, *exc):
        if self._saved:
            for layer, value in self._saved:
                layer._trainable = value
        return False


def _verbose(verbose):
    return 1 if verbose == "auto" else verbose


def _should_eval(epoch, validation_freq) -> bool:
    epoch = epoch + 1
    if isinstance(validation_freq, int):
        return epoch % validation_freq == 0
    if isinstance(validation_freq, (list, tuple)):
        return epoch in validation_freq
    raise ValueError(f"Expected `validation_freq` to be a list or int. Received: "
                     f"validation_freq={validation_freq} of the type {type(validation_freq)}.")


def fit(model, x, y, batch_size, epochs, verbose, callbacks, validation_split, validation_data, shuffle,
        class_weight, sample_weight, initial_epoch, steps_per_epoch, validation_steps, validation_batch_size,
        validation_freq):
    model._assert_compile_was_called()
    verbose = _verbose(verbose)
    if validation_split and validation_data is None:
        (x, y, sample_weight), validation_data = data_adapter.train_validation_split(
            (x, y, sample_weight), validation_split=validation_split)
    val_x = val_y = val_sample_weight = None
    if validation_data:
        val_x, val_y, val_sample_weight = data_adapter.unpack_x_y_sample_weight(validation_data)
    handler = data_adapter.DataHandler(x, y, sample_weight, batch_size, steps_per_epoch, initial_epoch, epochs,
                                       shuffle, class_weight)
    if not isinstance(callbacks, callbacks_lib.CallbackList):
        callbacks = callbacks_lib.CallbackList(callbacks, add_history=True, add_progbar=verbose != 0, model=model,
                                               verbose=verbose, epochs=epochs, steps=handler.inferred_steps)
    model.stop_training = False
    with respect_compiled_trainable_state(model):
        return _fit_loop(model, handler, callbacks, epochs, batch_size, validation_data, val_x, val_y,
                         val_sample_weight, validation_steps, validation_batch_size, validation_freq)


def _fit_loop(model, handler, callbacks, epochs, batch_size, validation_data, val_x, val_y, val_sample_weight,
              validation_steps, validation_batch_size, validation_freq):
    train_function = model.make_train_function()
    model._train_counter = 0
    callbacks.on_train_begin()
    # After on_train_begin, as tf-keras: a BackupAndRestore callback may have restored an epoch to resume at.
    handler._initial_epoch, handler._initial_step = backup_and_restore.initial_counters(
        model, handler.inferred_steps, handler._initial_epoch)
    training_logs = None
    logs = None
    for epoch, iterator in handler.enumerate_epochs():
        model.reset_metrics()
        callbacks.on_epoch_begin(epoch)
        steps_done = 0
        for step in handler.steps():
            callbacks.on_train_batch_begin(step)
            try:
                tmp_logs = train_function(iterator)
            except StopIteration:
                if handler.inferred_steps is not None and step < handler.inferred_steps:
                    handler.next_batch(iter(()))
                break
            logs = tmp_logs
            steps_done = step + 1
            model._train_counter += 1
            callbacks.on_train_batch_end(step + handler.step_increment, logs)
            if model.stop_training:
                break
        handler.end_of_epoch(steps_done)
        callbacks.set_steps(handler.inferred_steps)
        logs = sync_to_numpy_or_python_type(logs)
        if logs is None:
            raise ValueError("Unexpected result of `train_function` (Empty logs). This could be due to issues in "
                             "input pipeline that resulted in an empty dataset. Otherwise, please use "
                             "`Model.compile(..., run_eagerly=True)`, or `tf.config.run_functions_eagerly(True)` "
                             "for more information of where went wrong, or file a issue/bug to `tf.keras`.")
        epoch_logs = copy.copy(logs)
        if validation_data is not None and _should_eval(epoch, validation_freq):
            val_logs = evaluate(model, val_x, val_y, validation_batch_size or batch_size, 0, val_sample_weight,
                                validation_steps, callbacks, True, True)
            epoch_logs.update({"val_" + name: value for name, value in val_logs.items()})
        callbacks.on_epoch_end(epoch, epoch_logs)
        training_logs = epoch_logs
        if model.stop_training:
            break
    callbacks.on_train_end(logs=training_logs)
    return model.history


def evaluate(model, x, y, batch_size, verbose, sample_weight, steps, callbacks, return_dict,
             from_fit=False):
    model._assert_compile_was_called()
    verbose = _verbose(verbose)
    handler = data_adapter.DataHandler(x, y, sample_weight, batch_size, steps, 0, 1, False)
    if not isinstance(callbacks, callbacks_lib.CallbackList):
        callbacks = callbacks_lib.CallbackList(callbacks, add_history=False, add_progbar=verbose != 0,
                                               model=model, verbose=verbose, epochs=1,
                                               steps=handler.inferred_steps)
    logs = {}
    test_function = model.make_test_function()
    model._test_counter = 0
    callbacks.on_test_begin()
    for _, iterator in handler.enumerate_epochs():
        model.reset_metrics()
        for step in handler.steps():
            callbacks.on_test_batch_begin(step)
            try:
                logs = test_function(iterator)
            except StopIteration:
                break
            model._test_counter += 1
            callbacks.on_test_batch_end(step + handler.step_increment, logs)
    logs = sync_to_numpy_or_python_type(logs)
    callbacks.on_test_end(logs=logs)
    if return_dict:
        return logs
    return flatten_metrics_in_order(logs, model.metrics_names)


def _concat(chunks):
    if isinstance(chunks[0], RaggedTensor):   # tf-keras concatenates ragged outputs into one RaggedTensor
        return array_ops.concat(chunks, axis=0)
    if isinstance(chunks[0], Tensor):
        arrays = [c.numpy() for c in chunks]
    else:
        arrays = [np.asarray(c) for c in chunks]
    if arrays[0].ndim == 0:
        return np.stack(arrays)
    return np.concatenate(arrays, axis=0)


def predict(model, x, batch_size, verbose, steps, callbacks):
    verbose = _verbose(verbose)
    handler = data_adapter.DataHandler(x, None, None, batch_size, steps, 0, 1, False, predict=True)
    if not isinstance(callbacks, callbacks_lib.CallbackList):
        callbacks = callbacks_lib.CallbackList(callbacks, add_history=True, add_progbar=verbose != 0,
                                               model=model, verbose=verbose, epochs=1,
                                               steps=handler.inferred_steps)
    predict_function = model.make_predict_function()
    model._predict_counter = 0
    callbacks.on_predict_begin()
    outputs = None
    batch_outputs = None
    for _, iterator in handler.enumerate_epochs():
        for step in handler.steps():
            callbacks.on_predict_batch_begin(step)
            try:
                batch_outputs = predict_function(iterator)
            except StopIteration:
                break
            flat = nest.flatten(batch_outputs)
            if outputs is None:
                outputs = [[b] for b in flat]
            else:
                for acc, b in zip(outputs, flat):
                    acc.append(b)
            model._predict_counter += 1
            callbacks.on_predict_batch_end(step + handler.step_increment, {"outputs": batch_outputs})
    if batch_outputs is None:
        raise ValueError("Unexpected result of `predict_function` (Empty batch_outputs). Please use "
                         "`Model.compile(..., run_eagerly=True)`, or `tf.config.run_functions_eagerly(True)` for more "
                         "information of where went wrong, or file a issue/bug to `tf.keras`.")
    callbacks.on_predict_end()
    return nest.pack_sequence_as(batch_outputs, [_concat(chunks) for chunks in outputs])


def on_batch(model, kind, x, y, sample_weight, class_weight, reset_metrics, return_dict):
    data = data_adapter.single_batch(x, y, sample_weight, class_weight)
    iterator = iter([data])
    if kind == "predict":
        outputs = model.make_predict_function()(iterator)
        return sync_to_numpy_or_python_type(outputs)
    if reset_metrics:
        model.reset_metrics()
    if kind == "train":
        with respect_compiled_trainable_state(model):
            logs = model.make_train_function()(iterator)
    else:
        logs = model.make_test_function()(iterator)
    logs = sync_to_numpy_or_python_type(logs)
    if return_dict:
        return logs
    return flatten_metrics_in_order(logs, model.metrics_names)
