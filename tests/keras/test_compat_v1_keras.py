"""``tf.compat.v1.keras`` (tfcompat/compat/v1/keras): a module of its own as in TF, whose optimizers are the legacy
``OptimizerV2`` classes and whose losses/metrics/utils carry the v1 names; and Keras optimizers run by a TF1
``Session`` (keras/backend.py ``outer_init_scope``: their variables live in the graph): the legacy optimizers'
``apply_gradients``/``get_updates`` return an op that applies the updates, TF2 optimizers only count the step
(as tf-keras does in graph mode). Expected values: tf-keras 2.21 through the oracle."""
from __future__ import annotations

import pytest


def test_v1_keras_module_identity_and_names(oracle):
    def prog(tf):
        v1k, k = tf.compat.v1.keras, tf.keras
        return {
            "same_module": v1k is k,
            "optimizers_are_legacy": [getattr(v1k.optimizers, n) is getattr(k.optimizers.legacy, n)
                                      for n in ("SGD", "Adam", "RMSprop", "Adagrad", "Optimizer")],
            "v2_optimizers_differ": v1k.optimizers.Adam is k.optimizers.Adam,
            "shared_get": v1k.optimizers.get is k.optimizers.get,
            "cosine_aliases": [v1k.losses.cosine is k.losses.cosine_similarity,
                               v1k.losses.cosine_proximity is k.losses.cosine_similarity,
                               v1k.metrics.cosine_proximity is k.losses.cosine_similarity],
            "v2_only_absent": [hasattr(v1k.losses, "Reduction"), hasattr(v1k.losses, "huber"),
                               hasattr(v1k.utils, "image_dataset_from_directory"),
                               hasattr(v1k.utils, "set_random_seed"), hasattr(k.losses, "cosine")],
            "v1_utils_shared": [getattr(v1k.utils, n) is getattr(k.utils, n)
                                for n in ("to_categorical", "get_file", "Progbar", "custom_object_scope")],
            "layers_dense": v1k.layers.Dense is k.layers.Dense,
            "model": [v1k.Model is k.Model, v1k.Sequential is k.Sequential, v1k.Input is k.Input],
        }
    oracle.check(prog)


_OPTIMIZERS = ["SGD", "Adam", "RMSprop", "legacy.SGD", "legacy.Adam", "legacy.RMSprop", "legacy.Adagrad",
               "legacy.Adamax", "legacy.Nadam", "legacy.Adadelta", "legacy.RMSprop_centered", "legacy.Adam_amsgrad",
               "v1.Adam"]


def _make(tf, name):
    if name.startswith("v1."):
        return getattr(tf.compat.v1.keras.optimizers, name[3:])(0.1)
    options = {"RMSprop_centered": ("RMSprop", {"centered": True}), "Adam_amsgrad": ("Adam", {"amsgrad": True})}
    cls_path, kwargs = name, {}
    tail = name.split(".")[-1]
    if tail in options:
        cls_path = name.replace(tail, options[tail][0])
        kwargs = options[tail][1]
    cls = tf.keras.optimizers
    for part in cls_path.split("."):
        cls = getattr(cls, part)
    return cls(0.1, **kwargs)


@pytest.mark.parametrize("mode", ["apply_gradients", "get_updates"])
@pytest.mark.parametrize("name", _OPTIMIZERS)
def test_keras_optimizer_in_session(oracle, name, mode):
    def prog(tf):
        v1 = tf.compat.v1
        with tf.Graph().as_default():
            w = v1.get_variable("w", initializer=tf.constant([1.0, 2.0]))
            x = v1.placeholder(tf.float32, [2])
            loss = tf.reduce_sum(w * w * x)
            opt = _make(tf, name)
            if mode == "apply_gradients":
                step = opt.apply_gradients(zip(tf.gradients(loss, [w]), [w]))
            else:
                step = opt.get_updates(loss, [w])
            names = sorted(v.name for v in v1.global_variables())
            with v1.Session() as sess:
                sess.run(v1.global_variables_initializer())
                fetched = [sess.run(step, {x: [1.0, 3.0]}) for _ in range(2)]
                return (type(step).__name__ in ("Operation", "list"), fetched, names, sess.run(w),
                        sess.run(opt.iterations), sess.run(opt.variables()))
    oracle.check(prog, rtol=1e-5, atol=1e-6)
