"""``tf.estimator`` (TF 2.15's, from tensorflow_estimator; removed in TF 2.16): re-exports only."""
from __future__ import annotations

from tfcompat.estimator import export
from tfcompat._src.estimator.canned.dnn import DNNClassifierV2 as DNNClassifier, DNNRegressorV2 as DNNRegressor
from tfcompat._src.estimator.canned.dnn_linear_combined import (
    DNNLinearCombinedClassifierV2 as DNNLinearCombinedClassifier,
    DNNLinearCombinedRegressorV2 as DNNLinearCombinedRegressor,
)
from tfcompat._src.estimator.canned.linear import (
    LinearClassifierV2 as LinearClassifier, LinearRegressorV2 as LinearRegressor,
)
from tfcompat._src.estimator.estimator import Estimator
from tfcompat._src.estimator.extenders import add_metrics
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.estimator.model_fn import EstimatorSpec
from tfcompat._src.estimator.run_config import RunConfig
from tfcompat._src.estimator.training import EvalSpec, TrainSpec, train_and_evaluate
from tfcompat._src.estimator.warm_starting import WarmStartSettings
from tfcompat._src.runtime.training.basic_session_run_hooks import (
    CheckpointSaverHook, CheckpointSaverListener, FeedFnHook, FinalOpsHook, GlobalStepWaiterHook, LoggingTensorHook,
    NanLossDuringTrainingError, NanTensorHook, SecondOrStepTimer, StepCounterHook, StopAtStepHook, SummarySaverHook,
)
from tfcompat._src.runtime.training.session_run_hook import (
    SessionRunArgs, SessionRunContext, SessionRunHook, SessionRunValues,
)

__all__ = [
    "CheckpointSaverHook", "CheckpointSaverListener", "DNNClassifier", "DNNLinearCombinedClassifier",
    "DNNLinearCombinedRegressor", "DNNRegressor", "Estimator", "EstimatorSpec", "EvalSpec", "FeedFnHook",
    "FinalOpsHook", "GlobalStepWaiterHook", "LinearClassifier", "LinearRegressor", "LoggingTensorHook", "ModeKeys", "NanLossDuringTrainingError",
    "NanTensorHook", "RunConfig", "SecondOrStepTimer", "SessionRunArgs", "SessionRunContext", "SessionRunHook",
    "SessionRunValues", "StepCounterHook", "StopAtStepHook", "SummarySaverHook", "TrainSpec", "WarmStartSettings",
    "add_metrics", "export", "train_and_evaluate",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.estimator", __name__)
