"""TF1 optimizers (tf.compat.v1.train.*Optimizer): trajectories, slots, errors vs real TF."""
from __future__ import annotations

import numpy as np
import pytest

RTOL = 1e-5
_RNG = np.random.RandomState(0)
X = _RNG.randn(16, 5).astype(np.float32)
Y = (_RNG.randn(16, 3) > 0).astype(np.float32)
W0 = (_RNG.randn(5, 8) * 0.3).astype(np.float32)
B0 = (_RNG.randn(8) * 0.1).astype(np.float32)
V0 = (_RNG.randn(8, 3) * 0.3).astype(np.float32)


def _trajectory(v1, make_opt, steps=6, lr_feed=None):
    """A small tanh MLP trained with ``make_opt(v1)``; returns (losses, final weights)."""
    x = v1.placeholder(v1.float32, [None, 5], name="x")
    y = v1.placeholder(v1.float32, [None, 3], name="y")
    w = v1.Variable(W0, name="w")
    b = v1.Variable(B0, name="b")
    v = v1.Variable(V0, name="v")
    logits = v1.matmul(v1.tanh(v1.matmul(x, w) + b), v)
    loss = v1.reduce_mean(v1.square(logits - y))
    opt = make_opt(v1)
    train = opt.minimize(loss)
    losses = []
    with v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        for _ in range(steps):
            l, _ = sess.run([loss, train], {x: X, y: Y})
            losses.append(l)
        final = sess.run([w, b, v])
    return np.array(losses), final


OPTIMIZERS = {
    "GradientDescent": lambda v1: v1.train.GradientDescentOptimizer(0.3),
    "GradientDescent_negative_lr": lambda v1: v1.train.GradientDescentOptimizer(-0.05),
    "Momentum": lambda v1: v1.train.MomentumOptimizer(0.1, 0.9),
    "Momentum_nesterov": lambda v1: v1.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True),
    "Adam": lambda v1: v1.train.AdamOptimizer(0.05),
    "RMSProp": lambda v1: v1.train.RMSPropOptimizer(0.01),
    "RMSProp_momentum_centered": lambda v1: v1.train.RMSPropOptimizer(0.01, momentum=0.5, centered=True),
    "Adagrad": lambda v1: v1.train.AdagradOptimizer(0.1, initial_accumulator_value=0.2),
    "Adadelta": lambda v1: v1.train.AdadeltaOptimizer(1.0),
    "Ftrl": lambda v1: v1.train.FtrlOptimizer(0.1),
    "Ftrl_l1_l2_shrinkage": lambda v1: v1.train.FtrlOptimizer(0.1, learning_rate_power=-0.7,
                                                             l1_regularization_strength=0.01,
                                                             l2_regularization_strength=0.02,
                                                             l2_shrinkage_regularization_strength=0.03),
    "ProximalGradientDescent": lambda v1: v1.train.ProximalGradientDescentOptimizer(0.3),
    "ProximalGradientDescent_l1_l2": lambda v1: v1.train.ProximalGradientDescentOptimizer(
        0.3, l1_regularization_strength=0.05, l2_regularization_strength=0.1),
    "ProximalAdagrad": lambda v1: v1.train.ProximalAdagradOptimizer(0.1, l2_regularization_strength=0.1),
    "ProximalAdagrad_l1_l2": lambda v1: v1.train.ProximalAdagradOptimizer(
        0.1, initial_accumulator_value=0.2, l1_regularization_strength=0.05, l2_regularization_strength=0.1),
}


@pytest.mark.parametrize("name", sorted(OPTIMIZERS))
def test_trajectory_matches_tf(name, tf1, tfc1):
    tf_losses, tf_final = _trajectory(tf1, OPTIMIZERS[name])
    losses, final = _trajectory(tfc1, OPTIMIZERS[name])
    np.testing.assert_allclose(losses, tf_losses, rtol=RTOL)
    for a, e in zip(final, tf_final):
        np.testing.assert_allclose(a, e, rtol=RTOL, atol=1e-6)
    assert losses[-1] != losses[0]  # it trained


def _slots_and_vars(v1):
    w = v1.Variable(np.ones((2, 2), np.float32), name="W")
    loss = v1.reduce_sum(w * w)
    opt = v1.train.AdamOptimizer()
    opt.minimize(loss)
    return (sorted(v.name for v in opt.variables()), opt.get_slot_names(), opt.get_slot(w, "m").name,
            opt.get_slot(w, "nope"), sorted(v.name for v in v1.global_variables()),
            sorted(v.name for v in v1.trainable_variables()))


def test_slot_names_and_variables(tf1, tfc1):
    assert _slots_and_vars(tfc1) == _slots_and_vars(tf1)


def _rmsprop_adagrad_slots(v1):
    w = v1.Variable(np.ones((2,), np.float32), name="W")
    loss = v1.reduce_sum(w * w)
    r = v1.train.RMSPropOptimizer(0.1)
    a = v1.train.AdagradOptimizer(0.1, initial_accumulator_value=0.7)
    ops = [r.minimize(loss), a.minimize(loss)]
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        init = s.run([r.get_slot(w, "rms"), a.get_slot(w, "accumulator")])
        s.run(ops)
        return init + s.run([r.get_slot(w, "rms"), a.get_slot(w, "accumulator"), w])


def test_rmsprop_ms_starts_at_one_and_adagrad_accumulator(tf1, tfc1):
    for a, e in zip(_rmsprop_adagrad_slots(tfc1), _rmsprop_adagrad_slots(tf1)):
        np.testing.assert_allclose(a, e, rtol=RTOL)


def _lr_as_tensor(v1):
    w = v1.Variable([1.0, -2.0], name="w")
    lr_ph = v1.placeholder(v1.float32, [], name="lr")
    lr_var = v1.Variable(0.5, trainable=False, name="lr_var")
    loss = v1.reduce_sum(w * w * w)
    step1 = v1.train.GradientDescentOptimizer(lr_ph).minimize(loss)
    step2 = v1.train.MomentumOptimizer(lr_var, 0.5).minimize(loss)
    out = []
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        s.run(step1, {lr_ph: 0.1})
        out.append(s.run(w))
        s.run(step1, {lr_ph: -0.2})
        out.append(s.run(w))
        s.run(lr_var.assign(0.01))
        s.run(step2)
        out.append(s.run(w))
    return out


def test_learning_rate_placeholder_and_variable(tf1, tfc1):
    for a, e in zip(_lr_as_tensor(tfc1), _lr_as_tensor(tf1)):
        np.testing.assert_allclose(a, e, rtol=RTOL)


def _gan_two_train_ops(v1):
    """Two train ops in one run see the same forward values (D and G steps of a GAN)."""
    g = v1.Variable([0.5, -0.3], name="g")
    d = v1.Variable([0.2, 0.4], name="d")
    fake = g * 2.0
    score = v1.reduce_sum(fake * d)
    d_loss = score
    g_loss = -score
    d_step = v1.train.GradientDescentOptimizer(0.1).minimize(d_loss, var_list=[d])
    g_step = v1.train.AdamOptimizer(0.1).minimize(g_loss, var_list=[g])
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        res = []
        for _ in range(3):
            l, _, _ = s.run([score, d_step, g_step])
            res.append(l)
        return res + list(s.run([g, d]))


def test_several_train_ops_share_one_forward(tf1, tfc1):
    for a, e in zip(_gan_two_train_ops(tfc1), _gan_two_train_ops(tf1)):
        np.testing.assert_allclose(a, e, rtol=RTOL)


def _scoped_var_list(v1):
    with v1.variable_scope("Actor"):
        with v1.variable_scope("eval_net"):
            a = v1.get_variable("a", initializer=np.array([1.0, 2.0], np.float32))
        with v1.variable_scope("target_net"):
            t = v1.get_variable("t", initializer=np.array([3.0], np.float32))
    frozen = v1.Variable([5.0], trainable=False, name="frozen")
    loss = v1.reduce_sum(a * a) + v1.reduce_sum(t * t) + v1.reduce_sum(frozen * frozen)
    var_list = v1.get_collection(v1.GraphKeys.TRAINABLE_VARIABLES, scope="Actor/eval_net")
    gv_all = v1.train.GradientDescentOptimizer(0.1).compute_gradients(loss)
    step = v1.train.GradientDescentOptimizer(0.1).minimize(loss, var_list=var_list)
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        s.run(step)
        return [v.name for v in var_list], [v.name for _, v in gv_all], s.run([a, t, frozen])


def test_var_list_from_scoped_collection_and_trainable_false(tf1, tfc1):
    got, exp = _scoped_var_list(tfc1), _scoped_var_list(tf1)
    assert got[:2] == exp[:2]
    for a, e in zip(got[2], exp[2]):
        np.testing.assert_allclose(a, e, rtol=RTOL)


def _clip_pipeline(v1):
    w = v1.Variable([3.0, 4.0], name="w")
    u = v1.Variable([1.0], name="u")
    unused = v1.Variable([7.0], name="unused")
    loss = v1.reduce_sum(w * w) * 10.0 + v1.reduce_sum(u)
    opt = v1.train.MomentumOptimizer(0.1, 0.9)
    gvs = opt.compute_gradients(loss, var_list=[w, u, unused])
    none_kept = [g is None for g, _ in gvs]
    grads, norm = v1.clip_by_global_norm([g for g, _ in gvs], 5.0)
    cn = v1.clip_by_norm(gvs[0][0], 2.0)
    can = v1.clip_by_average_norm(gvs[0][0], 2.0)
    gn = v1.global_norm([g for g, _ in gvs])
    step = opt.apply_gradients(zip(grads, [w, u, unused]))
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        vals = s.run([norm, cn, can, gn])
        s.run(step)
        s.run(step)
        return none_kept, [grads[2] is None] + vals + s.run([w, u, unused])


def test_compute_clip_apply_pipeline(tf1, tfc1):
    got, exp = _clip_pipeline(tfc1), _clip_pipeline(tf1)
    assert got[0] == exp[0] == [False, False, True]
    assert got[1][0] == exp[1][0] is True
    for a, e in zip(got[1][1:], exp[1][1:]):
        np.testing.assert_allclose(a, e, rtol=RTOL)


def _global_step_and_decay(v1):
    step = v1.train.get_or_create_global_step()
    same = v1.train.get_global_step() is step
    w = v1.Variable([1.0, 2.0], name="w")
    lrs = [v1.train.exponential_decay(0.1, step, 2, 0.5, staircase=True),
           v1.train.exponential_decay(0.1, step, 3, 0.9),
           v1.train.piecewise_constant(step, [1, 3], [0.3, 0.2, 0.1]),
           v1.train.polynomial_decay(0.1, step, 4, 0.01, power=2.0),
           v1.train.polynomial_decay(0.1, step, 2, 0.01, cycle=True),
           v1.train.inverse_time_decay(0.1, step, 2, 0.5, staircase=False)]
    train = v1.train.GradientDescentOptimizer(lrs[0]).minimize(v1.reduce_sum(w * w), global_step=step)
    out = []
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        for _ in range(5):
            out.append(s.run(lrs + [step]))
            s.run(train)
        out.append(s.run(w))
    return same, step.dtype.name, step.name, out


def test_global_step_and_learning_rate_decays(tf1, tfc1):
    got, exp = _global_step_and_decay(tfc1), _global_step_and_decay(tf1)
    assert got[:3] == exp[:3]
    for a, e in zip(got[3], exp[3]):
        for x, y in zip(a, e):
            np.testing.assert_allclose(x, y, rtol=RTOL)


def test_create_global_step_twice_raises(tf1, tfc1):
    for v1 in (tf1, tfc1):
        v1.train.create_global_step()
        with pytest.raises(ValueError, match="already exists"):
            v1.train.create_global_step()


def test_no_gradients_errors(tf1, tfc1):
    msgs = []
    for v1 in (tf1, tfc1):
        w = v1.Variable([1.0], name="w")
        c = v1.Variable([2.0], name="c")
        opt = v1.train.GradientDescentOptimizer(0.1)
        with pytest.raises(ValueError) as e1:
            opt.apply_gradients([(None, w), (None, c)])
        with pytest.raises(ValueError) as e2:
            opt.minimize(v1.reduce_sum(v1.stop_gradient(w)) + 1.0, var_list=[w, c])
        with pytest.raises(ValueError, match="No variables provided"):
            opt.apply_gradients([])
        with pytest.raises(ValueError, match="No variables to optimize"):
            opt.compute_gradients(v1.constant(1.0), var_list=[])
        with pytest.raises(ValueError, match="Invalid type"):
            opt.compute_gradients(v1.constant(1), var_list=[w])
        msgs.append((str(e1.value), str(e2.value)))
    (t1, t2), (c1, c2) = msgs
    assert c1 == t1  # "No gradients provided for any variable: [...]" names the variables
    assert c2.startswith("No gradients provided for any variable") and "w:0" in c2 and "c:0" in c2


def test_train_op_is_operation_and_gate_graph(tf1, tfc1):
    for v1 in (tf1, tfc1):
        w = v1.Variable([1.0], name="w")
        op = v1.train.GradientDescentOptimizer(0.5).minimize(v1.reduce_sum(w * w),
                                                            gate_gradients=v1.train.Optimizer.GATE_GRAPH)
        assert isinstance(op, v1.Operation)
        assert op in v1.get_collection(v1.GraphKeys.TRAIN_OP)
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            s.run(op)
            np.testing.assert_allclose(s.run(w), [0.0])  # by hand: 1 - 0.5 * 2 * 1


def test_eager_v1_optimizer_with_callable_loss(tf, tfc):
    results = []
    for mod in (tf, tfc):
        w = mod.Variable([1.0, 2.0])
        opt = mod.compat.v1.train.AdamOptimizer(0.1)
        for _ in range(3):
            opt.minimize(lambda: mod.reduce_sum(w * w), var_list=[w])
        results.append(w.numpy())
        with pytest.raises(RuntimeError, match="should be a function"):
            opt.compute_gradients(mod.constant(1.0), var_list=[w])
    np.testing.assert_allclose(results[1], results[0], rtol=RTOL)


def test_v1_optimizer_inside_tf_function(tf, tfc):
    results = []
    for mod in (tf, tfc):
        w = mod.Variable([1.0, 2.0])
        opt = mod.compat.v1.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True)
        adam = mod.compat.v1.train.AdamOptimizer(0.1)

        @mod.function
        def step():
            with mod.GradientTape() as t:
                loss = mod.reduce_sum(w * w * w)
            g = t.gradient(loss, w)
            opt.apply_gradients([(g, w)])
            adam.apply_gradients([(g, w)])
            return loss
        results.append([float(step().numpy()) for _ in range(3)] + list(w.numpy()))
    np.testing.assert_allclose(results[1], results[0], rtol=RTOL)


def test_fused_adam_step_rounds_like_the_formula():
    # The CPU Adam step uses one fused addcdiv; TF's kernel computes var - (m * alpha) / (sqrt(v) + eps).
    import torch
    from tfcompat._src.runtime.training.update_ops import _adam_step_
    g = torch.Generator().manual_seed(0)
    shapes = [(257, 129), (1000,), ()]
    var = [torch.randn(s, generator=g) for s in shapes]
    m = [torch.randn(s, generator=g) * 1e-2 for s in shapes]
    v = [torch.rand(s, generator=g) * 1e-4 for s in shapes]
    for alpha in (torch.tensor(1e-3), torch.tensor(-0.37), torch.tensor(3.0e-7)):
        got = [x.clone() for x in var]
        _adam_step_(got, m, v, alpha, torch.tensor(1e-8))
        for x, mm, vv, out in zip(var, m, v, got):
            want = x - (mm * alpha) / (torch.sqrt(vv.double()).float() + 1e-8)   # IEEE sqrt (as TF's)
            assert torch.equal(out, want)


def _vocab_info(v1):
    info = v1.train.VocabInfo("new.txt", 10, 1, "old.txt")
    full = v1.train.VocabInfo("new.txt", 5, 0, "old.txt", old_vocab_size=8, axis=1)
    return [tuple(info), info._fields, tuple(full)]


def test_vocab_info_fields_defaults_and_axis_error(oracle):
    oracle.check_v1(_vocab_info)
    oracle.check_v1(lambda v1: v1.train.VocabInfo("a", 1, 0, "b", axis=2), match_message="Provided axis: 2")
