"""Optimizer update kernels (runtime/training/update_ops.py): each rule's one-pass ``addcdiv_`` forms give the
term-by-term formula bit for bit (every product, quotient and sum rounded on its own, as TF's training_ops.cc and
Keras's update steps), in float32 and float64, and the same bits as the plain multiply/add path they replace.
Against TF: ApplyAdam's ``m`` and ``v`` are TF's bit for bit; ``var`` to 1 ulp-level tolerance (TF's Eigen
``sqrt`` is an rsqrt estimate plus a Newton step, not correctly rounded)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from tfcompat._src.runtime.training import update_ops

SHAPES = [(67, 33), (129,), (5, 3), ()]


def _data(dtype, n_slots, seed=0):
    g = torch.Generator().manual_seed(seed)
    mk = lambda scale: [(torch.randn(s, generator=g, dtype=torch.float64) * scale).to(dtype) for s in SHAPES]
    slots = [[x.abs() for x in mk(1e-2)] for _ in range(n_slots)]
    return mk(1.0), mk(0.1), slots


def _h(dtype, **kw):
    return {k: torch.tensor(v, dtype=dtype) for k, v in kw.items()}


# Term-by-term formulas (torch's elementwise ops round each step; nothing fused): (var, slots, g, h) -> new values.
def _gd(v, s, g, h):
    return v - g * h["lr"], []


def _momentum(v, s, g, h, nesterov):
    a = s[0] * h["momentum"] + g
    step = g * h["lr"] + a * h["momentum"] * h["lr"] if nesterov else a * h["lr"]
    return v - step, [a]


def _adam(v, s, g, h, nesterov):
    alpha = h["lr"] * torch.sqrt(1 - h["beta2_power"]) / (1 - h["beta1_power"])
    m = s[0] + (g - s[0]) * (1 - h["beta1"])
    vv = s[1] + (g * g - s[1]) * (1 - h["beta2"])
    num = g * (1 - h["beta1"]) + h["beta1"] * m if nesterov else m
    return v - (num * alpha) / (torch.sqrt(vv) + h["epsilon"]), [m, vv]


def _rmsprop(v, s, g, h, centered):
    ms = s[0] + (g * g - s[0]) * (1 - h["rho"])
    new = [ms, None]
    if centered:
        mg = s[2] + (g - s[2]) * (1 - h["rho"])
        den = ms - mg * mg + h["epsilon"]
        new.append(mg)
    else:
        den = ms + h["epsilon"]
    mom = s[1] * h["momentum"] + (g * h["lr"]) / torch.sqrt(den)
    new[1] = mom
    return v - mom, new


def _keras_rmsprop(v, s, g, h, momentum):
    vel = h["rho"] * s[0] + h["one_minus_rho"] * (g * g)
    inc = (g * h["lr"]) / torch.sqrt(vel + h["epsilon"])
    if not momentum:
        return v - inc, [vel]
    mom = s[1] * h["momentum"] + inc
    return v - mom, [vel, mom]


HYPER = dict(lr=0.003, momentum=0.9, beta1=0.9, beta2=0.999, beta1_power=0.9 ** 3, beta2_power=0.999 ** 3,
             epsilon=1e-7, rho=0.9, one_minus_rho=0.1)
CASES = {
    "ResourceApplyGradientDescent": (0, {}, _gd),
    "ResourceApplyMomentum": (1, {"use_nesterov": False}, lambda *a: _momentum(*a, False)),
    "ResourceApplyMomentum_nesterov": (1, {"use_nesterov": True}, lambda *a: _momentum(*a, True)),
    "ResourceApplyAdam": (2, {"use_nesterov": False}, lambda *a: _adam(*a, False)),
    "ResourceApplyAdam_nesterov": (2, {"use_nesterov": True}, lambda *a: _adam(*a, True)),
    "ResourceApplyRMSProp": (2, {"centered": False}, lambda *a: _rmsprop(*a, False)),
    "ResourceApplyRMSProp_centered": (3, {"centered": True}, lambda *a: _rmsprop(*a, True)),
    "KerasRMSpropUpdate": (1, {"centered": False, "has_momentum": False}, lambda *a: _keras_rmsprop(*a, False)),
    "KerasRMSpropUpdate_momentum": (2, {"centered": False, "has_momentum": True},
                                    lambda *a: _keras_rmsprop(*a, True)),
}


def _run(case, dtype):
    n_slots, attrs, _ = CASES[case]
    var, grads, slots = _data(dtype, n_slots)
    vs, ss = [x.clone() for x in var], [[x.clone() for x in s] for s in slots]
    update_ops.UPDATE_RULES[case.split("_")[0]][0](vs, ss, grads, _h(dtype, **HYPER), attrs)
    return var, grads, slots, vs, ss


def _same(a, b):
    return torch.equal(a, b) or (a.shape == b.shape and bool(((a == b) | (a.isnan() & b.isnan())).all()))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("case", sorted(CASES))
def test_update_is_the_formula_bit_for_bit(case, dtype):
    var, grads, slots, vs, ss = _run(case, dtype)
    h = _h(dtype, **HYPER)
    for i in range(len(SHAPES)):
        want_v, want_s = CASES[case][2](var[i], [s[i] for s in slots], grads[i], h)
        assert _same(vs[i], want_v), (case, i)
        for got, want in zip(ss, want_s):
            assert _same(got[i], want), (case, i)


@pytest.mark.parametrize("case", sorted(CASES))
def test_addcdiv_forms_match_the_separate_ops(case, monkeypatch):
    fused = _run(case, torch.float32)
    monkeypatch.setattr(update_ops, "_addcdiv_ok", lambda ts: False)
    plain = _run(case, torch.float32)
    for a, b in zip(fused[3] + sum(fused[4], []), plain[3] + sum(plain[4], [])):
        assert _same(a, b)


def test_addcdiv_forms_are_taken_on_cpu_float32(monkeypatch):
    calls = []
    inner = torch._foreach_addcdiv_
    monkeypatch.setattr(torch, "_foreach_addcdiv_", lambda *a: calls.append(1) or inner(*a))
    _run("ResourceApplyAdam", torch.float32)
    assert len(calls) == 3   # m, v, var
    calls.clear()
    _run("ResourceApplyAdam", torch.float16)
    assert calls == []       # float16: opmath float would round once where the formula rounds per step


def _adam_step_v1(v1):
    rng = np.random.RandomState(7)
    w = v1.Variable(rng.randn(1000).astype(np.float32))
    g = v1.placeholder(v1.float32, [1000])
    opt = v1.train.AdamOptimizer(0.01)
    train = opt.apply_gradients([(g, w)])   # fed gradients: the update alone decides the values
    with v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        for scale in (1.0, 0.3, 2.0):
            sess.run(train, {g: (rng.randn(1000) * scale).astype(np.float32)})
        return sess.run([opt.get_slot(w, "m"), opt.get_slot(w, "v"), w])


def test_adam_moments_are_tf_bit_for_bit(oracle):
    tf_m, tf_v, tf_w = oracle.tf_result(_adam_step_v1, v1=True)
    m, v, w = oracle.tfc_result(_adam_step_v1, v1=True)
    np.testing.assert_array_equal(m, tf_m)
    np.testing.assert_array_equal(v, tf_v)
    np.testing.assert_allclose(w, tf_w, rtol=1e-6)
