"""``tf.keras.optimizers.schedules.CosineDecay`` (with 2.21's linear warmup) and ``CosineDecayRestarts`` (SGDR),
also exported as ``tf.keras.experimental.*``. The op sequence is tf-keras's, so float32 values match."""
from __future__ import annotations

import math

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import math_ops
from tfcompat._src.ops.control_flow_ops import cond
from tfcompat._src.runtime.training.learning_rate import LearningRateSchedule

__all__ = ["CosineDecay", "CosineDecayRestarts"]


class CosineDecay(LearningRateSchedule):
    """Mirrors ``tf.keras.optimizers.schedules.CosineDecay``: ``initial * ((1 - alpha) * 0.5 * (1 + cos(pi *
    min(step, decay_steps) / decay_steps)) + alpha)``; with ``warmup_target``, a linear ramp from the initial rate
    to ``warmup_target`` over ``warmup_steps`` first, then the decay from ``warmup_target``."""

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name=None, warmup_target=None,
                 warmup_steps=0):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target

    def _decay_function(self, step, decay_steps, decay_from_lr, dtype):
        completed_fraction = step / decay_steps
        pi = convert_to_tensor(math.pi, dtype=dtype)
        cosine_decayed = 0.5 * (1.0 + math_ops.cos(pi * completed_fraction))
        decayed = (1 - self.alpha) * cosine_decayed + self.alpha
        return math_ops.multiply(decay_from_lr, decayed)

    @staticmethod
    def _warmup_function(step, warmup_steps, warmup_target, initial_learning_rate):
        completed_fraction = step / warmup_steps
        total_step_delta = warmup_target - initial_learning_rate
        return total_step_delta * completed_fraction + initial_learning_rate

    def __call__(self, step):
        with name_scope(self.name or "CosineDecay"):
            initial_learning_rate = convert_to_tensor(self.initial_learning_rate, name="initial_learning_rate")
            dtype = initial_learning_rate.dtype
            decay_steps = math_ops.cast(self.decay_steps, dtype)
            step = math_ops.cast(step, dtype)
            if self.warmup_target is None:
                step = math_ops.minimum(step, decay_steps)
                return self._decay_function(step, decay_steps, initial_learning_rate, dtype)
            warmup_target = math_ops.cast(self.warmup_target, dtype)
            warmup_steps = math_ops.cast(self.warmup_steps, dtype)
            step = math_ops.minimum(step, decay_steps + warmup_steps)
            return cond(step < warmup_steps,
                        lambda: self._warmup_function(step, warmup_steps, warmup_target, initial_learning_rate),
                        lambda: self._decay_function(step - warmup_steps, decay_steps, warmup_target, dtype))

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "alpha": self.alpha, "name": self.name, "warmup_target": self.warmup_target,
                "warmup_steps": self.warmup_steps}


class CosineDecayRestarts(LearningRateSchedule):
    """Mirrors ``tf.keras.optimizers.schedules.CosineDecayRestarts`` (SGDR): cosine decay over periods that grow
    by ``t_mul``, each restart's peak scaled by ``m_mul``."""

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name=None):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name

    def __call__(self, step):
        with name_scope(self.name or "SGDRDecay") as name:
            initial_learning_rate = convert_to_tensor(self.initial_learning_rate, name="initial_learning_rate")
            dtype = initial_learning_rate.dtype
            first_decay_steps = math_ops.cast(self.first_decay_steps, dtype)
            alpha = math_ops.cast(self.alpha, dtype)
            t_mul = math_ops.cast(self._t_mul, dtype)
            m_mul = math_ops.cast(self._m_mul, dtype)
            completed_fraction = math_ops.cast(step, dtype) / first_decay_steps

            def compute_step(fraction, geometric):
                if geometric:
                    i_restart = math_ops.floor(math_ops.log(1.0 - fraction * (1.0 - t_mul)) / math_ops.log(t_mul))
                    sum_r = (1.0 - t_mul ** i_restart) / (1.0 - t_mul)
                    fraction = (fraction - sum_r) / t_mul ** i_restart
                else:
                    i_restart = math_ops.floor(fraction)
                    fraction -= i_restart
                return i_restart, fraction

            i_restart, completed_fraction = cond(math_ops.equal(t_mul, 1.0),
                                                 lambda: compute_step(completed_fraction, geometric=False),
                                                 lambda: compute_step(completed_fraction, geometric=True))
            m_fac = m_mul ** i_restart
            pi = convert_to_tensor(math.pi, dtype=dtype)
            cosine_decayed = 0.5 * m_fac * (1.0 + math_ops.cos(pi * completed_fraction))
            decayed = (1 - alpha) * cosine_decayed + alpha
            return math_ops.multiply(initial_learning_rate, decayed, name=name)

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "first_decay_steps": self.first_decay_steps,
                "t_mul": self._t_mul, "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}
