"""Oracle tests for tf.GradientTape: each program runs in real TF and in tfcompat, eagerly and inside
tf.function, and the results are compared (values, dtypes, shapes, None-ness, exception types)."""
from __future__ import annotations

import gc
import logging

import numpy as np
import pytest
import torch


def same(a, b, path="result"):
    """Recursively compares a TF result ``a`` with a tfcompat result ``b``."""
    if a is None or b is None:
        assert a is None and b is None, f"{path}: TF gave {a!r}, tfcompat gave {b!r}"
        return
    if isinstance(a, dict):
        assert isinstance(b, dict) and list(a) == list(b), f"{path}: keys {list(a)} vs {list(b)}"
        for k in a:
            same(a[k], b[k], f"{path}[{k!r}]")
        return
    if isinstance(a, (list, tuple)):
        assert type(a) is type(b) and len(a) == len(b), f"{path}: {type(a)} {len(a)} vs {type(b)} {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
        return
    if hasattr(a, "numpy"):
        assert hasattr(b, "numpy"), f"{path}: TF gave a tensor, tfcompat gave {b!r}"
        assert a.dtype.name == b.dtype.name, f"{path}: dtype {a.dtype.name} vs {b.dtype.name}"
        assert tuple(a.shape) == tuple(b.shape), f"{path}: shape {a.shape} vs {b.shape}"
        np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-5, atol=1e-6, err_msg=path)
        return
    if isinstance(a, (np.ndarray, np.generic)):
        assert np.asarray(a).dtype == np.asarray(b).dtype, f"{path}: dtype {a.dtype} vs {np.asarray(b).dtype}"
        np.testing.assert_allclose(b, a, rtol=1e-5, atol=1e-6, err_msg=path)
        return
    assert a == b, f"{path}: {a!r} vs {b!r}"


class _CreateOnce:
    """The framework module, except that ``Variable(...)`` returns the variables made on the first trace, so one
    program can run as a tf.function body (TF traces twice when a function creates variables)."""

    def __init__(self, m):
        self._m, self._vars, self._next = m, [], 0

    def __getattr__(self, name):
        return getattr(self._m, name)

    def Variable(self, *args, **kwargs):  # noqa: N802 - TF's name
        if self._next == len(self._vars):
            self._vars.append(self._m.Variable(*args, **kwargs))
        self._next += 1
        return self._vars[self._next - 1]

    def run(self, prog):
        self._next = 0
        return prog(self)


def check(tf, tfc, prog, in_function=False):
    """Runs ``prog(tf)`` in both frameworks (optionally as a tf.function body) and compares the results."""
    results = []
    for m in (tf, tfc):
        if in_function:
            once = _CreateOnce(m)
            results.append(m.function(lambda: once.run(prog))())
        else:
            results.append(prog(m))
    same(*results)
    return results[1]


def raises_same(tf, tfc, prog):
    errors = []
    for m in (tf, tfc):
        with pytest.raises(Exception) as info:
            prog(m)
        errors.append(info)
    assert errors[0].type is errors[1].type, f"TF raised {errors[0].value!r}, tfcompat {errors[1].value!r}"
    return errors[1]


# -- the autodiff guide ------------------------------------------------------------------------------------
def p_scalar(tf):
    x = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = x ** 2
    return tape.gradient(y, x)


def p_matrices(tf):
    w = tf.Variable([[1., 2.], [3., 4.], [5., 6.]], name="w")
    b = tf.Variable(tf.zeros(2, dtype=tf.float32), name="b")
    x = [[1., 2., 3.]]
    with tf.GradientTape(persistent=True) as tape:
        y = x @ w + b
        loss = tf.reduce_mean(y ** 2)
    return tape.gradient(loss, [w, b]), tape.gradient(loss, {"w": w, "b": b})


def p_auto_watch(tf):
    x0 = tf.Variable(3.0, name="x0")
    x1 = tf.Variable(3.0, name="x1", trainable=False)
    x2 = tf.Variable(2.0, name="x2") + 1.0   # a tensor, not a variable: not watched
    x3 = tf.constant(3.0, name="x3")
    with tf.GradientTape() as tape:
        y = (x0 ** 2) + (x1 ** 2) + (x2 ** 2)
    return tape.gradient(y, [x0, x1, x2, x3]), len(tape.watched_variables())


def p_intermediate(tf):
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        z = y * y
    return tape.gradient(z, y)


def p_persistent(tf):
    x = tf.constant([1, 3.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * y
    return tape.gradient(z, x), tape.gradient(y, x)   # [4, 108] and [2, 6]


def p_multiple_targets(tf):
    x = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        y0 = x ** 2
        y1 = 1 / x
        y2 = x * [3., 4.]
    return tape.gradient({"y0": y0, "y1": y1}, x), tape.gradient(y2, x)


def p_control_flow(tf):
    x = tf.constant(1.0)
    v0 = tf.Variable(2.0)
    v1 = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        if x > 0.0:
            result = v0
        else:
            result = v1 ** 2
    return tape.gradient(result, [v0, v1]), tape.gradient(result, x)


def p_seed_loop(tf):
    def f(x, y):
        output = 1.0
        for i in range(y):
            if 1 < i < 5:
                output = tf.multiply(output, x)
        return output

    def grad(x, y):
        with tf.GradientTape() as t:
            t.watch(x)
            out = f(x, y)
        return t.gradient(out, x)
    x = tf.convert_to_tensor(2.0)
    return grad(x, 6), grad(x, 5), grad(x, 4)   # 12, 12, 4


def p_unconnected(tf):
    x = tf.Variable(2.)
    y = tf.Variable(3.)
    with tf.GradientTape(persistent=True) as tape:
        z = y * y
    return (tape.gradient(z, x), tape.gradient(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO),
            tape.gradient(z, x, unconnected_gradients="zero"))


def p_replaced_variable(tf):
    x = tf.Variable(2.0)
    out = []
    for _ in range(2):
        with tf.GradientTape() as tape:
            y = x + 1
        out.append(tape.gradient(y, x))
        x = x + 1   # now a tensor: the second gradient is None
    return out


def p_numpy_escape(tf):
    x = tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float32)
    with tf.GradientTape() as tape:
        x2 = x ** 2
        y = np.mean(x2, axis=0)   # leaves through numpy: not recorded
        y = tf.reduce_mean(y, axis=0)
    return tape.gradient(y, x)


def p_int_source(tf):
    x = tf.constant(10)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
    return g.gradient(y, x), g.gradient(y, x, unconnected_gradients="zero")


def p_int_variable(tf):
    v = tf.Variable(3)
    with tf.GradientTape() as t:
        y = v * 2
    return t.gradient(y, v), [w.numpy() for w in t.watched_variables()]


def p_assign_add(tf):
    x0 = tf.Variable(3.0)
    x1 = tf.Variable(0.0)
    with tf.GradientTape() as tape:
        x1.assign_add(x0)   # stateful op: no gradient to x0
        y = x1 ** 2
    return tape.gradient(y, x0)


def p_int8(tf):
    x = tf.constant([1, 2], dtype=tf.int8)
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * x
    return t.gradient(y, x)


def p_watch_accessed_false(tf):
    x0 = tf.Variable(0.0)
    x1 = tf.Variable(10.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(x1)
        y0 = tf.math.sin(x0)
        y1 = tf.nn.softplus(x1)
        ys = tf.reduce_sum(y0 + y1)
    return tape.gradient(ys, {"x0": x0, "x1": x1}), len(tape.watched_variables())


def p_stop_recording(tf):
    x = tf.Variable(2.0)
    y = tf.Variable(3.0)
    with tf.GradientTape() as t:
        x_sq = x * x
        with t.stop_recording():
            y_sq = y * y
        z = x_sq + y_sq
    return t.gradient(z, {"x": x, "y": y})   # x: 4, y: None


def p_reset(tf):
    x = tf.Variable(2.0)
    y = tf.Variable(3.0)
    with tf.GradientTape() as t:
        y_sq = y * y
        t.reset()
        z = x * x + y_sq
    return t.gradient(z, {"x": x, "y": y})


def p_higher_order(tf):
    x = tf.Variable(1.0)
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = x * x * x
        dy_dx = t1.gradient(y, x)
    return dy_dx, t2.gradient(dy_dx, x)   # 3 and 6


def p_third_order(tf):
    x = tf.constant(3.0)
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = x * x * x
            d1 = t1.gradient(y, x)
        d2 = t2.gradient(d1, x)
    return d1, d2, t3.gradient(d2, x)   # 3x^2 = 27, 6x = 18, 6


def p_sigmoid(tf):
    x = tf.linspace(-10.0, 10.0, 21)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.sigmoid(x)
    return tape.gradient(y, x)


GUIDE = [p_scalar, p_matrices, p_auto_watch, p_intermediate, p_persistent, p_multiple_targets, p_control_flow,
         p_seed_loop, p_unconnected, p_replaced_variable, p_numpy_escape, p_int_source, p_int_variable,
         p_assign_add, p_int8, p_watch_accessed_false, p_stop_recording, p_reset, p_higher_order, p_third_order,
         p_sigmoid]


@pytest.mark.parametrize("prog", GUIDE, ids=lambda p: p.__name__)
def test_autodiff_guide_eager(tf, tfc, prog):
    check(tf, tfc, prog)


def test_guide_hand_values(tfc):
    # Hand-derived: d(x^2 y^2)/dx at [1, 3] = 4x^3 -> [4, 108]; dy/dx = 2x -> [2, 6]; the seed loop gives
    # x^3 (12), x^3 (12), x^2 (4) at 2; higher order of x^3 at 3: 27, 18, 6.
    dz, dy = p_persistent(tfc)
    np.testing.assert_allclose(dz.numpy(), [4., 108.])
    np.testing.assert_allclose(dy.numpy(), [2., 6.])
    assert [float(g) for g in p_seed_loop(tfc)] == [12., 12., 4.]
    assert [float(g) for g in p_third_order(tfc)] == [27., 18., 6.]


# -- TF's recording scope --------------------------------------------------------------------------------
def p_scope(tf):
    x = tf.constant(2.)
    y0 = x * x                       # computed before the tape: unconnected
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        z = y0 * x
        y = x * x
        sg = tf.stop_gradient(x * x) * x
        via_numpy = tf.constant((x * x).numpy()) * x
    after = y * x                    # computed after the tape: not recorded
    return (t.gradient(z, [x, y0]), t.gradient(after, x), t.gradient(sg, x), t.gradient(via_numpy, x),
            t.gradient(y, tf.constant(2.)))


def p_nested_independent(tf):
    x = tf.constant(3.)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x
    return inner.gradient(y, x), outer.gradient(y, x)


def p_stop_recording_outer_keeps(tf):
    x = tf.constant(3.)
    with tf.GradientTape() as o:
        o.watch(x)
        with tf.GradientTape() as i:
            i.watch(x)
            with i.stop_recording():
                y = x * x
        gi = i.gradient(y, x)
    return gi, o.gradient(y, x)


def p_variable_target(tf):
    v = tf.Variable(2.0)
    w = tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as t:
        y = v * w
    with tf.GradientTape(watch_accessed_variables=False) as t2:
        pass
    return t.gradient(v, v), t.gradient(v, w), t.gradient([v, y], [v, w]), t2.gradient(v, v)


def p_target_is_source(tf):
    x = tf.constant(3.)
    u = tf.constant(4.)
    i = tf.constant(3)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
    return (t.gradient(x, x), t.gradient(x, x, output_gradients=tf.constant(2.)), t.gradient(u, u),
            t.gradient([u, u * 2.], [u]), t.gradient(i, i))


def p_output_gradients(tf):
    x = tf.constant([1., 2.])
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = x * x
        s = tf.reduce_sum(x)
    return (t.gradient(y, x, output_gradients=tf.constant([3., 5.])),
            t.gradient([y, s], x, output_gradients=[tf.constant([1., 2.]), tf.constant(3.)]))


def p_structures(tf):
    x = tf.constant(1.)
    y = tf.constant(2.)
    v = tf.Variable(4.)
    with tf.GradientTape(persistent=True) as t:
        t.watch([x, {"a": y}])
        z = x * y * v
    return (t.gradient(z, {"p": (x, [y]), "q": x, "v": v}), t.gradient({"b": z, "a": z * 2.}, (x, y)),
            t.gradient(z, [[x], (v,)]))


def p_watched_variables_order(tf):
    a = tf.Variable(1.)
    b = tf.Variable(2.)
    c = tf.Variable(3., trainable=False)
    with tf.GradientTape() as t:
        t.watch(c)
        b * a
    with tf.GradientTape(watch_accessed_variables=False) as t2:
        y = b * a
    return [v.numpy() for v in t.watched_variables()], t2.watched_variables(), t2.gradient(y, [a, b])


def p_assign_after_use(tf):
    v = tf.Variable(3.)
    with tf.GradientTape() as t:
        y = v * v
        v.assign(5.)   # the handle is the same: the gradient is d(v*v)/dv at the value read, 6
    return t.gradient(y, v)


def p_dtypes(tf):
    x = tf.constant(3., tf.float64)
    c = tf.constant(1 + 2j)
    h = tf.constant(2., tf.float16)
    with tf.GradientTape(persistent=True) as t:
        t.watch([x, c, h])
        y = x * x
        yc = c * c
        yh = h * h
    return t.gradient(y, x), t.gradient(yc, c), t.gradient(yh, h)


def p_gradient_inside_context(tf):
    x = tf.constant(3.)
    with tf.GradientTape() as t:   # non-persistent: gradient() stops the recording, no warning
        t.watch(x)
        y = x * x
        g = t.gradient(y, x)
        z = y * x
    with tf.GradientTape(persistent=True) as p:
        p.watch(x)
        y2 = x * x
        g1 = p.gradient(y2, x)
        g2 = p.gradient(y2, x)
    return g, z, g1, g2


def p_watch_variable_snapshot(tf):
    v = tf.Variable(2.)
    x = v.read_value()        # a snapshot read before the tape
    with tf.GradientTape() as t:
        t.watch(x)
        y = x * v * 3.
    return t.gradient(y, [x, v])   # [3v, 3x] = [6, 6] computed separately (not 12 each)


def p_read_inside_tape(tf):
    v = tf.Variable(2.)
    with tf.GradientTape() as t:
        x = v.read_value()    # a recorded read: its gradient is not the variable's
        y = x * v * 3.
    return t.gradient(y, [x, v])   # [3v, 6v] = [6, 12]


SCOPE = [p_watch_variable_snapshot, p_read_inside_tape, p_scope, p_nested_independent, p_stop_recording_outer_keeps,
         p_variable_target, p_target_is_source, p_output_gradients, p_structures, p_watched_variables_order, p_assign_after_use, p_dtypes,
         p_gradient_inside_context]


@pytest.mark.parametrize("prog", SCOPE, ids=lambda p: p.__name__)
def test_recording_scope_eager(tf, tfc, prog):
    check(tf, tfc, prog)


# Programs without numpy() or Python branching on tensor values also run inside tf.function.
IN_FUNCTION = [p_scalar, p_matrices, p_intermediate, p_persistent, p_multiple_targets, p_seed_loop, p_unconnected,
               p_int_source, p_watch_accessed_false, p_stop_recording, p_higher_order, p_third_order,
               p_nested_independent, p_stop_recording_outer_keeps, p_output_gradients, p_target_is_source]


@pytest.mark.parametrize("prog", IN_FUNCTION, ids=lambda p: p.__name__)
def test_inside_tf_function(tf, tfc, prog):
    check(tf, tfc, prog, in_function=True)


def test_tape_inside_function_respects_scope(tf, tfc):
    def prog(tf):
        v = tf.Variable(2.)

        @tf.function
        def f(x):
            c = x * x                       # before the tape
            with tf.GradientTape(watch_accessed_variables=False, persistent=True) as t:
                t.watch(x)
                y = c * v + x * v
                with t.stop_recording():
                    s = x * 3.
                w = y + s
            return t.gradient(y, [x, v, c]), t.gradient(w, x), t.gradient(y * 2., x)
        return f(tf.constant(3.))
    check(tf, tfc, prog)


# -- errors and warnings ---------------------------------------------------------------------------------
def test_non_persistent_used_twice(tf, tfc):
    def prog(tf):
        x = tf.constant(3.)
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
        t.gradient(y, x)
        t.gradient(y, x)
    err = raises_same(tf, tfc, prog)
    assert "non-persistent GradientTape can only be used to compute one set of gradients" in str(err.value)


@pytest.mark.parametrize("case", ["never_entered", "after_exit", "after_gradient", "reset_outside", "reenter",
                                  "target_none", "watch_python_value"])
def test_error_types(tf, tfc, case):
    def prog(tf):
        x = tf.constant(3.)
        t = tf.GradientTape()
        if case == "never_entered":
            with t.stop_recording():
                pass
        with t:
            t.watch(x)
            y = x * x
        if case == "after_exit":
            with t.stop_recording():
                pass
        if case == "after_gradient":
            t.gradient(y, x)
            with t.stop_recording():
                pass
        if case == "reset_outside":
            t.reset()
        if case == "reenter":
            with t:
                with t:
                    pass
        if case == "target_none":
            t.gradient(None, x)
        if case == "watch_python_value":
            t.watch(3.0)
    raises_same(tf, tfc, prog)


class _TFLogRecords(logging.Handler):
    """Collects the records of the ``"tensorflow"`` logger itself, whatever an earlier test did to its propagation
    or to the root logger's handlers (caplog only sees records that reach the root)."""

    def __init__(self, level):
        super().__init__(logging.DEBUG)
        self.records, self._level = [], level

    def emit(self, record):
        self.records.append(record)

    def __enter__(self):
        self._logger = logging.getLogger("tensorflow")
        self._old = self._logger.level, self._logger.disabled
        self._logger.setLevel(self._level)
        self._logger.disabled = False
        self._logger.addHandler(self)
        return self

    def __exit__(self, *exc):
        self._logger.removeHandler(self)
        self._logger.setLevel(self._old[0])
        self._logger.disabled = self._old[1]


def test_int_watch_warns_and_targets_do_not(tfc):
    x = tfc.constant(3)
    with _TFLogRecords(logging.INFO) as log:
        with tfc.GradientTape() as t:
            t.watch(x)
            y = x * x
        assert t.gradient(y, x) is None
    # TF: WARNING for the watch; the target/source dtype messages are vlog(1) (not shown by default).
    warnings = [r.getMessage() for r in log.records if r.levelno >= logging.WARNING]
    assert warnings == ["The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32"]


def test_persistent_gradient_in_context_warns(tfc):
    x = tfc.constant(3.)
    with _TFLogRecords(logging.WARNING) as log:
        with tfc.GradientTape(persistent=True) as t:
            t.watch(x)
            y = x * x
            t.gradient(y, x)
    assert any("Calling GradientTape.gradient on a persistent tape inside its context" in r.getMessage()
               for r in log.records)


# -- torch-level properties --------------------------------------------------------------------------------
def test_non_persistent_frees_graph(tfc):
    x = tfc.constant(3.)
    with tfc.GradientTape() as t:
        t.watch(x)
        h = tfc.exp(x * x)
        y = h * 2.
    t.gradient(y, x)
    assert y._t.grad_fn is None            # the target no longer pins the graph
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        torch.autograd.grad(h._t, x._t)   # the buffers were freed by the one allowed gradient() call


def test_persistent_tape_frees_on_del(tfc):
    x = tfc.constant(3.)
    with tfc.GradientTape(persistent=True) as t:
        t.watch(x)
        y = tfc.exp(x * x)
    t.gradient(y, x)
    t.gradient(y, x)
    assert y._t.grad_fn is not None
    del t
    gc.collect()
    assert y._t.grad_fn is None and float(y) == pytest.approx(np.exp(9.), rel=1e-6)


def test_no_torch_graph_outside_tapes(tfc):
    v = tfc.Variable(2.)
    y = v * 3.                        # a trainable variable outside any tape: nothing recorded
    assert y._t.grad_fn is None and not y._t.requires_grad
    x = tfc.constant(1.)
    with tfc.GradientTape(watch_accessed_variables=False):
        z = x * v                     # nothing watched: no torch graph either
    assert z._t.grad_fn is None


def _live_tensor_bytes():
    gc.collect()
    total = 0
    for o in gc.get_objects():
        if type(o) is torch.Tensor or type(o) is torch.nn.Parameter:
            total += o.numel() * o.element_size()
    return total


def test_training_loop_memory_flat(tfc):
    w = tfc.Variable(tfc.ones([64, 64]))
    b = tfc.Variable(tfc.zeros([64]))
    x = tfc.ones([8, 64])

    def step():
        with tfc.GradientTape() as t:
            loss = tfc.reduce_mean(tfc.tanh(x @ w + b) ** 2)
        gw, gb = t.gradient(loss, [w, b])
        w.assign_sub(0.01 * gw)
        b.assign_sub(0.01 * gb)
        return loss
    losses = [step() for _ in range(50)]     # losses kept for logging must not pin graphs or old weights
    before = _live_tensor_bytes()
    losses += [step() for _ in range(300)]
    assert _live_tensor_bytes() <= before + 300 * 4 + 4096
    assert not w._tapes and not b._tapes   # exited tapes leave no ids on long-lived variables


def test_tape_in_tf1_graph(tf1, tfc1):
    def prog(tf):
        x = tf.placeholder(tf.float32, [2])
        v = tf.Variable([1., 2.])
        c = tf.Variable(3., trainable=False)
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.reduce_sum(x * x * v * c)
        g = t.gradient(y, [x, v, c])
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            return [q is None for q in g], sess.run([q for q in g if q is not None], {x: [1., 3.]})
    a, b = prog(tf1), prog(tfc1)
    assert a[0] == b[0] == [False, False, True]
    for p, q in zip(a[1], b[1]):
        np.testing.assert_allclose(q, p)


def test_warnings_carry_tf_logging_prefix():
    """TF logs the int-watch warning through its logger: stderr shows ``WARNING:tensorflow:...`` (TF 2.21's
    format, checked by hand against real TF's output)."""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    code = ("import tfcompat as tf\nx = tf.constant(1)\nwith tf.GradientTape() as t:\n    t.watch(x)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=root))
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip() == ("WARNING:tensorflow:The dtype of the watched tensor must be floating (e.g. "
                                  "tf.float32), got tf.int32")


# -- GradientTape.gradient fast paths (flat sources, torch's engine entered directly) ----------------------------

def _structure(x):
    """The result's structure and values: container types by name, tensors as arrays, None kept."""
    if x is None:
        return None
    if isinstance(x, dict):
        return ("dict", {k: _structure(v) for k, v in x.items()})
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [_structure(v) for v in x])
    return (x.dtype.name, x.numpy())


@pytest.mark.parametrize("kind", ["list", "tuple", "single_var", "single_tensor", "dict", "nested", "unwatched",
                                  "zero", "output_gradients", "list_target", "int_source"])
def test_gradient_result_structure(oracle, kind):
    """Every source structure comes back as TF gives it (list, tuple, single, dict, nested), with None or zeros
    for unconnected sources and output_gradients weighting the targets (TF's results)."""
    def prog(tf):
        w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        b = tf.Variable([0.5, -0.5])
        u = tf.Variable(3.0)
        x = tf.constant([[1.0, -1.0]])
        i = tf.constant(2)
        with tf.GradientTape() as tape:
            y = tf.matmul(x, w) + b
            loss = tf.reduce_sum(tf.square(y))
        if kind == "list":
            g = tape.gradient(loss, [w, b])
        elif kind == "tuple":
            g = tape.gradient(loss, (w, b))
        elif kind == "single_var":
            g = tape.gradient(loss, w)
        elif kind == "single_tensor":
            g = tape.gradient(loss, y)
        elif kind == "dict":
            g = tape.gradient(loss, {"w": w, "b": b})
        elif kind == "nested":
            g = tape.gradient(loss, [w, (b, [u])])
        elif kind == "unwatched":
            g = tape.gradient(loss, [w, u])
        elif kind == "zero":
            g = tape.gradient(loss, [u, b], unconnected_gradients="zero")
        elif kind == "output_gradients":
            g = tape.gradient(y, [w, b], output_gradients=tf.constant([[2.0, 3.0]]))
        elif kind == "list_target":
            g = tape.gradient([loss, y], [w, b])
        else:
            g = tape.gradient(loss, [i, b])
        return _structure(g)
    oracle.check(prog)


def test_gradient_in_no_grad_and_enable_grad_contexts_is_the_same():
    """The engine runs the backward pass in grad mode ``create_graph`` whatever torch's mode around
    ``gradient`` is: the same detached values in both (expected: d(sum(x*x))/dx = 2x, by hand)."""
    import tfcompat as tf
    out = []
    for mode in (False, True):
        with torch.set_grad_enabled(mode):
            v = tf.Variable([1.0, -2.0])
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(v * v)
            g = tape.gradient(loss, [v])[0]
        assert not g._t.requires_grad
        out.append(g.numpy())
    np.testing.assert_array_equal(out[0], [2.0, -4.0])
    np.testing.assert_array_equal(out[1], [2.0, -4.0])
