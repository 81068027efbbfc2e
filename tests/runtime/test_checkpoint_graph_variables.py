"""tf.train.Checkpoint of TF1 graph variables inside a default Session of their graph
(tfcompat/_src/runtime/training/checkpoint.py): saved keys, values and numbering, restored into another graph's
session and into eager variables, as the TF1-to-TF2 checkpoint migration guide does. Expected values: TF (oracle)."""
from __future__ import annotations

import os


def test_graph_variables_save_and_restore(oracle, tmp_path):
    def prog(tf):
        tf1 = tf.compat.v1
        prefix = os.path.join(str(tmp_path), tf.__name__, "ckpt")

        def make(init):
            a = tf1.get_variable("a", shape=[], initializer=tf1.constant_initializer(init))
            b = tf1.get_variable("b", shape=[2], initializer=tf1.constant_initializer(2 * init))
            with tf1.variable_scope("scoped"):
                c = tf1.get_variable("c", shape=[], dtype=tf.float64, initializer=tf1.constant_initializer(3 * init))
            return a, b, c

        with tf.Graph().as_default():
            a, b, c = make(1.0)
            with tf1.Session() as sess:
                sess.run(tf1.global_variables_initializer())
                path = tf.train.Checkpoint(unscoped=[a, b], scoped=[c]).save(prefix)
        reader = tf.train.load_checkpoint(path)
        keys = sorted(k for k in reader.get_variable_to_shape_map() if k != "_CHECKPOINTABLE_OBJECT_GRAPH")
        saved = [(k, reader.get_tensor(k)) for k in keys]
        with tf.Graph().as_default():
            a, b, c = make(0.0)
            with tf1.Session() as sess:
                sess.run(tf1.global_variables_initializer())
                ckpt = tf.train.Checkpoint(unscoped=[a, b], scoped=[c])
                ckpt.restore(path).assert_consumed().run_restore_ops()
                in_graph = sess.run([a, b, c])
        ea, eb, ec = tf.Variable(0.0), tf.Variable([0.0, 0.0]), tf.Variable(0.0, dtype=tf.float64)
        tf.train.Checkpoint(unscoped=[ea, eb], scoped=[ec]).restore(path).assert_consumed()
        return os.path.basename(path), saved, in_graph, [ea, eb, ec]
    oracle.check(prog)
