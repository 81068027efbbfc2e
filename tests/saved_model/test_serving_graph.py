"""A TF 2 SavedModel in TF1 loaders, and a TF1 SavedModel in TF 2's (saved_model/{serving_graph,save,
loader_v1}.py): ``tf.saved_model.save`` writes the serving GraphDef nodes (variable handles, signature
placeholders, one StatefulPartitionedCall per signature) that ``tf.compat.v1.saved_model.load`` imports into a
Session; ``tf.saved_model.load`` of ``simple_save`` output gives signatures taking keyword or positional inputs.

Each program writes its own directory with the framework it runs under (oracle harness, recorded), except the
``interop`` test, which loads a directory real TF wrote (live only)."""
from __future__ import annotations

import os
import tempfile

import numpy as np
import pytest

import tfcompat


def _save_tf2(tf, export_dir):
    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0, -2.0], [3.0, 0.5]], name="w")
            self.s = tf.Variable(3.0, name="s")

        @tf.function
        def __call__(self, x):
            return tf.matmul(x, self.w) * self.s

    model = Model()

    @tf.function
    def serving(x, bias):
        return {"y": model(x) + bias, "n": tf.reduce_sum(x)}

    @tf.function
    def other(x):
        return {"z": x * model.s}

    model.w.assign(model.w * 2.0)
    tf.saved_model.save(model, export_dir, signatures={
        "serving_default": serving.get_concrete_function(tf.TensorSpec([None, 2], tf.float32, name="x"),
                                                         tf.TensorSpec([], tf.float32, name="bias")),
        "other": other.get_concrete_function(tf.TensorSpec([], tf.float32, name="x"))})


def test_tf2_saved_model_loads_into_a_session(oracle):
    """TF's TF1 loader imports the signatures' call ops and restores the variables they capture (also under an
    import scope)."""
    def prog(tf):
        export_dir = os.path.join(tempfile.mkdtemp(), "m")
        _save_tf2(tf, export_dir)
        v1 = tf.compat.v1
        results = []
        for scope in (None, "imported"):
            prefix = scope + "/" if scope else ""
            with tf.Graph().as_default(), v1.Session() as sess:
                meta = v1.saved_model.load(sess, ["serve"], export_dir, import_scope=scope)
                sigs = {k: ({n: (i.name, i.dtype) for n, i in s.inputs.items()},
                            {n: (i.name, i.dtype) for n, i in s.outputs.items()})
                        for k, s in meta.signature_def.items()}
                sig = meta.signature_def["serving_default"]
                out = sess.run({k: prefix + v.name for k, v in sig.outputs.items()},
                               {prefix + sig.inputs["x"].name: np.array([[1.0, 2.0]], np.float32),
                                prefix + sig.inputs["bias"].name: 0.5})
                other = meta.signature_def["other"]
                z = sess.run(prefix + other.outputs["z"].name, {prefix + other.inputs["x"].name: 2.0})
                results.append((sigs, out, z))
        return results
    oracle.check(prog)


def _simple_save(tf, export_dir, two_inputs):
    v1 = tf.compat.v1
    with tf.Graph().as_default(), v1.Session() as sess:
        a = v1.placeholder(tf.float32, shape=[])
        b = v1.placeholder(tf.float32, shape=[])
        inputs = {"x": a, "y": b} if two_inputs else {"input": a}
        v1.saved_model.simple_save(sess, export_dir, inputs=inputs, outputs={"output": a - b if two_inputs else a + 2})


def test_tf1_saved_model_signatures_take_positional_inputs(oracle):
    """TF's load_v1_in_v2 prunes signatures with keyword arguments also positional (sorted input keys)."""
    def prog(tf):
        one, two = os.path.join(tempfile.mkdtemp(), "one"), os.path.join(tempfile.mkdtemp(), "two")
        _simple_save(tf, one, False)
        _simple_save(tf, two, True)
        f1 = tf.saved_model.load(one).signatures["serving_default"]
        f2 = tf.saved_model.load(two).signatures["serving_default"]
        out = [f1(tf.constant(5.0)), f1(input=tf.constant(5.0)), f2(tf.constant(5.0), tf.constant(1.0)),
               f2(tf.constant(5.0), y=tf.constant(1.0)), f2(y=tf.constant(5.0), x=tf.constant(1.0))]
        errors = []
        for call in (lambda: f1(tf.constant(5.0), tf.constant(1.0)), lambda: f1(tf.constant(5.0), input=1.0),
                     lambda: f2(x=tf.constant(5.0))):
            try:
                call()
                errors.append(None)
            except TypeError as e:
                errors.append(str(e).split("`")[1])
        return out, errors
    oracle.check(prog)


def test_restored_function_converts_python_values_to_its_spec(oracle):
    """TF's restored_function_body: arguments as given first, then non-tensors converted with the saved
    spec's dtype as hint (5 fits a float32 spec; an int32 tensor does not)."""
    def prog(tf):
        class Model(tf.Module):
            @tf.function
            def __call__(self, x):
                return x + 2

        model = Model()
        model.__call__.get_concrete_function(tf.TensorSpec([], tf.float32))
        export_dir = os.path.join(tempfile.mkdtemp(), "m")
        tf.saved_model.save(model, export_dir)
        loaded = tf.saved_model.load(export_dir)
        out = [loaded(5), loaded(5.0), loaded(np.float32(1.5))]
        try:
            loaded(tf.constant(5))
            out.append(None)
        except ValueError:
            out.append("ValueError")
        return out
    oracle.check(prog)


def _session_run(tf, export_dir):
    v1 = tf.compat.v1
    with tf.Graph().as_default(), v1.Session() as sess:
        meta = v1.saved_model.load(sess, ["serve"], export_dir)
        sig = meta.signature_def["serving_default"]
        return sess.run({k: v.name for k, v in sig.outputs.items()},
                        {sig.inputs["x"].name: np.array([[1.0, 2.0], [0.5, -1.0]], np.float32),
                         sig.inputs["bias"].name: -1.0})


@pytest.mark.interop
@pytest.mark.parametrize("writer", ["tf", "tfcompat"])
def test_saved_model_crosses_between_tf1_loaders(oracle, tmp_path, writer):
    """A directory TF writes (its SaverDef names traced save/restore functions) in tfcompat's TF1 loader, and
    one tfcompat writes (the same nodes and functions) in TF's."""
    _save_tf2(oracle.tf if writer == "tf" else tfcompat, str(tmp_path))
    oracle.check(lambda tf: _session_run(tf, str(tmp_path)))
