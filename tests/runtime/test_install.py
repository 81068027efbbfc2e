"""`tfcompat.install` makes `import tensorflow` resolve to tfcompat; importing tfcompat never imports TF."""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _python(code):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)


def test_importing_tfcompat_never_imports_tensorflow():
    out = _python("import sys, tfcompat, tfcompat.compat.v1\n"
                  "assert not any(m == 'tensorflow' or m.startswith('tensorflow.') for m in sys.modules), "
                  "sorted(m for m in sys.modules if m.startswith('tensorflow'))\n")
    assert out.returncode == 0, out.stderr


def test_install_v1_gives_graph_mode_tf1_api():
    out = _python("import tfcompat\ntfcompat.install(api='v1')\nimport tensorflow as tf\n"
                  "import tensorflow.compat.v1 as v1\n"
                  "assert tf is v1 and hasattr(tf, 'placeholder') and not tf.executing_eagerly()\n"
                  "x = tf.placeholder(tf.float32, [None]); y = x * 2.0\n"
                  "with tf.Session() as s: print(s.run(y, {x: [1.0, 2.0]}))\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[2. 4.]"


def test_install_v2_gives_eager_tf2_api():
    out = _python("import tfcompat\ntfcompat.install(api='v2')\nimport tensorflow as tf\n"
                  "assert tf.executing_eagerly() and not hasattr(tf, 'placeholder')\n"
                  "import tensorflow.compat.v1 as v1\nassert hasattr(v1, 'placeholder')\n"
                  "print(tf.constant(2.0) * 3.0)\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "tf.Tensor(6.0, shape=(), dtype=float32)"


def test_install_rejects_unknown_api():
    import pytest
    import tfcompat
    with pytest.raises(ValueError):
        tfcompat.install(api="v3")


def test_compat_v1_without_disable_stays_eager(tfc):
    import tfcompat.compat.v1 as v1
    assert v1.executing_eagerly()
    v1.disable_v2_behavior()
    assert not v1.executing_eagerly()
