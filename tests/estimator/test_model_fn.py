"""tf.estimator.EstimatorSpec and ModeKeys. TF 2.21 has no tf.estimator (removed in 2.16), so the expected
errors and messages are by hand from tensorflow_estimator 2.15's ``model_fn.py`` and ``mode_keys``."""
from __future__ import annotations

import pytest

import tfcompat as tf

v1 = tf.compat.v1
Spec = tf.estimator.EstimatorSpec
TRAIN, EVAL, PREDICT = tf.estimator.ModeKeys.TRAIN, tf.estimator.ModeKeys.EVAL, tf.estimator.ModeKeys.PREDICT


def test_mode_keys_are_tf_strings():
    assert (TRAIN, EVAL, PREDICT) == ("train", "eval", "infer")


@pytest.fixture
def graph():
    with tf.Graph().as_default() as g:
        yield g


def test_valid_specs_per_mode(graph):
    loss = tf.constant([2.0])
    train_op = v1.assign_add(v1.train.get_or_create_global_step(), 1)
    spec = Spec(TRAIN, loss=loss, train_op=train_op)
    assert spec.loss.shape.as_list() == [] and spec.loss is not loss   # shape [1] reshaped to a scalar
    assert spec.predictions == {} and spec.eval_metric_ops == {} and spec.training_hooks == ()
    assert isinstance(spec.scaffold, v1.train.Scaffold)
    assert Spec(EVAL, loss=tf.constant(1.0)).train_op is None
    pred = tf.constant([1.0])
    assert Spec(PREDICT, predictions={"p": pred}).predictions == {"p": pred}
    assert Spec(PREDICT, predictions=pred).predictions is pred
    assert spec._replace(loss=tf.constant(3.0)).mode == TRAIN
    with pytest.raises(ValueError, match="mode of EstimatorSpec cannot be changed."):
        spec._replace(mode=EVAL)


@pytest.mark.parametrize("mode,kwargs,error,message", [
    (TRAIN, {"loss": "scalar"}, ValueError, "Missing train_op."),
    (TRAIN, {"train_op": "op"}, ValueError, "Missing loss."),
    (EVAL, {}, ValueError, "Missing loss."),
    (PREDICT, {}, ValueError, "Missing predictions."),
    (EVAL, {"loss": "vector"}, ValueError, "Loss must be scalar, given: "),
    (EVAL, {"loss": 1.0}, TypeError, "loss must be Tensor, given: 1.0"),
    (PREDICT, {"predictions": {"a": 1}}, TypeError, r"predictions\[a\] must be Tensor, given: 1"),
    (PREDICT, {"predictions": [1]}, TypeError, r"predictions must be Tensor, given: \[1\]"),
    (TRAIN, {"loss": "scalar", "train_op": 3}, TypeError, "train_op must be Operation or Tensor, given: 3"),
    (EVAL, {"loss": "scalar", "eval_metric_ops": [1]}, TypeError, r"eval_metric_ops must be a dict, given: \[1\]"),
    (EVAL, {"loss": "scalar", "eval_metric_ops": {"m": 1}}, TypeError,
     "Values of eval_metric_ops must be \\(metric_value, update_op\\) tuples, given: 1 for key: m"),
    (EVAL, {"loss": "scalar", "evaluation_hooks": [1]}, TypeError,
     "All hooks must be SessionRunHook instances, given: 1"),
    (EVAL, {"loss": "scalar", "scaffold": 1}, TypeError, "scaffold must be tf.train.Scaffold. Given: 1"),
])
def test_validation_errors(graph, mode, kwargs, error, message):
    values = {"scalar": tf.constant(1.0), "vector": tf.constant([1.0, 2.0]), "op": tf.no_op()}
    kwargs = {k: values.get(v, v) if isinstance(v, str) else v for k, v in kwargs.items()}
    with pytest.raises(error, match=message):
        Spec(mode, **kwargs)


def test_tensors_from_another_graph_are_rejected():
    with tf.Graph().as_default():
        other = tf.constant(1.0)
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match='loss with "Const:0" must be from the default graph.'):
            Spec(EVAL, loss=other)


def test_metric_pairs_kept(graph):
    labels, preds = tf.constant([1.0, 2.0]), tf.constant([1.5, 2.0])
    metric = v1.metrics.mean_absolute_error(labels, preds)
    spec = Spec(EVAL, loss=tf.constant(0.0), eval_metric_ops={"mae": metric})
    assert spec.eval_metric_ops["mae"] == metric


def test_export_outputs_validated_and_kept(graph):
    """tf.estimator.export outputs in EstimatorSpec.export_outputs (checks by hand from TF's export_output.py)."""
    export = tf.estimator.export
    scores, classes = tf.constant([[0.2, 0.8]]), tf.constant([["a", "b"]])
    out = {"serving_default": export.ClassificationOutput(scores=scores, classes=classes),
           "regress": export.RegressionOutput(tf.constant([1.0])),
           "predict": export.PredictOutput(scores)}
    spec = Spec(PREDICT, predictions=scores, export_outputs=out)
    assert spec.export_outputs["predict"].outputs == {"output": scores}
    assert spec.export_outputs["serving_default"].classes is classes
    with pytest.raises(ValueError, match="At least one of `scores` and `classes` must be defined."):
        export.ClassificationOutput()
    with pytest.raises(ValueError, match="Classification classes must be a string Tensor"):
        export.ClassificationOutput(classes=scores)
    with pytest.raises(ValueError, match="Prediction output key must be a string; got 1."):
        export.PredictOutput({1: scores})
    receiver = export.build_raw_serving_input_receiver_fn({"x": tf.constant([[1.0, 2.0]])})()
    assert receiver.features["x"].shape.as_list() == [None, 2] and receiver.features["x"].op.type == "Placeholder"
