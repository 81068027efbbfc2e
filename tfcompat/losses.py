"""``tf.losses`` (TF 2.21 with Keras 2: the ``tf.keras.losses`` module): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.losses import (
    KLD, MAE, MAPE, MSE, MSLE, BinaryCrossentropy, BinaryFocalCrossentropy, CategoricalCrossentropy,
    CategoricalFocalCrossentropy, CategoricalHinge, CosineSimilarity, Hinge, Huber, KLDivergence, LogCosh, Loss,
    MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredError, MeanSquaredLogarithmicError, Poisson,
    Reduction, SparseCategoricalCrossentropy, SquaredHinge, binary_crossentropy, binary_focal_crossentropy,
    categorical_crossentropy, categorical_focal_crossentropy, categorical_hinge, cosine_similarity, deserialize,
    get, hinge, huber, kl_divergence, kld, kullback_leibler_divergence, log_cosh, logcosh, mae, mape,
    mean_absolute_error, mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error, mse,
    msle, poisson, serialize, sparse_categorical_crossentropy, squared_hinge,
)

__all__ = [
    "BinaryCrossentropy", "BinaryFocalCrossentropy", "CategoricalCrossentropy", "CategoricalFocalCrossentropy",
    "CategoricalHinge", "CosineSimilarity", "Hinge", "Huber", "KLD", "KLDivergence", "LogCosh", "Loss", "MAE",
    "MAPE", "MSE", "MSLE", "MeanAbsoluteError", "MeanAbsolutePercentageError", "MeanSquaredError",
    "MeanSquaredLogarithmicError", "Poisson", "Reduction", "SparseCategoricalCrossentropy", "SquaredHinge",
    "binary_crossentropy", "binary_focal_crossentropy", "categorical_crossentropy",
    "categorical_focal_crossentropy", "categorical_hinge", "cosine_similarity", "deserialize", "get", "hinge",
    "huber", "kl_divergence", "kld", "kullback_leibler_divergence", "log_cosh", "logcosh", "mae", "mape",
    "mean_absolute_error", "mean_absolute_percentage_error", "mean_squared_error",
    "mean_squared_logarithmic_error", "mse", "msle", "poisson", "serialize", "sparse_categorical_crossentropy",
    "squared_hinge",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.losses", __name__)
