"""``tf.compat.v1.estimator`` (TF 2.15's, from tensorflow_estimator; removed in TF 2.16): re-exports only.
The TF1 surface adds ``inputs`` (numpy_input_fn, pandas_input_fn) and the V1 canned estimators (SUM loss
reduction, ``tf.compat.v1.train`` optimizers) to ``tf.estimator``'s names."""
from __future__ import annotations

from tfcompat._src.estimator.canned.dnn import DNNClassifier, DNNRegressor
from tfcompat._src.estimator.canned.linear import LinearClassifier, LinearRegressor
from tfcompat.compat.v1.estimator import inputs
from tfcompat.estimator import (
    CheckpointSaverHook, CheckpointSaverListener, Estimator, EstimatorSpec, EvalSpec, FeedFnHook, FinalOpsHook,
    GlobalStepWaiterHook, LoggingTensorHook, ModeKeys, NanLossDuringTrainingError, NanTensorHook, RunConfig,
    SecondOrStepTimer, SessionRunArgs, SessionRunContext, SessionRunHook, SessionRunValues, StepCounterHook,
    StopAtStepHook, SummarySaverHook, TrainSpec, WarmStartSettings, add_metrics, export, train_and_evaluate,
)

__all__ = [
    "DNNClassifier", "DNNRegressor", "LinearClassifier", "LinearRegressor",
    "CheckpointSaverHook", "CheckpointSaverListener", "Estimator", "EstimatorSpec", "EvalSpec", "FeedFnHook",
    "FinalOpsHook", "GlobalStepWaiterHook", "LoggingTensorHook", "ModeKeys", "NanLossDuringTrainingError",
    "NanTensorHook", "RunConfig", "SecondOrStepTimer", "SessionRunArgs", "SessionRunContext", "SessionRunHook",
    "SessionRunValues", "StepCounterHook", "StopAtStepHook", "SummarySaverHook", "TrainSpec", "WarmStartSettings",
    "add_metrics", "export", "inputs", "train_and_evaluate",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.estimator", __name__)
