"""``tf.compat.v1.keras.losses`` (tf-keras 2.21's v1 API): ``tf.keras.losses`` without ``Reduction`` and ``huber``,
plus the v1 aliases ``cosine``/``cosine_proximity`` of ``cosine_similarity``. Re-exports only."""
from __future__ import annotations

from tfcompat.keras.losses import (
    BinaryCrossentropy, BinaryFocalCrossentropy, CategoricalCrossentropy, CategoricalFocalCrossentropy,
    CategoricalHinge, CosineSimilarity, Hinge, Huber, KLD, KLDivergence, LogCosh, Loss, MAE, MAPE, MSE, MSLE,
    MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredError, MeanSquaredLogarithmicError, Poisson,
    SparseCategoricalCrossentropy, SquaredHinge, binary_crossentropy, binary_focal_crossentropy,
    categorical_crossentropy, categorical_focal_crossentropy, categorical_hinge, cosine_similarity, deserialize,
    get, hinge, kl_divergence, kld, kullback_leibler_divergence, log_cosh, logcosh, mae, mape, mean_absolute_error,
    mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error, mse, msle, poisson,
    serialize, sparse_categorical_crossentropy, squared_hinge,
)
from tfcompat.keras.losses import cosine_similarity as cosine
from tfcompat.keras.losses import cosine_similarity as cosine_proximity

__all__ = [
    "BinaryCrossentropy", "BinaryFocalCrossentropy", "CategoricalCrossentropy", "CategoricalFocalCrossentropy",
    "CategoricalHinge", "CosineSimilarity", "Hinge", "Huber", "KLD", "KLDivergence", "LogCosh", "Loss", "MAE",
    "MAPE", "MSE", "MSLE", "MeanAbsoluteError", "MeanAbsolutePercentageError", "MeanSquaredError",
    "MeanSquaredLogarithmicError", "Poisson", "SparseCategoricalCrossentropy", "SquaredHinge",
    "binary_crossentropy", "binary_focal_crossentropy", "categorical_crossentropy",
    "categorical_focal_crossentropy", "categorical_hinge", "cosine", "cosine_proximity", "cosine_similarity",
    "deserialize", "get", "hinge", "kl_divergence", "kld", "kullback_leibler_divergence", "log_cosh", "logcosh",
    "mae", "mape", "mean_absolute_error", "mean_absolute_percentage_error", "mean_squared_error",
    "mean_squared_logarithmic_error", "mse", "msle", "poisson", "serialize", "sparse_categorical_crossentropy",
    "squared_hinge"
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.keras.losses", __name__)
