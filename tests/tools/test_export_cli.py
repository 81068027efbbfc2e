"""Tests of ``python -m tfcompat export`` (tools/export/script.py and its cli.py subcommand).

TF cannot be the oracle (TF has no export to PyTorch): an unmodified TF script runs on tfcompat and saves the value
its graph computes at the end; the exported module, run where tfcompat and tensorflow cannot be imported, must
give the same value (expected values: computed by tfcompat in the script)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

_TF1_SCRIPT = textwrap.dedent('''
    import numpy as np
    import tensorflow as tf

    rng = np.random.RandomState(0)
    images = rng.rand(32, 6).astype(np.float32)
    labels = np.eye(3, dtype=np.float32)[rng.randint(0, 3, 32)]
    x = tf.placeholder(tf.float32, [None, 6], name="x")
    y = tf.placeholder(tf.float32, [None, 3], name="y")
    w = tf.Variable((rng.randn(6, 3) * 0.3).astype(np.float32), name="w")
    b = tf.Variable(tf.zeros([3]), name="b")
    logits = tf.nn.bias_add(tf.matmul(x, w), b)
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits), name="loss")
    train = tf.train.GradientDescentOptimizer(0.5).minimize(loss, name="train")
    sess = tf.Session()  # left open: the export takes the trained values from it
    sess.run(tf.global_variables_initializer())
    for _ in range(5):
        sess.run(train, feed_dict={x: images, y: labels})
    np.save("expected.npy", sess.run(loss, feed_dict={x: images, y: labels}))
    np.save("images.npy", images)
    np.save("labels.npy", labels)
''')

_TF1_CLOSED_SESSION_SCRIPT = textwrap.dedent('''
    import numpy as np
    import tensorflow as tf

    rng = np.random.RandomState(0)
    x = tf.placeholder(tf.float32, [None, 6], name="x")
    w = tf.Variable((rng.randn(6, 2) * 0.3).astype(np.float32), name="w")
    out = tf.tanh(tf.matmul(x, w), name="out")
    images = rng.rand(4, 6).astype(np.float32)
    np.save("images.npy", images)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        np.save("initial.npy", sess.run(out, {x: images}))
        sess.run(w.assign(w * 2.0 + 0.1))
        np.save("trained.npy", sess.run(out, {x: images}))
        tf.train.Saver().save(sess, "./ckpt/model")
''')

_TF2_SCRIPT = textwrap.dedent('''
    import numpy as np
    import tensorflow as tf

    w = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3) / 10.0, name="w")

    @tf.function
    def predict(x):
        return tf.nn.softmax(tf.tanh(tf.matmul(x, w)))

    x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(2, 4)
    w.assign_sub(tf.ones([4, 3]) * 0.05)  # a "trained" value
    np.save("expected.npy", predict(tf.constant(x)).numpy())
    np.save("x.npy", x)
''')

_RUNNER = textwrap.dedent('''
    import sys
    for blocked in ("tfcompat", "tensorflow"):
        sys.modules[blocked] = None  # the exported module must be plain torch
    import importlib.util
    import numpy as np
    import torch
    spec = importlib.util.spec_from_file_location("exported", sys.argv[1])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    model = mod.load_model()
    inputs = [torch.from_numpy(np.load(p)) for p in sys.argv[3:]]
    np.save(sys.argv[2], model(*inputs).detach().numpy())
''')


def _cli(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=_REPO)
    return subprocess.run([sys.executable, "-m", "tfcompat", "export", *args], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=300)


def _run_exported(tmp_path, module, *inputs):
    (tmp_path / "runner.py").write_text(_RUNNER)
    proc = subprocess.run([sys.executable, "-I", "runner.py", module, "got.npy", *inputs], capture_output=True,
                          text=True, cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return np.load(tmp_path / "got.npy")


def test_tf1_script_export_uses_the_open_session(tmp_path):
    (tmp_path / "train.py").write_text(_TF1_SCRIPT)
    proc = _cli(tmp_path, "--fetch", "loss", "--feed", "x", "--feed", "y", "--train-op", "train", "-o",
                "exported/model.py", "train.py")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "exported" / "model.pt").exists()
    source = (tmp_path / "exported" / "model.py").read_text()
    assert "def forward(self, x, y):" in source and "torch.optim.SGD" in source
    got = _run_exported(tmp_path, "exported/model.py", "images.npy", "labels.npy")
    np.testing.assert_allclose(got, np.load(tmp_path / "expected.npy"), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("use_checkpoint", [True, False], ids=["checkpoint", "initial_values"])
def test_tf1_script_with_closed_session(tmp_path, use_checkpoint):
    """The script's session is closed: values from --checkpoint, else the variables' initial values."""
    (tmp_path / "script.py").write_text(_TF1_CLOSED_SESSION_SCRIPT)
    extra = ["--checkpoint", "ckpt/model"] if use_checkpoint else []
    proc = _cli(tmp_path, "--fetch", "out", "--feed", "x", *extra, "-o", "m.py", "script.py")
    assert proc.returncode == 0, proc.stderr
    got = _run_exported(tmp_path, "m.py", "images.npy")
    expected = np.load(tmp_path / ("trained.npy" if use_checkpoint else "initial.npy"))
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)


def test_tf2_script_export_of_a_traced_function(tmp_path):
    (tmp_path / "predict.py").write_text(_TF2_SCRIPT)
    proc = _cli(tmp_path, "--function", "predict", "-o", "predict_torch.py", "predict.py")
    assert proc.returncode == 0, proc.stderr
    got = _run_exported(tmp_path, "predict_torch.py", "x.npy")
    np.testing.assert_allclose(got, np.load(tmp_path / "expected.npy"), rtol=1e-6, atol=1e-7)


def test_unknown_fetch_is_a_clear_error(tmp_path):
    (tmp_path / "train.py").write_text(_TF1_SCRIPT)
    proc = _cli(tmp_path, "--fetch", "no_such_tensor", "-o", "out.py", "train.py")
    assert proc.returncode == 1
    assert "no_such_tensor" in proc.stderr and not (tmp_path / "out.py").exists()
