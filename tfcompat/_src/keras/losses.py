"""``tf.keras.losses`` (mirrors tf-keras 2.21's ``losses.py``): the ``Loss`` base class, ``LossFunctionWrapper``,
one class per loss function, the short aliases, and ``get``/``serialize``/``deserialize``.

A ``Loss`` computes per-sample losses with ``call(y_true, y_pred)``, then weights them by ``sample_weight``
(squeezed or expanded by one dimension to the losses' rank, then broadcast) and reduces them by ``reduction``
(AUTO = SUM_OVER_BATCH_SIZE: the weighted sum divided by the number of loss elements). Masks Keras attaches to
``y_pred`` or to the losses (``ignore_class``) restrict the mean to the valid entries."""
from __future__ import annotations


from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.keras import object_config
from tfcompat._src.keras.loss_functions import (
    binary_crossentropy, binary_focal_crossentropy, categorical_crossentropy, categorical_focal_crossentropy,
    categorical_hinge, cosine_similarity, hinge, huber, kl_divergence, log_cosh, mean_absolute_error,
    mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error, poisson,
    sparse_categorical_crossentropy, squared_hinge,
)
from tfcompat._src.keras.losses_utils import ReductionV2, apply_valid_mask, compute_weighted_loss, get_mask
from tfcompat._src.keras.losses_utils import squeeze_or_expand_dimensions
from tfcompat._src.ops import math_ops
from tfcompat._src.ops.variables import Variable

__all__ = [
    "Loss", "LossFunctionWrapper", "Reduction", "MeanSquaredError", "MeanAbsoluteError",
    "MeanAbsolutePercentageError", "MeanSquaredLogarithmicError", "BinaryCrossentropy", "BinaryFocalCrossentropy",
    "CategoricalCrossentropy", "CategoricalFocalCrossentropy", "SparseCategoricalCrossentropy", "Hinge",
    "SquaredHinge", "CategoricalHinge", "Huber", "LogCosh", "KLDivergence", "Poisson", "CosineSimilarity",
    "mean_squared_error", "mean_absolute_error", "mean_absolute_percentage_error",
    "mean_squared_logarithmic_error", "binary_crossentropy", "binary_focal_crossentropy",
    "categorical_crossentropy", "categorical_focal_crossentropy", "sparse_categorical_crossentropy", "hinge",
    "squared_hinge", "categorical_hinge", "huber", "log_cosh", "kl_divergence", "poisson", "cosine_similarity",
    "mse", "MSE", "mae", "MAE", "mape", "MAPE", "msle", "MSLE", "kld", "KLD", "kullback_leibler_divergence",
    "logcosh", "huber_loss", "bce", "BCE", "get", "serialize", "deserialize", "is_categorical_crossentropy",
]

Reduction = ReductionV2
_AUTO = ReductionV2.AUTO


def _is_tensor(x) -> bool:
    return isinstance(x, (Tensor, Variable))


class Loss:
    """Mirrors ``tf.keras.losses.Loss``: subclasses implement ``call(y_true, y_pred)`` returning per-sample
    losses; ``__call__`` weights and reduces them.

    Args:
      reduction: a ``tf.keras.losses.Reduction`` key (default AUTO = SUM_OVER_BATCH_SIZE).
      name: the name scope of the loss ops."""

    def __init__(self, reduction=_AUTO, name=None):
        ReductionV2.validate(reduction)
        self.reduction = reduction
        self.name = name
        self._allow_sum_over_batch_size = False
        self._set_name_scope()

    def _set_name_scope(self):
        if self.name is None:
            self._name_scope = self.__class__.__name__.strip("_")
        elif self.name == "<lambda>":
            self._name_scope = "lambda"
        else:
            self._name_scope = self.name.strip("_")

    def __call__(self, y_true, y_pred, sample_weight=None):
        """Mirrors ``Loss.__call__``: the weighted, reduced loss (per-sample losses for ``Reduction.NONE``).

        Raises:
          InvalidArgumentError / ValueError: ``sample_weight`` does not broadcast to the losses."""
        with name_scope(self._name_scope):
            losses = self.call(y_true, y_pred)
            in_mask, out_mask = get_mask(y_pred), get_mask(losses)
            if in_mask is not None and out_mask is not None:
                mask = math_ops.logical_and(in_mask, out_mask)
            else:
                mask = in_mask if in_mask is not None else out_mask
            reduction = self._get_reduction()
            sample_weight = apply_valid_mask(losses, sample_weight, mask, reduction)
            return compute_weighted_loss(losses, sample_weight, reduction=reduction)

    @classmethod
    def from_config(cls, config):
        """Mirrors ``Loss.from_config``: ``cls(**config)``."""
        return cls(**config)

    def get_config(self) -> dict:
        """Mirrors ``Loss.get_config``: ``{'reduction', 'name'}``."""
        return {"reduction": self.reduction, "name": self.name}

    def call(self, y_true, y_pred):
        """The per-sample losses; implemented by subclasses."""
        raise NotImplementedError("Must be implemented in subclasses.")

    def _get_reduction(self):
        return ReductionV2.SUM_OVER_BATCH_SIZE if self.reduction == _AUTO else self.reduction


class LossFunctionWrapper(Loss):
    """Mirrors ``tf.keras.losses.LossFunctionWrapper``: a ``Loss`` calling ``fn(y_true, y_pred, **kwargs)``.

    When both inputs are tensors, a size-1 last dimension that makes their ranks differ by one is squeezed
    first (numpy/list inputs are passed on unchanged, as in Keras)."""

    def __init__(self, fn, reduction=_AUTO, name=None, **kwargs):
        super().__init__(reduction=reduction, name=name)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        if _is_tensor(y_pred) and _is_tensor(y_true):
            y_pred, y_true = squeeze_or_expand_dimensions(y_pred, y_true)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self) -> dict:
        config = dict(super().get_config())
        for k, v in self._fn_kwargs.items():
            config[k] = v.numpy() if hasattr(v, "numpy") and _is_tensor(v) else v
        config["fn"] = getattr(self.fn, "__name__", self.fn)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        fn_name = config.pop("fn", None)
        if fn_name and cls is LossFunctionWrapper:
            config["fn"] = get(fn_name)
        return cls(**config)


class MeanSquaredError(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.MeanSquaredError``."""

    def __init__(self, reduction=_AUTO, name="mean_squared_error"):
        super().__init__(mean_squared_error, name=name, reduction=reduction)


class MeanAbsoluteError(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.MeanAbsoluteError``."""

    def __init__(self, reduction=_AUTO, name="mean_absolute_error"):
        super().__init__(mean_absolute_error, name=name, reduction=reduction)


class MeanAbsolutePercentageError(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.MeanAbsolutePercentageError``."""

    def __init__(self, reduction=_AUTO, name="mean_absolute_percentage_error"):
        super().__init__(mean_absolute_percentage_error, name=name, reduction=reduction)


class MeanSquaredLogarithmicError(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.MeanSquaredLogarithmicError``."""

    def __init__(self, reduction=_AUTO, name="mean_squared_logarithmic_error"):
        super().__init__(mean_squared_logarithmic_error, name=name, reduction=reduction)


class BinaryCrossentropy(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.BinaryCrossentropy``."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction=_AUTO,
                 name="binary_crossentropy"):
        super().__init__(binary_crossentropy, name=name, reduction=reduction, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class BinaryFocalCrossentropy(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.BinaryFocalCrossentropy``."""

    def __init__(self, apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0,
                 axis=-1, reduction=_AUTO, name="binary_focal_crossentropy"):
        super().__init__(binary_focal_crossentropy, apply_class_balancing=apply_class_balancing, alpha=alpha,
                         gamma=gamma, name=name, reduction=reduction, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.apply_class_balancing = apply_class_balancing
        self.alpha = alpha
        self.gamma = gamma


class CategoricalCrossentropy(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.CategoricalCrossentropy``."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction=_AUTO,
                 name="categorical_crossentropy"):
        super().__init__(categorical_crossentropy, name=name, reduction=reduction, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)


class CategoricalFocalCrossentropy(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.CategoricalFocalCrossentropy``."""

    def __init__(self, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1, reduction=_AUTO,
                 name="categorical_focal_crossentropy"):
        super().__init__(categorical_focal_crossentropy, alpha=alpha, gamma=gamma, name=name, reduction=reduction,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.alpha = alpha
        self.gamma = gamma


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.SparseCategoricalCrossentropy`` (``ignore_class``: targets equal to it get
    loss 0 and are left out of the mean)."""

    def __init__(self, from_logits=False, ignore_class=None, reduction=_AUTO,
                 name="sparse_categorical_crossentropy"):
        super().__init__(sparse_categorical_crossentropy, name=name, reduction=reduction, from_logits=from_logits,
                         ignore_class=ignore_class)


class CosineSimilarity(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.CosineSimilarity``."""

    def __init__(self, axis=-1, reduction=_AUTO, name="cosine_similarity"):
        super().__init__(cosine_similarity, reduction=reduction, name=name, axis=axis)


class Hinge(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.Hinge``."""

    def __init__(self, reduction=_AUTO, name="hinge"):
        super().__init__(hinge, name=name, reduction=reduction)


class SquaredHinge(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.SquaredHinge``."""

    def __init__(self, reduction=_AUTO, name="squared_hinge"):
        super().__init__(squared_hinge, name=name, reduction=reduction)


class CategoricalHinge(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.CategoricalHinge``."""

    def __init__(self, reduction=_AUTO, name="categorical_hinge"):
        super().__init__(categorical_hinge, name=name, reduction=reduction)


class Poisson(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.Poisson``."""

    def __init__(self, reduction=_AUTO, name="poisson"):
        super().__init__(poisson, name=name, reduction=reduction)


class LogCosh(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.LogCosh``."""

    def __init__(self, reduction=_AUTO, name="log_cosh"):
        super().__init__(log_cosh, name=name, reduction=reduction)


class KLDivergence(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.KLDivergence``."""

    def __init__(self, reduction=_AUTO, name="kl_divergence"):
        super().__init__(kl_divergence, name=name, reduction=reduction)


class Huber(LossFunctionWrapper):
    """Mirrors ``tf.keras.losses.Huber``."""

    def __init__(self, delta=1.0, reduction=_AUTO, name="huber_loss"):
        super().__init__(huber, name=name, reduction=reduction, delta=delta)


# Keras's short names.
bce = BCE = binary_crossentropy
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh
huber_loss = huber


def is_categorical_crossentropy(loss) -> bool:
    """Mirrors tf-keras's ``losses.is_categorical_crossentropy`` (used by Keras's accuracy selection)."""
    return (isinstance(loss, CategoricalCrossentropy)
            or (isinstance(loss, LossFunctionWrapper) and loss.fn is categorical_crossentropy)
            or getattr(loss, "__name__", None) == "categorical_crossentropy"
            or (isinstance(loss, str) and loss == "categorical_crossentropy"))


def _module_objects() -> dict:
    return object_config.module_objects(globals(), __all__, ("get", "serialize", "deserialize",
                                                              "is_categorical_crossentropy", "Reduction"))


def serialize(loss, use_legacy_format=False):
    """Mirrors ``tf.keras.losses.serialize``: a config dict (a UserWarning for objects that are not ``Loss``)."""
    return object_config.serialize_object(loss, use_legacy_format, "losses", "Loss", Loss)


def deserialize(name, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.losses.deserialize``: a loss function or ``Loss`` from a name or config (an unknown
    name comes back unchanged unless ``use_legacy_format``, as in tf-keras).

    Raises:
      ValueError: an unknown name with ``use_legacy_format``."""
    return object_config.deserialize_keras_object(name, _module_objects(), custom_objects, "loss function",
                                                  legacy=use_legacy_format)


def get(identifier):
    """Mirrors ``tf.keras.losses.get``: None, a name ('mse', 'MeanSquaredError'), a config dict or a callable.

    Raises:
      ValueError: anything else, or an unknown name."""
    return object_config.get_object(identifier, deserialize, "loss function", names="by_format", dicts="plain")

