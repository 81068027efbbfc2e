"""An Estimator whose ``Scaffold(saver=...)`` is a ``tf.train.Checkpoint`` exports a SavedModel that serves its
trained values: the export's name-based Saver restores the object-based checkpoint through its object graph
(runtime/training/saver.py, TF's ``object_graph_key_mapping``). The oracle is the same training written as TF
2.21's MonitoredTrainingSession loop with that Scaffold, then the written-out export (programs.reference_export)."""
from __future__ import annotations

from tests.estimator import programs as P


def _model(tf, features, labels, mode):
    out = P.linear_model(tf, features, labels, mode)
    v1 = tf.compat.v1
    w, b = v1.get_variable("w"), v1.get_variable("b")
    ckpt = tf.train.Checkpoint(model={"b": b, "w": w}, step=v1.train.get_global_step())
    return out, v1.train.Scaffold(saver=ckpt)


def _inputs(tf):
    return {"x": tf.constant(P.X)}, tf.constant(P.Y)


def test_checkpoint_scaffold_export_serves(oracle, tmp_path):
    tf_dir, tfc_dir = str(tmp_path / "tf"), str(tmp_path / "tfc")

    def loop(tf):
        v1 = tf.compat.v1
        with tf.Graph().as_default():
            v1.train.get_or_create_global_step()
            with v1.variable_scope("", reuse=v1.AUTO_REUSE):
                out, scaffold = _model(tf, *_inputs(tf), "train")
            with v1.train.MonitoredTrainingSession(checkpoint_dir=tf_dir, scaffold=scaffold, save_summaries_steps=None,
                                                   hooks=[v1.train.StopAtStepHook(num_steps=3)]) as sess:
                while not sess.should_stop():
                    sess.run(out["train_op"])
        return P.checkpoint_state(tf, tf_dir), P.serve(tf, P.reference_export(tf, tf_dir, str(tmp_path / "tf_x")))

    def estimator(tf):
        def model_fn(features, labels, mode):
            with tf.compat.v1.variable_scope("", reuse=tf.compat.v1.AUTO_REUSE):
                out, scaffold = _model(tf, features, labels, mode)
            return tf.estimator.EstimatorSpec(mode, scaffold=scaffold, **out)

        est = tf.estimator.Estimator(model_fn, tfc_dir)
        est.train(lambda: _inputs(tf), steps=3)
        receiver_fn = tf.estimator.export.build_raw_serving_input_receiver_fn({"x": tf.constant(P.X)})
        return P.checkpoint_state(tf, tfc_dir), P.serve(tf, est.export_saved_model(str(tmp_path / "tfc_x"),
                                                                                    receiver_fn))

    oracle.check(loop, estimator)
