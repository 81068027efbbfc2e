"""``tf.contrib.slim`` (TF 1.15) against its TF 2.21 equivalent.

TF 2.21 has no contrib, so each TF-side reference program is what TF 1.15's contrib source ran:
``slim.repeat``/``slim.stack`` are the layer called in ``variable_scope(scope or 'Repeat'/'Stack')`` with
``scope='<scope>_<i>'`` (the layers themselves are ``tf.compat.v1.layers`` classes with contrib's names, as in
tests/contrib/test_layers.py); ``one_hot_encoding`` is ``tf.one_hot`` of int64 labels in name scope
'OneHotEncoding'. tfcompat runs ``tf.contrib.slim``. Compared: variable names and shapes, op names, values and
gradients."""
from __future__ import annotations

import numpy as np
import pytest

X4 = np.cos(np.arange(2 * 5 * 5 * 3) * 0.9).astype(np.float32).reshape(2, 5, 5, 3)


def _ramp(shape):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 1.7 + 0.3) * 0.3).astype(np.float32).reshape(shape)


def _ramp_init(tf):
    """A deterministic initializer for any shape (the same values on both sides)."""
    return lambda shape, dtype=None, partition_info=None: tf.constant(_ramp([int(d) for d in shape]))


def _model_getter(getter, name, *args, **kwargs):
    parts = name.split("/")
    parts[-1] = {"kernel": "weights", "bias": "biases"}.get(parts[-1], parts[-1])
    kwargs["collections"] = list(kwargs.get("collections") or []) + ["variables", "model_variables"]
    return getter("/".join(parts), *args, **kwargs)


def _conv_ref(tf, x, n, scope):
    with tf.variable_scope(scope, "Conv", [x], custom_getter=_model_getter) as sc:
        layer = tf.layers.Conv2D(n, 3, padding="same", name=sc.name, _scope=sc,
                                 kernel_initializer=_ramp_init(tf))
        return tf.nn.relu(layer.apply(x))


def _fc_ref(tf, x, n, scope):
    with tf.variable_scope(scope, "fully_connected", [x], custom_getter=_model_getter) as sc:
        layer = tf.layers.Dense(n, name=sc.name, _scope=sc,
                                kernel_initializer=_ramp_init(tf))
        return tf.nn.relu(layer.apply(x))


def _run(tf, fetches):
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        return sess.run(fetches)


def _report(tf, outs):
    grads = tf.gradients(tf.add_n([tf.reduce_sum(o) for o in outs]), tf.trainable_variables())
    return ([(v.name, v.shape.as_list()) for v in tf.global_variables()],
            [v.name for v in tf.get_collection("model_variables")], [o.name for o in outs],
            _run(tf, [outs, grads]))


def test_repeat_and_stack(oracle):
    def ref(tf):
        x = tf.constant(X4)
        with tf.variable_scope("conv1", "Repeat", [x]):
            r = _conv_ref(tf, _conv_ref(tf, x, 4, "conv1_1"), 4, "conv1_2")
        with tf.variable_scope(None, "Repeat", [r]):
            r2 = _conv_ref(tf, r, 2, "convolution2d_1")
        flat = tf.reshape(r2, [2, -1])
        with tf.variable_scope("fc", "Stack", [flat]):
            s = _fc_ref(tf, _fc_ref(tf, flat, 5, "fc_1"), 3, "fc_2")
        with tf.variable_scope(None, "Stack", [s]):
            s2 = _fc_ref(tf, s, 2, "fully_connected_1")
        return _report(tf, [r, r2, s, s2])

    def tfc(tf):
        slim = tf.contrib.slim
        x = tf.constant(X4)
        with slim.arg_scope([slim.conv2d, slim.fully_connected], weights_initializer=_ramp_init(tf)):
            with slim.arg_scope([slim.conv2d], kernel_size=3):
                r = slim.repeat(x, 2, slim.conv2d, 4, scope="conv1")
            r2 = slim.repeat(r, 1, slim.conv2d, 2, [3, 3])
            flat = tf.reshape(r2, [2, -1])
            s = slim.stack(flat, slim.fully_connected, [(5,), 3], scope="fc")
            s2 = slim.stack(s, slim.fully_connected, [2])
        return _report(tf, [r, r2, s, s2])

    oracle.check(ref, tfc, v1=True, rtol=1e-5, atol=1e-5)


def test_stack_rejects_non_sequence_by_hand():
    """Expected by hand from TF 1.15's layers.py."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match="stack_args need to be a list or tuple"):
            tf.contrib.slim.stack(tf.zeros([1, 2]), tf.contrib.slim.fully_connected, 3)


@pytest.mark.parametrize("labels,kw", [([0, 2, 1], {}), (np.array([1, 0], np.int64), {"on_value": 5.0}),
                                       ([[0, 1], [2, 2]], {"on_value": 2, "off_value": -1})])
def test_one_hot_encoding(oracle, labels, kw):
    def ref(tf):
        with tf.name_scope(None, "OneHotEncoding"):
            lab = tf.convert_to_tensor(labels)
            if lab.dtype == tf.int32:
                lab = tf.cast(lab, tf.int64)
            out = tf.one_hot(lab, 3, on_value=kw.get("on_value", 1.0), off_value=kw.get("off_value", 0.0))
        return out.name.split("/")[0], out.dtype.name, _run(tf, out)

    def tfc(tf):
        out = tf.contrib.slim.one_hot_encoding(labels, 3, **kw)
        return out.name.split("/")[0], out.dtype.name, _run(tf, out)

    oracle.check(ref, tfc, v1=True)


@pytest.mark.parametrize("options", [{}, {"clip_gradient_norm": 0.5}, {"gradient_multipliers": {"w": 3.0}},
                                     {"global_step": None, "variables_to_train": "b"}])
def test_create_train_op(oracle, options):
    """Reference: TF 1.15's slim.learning.create_train_op in TF 2.21 ops (compute_gradients, multiply, clip_by_norm,
    apply_gradients with the global step, the loss returned after the update)."""
    def build(tf):
        w = tf.get_variable("w", initializer=tf.constant([1.0, -2.0, 0.5]))
        b = tf.get_variable("b", initializer=tf.constant(0.3))
        loss = tf.reduce_sum(tf.square(w * 2.0 + b - 1.0))
        return w, b, loss

    def ref(tf):
        w, b, loss = build(tf)
        step = None if "global_step" in options else tf.train.get_or_create_global_step()
        opt = tf.train.GradientDescentOptimizer(0.1)
        var_list = [b] if options.get("variables_to_train") else None
        grads = opt.compute_gradients(loss, var_list)
        if "gradient_multipliers" in options:
            grads = [(g * 3.0 if v is w else g, v) for g, v in grads]
        if "clip_gradient_norm" in options:
            grads = [(tf.clip_by_norm(g, 0.5), v) for g, v in grads]
        with tf.control_dependencies([opt.apply_gradients(grads, global_step=step)]):
            train_op = tf.identity(loss)
        return run(tf, train_op, w, b, step)

    def tfc(tf):
        w, b, loss = build(tf)
        kw = dict(options)
        if kw.get("variables_to_train"):
            kw["variables_to_train"] = [b]
        train_op = tf.contrib.slim.learning.create_train_op(loss, tf.train.GradientDescentOptimizer(0.1), **kw)
        step = tf.train.get_global_step()
        assert tf.get_collection(tf.GraphKeys.TRAIN_OP)[-1] is train_op   # after apply_gradients' own op
        return run(tf, train_op, w, b, step)

    def run(tf, train_op, w, b, step):
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            losses = [sess.run(train_op) for _ in range(3)]
            return losses, sess.run([w, b]), None if step is None else sess.run(step)

    oracle.check(ref, tfc, v1=True, rtol=1e-5, atol=1e-6)
