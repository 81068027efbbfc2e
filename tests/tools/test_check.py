"""``python -m tfcompat check``: the static report of the TF symbols a script uses (tfcompat/_src/tools/check.py).

Expected reports are computed by hand from the small scripts below (positions are Python ast's: 1-based line,
0-based column). Real TF is not the oracle here: the report is about tfcompat's own coverage, and ``check`` must
work without TF (a test checks it never imports it)."""
from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import textwrap

import pytest

from tfcompat._src.tools import api_coverage
from tfcompat._src.tools.check import FileReport, check_paths, check_source, exit_code, format_text, python_files

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = sorted(glob.glob(os.path.join(ROOT, "tests", "real_scripts", "corpus", "*.py")))


def _uses(source: str, api: str = "v2") -> list[tuple]:
    report = check_source(textwrap.dedent(source), api)
    assert report.error is None, report.error
    return [(u.line, u.col, u.symbol, u.status) for u in report.uses]


def _one(source: str, api: str = "v2"):
    (use,) = check_source(textwrap.dedent(source), api).uses
    return use


# (source, api, expected [(line, col, symbol, status)]), all by hand.
IMPORT_FORMS = [
    ("import tensorflow as tf\nx = tf.constant(1.0)\ny = tf.nn.relu(x)\n", "v2",
     [(2, 4, "tf.constant", "supported"), (3, 4, "tf.nn.relu", "supported")]),
    # A TF1 script: `tf` is tf.compat.v1, so tf.placeholder resolves; the symbol is named as written.
    ("import tensorflow as tf\nx = tf.placeholder(tf.float32)\n", "v1",
     [(2, 4, "tf.placeholder", "supported"), (2, 19, "tf.float32", "supported")]),
    ("import tensorflow.compat.v1 as tf\ntf.disable_v2_behavior()\n", "v2",
     [(2, 0, "tf.compat.v1.disable_v2_behavior", "supported")]),
    ("import tensorflow.compat.v1\ntensorflow.compat.v1.placeholder\n", "v2",
     [(2, 0, "tf.compat.v1.placeholder", "supported")]),
    ("from tensorflow.compat import v1 as tf\ntf.Session\n", "v2",
     [(1, 30, "tf.compat.v1", "supported"), (2, 0, "tf.compat.v1.Session", "supported")]),
    ("from tensorflow import keras\nm = keras.layers.Dense(3)\n", "v2",
     [(1, 23, "tf.keras", "supported"), (2, 4, "tf.keras.layers.Dense", "supported")]),
    ("from tensorflow.keras.layers import Dense as D, Flatten\nD(3)\n", "v2",
     [(1, 36, "tf.keras.layers.Dense", "supported"), (1, 48, "tf.keras.layers.Flatten", "supported")]),
    # `run` maps plain `keras` to tfcompat's Keras too.
    ("import keras\nkeras.optimizers.SGD\n", "v2", [(2, 0, "tf.keras.optimizers.SGD", "supported")]),
    # Rebinding a name to a TF namespace.
    ("import tensorflow as tf\ntf = tf.compat.v1\ntf.placeholder\n", "v2",
     [(2, 5, "tf.compat.v1", "supported"), (3, 0, "tf.compat.v1.placeholder", "supported")]),
    ("import tensorflow as tf\nlayers = tf.keras.layers\nlayers.Conv2D\n", "v2",
     [(2, 9, "tf.keras.layers", "supported"), (3, 0, "tf.keras.layers.Conv2D", "supported")]),
    # `except ImportError:` fallbacks keep the binding the `try` body made.
    ("try:\n    import tensorflow.compat.v1 as tf\nexcept ImportError:\n    import tensorflow as tf\ntf.Session\n",
     "v2", [(5, 0, "tf.compat.v1.Session", "supported")]),
    # A name rebound to something else is no longer TF; unrelated modules and attributes are not reported.
    ("import numpy as np\nimport tensorflow as tf\nnp.tf.constant\ntf = object()\ntf.constant\n", "v2", []),
    # A chain ends at the first value that is not a module or class; class attributes belong to the symbol.
    ("import tensorflow as tf\ntf.float32.max\ntf.GraphKeys.TRAINABLE_VARIABLES\ntf.constant(1.0).numpy()\n", "v1",
     [(2, 0, "tf.float32", "supported"), (3, 0, "tf.GraphKeys.TRAINABLE_VARIABLES", "supported"),
      (4, 0, "tf.constant", "supported")]),
    # An import of TF's private module tree resolves through tfcompat's `tensorflow.python` mirror.
    ("from tensorflow.python.framework import ops\n", "v1",
     [(1, 40, "tf.python.framework.ops", "supported")]),
]


@pytest.mark.parametrize("source, api, expected", IMPORT_FORMS)
def test_uses_and_positions(source, api, expected):
    assert _uses(source, api) == expected


def test_nested_attribute_chain_is_one_symbol_and_partial_when_a_deviation_applies():
    use = _one("import tensorflow as tf\ncell = tf.nn.rnn_cell.LSTMCell(4)\n", "v1")
    assert (use.line, use.col, use.symbol, use.status) == (2, 7, "tf.nn.rnn_cell.LSTMCell", "partial")
    assert use.deviation == "rnn-cells-plain-objects"


@pytest.mark.parametrize("source, api, symbol, key", [
    # the same function as tf.random.normal, found through the alias
    ("import tensorflow as tf\ntf.random_normal\n", "v1", "tf.random_normal", "eager-op-seed-restarts"),
    ("import tensorflow as tf\ntf.random.normal\n", "v2", "tf.random.normal", "eager-op-seed-restarts"),
    # a subclass of the listed tf.compat.v1.train.Optimizer
    ("import tensorflow as tf\ntf.train.GradientDescentOptimizer\n", "v1", "tf.train.GradientDescentOptimizer",
     "optimizer-one-update-op"),
    # through the listed namespace tf.compat.v1.layers
    ("import tensorflow.compat.v1 as tf\ntf.layers.dense\n", "v2", "tf.compat.v1.layers.dense",
     "v1-layers-functional"),
])
def test_partial_symbols_name_their_known_deviation(source, api, symbol, key):
    use = _one(source, api)
    assert (use.symbol, use.status, use.deviation) == (symbol, "partial", key)
    assert use.reason


def test_unsupported_listed_api_gives_the_whole_chain_and_the_listed_reason():
    from tfcompat._src.tools.unsupported import UNSUPPORTED
    use = _one("import tensorflow as tf\ntf.tpu.experimental.initialize_tpu_system()\n")
    assert (use.symbol, use.status, use.reason) == ("tf.tpu.experimental.initialize_tpu_system", "unsupported",
                                                    UNSUPPORTED["tf.tpu"])


def test_unsupported_contrib_and_examples_say_they_were_removed():
    report = check_source("import tensorflow as tf\nfrom tensorflow.examples.tutorials.mnist import mnist\n"
                          "tf.contrib.learn.DNNClassifier\ntf.contrib.layers.fully_connected\n", "v1")
    (examples, contrib, provided) = report.uses
    assert (examples.line, examples.col, examples.symbol, examples.status) == (
        2, 48, "tf.examples.tutorials.mnist.mnist", "unsupported")
    assert "not part of TensorFlow 2.x" in examples.reason
    assert (contrib.symbol, contrib.status) == ("tf.contrib.learn.DNNClassifier", "unsupported")
    assert contrib.reason == "tf.contrib was removed in TensorFlow 2.0; tfcompat does not provide this part of it"
    # the parts of tf.contrib that tfcompat provides resolve like any other symbol
    assert (provided.symbol, provided.status) == ("tf.contrib.layers.fully_connected", "supported")


def test_unsupported_tf_api_missing_from_tfcompat():
    """A name TF 2.21 has and tfcompat does not (picked from the api_coverage report, so the test follows
    tfcompat's growth) is unsupported with a reason saying TF has it."""
    api = api_coverage.load_tf_api()
    missing = next((ns, name) for ns in ("tf.math", "tf.nn", "tf.random", "tf.linalg", "tf.image", "tf")
                   for name in api_coverage.coverage(api, [ns])[ns]["missing"] if api[ns][name] == "function")
    path = ".".join(missing)
    use = _one(f"import tensorflow as tf\n{path}\n")
    assert (use.symbol, use.status) == (path, "unsupported")
    assert use.reason == f"TensorFlow 2.21 has {path}; tfcompat does not implement it"


def test_tf1_name_in_a_tf2_script_points_to_compat_v1():
    use = _one("import tensorflow as tf\ntf.placeholder\n", "v2")
    assert (use.symbol, use.status) == ("tf.placeholder", "unsupported")
    assert "use tf.compat.v1.placeholder" in use.reason


def test_syntax_error_is_reported_per_file():
    report = check_source("import tensorflow as tf\ndef f(:\n", "v2", "bad.py")
    assert report.uses == [] and report.error.startswith("cannot parse:")
    assert exit_code([report]) == 1


def test_exit_code_and_text_summary():
    ok = check_source("import tensorflow as tf\ntf.constant\ntf.random.uniform\n", "v2", "ok.py")
    bad = check_source("import tensorflow as tf\ntf.tpu.experimental\n", "v2", "bad.py")
    assert exit_code([ok]) == 0  # partial is not a failure
    assert exit_code([ok, bad]) == 1
    text = format_text([ok, bad]).splitlines()
    assert text[0] == "ok.py (api v2): 2 uses, 1 partial, 0 unsupported"
    assert text[1] == "  2:0      supported    tf.constant"
    assert text[2].startswith("  3:0      partial      tf.random.uniform  [eager-op-seed-restarts] ")
    assert text[-1] == ("2 file(s), 3 uses of 3 TensorFlow symbols: 1 supported, 1 partial, 1 unsupported")
    assert "tf.constant" not in format_text([ok], show_supported=False)


def test_python_files_walks_directories_sorted(tmp_path):
    (tmp_path / "b.py").write_text("")
    (tmp_path / "a.txt").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.py").write_text("")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "c.py").write_text("")
    assert python_files([str(tmp_path)]) == [str(tmp_path / "b.py"), str(tmp_path / "sub" / "a.py")]


def test_check_paths_detects_each_files_api(tmp_path):
    (tmp_path / "v1.py").write_text("import tensorflow as tf\nx = tf.placeholder(tf.float32)\n")
    (tmp_path / "v2.py").write_text("import tensorflow as tf\nwith tf.GradientTape() as t:\n    pass\n")
    reports = check_paths([str(tmp_path)])
    assert [(os.path.basename(r.path), r.api, len(r.uses)) for r in reports] == [("v1.py", "v1", 2),
                                                                                 ("v2.py", "v2", 1)]
    assert [r.api for r in check_paths([str(tmp_path)], api="v2")] == ["v2", "v2"]


def test_partial_table_keys_are_known_deviations_and_paths_resolve():
    from tests.known_deviations import DEVIATIONS
    from tfcompat._src.tools.partial_support import PARTIAL
    from tfcompat._src.tools.resolve import _partial_objects
    assert {key for key, _ in PARTIAL.values()} <= set(DEVIATIONS)
    by_id, _, _ = _partial_objects()  # raises if a path does not resolve in tfcompat
    assert len(by_id) == len(PARTIAL)  # no two paths name the same object


def _cli(*args, cwd=ROOT):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "tfcompat", "check", *args], capture_output=True, text=True,
                          env=env, cwd=cwd)


def test_cli_exit_codes_json_and_no_tensorflow_import(tmp_path):
    good = tmp_path / "good.py"
    good.write_text("import tensorflow as tf\nprint(tf.reduce_sum(tf.ones([2])))\n")
    bad = tmp_path / "bad.py"
    bad.write_text("import tensorflow as tf\ntf.contrib.learn.DNNClassifier\n")
    out = _cli(str(good))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == ("1 file(s), 2 uses of 2 TensorFlow symbols: 2 supported, 0 partial, "
                                           "0 unsupported")
    out = _cli("--format", "json", str(tmp_path))
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    assert [os.path.basename(f["path"]) for f in data["files"]] == ["bad.py", "good.py"]
    assert data["files"][0]["uses"] == [{"line": 2, "col": 0, "symbol": "tf.contrib.learn.DNNClassifier", "status": "unsupported",
                                         "reason": data["files"][0]["uses"][0]["reason"], "deviation": None}]
    assert data["summary"]["unsupported_symbols"] == ["tf.contrib.learn.DNNClassifier"]
    assert _cli(str(tmp_path / "nope.py")).returncode == 2
    probe = ("import sys; from tfcompat._src.tools.check import check_paths; "
             f"check_paths([{str(tmp_path)!r}]); assert 'tensorflow' not in sys.modules, 'imported TF'")
    subprocess.run([sys.executable, "-c", probe], check=True, env=dict(os.environ, PYTHONPATH=ROOT))


def test_every_corpus_script_gets_a_report():
    """The real-script corpus: every script parses and reports its uses, read as the manifest's API."""
    from tests.real_scripts.manifest import SCRIPTS
    apis = {s.name: s.api for s in SCRIPTS}
    assert CORPUS
    reports = check_paths(CORPUS)
    for report in reports:
        name = os.path.splitext(os.path.basename(report.path))[0]
        assert isinstance(report, FileReport) and report.error is None, report.path
        assert report.uses, report.path
        if name in apis:
            assert report.api == apis[name], name
    assert format_text(reports)
