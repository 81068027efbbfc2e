"""``tf.keras.metrics`` (mirrors tf-keras 2.21's ``metrics/__init__.py``): the metric classes and functions,
Keras's short aliases, and ``get``/``serialize``/``deserialize``."""
from __future__ import annotations


from tfcompat._src.keras import hooks
from tfcompat._src.keras import object_config
from tfcompat._src.keras.loss_functions import (
    binary_crossentropy, binary_focal_crossentropy, categorical_crossentropy, categorical_focal_crossentropy,
    categorical_hinge, hinge, kl_divergence, log_cosh, mean_absolute_error, mean_absolute_percentage_error,
    mean_squared_error, mean_squared_logarithmic_error, poisson, sparse_categorical_crossentropy, squared_hinge,
)
from tfcompat._src.keras.metrics.accuracy_metrics import (
    Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy, SparseTopKCategoricalAccuracy,
    TopKCategoricalAccuracy, accuracy, binary_accuracy, categorical_accuracy, sparse_categorical_accuracy,
    sparse_top_k_categorical_accuracy, top_k_categorical_accuracy,
)
from tfcompat._src.keras.metrics.base_metric import (
    Mean, MeanMetricWrapper, MeanTensor, Metric, Reduce, Sum, SumOverBatchSize, SumOverBatchSizeMetricWrapper,
    clone_metric, clone_metrics,
)
from tfcompat._src.keras.metrics.confusion_metrics import (
    AUC, FalseNegatives, FalsePositives, Precision, PrecisionAtRecall, Recall, RecallAtPrecision,
    SensitivityAtSpecificity, SensitivitySpecificityBase, SpecificityAtSensitivity, TrueNegatives, TruePositives,
)
from tfcompat._src.keras.metrics.f_score_metrics import F1Score, FBetaScore
from tfcompat._src.keras.metrics.iou_metrics import BinaryIoU, IoU, MeanIoU, OneHotIoU, OneHotMeanIoU
from tfcompat._src.keras.metrics.probabilistic_metrics import (
    BinaryCrossentropy, CategoricalCrossentropy, CategoricalHinge, Hinge, KLDivergence, Poisson,
    SparseCategoricalCrossentropy, SquaredHinge,
)
from tfcompat._src.keras.metrics.regression_metrics import (
    CosineSimilarity, LogCoshError, MeanAbsoluteError, MeanAbsolutePercentageError, MeanRelativeError,
    MeanSquaredError, MeanSquaredLogarithmicError, R2Score, RootMeanSquaredError, cosine_similarity,
)

# Keras's short names.
acc = ACC = accuracy
bce = BCE = binary_crossentropy
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh
cosine_proximity = cosine_similarity

__all__ = [
    "AUC", "Accuracy", "BinaryAccuracy", "BinaryCrossentropy", "BinaryIoU", "CategoricalAccuracy",
    "CategoricalCrossentropy", "CategoricalHinge", "CosineSimilarity", "F1Score", "FBetaScore", "FalseNegatives",
    "FalsePositives", "Hinge", "IoU", "KLD", "KLDivergence", "LogCoshError", "MAE", "MAPE", "MSE", "MSLE", "Mean",
    "MeanAbsoluteError", "MeanAbsolutePercentageError", "MeanIoU", "MeanMetricWrapper", "MeanRelativeError",
    "MeanSquaredError", "MeanSquaredLogarithmicError", "MeanTensor", "Metric", "OneHotIoU", "OneHotMeanIoU",
    "Poisson", "Precision", "PrecisionAtRecall", "R2Score", "Recall", "RecallAtPrecision", "Reduce",
    "RootMeanSquaredError", "SensitivityAtSpecificity", "SensitivitySpecificityBase", "SparseCategoricalAccuracy",
    "SparseCategoricalCrossentropy", "SparseTopKCategoricalAccuracy", "SpecificityAtSensitivity", "SquaredHinge",
    "Sum", "SumOverBatchSize", "SumOverBatchSizeMetricWrapper", "TopKCategoricalAccuracy", "TrueNegatives",
    "TruePositives", "ACC", "BCE", "acc", "accuracy", "bce", "binary_accuracy", "binary_crossentropy",
    "binary_focal_crossentropy", "categorical_accuracy", "categorical_crossentropy",
    "categorical_focal_crossentropy", "categorical_hinge", "clone_metric", "clone_metrics", "cosine_proximity",
    "cosine_similarity", "deserialize", "get", "hinge", "kl_divergence", "kld", "kullback_leibler_divergence",
    "log_cosh", "logcosh", "mae", "mape", "mean_absolute_error", "mean_absolute_percentage_error",
    "mean_squared_error", "mean_squared_logarithmic_error", "mse", "msle", "poisson", "serialize",
    "sparse_categorical_accuracy", "sparse_categorical_crossentropy", "sparse_top_k_categorical_accuracy",
    "squared_hinge", "top_k_categorical_accuracy",
]


# tf-keras's metrics module lacks these public names (``get('kld')`` returns 'kld'), and 'bce' is not public.
_NOT_MODULE_OBJECTS = ("serialize", "deserialize", "get", "KLD", "kld", "kl_divergence", "binary_focal_crossentropy",
                       "categorical_focal_crossentropy")
_UNLISTED_FUNCTIONS = ("bce", "BCE")


def _module_objects() -> dict:
    return object_config.module_objects(globals(), __all__, _NOT_MODULE_OBJECTS)


def serialize(metric, use_legacy_format=False):
    """Mirrors ``tf.keras.metrics.serialize`` (a UserWarning for objects that are not ``Metric``)."""
    return object_config.serialize_object(metric, use_legacy_format, "metrics", "Metric", Metric)


def deserialize(config, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.metrics.deserialize``: a metric function or ``Metric`` from a name or config (an unknown
    name comes back unchanged unless ``use_legacy_format``, as in tf-keras).

    Raises:
      ValueError: an unknown name with ``use_legacy_format``. TypeError: a class that needs arguments."""
    return object_config.deserialize_keras_object(config, _module_objects(), custom_objects, "metric function",
                                                  legacy=use_legacy_format, unlisted_functions=_UNLISTED_FUNCTIONS,
                                                  module_name="keras.metrics")


def get(identifier):
    """Mirrors ``tf.keras.metrics.get``: a name ('accuracy', 'AUC'), a config or a callable.

    Raises:
      ValueError: anything else, or an unknown name."""
    return object_config.get_object(identifier, deserialize, "metric", none=object_config.RAISE)


hooks.register("get_metric", get)
