"""tf.compat.v1.estimator DNNRegressor / DNNClassifier / LinearRegressor / LinearClassifier (TF 2.15's V1
canned estimators) against the loop they run, written out in real TF 2.21's tf.compat.v1 (TF 2.21 has no
tf.estimator): the feature-column input layer (``dnn/input_from_feature_columns/input_layer`` or
``linear/linear_model``), the ``dnn/hiddenlayer_<i>``/``dnn/logits`` ReLU layers, the head's loss
(``compute_weighted_loss`` with SUM reduction of the per-example MSE / sigmoid / softmax cross entropy), the
default optimizer (Adagrad 0.05 / Ftrl 0.2) and the head's metrics (tensorflow_estimator 2.15 ``canned/head.py``).
DNN kernels start from fixed values: the reference creates them with those values, the Estimator warm-starts
from a checkpoint holding them (random glorot values are not part of what is compared)."""
from __future__ import annotations

import numpy as np
import pytest

from tests.estimator.programs import X, Y

# Hidden biases keep every pre-activation away from 0: at a ReLU tie the kink's side depends on matmul rounding.
C2 = (Y > 0).astype(np.int32)
C3 = np.digitize(Y, [-0.5, 1.0]).astype(np.int32)
INIT = {"dnn/hiddenlayer_0/kernel": np.array([[0.5, -0.3, 0.2], [0.1, 0.4, -0.6]], np.float32),
        "dnn/hiddenlayer_0/bias": np.array([0.11, 0.03, -0.13], np.float32),
        "dnn/logits/kernel": np.array([[0.3, -0.2, 0.1], [-0.4, 0.2, 0.3], [0.6, 0.1, -0.5]], np.float32),
        "dnn/logits/bias": np.array([0.05, 0.0, -0.05], np.float32)}


def _init_values(n_units):
    values = dict(INIT)
    values["dnn/logits/kernel"] = INIT["dnn/logits/kernel"][:, :n_units]
    values["dnn/logits/bias"] = INIT["dnn/logits/bias"][:n_units]
    return values


def _input(tf, labels, epochs=2):
    return tf.data.Dataset.from_tensor_slices(({"x": X}, labels)).batch(4).repeat(epochs)


def _columns(tf):
    return [tf.feature_column.numeric_column("x", shape=[2])]


def _units(n_classes):
    return n_classes if n_classes > 2 else 1


def _logits(tf, features, kind, n_classes):
    v1 = tf.compat.v1
    if kind == "linear":
        with v1.variable_scope("linear"):
            return v1.feature_column.linear_model(features, _columns(tf), units=_units(n_classes))
    values = _init_values(_units(n_classes))
    with v1.variable_scope("dnn"):
        with v1.variable_scope("input_from_feature_columns"):
            net = v1.feature_column.input_layer(features, _columns(tf))
        for name in ("hiddenlayer_0", "logits"):
            with v1.variable_scope(name):
                kernel = v1.get_variable("kernel", initializer=values[f"dnn/{name}/kernel"])
                bias = v1.get_variable("bias", initializer=values[f"dnn/{name}/bias"])
                net = tf.nn.bias_add(tf.matmul(net, kernel), bias)
                if name != "logits":
                    net = tf.nn.relu(net)
    return net


def _head(tf, labels, logits, n_classes, v2=False):
    """(unreduced loss, training loss, metric pairs) of the V1 head (n_classes 0 = regression); ``v2``: the V2
    head's SUM_OVER_BATCH_SIZE training loss."""
    v1 = tf.compat.v1
    NONE = v1.losses.Reduction.NONE
    SUM = v1.losses.Reduction.SUM_OVER_BATCH_SIZE if v2 else v1.losses.Reduction.SUM
    if n_classes == 0:
        labels = tf.cast(labels, tf.float32)
        unreduced = v1.losses.mean_squared_error(labels, logits, reduction=NONE)
        metrics = {"average_loss": v1.metrics.mean(unreduced), "label/mean": v1.metrics.mean(labels),
                   "prediction/mean": v1.metrics.mean(logits)}
    elif n_classes == 2:
        labels = tf.cast(labels, tf.float32)
        unreduced = v1.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
        logistic = tf.sigmoid(logits)
        class_ids = tf.expand_dims(tf.argmax(tf.concat([tf.zeros_like(logits), logits], -1), axis=-1), -1)
        label_mean = v1.metrics.mean(labels)
        metrics = {"average_loss": v1.metrics.mean(unreduced), "accuracy": v1.metrics.accuracy(labels, class_ids),
                   "precision": v1.metrics.precision(labels, class_ids), "recall": v1.metrics.recall(labels, class_ids),
                   "prediction/mean": v1.metrics.mean(logistic), "label/mean": label_mean,
                   "accuracy_baseline": (tf.maximum(label_mean[0], 1. - label_mean[0]),
                                         tf.maximum(label_mean[1], 1. - label_mean[1])),
                   "auc": v1.metrics.auc(labels, logistic), "auc_precision_recall": v1.metrics.auc(labels, logistic,
                                                                                              curve="PR")}
    else:
        unreduced = tf.expand_dims(v1.losses.sparse_softmax_cross_entropy(tf.squeeze(labels, -1), logits,
                                                                          reduction=NONE), -1)
        class_ids = tf.expand_dims(tf.argmax(logits, axis=-1), -1)
        metrics = {"average_loss": v1.metrics.mean(unreduced), "accuracy": v1.metrics.accuracy(labels, class_ids)}
    return unreduced, v1.losses.compute_weighted_loss(unreduced, reduction=SUM), metrics


def reference(tf, model_dir, kind, n_classes, labels, steps, v2=False):
    """Train ``steps`` steps (fresh graph, MonitoredTrainingSession), then evaluate one epoch (fresh graph,
    restored Session): (losses, eval metrics incl. 'loss' and 'global_step', first batch's logits). ``v2``: the
    TF2 estimators' head (see _head) and train op (test_canned_v2.py)."""
    v1 = tf.compat.v1
    losses = []
    with tf.Graph().as_default() as g:
        global_step = v1.train.create_global_step(g)
        it = v1.data.make_initializable_iterator(_input(tf, labels))
        features, y = it.get_next()
        logits = _logits(tf, features, kind, n_classes)
        _, loss, _ = _head(tf, y, logits, n_classes, v2)
        if v2:
            opt = tf.keras.optimizers.legacy.Adagrad() if kind == "dnn" else tf.keras.optimizers.legacy.Ftrl(0.2)
            opt.iterations = global_step
            train_op = opt.get_updates(loss, v1.trainable_variables())[0]
        else:
            opt = v1.train.AdagradOptimizer(0.05) if kind == "dnn" else v1.train.FtrlOptimizer(0.2)
            train_op = opt.minimize(loss, global_step=global_step)

        class Init(v1.train.SessionRunHook):
            def after_create_session(self, session, coord):
                session.run(it.initializer)

        with v1.train.MonitoredTrainingSession(checkpoint_dir=model_dir, save_checkpoint_secs=None,
                                               save_checkpoint_steps=steps,
                                               hooks=[Init(), v1.train.StopAtStepHook(num_steps=steps)]) as sess:
            while not sess.should_stop():
                losses.append(sess.run([train_op, loss])[1])
    with tf.Graph().as_default() as g:
        global_step = v1.train.create_global_step(g)
        features, y = v1.data.make_one_shot_iterator(_input(tf, labels, epochs=1)).get_next()
        logits = _logits(tf, features, kind, n_classes)
        _, loss, metrics = _head(tf, y, logits, n_classes, v2)
        metrics["loss"] = v1.metrics.mean(loss)
        update = tf.group(*[metrics[k][1] for k in sorted(metrics)])
        values = {k: v[0] for k, v in metrics.items()}
        values["global_step"] = global_step
        with v1.Session() as sess:
            v1.train.Saver().restore(sess, tf.train.latest_checkpoint(model_dir))
            sess.run(v1.local_variables_initializer())
            while True:
                try:
                    sess.run(update)
                except tf.errors.OutOfRangeError:
                    break
            result = sess.run(values)
    with tf.Graph().as_default():
        features = {"x": tf.constant(X[:4])}
        logits = _logits(tf, features, kind, n_classes)
        with v1.Session() as sess:
            v1.train.Saver().restore(sess, tf.train.latest_checkpoint(model_dir))
            first_logits = sess.run(logits)
    return losses, result, first_logits


def _warm_start_dir(tf, directory, n_classes):
    v1 = tf.compat.v1
    with tf.Graph().as_default():
        values = _init_values(_units(n_classes))
        variables = [v1.get_variable(name, initializer=value) for name, value in values.items()]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            v1.train.Saver(variables).save(sess, directory + "/init.ckpt")
    return directory


def estimator(tf, model_dir, kind, n_classes, labels, steps, v2=False):
    v1 = tf.compat.v1
    if v2:  # the TF2 classes (tf.estimator.DNNClassifier &c.)
        from tfcompat._src.estimator.canned import dnn, linear
        dnn_classes = (dnn.DNNClassifierV2, dnn.DNNRegressorV2)
        linear_classes = (linear.LinearClassifierV2, linear.LinearRegressorV2)
    else:
        dnn_classes = (v1.estimator.DNNClassifier, v1.estimator.DNNRegressor)
        linear_classes = (v1.estimator.LinearClassifier, v1.estimator.LinearRegressor)
    losses = []

    class Record(tf.estimator.SessionRunHook):
        def begin(self):
            self._loss = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.LOSSES)[-1]

        def before_run(self, run_context):
            return tf.estimator.SessionRunArgs(self._loss)

        def after_run(self, run_context, run_values):
            losses.append(run_values.results)

    config = tf.estimator.RunConfig(save_checkpoints_steps=steps)
    kw = {"n_classes": n_classes} if n_classes else {}
    if kind == "dnn":
        warm = _warm_start_dir(tf, model_dir + "_init", n_classes)
        cls = dnn_classes[0] if n_classes else dnn_classes[1]
        est = cls([3], _columns(tf), model_dir=model_dir, config=config, warm_start_from=warm, **kw)
    else:
        cls = linear_classes[0] if n_classes else linear_classes[1]
        est = cls(_columns(tf), model_dir=model_dir, config=config, **kw)
    est.train(lambda: _input(tf, labels), steps=steps, hooks=[Record()])
    result = est.evaluate(lambda: _input(tf, labels, epochs=1))
    preds = list(est.predict(lambda: tf.data.Dataset.from_tensor_slices({"x": X[:4]}).batch(4)))
    key = "predictions" if not n_classes else "logits"
    return losses, result, np.stack([p[key] for p in preds])


CASES = [("dnn", 0, Y), ("dnn", 2, C2), ("dnn", 3, C3), ("linear", 0, Y), ("linear", 2, C2), ("linear", 3, C3)]
CASE_IDS = ["dnn_regressor", "dnn_binary", "dnn_multiclass", "linear_regressor", "linear_binary", "linear_multiclass"]


@pytest.mark.parametrize("kind,n_classes,labels", CASES, ids=CASE_IDS)
def test_canned_matches_reference_loop(oracle, tmp_path, kind, n_classes, labels):
    """Per-step training losses, the head's evaluation metrics ('loss' = mean batch training loss) and the
    logits of the trained model."""
    tf_dir, tfc_dir = str(tmp_path / "tf"), str(tmp_path / "tfc")
    oracle.check(lambda tf: reference(tf, tf_dir, kind, n_classes, labels, 5),
                 lambda tf: estimator(tf, tfc_dir, kind, n_classes, labels, 5), rtol=1e-5, atol=1e-6)


def test_classifier_prediction_keys(tmp_path):
    """Prediction dicts of the V1 heads (keys, dtypes and classes strings by hand from canned/head.py)."""
    import tfcompat as tf
    v1 = tf.compat.v1
    for n_classes, keys in [(2, ["all_class_ids", "all_classes", "class_ids", "classes", "logistic", "logits",
                                 "probabilities"]),
                            (3, ["all_class_ids", "all_classes", "class_ids", "classes", "logits", "probabilities"])]:
        est = v1.estimator.LinearClassifier(_columns(tf), n_classes=n_classes, model_dir=str(tmp_path / str(n_classes)))
        pred = next(iter(est.predict(lambda: tf.data.Dataset.from_tensor_slices({"x": X[:2]}).batch(2))))
        assert sorted(pred) == keys
        assert pred["class_ids"].dtype == np.int64 and pred["class_ids"].shape == (1,)
        assert pred["classes"].tolist() == [str(pred["class_ids"][0]).encode()]
        assert pred["all_class_ids"].tolist() == list(range(n_classes))
        assert pred["all_classes"].tolist() == [str(i).encode() for i in range(n_classes)]
        np.testing.assert_allclose(pred["probabilities"].sum(), 1.0, rtol=1e-6)


def test_canned_argument_errors(tmp_path):
    import tfcompat as tf
    v1 = tf.compat.v1
    with pytest.raises(ValueError, match="n_classes must be > 1: 1"):
        v1.estimator.DNNClassifier([2], _columns(tf), n_classes=1)
    with pytest.raises(ValueError, match="Invalid label_dimension 0."):
        v1.estimator.LinearRegressor(_columns(tf), label_dimension=0)
    with pytest.raises(NotImplementedError, match="batch_norm=True"):
        v1.estimator.DNNRegressor([2], _columns(tf), batch_norm=True)
    est = v1.estimator.DNNRegressor([2], _columns(tf), optimizer="Nope", model_dir=str(tmp_path))
    with pytest.raises(ValueError, match="Unsupported optimizer name: Nope."):
        est.train(lambda: _input(tf, Y), steps=1)


@pytest.mark.parametrize("n_classes,outputs", [
    (None, {"predict": "PredictOutput", "regression": "RegressionOutput", "serving_default": "RegressionOutput"}),
    (2, {"classification": "ClassificationOutput", "predict": "PredictOutput", "regression": "RegressionOutput",
         "serving_default": "ClassificationOutput"}),
    (3, {"classification": "ClassificationOutput", "predict": "PredictOutput",
         "serving_default": "ClassificationOutput"})])
def test_canned_export_outputs_and_saved_model(tmp_path, n_classes, outputs):
    """The heads' PREDICT export outputs (by hand from canned/head.py), and export_saved_model over a raw float
    placeholder: the classify/regress outputs need one string input, so only 'predict' is served
    (export_utils.build_all_signature_defs), giving est.predict's numbers."""
    import tfcompat as tf
    from tests.estimator.programs import serve
    v1 = tf.compat.v1
    est = (v1.estimator.LinearRegressor(_columns(tf), model_dir=str(tmp_path / "m")) if n_classes is None else
           v1.estimator.LinearClassifier(_columns(tf), n_classes=n_classes, model_dir=str(tmp_path / "m")))
    est.train(lambda: _input(tf, Y if n_classes is None else (C2 if n_classes == 2 else C3), epochs=1), steps=2)
    with tf.Graph().as_default():
        v1.train.create_global_step()
        spec = est.model_fn({"x": v1.placeholder(tf.float32, [None, 2])}, None, "infer", est.config)
        assert {k: type(v).__name__ for k, v in spec.export_outputs.items()} == outputs
    raw = tf.estimator.export.build_raw_serving_input_receiver_fn({"x": tf.constant(X)})
    served = serve(tf, est.export_saved_model(str(tmp_path / "raw"), raw))
    assert list(served) == ["predict"] and served["predict"]["inputs"] == ["x"]
    key = "predictions" if n_classes is None else "probabilities"
    expected = np.stack([p[key] for p in est.predict(lambda: tf.data.Dataset.from_tensor_slices({"x": X}).batch(4))])
    np.testing.assert_allclose(served["predict"]["outputs"][key], expected, rtol=1e-6)
