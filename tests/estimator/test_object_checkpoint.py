"""An Estimator whose ``Scaffold(saver=...)`` is a ``tf.train.Checkpoint`` (estimator/object_saver.py): its
checkpoints are object-based (keys ``var_list/var/.ATTRIBUTES/VARIABLE_VALUE`` and the object graph), and a second
``train`` resumes from them. The oracle is the same training written as TF 2.21's MonitoredTrainingSession loop
with that Scaffold (TF's ``Scaffold.finalize`` makes the swap the Estimator relies on)."""
from __future__ import annotations

from tests.estimator.programs import checkpoint_state


def _model(tf):
    v1 = tf.compat.v1
    step = v1.train.get_or_create_global_step()
    v = v1.get_variable("var", shape=[], dtype=tf.float32, initializer=v1.constant_initializer(0))
    ckpt = tf.train.Checkpoint(var_list={"var": v}, step=step)
    return v, tf.group(v.assign_add(2), step.assign_add(1)), v1.train.Scaffold(saver=ckpt)


def test_checkpoint_as_scaffold_saver(oracle, tmp_path):
    tf_dir, tfc_dir = str(tmp_path / "tf"), str(tmp_path / "tfc")

    def loop(tf):
        v1 = tf.compat.v1
        states = []
        for _ in range(2):
            with tf.Graph().as_default():
                _, train_op, scaffold = _model(tf)
                hooks = [v1.train.StopAtStepHook(num_steps=2)]
                with v1.train.MonitoredTrainingSession(checkpoint_dir=tf_dir, scaffold=scaffold, hooks=hooks,
                                                       save_summaries_steps=None) as sess:
                    while not sess.should_stop():
                        sess.run(train_op)
            states.append(checkpoint_state(tf, tf_dir))
        return states

    def estimator(tf):
        def model_fn(features, labels, mode):
            v, train_op, scaffold = _model(tf)
            return tf.estimator.EstimatorSpec(mode, predictions=v, train_op=train_op, loss=tf.constant(1.0),
                                              scaffold=scaffold)

        est = tf.estimator.Estimator(model_fn, tfc_dir)
        states = []
        for _ in range(2):
            est.train(lambda: tf.data.Dataset.from_tensor_slices(([1, 2, 3], [4, 5, 6])), steps=2)
            states.append(checkpoint_state(tf, tfc_dir))
        assert est.get_variable_value("var_list/var/.ATTRIBUTES/VARIABLE_VALUE") == 8.0
        return states

    oracle.check(loop, estimator)
