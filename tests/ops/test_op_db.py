"""Generic op tests driven by tests/ops/op_db.py.

For every entry: (a) tfcompat eager vs real TF eager (values, dtypes, shapes), (b) tfcompat graph mode
(placeholders + Session) vs tfcompat eager, (c) gradients: tfcompat GradientTape vs TF's (None-ness included),
graph-mode tf.gradients vs eager, and always vs central finite differences in float64."""
from __future__ import annotations

import numpy as np
import pytest

import tfcompat
from tests import oracle as oracle_lib
from tests.ops.op_db import CASES, OpCase


def _ids(cases):
    seen: dict[str, int] = {}
    out = []
    for c in cases:
        i = seen.get(c.id, 0)
        seen[c.id] = i + 1
        out.append(c.id if i == 0 else f"{c.id}#{i}")
    return out


IDS = _ids(CASES)


def _resolve(root, path):
    for part in path.split("."):
        root = getattr(root, part)
    return root


def _call(tfm, case: OpCase, args, kwargs):
    fn = case.fn if callable(case.fn) else _resolve(tfm, case.fn)
    if callable(case.fn):
        return fn(tfm, *args, **kwargs)
    return fn(*args, **kwargs)


def _build(case: OpCase, convert, cast64=False):
    """args/kwargs with numpy arrays replaced by ``convert(key, array)`` (also inside lists)."""
    def one(key, v):
        if isinstance(v, np.ndarray):
            if cast64 and v.dtype == np.float32:
                v = v.astype(np.float64)
            return convert(key, v)
        if isinstance(v, list) and v and all(isinstance(e, np.ndarray) for e in v):
            return [one((key, j), e) for j, e in enumerate(v)]
        return v
    args = [one(i, a) for i, a in enumerate(case.args)]
    kwargs = {k: one(k, v) for k, v in case.kwargs.items()}
    return args, kwargs


def _flat(out):
    if isinstance(out, (list, tuple)):
        res = []
        for o in out:
            res.extend(_flat(o))
        return res
    return [out]


def _weights(shape, np_dtype):
    n = int(np.prod(shape)) if len(shape) else 1
    return np.linspace(0.5, 1.5, n).reshape(shape).astype(np_dtype)


def _loss(tfm, outs):
    """sum(out * w) over the float outputs (w fixed, the same in every framework); None if none is float."""
    total = None
    for o in outs:
        if not o.dtype.is_floating:
            continue
        w = tfm.constant(_weights(tuple(o.shape.as_list()), o.dtype.as_numpy_dtype))
        term = tfm.reduce_sum(o * w)
        if term.dtype != tfm.float64:
            term = tfm.cast(term, tfm.float64)
        total = term if total is None else total + term
    return total


def _run_eager(tfm, case: OpCase, cast64=False):
    """(output numpy values, output dtype names, gradients or None per case.grad) when executing eagerly."""
    inputs = {}

    def convert(key, a):
        t = tfm.constant(a)
        inputs[key] = t
        return t

    args, kwargs = _build(case, convert, cast64)
    with tfm.GradientTape() as tape:
        for k in case.grad:
            tape.watch(inputs[k])
        outs = _flat(_call(tfm, case, args, kwargs))
        loss = _loss(tfm, outs) if case.grad else None
    grads = None
    if case.grad and loss is not None:
        grads = tape.gradient(loss, [inputs[k] for k in case.grad])
        grads = [None if g is None else np.asarray(tfm.convert_to_tensor(g)) for g in grads]
    return [np.asarray(o) for o in outs], [o.dtype.name for o in outs], grads


def _loss_value(case: OpCase, perturbed):
    """The numeric loss of the float64 case with input arrays replaced from ``perturbed``."""
    def convert(key, a):
        return tfcompat.constant(perturbed.get(key, a))
    args, kwargs = _build(case, convert, cast64=True)
    outs = _flat(_call(tfcompat, case, args, kwargs))
    return float(np.asarray(_loss(tfcompat, outs)))


def _assert_outputs(actual, expected, case, what):
    vals_a, dts_a = actual[0], actual[1]
    vals_e, dts_e = expected[0], expected[1]
    assert len(vals_a) == len(vals_e), f"{what}: number of outputs"
    assert dts_a == dts_e, f"{what}: dtypes"
    for a, e in zip(vals_a, vals_e):
        assert a.shape == e.shape, f"{what}: shapes {a.shape} vs {e.shape}"
        if case.compare_values:
            np.testing.assert_allclose(a, e, rtol=case.rtol, atol=case.atol, err_msg=what)


def _assert_grads(actual, expected, case, what):
    assert (actual is None) == (expected is None), what
    if actual is None:
        return
    for k, a, e in zip(case.grad, actual, expected):
        assert (a is None) == (e is None), f"{what}: None-ness of the gradient for input {k!r}: {a} vs {e}"
        if a is not None:
            np.testing.assert_allclose(a, e, rtol=case.grad_rtol, atol=1e-5, err_msg=f"{what}: input {k!r}")


def _eager_program(case: OpCase):
    """The oracle program for ``case``: output values (shapes only when values are random), dtype names and
    tape gradients, as plain data."""
    def prog(tfm):
        vals, dts, grads = _run_eager(tfm, case)
        if not case.compare_values:
            return {"shapes": [list(v.shape) for v in vals], "dtypes": dts}
        return {"values": vals, "dtypes": dts, "grads": grads}
    return prog


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_eager_matches_tf(case, oracle):
    """(a) values, dtypes, shapes and tape gradients against TF when executing eagerly (TF live through the
    oracle harness, or its recorded results)."""
    if not case.tf:
        pytest.skip("no TF counterpart for this case")
    prog = _eager_program(case)
    theirs = oracle.tf_result(prog)
    assert not isinstance(theirs, oracle_lib.Raised), f"TF raised {theirs!r}"
    ours = prog(tfcompat)
    assert ours["dtypes"] == list(theirs["dtypes"]), f"dtypes {ours['dtypes']} vs TF's {theirs['dtypes']}"
    if not case.compare_values:
        assert [list(x) for x in ours["shapes"]] == [list(x) for x in theirs["shapes"]], "shapes"
        return
    _assert_outputs((ours["values"], ours["dtypes"]), (theirs["values"], list(theirs["dtypes"])), case,
                    "eager vs TF")
    _assert_grads(ours["grads"], theirs["grads"], case, "tape gradient vs TF")


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_graph_matches_eager(case):
    """(b) the same op through compat.v1 placeholders + Session agrees with eager (values, grads, shapes)."""
    if not case.graph:
        pytest.skip("eager only")
    eager = _run_eager(tfcompat, case)
    v1 = tfcompat.compat.v1
    g = v1.Graph()
    with g.as_default():
        placeholders, feed = {}, {}

        def convert(key, a):
            p = v1.placeholder(tfcompat.as_dtype(a.dtype), a.shape)
            placeholders[key] = p
            feed[p] = a
            return p

        args, kwargs = _build(case, convert)
        outs = _flat(_call(tfcompat, case, args, kwargs))
        for o, val in zip(outs, eager[0]):
            assert o.shape.is_compatible_with(val.shape), (o.shape, val.shape)
            if case.graph_static_shape:
                assert o.shape.as_list() == list(val.shape), f"static shape {o.shape} vs {val.shape}"
        grads = []
        if case.grad:
            loss = _loss(tfcompat, outs)
            if loss is not None:
                # A gather's gradient is an IndexedSlices in TF's graph mode too: densified as the eager side is.
                grads = [None if gr is None else tfcompat.convert_to_tensor(gr)
                         for gr in v1.gradients(loss, [placeholders[k] for k in case.grad])]
        fetch = outs + [gr for gr in grads if gr is not None]
        with v1.Session(graph=g) as sess:
            vals = sess.run(fetch, feed)
    got = [np.asarray(v) for v in vals[:len(outs)]]
    _assert_outputs((got, [o.dtype.name for o in outs]), eager, case, "graph vs eager")
    if case.grad and eager[2] is not None and case.compare_values:
        it = iter(vals[len(outs):])
        graph_grads = [None if gr is None else np.asarray(next(it)) for gr in grads]
        _assert_grads(graph_grads, eager[2], case, "tf.gradients vs tape")


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_graph_with_unknown_dims_matches_eager(case):
    """(b') the same graph built from placeholders whose dimensions are all unknown (shape inference and
    shape-dependent wrappers must not need them) runs to the eager values."""
    if not case.graph or not case.unknown_dims:
        pytest.skip("needs static dimensions, as in TF")
    eager = _run_eager(tfcompat, case)
    v1 = tfcompat.compat.v1
    g = v1.Graph()
    with g.as_default():
        feed = {}

        def convert(key, a):
            p = v1.placeholder(tfcompat.as_dtype(a.dtype), [None] * a.ndim)
            feed[p] = a
            return p

        args, kwargs = _build(case, convert)
        outs = _flat(_call(tfcompat, case, args, kwargs))
        for o, val in zip(outs, eager[0]):
            assert o.shape.is_compatible_with(val.shape), (o.shape, val.shape)
        with v1.Session(graph=g) as sess:
            vals = sess.run(outs, feed)
    _assert_outputs(([np.asarray(v) for v in vals], [o.dtype.name for o in outs]), eager, case, "unknown dims")


@pytest.mark.parametrize("case", [c for c in CASES if c.grad], ids=_ids([c for c in CASES if c.grad]))
def test_gradient_finite_differences(case):
    """(c) float64 tape gradients against central finite differences; None only where declared."""
    _, _, grads = _run_eager(tfcompat, case, cast64=True)
    assert grads is not None
    for k, g in zip(case.grad, grads):
        if k in case.none_grads:
            assert g is None, f"gradient for {k!r} should be None (TF returns None here)"
            continue
        assert g is not None, f"gradient for {k!r} is None"
        if not case.fd:
            continue
        base = case.args[k] if isinstance(k, int) else case.kwargs[k]
        x = base.astype(np.float64)
        fd = np.zeros_like(x)
        eps = case.fd_eps
        for idx in np.ndindex(x.shape):
            xp, xm = x.copy(), x.copy()
            xp[idx] += eps
            xm[idx] -= eps
            fd[idx] = (_loss_value(case, {k: xp}) - _loss_value(case, {k: xm})) / (2 * eps)
        np.testing.assert_allclose(g, fd, rtol=case.fd_tol, atol=case.fd_tol / 10, err_msg=f"input {k!r}")
