"""tf.estimator's TF2 canned estimators (TF 2.15's DNNClassifierV2 / DNNRegressorV2 / LinearClassifierV2 /
LinearRegressorV2 / DNNLinearCombined*V2, tfcompat._src.estimator.canned) against the loop they run, written out
in real TF 2.21's tf.compat.v1 with tf-keras legacy optimizers (TF 2.21 has no tf.estimator): the V1 models'
variables, the head's loss with SUM_OVER_BATCH_SIZE reduction, a Keras legacy optimizer whose ``iterations`` is
the global step and whose ``get_updates(loss, trainable variables)[0]`` is the train op (head/base_head.py), by
default Adagrad() (lr 0.001) for DNNs and Ftrl(0.2) for linear models (canned/optimizers.py
get_optimizer_instance_v2). Plus one step of SGD by hand, metric/prediction keys and checkpoint contents."""
from __future__ import annotations

import os

import numpy as np
import pytest

from tests.estimator.programs import X, Y
from tests.estimator.test_canned import C2, C3, CASE_IDS, CASES, _columns, _input, estimator, reference


def _v2_classes():
    from tfcompat._src.estimator.canned import dnn, dnn_linear_combined, linear
    return dnn, linear, dnn_linear_combined


@pytest.mark.parametrize("kind,n_classes,labels", CASES, ids=CASE_IDS)
def test_canned_v2_matches_reference_loop(oracle, tmp_path, kind, n_classes, labels):
    """Per-step training losses, the head's evaluation metrics ('loss' = mean batch training loss) and the
    logits of the trained model."""
    tf_dir, tfc_dir = str(tmp_path / "tf"), str(tmp_path / "tfc")
    oracle.check(lambda tf: reference(tf, tf_dir, kind, n_classes, labels, 5, v2=True),
                 lambda tf: estimator(tf, tfc_dir, kind, n_classes, labels, 5, v2=True), rtol=1e-5, atol=1e-6)


def _xy_input(tf):
    return tf.data.Dataset.from_tensor_slices(({"x": np.array([1.0, 2.0], np.float32)},
                                               np.array([3.0, 5.0], np.float32))).batch(2)


def test_linear_regressor_one_sgd_step_by_hand(tmp_path):
    """Zero weights; batch x=[1, 2], y=[3, 5]; loss mean((w x + b - y)^2) = 17, dL/dw = -13, dL/db = -8, so
    SGD(0.1) gives w = 1.3, b = 0.8: predictions 2.1 and 3.4, average loss (0.81 + 2.56) / 2 = 1.685 (V1's SUM
    reduction would step twice as far)."""
    import tfcompat as tf
    _, linear, _ = _v2_classes()
    est = linear.LinearRegressorV2([tf.feature_column.numeric_column("x")], model_dir=str(tmp_path),
                                   optimizer=lambda: tf.keras.optimizers.legacy.SGD(0.1))
    est.train(lambda: _xy_input(tf), steps=1)
    # (The optimizer's hyperparameter variables, 'training/SGD/learning_rate' &c. in TF, are left out: tfcompat's
    # Keras optimizers name them without the enclosing name scope.)
    assert [n for n in est.get_variable_names() if "SGD/" not in n] == [
        "global_step", "linear/linear_model/bias_weights", "linear/linear_model/x/weights"]
    np.testing.assert_allclose(est.get_variable_value("linear/linear_model/x/weights"), [[1.3]], rtol=1e-6)
    np.testing.assert_allclose(est.get_variable_value("linear/linear_model/bias_weights"), [0.8], rtol=1e-6)
    metrics = est.evaluate(lambda: _xy_input(tf))
    assert sorted(metrics) == ["average_loss", "global_step", "label/mean", "loss", "prediction/mean"]
    np.testing.assert_allclose([metrics["average_loss"], metrics["loss"], metrics["label/mean"],
                                metrics["prediction/mean"]], [1.685, 1.685, 4.0, 2.75], rtol=1e-5)
    assert metrics["global_step"] == 1
    preds = list(est.predict(lambda: tf.data.Dataset.from_tensor_slices({"x": np.array([1.0], np.float32)})
                             .batch(1)))
    assert list(preds[0]) == ["predictions"]
    np.testing.assert_allclose(preds[0]["predictions"], [2.1], rtol=1e-6)
    files = os.listdir(tmp_path)
    assert "checkpoint" in files and "model.ckpt-1.index" in files


def test_dnn_classifier_defaults_keys_and_checkpoint(tmp_path):
    """The premade-estimator tutorial's DNNClassifier (iris-like: 4 numeric columns, 3 classes, [30, 10]):
    Adagrad's default learning rate 0.001 in the accumulator slots (initial value 0.1), TF's metric and
    prediction keys (canned/metric_keys.py, head/multi_class_head.py)."""
    import tfcompat as tf
    dnn, _, _ = _v2_classes()
    names = ["SepalLength", "SepalWidth", "PetalLength", "PetalWidth"]
    rng = np.random.RandomState(0)
    data = rng.rand(40, 4).astype(np.float32)
    labels = (data[:, 2] * 3).astype(np.int64)

    def input_fn(training=True):
        ds = tf.data.Dataset.from_tensor_slices(({n: data[:, i] for i, n in enumerate(names)}, labels))
        return (ds.shuffle(100).repeat() if training else ds).batch(8)

    est = dnn.DNNClassifierV2(feature_columns=[tf.feature_column.numeric_column(n) for n in names],
                              hidden_units=[30, 10], n_classes=3, model_dir=str(tmp_path))
    est.train(input_fn, steps=3)
    variables = dict(tf.train.list_variables(str(tmp_path)))
    assert variables["dnn/hiddenlayer_0/kernel"] == [4, 30] and variables["dnn/logits/bias"] == [3]
    assert variables["training/Adagrad/dnn/logits/kernel/accumulator"] == [10, 3]
    assert variables["global_step"] == []
    metrics = est.evaluate(lambda: input_fn(False))
    assert sorted(metrics) == ["accuracy", "average_loss", "global_step", "loss"] and metrics["global_step"] == 3
    pred = next(iter(est.predict(lambda: tf.data.Dataset.from_tensor_slices(
        {n: data[:2, i] for i, n in enumerate(names)}).batch(2))))
    assert sorted(pred) == ["all_class_ids", "all_classes", "class_ids", "classes", "logits", "probabilities"]
    np.testing.assert_allclose(pred["probabilities"].sum(), 1.0, rtol=1e-6)


def test_binary_classifier_metric_keys(tmp_path):
    import tfcompat as tf
    _, linear, _ = _v2_classes()
    est = linear.LinearClassifierV2(_columns(tf), model_dir=str(tmp_path))
    est.train(lambda: _input(tf, C2), steps=2)
    assert sorted(est.evaluate(lambda: _input(tf, C2, epochs=1))) == [
        "accuracy", "accuracy_baseline", "auc", "auc_precision_recall", "average_loss", "global_step",
        "label/mean", "loss", "precision", "prediction/mean", "recall"]


def test_dnn_linear_combined(tmp_path):
    """Wide and deep: the DNN under 'dnn/', the linear model under 'linear/'; each part has its own Keras
    optimizer (Adagrad slots for the DNN variables, Ftrl's for the linear ones), the DNN's counts the steps;
    logits are the sum of both parts (checked against the two parts' variables by hand)."""
    import tfcompat as tf
    _, _, combined = _v2_classes()
    est = combined.DNNLinearCombinedClassifierV2(
        model_dir=str(tmp_path), linear_feature_columns=_columns(tf), dnn_feature_columns=_columns(tf),
        dnn_hidden_units=[3], n_classes=3)
    est.train(lambda: _input(tf, C3), steps=4)
    variables = dict(tf.train.list_variables(str(tmp_path)))
    assert variables["global_step"] == []
    assert "training/Adagrad/dnn/hiddenlayer_0/kernel/accumulator" in variables
    assert "training/Ftrl/linear/linear_model/x/weights/accumulator" in variables
    assert est.get_variable_value("global_step") == 4
    value = est.get_variable_value
    x = X[:4]
    hidden = np.maximum(x @ value("dnn/hiddenlayer_0/kernel") + value("dnn/hiddenlayer_0/bias"), 0)
    expected = (hidden @ value("dnn/logits/kernel") + value("dnn/logits/bias") +
                x @ value("linear/linear_model/x/weights") + value("linear/linear_model/bias_weights"))
    preds = est.predict(lambda: tf.data.Dataset.from_tensor_slices({"x": x}).batch(4))
    np.testing.assert_allclose(np.stack([p["logits"] for p in preds]), expected, rtol=1e-5, atol=1e-6)
    regressor = combined.DNNLinearCombinedRegressorV2(model_dir=str(tmp_path / "r"),
                                                      linear_feature_columns=_columns(tf))
    regressor.train(lambda: _input(tf, Y), steps=2)
    assert sorted(regressor.evaluate(lambda: _input(tf, Y, epochs=1))) == [
        "average_loss", "global_step", "label/mean", "loss", "prediction/mean"]


def test_v2_argument_errors(tmp_path):
    import tfcompat as tf
    dnn, linear, combined = _v2_classes()
    with pytest.raises(ValueError, match="Invalid loss_reduction: none"):
        dnn.DNNRegressorV2([2], _columns(tf), loss_reduction=tf.losses.Reduction.NONE)
    with pytest.raises(ValueError, match="Either linear_feature_columns or dnn_feature_columns must be defined."):
        combined.DNNLinearCombinedRegressorV2()
    est = linear.LinearRegressorV2(_columns(tf), optimizer="Nope", model_dir=str(tmp_path))
    with pytest.raises(ValueError, match="Unsupported optimizer name: Nope."):
        est.train(lambda: _input(tf, Y), steps=1)
    est = linear.LinearRegressorV2(_columns(tf), optimizer=tf.compat.v1.train.GradientDescentOptimizer(0.1),
                                   model_dir=str(tmp_path / "b"))
    with pytest.raises(ValueError, match="The given object is not a tf_keras.optimizers.Optimizer instance."):
        est.train(lambda: _input(tf, Y), steps=1)
