"""TF-exact optimizers copied verbatim into exported modules where ``torch.optim`` differs from TF1's kernels.

``torch.optim.Adam`` adds epsilon to ``sqrt(v) / sqrt(1 - beta2^t)``; TF1's ``ApplyAdam`` adds it to ``sqrt(v)``
and folds both bias corrections into the step size ("epsilon hat"). ``torch.optim.RMSprop`` adds epsilon outside
the square root, applies the learning rate after the division by it and starts the mean square at 0; TF1's
``ApplyRMSProp`` takes ``sqrt(ms + epsilon)``, scales the gradient by the learning rate before the momentum and
starts ``ms`` at 1. The classes below follow ``training_ops.cc`` term by term in the parameters' dtype, so the
exported module trains to TF's (and tfcompat's) losses. Gradient descent and momentum map exactly onto
``torch.optim.SGD`` and need no class. Each class only uses ``torch``."""
from __future__ import annotations

import torch

__all__ = ["CLASSES", "class_source"]


class TFAdam(torch.optim.Optimizer):
    """TF1 ``AdamOptimizer`` (``ApplyAdam``): ``lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t)``;
    ``m += (g - m) * (1 - beta1)``; ``v += (g*g - v) * (1 - beta2)``; ``var -= lr_t * m / (sqrt(v) + epsilon)``.
    ``beta1_power``/``beta2_power`` hold ``beta^t`` (TF's non-slot variables), one pair for all parameters."""

    def __init__(self, params, lr=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, beta1_power=None, beta2_power=None):
        super().__init__(params, dict(lr=lr, beta1=beta1, beta2=beta2, epsilon=epsilon))
        self.beta1_power = torch.tensor(beta1 if beta1_power is None else beta1_power, dtype=torch.float32)
        self.beta2_power = torch.tensor(beta2 if beta2_power is None else beta2_power, dtype=torch.float32)

    @torch.no_grad()
    def step(self, closure=None):
        loss = closure() if closure is not None else None
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                dt, dev = p.dtype, p.device
                lr, b1, b2, eps = (torch.tensor(group[k], dtype=dt, device=dev)
                                   for k in ("lr", "beta1", "beta2", "epsilon"))
                b1p, b2p = self.beta1_power.to(dt).to(dev), self.beta2_power.to(dt).to(dev)
                alpha = lr * torch.sqrt(1 - b2p) / (1 - b1p)
                state = self.state[p]
                if not state:
                    state["m"] = torch.zeros_like(p)
                    state["v"] = torch.zeros_like(p)
                m, v, g = state["m"], state["v"], p.grad
                m.add_((g - m) * (1 - b1))
                v.add_((g * g - v) * (1 - b2))
                p.sub_(alpha * m / (torch.sqrt(v) + eps))
        # TF's _finish: the powers advance once per step, after every variable is updated.
        group = self.param_groups[0]
        self.beta1_power = self.beta1_power * torch.tensor(group["beta1"], dtype=torch.float32)
        self.beta2_power = self.beta2_power * torch.tensor(group["beta2"], dtype=torch.float32)
        return loss


class TFRMSProp(torch.optim.Optimizer):
    """TF1 ``RMSPropOptimizer`` (``ApplyRMSProp``, not centered): ``ms += (g*g - ms) * (1 - decay)``;
    ``mom = mom * momentum + lr * g / sqrt(ms + epsilon)``; ``var -= mom``; ``ms`` starts at 1."""

    def __init__(self, params, lr, decay=0.9, momentum=0.0, epsilon=1e-10):
        super().__init__(params, dict(lr=lr, decay=decay, momentum=momentum, epsilon=epsilon))

    @torch.no_grad()
    def step(self, closure=None):
        loss = closure() if closure is not None else None
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                dt, dev = p.dtype, p.device
                lr, rho, mom_c, eps = (torch.tensor(group[k], dtype=dt, device=dev)
                                       for k in ("lr", "decay", "momentum", "epsilon"))
                state = self.state[p]
                if not state:
                    state["ms"] = torch.ones_like(p)
                    state["mom"] = torch.zeros_like(p)
                ms, mom, g = state["ms"], state["mom"], p.grad
                ms.add_((g * g - ms) * (1 - rho))
                mom.mul_(mom_c).add_(g * lr / torch.sqrt(ms + eps))
                p.sub_(mom)
        return loss


CLASSES = {c.__name__: c for c in (TFAdam, TFRMSProp)}


def class_source(name: str) -> str:
    """The source of optimizer class ``name``, for a generated module."""
    import inspect
    return inspect.getsource(CLASSES[name])
