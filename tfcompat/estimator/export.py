"""``tf.estimator.export``: re-exports only."""
from __future__ import annotations

from tfcompat._src.estimator.export import (
    ClassificationOutput, ExportOutput, PredictOutput, RegressionOutput, ServingInputReceiver,
    build_raw_serving_input_receiver_fn,
)

__all__ = ["ClassificationOutput", "ExportOutput", "PredictOutput", "RegressionOutput", "ServingInputReceiver",
           "build_raw_serving_input_receiver_fn"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.estimator.export", __name__)
