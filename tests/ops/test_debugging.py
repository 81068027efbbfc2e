"""tf.debugging asserts, check_numerics, tf.compat.v1.Print / verify_tensor_all_finite vs real TF: eager raises at
once (returning None), graphs get an op that raises when run, static failures raise while building."""
from __future__ import annotations

import numpy as np
import pytest

import tfcompat

X = np.array([1.0, 2.0], np.float32)


def _raises(fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - the exception type is what is compared
        return type(e).__name__, str(e)
    return None, out


EAGER_CASES = {
    "equal_ok": lambda m: m.debugging.assert_equal(m.constant(X), m.constant(X)),
    "equal_bad": lambda m: m.debugging.assert_equal(m.constant(X), m.constant(X) + 1),
    "less_bad_message": lambda m: m.debugging.assert_less(m.constant(X), m.constant(X), message="msg"),
    "less_broadcast_ok": lambda m: m.debugging.assert_less(m.constant(X), 3.0),
    "greater_bad": lambda m: m.debugging.assert_greater(m.constant(X), 1.5),
    "greater_equal_ok": lambda m: m.debugging.assert_greater_equal(m.constant(X), 1.0),
    "less_equal_bad": lambda m: m.debugging.assert_less_equal(m.constant(X), 1.0),
    "rank_ok": lambda m: m.debugging.assert_rank(m.constant(X), 1),
    "rank_bad": lambda m: m.debugging.assert_rank(m.constant(X), 2),
    "shapes_ok": lambda m: m.debugging.assert_shapes([(m.constant(X), ("N",)), (m.zeros([2, 3]), ("N", 3))]),
    "shapes_bad": lambda m: m.debugging.assert_shapes([(m.constant(X), ("N",)), (m.zeros([3]), ("N",))]),
    "shapes_bad_const": lambda m: m.debugging.assert_shapes([(m.zeros([2, 3]), (2, 4))]),
    "check_numerics_nan": lambda m: m.debugging.check_numerics(m.constant([1.0, np.nan]), "bad"),
    "check_numerics_inf": lambda m: m.debugging.check_numerics(m.constant([np.inf, 1.0]), "bad"),
    "all_finite_nan": lambda m: m.debugging.assert_all_finite(m.constant([np.nan]), "nope"),
    "Assert_bad": lambda m: m.debugging.Assert(m.constant(False), ["value:", m.constant([1, 2])]),
}


@pytest.mark.parametrize("name", sorted(EAGER_CASES))
def test_eager_matches_tf(name, tf, tfc):
    exp = _raises(lambda: EAGER_CASES[name](tf))
    got = _raises(lambda: EAGER_CASES[name](tfc))
    assert got[0] == exp[0]
    if exp[0] is None:
        assert (got[1] is None) == (exp[1] is None)
        if exp[1] is not None:
            np.testing.assert_array_equal(got[1].numpy(), exp[1].numpy())
    elif name != "Assert_bad":  # TF eager Assert names its kernel in the message
        # TF's eager kernel errors carry a "{{function_node ...}}" prefix and "[Op:...]" suffix.
        assert got[1] in exp[1], (got[1], exp[1])


def test_check_numerics_returns_tensor_and_passes_gradients(tf, tfc):
    outs = []
    for m in (tf, tfc):
        x = m.constant(X)
        with m.GradientTape() as tape:
            tape.watch(x)
            y = m.debugging.check_numerics(x * x, "ok")
        outs.append((y.numpy(), tape.gradient(y, x).numpy()))
    np.testing.assert_allclose(outs[1][0], outs[0][0])
    np.testing.assert_allclose(outs[1][1], outs[0][1])


def _graph_program(v1, mod):
    p = v1.placeholder(mod.float32, [None])
    ops = {
        "assert_equal": v1.assert_equal(p, 1.0),
        "assert_greater": v1.assert_greater(p, 0.0),
        "check_numerics": v1.check_numerics(p, "cn"),
        "verify": v1.verify_tensor_all_finite(p, "vt"),
        "Print": v1.Print(p, [p, p * 2], "hello ", summarize=2),
    }
    grad = v1.gradients(ops["Print"] * 3.0, p)[0]
    return p, ops, grad


def test_graph_mode_matches_tf(tf, tf1, tfc1, capfd):
    results = []
    for v1, mod in ((tf1, tf), (tfc1, tfcompat)):
        p, ops, grad = _graph_program(v1, mod)
        kinds = {k: (type(v).__name__ if not hasattr(v, "dtype") else "Tensor") for k, v in ops.items()}
        kinds["assert_equal"] = ops["assert_equal"].type if hasattr(ops["assert_equal"], "type") else None
        with v1.Session() as sess:
            ok = sess.run([ops["check_numerics"], ops["verify"], ops["Print"], grad], {p: [1.0, 1.0, 1.0]})
            sess.run([ops["assert_equal"], ops["assert_greater"]], {p: [1.0, 1.0]})
            errs = [_raises(lambda: sess.run(ops[k], {p: v}))[0] for k, v in (
                ("assert_equal", [1.0, 2.0]), ("assert_greater", [0.0]), ("check_numerics", [np.nan]),
                ("verify", [np.inf]))]
            msg = _raises(lambda: sess.run(ops["check_numerics"], {p: [1.0, np.inf]}))[1]
        printed = capfd.readouterr().err
        results.append((ok, errs, "cn : Tensor had Inf values" in msg, printed.count("hello [1 1...][2 2...]")))
    (ok_tf, e_tf, m_tf, p_tf), (ok_c, e_c, m_c, p_c) = results
    for a, e in zip(ok_c, ok_tf):
        np.testing.assert_allclose(a, e)
    assert e_c == e_tf == ["InvalidArgumentError"] * 4
    assert m_c and m_tf
    assert p_c == p_tf == 1


def test_graph_static_failures_raise_while_building(tf, tf1, tfc1):
    for v1, mod in ((tf1, tf), (tfc1, tfcompat)):
        p = v1.placeholder(mod.float32, [None])
        with pytest.raises(ValueError, match="Tensor Placeholder:0 must have rank 2.  Received rank 1"):
            v1.assert_rank(p, 2)
        with pytest.raises(mod.errors.InvalidArgumentError, match="Condition x == y did not hold element-wise"):
            v1.assert_equal(mod.constant(1.0), mod.constant(2.0))
        assert v1.assert_rank(p, 1).type == "NoOp"


def test_assert_message_in_graph_matches_tf(tf, tf1, tfc1):
    msgs = []
    for v1, mod in ((tf1, tf), (tfc1, tfcompat)):
        p = v1.placeholder(mod.int32, [None], name="p")
        a = v1.assert_equal(p, 1, name="eq")
        with v1.Session() as sess:
            msgs.append(_raises(lambda: sess.run(a, {p: [1, 2]}))[1])
    # TF names the scope eq_1 (its wrapper opens the scope twice); tfcompat uses eq.
    for expected in ("assertion failed: [Condition x == y did not hold element-wise:] [x (p:0) = ] [1 2] [y (eq",
                     "/y:0) = ] [1]"):
        assert expected in msgs[0] and expected in msgs[1]


def test_print_first_n_and_eager(tf, tfc, capfd):
    counts = []
    for mod in (tf, tfc):
        x = mod.constant([1, 2, 3, 4])
        for _ in range(3):
            y = mod.compat.v1.Print(x, [x], "eager ", first_n=5, summarize=3)
        np.testing.assert_array_equal(y.numpy(), [1, 2, 3, 4])
        counts.append(capfd.readouterr().err.count("eager [1 2 3...]"))
    assert counts[1] == counts[0] == 3


def test_eager_assert_messages_of_scalars_and_vectors(oracle):
    """The eager assert_equal/assert_less message: failing indices are listed for equal non-scalar shapes only."""
    def prog(tf):
        out = []
        for a, b in [(1, 2), ([1, 2], [1, 3]), ([[1, 2]], [1, 3])]:
            try:
                tf.debugging.assert_equal(tf.constant(a), tf.constant(b), message="msg")
            except tf.errors.InvalidArgumentError as e:
                out.append(str(e))
        try:
            tf.debugging.assert_less(tf.constant(3.0), tf.constant(2.0))
        except tf.errors.InvalidArgumentError as e:
            out.append(str(e))
        return out
    oracle.check(prog)
