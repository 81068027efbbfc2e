"""Session.run: fetch structures, feeds, feed errors, default sessions, growing graphs, error re-raising.

Every test runs the same TF1 program with real TF (``tf1``) and tfcompat (``tfc1``) and compares."""
from __future__ import annotations

import collections

import numpy as np
import pytest

Pair = collections.namedtuple("Pair", ["a", "b"])


def _assert_same_structure_and_values(got, ref):
    assert type(got) is type(ref), (type(got), type(ref))
    if isinstance(ref, dict):
        assert list(got) == list(ref)
        for k in ref:
            _assert_same_structure_and_values(got[k], ref[k])
    elif isinstance(ref, (list, tuple)):
        assert len(got) == len(ref)
        for g, r in zip(got, ref):
            _assert_same_structure_and_values(g, r)
    elif ref is None:
        assert got is None
    else:
        assert np.asarray(got).dtype == np.asarray(ref).dtype
        np.testing.assert_allclose(got, ref)


def _simple_graph(tf):
    x = tf.placeholder(tf.float32, [None, 2], name="x")
    w = tf.constant([[1.0, 2.0], [3.0, 4.0]], name="w")
    y = tf.matmul(x, w, name="y")
    s = tf.reduce_sum(y, name="s")
    n = tf.shape(x, name="n")
    return x, y, s, n


FEED = np.array([[1.0, 0.5], [-2.0, 3.0]], np.float32)


@pytest.mark.parametrize("structure", ["single", "list", "tuple", "dict", "namedtuple", "nested", "names",
                                       "op", "duplicates"])
def test_fetch_structures(tf1, tfc1, structure):
    def program(tf):
        x, y, s, n = _simple_graph(tf)
        op = tf.no_op(name="noop")
        fetches = {
            "single": s,
            "list": [y, s],
            "tuple": (s, n),
            "dict": {"y": y, "s": s, "n": n},
            "namedtuple": Pair(a=y, b=s),
            "nested": {"p": Pair(a=[s, (n, y)], b={"q": op}), "r": [op, s]},
            "names": ["y:0", "s:0", "noop"],
            "op": op,
            "duplicates": [s, s, "s:0"],
        }[structure]
        with tf.Session() as sess:
            return sess.run(fetches, feed_dict={x: FEED})
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_feed_keys_by_placeholder_tensor_and_name(tf1, tfc1):
    def program(tf):
        x, y, s, n = _simple_graph(tf)
        z = tf.identity(y, name="z")
        out = tf.reduce_sum(z)
        with tf.Session() as sess:
            return [sess.run(s, {x: FEED}), sess.run(s, {"x:0": FEED}),
                    sess.run(out, {y: np.ones((3, 2), np.float32)}),     # feeding a non-placeholder tensor
                    sess.run(out, {"y:0": np.zeros((1, 2), np.float32)}),
                    sess.run(n, {x: [[1.0, 2.0]] * 4})]                 # python lists convert like numpy
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_fed_placeholder_dtype_conversion(tf1, tfc1):
    def program(tf):
        i = tf.placeholder(tf.int32, [3])
        f = tf.placeholder(tf.float64, [])
        with tf.Session() as sess:
            return sess.run([i * 2, f + 1], {i: np.array([1.7, -2.2, 3.0]), f: 2})
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_feed_shape_error_message(tf1, tfc1):
    msgs = []
    for tf in (tf1, tfc1):
        x, y, s, n = _simple_graph(tf)
        with tf.Session() as sess:
            with pytest.raises(ValueError) as e:
                sess.run(s, {x: np.ones((2, 3), np.float32)})
        msgs.append(str(e.value))
    assert msgs[1] == msgs[0]
    assert msgs[0].startswith("Cannot feed value of shape (2, 3) for Tensor x:0, which has shape (?, 2)") or \
        msgs[0].startswith("Cannot feed value of shape (2, 3) for Tensor x:0, which has shape (None, 2)")


def test_missing_feed_raises_invalid_argument_naming_placeholder(tf1, tfc1):
    msgs = []
    for tf in (tf1, tfc1):
        x, y, s, n = _simple_graph(tf)
        with tf.Session() as sess:
            with pytest.raises(tf.errors.InvalidArgumentError) as e:
                sess.run(s)
        msgs.append(str(e.value))
    assert "x" in msgs[1] and "placeholder" in msgs[1].lower()


def test_feed_value_cannot_be_a_tensor(tf1, tfc1):
    for tf in (tf1, tfc1):
        x, y, s, n = _simple_graph(tf)
        with tf.Session() as sess:
            with pytest.raises(TypeError):
                sess.run(s, {x: tf.constant(FEED)})


def test_invalid_fetches(tf1, tfc1):
    for tf in (tf1, tfc1):
        x, y, s, n = _simple_graph(tf)
        with tf.Session() as sess:
            with pytest.raises(TypeError):
                sess.run(None)
            with pytest.raises(TypeError):
                sess.run(3)
            with pytest.raises(ValueError, match="cannot be interpreted as a Tensor"):
                sess.run("nope:0")
        g = tf.Graph()
        with g.as_default():
            other = tf.constant(1.0)
        with tf.Session() as sess:
            with pytest.raises(ValueError):
                sess.run(other)


def test_placeholder_with_default(tf1, tfc1):
    def program(tf):
        p = tf.placeholder_with_default(tf.constant([1.0, 2.0]), shape=[None], name="p")
        y = p * 2.0
        with tf.Session() as sess:
            return [p.shape.as_list(), sess.run(y), sess.run(y, {p: [5.0, 6.0, 7.0]})]
    ref, got = program(tf1), program(tfc1)
    assert got[0] == ref[0]
    _assert_same_structure_and_values(got[1:], ref[1:])


def test_eval_and_run_with_default_sessions(tf1, tfc1):
    def program(tf):
        v = tf.Variable(3.0, name="v")
        inc = tf.assign_add(v, 1.0)
        x = tf.placeholder(tf.float32, [])
        out = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            inc.op.run()
            out.append((v * 2).eval())
            out.append((x + 1).eval(feed_dict={x: 2.0}))
            out.append(v.eval())
            assert tf.get_default_session() is sess
        sess2 = tf.Session()
        with sess2.as_default():
            sess2.run(v.initializer)
            out.append(v.eval())
        out.append(v.eval(session=sess2))
        sess2.close()
        assert tf.get_default_session() is None
        return out
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_eval_without_default_session_raises(tf1, tfc1):
    for tf in (tf1, tfc1):
        c = tf.constant(1.0)
        with pytest.raises(ValueError, match="No default session"):
            c.eval()
        with pytest.raises(ValueError, match="No default session"):
            tf.no_op().run()


def test_interactive_session(tf1, tfc1):
    def program(tf):
        sess = tf.InteractiveSession()
        try:
            c = tf.constant([1.0, 2.0]) * 3.0
            return [tf.get_default_session() is sess, c.eval()]
        finally:
            sess.close()
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_session_graph_argument_and_close(tf1, tfc1):
    def program(tf):
        g = tf.Graph()
        with g.as_default():
            c = tf.constant(5.0, name="c") + 1.0
        sess = tf.Session(graph=g)
        out = [sess.graph is g, sess.run(c), sess.run("c:0")]
        sess.close()
        with pytest.raises(RuntimeError):
            sess.run(c)
        return out
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_session_with_config_proto(tf1, tfc1):
    def program(tf):
        config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
        config.gpu_options.allow_growth = True
        with tf.Session(config=config) as sess:
            return sess.run(tf.constant(2.0) * 2.0)
    assert program(tfc1) == program(tf1)


def test_graph_keeps_growing_after_session_starts(tf1, tfc1):
    def program(tf):
        v = tf.Variable(1.0, name="v")
        out = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            out.append(sess.run(v * 2.0))
            a = tf.assign(v, 5.0)                     # new assign op after the session started
            out.append(sess.run(a))
            w = tf.Variable(10.0, name="w")          # new variable after the session started
            sess.run(w.initializer)
            out.append(sess.run(v + w))
            out.append(sess.run(tf.assign_sub(w, 3.0)))
            out.append(sess.run([v, w]))
        return out
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_control_input_added_after_a_run_is_ignored_as_in_tf(tf1, tfc1):
    """``op._add_control_input`` on an op a session has already run: TF ignores the change in that session."""
    def program(tf):
        v = tf.Variable(0.0, name="v")
        inc = tf.assign_add(v, 1.0)
        out = tf.identity(tf.constant(3.0), name="out")
        with tf.Session() as sess:
            sess.run(v.initializer)
            first = [sess.run(out), sess.run(v)]
            out.op._add_control_input(inc.op)
            return first + [sess.run(out), sess.run(v)]
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_new_ops_do_not_recompile_an_unchanged_fetch(tfc1, monkeypatch):
    """A script that builds an op every step (a legacy habit) keeps its step's compiled plan: a new op cannot
    change what the fetches reach. (By hand: the plan compiler must run once for the repeated fetch.)"""
    from tfcompat._src.runtime import session as session_module
    calls = []
    real = session_module.compile_plan
    monkeypatch.setattr(session_module, "compile_plan", lambda *a, **k: calls.append(1) or real(*a, **k))
    with tfc1.Graph().as_default():
        x = tfc1.placeholder(tfc1.float32, [2])
        y = tfc1.reduce_sum(x * 2.0)
        with tfc1.Session() as sess:
            values = []
            for i in range(5):
                tfc1.constant(float(i))  # unrelated new op
                values.append(sess.run(y, {x: [1.0, float(i)]}))
    assert values == [2.0, 4.0, 6.0, 8.0, 10.0]
    assert len(calls) == 1


def test_sessions_hold_separate_variable_values(tf1, tfc1):
    def program(tf):
        v = tf.Variable(1.0)
        inc = tf.assign_add(v, 1.0)
        s1, s2 = tf.Session(), tf.Session()
        s1.run(v.initializer)
        s2.run(v.initializer)
        s1.run(inc)
        s1.run(inc)
        out = [s1.run(v), s2.run(v)]
        s1.close()
        s2.close()
        return out
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_control_dependencies_order_execution(tf1, tfc1):
    def program(tf):
        v = tf.Variable(0.0)
        inc = tf.assign_add(v, 1.0)
        with tf.control_dependencies([inc]):
            read_after = tf.identity(v.read_value()) if hasattr(v, "read_value") else tf.identity(v)
        grouped = tf.group(tf.assign_add(v, 10.0), tf.assign_add(v, 100.0))
        with tf.Session() as sess:
            sess.run(v.initializer)
            first = sess.run(read_after)
            second = sess.run(grouped)
            return [first, second, sess.run(v)]
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_run_error_is_tf_error_naming_the_op(tf1, tfc1):
    names = []
    for tf in (tf1, tfc1):
        a = tf.placeholder(tf.int32, [None], name="idx")
        params = tf.constant([1.0, 2.0, 3.0])
        g = tf.gather(params, a, name="my_gather")
        with tf.Session() as sess:
            with pytest.raises(tf.errors.InvalidArgumentError) as e:
                sess.run(g, {a: [0, 7]})
        names.append(str(e.value))
    assert "my_gather" in names[1]


def test_make_callable(tf1, tfc1):
    def program(tf):
        x, y, s, n = _simple_graph(tf)
        with tf.Session() as sess:
            f = sess.make_callable([s, n], feed_list=[x])
            return f(FEED)
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)


def test_string_fetch_of_scalar_and_dtypes(tf1, tfc1):
    def program(tf):
        tf.constant(3, name="i")
        tf.constant(2.5, dtype=tf.float64, name="d")
        tf.constant([True, False], name="b")
        with tf.Session() as sess:
            return sess.run(["i:0", "d:0", "b:0"])
    ref, got = program(tf1), program(tfc1)
    _assert_same_structure_and_values(got, ref)
    assert [type(x) for x in got] == [type(x) for x in ref]


def test_eager_surface_without_disable_v2_behavior():
    # `import tfcompat.compat.v1 as tf` stays eager until disable_v2_behavior(), as in TF2 (derived by hand:
    # TF2's compat.v1 starts with eager execution enabled).
    import tfcompat.compat.v1 as tf
    assert tf.executing_eagerly()
    c = tf.constant([1.0, 2.0]) * 2.0
    np.testing.assert_allclose(c.numpy(), [2.0, 4.0])
    tf.disable_v2_behavior()
    assert not tf.executing_eagerly()
    d = tf.constant(1.0)
    assert d.name == "Const:0"
    with tf.Session() as sess:
        assert sess.run(d) == 1.0
    tf.enable_v2_behavior()
    assert tf.executing_eagerly()


def test_disable_eager_execution_uses_default_graph():
    import tfcompat.compat.v1 as tf
    tf.disable_eager_execution()
    x = tf.placeholder(tf.float32, [2])
    y = x * 3.0
    assert y.graph is tf.get_default_graph()
    with tf.Session() as sess:
        np.testing.assert_allclose(sess.run(y, {x: [1.0, 2.0]}), [3.0, 6.0])


def _fetch_ownership_program(v1):
    a = v1.placeholder(v1.float32, [3])
    b = v1.Variable([1.0, 2.0, 3.0])
    c = v1.constant([5.0, 6.0, 7.0])
    ga, gb = v1.gradients(a + b, [a, b])          # d(a+b)/da = d(a+b)/db = ones: may be one torch buffer
    (gc,) = v1.gradients(a * c, [a], grad_ys=[c])  # grad_ys given: may alias the constant c
    return a, [ga, gb, gc, c], v1.global_variables_initializer()


def test_fetched_arrays_are_owned_by_the_caller(tf1, tfc1):
    # Session.run hands out fresh gradient buffers without a copy; mutating one result must not change another
    # result of the same run, a constant, or the next run (TF returns distinct arrays).
    results = []
    for v1 in (tf1, tfc1):
        a, fetches, init = _fetch_ownership_program(v1)
        with v1.Session() as s:
            s.run(init)
            feed = {a: np.zeros(3, np.float32)}
            first = s.run(fetches, feed)
            for arr in first:
                arr[...] = -1.0
            results.append(s.run(fetches, feed))
    for got, want in zip(results[1], results[0]):
        np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(results[1][0], [1.0, 1.0, 1.0])   # by hand: d(a + b)/da


def test_feeds_of_python_scalars_and_exact_arrays_match_tf(tf1, tfc1):
    outs = []
    for v1 in (tf1, tfc1):
        f = v1.placeholder(v1.float32, [])
        i = v1.placeholder(v1.int32, [])
        m = v1.placeholder(v1.float32, [None, 2])
        y = [f * 2.0, i + 1, v1.reduce_sum(m)]
        with v1.Session() as s:
            outs.append([s.run(y, {f: 1.5, i: 7, m: np.ones((3, 2), np.float32)}),
                         s.run(y, {f: np.float32(2.5), i: np.int64(3), m: [[1.0, 2.0]]})])
            with pytest.raises(ValueError, match="Cannot feed value of shape"):
                s.run(y, {f: 1.0, i: 1, m: np.ones((3, 3), np.float32)})
    for got, want in zip(outs[1], outs[0]):
        for g, w in zip(got, want):
            assert np.asarray(g).dtype == np.asarray(w).dtype
            np.testing.assert_array_equal(g, w)


def _wgan_critic(tf):
    w = tf.Variable([[0.005, -0.02], [0.3, 0.1]], name="w")
    x = tf.placeholder(tf.float32, [4, 2])
    loss = tf.reduce_mean(tf.square(tf.tanh(tf.matmul(x, w))))
    return w, x, loss


_WGAN_X = np.arange(8, dtype=np.float32).reshape(4, 2) / 8


def test_optimizer_step_and_assign_to_the_same_variable_in_one_run(oracle):
    """WGAN weight clipping: ``sess.run([D_solver, D_loss, clip_D])``. TF's scheduler runs the clip's assign
    (ready at once) before the optimizer update (which waits for the gradients), so the update applies to the
    clipped weights and is never lost; whether the loss reads the weights before or after the clip is a race
    in TF (resource variables: both happen). tfcompat takes the order TF gives below, deterministically: the
    forward reads the old weights, the clip assigns, then the update applies to the clipped weights. The
    expected values come from TF running exactly that order one step at a time."""
    def tf_prog(tf):
        w, x, loss = _wgan_critic(tf)
        opt = tf.train.RMSPropOptimizer(0.01)
        (grad,) = tf.gradients(loss, w)
        g_in = tf.placeholder(tf.float32, [2, 2])
        apply = opt.apply_gradients([(g_in, w)])
        clip = w.assign(tf.clip_by_value(w, -0.01, 0.01))
        out = []
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for _ in range(3):
                lv, gv = s.run([loss, grad], {x: _WGAN_X})
                cv = s.run(clip)
                s.run(apply, {g_in: gv})
                out.append((lv, cv, s.run(w)))
        return out

    def tfc_prog(tf):
        w, x, loss = _wgan_critic(tf)
        solver = tf.train.RMSPropOptimizer(0.01).minimize(loss, var_list=[w])
        clip = [w.assign(tf.clip_by_value(w, -0.01, 0.01))]
        out = []
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for _ in range(3):
                _, lv, cv = s.run([solver, loss, clip], {x: _WGAN_X})
                out.append((lv, cv[0], s.run(w)))
        return out
    oracle.check(tf_prog, tfc_prog, v1=True)


def test_several_train_ops_share_the_forward_of_their_run(oracle):
    """Two optimizer steps fetched together both use the gradients of the values the run read (TF runs both
    updates after their gradients; with one variable each, the order between them does not matter)."""
    def prog(tf):
        a = tf.Variable(1.0)
        b = tf.Variable(2.0)
        loss = tf.square(a * b - 1.0)
        step_a = tf.train.GradientDescentOptimizer(0.1).minimize(loss, var_list=[a])
        step_b = tf.train.GradientDescentOptimizer(0.1).minimize(loss, var_list=[b])
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            return [s.run([step_a, step_b, loss])[2] for _ in range(3)] + [s.run([a, b])]
    oracle.check_v1(prog)


def test_feed_dict_with_nested_tuple_keys(oracle):
    """A tuple (or namedtuple such as LSTMStateTuple) of placeholders as one feed_dict key takes a value of the same
    structure (TF's nest.flatten_dict_items); a non-nested value or another length raises TF's ValueError."""
    def prog(tf):
        c, h = tf.placeholder(tf.float32, [1, 2]), tf.placeholder(tf.float32, [1, 2])
        state = tf.nn.rnn_cell.LSTMStateTuple(c, h)
        total = c + 2. * h
        out = []
        with tf.Session() as sess:
            out.append(sess.run(total, {state: ([[1., 2.]], [[3., 4.]])}))
            out.append(sess.run(total, {(c, (h,)): ([[1., 1.]], ([[0., 1.]],))}))
            for bad in ([[1., 2.]], ([[1., 2.]],)):
                try:
                    sess.run(total, {state: bad})
                except ValueError as e:
                    out.append(type(e).__name__)
        return out
    oracle.check_v1(prog)


def test_nested_fetch_lists_of_train_ops_and_a_loss(oracle):
    """``sess.run([[train_a, train_b], loss])`` with a new outer list each step (the usual GAN step), then the
    same ops in other nestings: every run's structure and values are TF's."""
    def prog(tf):
        w = tf.Variable([1.0, -2.0])
        steps = tf.Variable(0.0)
        x = tf.placeholder(tf.float32, [2])
        loss = tf.reduce_sum(w * x)
        train_a = tf.assign_add(steps, 1.0)   # (no write to what the fetched loss reads: TF leaves that unordered)
        train_b = tf.no_op()
        out = []
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            trains = [train_a, train_b]
            for i in range(3):
                out.append(sess.run([trains, loss], {x: [1.0, float(i)]}))
            out.append(sess.run(([train_b], (loss, [steps])), {x: [2.0, 2.0]}))
            out.append(sess.run([[train_b], [loss, [loss]]], {"Placeholder:0": [0.0, 1.0]}))
        return out
    oracle.check_v1(prog)


def test_a_nested_fetch_maps_its_structure_once(tfc1, monkeypatch):
    """By hand: a nested list of ops and tensors is a fetch-cache key like a flat one (the fetch mapping is built
    once however often the step runs), and another nesting of the same elements is another key."""
    from tfcompat._src.runtime import session as session_module
    built = []
    real = session_module._FetchMapper
    monkeypatch.setattr(session_module, "_FetchMapper", lambda *a: built.append(1) or real(*a))
    with tfc1.Graph().as_default():
        x = tfc1.placeholder(tfc1.float32, [2])
        y = tfc1.reduce_sum(x * 2.0)
        op = tfc1.no_op()
        with tfc1.Session() as sess:
            runs = [sess.run([[op, op], y], {x: [1.0, float(i)]}) for i in range(4)]
            other = sess.run([[op], [y]], {x: [1.0, 1.0]})
    assert runs == [[[None, None], 2.0 + 2.0 * i] for i in range(4)]
    assert other == [[None], [4.0]]
    assert len(built) == 2
