"""``tf.compat.v1.keras`` (tf-keras 2.21's v1 API): a module of its own, as in TF (``tf.compat.v1.keras is not
tf.keras``), re-exports only.

``initializers``, ``losses``, ``metrics``, ``optimizers`` and ``utils`` are v1 modules (v1-only names, TF1
``init_ops`` initializer classes, legacy optimizer classes, no TF2-only helpers); the other submodules are
``tf.keras``'s own module objects (TF has separate v1 modules there whose contents are the same objects, except
``layers``' v1 BatchNormalization/GRU/LSTM, which tfcompat does not distinguish)."""
from __future__ import annotations

from tfcompat._src.keras.engine.input_layer import Input
from tfcompat._src.keras.engine.sequential import Sequential
from tfcompat._src.keras.engine.training import Model
from tfcompat.keras import (
    activations, applications, backend, callbacks, constraints, datasets, estimator, experimental, layers,
    mixed_precision, models, preprocessing, regularizers, saving,
)
from tfcompat.compat.v1.keras import initializers, losses, metrics, optimizers, utils

__version__ = "2.21.0"

__all__ = ["Input", "Model", "Sequential", "activations", "applications", "backend", "callbacks", "constraints",
           "datasets", "estimator", "experimental", "initializers", "layers", "losses", "metrics",
           "mixed_precision", "models", "optimizers", "preprocessing", "regularizers", "saving", "utils"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.keras", __name__)
