"""The checks every restore makes before assigning (runtime/training/saver.py ``checked_value``, shared by
``tf.compat.v1.train.Saver``, ``tf.train.Checkpoint`` and a Checkpoint restoring a Saver's checkpoint by names):
TF's messages for a missing key, a dtype or a shape that does not fit, and string variables restored as TF
restores them. Every program runs under real TF and tfcompat through the oracle harness."""
from __future__ import annotations

import os
import re
import tempfile

import numpy as np


def _error(call) -> object:
    try:
        call()
        return "ok"
    except Exception as e:  # noqa: BLE001 - the exception class and message are the result
        # TF's eager kernel errors carry the kernel's frame ({{function_node ...}} ... [Op:RestoreV2]).
        return type(e).__name__, re.sub(r"\{\{function_node [^}]*\}\} | \[Op:\w+\]", "", str(e))


def test_saver_and_checkpoint_mismatch_messages(oracle):
    def prog(tf):
        d = tempfile.mkdtemp()
        saver_prefix = tf.compat.v1.train.Saver([tf.Variable(np.ones((2, 3), np.float32), name="w")]).save(
            None, os.path.join(d, "s"))
        ckpt_path = tf.train.Checkpoint(w=tf.Variable(np.ones((2, 3), np.float32))).write(os.path.join(d, "c"))
        out = {}
        for name, var in {"dtype": tf.Variable(np.zeros((2, 3))),
                          "shape": tf.Variable(np.zeros((3, 2), np.float32), name="w"),
                          "fits": tf.Variable(np.zeros((2, 3), np.float32))}.items():
            out["saver_" + name] = _error(lambda: tf.compat.v1.train.Saver({"w": var}).restore(None, saver_prefix))
            out["checkpoint_" + name] = _error(lambda: tf.train.Checkpoint(w=var).restore(ckpt_path))
            out["value_" + name] = var
        out["saver_missing"] = _error(lambda: tf.compat.v1.train.Saver({"nope": tf.Variable(0.0)}).restore(
            None, saver_prefix))
        return out
    oracle.check(prog)


def test_string_variables_restore(oracle):
    """A string variable comes back from a Saver checkpoint (eager) and from a tf.train.Checkpoint."""
    def prog(tf):
        d = tempfile.mkdtemp()
        s, f = tf.Variable(b"abc", name="s"), tf.Variable([1.0, 2.0], name="f")
        saver = tf.compat.v1.train.Saver([s, f])
        prefix = saver.save(None, os.path.join(d, "m"))
        s.assign(b"zz"), f.assign([0.0, 0.0])
        saver.restore(None, prefix)
        t = tf.Variable([b"x", b"yz"])
        path = tf.train.Checkpoint(t=t).write(os.path.join(d, "c"))
        t.assign([b"", b""])
        tf.train.Checkpoint(t=t).restore(path).assert_consumed()
        return s, f, t
    oracle.check(prog)


def test_graph_string_variable_restores_in_session(oracle):
    def prog(v1):
        d = tempfile.mkdtemp()
        s = v1.Variable([b"abc", b"d"], name="s")
        w = v1.Variable(2.0, name="w")
        saver = v1.train.Saver([s, w])
        with v1.Session() as sess:
            sess.run([s.initializer, w.initializer])
            prefix = saver.save(sess, os.path.join(d, "g"))
            sess.run([s.assign([b"q", b"r"]), w.assign(5.0)])
            saver.restore(sess, prefix)
            return sess.run([s, w])
    oracle.check_v1(prog)
