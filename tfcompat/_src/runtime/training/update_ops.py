"""Optimizer update ops: one registered op per update rule, applied to ALL variables of one apply_gradients.

Each op (TF raw-op names for TF1's kernels, ``Keras*`` names for Keras 3's update steps, which have no TF raw
op) takes the gradients plus scalar hyperparameter tensors as inputs and the variables and their slot
variables as attributes. Its kernel takes each variable's tensor ready for writing (copy-on-write,
``Variable._writable_value``: in place unless something else holds it, as TF's resource variables) and
updates the variables and slots in place under ``torch.no_grad`` with multi-tensor ``torch._foreach_*``
kernels (one call per step of the formula, not one per variable; each slot written once). The formulas
follow TF's ``training_ops.cc`` (TF1) and Keras 3's ``update_step`` (TF2) term by term, each step rounded as
there (no fused multiply-adds), so float32 results match theirs up to rounding of reassociated sums.
On the CPU (float32/float64, outside torch.compile) a scaled sum ``x + t * c`` or ``x + (t * c) / d`` runs as one
``addcdiv_`` pass (``x + (c * t) / d``, ``d`` a broadcast one for the first): torch's CPU addcdiv rounds the
product, the quotient and the sum one by one (a division sits between them, so no multiply-add is fused), the
roundings of the formula (checked bit-for-bit in tests/runtime/test_update_ops.py). torch's CPU ``addcmul``,
``lerp`` and ``add(alpha=)`` fuse a multiply-add and are not used. TF's ApplyAdam is bit-for-bit this formula
with a correctly rounded ``sqrt``; torch's CPU float32 ``sqrt`` (MKL vector math) is one ulp off in ~20% of
elements, so on that path Adam takes numpy's (``_sqrt_exact``) and computes its scalars (alpha, 1 - beta) on the
host with numpy scalars of the variable's dtype, as TF's kernel does: m, v and var are TF's bits (tested).
Every rule's sqrt is ``_sqrt_exact`` on that path (tf-keras 2's RMSprop ``rsqrt`` stays torch's). There, Adam's
``sqrt(v) + eps`` and RMSProp's ``sqrt(ms + eps)`` run in one numpy loop into buffers the step already made and no
longer needs (``g - m``, ``g^2 - ms``): no fresh denominator, no torch pass for the epsilon (the same IEEE sums;
tests/runtime/test_update_step_cost.py). The variables' writable tensors come from ``writable_values`` (one call
for a whole list, the same copy-on-write decisions). An update function takes (variables, slots, gradients, hyperparameters, attrs) and returns nothing."""
from __future__ import annotations

from typing import Callable

import numpy as np
import torch

from tfcompat._src.framework.dispatch import no_grad
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.runtime.training.writable_values import writable_values

__all__ = ["UPDATE_RULES", "HYPER_NAMES"]


def _mul(a, b):
    return torch._foreach_mul(a, b)


def _sq(a):
    return torch._foreach_mul(a, a)


def _plus(a, b):
    return torch._foreach_add(a, b)


_EXACT_ADDCDIV = (torch.float32, torch.float64)   # CPU addcdiv computes in the tensor's own dtype
_ONES: dict = {}


def _cpu_exact(ts) -> bool:
    """Whether the group ``ts`` is CPU float32/float64 outside torch.compile (host-side exact forms apply)."""
    t = ts[0]
    return t.device.type == "cpu" and t.dtype in _EXACT_ADDCDIV and not torch.compiler.is_compiling()


def _addcdiv_ok(ts) -> bool:
    """Whether the group ``ts`` may take the one-pass ``addcdiv_`` forms (see the module docstring)."""
    return _cpu_exact(ts)


def _ones(ts):
    one = _ONES.get(ts[0].dtype)
    if one is None:
        one = _ONES[ts[0].dtype] = torch.ones((), dtype=ts[0].dtype)
    return [one] * len(ts)


def _add_scaled_(x, t, c, *, scratch=False, exact=None):
    """x += t * c in place on x (``c`` a scalar tensor): the product rounded, then the sum. ``scratch``: ``t`` is
    a fresh buffer this may overwrite. ``exact``: ``_addcdiv_ok(x)`` when the caller knows it."""
    if _addcdiv_ok(x) if exact is None else exact:
        torch._foreach_addcdiv_(x, t, _ones(x), float(c))
    elif scratch:
        torch._foreach_mul_(t, c)
        torch._foreach_add_(x, t)
    else:
        torch._foreach_add_(x, _mul(t, c))


def _sub_scaled_(x, t, c):
    """x -= t * c in place on x (TF's ``var -= grad * lr``; negating the product is exact)."""
    if _addcdiv_ok(x):
        torch._foreach_addcdiv_(x, t, _ones(x), -float(c))
    else:
        torch._foreach_sub_(x, _mul(t, c))


def _lerp_(x, target, weight, *, scratch=False, exact=None):
    """x += (target - x) * weight, in place on x (TF's ``m += (g - m) * (1 - beta1)``, the same roundings; not
    torch's lerp, which fuses a multiply-add). ``scratch``: ``target`` is a fresh buffer this may overwrite.
    Returns the buffer of ``target - x`` (x's shapes and dtype), dead afterwards: a caller's scratch space."""
    if scratch:
        torch._foreach_sub_(target, x)
        diff = target
    else:
        diff = torch._foreach_sub(target, x)
    _add_scaled_(x, diff, weight, scratch=True, exact=exact)
    return diff


def _decay_add_(x, decay, term):
    """x = x * decay + term, in place on x."""
    torch._foreach_mul_(x, decay)
    torch._foreach_add_(x, term)


def _decay_add_quotient_(x, decay, num, scale, den, exact=None):
    """x = x * decay + (num * scale) / den, in place on x (``decay`` None: x + ...; ``num`` is not written). A
    negative ``scale`` subtracts: negating the product is exact. ``exact``: as in _add_scaled_."""
    if decay is not None:
        torch._foreach_mul_(x, decay)
    if _addcdiv_ok(x) if exact is None else exact:
        torch._foreach_addcdiv_(x, num, den, float(scale))
        return
    q = _mul(num, scale)
    torch._foreach_div_(q, den)
    torch._foreach_add_(x, q)


def _sqrt_exact(v):
    """sqrt(v), fresh and correctly rounded as TF's (Eigen's) float sqrt. torch's CPU float32 sqrt (MKL's vector
    math) is not: off by one ulp in ~20% of elements, which moved Adam's var off TF's; numpy's is, one pass per
    tensor into the result. Elsewhere (other devices/dtypes, torch.compile) torch's sqrt."""
    if not _cpu_exact(v):
        return torch._foreach_sqrt(v)
    out = [torch.empty_like(x) for x in v]
    _numpy_sqrt(v, out)
    return out


def _sqrt_exact_(v):
    """sqrt(v) in place, correctly rounded (see _sqrt_exact)."""
    if not _cpu_exact(v):
        torch._foreach_sqrt_(v)
        return
    _numpy_sqrt(v, v)


def _numpy_sqrt(src, dst):
    with np.errstate(invalid="ignore"):     # sqrt of a negative is NaN without a warning, as in TF
        for x, o in zip(src, dst):
            np.sqrt(x.numpy(force=x.requires_grad), out=o.numpy(force=o.requires_grad))


def _sqrt_plus(v, eps, out=None, exact=None):
    """sqrt(v) + eps (the sqrt correctly rounded, _sqrt_exact): fresh, or on the CPU path into ``out`` (dead
    buffers of v's shapes and dtype) with the sum in the same numpy loop (IEEE sums, as torch's add).
    ``exact``: ``_cpu_exact(v)`` when the caller knows it."""
    if out is None or not (_cpu_exact(v) if exact is None else exact):
        den = _sqrt_exact(v)
        torch._foreach_add_(den, eps)
        return den
    e = eps if isinstance(eps, np.floating) else _np_dtype(v)(eps.item())
    with np.errstate(invalid="ignore"):     # sqrt of a negative is NaN without a warning, as in TF
        for x, o in zip(v, out):
            d = o.numpy()
            np.sqrt(x.numpy(), out=d)
            np.add(d, e, out=d)
    return out


def _np_dtype(ts):
    return np.float32 if ts[0].dtype == torch.float32 else np.float64


def _sqrt_of_sum(v, eps):
    """sqrt(v + eps), fresh (the sqrt correctly rounded)."""
    den = torch._foreach_add(v, eps)
    _sqrt_exact_(den)
    return den


# -- TF1 kernels (tensorflow/core/kernels/training_ops.cc) -----------------------------------------------
def _gradient_descent(vs, slots, gs, h, attrs):
    _sub_scaled_(vs, gs, h["lr"])


def _momentum(vs, slots, gs, h, attrs):
    lr, mom = h["lr"], h["momentum"]
    accum = slots[0]
    _decay_add_(accum, mom, gs)
    if attrs["use_nesterov"]:
        step = _mul(gs, lr)
        t = _mul(accum, mom)
        torch._foreach_mul_(t, lr)
        torch._foreach_add_(step, t)
        torch._foreach_sub_(vs, step)
    else:
        _sub_scaled_(vs, accum, lr)


def _adam(vs, slots, gs, h, attrs):
    m, v = slots
    if _addcdiv_ok(vs) and not attrs["use_nesterov"]:
        # TF's kernel computes alpha on the host in T with IEEE operations: numpy's scalars of the same dtype do
        # (torch's 0-d float32 sqrt is not correctly rounded), without a torch op per scalar.
        s = _host(h, vs, ("lr", "beta1_power", "beta2_power", "beta1", "beta2", "epsilon"))
        one = s["lr"].dtype.type(1)
        alpha = s["lr"] * np.sqrt(one - s["beta2_power"]) / (one - s["beta1_power"])
        scratch = _adam_moments_(m, v, gs, float(one - s["beta1"]), float(one - s["beta2"]), True)
        _adam_step_(vs, m, v, float(alpha), s["epsilon"], scratch, True)
        return
    b1p, b2p, b1, b2 = h["beta1_power"], h["beta2_power"], h["beta1"], h["beta2"]
    alpha = h["lr"] * torch.sqrt(torch.rsub(b2p, 1)) / torch.rsub(b1p, 1)
    _adam_moments_(m, v, gs, torch.rsub(b1, 1), torch.rsub(b2, 1))
    if attrs["use_nesterov"]:   # var -= ((g * (1 - b1) + b1 * m) * alpha) / (sqrt(v) + eps)
        num = _mul(gs, torch.rsub(b1, 1))
        _add_scaled_(num, m, b1)
        _decay_add_quotient_(vs, None, num, -alpha, _sqrt_plus(v, h["epsilon"]))
        return
    _adam_step_(vs, m, v, alpha, h["epsilon"])


def _adam_moments_(m, v, gs, one_minus_b1, one_minus_b2, exact=None):
    """m += (g - m) * (1 - b1) and v += (g^2 - v) * (1 - b2), in place (TF's kernel, term by term). Returns
    fresh buffers of m's shapes and dtype, dead afterwards (the ``g - m`` terms). ``exact``: the CPU path is
    known to apply (_addcdiv_ok)."""
    scratch = _lerp_(m, gs, one_minus_b1, exact=exact)
    _lerp_(v, _sq(gs), one_minus_b2, scratch=True, exact=exact)
    return scratch


def _adam_step_(vs, m, v, alpha, eps, scratch=None, exact=None):
    """var -= (m * alpha) / (sqrt(v) + eps), in place on var (``scratch``: dead buffers the denominator may
    take; ``exact`` as in _adam_moments_)."""
    _decay_add_quotient_(vs, None, m, -alpha, _sqrt_plus(v, eps, scratch, exact), exact)


def _host(h, vs, names) -> dict:
    """The hyperparameters ``names`` as numpy scalars of the variables' dtype (float32/float64 on the CPU path):
    numpy rounds each scalar operation as IEEE (and TF's host code) do, without a torch dispatch per scalar."""
    dt = _np_dtype(vs)
    return {k: dt(h[k].item()) for k in names}


def _rmsprop(vs, slots, gs, h, attrs):
    rho, mom_c, lr, eps = h["rho"], h["momentum"], h["lr"], h["epsilon"]
    ms, mom = slots[0], slots[1]
    if not attrs["centered"] and _addcdiv_ok(vs):
        # The scalars on the host (1 - rho as torch's 0-d rsub rounds it: one IEEE subtraction), and
        # sqrt(ms + eps) into the dead g^2 - ms buffers, the sum and the sqrt in one numpy loop.
        s = _host(h, vs, ("rho", "momentum", "lr", "epsilon"))
        den = _lerp_(ms, _sq(gs), float(s["rho"].dtype.type(1) - s["rho"]), scratch=True, exact=True)
        with np.errstate(invalid="ignore"):
            for x, o in zip(ms, den):
                d = o.numpy()
                np.add(x.numpy(), s["epsilon"], out=d)
                np.sqrt(d, out=d)
        _decay_add_quotient_(mom, float(s["momentum"]), gs, float(s["lr"]), den, exact=True)
        torch._foreach_sub_(vs, mom)
        return
    _lerp_(ms, _sq(gs), torch.rsub(rho, 1), scratch=True)
    if attrs["centered"]:
        mg = slots[2]
        _lerp_(mg, gs, torch.rsub(rho, 1))
        den = _sq(mg)
        torch._foreach_neg_(den)          # ms - mg^2, exactly (negation is exact, addition commutes)
        torch._foreach_add_(den, ms)
        torch._foreach_add_(den, eps)
    else:
        den = _plus(ms, eps)
    _sqrt_exact_(den)
    _decay_add_quotient_(mom, mom_c, gs, lr, den)
    torch._foreach_sub_(vs, mom)


def _adagrad(vs, slots, gs, h, attrs):
    accum = slots[0]
    torch._foreach_add_(accum, _sq(gs))
    r = _sqrt_exact(accum)
    torch._foreach_reciprocal_(r)
    step = _mul(gs, h["lr"])
    torch._foreach_mul_(step, r)
    torch._foreach_sub_(vs, step)


def _proximal_shrink_(vs, lr_l1, one_plus_l2_lr, has_l1: bool):
    """TF's Fobos step on ``vs`` (already ``w - lr * grad``), in place: ``sign(v) * max(|v| - lr * l1, 0) /
    (1 + l2 * lr)`` when l1 > 0, else ``v / (1 + l2 * lr)``. The factors are scalars (ProximalGradientDescent) or
    per-element lists (ProximalAdagrad's learning rate ``lr / sqrt(accum)``)."""
    if has_l1:
        shrunk = torch._foreach_abs(vs)
        torch._foreach_sub_(shrunk, lr_l1)
        torch._foreach_clamp_min_(shrunk, 0.0)
        torch._foreach_mul_(shrunk, torch._foreach_sign(vs))
        torch._foreach_div_(shrunk, one_plus_l2_lr)
        torch._foreach_copy_(vs, shrunk)
    else:
        torch._foreach_div_(vs, one_plus_l2_lr)


def _proximal_gradient_descent(vs, slots, gs, h, attrs):
    lr, l1, l2 = h["lr"], h["l1"], h["l2"]
    torch._foreach_sub_(vs, _mul(gs, lr))
    _proximal_shrink_(vs, lr * l1, 1.0 + l2 * lr, bool(l1 > 0))


def _proximal_adagrad(vs, slots, gs, h, attrs):
    lr, l1, l2 = h["lr"], h["l1"], h["l2"]
    accum = slots[0]
    torch._foreach_add_(accum, _sq(gs))
    rate = _sqrt_exact(accum)        # learning_rate = lr * rsqrt(accum), per element
    torch._foreach_reciprocal_(rate)
    torch._foreach_mul_(rate, lr)
    torch._foreach_sub_(vs, _mul(gs, rate))
    den = _mul(rate, l2)
    torch._foreach_add_(den, 1.0)
    _proximal_shrink_(vs, _mul(rate, l1), den, bool(l1 > 0))


def _adadelta(vs, slots, gs, h, attrs):
    rho, eps, lr = h["rho"], h["epsilon"], h["lr"]
    accum, accum_update = slots
    t = _sq(gs)
    torch._foreach_mul_(t, torch.rsub(rho, 1))
    _decay_add_(accum, rho, t)
    upd = _sqrt_of_sum(accum_update, eps)
    r = _sqrt_of_sum(accum, eps)
    torch._foreach_reciprocal_(r)
    torch._foreach_mul_(upd, r)
    torch._foreach_mul_(upd, gs)
    torch._foreach_sub_(vs, _mul(upd, lr))
    t = _sq(upd)
    torch._foreach_mul_(t, torch.rsub(rho, 1))
    _decay_add_(accum_update, rho, t)


def _ftrl(vs, slots, gs, h, attrs):
    lr, l1, l2, l2s, lr_power = h["lr"], h["l1"], h["l2"], h["l2_shrinkage"], h["lr_power"]
    accum, linear = slots
    for v, a, lin, g in zip(vs, accum, linear, gs):
        g_shr = g + 2 * l2s * v if attrs["shrinkage"] else g
        na = a + g * g
        if attrs["lr_power_is_half"]:
            new_lin = lin + g_shr - (na.sqrt() - a.sqrt()) / lr * v
            y = na.sqrt() / lr + 2 * l2
        else:
            new_lin = lin + g_shr - (na.pow(-lr_power) - a.pow(-lr_power)) / lr * v
            y = na.pow(-lr_power) / lr + 2 * l2
        x = l1 * new_lin.sign() - new_lin
        v.copy_(torch.where(new_lin.abs() > l1, x / y, torch.zeros_like(v)))
        a.copy_(na)
        lin.copy_(new_lin)


# -- Keras 3 update steps (keras/src/optimizers/*.py) -----------------------------------------------------
def _keras_sgd(vs, slots, gs, h, attrs):
    lr = h["lr"]
    step = _mul(gs, lr)
    if not attrs["has_momentum"]:
        torch._foreach_sub_(vs, step)
        return
    mom = h["momentum"]
    m = slots[0]
    torch._foreach_mul_(m, mom)
    torch._foreach_sub_(m, step)                # m = m * momentum - g * lr
    if attrs["nesterov"]:
        u = _mul(m, mom)
        torch._foreach_sub_(u, step)
        torch._foreach_add_(vs, u)
    else:
        torch._foreach_add_(vs, m)


def _keras_adam(vs, slots, gs, h, attrs):
    b1, b2 = h["beta_1"], h["beta_2"]
    step = h["iterations"] + 1
    b1p, b2p = torch.pow(b1, step), torch.pow(b2, step)    # torch's pow: numpy's may round differently
    m, v = slots[0], slots[1]
    exact = _addcdiv_ok(vs)
    if exact:   # the rest of the scalar arithmetic on the host, as in _adam
        s = _host({**h, "b1p": b1p, "b2p": b2p}, vs, ("lr", "b1p", "b2p", "one_minus_beta_1", "one_minus_beta_2"))
        one = s["lr"].dtype.type(1)
        alpha = float(s["lr"] * np.sqrt(one - s["b2p"]) / (one - s["b1p"]))
        scratch = _adam_moments_(m, v, gs, float(s["one_minus_beta_1"]), float(s["one_minus_beta_2"]), True)
    else:
        alpha = h["lr"] * torch.sqrt(torch.rsub(b2p, 1)) / torch.rsub(b1p, 1)
        scratch = _adam_moments_(m, v, gs, h["one_minus_beta_1"], h["one_minus_beta_2"])
    if attrs["amsgrad"]:
        vhat = slots[2]
        torch._foreach_maximum_(vhat, v)
        v = vhat
    _adam_step_(vs, m, v, alpha, h["epsilon"], scratch, exact)


def _keras_rmsprop(vs, slots, gs, h, attrs):
    rho, lr, eps, omr = h["rho"], h["lr"], h["epsilon"], h["one_minus_rho"]
    vel = slots[0]
    torch._foreach_mul_(vel, rho)
    _add_scaled_(vel, _sq(gs), omr, scratch=True)
    if attrs["centered"]:
        avg = slots[2 if attrs["has_momentum"] else 1]
        _decay_add_(avg, rho, _mul(gs, omr))
        den = _sq(avg)
        torch._foreach_neg_(den)          # vel - avg^2, exactly
        torch._foreach_add_(den, vel)
        torch._foreach_add_(den, eps)
    else:
        den = _plus(vel, eps)
    if not attrs.get("rsqrt"):
        _sqrt_exact_(den)
        if attrs["has_momentum"]:
            _decay_add_quotient_(slots[1], h["momentum"], gs, lr, den)
            torch._foreach_sub_(vs, slots[1])
        else:
            _decay_add_quotient_(vs, None, gs, -lr, den)
        return
    # tf-keras 2's RMSprop: increment = lr * g * rsqrt(denominator) (one rounding for rsqrt, one for the
    # product; Keras 3 divides by sqrt instead).
    inc = _mul(gs, lr)
    torch._foreach_rsqrt_(den)
    torch._foreach_mul_(inc, den)
    if attrs["has_momentum"]:
        mom = slots[1]
        _decay_add_(mom, h["momentum"], inc)
        torch._foreach_sub_(vs, mom)
    else:
        torch._foreach_sub_(vs, inc)


def _keras_adagrad(vs, slots, gs, h, attrs):
    accum = slots[0]
    torch._foreach_add_(accum, _sq(gs))
    step = _mul(gs, h["lr"])
    torch._foreach_div_(step, _sqrt_of_sum(accum, h["epsilon"]))
    torch._foreach_sub_(vs, step)


def _keras_adadelta(vs, slots, gs, h, attrs):
    rho, eps, lr, omr = h["rho"], h["epsilon"], h["lr"], h["one_minus_rho"]
    ag, adv = slots
    t = _sq(gs)
    torch._foreach_mul_(t, omr)
    _decay_add_(ag, rho, t)
    delta = _sqrt_of_sum(adv, eps)
    torch._foreach_mul_(delta, gs)
    torch._foreach_div_(delta, _sqrt_of_sum(ag, eps))
    torch._foreach_neg_(delta)
    t = _sq(delta)
    torch._foreach_mul_(t, omr)
    _decay_add_(adv, rho, t)
    torch._foreach_add_(vs, _mul(delta, lr))


def _keras_nadam(vs, slots, gs, h, attrs):
    # Keras 3 Nadam.update_step; ``u_product`` arrives already multiplied by this step's u_t (Keras updates it
    # in _backend_update_step before the per-variable steps). 1 - beta is float32 arithmetic here, as in Keras.
    b1, b2, lr, eps, u_prod = h["beta_1"], h["beta_2"], h["lr"], h["epsilon"], h["u_product"]
    step, next_step = h["iterations"] + 1, h["iterations"] + 2
    decay = torch.tensor(0.96, dtype=b1.dtype, device=b1.device)
    u_t = b1 * torch.rsub(0.5 * torch.pow(decay, step), 1.0)
    u_t_1 = b1 * torch.rsub(0.5 * torch.pow(decay, next_step), 1.0)
    u_prod_1 = u_prod * u_t_1
    b2_power = torch.pow(b2, step)
    m, v = slots
    _lerp_(m, gs, torch.rsub(b1, 1))
    _lerp_(v, _sq(gs), torch.rsub(b2, 1), scratch=True)
    m_hat = _mul(m, u_t_1)
    torch._foreach_div_(m_hat, torch.rsub(u_prod_1, 1))
    g_term = _mul(gs, torch.rsub(u_t, 1))
    torch._foreach_div_(g_term, torch.rsub(u_prod, 1))
    torch._foreach_add_(m_hat, g_term)
    den = torch._foreach_div(v, torch.rsub(b2_power, 1))
    _sqrt_exact_(den)
    torch._foreach_add_(den, eps)
    torch._foreach_mul_(m_hat, lr)
    torch._foreach_div_(m_hat, den)
    torch._foreach_sub_(vs, m_hat)


# op type -> (update function, hyperparameter input names in order)
UPDATE_RULES: dict[str, tuple[Callable, tuple[str, ...]]] = {
    "ResourceApplyGradientDescent": (_gradient_descent, ("lr",)),
    "ResourceApplyMomentum": (_momentum, ("lr", "momentum")),
    "ResourceApplyAdam": (_adam, ("lr", "beta1_power", "beta2_power", "beta1", "beta2", "epsilon")),
    "ResourceApplyRMSProp": (_rmsprop, ("lr", "rho", "momentum", "epsilon")),
    "ResourceApplyAdagrad": (_adagrad, ("lr",)),
    "ResourceApplyAdadelta": (_adadelta, ("lr", "rho", "epsilon")),
    "ResourceApplyFtrlV2": (_ftrl, ("lr", "l1", "l2", "l2_shrinkage", "lr_power")),
    "ResourceApplyProximalGradientDescent": (_proximal_gradient_descent, ("lr", "l1", "l2")),
    "ResourceApplyProximalAdagrad": (_proximal_adagrad, ("lr", "l1", "l2")),
    "KerasSGDUpdate": (_keras_sgd, ("lr", "momentum")),
    # Keras computes 1 - beta / 1 - rho in python (double) before the float32 cast, unlike TF1's kernels:
    # they are inputs of their own.
    "KerasAdamUpdate": (_keras_adam, ("lr", "iterations", "beta_1", "beta_2", "epsilon", "one_minus_beta_1",
                                      "one_minus_beta_2")),
    "KerasRMSpropUpdate": (_keras_rmsprop, ("lr", "rho", "momentum", "epsilon", "one_minus_rho")),
    "KerasAdagradUpdate": (_keras_adagrad, ("lr", "epsilon")),
    "KerasAdadeltaUpdate": (_keras_adadelta, ("lr", "rho", "epsilon", "one_minus_rho")),
    "KerasNadamUpdate": (_keras_nadam, ("lr", "iterations", "beta_1", "beta_2", "epsilon", "u_product")),
}
HYPER_NAMES = {k: v[1] for k, v in UPDATE_RULES.items()}


def _groups(values):
    """Indices of the variables' tensors ``values`` grouped by (dtype, device): one foreach call per group."""
    first = values[0]
    dtype, device = first.dtype, first.device
    for t in values:
        if t.dtype != dtype or t.device != device:
            break
    else:
        return {(dtype, device): None}     # one group of all: no index lists
    groups: dict = {}
    for i, t in enumerate(values):
        groups.setdefault((t.dtype, t.device), []).append(i)
    return groups


def _as(t: torch.Tensor, dtype, device) -> torch.Tensor:
    """``t`` as a constant of ``dtype`` on ``device`` (the kernel calls this only when ``t`` is not one)."""
    return t.detach().to(device=device, dtype=dtype)


def _make_kernel(update: Callable, hyper_names: tuple[str, ...]):
    def kernel(*ts, variables, slots, after=None, **attrs):
        n = len(variables)
        grads, hyper = ts[:n], ts[n:]
        with no_grad():
            if torch.compiler.is_compiling():    # a compiled plan's variable stand-ins (their own copies)
                values = [v._writable_value() for v in variables]
                slot_values = [[v._writable_value() for v in s] for s in slots]
            else:
                values = writable_values(variables)
                slot_values = [writable_values(s) for s in slots]
            for (dtype, device), idx in _groups(values).items():
                # TF casts each hyperparameter to the variable's dtype (math_ops.cast(lr_t, var.dtype)).
                # The checks inline (not in _as): a Python call per tensor per step otherwise.
                h = {name: t if t.dtype == dtype and t.device == device and not t.requires_grad
                     else _as(t, dtype, device) for name, t in zip(hyper_names, hyper)}
                if idx is None:
                    gs, vs, ss = grads, values, slot_values
                else:
                    gs = [grads[i] for i in idx]
                    vs = [values[i] for i in idx]
                    ss = [[s[i] for i in idx] for s in slot_values]
                gs = [g if g.dtype == dtype and not g.requires_grad else _as(g, dtype, g.device) for g in gs]
                update(vs, ss, gs, h, attrs)
            if after is not None:
                after(dict(zip(hyper_names, hyper)))
        return ()
    return kernel


for _name, (_update, _hyper) in UPDATE_RULES.items():
    register_op(_name, grad=NOT_DIFFERENTIABLE, inputs=("grads",) + _hyper, same_type=(), list_input=True,
                num_outputs=0, stateful=True, writes_variables=True, shape_fn=lambda inputs, attrs: [])(
        _make_kernel(_update, _hyper))
