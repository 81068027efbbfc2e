"""tf.estimator.TrainSpec, EvalSpec and train_and_evaluate (local mode).

train_and_evaluate's numbers are checked against the loop it runs (tensorflow_estimator 2.15 ``training.py``,
``_TrainingExecutor.run_local``): Estimator.train up to max_steps, and an evaluation of every checkpoint saved
after the first one; written out with programs.py's reference loops and run in real TF 2.21. Spec validation
messages are by hand from the same source (TF 2.21 has no tf.estimator)."""
from __future__ import annotations

import os

import pytest

import tfcompat
from tests.estimator import programs as P


def test_train_and_evaluate_matches_train_then_evaluate_per_checkpoint(oracle, tmp_path):
    """save_checkpoints_steps=2, max_steps=6, throttle_secs=0: checkpoints 0, 2, 4, 6; evaluations of 2, 4 and 6
    (not of the step-0 save); the result is the last evaluation's metrics."""
    tf_dir, tfc_dir = str(tmp_path / "tf"), str(tmp_path / "tfc")

    def loop(tf):
        P.reference_train(tf, tf_dir, lambda: P.train_input(tf), max_steps=6, save_checkpoints_steps=2)
        evals = [P.reference_evaluate(tf, tf_dir, lambda: P.train_input(tf, epochs=1), steps=2,
                                      checkpoint=os.path.join(tf_dir, f"model.ckpt-{step}")) for step in (2, 4, 6)]
        return evals[-1], [int(e["global_step"]) for e in evals]

    def estimator(tf):
        steps_seen = []

        class EvalStep(tf.estimator.SessionRunHook):
            def begin(self):
                self._step = tf.compat.v1.train.get_global_step()

            def end(self, session):
                steps_seen.append(int(session.run(self._step)))

        est = tf.estimator.Estimator(P.model_fn_for(tf), model_dir=tfc_dir, params={},
                                     config=tf.estimator.RunConfig(save_checkpoints_steps=2))
        metrics, exports = tf.estimator.train_and_evaluate(
            est, tf.estimator.TrainSpec(lambda: P.train_input(tf), max_steps=6),
            tf.estimator.EvalSpec(lambda: P.train_input(tf, epochs=1), steps=2, hooks=[EvalStep()], throttle_secs=0))
        assert exports == []
        return metrics, steps_seen

    oracle.check(loop, estimator)


@pytest.mark.parametrize("make,error,message", [
    (lambda tf: tf.estimator.TrainSpec(3), TypeError, "`input_fn` must be callable, given: 3"),
    (lambda tf: tf.estimator.TrainSpec(len, max_steps=0), ValueError, "Must specify max_steps > 0, given: 0"),
    (lambda tf: tf.estimator.TrainSpec(len, hooks=[1]), TypeError,
     "All hooks must be `SessionRunHook` instances, given: 1"),
    (lambda tf: tf.estimator.EvalSpec(len, steps=0), ValueError, "Must specify steps > 0, given: 0"),
    (lambda tf: tf.estimator.EvalSpec(len, name=1), TypeError, "`name` must be string, given: 1"),
    (lambda tf: tf.estimator.EvalSpec(len, start_delay_secs=-1), ValueError,
     "Must specify start_delay_secs >= 0, given: -1"),
    (lambda tf: tf.estimator.EvalSpec(len, throttle_secs=-1), ValueError, "Must specify throttle_secs >= 0, given: -1"),
    (lambda tf: tf.estimator.train_and_evaluate(None, None, None), TypeError,
     "`eval_spec` must have type `tf.estimator.EvalSpec`."),
    (lambda tf: tf.estimator.train_and_evaluate(None, None, tf.estimator.EvalSpec(len)), TypeError,
     "`estimator` must have type `tf.estimator.Estimator`."),
])
def test_spec_validation(make, error, message):
    with pytest.raises(error, match=message):
        make(tfcompat)


def test_spec_defaults():
    train = tfcompat.estimator.TrainSpec(len)
    evals = tfcompat.estimator.EvalSpec(len)
    assert (train.max_steps, train.hooks, train.saving_listeners) == (None, (), ())
    assert (evals.steps, evals.name, evals.hooks, evals.exporters, evals.start_delay_secs, evals.throttle_secs) == \
        (100, None, (), (), 120, 600)


def test_distributed_tf_config_is_unsupported(tmp_path, monkeypatch):
    """A TF_CONFIG cluster would need TF's multi-process servers; tfcompat says so instead of training locally."""
    est = tfcompat.estimator.Estimator(P.model_fn_for(tfcompat), model_dir=str(tmp_path), params={})
    monkeypatch.setenv("TF_CONFIG", '{"cluster": {"chief": ["a:1"]}, "task": {"type": "chief", "index": 0}}')
    with pytest.raises(NotImplementedError, match="distributed Estimator training is not emulated"):
        tfcompat.estimator.train_and_evaluate(est, tfcompat.estimator.TrainSpec(len),
                                              tfcompat.estimator.EvalSpec(len))
