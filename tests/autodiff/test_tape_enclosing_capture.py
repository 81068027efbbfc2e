"""GradientTape.watch of a symbolic tensor of an enclosing graph (a tape made inside a tf.range loop, a cond
branch or a TF1 while body watches a tensor built outside it): the tape captures it as TF's does, so the body's
uses of it are recorded and tape.gradient gives TF's gradient, not None."""
from __future__ import annotations


def test_watch_outer_tensor_in_tf_range_loop(oracle):
    def prog(tf):
        @tf.function
        def f(img):
            y = img * 2.0
            total = tf.constant(0.0)
            for _ in tf.range(2):
                with tf.GradientTape() as tape:
                    tape.watch(y)
                    loss = tf.reduce_sum(y * y)
                total += tf.reduce_sum(tape.gradient(loss, y))
            return total
        return f(tf.constant([1.0, 2.0]))
    oracle.check(prog)


def test_watch_outer_tensor_in_cond_branch(oracle):
    def prog(tf):
        @tf.function
        def f(img):
            y = img * 2.0

            def branch():
                with tf.GradientTape() as tape:
                    tape.watch(y)
                    loss = tf.reduce_sum(tf.sin(y) * y)
                return tape.gradient(loss, y)
            return tf.cond(tf.reduce_sum(img) > 0, branch, lambda: tf.zeros_like(y))
        return f(tf.constant([1.0, 2.0]))
    oracle.check(prog)


def test_watch_outer_tensor_in_v1_while_body(oracle):
    def prog(v1):
        y = v1.constant([1.0, 2.0]) * 2.0

        def body(i, acc):
            with v1.GradientTape() as tape:
                tape.watch(y)
                loss = v1.reduce_sum(y * y * y)
            return i + 1, acc + tape.gradient(loss, y)
        _, acc = v1.while_loop(lambda i, a: i < 2, body, [0, v1.zeros([2])])
        with v1.Session() as sess:
            return sess.run(acc)
    oracle.check_v1(prog)
