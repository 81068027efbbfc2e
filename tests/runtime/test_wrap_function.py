"""Oracle tests for tfcompat/_src/runtime/wrap_function.py (tf.compat.v1.wrap_function). Expected values are
TF's (live or recorded)."""
from __future__ import annotations


def test_wrap_function_calls(oracle):
    def prog(tf):
        w = tf.compat.v1.wrap_function(lambda x, y: (x * 2.0, x + y),
                                       [tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.float32)])
        return w(tf.constant([1.0, 2.0]), tf.constant(3.0)), [s.shape.as_list() for s in w.structured_input_signature[0]]
    oracle.check(prog)


def test_wrap_function_no_arguments(oracle):
    oracle.check(lambda tf: tf.compat.v1.wrap_function(lambda: tf.constant([1, 2]) * 3, [])())


def test_wrap_function_imports_a_meta_graph_and_prunes(oracle):
    """The migration guide's pattern: a meta graph imported inside wrap_function, its (lifted) variables restored
    by an eager Saver, a pruned function from a placeholder to an output; the import's initializers never run."""
    def prog(tf):
        import os
        import tempfile
        v1 = tf.compat.v1
        folder = tempfile.mkdtemp()
        with tf.Graph().as_default():
            x = v1.placeholder(tf.float32, shape=[], name="x")
            v = tf.Variable(3.0, name="v")
            tf.multiply(x, v, name="y")
            with v1.Session() as sess:
                sess.run(v.initializer)
                sess.run(v.assign(4.0))
                saver = v1.train.Saver()
                saver.export_meta_graph(os.path.join(folder, "m.pb"), as_text=True)
                saver.save(sess, os.path.join(folder, "ckpt"))
        wrapped = v1.wrap_function(lambda: v1.train.import_meta_graph(os.path.join(folder, "m.pb")), [])
        g = wrapped.graph
        x, y = g.get_tensor_by_name("x:0"), g.get_tensor_by_name("y:0")
        names = [v.name for v in wrapped.variables]
        v1.train.Saver(wrapped.variables).restore(sess=None, save_path=os.path.join(folder, "ckpt"))
        fn = wrapped.prune(feeds=x, fetches=y)
        both = wrapped.prune(feeds=[x], fetches={"y": y, "x2": x * 2.0})
        restored = wrapped.variables[0].numpy()
        wrapped.variables[0].assign(5.0)
        return names, restored, fn(tf.constant(2.0)), both(tf.constant(3.0)), fn.structured_outputs.dtype
    oracle.check(prog)
