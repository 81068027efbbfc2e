"""``tf.metrics`` (TF 2.21 with Keras 2: the ``tf.keras.metrics`` module): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.metrics import (
    AUC, KLD, MAE, MAPE, MSE, MSLE, Accuracy, BinaryAccuracy, BinaryCrossentropy, BinaryIoU, CategoricalAccuracy,
    CategoricalCrossentropy, CategoricalHinge, CosineSimilarity, F1Score, FalseNegatives, FalsePositives,
    FBetaScore, Hinge, IoU, KLDivergence, LogCoshError, Mean, MeanAbsoluteError, MeanAbsolutePercentageError,
    MeanIoU, MeanMetricWrapper, MeanRelativeError, MeanSquaredError, MeanSquaredLogarithmicError, MeanTensor,
    Metric, OneHotIoU, OneHotMeanIoU, Poisson, Precision, PrecisionAtRecall, R2Score, Recall, RecallAtPrecision,
    RootMeanSquaredError, SensitivityAtSpecificity, SparseCategoricalAccuracy, SparseCategoricalCrossentropy,
    SparseTopKCategoricalAccuracy, SpecificityAtSensitivity, SquaredHinge, Sum, TopKCategoricalAccuracy,
    TrueNegatives, TruePositives, binary_accuracy, binary_crossentropy, binary_focal_crossentropy,
    categorical_accuracy, categorical_crossentropy, categorical_focal_crossentropy, deserialize, get, hinge,
    kl_divergence, kld, kullback_leibler_divergence, log_cosh, logcosh, mae, mape, mean_absolute_error,
    mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error, mse, msle, poisson,
    serialize, sparse_categorical_accuracy, sparse_categorical_crossentropy, sparse_top_k_categorical_accuracy,
    squared_hinge, top_k_categorical_accuracy,
)

__all__ = [
    "AUC", "Accuracy", "BinaryAccuracy", "BinaryCrossentropy", "BinaryIoU", "CategoricalAccuracy",
    "CategoricalCrossentropy", "CategoricalHinge", "CosineSimilarity", "F1Score", "FBetaScore", "FalseNegatives",
    "FalsePositives", "Hinge", "IoU", "KLD", "KLDivergence", "LogCoshError", "MAE", "MAPE", "MSE", "MSLE", "Mean",
    "MeanAbsoluteError", "MeanAbsolutePercentageError", "MeanIoU", "MeanMetricWrapper", "MeanRelativeError",
    "MeanSquaredError", "MeanSquaredLogarithmicError", "MeanTensor", "Metric", "OneHotIoU", "OneHotMeanIoU",
    "Poisson", "Precision", "PrecisionAtRecall", "R2Score", "Recall", "RecallAtPrecision", "RootMeanSquaredError",
    "SensitivityAtSpecificity", "SparseCategoricalAccuracy", "SparseCategoricalCrossentropy",
    "SparseTopKCategoricalAccuracy", "SpecificityAtSensitivity", "SquaredHinge", "Sum", "TopKCategoricalAccuracy",
    "TrueNegatives", "TruePositives", "binary_accuracy", "binary_crossentropy", "binary_focal_crossentropy",
    "categorical_accuracy", "categorical_crossentropy", "categorical_focal_crossentropy", "deserialize", "get",
    "hinge", "kl_divergence", "kld", "kullback_leibler_divergence", "log_cosh", "logcosh", "mae", "mape",
    "mean_absolute_error", "mean_absolute_percentage_error", "mean_squared_error", "mean_squared_logarithmic_error",
    "mse", "msle", "poisson", "serialize", "sparse_categorical_accuracy", "sparse_categorical_crossentropy",
    "sparse_top_k_categorical_accuracy", "squared_hinge", "top_k_categorical_accuracy",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.metrics", __name__)
