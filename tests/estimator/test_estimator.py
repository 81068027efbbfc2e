"""tf.estimator.Estimator: train / evaluate / predict against the equivalent hand-written TF1 loops run in real
TF 2.21 (see programs.py: an Estimator is exactly that loop, so the loop is the oracle for its numbers), plus
the checks of tensorflow_estimator 2.15's ``estimator.py`` that need no oracle (expected values by hand from its
source)."""
from __future__ import annotations

import logging
import os

import numpy as np
import pytest

import tfcompat
from tests.estimator import programs as P


def _dirs(tmp_path):
    return str(tmp_path / "tf"), str(tmp_path / "tfc")


def _estimator(tf, model_dir, recorded=None, **config):
    return tf.estimator.Estimator(P.model_fn_for(tf, recorded), model_dir=model_dir, params={"lr": 0.1},
                                  config=tf.estimator.RunConfig(**config) if config else None)


@pytest.mark.parametrize("steps,max_steps", [(5, None), (None, 4), (None, None)])
def test_train_matches_monitored_training_loop(oracle, tmp_path, steps, max_steps):
    """Losses of every step, the final checkpoint's name, variables and values; (None, None) trains until the
    input (3 epochs of 3 batches) ends."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        losses = P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=steps, max_steps=max_steps)
        return losses, P.checkpoint_state(tf, tf_dir)

    def estimator(tf):
        losses = []
        est = _estimator(tf, tfc_dir, losses)
        assert est.train(lambda: P.train_input(tf), steps=steps, max_steps=max_steps) is est
        return losses, P.checkpoint_state(tf, tfc_dir)

    oracle.check(loop, estimator)


def test_tf_random_seed_gives_tf_initial_values(oracle, tmp_path):
    """RunConfig(tf_random_seed=7) seeds the graph Estimator.train builds: get_variable's glorot_uniform initial
    values, hence every loss, are TF's."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        losses = P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=3, seed=7)
        return losses, P.checkpoint_state(tf, tf_dir)

    def estimator(tf):
        losses = []
        tf.estimator.Estimator(P.model_fn_for(tf, losses, random_init=True), model_dir=tfc_dir, params={},
                               config=tf.estimator.RunConfig(tf_random_seed=7)).train(
            lambda: P.train_input(tf), steps=3)
        return losses, P.checkpoint_state(tf, tfc_dir)

    oracle.check(loop, estimator)


def test_train_resumes_from_latest_checkpoint(oracle, tmp_path):
    """Two train(steps=) calls continue the global step and variables (a fresh input pipeline per call, as TF);
    max_steps already reached skips training."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        first = P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=3)
        second = P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=4)
        skipped = P.reference_train(tf, tf_dir, lambda: P.train_input(tf), max_steps=6)
        return first, second, skipped, P.checkpoint_state(tf, tf_dir)

    def estimator(tf):
        runs = [[], [], []]
        for losses, kw in zip(runs, [{"steps": 3}, {"steps": 4}, {"max_steps": 6}]):
            _estimator(tf, tfc_dir, losses).train(lambda: P.train_input(tf), **kw)
        return runs[0], runs[1], runs[2], P.checkpoint_state(tf, tfc_dir)

    oracle.check(loop, estimator)


def test_train_with_save_checkpoints_steps_keeps_checkpoints(oracle, tmp_path):
    """RunConfig(save_checkpoints_steps=2): a checkpoint every 2 steps and at the end (the newest 5 kept)."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def listing(tf, d):
        state = tf.train.get_checkpoint_state(d)
        return [os.path.basename(p) for p in state.all_model_checkpoint_paths]

    def loop(tf):
        losses = P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=9, save_checkpoints_steps=2)
        return losses, listing(tf, tf_dir)

    def estimator(tf):
        losses = []
        _estimator(tf, tfc_dir, losses, save_checkpoints_steps=2).train(lambda: P.train_input(tf), steps=9)
        return losses, listing(tf, tfc_dir)

    oracle.check(loop, estimator)


def test_input_fn_returning_tensors(oracle, tmp_path):
    """An input_fn may return (features, labels) tensors from a one-shot iterator instead of a Dataset."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def tensors(tf):
        return tf.compat.v1.data.make_one_shot_iterator(P.train_input(tf, epochs=1)).get_next()

    def loop(tf):
        return P.reference_train(tf, tf_dir, lambda: tensors(tf)), P.checkpoint_state(tf, tf_dir)

    def estimator(tf):
        losses = []
        _estimator(tf, tfc_dir, losses).train(lambda: tensors(tf))
        return losses, P.checkpoint_state(tf, tfc_dir)

    oracle.check(loop, estimator)


@pytest.mark.parametrize("steps", [None, 2])
def test_evaluate_matches_metrics_loop(oracle, tmp_path, steps):
    """evaluate(): the metrics of eval_metric_ops, 'loss' (mean of the batch losses) and 'global_step', with the
    variables of the latest checkpoint; steps=None runs until the input ends."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=4)
        return P.reference_evaluate(tf, tf_dir, lambda: P.train_input(tf, epochs=1), steps=steps)

    def estimator(tf):
        est = _estimator(tf, tfc_dir)
        est.train(lambda: P.train_input(tf), steps=4)
        return est.evaluate(lambda: P.train_input(tf, epochs=1), steps=steps)

    got = oracle.check(loop, estimator)
    assert sorted(got) == ["global_step", "loss", "mae", "rmse"]


def test_one_replica_strategy_gives_the_plain_loop(oracle, tmp_path):
    """RunConfig(train_distribute=, eval_distribute=) with a (one-replica) MirroredStrategy: train and evaluate
    give the numbers of the plain TF1 loop, as TF does on a one-device machine."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        losses = P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=4)
        return losses, P.reference_evaluate(tf, tf_dir, lambda: P.train_input(tf, epochs=1))

    def estimator(tf):
        losses = []
        strategy = tf.distribute.MirroredStrategy()
        est = _estimator(tf, tfc_dir, losses, train_distribute=strategy, eval_distribute=strategy)
        est.train(lambda: P.train_input(tf), steps=4)
        return losses, est.evaluate(lambda: P.train_input(tf, epochs=1))

    oracle.check(loop, estimator)


def test_model_fn_runs_in_the_strategys_replica_context(tmp_path):
    """With train_distribute/eval_distribute, model_fn is called through call_for_each_replica in the strategy's
    scope (tensorflow_estimator 2.15's _train_model_distributed / _evaluate_build_graph; expected by hand from its
    source): get_strategy() is that strategy and a replica context is current. Without one, the default."""
    seen = []

    def model_fn(features, labels, mode):
        seen.append((mode, tfcompat.distribute.get_strategy(), tfcompat.distribute.in_cross_replica_context(),
                     tfcompat.distribute.get_replica_context() is not None))
        return P.model_fn_for(tfcompat)(features, labels, mode, {"lr": 0.1})

    strategy = tfcompat.distribute.MirroredStrategy()
    config = tfcompat.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
    est = tfcompat.estimator.Estimator(model_fn, model_dir=str(tmp_path / "a"), config=config)
    est.train(lambda: P.train_input(tfcompat), steps=1)
    est.evaluate(lambda: P.train_input(tfcompat, epochs=1), steps=1)
    assert seen == [("train", strategy, False, True), ("eval", strategy, False, True)]
    seen.clear()
    tfcompat.estimator.Estimator(model_fn, model_dir=str(tmp_path / "b")).train(
        lambda: P.train_input(tfcompat), steps=1)
    assert seen[0][1] is not strategy and seen[0][3]  # the default strategy's (default replica context)


def test_evaluate_without_checkpoint_uses_initial_values(oracle, tmp_path):
    """No checkpoint yet: evaluation runs with freshly initialized variables (global_step 0)."""
    tf_dir, tfc_dir = _dirs(tmp_path)
    oracle.check(lambda tf: P.reference_evaluate(tf, tf_dir, lambda: P.train_input(tf, epochs=1)),
                 lambda tf: _estimator(tf, tfc_dir).evaluate(lambda: P.train_input(tf, epochs=1)))


@pytest.mark.parametrize("keys,single", [(None, True), (["double"], True), (None, False)])
def test_predict_matches_session_loop(oracle, tmp_path, keys, single):
    """predict(): one dict per example (or per batch with yield_single_examples=False), predict_keys filtering;
    the last batch is short (12 rows in batches of 5)."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=3)
        return P.reference_predict(tf, tf_dir, lambda: P.predict_input(tf), keys=keys, single=single)

    def estimator(tf):
        est = _estimator(tf, tfc_dir)
        est.train(lambda: P.train_input(tf), steps=3)
        return list(est.predict(lambda: P.predict_input(tf), predict_keys=keys, yield_single_examples=single))

    oracle.check(loop, estimator)


def test_predict_non_dict_predictions_yield_rows(tmp_path):
    """A single predictions tensor yields its rows (expected by hand: x @ w + b with the initial w, b)."""
    tf = tfcompat
    v1 = tf.compat.v1

    def model_fn(features, mode):
        w = v1.get_variable("w", [2, 1], initializer=v1.constant_initializer([[0.3], [-0.1]]))
        return tf.estimator.EstimatorSpec(mode, predictions=tf.matmul(features["x"], w))

    est = tf.estimator.Estimator(model_fn, model_dir=str(tmp_path))
    rows = list(est.predict(lambda: P.predict_input(tf)))
    np.testing.assert_allclose(np.stack(rows), P.X @ np.array([[0.3], [-0.1]], np.float32), rtol=1e-6)
    assert rows[0].shape == (1,) and rows[0].dtype == np.float32
    with pytest.raises(ValueError, match="predict_keys argument is not valid in case of non-dict predictions."):
        list(est.predict(lambda: P.predict_input(tf), predict_keys=["a"]))


def test_variable_accessors(oracle, tmp_path):
    """get_variable_names/get_variable_value/latest_checkpoint read the latest checkpoint."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=2)
        state = P.checkpoint_state(tf, tf_dir)
        return state["names"], state["values"]["w"], state["latest"]

    def estimator(tf):
        est = _estimator(tf, tfc_dir)
        est.train(lambda: P.train_input(tf), steps=2)
        return est.get_variable_names(), est.get_variable_value("w"), os.path.basename(est.latest_checkpoint())

    oracle.check(loop, estimator)


def test_no_checkpoint_errors(tmp_path):
    """Before any training (messages from tensorflow_estimator 2.15's estimator.py)."""
    est = _estimator(tfcompat, str(tmp_path))
    assert est.latest_checkpoint() is None
    for call in (est.get_variable_names, lambda: est.get_variable_value("w")):
        with pytest.raises(ValueError, match="Could not find trained model in model_dir: "):
            call()


@pytest.mark.parametrize("kwargs,message", [
    ({"steps": 1, "max_steps": 1}, "Can not provide both steps and max_steps."),
    ({"steps": 0}, "Must specify steps > 0, given: 0"),
    ({"max_steps": -1}, "Must specify max_steps > 0, given: -1"),
])
def test_train_argument_errors(tmp_path, kwargs, message):
    with pytest.raises(ValueError, match=message):
        _estimator(tfcompat, str(tmp_path)).train(lambda: P.train_input(tfcompat), **kwargs)


def test_hooks_must_be_session_run_hooks(tmp_path):
    with pytest.raises(TypeError, match="Hooks must be a SessionRunHook, given: 3"):
        _estimator(tfcompat, str(tmp_path)).train(lambda: P.train_input(tfcompat), hooks=[3], steps=1)


def test_model_fn_argument_introspection(tmp_path):
    """Only the arguments model_fn names are passed; params must match (estimator.py's checks)."""
    tf = tfcompat
    seen = {}

    def model_fn(features, labels, mode, params, config):
        seen.update(mode=mode, params=params, model_dir=config.model_dir, labels=labels is not None)
        v = tf.compat.v1.get_variable("v", [], initializer=tf.compat.v1.ones_initializer())
        loss = tf.reduce_mean(features["x"]) + v
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=tf.compat.v1.assign_add(
            tf.compat.v1.train.get_global_step(), 1))

    tf.estimator.Estimator(model_fn, model_dir=str(tmp_path), params={"k": 1}).train(
        lambda: P.train_input(tf), steps=1)
    assert seen == {"mode": "train", "params": {"k": 1}, "model_dir": str(tmp_path), "labels": True}

    def no_labels(features, mode):
        return None

    with pytest.raises(ValueError, match="model_fn does not take labels, but input_fn returns labels."):
        tf.estimator.Estimator(no_labels, model_dir=str(tmp_path)).train(lambda: P.train_input(tf), steps=1)
    with pytest.raises(ValueError, match="does not include params argument, but params"):
        tf.estimator.Estimator(no_labels, params={"a": 1})
    with pytest.raises(ValueError, match="must include features argument."):
        tf.estimator.Estimator(lambda x, labels: None)
    with pytest.raises(ValueError, match="has following not expected args: \\['extra'\\]"):
        tf.estimator.Estimator(lambda features, extra: None)
    with pytest.raises(ValueError, match="model_fn must be provided to Estimator."):
        tf.estimator.Estimator(None)

    def returns_dict(features, labels):
        return {}

    with pytest.raises(ValueError, match="model_fn should return an EstimatorSpec."):
        tf.estimator.Estimator(returns_dict, model_dir=str(tmp_path)).train(lambda: P.train_input(tf), steps=1)


def test_model_dir_and_config(tmp_path, caplog):
    """model_dir from the constructor or RunConfig (they must agree); a temporary directory is logged."""
    tf = tfcompat
    fn = P.model_fn_for(tf)
    est = tf.estimator.Estimator(fn, config=tf.estimator.RunConfig(model_dir=str(tmp_path)), params={})
    assert est.model_dir == str(tmp_path) and est.config.model_dir == str(tmp_path)
    assert est.eval_dir() == os.path.join(str(tmp_path), "eval")
    assert est.eval_dir("test") == os.path.join(str(tmp_path), "eval_test")
    with pytest.raises(ValueError, match="`model_dir` are set both in constructor and `RunConfig`"):
        tf.estimator.Estimator(fn, model_dir=str(tmp_path / "a"),
                               config=tf.estimator.RunConfig(model_dir=str(tmp_path / "b")), params={})
    with caplog.at_level(logging.INFO, logger="tensorflow"):
        est = tf.estimator.Estimator(fn, params={})
    assert os.path.isdir(est.model_dir)
    assert f"Using temporary folder as model directory: {est.model_dir}" in caplog.text
    with pytest.raises(ValueError, match="config must be an instance of `RunConfig`"):
        tf.estimator.Estimator(fn, config={}, params={})


def test_subclass_cannot_override_members():
    class Mine(tfcompat.estimator.Estimator):
        def train(self, input_fn):
            return None

    with pytest.raises(ValueError, match="Subclasses of Estimator cannot override members of Estimator."):
        Mine(P.model_fn_for(tfcompat), params={})


def test_train_log_lines(oracle, tmp_path, caplog):
    """The INFO lines TF's hooks print during Estimator.train: 'loss = <float32>, step = N' every
    log_step_count_steps, the checkpoint saves and 'Loss for final step: ...' (values from TF's loop)."""
    tf_dir, tfc_dir = _dirs(tmp_path)
    want = oracle.tf_result(lambda tf: P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=5))
    with caplog.at_level(logging.INFO, logger="tensorflow"):
        _estimator(tfcompat, tfc_dir, log_step_count_steps=2).train(lambda: P.train_input(tfcompat), steps=5)
    text = caplog.text
    for step in (0, 2, 4):
        assert f"loss = {np.float32(want[step])!s}, step = {step}" in text
    assert f"Saving checkpoints for 0 into {os.path.join(tfc_dir, 'model.ckpt')}." in text
    assert f"Saving checkpoints for 5 into {os.path.join(tfc_dir, 'model.ckpt')}." in text
    assert f"Loss for final step: {np.float32(want[-1])!s}." in text
    with caplog.at_level(logging.INFO, logger="tensorflow"):
        _estimator(tfcompat, tfc_dir).train(lambda: P.train_input(tfcompat), steps=1)
    assert f"Restoring parameters from {os.path.join(tfc_dir, 'model.ckpt-5')}" in caplog.text


def test_evaluate_writes_summary_and_logs(tmp_path, caplog):
    """evaluate() logs 'Saving dict for global step N: ...' and writes its scalars to eval_dir's event file."""
    tf = tfcompat
    est = _estimator(tf, str(tmp_path))
    est.train(lambda: P.train_input(tf), steps=2)
    with caplog.at_level(logging.INFO, logger="tensorflow"):
        result = est.evaluate(lambda: P.train_input(tf, epochs=1), steps=2)
    assert "Evaluation [1/2]" in caplog.text and "Evaluation [2/2]" in caplog.text
    assert (f"Saving dict for global step 2: global_step = 2, loss = {result['loss']!s}, mae = {result['mae']!s}, "
            f"rmse = {result['rmse']!s}") in caplog.text
    events = [f for f in os.listdir(est.eval_dir()) if f.startswith("events.out.tfevents")]
    assert events
    tags = {}
    for event in tf.compat.v1.train.summary_iterator(os.path.join(est.eval_dir(), events[0])):
        for value in event.summary.value:
            tags[value.tag] = (event.step, value.simple_value if value.tag != "checkpoint_path" else
                               value.tensor.string_val[0])
    assert tags["loss"] == (2, pytest.approx(float(result["loss"])))
    assert tags["checkpoint_path"] == (2, os.path.join(str(tmp_path), "model.ckpt-2").encode())
    assert set(tags) == {"loss", "mae", "rmse", "checkpoint_path"}
    assert f"Saving 'checkpoint_path' summary for global step 2: {os.path.join(str(tmp_path), 'model.ckpt-2')}" \
        in caplog.text


def test_warm_start_from_checkpoint(oracle, tmp_path):
    """warm_start_from=<model_dir>: a new Estimator starts from the trained variables (global step from 0)."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=3)
        return P.checkpoint_state(tf, tf_dir)["values"]["w"]

    def estimator(tf):
        _estimator(tf, tfc_dir).train(lambda: P.train_input(tf), steps=3)
        warm = tf.estimator.Estimator(P.model_fn_for(tf), model_dir=tfc_dir + "_warm", params={},
                                      warm_start_from=tfc_dir)
        preds = list(warm.predict(lambda: P.predict_input(tf)))   # no checkpoint there: warm-started values
        w = np.asarray(tf.train.load_variable(tfc_dir, "w"))
        np.testing.assert_allclose(np.stack([p["pred"] for p in preds]),
                                   P.X @ w + tf.train.load_variable(tfc_dir, "b"), rtol=1e-6)
        return w

    oracle.check(loop, estimator)


def test_export_saved_model_serves_the_checkpoint(oracle, tmp_path):
    """export_saved_model with build_raw_serving_input_receiver_fn: the SavedModel under
    ``<base>/<timestamp>`` (returned as bytes, as TF) serves the trained checkpoint through the default predict
    signature, as the written-out export (programs.reference_export) does in TF 2.21."""
    tf_dir, tfc_dir = _dirs(tmp_path)

    def loop(tf):
        P.reference_train(tf, tf_dir, lambda: P.train_input(tf), steps=3)
        return P.serve(tf, P.reference_export(tf, tf_dir, str(tmp_path / "tf_export")))

    def estimator(tf):
        est = _estimator(tf, tfc_dir)
        est.train(lambda: P.train_input(tf), steps=3)
        receiver_fn = tf.estimator.export.build_raw_serving_input_receiver_fn({"x": tf.constant(P.X)})
        path = est.export_saved_model(str(tmp_path / "tfc_export"), receiver_fn)
        assert isinstance(path, bytes) and os.path.dirname(path) == os.fsencode(tmp_path / "tfc_export")
        assert os.path.basename(path).isdigit() and os.listdir(tmp_path / "tfc_export") == [os.fsdecode(
            os.path.basename(path))]
        return P.serve(tf, path)

    oracle.check(loop, estimator)


def test_export_saved_model_signatures_from_export_outputs(tmp_path):
    """Several export outputs, one of them the default: one signature each; a RegressionOutput needs a single
    string input, so over a float placeholder it is left out (tensorflow_estimator 2.15's
    ``build_all_signature_defs``; expected by hand)."""
    tf = tfcompat
    v1 = tf.compat.v1

    def model_fn(features, labels, mode):
        w = v1.get_variable("w", [2, 1], initializer=v1.constant_initializer([[1.0], [2.0]]))
        pred = tf.matmul(features["x"], w)
        outputs = {"serving_default": tf.estimator.export.PredictOutput({"y": pred}),
                   "regress": tf.estimator.export.RegressionOutput(pred)}
        return tf.estimator.EstimatorSpec(mode, predictions=pred, loss=tf.reduce_sum(pred),
                                          train_op=v1.assign_add(v1.train.get_global_step(), 1),
                                          export_outputs=outputs)

    est = tf.estimator.Estimator(model_fn, model_dir=str(tmp_path / "m"))
    with pytest.raises(ValueError, match="Couldn't find trained model at"):
        est.export_saved_model(str(tmp_path / "e"), lambda: None)
    est.train(lambda: tf.data.Dataset.from_tensors(({"x": P.X}, P.Y)), steps=1)
    receiver_fn = tf.estimator.export.build_raw_serving_input_receiver_fn({"x": tf.constant(P.X)})
    served = P.serve(tf, est.export_saved_model(str(tmp_path / "e"), receiver_fn))
    assert list(served) == ["serving_default"]
    assert served["serving_default"]["method"] == "tensorflow/serving/predict"
    np.testing.assert_allclose(served["serving_default"]["outputs"]["y"], P.X @ np.array([[1.0], [2.0]]), rtol=1e-6)
    with pytest.raises(NotImplementedError, match="experimental_mode"):
        est.export_saved_model(str(tmp_path / "e"), receiver_fn, experimental_mode="train")
