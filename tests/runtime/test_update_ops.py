"""Optimizer update kernels (runtime/training/update_ops.py): each rule's one-pass ``addcdiv_`` forms give the
term-by-term formula bit for bit (every product, quotient and sum rounded on its own, as TF's training_ops.cc and
Keras's update steps), in float32 and float64, and the same bits as the plain multiply/add path they replace.
Against TF: ApplyAdam's ``m``, ``v`` and ``var`` are TF's bit for bit (its sqrt is correctly rounded; torch's
CPU float32 sqrt is not, the update takes numpy's)."""
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


def _sqrt(x):
    """IEEE (correctly rounded) sqrt, as TF's: float32 through float64 (rounding twice is exact for sqrt)."""
    with np.errstate(invalid="ignore"):
        return torch.from_numpy(np.asarray(np.sqrt(x.double().numpy()))).to(x.dtype)


def _adam(v, s, g, h, nesterov):
    alpha = h["lr"] * _sqrt(1 - h["beta2_power"]) / (1 - h["beta1_power"])
    m = s[0] + (g - s[0]) * (1 - h["beta1"])
    vv = s[1] + (g * g - s[1]) * (1 - h["beta2"])
    num = g * (1 - h["beta1"]) + h["beta1"] * m if nesterov else m
    return v - (num * alpha) / (_sqrt(vv) + h["epsilon"]), [m, vv]


def _rmsprop(v, s, g, h, centered):
    ms = s[0] + (g * g - s[0]) * (1 - h["rho"])
    new = [ms, None]
    if centered:
        mg = s[2] + (g - s[2]) * (1 - h["rho"])
        den = ms - mg * mg + h["epsilon"]
        new.append(mg)
    else:
        den = ms + h["epsilon"]
    mom = s[1] * h["momentum"] + (g * h["lr"]) / _sqrt(den)
    new[1] = mom
    return v - mom, new


def _keras_rmsprop(v, s, g, h, momentum):
    vel = h["rho"] * s[0] + h["one_minus_rho"] * (g * g)
    inc = (g * h["lr"]) / _sqrt(vel + h["epsilon"])
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


def _three_steps_v1(v1, make_opt, slot_names):
    """[slots..., var] after three steps of ``make_opt(v1)`` on fed gradients (the update alone decides them)."""
    rng = np.random.RandomState(7)
    w = v1.Variable(rng.randn(1000).astype(np.float32))
    g = v1.placeholder(v1.float32, [1000])
    opt = make_opt(v1)
    train = opt.apply_gradients([(g, w)])
    with v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        for scale in (1.0, 0.3, 2.0):
            sess.run(train, {g: (rng.randn(1000) * scale).astype(np.float32)})
        return sess.run([opt.get_slot(w, n) for n in slot_names] + [w])


def _adam_step_v1(v1):
    return _three_steps_v1(v1, lambda v1: v1.train.AdamOptimizer(0.01), ("m", "v"))


def test_adam_moments_are_tf_bit_for_bit(oracle):
    tf_m, tf_v, tf_w = oracle.tf_result(_adam_step_v1, v1=True)
    m, v, w = oracle.tfc_result(_adam_step_v1, v1=True)
    np.testing.assert_array_equal(m, tf_m)
    np.testing.assert_array_equal(v, tf_v)
    np.testing.assert_array_equal(w, tf_w)     # sqrt correctly rounded as TF's (torch's CPU float32 sqrt is not)


def _adam_cases(dtype, n_draws=60):
    """Random Adam hyperparameters (TF1's ResourceApplyAdam and Keras's update) over several orders of magnitude."""
    rng = np.random.RandomState(5)
    for _ in range(n_draws):
        lr, b1, b2, eps = 10 ** rng.uniform(-6, 0), 1 - 10 ** rng.uniform(-3, -0.3), 1 - 10 ** rng.uniform(-5, -1), \
            10 ** rng.uniform(-10, -3)
        t = int(rng.randint(1, 5000))
        yield "ResourceApplyAdam", {"use_nesterov": False}, _h(
            dtype, lr=lr, beta1=b1, beta2=b2, epsilon=eps, beta1_power=b1 ** t, beta2_power=b2 ** t)
        yield "KerasAdamUpdate", {"amsgrad": bool(t % 2)}, _h(
            dtype, lr=lr, beta_1=b1, beta_2=b2, epsilon=eps, iterations=t - 1, one_minus_beta_1=1 - b1,
            one_minus_beta_2=1 - b2)


def _adam_first_steps_v1(v1):
    # One first Adam step per draw of (lr, beta1, beta2) on a one-element variable from 0 with gradient 1 and
    # epsilon 0: m = 1 - b1, v = 1 - b2 exactly, var = -(m * alpha) / sqrt(v), alpha = lr * sqrt(1 - b2) / (1 - b1)
    # (beta powers = betas): the bits of both square roots and of alpha's roundings show.
    rng = np.random.RandomState(5)
    ws, trains = [], []
    for _ in range(40):
        lr, b1, b2 = 10 ** rng.uniform(-6, 0), 1 - 10 ** rng.uniform(-3, -0.3), 1 - 10 ** rng.uniform(-5, -1)
        w = v1.Variable(np.zeros(1, np.float32))
        opt = v1.train.AdamOptimizer(lr, beta1=b1, beta2=b2, epsilon=0.0)
        trains.append(opt.apply_gradients([(v1.constant([1.0]), w)]))
        ws.append(w)
    with v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        sess.run(trains)
        return sess.run(ws)


def test_adam_alpha_is_tfs_bit_for_bit(oracle):
    # TF computes alpha on the host with IEEE float ops; torch's 0-d (MKL) float32 sqrt is not correctly rounded,
    # so the CPU path computes alpha with numpy scalars and the update's sqrt with numpy.
    want = oracle.tf_result(_adam_first_steps_v1, v1=True)
    got = oracle.tfc_result(_adam_first_steps_v1, v1=True)
    np.testing.assert_array_equal(np.concatenate(got), np.concatenate(want))


class _OpLog(torch.utils._python_dispatch.TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.ops = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops.append(func.overloadpacket.__name__)
        return func(*args, **(kwargs or {}))


@pytest.mark.parametrize("name,attrs,extra", [
    ("ResourceApplyAdam", {"use_nesterov": False}, []),
    ("KerasAdamUpdate", {"amsgrad": False}, ["add", "pow", "pow"]),   # iterations + 1, beta ** step (torch's pow)
])
def test_cpu_adam_scalar_arithmetic_runs_on_the_host(name, attrs, extra):
    # One torch call per step of the formula over all variables plus reading the scalars: no 0-d torch op for
    # alpha or 1 - beta (TF's kernel computes them on the host too).
    _, (case_name, case_attrs, h) = next((i, c) for i, c in enumerate(_adam_cases(torch.float32)) if c[0] == name)
    var, grads, slots = _data(torch.float32, 2)
    with _OpLog() as log:
        update_ops.UPDATE_RULES[name][0](var, slots, grads, h, attrs)
    arithmetic = [op for op in log.ops if op not in ("_local_scalar_dense", "detach")]
    assert sorted(arithmetic) == sorted(extra + ["_foreach_sub", "_foreach_addcdiv_", "_foreach_mul", "_foreach_sub_",
                                                 "_foreach_addcdiv_", "_foreach_addcdiv_"])
    # sqrt(v) + epsilon runs in numpy (the sqrt correctly rounded) into the dead g - m buffers: no new tensor


def _rmsprop_steps_v1(v1):
    return _three_steps_v1(v1, lambda v1: v1.train.RMSPropOptimizer(0.01, momentum=0.9), ("rms", "momentum"))


def test_rmsprop_is_tf_bit_for_bit(oracle):
    # mom = mom * momentum + (g * lr) / sqrt(ms + eps): with torch's sqrt, mom and var were off TF's in about one
    # element in ten.
    want = oracle.tf_result(_rmsprop_steps_v1, v1=True)
    got = oracle.tfc_result(_rmsprop_steps_v1, v1=True)
    for a, b in zip(got, want):
        np.testing.assert_array_equal(a, b)
