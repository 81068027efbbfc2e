"""``tf.keras.mixed_precision.LossScaleOptimizer`` (tf-keras 2.21): wraps an optimizer, multiplies the loss by
a loss scale before differentiating and divides the gradients by it after. The dynamic scale (the default)
starts at 2**15, halves (not below 1) and skips the update whenever a gradient is not finite, and doubles after
``dynamic_growth_steps`` (2000) finite steps in a row; a skipped step still counts in ``iterations``."""
from __future__ import annotations

import logging

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.ops import math_ops, reduction_ops
from tfcompat._src.ops.variables import Variable
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.keras.optimizers import legacy, serialize as serialize_optimizer, deserialize as deserialize_optimizer
from tfcompat._src.keras.optimizers.optimizer import Optimizer
from tfcompat._src.keras.utils import control_flow_util

__all__ = ["LossScaleOptimizer"]

_log = logging.getLogger("tfcompat")

_DEFAULT_INITIAL_SCALE = 2 ** 15
_DEFAULT_GROWTH_STEPS = 2000


def _all_finite(grads):
    per_grad = [reduction_ops.reduce_all(math_ops.is_finite(g.values if isinstance(g, IndexedSlices) else g))
                for g in grads if g is not None]
    if not per_grad:
        return convert_to_tensor(True)
    return reduction_ops.reduce_all(per_grad)


def _scale_gradient(grad, scale):
    scale = math_ops.cast(scale, grad.dtype)
    if isinstance(grad, IndexedSlices):
        return IndexedSlices(grad.values * scale, grad.indices, grad.dense_shape)
    return grad * scale


class _DynamicLossScale:
    """tf-keras's ``_DynamicLossScaleState``: the current scale (float32) and the finite-step counter (int64)."""

    def __init__(self, initial_loss_scale, growth_steps, multiplier=2):
        self.initial_loss_scale = float(initial_loss_scale)
        self.growth_steps = int(growth_steps)
        self.multiplier = multiplier
        with ctx_lib.init_scope():
            self.current_loss_scale = Variable(self.initial_loss_scale, name="current_loss_scale",
                                               dtype=dtypes.float32, trainable=False)
            self.counter = Variable(0, name="good_steps", dtype=dtypes.int64, trainable=False)

    def update(self, grads):
        """Updates the scale from ``grads``; returns whether they are all finite (apply them)."""
        is_finite = _all_finite(grads)

        def grow_or_count():
            def grow():
                self.current_loss_scale.assign(self.current_loss_scale * self.multiplier)
                self.counter.assign(0)
                return convert_to_tensor(True)

            def count():
                self.counter.assign_add(1)
                return convert_to_tensor(True)
            return control_flow_util.smart_cond(self.counter + 1 >= self.growth_steps, grow, count)

        def shrink():
            self.counter.assign(0)
            self.current_loss_scale.assign(math_ops.maximum(self.current_loss_scale / self.multiplier, 1.0))
            return convert_to_tensor(True)
        control_flow_util.smart_cond(is_finite, grow_or_count, shrink)
        return is_finite


class LossScaleOptimizer:
    """Mirrors ``tf.keras.mixed_precision.LossScaleOptimizer`` for both Keras optimizer families (tf-keras picks
    ``LossScaleOptimizerV3`` or the legacy wrapper; tfcompat has one class). Attributes it does not define
    (``learning_rate``, ``iterations``, slots...) are the inner optimizer's.

    Raises:
      TypeError: ``inner_optimizer`` is not a Keras optimizer or is a LossScaleOptimizer, or ``dynamic`` is not a
        bool. ValueError: the optimizer is already wrapped, ``dynamic=False`` without ``initial_scale``, or
        ``dynamic_growth_steps`` with ``dynamic=False``."""

    def __init__(self, inner_optimizer, dynamic=True, initial_scale=None, dynamic_growth_steps=None):
        if isinstance(inner_optimizer, LossScaleOptimizer):
            raise TypeError(f"LossScaleOptimizer cannot wrap another LossScaleOptimizer, but got: {inner_optimizer}")
        if not isinstance(inner_optimizer, (Optimizer, legacy.OptimizerV2)):
            raise TypeError(f'"inner_optimizer" must be an instance of `tf.keras.optimizers.Optimizer` or '
                            f"`tf.keras.optimizers.experimental.Optimizer`, but got: {inner_optimizer}.")
        if not isinstance(dynamic, bool):
            raise TypeError(f'"dynamic" argument to LossScaleOptimizer.__init__ must be a bool, but got: '
                            f"{dynamic!r}")
        if getattr(inner_optimizer, "_is_wrapped_by_loss_scale_optimizer", False):
            raise ValueError('"inner_optimizer" is already wrapped by a LossScaleOptimizer. An optimizer can only be '
                             "wrapped by a single LossScaleOptimizer")
        if dynamic:
            self._loss_scale = _DynamicLossScale(_DEFAULT_INITIAL_SCALE if initial_scale is None else initial_scale,
                                                 _DEFAULT_GROWTH_STEPS if dynamic_growth_steps is None
                                                 else dynamic_growth_steps)
        else:
            if initial_scale is None:
                raise ValueError('"initial_scale" must be specified if "dynamic" is False')
            if dynamic_growth_steps is not None:
                raise ValueError(f'"dynamic_growth_steps" must be None if "dynamic" is False, but got: '
                                 f"{dynamic_growth_steps}")
            self._loss_scale = float(initial_scale)
        self._optimizer = inner_optimizer
        inner_optimizer._is_wrapped_by_loss_scale_optimizer = True
        self._loss_has_been_scaled = False
        self._gradients_have_been_unscaled = False

    def __getattr__(self, name):
        optimizer = self.__dict__.get("_optimizer")
        if optimizer is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(optimizer, name)

    @property
    def dynamic(self) -> bool:
        return isinstance(self._loss_scale, _DynamicLossScale)

    @property
    def loss_scale(self):
        """The current loss scale, a float32 scalar tensor."""
        if self.dynamic:
            return convert_to_tensor(self._loss_scale.current_loss_scale)
        return convert_to_tensor(self._loss_scale)

    @property
    def dynamic_counter(self):
        return self._loss_scale.counter if self.dynamic else None

    @property
    def initial_scale(self):
        return self._loss_scale.initial_loss_scale if self.dynamic else self._loss_scale

    @property
    def dynamic_growth_steps(self):
        return self._loss_scale.growth_steps if self.dynamic else None

    @property
    def inner_optimizer(self):
        return self._optimizer

    @property
    def learning_rate(self):
        return self._optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self._optimizer.learning_rate = value

    def get_scaled_loss(self, loss):
        """``loss * loss_scale`` (a callable loss gives a callable)."""
        self._loss_has_been_scaled = True
        if callable(loss):
            def scaled():
                value = loss()
                return value * math_ops.cast(self.loss_scale, value.dtype)
            return scaled
        return loss * math_ops.cast(self.loss_scale, loss.dtype)

    def get_unscaled_gradients(self, grads):
        """Each gradient times ``1 / loss_scale`` (None stays None)."""
        self._gradients_have_been_unscaled = True
        reciprocal = 1.0 / self.loss_scale
        return [None if g is None else _scale_gradient(g, reciprocal) for g in grads]

    def compute_gradients(self, loss, var_list, tape=None):
        """Gradients of the scaled loss, unscaled: (gradient, variable) pairs."""
        tape = GradientTape() if tape is None else tape
        with tape:
            if callable(loss):
                loss = loss()
            loss = self.get_scaled_loss(loss)
        var_list = list(var_list() if callable(var_list) else var_list)
        grads = self.get_unscaled_gradients(tape.gradient(loss, var_list))
        return list(zip(grads, var_list))

    def get_gradients(self, loss, params):
        """Legacy optimizers' ``get_gradients`` with the loss scaled and the gradients unscaled."""
        loss = self.get_scaled_loss(loss)
        return self.get_unscaled_gradients(self._optimizer.get_gradients(loss, params))

    def minimize(self, loss, var_list, grad_loss=None, name=None, tape=None):
        """``compute_gradients`` then ``apply_gradients``."""
        grads_and_vars = self.compute_gradients(loss, var_list, tape)
        return self.apply_gradients(grads_and_vars)

    def apply_gradients(self, grads_and_vars, name=None, skip_gradients_aggregation=False, **kwargs):
        """Applies the gradients unless one is not finite (then only ``iterations`` advances); a dynamic scale is
        updated first."""
        grads_and_vars = list(grads_and_vars)
        if not (self._loss_has_been_scaled and self._gradients_have_been_unscaled):
            _log.warning("You forgot to call LossScaleOptimizer.get_scaled_loss() and/or "
                         "LossScaleOptimizer.get_unscaled_gradients() before calling "
                         "LossScaleOptimizer.apply_gradients(). This will likely result in worse model quality.")
        grads = [g for g, _ in grads_and_vars]
        should_apply = self._loss_scale.update(grads) if self.dynamic else True

        def apply():
            self._optimizer.apply_gradients(grads_and_vars)
            return convert_to_tensor(True)

        def skip():
            self._optimizer.iterations.assign_add(1)
            return convert_to_tensor(False)
        if should_apply is True:
            apply()
        else:
            control_flow_util.smart_cond(should_apply, apply, skip)
        return self._optimizer.iterations

    def get_config(self):
        return {"inner_optimizer": serialize_optimizer(self._optimizer), "dynamic": self.dynamic,
                "initial_scale": self.initial_scale, "dynamic_growth_steps": self.dynamic_growth_steps}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        inner = config.pop("inner_optimizer")
        if not isinstance(inner, (Optimizer, legacy.OptimizerV2)):
            inner = deserialize_optimizer(inner, custom_objects=custom_objects)
        return cls(inner, **config)
