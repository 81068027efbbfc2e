"""TF1 optimizers (``tf.compat.v1.train.*Optimizer``): hyperparameters and slots; the math is in update_ops."""
from __future__ import annotations

from tfcompat._src.runtime.training.optimizer_v1 import Optimizer, graph_key

__all__ = ["GradientDescentOptimizer", "MomentumOptimizer", "AdamOptimizer", "RMSPropOptimizer",
           "AdagradOptimizer", "AdadeltaOptimizer", "FtrlOptimizer", "ProximalGradientDescentOptimizer",
           "ProximalAdagradOptimizer"]


class GradientDescentOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.GradientDescentOptimizer``: ``var -= lr * grad``."""

    _op_type = "ResourceApplyGradientDescent"

    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph)]


class MomentumOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.MomentumOptimizer``: ``accum = accum * momentum + grad``;
    ``var -= lr * accum`` (Nesterov: ``var -= grad * lr + accum * momentum * lr``)."""

    _op_type = "ResourceApplyMomentum"
    _slot_specs = (("momentum", None),)

    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum", use_nesterov=False):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._momentum = momentum
        self._use_nesterov = use_nesterov

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph),
                self._hyper_value("momentum", self._momentum, graph)]

    def _attrs(self):
        return {"use_nesterov": bool(self._use_nesterov)}


class AdamOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.AdamOptimizer`` (the "epsilon hat" form of TF's ApplyAdam kernel):
    ``lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t)``, ``var -= lr_t * m / (sqrt(v) + epsilon)``, with the
    powers kept in the non-slot variables ``beta1_power`` / ``beta2_power``."""

    _op_type = "ResourceApplyAdam"
    _slot_specs = (("m", None), ("v", None))

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False,
                 name="Adam"):
        super().__init__(use_locking, name)
        self._lr = learning_rate
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon

    def _create_slots(self, var_list):
        from tfcompat._src.framework import context as ctx_lib
        graph = ctx_lib.graph_mode_graph()
        self._create_non_slot_variable(self._beta1, "beta1_power", graph)
        self._create_non_slot_variable(self._beta2, "beta2_power", graph)
        super()._create_slots(var_list)

    def _get_beta_accumulators(self):
        from tfcompat._src.framework import context as ctx_lib
        graph = ctx_lib.graph_mode_graph()
        key = graph_key(graph)
        return self._non_slot_dict[("beta1_power", key)], self._non_slot_dict[("beta2_power", key)]

    def _hypers(self, graph):
        b1p, b2p = self._get_beta_accumulators()
        return [self._hyper_value("learning_rate", self._lr, graph), b1p, b2p,
                self._hyper_value("beta1", self._beta1, graph), self._hyper_value("beta2", self._beta2, graph),
                self._hyper_value("epsilon", self._epsilon, graph)]

    def _attrs(self):
        return {"use_nesterov": False}

    def _after(self, graph):
        b1p, b2p = self._get_beta_accumulators()

        def update_powers(h):
            # TF's _finish: beta1_power.assign(beta1_power * beta1) once all variables are updated.
            for power, beta in ((b1p, h["beta1"]), (b2p, h["beta2"])):
                cur = power._current_value()
                power._bind_fresh(cur * (beta if beta.dtype == cur.dtype else beta.to(cur.dtype)))
        return update_powers


class RMSPropOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.RMSPropOptimizer`` (TF's ApplyRMSProp / ApplyCenteredRMSProp kernels; the
    mean-square slot ``rms`` starts at 1.0 as in TF1)."""

    _op_type = "ResourceApplyRMSProp"

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False, centered=False,
                 name="RMSProp"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._decay = decay
        self._momentum = momentum
        self._epsilon = epsilon
        self._centered = centered
        self._slot_specs = (("rms", lambda opt: 1.0), ("momentum", None)) + \
            ((("mg", None),) if centered else ())

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph),
                self._hyper_value("decay", self._decay, graph),
                self._hyper_value("momentum", self._momentum, graph),
                self._hyper_value("epsilon", self._epsilon, graph)]

    def _attrs(self):
        return {"centered": bool(self._centered)}


class AdagradOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.AdagradOptimizer``: ``accum += grad^2``; ``var -= lr * grad / sqrt(accum)``,
    the accumulator starting at ``initial_accumulator_value``."""

    _op_type = "ResourceApplyAdagrad"

    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False, name="Adagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError(f"initial_accumulator_value must be positive: {initial_accumulator_value}")
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_accumulator_value = initial_accumulator_value
        self._slot_specs = (("accumulator", lambda opt: opt._initial_accumulator_value),)

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph)]


class AdadeltaOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.AdadeltaOptimizer`` (TF's ApplyAdadelta kernel)."""

    _op_type = "ResourceApplyAdadelta"
    _slot_specs = (("accum", None), ("accum_update", None))

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-8, use_locking=False, name="Adadelta"):
        super().__init__(use_locking, name)
        self._lr = learning_rate
        self._rho = rho
        self._epsilon = epsilon

    def _hypers(self, graph):
        return [self._hyper_value("lr", self._lr, graph), self._hyper_value("rho", self._rho, graph),
                self._hyper_value("epsilon", self._epsilon, graph)]


class FtrlOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.FtrlOptimizer`` (TF's ApplyFtrl / ApplyFtrlV2 kernels)."""

    _op_type = "ResourceApplyFtrlV2"

    def __init__(self, learning_rate, learning_rate_power=-0.5, initial_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0, use_locking=False, name="Ftrl",
                 accum_name=None, linear_name=None, l2_shrinkage_regularization_strength=0.0, beta=None):
        super().__init__(use_locking, name)
        if initial_accumulator_value < 0.0:
            raise ValueError(f"initial_accumulator_value {initial_accumulator_value} needs to be positive or zero")
        if learning_rate_power > 0.0:
            raise ValueError(f"learning_rate_power {learning_rate_power} needs to be negative or zero")
        if l1_regularization_strength < 0.0:
            raise ValueError(f"l1_regularization_strength {l1_regularization_strength} needs to be positive or "
                             f"zero")
        if l2_regularization_strength < 0.0:
            raise ValueError(f"l2_regularization_strength {l2_regularization_strength} needs to be positive or "
                             f"zero")
        if l2_shrinkage_regularization_strength < 0.0:
            raise ValueError(f"l2_shrinkage_regularization_strength {l2_shrinkage_regularization_strength} needs "
                             f"to be positive or zero")
        self._learning_rate = learning_rate
        self._learning_rate_power = learning_rate_power
        self._initial_accumulator_value = initial_accumulator_value
        self._l1 = l1_regularization_strength
        # TF: beta is folded into l2 (l2 + beta / (2 * lr)).
        self._l2 = l2_regularization_strength + (0.0 if beta is None else beta / (2.0 * learning_rate))
        self._l2_shrinkage = l2_shrinkage_regularization_strength
        self._slot_specs = ((accum_name or "accum", lambda opt: opt._initial_accumulator_value),
                            (linear_name or "linear", None))

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph),
                self._hyper_value("l1_regularization_strength", self._l1, graph),
                self._hyper_value("l2_regularization_strength", self._l2, graph),
                self._hyper_value("l2_shrinkage_regularization_strength", self._l2_shrinkage, graph),
                self._hyper_value("learning_rate_power", self._learning_rate_power, graph)]

    def _attrs(self):
        return {"shrinkage": self._l2_shrinkage > 0.0, "lr_power_is_half": self._learning_rate_power == -0.5}


class ProximalGradientDescentOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.ProximalGradientDescentOptimizer`` (TF's ApplyProximalGradientDescent
    kernel: a gradient step, then the Fobos l1/l2 shrinkage)."""

    _op_type = "ResourceApplyProximalGradientDescent"

    def __init__(self, learning_rate, l1_regularization_strength=0.0, l2_regularization_strength=0.0,
                 use_locking=False, name="ProximalGradientDescent"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._l1 = l1_regularization_strength
        self._l2 = l2_regularization_strength

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph),
                self._hyper_value("l1_regularization_strength", self._l1, graph),
                self._hyper_value("l2_regularization_strength", self._l2, graph)]


class ProximalAdagradOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.ProximalAdagradOptimizer`` (TF's ApplyProximalAdagrad kernel: Adagrad's
    per-element rate ``lr / sqrt(accum)``, then the Fobos l1/l2 shrinkage with that rate)."""

    _op_type = "ResourceApplyProximalAdagrad"

    def __init__(self, learning_rate, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, use_locking=False, name="ProximalAdagrad"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_accumulator_value = initial_accumulator_value
        self._l1 = l1_regularization_strength
        self._l2 = l2_regularization_strength
        self._slot_specs = (("accumulator", lambda opt: opt._initial_accumulator_value),)

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph),
                self._hyper_value("l1_regularization_strength", self._l1, graph),
                self._hyper_value("l2_regularization_strength", self._l2, graph)]
