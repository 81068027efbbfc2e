"""Per-step cost of optimizer updates (issue 16): the cheaper paths give the same values, bit for bit.

- update_ops' CPU Adam writes ``sqrt(v) + epsilon`` into the dead ``g - m`` buffers, the sum in the same numpy
  loop: the same bits as the fresh sqrt plus torch's add, over denormals, infinities, NaNs (payloads included),
  negative zeros and negatives; CPU RMSProp computes its scalars on the host and ``sqrt(ms + eps)`` into the dead
  ``g^2 - ms`` buffers: the same bits as 0-d torch scalars and a fresh denominator;
- runtime/training/writable_values.py returns what ``Variable._writable_value`` returns (the same tensor when
  nothing else holds it, a bound private copy otherwise);
- plans emit no call for a NoOp (runtime/codegen.py), and a grouped train op still runs every update;
- counts (TorchDispatchMode, by hand): one Adam step's torch ops on the CPU path."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from tfcompat._src.runtime.training import update_ops
from tfcompat._src.runtime.training.writable_values import writable_values
from tests.runtime.test_update_ops import _OpLog


def _special(dtype, n=4096, seed=0):
    """Random values with denormals, +-inf, NaNs with random payloads, +-0 and negatives mixed in."""
    rng = np.random.RandomState(seed)
    info = np.finfo(np.float32 if dtype == torch.float32 else np.float64)
    x = rng.standard_normal(n) * 10.0 ** rng.uniform(-12, 12, n)
    x[rng.rand(n) < 0.1] *= float(info.tiny) * 1e-3        # denormals
    x = x.astype(info.dtype)
    bits = x.view(np.int32 if dtype == torch.float32 else np.int64)
    nan = rng.rand(n) < 0.05
    exp_mask = 0x7F800000 if dtype == torch.float32 else 0x7FF0000000000000
    payload = rng.randint(1, 1 << 20, n)
    bits[nan] = (exp_mask | payload[nan]) * np.where(rng.rand(int(nan.sum())) < 0.5, 1, -1)
    x[rng.rand(n) < 0.02] = np.inf
    x[rng.rand(n) < 0.02] = -np.inf
    x[rng.rand(n) < 0.02] = -0.0
    return torch.from_numpy(x.copy())


def _bits(t):
    return t.view(torch.int32 if t.dtype == torch.float32 else torch.int64)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("eps_kind", ["numpy", "tensor"])
def test_sqrt_plus_into_scratch_is_the_fresh_path_bit_for_bit(dtype, eps_kind):
    v = [_special(dtype, seed=s).reshape(shape) for s, shape in enumerate([(64, 64), (4096,), (16, 256)])]
    v.append(_special(dtype, seed=9)[:1].reshape(()))
    for eps in (1e-8, 1e-7, 0.0, 1e-300 if dtype == torch.float64 else 1e-40, float("inf"), float("nan")):
        e = (np.float32 if dtype == torch.float32 else np.float64)(eps)
        arg = e if eps_kind == "numpy" else torch.tensor(e)
        fresh = update_ops._sqrt_plus(v, torch.tensor(e))          # the previous path: fresh sqrt + torch's add
        scratch = [torch.full_like(x, 7.0) for x in v]
        got = update_ops._sqrt_plus(v, arg, scratch)
        assert got is scratch
        for a, b in zip(got, fresh):
            assert torch.equal(_bits(a), _bits(b)), (eps, dtype)


def test_adam_on_special_values_matches_the_fresh_buffer_path(monkeypatch):
    # The whole CPU Adam step with the scratch path against the same step with fresh denominators.
    def run():
        vs = [_special(torch.float32, seed=s) for s in range(3)]
        gs = [_special(torch.float32, seed=10 + s) for s in range(3)]
        m = [_special(torch.float32, seed=20 + s) for s in range(3)]
        v = [_special(torch.float32, seed=30 + s).abs() for s in range(3)]
        h = {k: torch.tensor(x, dtype=torch.float32) for k, x in dict(
            lr=1e-3, beta1_power=0.9 ** 5, beta2_power=0.999 ** 5, beta1=0.9, beta2=0.999, epsilon=1e-7).items()}
        update_ops._adam(vs, [m, v], gs, h, {"use_nesterov": False})
        return vs + m + v
    new = run()
    inner = update_ops._sqrt_plus
    monkeypatch.setattr(update_ops, "_sqrt_plus", lambda v, eps, out=None, exact=None: inner(v, torch.tensor(eps)))
    old = run()
    for a, b in zip(new, old):
        assert torch.equal(_bits(a), _bits(b))


def _rmsprop_torch_scalars(vs, slots, gs, h, attrs):
    # The CPU RMSProp step as it ran before its host-scalar path: 0-d torch scalars, a fresh denominator.
    rho, mom_c, lr, eps = h["rho"], h["momentum"], h["lr"], h["epsilon"]
    ms, mom = slots
    update_ops._lerp_(ms, update_ops._sq(gs), torch.rsub(rho, 1), scratch=True)
    den = update_ops._plus(ms, eps)
    update_ops._sqrt_exact_(den)
    update_ops._decay_add_quotient_(mom, mom_c, gs, lr, den)
    torch._foreach_sub_(vs, mom)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("hyper", [dict(lr=0.01, rho=0.9, momentum=0.9, epsilon=1e-10),
                                   dict(lr=3e-4, rho=0.99, momentum=0.0, epsilon=1e-7),
                                   dict(lr=1.5, rho=float("nan"), momentum=float("inf"), epsilon=0.0)])
def test_cpu_rmsprop_host_path_is_the_torch_scalar_path_bit_for_bit(dtype, hyper):
    def run(fn):
        vs = [_special(dtype, seed=s) for s in range(3)]
        gs = [_special(dtype, seed=10 + s) for s in range(3)]
        slots = [[_special(dtype, seed=20 + s).abs() for s in range(3)], [_special(dtype, seed=30 + s)
                                                                          for s in range(3)]]
        fn(vs, slots, gs, {k: torch.tensor(x, dtype=dtype) for k, x in hyper.items()}, {"centered": False})
        return vs + slots[0] + slots[1]
    for a, b in zip(run(update_ops._rmsprop), run(_rmsprop_torch_scalars)):
        assert torch.equal(_bits(a), _bits(b))


def test_cpu_adam_allocates_no_denominator():
    # By hand: 6 scalar reads, the 6 foreach passes, the numpy loop's tensor->array views; no empty_like, no
    # _foreach_add_ (the epsilon sum runs in the numpy loop).
    vs, gs = [torch.randn(5, 3), torch.randn(3)], [torch.randn(5, 3), torch.randn(3)]
    slots = [[torch.zeros(5, 3), torch.zeros(3)] for _ in range(2)]
    h = {k: torch.tensor(x) for k, x in dict(lr=1e-3, beta1_power=0.9, beta2_power=0.999, beta1=0.9, beta2=0.999,
                                              epsilon=1e-8).items()}
    with _OpLog() as log:
        update_ops._adam(vs, slots, gs, h, {"use_nesterov": False})
    assert "empty_like" not in log.ops and "_foreach_add_" not in log.ops
    assert [op for op in log.ops if op not in ("_local_scalar_dense", "detach")] == [
        "_foreach_sub", "_foreach_addcdiv_", "_foreach_mul", "_foreach_sub_", "_foreach_addcdiv_",
        "_foreach_addcdiv_"]
    assert log.ops.count("_local_scalar_dense") == 6


def _session_with_slots(v1, n=3):
    g = v1.Graph()
    with g.as_default():
        ws = [v1.Variable(np.arange(4, dtype=np.float32) + i) for i in range(n)]
        init = v1.global_variables_initializer()
    sess = v1.Session(graph=g)
    sess.run(init)
    return sess, ws


def _in_store(sess, fn):
    from tfcompat._src.framework import context as ctx_lib
    ctx = ctx_lib.context()
    prev = getattr(ctx, "resource_store", None)
    ctx.resource_store = sess._resource_store
    try:
        return fn()
    finally:
        ctx.resource_store = prev


def test_writable_values_are_the_variables_own_unshared_tensors(tfc1):
    sess, ws = _session_with_slots(tfc1)
    before = [id(sess._resource_store[w]) for w in ws]
    got = _in_store(sess, lambda: writable_values(ws))
    assert [id(t) for t in got] == before                    # in place: nothing else holds them
    assert all(sess._resource_store[w] is t for w, t in zip(ws, got))


def test_writable_values_copy_a_held_tensor_as_writable_value_does(tfc1):
    sess, ws = _session_with_slots(tfc1)
    held = sess._resource_store[ws[1]]                       # a reader holds the value of ws[1]
    got = _in_store(sess, lambda: writable_values(ws))
    assert got[0] is sess._resource_store[ws[0]] and got[2] is sess._resource_store[ws[2]]
    assert got[1] is not held and sess._resource_store[ws[1]] is got[1]   # a private copy, bound
    with torch.no_grad():
        got[1].add_(100.0)
    np.testing.assert_array_equal(held.detach().numpy(), np.arange(4, dtype=np.float32) + 1)   # untouched
    del got, held
    # Now nothing holds any of them: both ways give the bound tensors themselves.
    want = [id(t) for t in _in_store(sess, lambda: [w._writable_value() for w in ws])]
    assert [id(t) for t in _in_store(sess, lambda: writable_values(ws))] == want
    assert want == [id(sess._resource_store[w]) for w in ws]


def test_writable_values_of_a_leaf_held_by_its_autograd_node_and_eager_variables():
    import tfcompat as tf
    w = tf.Variable([1.0, 2.0])
    cur = w._value
    y = (cur * 2.0).sum()            # the leaf's AccumulateGrad node holds it: harmless, written in place
    del cur
    assert writable_values([w])[0] is w._value
    with tf.GradientTape() as tape:
        z = w * w                    # MulBackward saves the tensor itself: copy-on-write
    before = w._value
    got = writable_values([w])[0]
    assert got is not before and w._value is got
    del y, z, tape


def test_uninitialized_variable_raises_tfs_error(tfc1):
    sess, ws = _session_with_slots(tfc1)
    with sess.graph.as_default():
        late = tfc1.Variable(1.0)
    from tfcompat._src.framework import errors
    with pytest.raises(errors.FailedPreconditionError, match="uninitialized"):
        _in_store(sess, lambda: writable_values([ws[0], late]))


def test_plans_call_no_noop_and_grouped_updates_run(tfc1):
    from tfcompat._src.runtime import executor
    g = tfc1.Graph()
    with g.as_default():
        a, b = tfc1.Variable(1.0), tfc1.Variable(2.0)
        train = tfc1.group(tfc1.assign_add(a, 1.0), tfc1.assign_add(b, 3.0))
        with tfc1.control_dependencies([train]):
            after = tfc1.no_op()
        init = tfc1.global_variables_initializer()
    plan = executor.compile_plan(g, [], [train, after], [])
    kernels = [name for name, value in plan._fn.__globals__.items()
               if getattr(getattr(value, "func", value), "__name__", "") == "_no_op"]
    assert kernels == [], plan.source
    with tfc1.Session(graph=g) as s:
        s.run(init)
        s.run([train, after])
        s.run(after)
        assert s.run([a, b]) == [3.0, 8.0]
