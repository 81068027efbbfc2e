"""``tf.compat.v1.keras.optimizers`` (tf-keras 2.21's v1 API): the optimizer classes are the legacy
``OptimizerV2`` ones (``tf.keras.optimizers.legacy.*``: ``get_updates``, and in a TF1 graph ``apply_gradients``
returns an op that runs the updates); ``get``/``serialize``/``deserialize`` are ``tf.keras.optimizers``'. Re-exports
only."""
from __future__ import annotations

from tfcompat.keras.optimizers import deserialize, get, legacy, schedules, serialize
from tfcompat.keras.optimizers.legacy import (
    SGD, Adadelta, Adagrad, Adam, Adamax, Ftrl, Nadam, Optimizer, RMSprop,
)

__all__ = ["SGD", "Adadelta", "Adagrad", "Adam", "Adamax", "Ftrl", "Nadam", "Optimizer", "RMSprop", "deserialize",
           "get", "legacy", "schedules", "serialize"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.keras.optimizers", __name__)
