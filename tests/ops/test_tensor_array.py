"""tf.TensorArray: the same programs in real TF (eager, and compat.v1 graph + Session) and in tfcompat."""
from __future__ import annotations

import numpy as np
import pytest

ROWS = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32)


def _programs():
    """name -> fn(tf) returning a tensor (or a list of tensors); run eagerly and in graph mode."""
    def write_stack(tf):
        ta = tf.TensorArray(tf.float32, size=3)
        for i in range(3):
            ta = ta.write(i, ROWS[i] * float(i + 1))
        return [ta.stack(), ta.size()]

    def unwritten_zeros(tf):
        ta = tf.TensorArray(tf.float32, size=3).write(1, [7.0, 8.0])
        return ta.stack()

    def element_shape_zeros(tf):
        return tf.TensorArray(tf.float32, size=2, element_shape=[3]).stack()

    def dynamic_size(tf):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True).write(3, [1.0])
        return [ta.stack(), ta.size()]

    def unstack_read_gather(tf):
        ta = tf.TensorArray(tf.float32, size=3, clear_after_read=False).unstack(ROWS)
        return [ta.read(2), ta.gather([2, 0, 2]), ta.gather(tf.constant([1])), ta.read(tf.constant(0))]

    def scatter(tf):
        return tf.TensorArray(tf.float32, size=3).scatter([2, 0], ROWS[:2]).stack()

    def concat_split(tf):
        ta = tf.TensorArray(tf.float32, size=2, infer_shape=False).write(0, [1.0]).write(1, [2.0, 3.0])
        parts = tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 2])
        return [ta.concat(), parts.read(1)]  # TF's eager concat after split fails (TF bug), not compared

    def int_values_converted(tf):
        ta = tf.TensorArray(tf.float32, size=1).write(0, [3, 4])  # python ints take the array's dtype
        return ta.stack()

    def int32_array(tf):
        ta = tf.TensorArray(tf.int32, size=2).write(0, 1).write(1, 5)
        return [ta.stack(), ta.read(1)]

    def int_index_tensor(tf):
        ta = tf.TensorArray(tf.float32, size=2).write(tf.constant(1), [1.0]).write(0, [2.0])
        return ta.stack()

    return {f.__name__: f for f in (write_stack, unwritten_zeros, element_shape_zeros, dynamic_size,
                                    unstack_read_gather, scatter, concat_split, int_values_converted, int32_array,
                                    int_index_tensor)}


PROGRAMS = _programs()


def _check(got, ref):
    got = got if isinstance(got, list) else [got]
    ref = ref if isinstance(ref, list) else [ref]
    assert len(got) == len(ref)
    for g, r in zip(got, ref):
        g, r = np.asarray(g), np.asarray(r)
        assert g.dtype == r.dtype
        assert g.shape == r.shape
        np.testing.assert_array_equal(g, r)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_eager_matches_tf(tf, tfc, name):
    ref = PROGRAMS[name](tf)
    got = PROGRAMS[name](tfc)
    to_np = lambda v: [t.numpy() for t in v] if isinstance(v, list) else v.numpy()  # noqa: E731
    _check(to_np(got), to_np(ref))


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_graph_matches_tf(tf1, tfc1, name):
    def run(v1):
        out = PROGRAMS[name](v1)
        with v1.Session() as sess:
            return sess.run(out)
    _check(run(tfc1), run(tf1))


def test_graph_write_returns_new_array_and_gradients(tf1, tfc1):
    def run(tf):
        x = tf.constant([1.0, 2.0])
        ta = tf.TensorArray(tf.float32, size=2)
        ta1 = ta.write(0, x * 2.0)
        ta2 = ta1.write(1, x * x)
        s = ta2.stack()
        old = ta1.stack()  # the array before the second write is unchanged (TF's flow semantics)
        grad = tf.gradients(tf.reduce_sum(s * s), x)
        with tf.Session() as sess:
            return sess.run([s, old, grad[0]])
    _check(run(tfc1), run(tf1))


def test_eager_write_mutates_and_tape_gradient(tf, tfc):
    def run(tf):
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as tape:
            tape.watch(x)
            ta = tf.TensorArray(tf.float32, size=2)
            ta.write(0, x * 3.0)  # not reassigned: TF's eager TensorArray is mutable
            ta = ta.write(1, tf.sin(x))
            loss = tf.reduce_sum(ta.stack() ** 2)
        return [ta.stack().numpy(), tape.gradient(loss, x).numpy()]
    ref, got = run(tf), run(tfc)
    np.testing.assert_array_equal(got[0], ref[0])
    np.testing.assert_allclose(got[1], ref[1], rtol=1e-6)


def test_errors_match_tf(tf, tfc):
    for lib in (tf, tfc):
        ta = lib.TensorArray(lib.float32, size=2).write(0, [1.0, 2.0])
        with pytest.raises(lib.errors.OutOfRangeError, match="not resizeable and size is: 2"):
            ta.write(2, [1.0, 2.0])
        with pytest.raises(ValueError, match="Incompatible shape"):
            ta.write(1, [1.0, 2.0, 3.0])
        with pytest.raises(lib.errors.OutOfRangeError, match="negative indices"):
            ta.read(-1)
        ta.read(0)
        with pytest.raises(lib.errors.InvalidArgumentError, match="cleared after a previous read"):
            ta.read(0)
        with pytest.raises(ValueError, match="Size must be"):
            lib.TensorArray(lib.float32)


def test_compat_v1_exports(tfc):
    assert tfc.compat.v1.TensorArray is tfc.TensorArray


# ------------------------------------------------------------------------------------------------
# graph mode: run-time TensorLists (oracle: TF 2.21's graph TensorArray, control flow v2)
# ------------------------------------------------------------------------------------------------
def test_graph_run_time_indices_and_sizes(oracle):
    def prog(tf):
        n = tf.placeholder(tf.int32, [])
        i = tf.placeholder(tf.int32, [])
        x = tf.placeholder(tf.float32, [None, 2])
        ta = tf.TensorArray(tf.float32, size=n).unstack(x)
        read = ta.read(i)
        written = ta.write(i, [9.0, 9.0])
        grown = tf.TensorArray(tf.float32, size=0, dynamic_size=True).write(i, [1.0, 2.0])
        sized = tf.TensorArray(tf.float32, size=n, element_shape=[2])
        gathered = written.gather(tf.stack([i, 0]))
        scattered = sized.scatter(tf.stack([i, n - 1]), x[:2])
        static = [t.shape.as_list() if t.shape.rank is not None else None
                  for t in (read, written.stack(), grown.stack(), gathered, scattered.stack())]
        with tf.Session() as s:
            out = s.run([read, written.stack(), grown.stack(), grown.size(), gathered, scattered.stack(),
                         sized.size(), written.concat()], {n: 3, i: 1, x: ROWS})
        return out, static, ta.element_shape.as_list()
    oracle.check_v1(prog)


@pytest.mark.parametrize("case", ["read_out_of_range", "write_out_of_range", "unwritten_unknown_shape"])
def test_graph_run_time_errors(oracle, case):
    def prog(tf):
        i = tf.placeholder(tf.int32, [])
        if case == "read_out_of_range":
            t = tf.TensorArray(tf.float32, size=2).unstack(ROWS[:2]).read(i)
        elif case == "write_out_of_range":
            t = tf.TensorArray(tf.float32, size=2).write(i, [1.0, 2.0]).stack()
        else:
            t = tf.TensorArray(tf.float32, size=2).read(i)
        with tf.Session() as s:
            return s.run(t, {i: 5 if case != "unwritten_unknown_shape" else 0})
    oracle.check_v1(prog)


def test_graph_inconsistent_element_shapes(oracle):
    def prog(tf):
        ta = tf.TensorArray(tf.float32, size=2).write(0, [1.0, 2.0])
        return ta.write(1, [1.0, 2.0, 3.0])
    oracle.check_v1(prog)


def test_graph_element_shape_learned_in_a_loop(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, 3])
        ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
        _, out = tf.while_loop(lambda i, t: i < tf.shape(x)[0], lambda i, t: (i + 1, t.write(i, x[i] * 2.0)),
                               [0, ta])
        st = out.stack()
        return st.shape.as_list(), out.element_shape.as_list(), tf.gradients(tf.reduce_sum(st), x)[0].shape.as_list()
    oracle.check_v1(prog)


def test_graph_unstacked_list_stacks_back_and_writes_stay_visible(oracle):
    """A list made by unstack stacks back to its tensor (no copy in tfcompat), and a later write or scatter is
    what stacking then shows; gradients flow through both."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [3, 2])
        ta = tf.TensorArray(tf.float32, size=3).unstack(x * 2.0)
        plain = ta.stack()
        written = ta.write(1, [7.0, 8.0]).stack()
        scattered = ta.scatter([0], x[2:] * 3.0).stack()
        grads = tf.gradients(tf.reduce_sum(plain * plain) + tf.reduce_sum(written) + tf.reduce_sum(scattered), x)
        with tf.Session() as s:
            return s.run([plain, written, scattered, grads, ta.read(2), ta.gather([2, 1])], {x: ROWS})
    oracle.check_v1(prog)
