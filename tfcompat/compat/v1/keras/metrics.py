"""``tf.compat.v1.keras.metrics`` (tf-keras 2.21's v1 API): ``tf.keras.metrics`` without ``experimental``, plus the
v1 aliases ``cosine``/``cosine_proximity`` of ``tf.keras.losses.cosine_similarity``. Re-exports only."""
from __future__ import annotations

from tfcompat.keras.metrics import (
    AUC, Accuracy, BinaryAccuracy, BinaryCrossentropy, BinaryIoU, CategoricalAccuracy, CategoricalCrossentropy,
    CategoricalHinge, CosineSimilarity, F1Score, FBetaScore, FalseNegatives, FalsePositives, Hinge, IoU, KLD,
    KLDivergence, LogCoshError, MAE, MAPE, MSE, MSLE, Mean, MeanAbsoluteError, MeanAbsolutePercentageError, MeanIoU,
    MeanMetricWrapper, MeanRelativeError, MeanSquaredError, MeanSquaredLogarithmicError, MeanTensor, Metric,
    OneHotIoU, OneHotMeanIoU, Poisson, Precision, PrecisionAtRecall, R2Score, Recall, RecallAtPrecision,
    RootMeanSquaredError, SensitivityAtSpecificity, SparseCategoricalAccuracy, SparseCategoricalCrossentropy,
    SparseTopKCategoricalAccuracy, SpecificityAtSensitivity, SquaredHinge, Sum, TopKCategoricalAccuracy,
    TrueNegatives, TruePositives, binary_accuracy, binary_crossentropy, binary_focal_crossentropy,
    categorical_accuracy, categorical_crossentropy, categorical_focal_crossentropy, deserialize, get, hinge,
    kl_divergence, kld, kullback_leibler_divergence, log_cosh, logcosh, mae, mape, mean_absolute_error,
    mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error, mse, msle, poisson,
    serialize, sparse_categorical_accuracy, sparse_categorical_crossentropy, sparse_top_k_categorical_accuracy,
    squared_hinge, top_k_categorical_accuracy,
)
from tfcompat.keras.losses import cosine_similarity as cosine
from tfcompat.keras.losses import cosine_similarity as cosine_proximity

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
    "categorical_accuracy", "categorical_crossentropy", "categorical_focal_crossentropy", "cosine",
    "cosine_proximity", "deserialize", "get", "hinge", "kl_divergence", "kld", "kullback_leibler_divergence",
    "log_cosh", "logcosh", "mae", "mape", "mean_absolute_error", "mean_absolute_percentage_error",
    "mean_squared_error", "mean_squared_logarithmic_error", "mse", "msle", "poisson", "serialize",
    "sparse_categorical_accuracy", "sparse_categorical_crossentropy", "sparse_top_k_categorical_accuracy",
    "squared_hinge", "top_k_categorical_accuracy"
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.keras.metrics", __name__)
