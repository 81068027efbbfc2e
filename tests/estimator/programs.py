"""The model and the hand-written TF1 loops the Estimator tests compare against.

``Estimator`` was removed from TensorFlow in 2.16, so TF 2.21 cannot run it. But an Estimator is a harness
around one TF1 loop (tensorflow_estimator 2.15, ``estimator.py``): a fresh graph per call with the global step
created first, ``input_fn`` then ``model_fn``, and a ``MonitoredTrainingSession`` over ``model_dir`` with
StopAtStepHook/NanTensorHook/LoggingTensorHook, a CheckpointSaverHook and a sharded Saver (train); a Session that
restores the latest checkpoint, initializes the local (metric) variables and runs the metric update ops until
the input ends (evaluate, ``training/evaluation.py``); the same for predictions (predict). The ``reference_*``
functions below write exactly that loop against ``tf.compat.v1``; run under real TF 2.21 they are the oracle
for tfcompat's Estimator running the same model."""
from __future__ import annotations

import os

import numpy as np

X = (np.arange(24, dtype=np.float32).reshape(12, 2) - 10.0) / 10.0
Y = (X @ np.array([[1.0], [-2.0]], np.float32) + 0.5).astype(np.float32)


def train_input(tf, batch=4, epochs=3):
    """A Dataset of ({'x': [batch, 2]}, [batch, 1]) pairs: 3 batches per epoch."""
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(batch).repeat(epochs)


def predict_input(tf, batch=5):
    return tf.data.Dataset.from_tensor_slices({"x": X}).batch(batch)


def linear_model(tf, features, labels, mode, lr=0.1, random_init=False):
    """y = x @ w + b with fixed initial values (or get_variable's default glorot_uniform for ``random_init``); MSE
    loss and plain SGD in 'train', MAE/RMSE metrics in 'eval'."""
    v1 = tf.compat.v1
    w = v1.get_variable("w", [2, 1], initializer=None if random_init else v1.constant_initializer([[0.3], [-0.1]]))
    b = v1.get_variable("b", [1], initializer=v1.zeros_initializer())
    pred = tf.matmul(features["x"], w) + b
    out = {"predictions": {"pred": pred, "double": 2.0 * pred}}
    if mode == "infer":
        return out
    out["loss"] = tf.reduce_mean(tf.square(pred - labels))
    if mode == "train":
        out["train_op"] = v1.train.GradientDescentOptimizer(lr).minimize(
            out["loss"], global_step=v1.train.get_global_step())
    else:
        out["eval_metric_ops"] = {"mae": v1.metrics.mean_absolute_error(labels, pred),
                                  "rmse": v1.metrics.root_mean_squared_error(labels, pred)}
    return out


def model_fn_for(tf, recorded=None, lr=0.1, random_init=False):
    """The Estimator model_fn of ``linear_model``; ``recorded`` (a list) receives the loss of every train step."""
    class LossRecorder(tf.estimator.SessionRunHook):
        def __init__(self, loss):
            self._loss = loss

        def before_run(self, run_context):
            return tf.estimator.SessionRunArgs(self._loss)

        def after_run(self, run_context, run_values):
            recorded.append(run_values.results)

    def model_fn(features, labels, mode, params):
        m = linear_model(tf, features, labels, mode, lr=params.get("lr", lr), random_init=random_init)
        hooks = [LossRecorder(m["loss"])] if recorded is not None and mode == "train" else []
        return tf.estimator.EstimatorSpec(mode, predictions=m["predictions"], loss=m.get("loss"),
                                          train_op=m.get("train_op"), eval_metric_ops=m.get("eval_metric_ops"),
                                          training_hooks=hooks)
    return model_fn


def _input(tf, result):
    """``(features, labels, iterator initializer or None)`` of an input_fn result, as the Estimator reads it."""
    v1 = tf.compat.v1
    if isinstance(result, tf.data.Dataset):
        it = v1.data.make_initializable_iterator(result)
        result = it.get_next()
        init = it.initializer
    else:
        init = None
    if isinstance(result, (tuple, list)):
        return result[0], result[1], init
    return result, None, init


def reference_train(tf, model_dir, input_fn, steps=None, max_steps=None, save_checkpoints_steps=None,
                    log_step_count_steps=100, save_summary_steps=100, lr=0.1, seed=None):
    """``Estimator.train`` written out: returns the loss of every step (an empty list when skipped)."""
    v1 = tf.compat.v1
    if max_steps is not None:
        latest = tf.train.latest_checkpoint(model_dir)
        if latest and max_steps <= tf.train.load_variable(latest, "global_step"):
            return []
    losses = []
    with tf.Graph().as_default() as g:
        if seed is not None:
            v1.set_random_seed(seed)
        global_step = v1.train.create_global_step(g)
        features, labels, init = _input(tf, input_fn())
        m = linear_model(tf, features, labels, "train", lr=lr, random_init=seed is not None)
        v1.summary.scalar("loss", m["loss"])
        v1.add_to_collection(v1.GraphKeys.LOSSES, m["loss"])

        class InitInput(v1.train.SessionRunHook):
            def after_create_session(self, session, coord):
                if init is not None:
                    session.run(init)

        hooks = [InitInput()]
        if steps is not None or max_steps is not None:
            hooks.append(v1.train.StopAtStepHook(steps, max_steps))
        hooks += [v1.train.NanTensorHook(m["loss"]),
                  v1.train.LoggingTensorHook({"loss": m["loss"], "step": global_step},
                                             every_n_iter=log_step_count_steps)]
        v1.add_to_collection(v1.GraphKeys.SAVERS, v1.train.Saver(sharded=True, max_to_keep=5, defer_build=True,
                                                                 save_relative_paths=True))
        saver_hook = v1.train.CheckpointSaverHook(
            model_dir, save_secs=None if save_checkpoints_steps else 600, save_steps=save_checkpoints_steps)
        with v1.train.MonitoredTrainingSession(checkpoint_dir=model_dir, hooks=hooks, chief_only_hooks=[saver_hook],
                                               save_checkpoint_secs=0, save_summaries_steps=save_summary_steps,
                                               log_step_count_steps=log_step_count_steps) as sess:
            while not sess.should_stop():
                _, loss = sess.run([m["train_op"], m["loss"]])
                losses.append(loss)
    return losses


def reference_evaluate(tf, model_dir, input_fn, steps=None, checkpoint=None):
    """``Estimator.evaluate`` written out (``evaluation._evaluate_once``): metrics, mean loss, global step."""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        global_step = v1.train.create_global_step(g)
        features, labels, init = _input(tf, input_fn())
        m = linear_model(tf, features, labels, "eval")
        metrics = dict(m["eval_metric_ops"])
        metrics["loss"] = v1.metrics.mean(m["loss"])
        update = tf.group(*[metrics[k][1] for k in sorted(metrics)])
        values = {k: v[0] for k, v in metrics.items()}
        values["global_step"] = global_step
        saver = v1.train.Saver()
        with v1.Session() as sess:
            latest = checkpoint or tf.train.latest_checkpoint(model_dir)
            if latest:
                saver.restore(sess, latest)
            else:
                sess.run(v1.global_variables_initializer())
            sess.run(v1.local_variables_initializer())
            if init is not None:
                sess.run(init)
            done = 0
            while steps is None or done < steps:
                try:
                    sess.run(update)
                except tf.errors.OutOfRangeError:
                    break
                done += 1
            return sess.run(values)


def reference_predict(tf, model_dir, input_fn, keys=None, single=True):
    """``Estimator.predict`` written out: every prediction (per example, or per batch when not ``single``)."""
    v1 = tf.compat.v1
    out = []
    with tf.Graph().as_default() as g:
        v1.train.create_global_step(g)
        features, _, init = _input(tf, input_fn())
        preds = linear_model(tf, features, None, "infer")["predictions"]
        if keys:
            preds = {k: v for k, v in preds.items() if k in keys}
        saver = v1.train.Saver()
        with v1.Session() as sess:
            latest = tf.train.latest_checkpoint(model_dir)
            if latest:
                saver.restore(sess, latest)
            else:
                sess.run(v1.global_variables_initializer())
            if init is not None:
                sess.run(init)
            while True:
                try:
                    batch = sess.run(preds)
                except tf.errors.OutOfRangeError:
                    break
                if not single:
                    out.append(batch)
                else:
                    n = next(iter(batch.values())).shape[0]
                    out.extend({k: v[i] for k, v in batch.items()} for i in range(n))
    return out


def checkpoint_state(tf, model_dir):
    """What a model_dir holds: latest checkpoint's basename, its variables and their values."""
    latest = tf.train.latest_checkpoint(model_dir)
    names = [name for name, _ in tf.train.list_variables(model_dir)]
    return {"latest": os.path.basename(latest), "names": names,
            "values": {name: tf.train.load_variable(model_dir, name) for name in names}}


def reference_export(tf, model_dir, export_dir):
    """``Estimator.export_saved_model`` written out (``_add_meta_graph_for_mode`` for PREDICT): the serving graph
    (a ``[None, 2]`` placeholder ``x`` through the model), the latest checkpoint restored by a sharded Saver, a
    ``serve`` meta graph with the predict signature ``serving_default`` and the local init op as main op."""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.train.create_global_step(g)
        x = v1.placeholder(tf.float32, [None, 2], name="x")
        preds = linear_model(tf, {"x": x}, None, "infer")["predictions"]
        signature = v1.saved_model.predict_signature_def(inputs={"x": x}, outputs=preds)
        with v1.Session() as sess:
            saver = v1.train.Saver(sharded=True)
            saver.restore(sess, tf.train.latest_checkpoint(model_dir))
            builder = v1.saved_model.Builder(export_dir)
            builder.add_meta_graph_and_variables(sess, ["serve"], signature_def_map={"serving_default": signature},
                                                 main_op=v1.train.Scaffold.default_local_init_op(), saver=saver,
                                                 strip_default_attrs=True)
            builder.save()
    return export_dir


def serve(tf, export_dir, x=X):
    """What a SavedModel serves: each signature's method, input and output keys, and its outputs for ``x``
    (loaded with ``tf.compat.v1.saved_model.load`` into a fresh graph, as TF Serving would)."""
    v1 = tf.compat.v1
    out = {}
    with tf.Graph().as_default(), v1.Session() as sess:
        meta = v1.saved_model.load(sess, ["serve"], export_dir)
        for key, sig in sorted(meta.signature_def.items()):
            feed = {sig.inputs[name].name: x for name in sig.inputs}
            values = sess.run({name: info.name for name, info in sig.outputs.items()}, feed_dict=feed)
            out[key] = {"method": sig.method_name, "inputs": sorted(sig.inputs), "outputs": values}
    return out
