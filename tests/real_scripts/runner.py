"""Running corpus scripts: under ``python -m tfcompat run`` (the test), under real TF and tfcompat (recording),
and comparing what they print (``tfcompat._src.runtime.compare.compare_outputs``)."""
from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
import time

from tests.real_scripts.manifest import Script
from tests.real_scripts.materialize import materialize

__all__ = ["EXPECTED_DIR", "Run", "script_env", "write_script", "run_tfcompat", "run_tf_and_tfcompat",
           "first_error", "expected_output", "output_diffs"]

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXPECTED_DIR = os.path.join(HERE, "expected")

_ERROR_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|error)\w*)(?::\s?(.*))?$")
# Memory addresses in reprs (`<... object at 0x7f...>`) differ from run to run.
_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+")


@dataclasses.dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # user + system time of the script's process (what it costs on a free core)


def script_env(base=None) -> dict:
    """The environment a corpus script runs in: TF's reference settings, the repo, ``_data`` and the stub
    packages under ``stubs/`` (``gym``) importable, matplotlib drawing nowhere (Agg: ``plt.show()`` is a no-op),
    fixed hash seed."""
    from tfcompat._src.lib.reference_env import set_reference_env
    env = set_reference_env(dict(os.environ if base is None else base))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [ROOT, HERE, os.path.join(HERE, "stubs"),
                                                     env.get("PYTHONPATH")]))
    env["MPLBACKEND"] = "Agg"
    env["PYTHONHASHSEED"] = "0"
    env.setdefault("TFCOMPAT_DEVICE", "cpu")
    # The test runs two scripts at once on a 2-core machine: one intra-op thread each (torch and TF alike).
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


def write_script(script: Script, folder: str) -> str:
    """Materializes ``script`` into ``folder`` (its working directory when run); returns the file's path."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, script.name + ".py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(materialize(script))
    return path


def run_tfcompat(script: Script, folder: str) -> Run:
    """``python -m tfcompat run --api API SCRIPT`` in ``folder`` (as ``run_both`` runs tfcompat's side), killed
    after ``script.timeout`` seconds (returncode -9, the timeout named in ``stderr``)."""
    path = write_script(script, folder)
    out_path, err_path = os.path.join(folder, ".stdout"), os.path.join(folder, ".stderr")
    start = time.perf_counter()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "tfcompat", "run", "--api", script.api, path],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err, cwd=folder, env=script_env())
        # os.wait4, not proc.wait: it also gives the child's CPU time (the machine may be shared).
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > script.timeout:
                proc.kill()
                timed_out = True
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.05)
        proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    with open(out_path, encoding="utf-8", errors="replace") as f:
        stdout = f.read()
    with open(err_path, encoding="utf-8", errors="replace") as f:
        stderr = f.read()
    if timed_out:
        stderr += f"\nTimeoutExpired: no exit within {script.timeout} s"
    return Run(-9 if timed_out else proc.returncode, stdout, stderr, seconds, usage.ru_utime + usage.ru_stime)


# TF 2.21 no longer ships ``tensorflow.examples.tutorials.mnist.input_data``; TF's side gets tfcompat's (pure NumPy,
# TF 1.15's algorithm), reading the graph-level seed from real TF's graph, so both sides load and shuffle alike.
_TF_SIDE_LOADERS = """
import importlib, sys
import tensorflow as _tf
from tfcompat._src.contrib import learn_datasets_mnist as _mnist


def _tf_graph_seed():
    if _tf.executing_eagerly():
        from tensorflow.python.eager import context
        return context.global_seed()
    return _tf.compat.v1.get_default_graph().seed


_mnist.graph_seed_source = _tf_graph_seed
for _name in ("examples", "examples.tutorials", "examples.tutorials.mnist", "examples.tutorials.mnist.input_data"):
    sys.modules["tensorflow." + _name] = importlib.import_module("tfcompat." + _name)
"""


def run_tf_and_tfcompat(script: Script, folder: str) -> tuple[Run, Run]:
    """(real TF's run, tfcompat's run) of ``script`` in ``folder``: TF's side as ``compare.run_both`` runs it
    (TF1 scripts get ``tf.compat.v1`` in graph mode) plus the loaders TF 2.21 dropped (``_TF_SIDE_LOADERS``),
    tfcompat's side under ``python -m tfcompat run``. Each side runs in its own subfolder of ``folder`` (files one
    side writes, e.g. a script's ``os.mkdir``, must not be there for the other)."""
    from tfcompat._src.runtime.compare import _TF_RUNNER
    env = script_env()
    tf_folder, tc_folder = os.path.join(folder, "tf"), os.path.join(folder, "tfcompat")
    tf_path, tc_path = write_script(script, tf_folder), write_script(script, tc_folder)
    tf_proc = subprocess.run([sys.executable, "-c", _TF_SIDE_LOADERS + _TF_RUNNER, script.api, tf_path],
                             capture_output=True, text=True, env=env, cwd=tf_folder, timeout=script.timeout * 4)
    tc_proc = subprocess.run([sys.executable, "-m", "tfcompat", "run", "--api", script.api, tc_path],
                             capture_output=True, text=True, env=env, cwd=tc_folder, timeout=script.timeout * 4)
    return (Run(tf_proc.returncode, tf_proc.stdout, tf_proc.stderr),
            Run(tc_proc.returncode, tc_proc.stdout, tc_proc.stderr))


def first_error(stderr: str) -> str:
    """The exception line that ended a failed run (``Type: message``), or the last stderr line."""
    lines = [l.rstrip() for l in stderr.splitlines() if l.strip()]
    for line in reversed(lines):
        if _ERROR_LINE.match(line) and not line.startswith(("WARNING", "UserWarning")):
            return line[:300]
    return lines[-1][:300] if lines else ""


def expected_output(script: Script) -> str | None:
    """TF's recorded stdout for ``script`` (expected/<name>.txt), or None when not recorded."""
    path = os.path.join(EXPECTED_DIR, script.name + ".txt")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def _normalise(text: str, ignore: tuple[str, ...]) -> str:
    patterns = [re.compile(p) for p in ignore]
    lines = [_ADDRESS.sub("at 0x?", l) for l in text.splitlines()]
    return "\n".join(l for l in lines if not any(p.search(l) for p in patterns))


def output_diffs(script: Script, expected: str, actual: str) -> list[tuple[int, str, str]]:
    """``compare_outputs`` of TF's and tfcompat's stdout, after dropping the script's ``ignore`` lines."""
    from tfcompat._src.runtime.compare import compare_outputs
    return compare_outputs(_normalise(expected, script.ignore), _normalise(actual, script.ignore),
                           rtol=script.rtol, atol=script.atol)
