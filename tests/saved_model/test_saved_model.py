"""SavedModels both ways (saved_model/{load,save,function_def,function_export}.py): a tf.Module with tf.function
methods saved by TF loads here (calls, signatures, variable writes, gradients through the loaded functions), and
one saved by tfcompat loads in TF.

Programs load the same directory under real TF and tfcompat (oracle harness). Tests whose directory TF writes
are live-only (``interop``); directories tfcompat writes replay from the records."""
from __future__ import annotations

import os
import tempfile

import numpy as np
import pytest

import tfcompat

X = np.array([[1.0, 2.0], [-3.0, 1.0], [0.5, 0.5]], np.float32)


def _module(tf):
    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0, -2.0], [3.0, 0.5]], name="w")
            self.b = tf.Variable([0.5, -0.5], name="b")
            self.extra = [tf.Variable(2.0, name="s"), {"k": tf.Variable([1, 2], name="k")}]

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def __call__(self, x):
            h = tf.nn.relu(tf.matmul(x, self.w) + self.b)
            return {"y": tf.reduce_sum(h * self.extra[0], axis=1), "h": h}

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def scale(self, s):
            self.b.assign(self.b * s)
            return self.b + 0.0

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([], tf.int32)])
        def power(self, x, n):
            return tf.pow(x, tf.cast(n, tf.float32)) + tf.cast(self.extra[1]["k"][0], tf.float32)
    return Model()


def _use(tf, loaded):
    """What a program does with a loaded module: calls, a signature, a gradient, a variable write."""
    x = tf.constant(X)
    out = loaded(x)
    sig = loaded.signatures["serving_default"](x=x)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(loaded(x)["y"])
    grads = tape.gradient(y, [loaded.w, loaded.b])
    power = loaded.power(x, tf.constant(2))
    scaled = loaded.scale(tf.constant(3.0))
    return out, sig, grads, power, scaled, loaded.b, loaded.extra[0], sorted(loaded.signatures)


@pytest.mark.interop
def test_tf_saved_model_loads_here(oracle, tmp_path):
    tf = oracle.tf
    m = _module(tf)
    tf.saved_model.save(m, str(tmp_path), signatures=m.__call__)
    oracle.check(lambda tf: _use(tf, tf.saved_model.load(str(tmp_path))), rtol=1e-6)


@pytest.mark.interop
def test_tfcompat_saved_model_loads_in_tf(oracle, tmp_path):
    m = _module(tfcompat)
    tfcompat.saved_model.save(m, str(tmp_path), signatures=m.__call__)
    assert sorted(os.listdir(tmp_path)) == ["assets", "saved_model.pb", "variables"]
    oracle.check(lambda tf: _use(tf, tf.saved_model.load(str(tmp_path))), rtol=1e-6)


@pytest.mark.interop
def test_tf_keras_saved_model_loads_here(oracle, tmp_path):
    """A tf-keras Sequential saved by TF as a SavedModel: its call and serving signature."""
    tf = oracle.tf
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu", input_shape=(2,),
                                                       kernel_initializer="ones"),
                                 tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.5))])
    tf.saved_model.save(model, str(tmp_path))

    def prog(tf):
        loaded = tf.saved_model.load(str(tmp_path))
        x = tf.constant(X)
        sig = loaded.signatures["serving_default"]
        return loaded(x), list(sig(tf.constant(X)).values())[0], len(loaded.trainable_variables)
    oracle.check(prog, rtol=1e-6)


def test_one_input_signature_takes_a_positional_argument(oracle, tmp_path):
    """TF's canonicalize_signatures: a saved signature with one input also takes it positionally (the
    saved_model guide's ``infer(tf.constant(x))``); with several inputs, only keywords (TypeError)."""
    def prog(tf):
        path = str(tmp_path / tf.__name__)
        m = _module(tf)
        tf.saved_model.save(m, path, signatures={"one": m.__call__, "two": m.power})
        loaded = tf.saved_model.load(path)
        one = loaded.signatures["one"](tf.constant(X))
        try:
            loaded.signatures["two"](tf.constant(X), tf.constant(2))
            two = "called"
        except TypeError as e:
            two = type(e).__name__
        return one, two, loaded.signatures["two"](x=tf.constant(X), n=tf.constant(2))
    oracle.check(prog, rtol=1e-6)


def _resize_module(tf):
    class Resizer(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([1, 4, 6, 2], tf.float32)])
        def __call__(self, images):
            return (tf.image.resize(images, [3, 5]), tf.image.resize(images, [8, 8], method="nearest"),
                    tf.image.resize(images, [2, 3], method="bicubic"), tf.image.resize(images, [2, 3], method="area"),
                    tf.compat.v1.image.resize_bilinear(images, [5, 7], align_corners=True),
                    tf.strings.join([tf.constant("size-"), tf.strings.as_string(tf.shape(images)[1])]))
    return Resizer()


IMAGES = np.arange(48, dtype=np.float32).reshape(1, 4, 6, 2) ** 1.5


def test_image_resize_and_string_constants_round_trip(oracle, tmp_path):
    """A saved tf.function with resize ops (TF's size input) and a string constant loads and runs."""
    def prog(tf):
        path = str(tmp_path / tf.__name__)
        tf.saved_model.save(_resize_module(tf), path)
        return tf.saved_model.load(path)(tf.constant(IMAGES))
    oracle.check(prog, rtol=1e-5)


@pytest.mark.interop
def test_image_resize_saved_here_loads_in_tf(oracle, tmp_path):
    tfcompat.saved_model.save(_resize_module(tfcompat), str(tmp_path))
    oracle.check(lambda tf: tf.saved_model.load(str(tmp_path))(tf.constant(IMAGES)), rtol=1e-5)


@pytest.mark.interop
def test_image_resize_saved_by_tf_loads_here(oracle, tmp_path):
    tf = oracle.tf
    tf.saved_model.save(_resize_module(tf), str(tmp_path))
    oracle.check(lambda tf: tf.saved_model.load(str(tmp_path))(tf.constant(IMAGES)), rtol=1e-5)


def test_load_errors(oracle, tmp_path):
    def prog(tf):
        out = {}
        try:
            tf.saved_model.load(str(tmp_path / "missing"))
        except OSError as e:
            out["missing"] = type(e).__name__
        out["contains"] = tf.saved_model.contains_saved_model(str(tmp_path))
        return out
    oracle.check(prog)


def test_saved_model_constants(oracle):
    names = ["ASSETS_DIRECTORY", "ASSETS_KEY", "CLASSIFY_INPUTS", "CLASSIFY_OUTPUT_CLASSES", "CLASSIFY_OUTPUT_SCORES",
             "DEBUG_DIRECTORY", "DEBUG_INFO_FILENAME_PB", "REGRESS_INPUTS", "REGRESS_OUTPUTS",
             "SAVED_MODEL_FILENAME_PB", "SAVED_MODEL_FILENAME_PBTXT", "SAVED_MODEL_SCHEMA_VERSION",
             "VARIABLES_DIRECTORY", "VARIABLES_FILENAME"]
    oracle.check(lambda tf: ([getattr(tf.saved_model, n) for n in names],
                             [getattr(tf.compat.v1.saved_model, n) for n in names + ["MAIN_OP_KEY", "LEGACY_INIT_OP_KEY"]],
                             tf.compat.v1.saved_model.constants.ASSETS_KEY))


def test_function_called_only_inside_a_signature_is_saved(oracle):
    """A tf.function method called only inside another tf.function (the signature) is traced there, so the
    SavedModel keeps its concrete function and the loaded object is callable with that signature (and a Python
    float converts to its float32 spec); a call with a signature never used raises."""
    def prog(tf):
        class Scaler(tf.Module):
            def __init__(self):
                super().__init__()
                self.v = tf.Variable(2.0)

            @tf.function
            def __call__(self, x):
                return x * self.v

        module = Scaler()

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def serve(x):
            return {"out": module(x)}

        path = tempfile.mkdtemp(prefix="inlined_sm_")
        tf.saved_model.save(module, path, signatures=serve)
        loaded = tf.saved_model.load(path)
        try:
            loaded(tf.constant([1.0, 2.0]))
            unmatched = None
        except ValueError as e:
            unmatched = type(e).__name__
        return [loaded(5.0), loaded(tf.constant(1.5)), loaded.signatures["serving_default"](tf.constant(3.0)),
                unmatched]
    oracle.check(prog)
