"""TF's ``canned/optimizers``: ``get_optimizer_instance`` (V1 estimators: ``tf.compat.v1.train`` optimizers) and
``get_optimizer_instance_v2`` (TF2 estimators: Keras legacy optimizers), an optimizer given by name, instance or
callable."""
from __future__ import annotations

from tfcompat._src.runtime.training import optimizers_v1
from tfcompat._src.runtime.training.optimizer_v1 import Optimizer

__all__ = ["get_optimizer_instance", "get_optimizer_instance_v2"]

_OPTIMIZER_CLS_NAMES = {
    "Adagrad": optimizers_v1.AdagradOptimizer,
    "Adam": optimizers_v1.AdamOptimizer,
    "Ftrl": optimizers_v1.FtrlOptimizer,
    "RMSProp": optimizers_v1.RMSPropOptimizer,
    "SGD": optimizers_v1.GradientDescentOptimizer,
}


def get_optimizer_instance(opt, learning_rate=None) -> Optimizer:
    """A ``tf.compat.v1.train.Optimizer`` from ``opt``: one of TF's names ('Adagrad', 'Adam', 'Ftrl', 'RMSProp',
    'SGD', made with ``learning_rate``), an Optimizer, or a callable returning one.

    Raises:
      ValueError: TF's messages for an unknown name, a missing learning rate or a non-optimizer."""
    if isinstance(opt, str):
        if opt in _OPTIMIZER_CLS_NAMES:
            if not learning_rate:
                raise ValueError("learning_rate must be specified when opt is string.")
            return _OPTIMIZER_CLS_NAMES[opt](learning_rate=learning_rate)
        raise ValueError("Unsupported optimizer name: {}. Supported names are: {}".format(
            opt, tuple(sorted(_OPTIMIZER_CLS_NAMES))))
    if callable(opt):
        opt = opt()
    if not isinstance(opt, Optimizer):
        raise ValueError("The given object is not an Optimizer instance. Given: {}".format(opt))
    return opt


def _keras_legacy_optimizers() -> dict:
    from tfcompat._src.keras.optimizers import legacy
    return {"Adagrad": legacy.Adagrad, "Adam": legacy.Adam, "Ftrl": legacy.Ftrl, "RMSProp": legacy.RMSprop,
            "SGD": legacy.SGD}


def get_optimizer_instance_v2(opt, learning_rate=None):
    """A Keras legacy optimizer (``tf.keras.optimizers.legacy.*``) from ``opt``: one of TF's names ('Adagrad',
    'Adam', 'Ftrl', 'RMSProp', 'SGD'; made with ``learning_rate``, or the optimizer's own default learning rate
    when it is None), an optimizer, or a callable returning one.

    Difference: a non-legacy Keras optimizer is refused (TF converts it to the legacy class with a warning).

    Raises:
      ValueError: TF's messages for an unknown name or a non-optimizer."""
    from tfcompat._src.keras.optimizers.legacy import OptimizerV2
    names = _keras_legacy_optimizers()
    if isinstance(opt, str):
        if opt in names:
            return names[opt]() if not learning_rate else names[opt](learning_rate=learning_rate)
        raise ValueError("Unsupported optimizer name: {}. Supported names are: {}".format(opt, tuple(sorted(names))))
    if callable(opt) and not isinstance(opt, OptimizerV2):
        opt = opt()
    if not isinstance(opt, OptimizerV2):
        raise ValueError("The given object is not a tf_keras.optimizers.Optimizer instance. Given: {}".format(opt))
    return opt
