"""tf.compat.v1.train.Saver over object-based checkpoints (runtime/training/saver.py): a name missing from a
``tf.train.Checkpoint``'s checkpoint makes ``restore`` read the variables by their names in the checkpoint's object
graph (TF's ``object_graph_key_mapping``), with TF's errors when that fails; and ``Scaffold.finalize``
(runtime/training/monitored_session.py) turns a ``tf.train.Checkpoint`` saver into TF's Saver over its object
graph (runtime/training/object_graph_saver.py), so ``MonitoredTrainingSession`` writes object-based checkpoints
that a plain Saver restores."""
from __future__ import annotations

import os
import tempfile

from tests.estimator.programs import checkpoint_state


def _object_checkpoint(tf, directory):
    """An object-based checkpoint written eagerly: ``w`` (under ``model/w``) and ``b``."""
    w = tf.Variable([1.0, 2.0], name="w")
    b = tf.Variable(3.0, name="b")
    return tf.train.Checkpoint(model={"w": w}, b=b).write(os.path.join(directory, "ck"))


def _graph_restore(tf, path, names, dtype=None):
    """Variables ``names`` in a fresh graph, restored from ``path`` by a default Saver: their values or the error."""
    v1 = tf.compat.v1
    with tf.Graph().as_default():
        made = [v1.get_variable(n, initializer=tf.zeros([2] if n == "w" else [], dtype or tf.float32))
                for n in names]
        with v1.Session() as s:
            try:
                v1.train.Saver().restore(s, path)
            except (tf.errors.NotFoundError, tf.errors.InvalidArgumentError) as e:
                # TF's graph-mode kernel message has the node's traceback in the middle and its name at the end
                lines = e.message.replace(path, "PATH").split("\n\t [[")[0].split("\n")
                return type(e).__name__, lines[0], lines[-1]
            return s.run(made)


def test_saver_restores_object_based_checkpoint(oracle):
    def prog(tf):
        d = tempfile.mkdtemp()
        path = _object_checkpoint(tf, d)
        v = tf.Variable([5.0, 6.0], name="w")
        tf.compat.v1.train.Saver([v]).restore(None, path)   # eager Saver: the same fallback
        return _graph_restore(tf, path, ["w", "b"]), _graph_restore(tf, path, ["b"]), v
    oracle.check(prog)


def test_saver_object_based_errors(oracle):
    def prog(tf):
        d = tempfile.mkdtemp()
        path = _object_checkpoint(tf, d)
        named = tf.compat.v1.train.Saver([tf.Variable(1.0, name="a")]).save(None, os.path.join(d, "named"))
        return {"extra_variable": _graph_restore(tf, path, ["w", "b", "c"]),
                "dtype": _graph_restore(tf, path, ["b"], tf.float64),
                "name_based_missing": _graph_restore(tf, named, ["c"])}
    oracle.check(prog)


def test_monitored_session_with_checkpoint_saver(oracle):
    def prog(tf):
        v1 = tf.compat.v1
        d = tempfile.mkdtemp()
        states = []
        for _ in range(2):
            with tf.Graph().as_default():
                step = v1.train.get_or_create_global_step()
                v = v1.get_variable("var", shape=[], dtype=tf.float32, initializer=v1.constant_initializer(0))
                scaffold = v1.train.Scaffold(saver=tf.train.Checkpoint(var_list={"var": v}, step=step))
                train_op = tf.group(v.assign_add(2), step.assign_add(1))
                with v1.train.MonitoredTrainingSession(checkpoint_dir=d, scaffold=scaffold, save_summaries_steps=None,
                                                       hooks=[v1.train.StopAtStepHook(num_steps=2)]) as sess:
                    while not sess.should_stop():
                        sess.run(train_op)
                saver_type = isinstance(scaffold.saver, v1.train.Saver)
            states.append(checkpoint_state(tf, d))
        with tf.Graph().as_default():   # a plain Saver (names global_step, var) restores it
            step = v1.train.get_or_create_global_step()
            v = v1.get_variable("var", shape=[], dtype=tf.float32)
            with v1.Session() as s:
                v1.train.Saver().restore(s, tf.train.latest_checkpoint(d))
                restored = s.run([step, v])
        return states, saver_type, restored
    oracle.check(prog)
