"""Learning-rate schedules: Keras' ``LearningRateSchedule`` classes and TF1's ``tf.compat.v1.train.*_decay``.

The formulas follow TF's ``learning_rate_schedule.py`` (same op sequence, so float32 values match). Each
schedule runs under TF's name scope (its ``name`` or the class's default, e.g. ``ExponentialDecay``) and names
its result after it, so a TF1 graph's learning rate is ``ExponentialDecay:0`` as in TF. TF1's decay functions
return a tensor in graph mode and a no-argument callable when executing eagerly, as in TF."""
from __future__ import annotations

import functools

from tfcompat._src.framework import context as ctx_lib

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops.control_flow_case import case

__all__ = ["LearningRateSchedule", "ExponentialDecay", "PiecewiseConstantDecay", "PolynomialDecay",
           "InverseTimeDecay", "exponential_decay", "piecewise_constant", "polynomial_decay",
           "inverse_time_decay"]


def _tensor(x, dtype=None):
    if dtype is not None:
        return math_ops.cast(convert_to_tensor(x), dtype) if hasattr(x, "dtype") else convert_to_tensor(x, dtype)
    return convert_to_tensor(x)


class LearningRateSchedule:
    """Mirrors ``tf.keras.optimizers.schedules.LearningRateSchedule``: ``schedule(step) -> learning rate``."""

    def __call__(self, step):
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must override "
                                  f"`__call__(self, step)`.")

    def get_config(self) -> dict:
        raise NotImplementedError

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class _StepDecay(LearningRateSchedule):
    """Shared state of the decays parameterised by (initial_learning_rate, decay_steps, decay_rate, staircase)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase, name):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def _progress(self, step):
        """(initial rate tensor, step / decay_steps in its dtype, floored when ``staircase``)."""
        lr = _tensor(self.initial_learning_rate)
        p = math_ops.cast(_tensor(step), lr.dtype) / _tensor(self.decay_steps, lr.dtype)
        return lr, (math_ops.floor(p) if self.staircase else p)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class ExponentialDecay(_StepDecay):
    """Mirrors ``tf.keras.optimizers.schedules.ExponentialDecay``:
    ``initial * decay_rate ** (step / decay_steps)`` (floored exponent when ``staircase``)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name=None):
        if decay_steps <= 0:
            raise ValueError(f"Argument `decay_steps` must be > 0. Received: decay_steps={decay_steps}")
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def __call__(self, step):
        with name_scope(self.name or "ExponentialDecay") as name:
            lr, p = self._progress(step)
            return math_ops.multiply(lr, math_ops.pow(_tensor(self.decay_rate, lr.dtype), p), name=name)


class PiecewiseConstantDecay(LearningRateSchedule):
    """Mirrors ``tf.keras.optimizers.schedules.PiecewiseConstantDecay``: ``values[i]`` while
    ``boundaries[i-1] < step <= boundaries[i]``, chosen by an exclusive ``tf.case`` as in TF (in a graph the
    result is ``PiecewiseConstant/case/cond/Identity:0``).

    Raises:
      ValueError: ``len(values) != len(boundaries) + 1``."""

    def __init__(self, boundaries, values, name=None):
        if len(boundaries) != len(values) - 1:
            raise ValueError(f"The length of boundaries should be 1 less than the length of values. Received: "
                             f"boundaries={boundaries} of length {len(boundaries)}, and values={values} of length "
                             f"{len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        with name_scope(self.name or "PiecewiseConstant"):
            x = _tensor(step)
            values = [_tensor(v) for v in self.values]
            boundaries = [_tensor(b, x.dtype) for b in self.boundaries]
            pairs = [(math_ops.less_equal(x, boundaries[0]), lambda: values[0]),
                     (math_ops.greater(x, boundaries[-1]), lambda: values[-1])]
            for low, high, v in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
                pred = math_ops.logical_and(math_ops.greater(x, low), math_ops.less_equal(x, high))
                pairs.append((pred, lambda v=v: v))
            return case(pairs, lambda: values[0], exclusive=True)

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    """Mirrors ``tf.keras.optimizers.schedules.PolynomialDecay``."""

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                 name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name

    def __call__(self, step):
        with name_scope(self.name or "PolynomialDecay") as name:
            lr = _tensor(self.initial_learning_rate)
            dtype = lr.dtype
            end_lr = _tensor(self.end_learning_rate, dtype)
            power = _tensor(self.power, dtype)
            step_f = math_ops.cast(_tensor(step), dtype)
            decay_steps = _tensor(self.decay_steps, dtype)
            if self.cycle:
                one = convert_to_tensor(1.0, dtype=dtype)
                multiplier = array_ops.where(math_ops.equal(step_f, convert_to_tensor(0.0, dtype=dtype)), one,
                                             math_ops.ceil(step_f / decay_steps))
                decay_steps = decay_steps * multiplier
            else:
                step_f = math_ops.minimum(step_f, decay_steps)
            p = math_ops.divide(step_f, decay_steps)
            one = convert_to_tensor(1.0, dtype=dtype)
            return math_ops.add(math_ops.multiply(lr - end_lr, math_ops.pow(one - p, power)), end_lr, name=name)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "end_learning_rate": self.end_learning_rate, "power": self.power, "cycle": self.cycle,
                "name": self.name}


class InverseTimeDecay(_StepDecay):
    """Mirrors ``tf.keras.optimizers.schedules.InverseTimeDecay``:
    ``initial / (1 + decay_rate * step / decay_steps)``."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name=None):
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def __call__(self, step):
        with name_scope(self.name or "InverseTimeDecay") as name:
            lr, p = self._progress(step)
            denom = math_ops.add(convert_to_tensor(1.0, dtype=lr.dtype),
                                 math_ops.multiply(_tensor(self.decay_rate, lr.dtype), p))
            return math_ops.divide(lr, denom, name=name)


# -- TF1 functions -------------------------------------------------------------------------------------
def _v1(schedule, global_step):
    if global_step is None:
        raise ValueError("global_step is required for this decay function.")
    if ctx_lib.executing_eagerly():
        return functools.partial(schedule, global_step)
    return schedule(global_step)


def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """Mirrors ``tf.compat.v1.train.exponential_decay``."""
    return _v1(ExponentialDecay(learning_rate, decay_steps, decay_rate, staircase, name), global_step)


def piecewise_constant(x, boundaries, values, name=None):
    """Mirrors ``tf.compat.v1.train.piecewise_constant``."""
    return _v1(PiecewiseConstantDecay(boundaries, values, name), x)


def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    """Mirrors ``tf.compat.v1.train.polynomial_decay``."""
    return _v1(PolynomialDecay(learning_rate, decay_steps, end_learning_rate, power, cycle, name), global_step)


def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """Mirrors ``tf.compat.v1.train.inverse_time_decay``."""
    return _v1(InverseTimeDecay(learning_rate, decay_steps, decay_rate, staircase, name), global_step)



