"""TF's ``canned/optimizers.get_optimizer_instance`` (V1): an optimizer given by name, instance or callable."""
from __future__ import annotations

from tfcompat._src.runtime.training import optimizers_v1
from tfcompat._src.runtime.training.optimizer_v1 import Optimizer

__all__ = ["get_optimizer_instance"]

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
