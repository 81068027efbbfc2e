"""Special functions (mirrors ``tf.math.special``, ``tf.math.bessel_*``, ``igamma``, ``betainc``, ``zeta``,
``polygamma``, ``erfinv``, ``ndtri``, ``acosh``/``asinh``/``atanh`` and TF's special-function ops).

Each op's gradient is TF's registered formula (``math_grad.py``): e.g. ``bessel_i1'(0)`` is imputed as 1,
``polygamma``/``zeta``/``betainc`` give no gradient for their order/shape arguments (None), ``igamma``'s gradient
in ``a`` is TF's ``IgammaGradA``."""
from __future__ import annotations

import math

import torch

from tfcompat._src.framework import composite_dispatch, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import FLOAT, FLOAT_COMPLEX, Arg
from tfcompat._src.ops import elementwise_grads as eg
from tfcompat._src.ops import math_ops, reduction_ops
from tfcompat._src.ops import special_functions as sf
from tfcompat._src.ops import shape_checks
from tfcompat._src.ops._helpers import match_dtypes, to_tensor

__all__ = ["acosh", "asinh", "atanh", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0",
           "bessel_j1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1", "dawsn",
           "expint", "fresnel_cos", "fresnel_sin", "spence", "erfinv", "erfcinv", "ndtri", "igamma", "igammac",
           "betainc", "polygamma", "zeta", "lbeta"]

_F32_64 = ("float", "double")


def _in_f64(fn):
    """``fn`` evaluated in float64 and cast back to the input dtype (for the kernels in special_functions)."""
    def run(*xs):
        return fn(*xs).to(xs[0].dtype)
    return run


def _where_zero(x, at_zero, value):
    return torch.where(x == 0, torch.full_like(value, at_zero), value)


# ------------------------------------------------------------------------------------------------
# unary kernels (forward, TF's derivative)
# ------------------------------------------------------------------------------------------------
_i0 = eg.unary(torch.special.i0, lambda x, y: _i1(x), "BesselI0")
_i0e = eg.unary(torch.special.i0e, lambda x, y: _i1e(x) - torch.sign(x) * y, "BesselI0e")
_i1 = eg.unary(torch.special.i1, lambda x, y: _where_zero(x, 1.0, _i0(x) - y / x), "BesselI1")
_i1e = eg.unary(torch.special.i1e, lambda x, y: _where_zero(x, 0.5, _i0e(x) - y * (torch.sign(x) + 1.0 / x)),
                "BesselI1e")
_j0 = eg.unary(torch.special.bessel_j0, lambda x, y: -_j1(x), "BesselJ0")
_j1 = eg.unary(torch.special.bessel_j1, lambda x, y: _where_zero(x, 0.5, _j0(x) - y / x), "BesselJ1")
_y0 = eg.unary(torch.special.bessel_y0, lambda x, y: -_y1(x), "BesselY0")
_y1 = eg.unary(torch.special.bessel_y1, lambda x, y: _y0(x) - y / x, "BesselY1")
_k0 = eg.unary(torch.special.modified_bessel_k0, lambda x, y: -_k1(x), "BesselK0")
_k0e = eg.unary(torch.special.scaled_modified_bessel_k0, lambda x, y: y - _k1e(x), "BesselK0e")
_k1 = eg.unary(torch.special.modified_bessel_k1, lambda x, y: -_k0(x) - y / x, "BesselK1")
_k1e = eg.unary(torch.special.scaled_modified_bessel_k1, lambda x, y: y * (1.0 - 1.0 / x) - _k0e(x), "BesselK1e")
_dawsn = eg.unary(_in_f64(sf.dawsn), lambda x, y: 1.0 - 2.0 * x * y, "Dawsn")
_expint = eg.unary(_in_f64(sf.expint), lambda x, y: torch.exp(x) / x, "Expint")
_fresnel_cos = eg.unary(_in_f64(sf.fresnel_cos), lambda x, y: torch.cos((math.pi / 2) * x * x), "FresnelCos")
_fresnel_sin = eg.unary(_in_f64(sf.fresnel_sin), lambda x, y: torch.sin((math.pi / 2) * x * x), "FresnelSin")
_spence = eg.unary(_in_f64(sf.spence),
                   lambda x, y: torch.where(x == 1, -torch.ones_like(x), torch.log(x) / (1 - x)), "Spence")
_erfinv = eg.unary(torch.erfinv, lambda x, y: (math.sqrt(math.pi) / 2) * torch.exp(y * y), "Erfinv")
_ndtri = eg.unary(torch.special.ndtri, lambda x, y: math.sqrt(2 * math.pi) * torch.exp(y * y / 2), "Ndtri")
# TF's Acosh/Asinh/Atanh gradients: grad / sinh(y), grad / cosh(y), grad / (1 - x^2)
_acosh = eg.unary(torch.acosh, lambda x, y: 1.0 / torch.sinh(y).conj(), "Acosh")
_asinh = eg.unary(torch.asinh, lambda x, y: 1.0 / torch.cosh(y).conj(), "Asinh")
_atanh = eg.unary(torch.atanh, lambda x, y: 1.0 / (1.0 - x * x).conj(), "Atanh")

_UNARY = {
    "BesselI0": _i0, "BesselI0e": _i0e, "BesselI1": _i1, "BesselI1e": _i1e, "BesselJ0": _j0, "BesselJ1": _j1,
    "BesselY0": _y0, "BesselY1": _y1, "BesselK0": _k0, "BesselK0e": _k0e, "BesselK1": _k1, "BesselK1e": _k1e,
    "Dawsn": _dawsn, "Expint": _expint, "FresnelCos": _fresnel_cos, "FresnelSin": _fresnel_sin,
    "Spence": _spence, "Erfinv": _erfinv, "Ndtri": _ndtri,
}
def _same_spec(inputs, attrs):
    return [(inputs[0].shape, inputs[0].dtype)]


for _name, _kernel in _UNARY.items():
    register_op(_name, grad=DIFFERENTIABLE, types={"x": Arg("T", FLOAT)}, shape_fn=_same_spec)(_kernel)
for _name, _kernel in (("Acosh", _acosh), ("Asinh", _asinh), ("Atanh", _atanh)):
    register_op(_name, grad=DIFFERENTIABLE, types={"x": Arg("T", FLOAT_COMPLEX)}, shape_fn=_same_spec)(_kernel)


# ------------------------------------------------------------------------------------------------
# binary / ternary kernels
# ------------------------------------------------------------------------------------------------
def _igamma_dx(a, x, z):
    return torch.exp(-x + (a - 1) * torch.log(x) - torch.lgamma(a))


def _igamma_da(a, x, z):
    return sf.igamma_grad_a(a.detach(), x.detach()).to(z.dtype)


_igamma = eg.binary(torch.special.gammainc, _igamma_da, _igamma_dx, "Igamma")
_igammac = eg.binary(torch.special.gammaincc, lambda a, x, z: -_igamma_da(a, x, z),
                     lambda a, x, z: -_igamma_dx(a, x, z), "Igammac")


def _polygamma_value(n, x):
    n, x = torch.broadcast_tensors(n, x)
    out = torch.full_like(x, math.nan)
    for order in torch.unique(n.detach()).tolist():
        if order >= 0 and float(order).is_integer():
            mask = n == order
            out = torch.where(mask, torch.polygamma(int(order), x), out)
    return out


_polygamma = eg.binary(_polygamma_value, None, lambda n, x, z: _polygamma(n + 1, x), "Polygamma")
_zeta = eg.binary(torch.special.zeta, None, lambda x, q, z: -x * _zeta(x + 1, q), "Zeta")

for _name, _kernel, _inputs in (("Igamma", _igamma, ("a", "x")), ("Igammac", _igammac, ("a", "x"))):
    register_op(_name, grad=DIFFERENTIABLE, inputs=_inputs, shape_check=shape_checks.broadcast,
                shape_fn=shape_checks.broadcast_spec(), types={n: Arg("T", FLOAT) for n in _inputs})(_kernel)
for _name, _kernel, _inputs in (("Polygamma", _polygamma, ("a", "x")), ("Zeta", _zeta, ("x", "q"))):
    register_op(_name, grad=DIFFERENTIABLE, inputs=_inputs, shape_check=shape_checks.broadcast,
                shape_fn=shape_checks.broadcast_spec(), types={n: Arg("T", _F32_64) for n in _inputs})(_kernel)


class _Betainc(torch.autograd.Function):
    """TF's Betainc gradient: None for a and b, the beta density for x."""

    @staticmethod
    def forward(ctx, a, b, x):
        z = sf.betainc(a, b, x).to(x.dtype)
        ctx.save_for_backward(a, b, x)
        return z

    @staticmethod
    def backward(ctx, dz):
        a, b, x = ctx.saved_tensors
        log_beta = torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)
        partial = torch.exp(torch.special.xlog1py(b - 1, -x) + torch.special.xlogy(a - 1, x) - log_beta)
        return None, None, eg.sum_to(dz * partial, x.shape) if ctx.needs_input_grad[2] else None


@register_op("Betainc", grad=DIFFERENTIABLE, inputs=("a", "b", "x"), shape_fn=shape_checks.broadcast_spec(),
             types={n: Arg("T", _F32_64) for n in ("a", "b", "x")})
def _betainc(a, b, x, _grad_input_indices=None):
    shapes = [tuple(t.shape) for t in (a, b, x) if t.dim()]
    if any(s != shapes[0] for s in shapes):
        raise errors.InvalidArgumentError(
            f"Shapes of a, b, and x are inconsistent: {list(a.shape)} vs. {list(b.shape)} vs. {list(x.shape)}")
    if torch.is_grad_enabled() and x.requires_grad:
        return _Betainc.apply(a, b, x)
    return sf.betainc(a, b, x).to(x.dtype)


# ------------------------------------------------------------------------------------------------
# public wrappers
# ------------------------------------------------------------------------------------------------
def _unary(op_type, x, name):
    composite = composite_dispatch.handler_for(x)   # tf.math.asinh(sparse) / (ragged), as math_ops._unary
    if composite is not None:
        return composite.unary(op_type, x, name)
    return apply_op(op_type, [to_tensor(x)], name=name)


def _binary(op_type, x, y, name, attrs=None):
    return apply_op(op_type, match_dtypes(x, y), attrs, name=name)


# TF's gradient reaches only the second input of Polygamma and Zeta, and only x of Betainc (the others get None
# in graph mode too).
_SECOND_ONLY = {"_grad_input_indices": (1,)}


def acosh(x, name=None):
    """Mirrors ``tf.math.acosh``."""
    return _unary("Acosh", x, name)


def asinh(x, name=None):
    """Mirrors ``tf.math.asinh``."""
    return _unary("Asinh", x, name)


def atanh(x, name=None):
    """Mirrors ``tf.math.atanh``."""
    return _unary("Atanh", x, name)


def bessel_i0(x, name=None):
    """Mirrors ``tf.math.bessel_i0`` / ``tf.math.special.bessel_i0``."""
    return _unary("BesselI0", x, name)


def bessel_i0e(x, name=None):
    """Mirrors ``tf.math.bessel_i0e``: exp(-|x|) I0(x)."""
    return _unary("BesselI0e", x, name)


def bessel_i1(x, name=None):
    """Mirrors ``tf.math.bessel_i1``."""
    return _unary("BesselI1", x, name)


def bessel_i1e(x, name=None):
    """Mirrors ``tf.math.bessel_i1e``: exp(-|x|) I1(x)."""
    return _unary("BesselI1e", x, name)


def bessel_j0(x, name=None):
    """Mirrors ``tf.math.special.bessel_j0``."""
    return _unary("BesselJ0", x, name)


def bessel_j1(x, name=None):
    """Mirrors ``tf.math.special.bessel_j1``."""
    return _unary("BesselJ1", x, name)


def bessel_y0(x, name=None):
    """Mirrors ``tf.math.special.bessel_y0``."""
    return _unary("BesselY0", x, name)


def bessel_y1(x, name=None):
    """Mirrors ``tf.math.special.bessel_y1``."""
    return _unary("BesselY1", x, name)


def bessel_k0(x, name=None):
    """Mirrors ``tf.math.special.bessel_k0``."""
    return _unary("BesselK0", x, name)


def bessel_k0e(x, name=None):
    """Mirrors ``tf.math.special.bessel_k0e``: exp(x) K0(x)."""
    return _unary("BesselK0e", x, name)


def bessel_k1(x, name=None):
    """Mirrors ``tf.math.special.bessel_k1``."""
    return _unary("BesselK1", x, name)


def bessel_k1e(x, name=None):
    """Mirrors ``tf.math.special.bessel_k1e``: exp(x) K1(x)."""
    return _unary("BesselK1e", x, name)


def dawsn(x, name=None):
    """Mirrors ``tf.math.special.dawsn`` (Dawson's integral)."""
    return _unary("Dawsn", x, name)


def expint(x, name=None):
    """Mirrors ``tf.math.special.expint`` (the exponential integral Ei; NaN for x < 0 as TF)."""
    return _unary("Expint", x, name)


def fresnel_cos(x, name=None):
    """Mirrors ``tf.math.special.fresnel_cos``."""
    return _unary("FresnelCos", x, name)


def fresnel_sin(x, name=None):
    """Mirrors ``tf.math.special.fresnel_sin``."""
    return _unary("FresnelSin", x, name)


def spence(x, name=None):
    """Mirrors ``tf.math.special.spence`` (integral_1^x log(t)/(1-t) dt; NaN for x < 0)."""
    return _unary("Spence", x, name)


def erfinv(x, name=None):
    """Mirrors ``tf.math.erfinv``."""
    return _unary("Erfinv", x, name)


def ndtri(x, name=None):
    """Mirrors ``tf.math.ndtri``: the inverse of the standard normal CDF."""
    return _unary("Ndtri", x, name)


def erfcinv(x, name=None):
    """Mirrors ``tf.math.erfcinv``: ``-ndtri(0.5 * x) * sqrt(0.5)``, as TF computes it."""
    x = to_tensor(x)
    return math_ops.multiply(math_ops.negative(ndtri(math_ops.multiply(0.5, x))), math.sqrt(0.5), name=name)


def igamma(a, x, name=None):
    """Mirrors ``tf.math.igamma``: the regularised lower incomplete gamma function P(a, x)."""
    return _binary("Igamma", a, x, name)


def igammac(a, x, name=None):
    """Mirrors ``tf.math.igammac``: the regularised upper incomplete gamma function Q(a, x)."""
    return _binary("Igammac", a, x, name)


def polygamma(a, x, name=None):
    """Mirrors ``tf.math.polygamma``: the a-th derivative of digamma (NaN for non-integer or negative a); no
    gradient for ``a`` (None), as TF."""
    return _binary("Polygamma", a, x, name, dict(_SECOND_ONLY))


def zeta(x, q, name=None):
    """Mirrors ``tf.math.zeta``: the Hurwitz zeta function; no gradient for ``x`` (None), as TF."""
    return _binary("Zeta", x, q, name, dict(_SECOND_ONLY))


def betainc(a, b, x, name=None):
    """Mirrors ``tf.math.betainc``: the regularised incomplete beta function. ``a``, ``b`` and ``x`` must have one
    shape or be scalars (InvalidArgumentError otherwise, as TF); gradients for ``a`` and ``b`` are None as in TF."""
    a, b, x = match_dtypes(a, b, x)
    return apply_op("Betainc", [a, b, x], {"_grad_input_indices": (2,)}, name=name)


def lbeta(x, name=None):
    """Mirrors ``tf.math.lbeta``: log|Beta(x)| over the last dimension, ``sum(lgamma(x)) - lgamma(sum(x))`` (an
    empty last dimension gives -inf, as TF)."""
    x = to_tensor(x)
    log_prod_gamma = reduction_ops.reduce_sum(math_ops.lgamma(x), axis=[-1])
    log_gamma_sum = math_ops.lgamma(reduction_ops.reduce_sum(x, axis=[-1]))
    return math_ops.subtract(log_prod_gamma, log_gamma_sum, name=name)
