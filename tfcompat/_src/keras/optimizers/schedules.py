"""``tf.keras.optimizers.schedules``: the schedule classes (shared with TF1's decay functions in
``runtime/training/learning_rate``) and their ``serialize``/``deserialize``."""
from __future__ import annotations

from tfcompat._src.runtime.training.learning_rate import (
    ExponentialDecay, InverseTimeDecay, LearningRateSchedule, PiecewiseConstantDecay, PolynomialDecay,
)
from tfcompat._src.keras import object_config
from tfcompat._src.keras.optimizers.cosine_schedules import CosineDecay, CosineDecayRestarts

__all__ = ["CosineDecay", "CosineDecayRestarts", "ExponentialDecay", "InverseTimeDecay", "LearningRateSchedule",
           "PiecewiseConstantDecay", "PolynomialDecay", "serialize", "deserialize"]


def _module_objects() -> dict:
    return {c.__name__: c for c in (CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay,
                                    LearningRateSchedule, PiecewiseConstantDecay, PolynomialDecay)}


def serialize(learning_rate_schedule, use_legacy_format=False) -> dict:
    """Mirrors ``tf.keras.optimizers.schedules.serialize``."""
    cls = type(learning_rate_schedule)
    return {"module": "keras.optimizers.schedules", "class_name": cls.__name__,
            "config": learning_rate_schedule.get_config(),
            "registered_name": None if cls.__name__ in _module_objects() else cls.__name__}


def deserialize(config, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.optimizers.schedules.deserialize``."""
    return object_config.deserialize_keras_object(config, _module_objects(), custom_objects,
                                                  "decay")
