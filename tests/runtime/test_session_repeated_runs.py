"""Session.run called again with the same fetches and feed keys (runtime/session.py ``_FastRun``): the repeated
run must give what the first run's general path gives, for every kind of feed value, with state, and after
close. Every program runs under TF (oracle, recorded) and tfcompat."""
from __future__ import annotations

import numpy as np


def test_repeated_run_feed_kinds_and_errors(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 2], name="x")
        y = v1.square(x)
        s = v1.reduce_sum(y)
        out = []
        with v1.Session() as sess:
            a = np.array([[1.0, 2.0]], np.float32)
            for _ in range(3):
                out.append(sess.run(y, {x: a}))
            out.append(sess.run(y, {x: [[3.0, -1.0]]}))                       # a list: the general conversion
            out.append(sess.run(y, {x: np.array([[0.5, 2.0]], np.float64)}))  # another dtype: converted
            out.append(sess.run([y, s], {x: a}))
            out.append(sess.run([y, s], {x: a}))
            for bad in (np.zeros((1, 3), np.float32), np.zeros((2,), np.float32)):
                try:
                    sess.run(y, {x: bad})
                except ValueError as e:
                    out.append(("ValueError", str(e)))
            out.append(sess.run(y, {x: a}))
        return out
    oracle.check_v1(prog)


def test_repeated_run_fetches_are_owned_copies(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [3], name="x")
        i = v1.identity(x)
        sq = v1.square(x)
        with v1.Session() as sess:
            feed = np.array([1.0, 2.0, 3.0], np.float32)
            r1, q1 = sess.run(i, {x: feed}), sess.run(sq, {x: feed})
            feed[0] = 10.0                 # the fed array changed after the run: earlier results keep theirs
            r2, q2 = sess.run(i, {x: feed}), sess.run(sq, {x: feed})
            q2[1] = -7.0                   # a result written by the caller: the next run's is its own
            r3, q3 = sess.run(i, {x: feed}), sess.run(sq, {x: feed})
            return [r1, q1, r2, q2, r3, q3, feed]
    oracle.check_v1(prog)


def test_repeated_run_reads_current_variable_values(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [2], name="x")
        v = v1.Variable([1.0, 2.0], name="v")
        y = v * x
        inc = v1.assign_add(v, [1.0, 1.0])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            one = np.ones(2, np.float32)
            out = [sess.run(y, {x: one}), sess.run(y, {x: one})]
            sess.run(inc)
            out.append(sess.run(y, {x: one}))
            out.append(sess.run([y, inc], {x: one}))
            out.append(sess.run(y, {x: one}))
        return out
    oracle.check_v1(prog)


def test_repeated_run_after_close_raises(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [2], name="x")
        y = v1.square(x)
        sess = v1.Session()
        feed = {x: np.ones(2, np.float32)}
        first = [sess.run(y, feed), sess.run(y, feed)]
        sess.close()
        try:
            sess.run(y, feed)
        except RuntimeError as e:
            return first, ("RuntimeError", str(e))
        return first, "no error"
    oracle.check_v1(prog)
