"""``tf.keras.utils.SidecarEvaluator`` (tf-keras 2.21): evaluates a model on every new checkpoint that a
training job writes to a directory."""
from __future__ import annotations

import logging

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.keras.optimizers.optimizer import Optimizer
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime.training.checkpoint import Checkpoint
from tfcompat._src.runtime.training.checkpoint_reader import load_checkpoint
from tfcompat._src.runtime.training.checkpoint_wait import checkpoints_iterator

__all__ = ["SidecarEvaluator", "list_checkpoint_attributes"]

_ITERATIONS_UNINITIALIZED = -1
_CHECKPOINT_TIMEOUT_SEC = 30
_logger = logging.getLogger("tensorflow")  # tf-keras logs through tf_logging


def list_checkpoint_attributes(ckpt_dir_or_file) -> set:
    """tf-keras's ``sidecar_evaluator.list_checkpoint_attributes``: the top-level names saved in a checkpoint."""
    return {name.split("/")[0] for name in load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map()}


class SidecarEvaluator:
    """Mirrors ``tf.keras.utils.SidecarEvaluator``: ``start()`` waits for checkpoints in ``checkpoint_dir``
    (``tf.train.checkpoints_iterator``, 30 s timeout), restores ``model`` (and its optimizer, or just the
    optimizer's ``iterations`` for a legacy optimizer) from each, and runs ``model.evaluate(data, steps=steps,
    callbacks=callbacks, verbose=2)``; it stops after the checkpoint numbered ``max_evaluations`` or when no new
    checkpoint arrives in time.

    Raises (from ``start``):
      RuntimeError: a legacy optimizer's ``iterations`` is not in the checkpoint."""

    def __init__(self, model, data, checkpoint_dir, steps=None, max_evaluations=None, callbacks=None):
        self.model = model
        self.data = data
        self.checkpoint_dir = checkpoint_dir
        self._iterations = Variable(name="iterations", initial_value=_ITERATIONS_UNINITIALIZED, dtype=dtypes.int64)
        self.max_evaluations = max_evaluations
        self.steps = steps
        self.callbacks = callbacks or []

    def _timeout_fn(self) -> bool:
        _logger.info(f"No checkpoints appear to be found after {_CHECKPOINT_TIMEOUT_SEC} seconds. Please check if you "
                     "are properly using a `tf.train.Checkpoint/CheckpointManager` or "
                     "`tf.keras.callbacks.ModelCheckpoint(save_weights_only=True)` to save checkpoints by the "
                     "training. See `tf.keras.SidecarEvaluator` doc for recommended flows of saving checkpoints.")
        return False

    def _uses_new_optimizer(self) -> bool:
        return bool(self.model.optimizer) and isinstance(self.model.optimizer, Optimizer)

    def start(self) -> None:
        """Evaluates each new checkpoint until ``max_evaluations`` or the timeout (see the class docstring)."""
        if self._uses_new_optimizer():
            checkpoint = Checkpoint(model=self.model, optimizer=self.model.optimizer)
        else:
            checkpoint = Checkpoint(model=self.model, optimizer=Checkpoint(iter=self._iterations))
        for latest_checkpoint in checkpoints_iterator(self.checkpoint_dir, timeout=_CHECKPOINT_TIMEOUT_SEC,
                                                      timeout_fn=self._timeout_fn):
            try:
                checkpoint.restore(latest_checkpoint).expect_partial()
                if "model" not in list_checkpoint_attributes(latest_checkpoint):
                    self.model.load_weights(latest_checkpoint)
                if self.model.optimizer and not self._uses_new_optimizer():
                    self.model.optimizer.iterations.assign(self._iterations)
            except errors.OpError as error:
                if isinstance(error, errors.UnavailableError):
                    raise
                _logger.info(f"SidecarEvaluator encountered an error when loading the checkpoint at "
                             f"{latest_checkpoint}. Retrying. Error: {error.__class__.__name__}: {error}")
                continue
            if self._iterations.numpy() == _ITERATIONS_UNINITIALIZED and not self._uses_new_optimizer():
                raise RuntimeError(f"Variable `iterations` cannot be loaded from the checkpoint file at "
                                   f"{self.checkpoint_dir}. Please ensure `iterations` is included in the "
                                   "checkpoint saved during training.")
            _logger.info(f"Evaluation starts: Model weights loaded from latest checkpoint file {latest_checkpoint}")
            self.model.evaluate(self.data, steps=self.steps, callbacks=self.callbacks, verbose=2)
            metrics = {}
            for metric in self.model.metrics:
                result = metric.result()
                if isinstance(result, dict):
                    metrics.update(result)
                else:
                    metrics[metric.name] = result
            _logger.info("End of evaluation. Metrics: %s",
                         " ".join(f"{name}={value.numpy()}" for name, value in metrics.items()))
            if self.max_evaluations and self.max_evaluations <= int(latest_checkpoint.split("-")[-1]):
                _logger.info("Last checkpoint evaluated. SidecarEvaluator stops.")
                return
