"""The one oracle harness: run a program under real TensorFlow 2.21 (live, or from its recorded results) and
under tfcompat, and compare what they give.

A *program* is ``program(tf) -> result`` written once against the TF API and run with each module as ``tf``. Its
result is normalised (:func:`normalize`) to plain data: nested lists/tuples/dicts of numpy arrays (TF tensors and
Variables become arrays), python scalars, strings, dtype names and ``None``. A program that raises gives
``Raised(type name, message)``, so errors are compared like values.

Without TensorFlow installed, TF's side comes from ``tests/oracle_records/<test module>.json``, written when the
same test last ran against real TF with recording on::

    python -m tests.oracle --record [pytest args]     # re-records every oracle call of the selected tests

so a contributor without TF still runs every oracle comparison. With TF installed, the live result is used (and
the record is not consulted; ``TFCOMPAT_ORACLE=recorded`` forces the records). A missing record without TF skips
the test with a message.

Use it through the ``oracle`` fixture::

    def test_sqrt_grad_at_zero(oracle):
        def prog(tf):
            x = tf.constant([0.0, 4.0])
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.where(x > 0, tf.sqrt(x), 0.0)
            return y, t.gradient(y, x)
        oracle.check(prog)                      # TF's values/dtypes/shapes/None-ness/errors == tfcompat's

    def test_graph(oracle):
        oracle.check_v1(lambda v1: ...)         # program gets compat.v1 inside a fresh graph (graph mode)

``oracle.tf_result(prog)`` returns TF's normalised result alone, for tests that assert more than equality.
"""
from __future__ import annotations

import base64
import contextlib
import dataclasses
import fcntl
import json
import os
import sys
from typing import Any, Callable

import numpy as np

# The reference settings must be in the environment before anything imports TensorFlow (see reference_env).
from tfcompat._src.lib.reference_env import set_reference_env

set_reference_env()

__all__ = ["Raised", "normalize", "assert_same", "Oracle", "RECORD_ENV", "RECORDS_DIR", "have_tf", "import_tf"]

RECORD_ENV = "TFCOMPAT_RECORD_ORACLE"
RECORDS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_records")


@dataclasses.dataclass(frozen=True)
class Raised:
    """A program's outcome when it raised: the exception's class name and message."""
    type: str
    message: str = ""

    def __repr__(self):
        return f"Raised({self.type}: {self.message[:200]!r})"


# ------------------------------------------------------------------------------------------------
# TensorFlow
# ------------------------------------------------------------------------------------------------
_tf_state: dict = {}


def have_tf() -> bool:
    """Whether real TensorFlow can be imported (checked once)."""
    if "have" not in _tf_state:
        import importlib.util
        _tf_state["have"] = importlib.util.find_spec("tensorflow") is not None
    return _tf_state["have"]


def import_tf():
    """Real TensorFlow, imported under the reference settings (never tfcompat installed as ``tensorflow``)."""
    saved = sys.modules.get("tensorflow")
    if saved is not None and getattr(saved, "__name__", "").startswith("tfcompat"):
        from tfcompat._src.runtime import install as install_lib
        install_lib.uninstall()
    import tensorflow as real_tf
    return real_tf


# ------------------------------------------------------------------------------------------------
# normalisation
# ------------------------------------------------------------------------------------------------
def normalize(value: Any) -> Any:
    """Plain data for a program's result (see the module docstring)."""
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, Raised)):
        return value
    if isinstance(value, np.ndarray):
        return value
    if isinstance(value, np.generic):
        return np.asarray(value)
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return tuple(normalize(v) for v in value)
    if isinstance(value, (list, tuple)):   # subclasses (TF's ListWrapper cannot be rebuilt) become list/tuple
        return (tuple if isinstance(value, tuple) else list)(normalize(v) for v in value)
    tname = type(value).__name__
    if tname == "DType" or (hasattr(value, "as_numpy_dtype") and hasattr(value, "is_floating")):
        return f"dtype:{value.name}"
    if tname in ("TensorShape",):
        return f"shape:{value.as_list() if value.rank is not None else None}"
    if tname in ("IndexedSlices", "IndexedSlicesValue"):
        return {"IndexedSlices": [normalize(value.values), normalize(value.indices)]}
    numpy = getattr(value, "numpy", None)
    if callable(numpy):
        return np.asarray(numpy())
    if hasattr(value, "__array__"):
        return np.asarray(value)
    raise TypeError(f"oracle: cannot normalise a {type(value).__module__}.{tname}; return arrays, scalars, "
                    f"strings or None from the program")


def outcome(program: Callable, module) -> Any:
    """``normalize(program(module))``, or ``Raised`` when it raises."""
    try:
        return normalize(program(module))
    except Exception as e:  # noqa: BLE001 - an exception is an outcome to compare
        return Raised(type(e).__name__, str(e))


# ------------------------------------------------------------------------------------------------
# comparison
# ------------------------------------------------------------------------------------------------
def assert_same(got, want, rtol: float = 1e-6, atol: float = 1e-6, path: str = "result",
                match_message: str | None = None) -> None:
    """Asserts ``got`` (tfcompat) agrees with ``want`` (TF): structure, None-ness, dtypes, shapes, values
    (NaN equal to NaN; exact for non-float dtypes), exception types; ``match_message`` is a substring that must
    appear in both messages when both raised."""
    if isinstance(want, Raised):
        assert isinstance(got, Raised), f"{path}: TF raised {want!r}, tfcompat returned {_short(got)}"
        assert got.type == want.type, f"{path}: TF raised {want!r}, tfcompat raised {got!r}"
        if match_message is not None:
            assert match_message in want.message, f"{path}: {match_message!r} not in TF's message {want!r}"
            assert match_message in got.message, f"{path}: {match_message!r} not in tfcompat's message {got!r}"
        return
    assert not isinstance(got, Raised), f"{path}: TF returned {_short(want)}, tfcompat raised {got!r}"
    if want is None:
        assert got is None, f"{path}: TF gives None, tfcompat gives {_short(got)}"
        return
    assert got is not None, f"{path}: TF gives {_short(want)}, tfcompat gives None"
    if isinstance(want, dict):
        assert isinstance(got, dict) and set(got) == set(want), f"{path}: keys {sorted(got)} vs {sorted(want)}"
        for k in want:
            assert_same(got[k], want[k], rtol, atol, f"{path}[{k!r}]", match_message)
        return
    if isinstance(want, (list, tuple)):
        assert isinstance(got, (list, tuple)) and len(got) == len(want), \
            f"{path}: structure {_short(got)} vs {_short(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, rtol, atol, f"{path}[{i}]", match_message)
        return
    if isinstance(want, (str, bytes)):
        assert got == want, f"{path}: {got!r} vs {want!r}"
        return
    g, w = np.asarray(got), np.asarray(want)
    if isinstance(want, np.ndarray) or isinstance(got, np.ndarray):
        assert g.dtype == w.dtype, f"{path}: dtype {g.dtype} vs TF's {w.dtype}"
    assert g.shape == w.shape, f"{path}: shape {g.shape} vs TF's {w.shape}"
    if w.dtype.kind in "fc":
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, equal_nan=True, err_msg=path)
    else:
        np.testing.assert_array_equal(g, w, err_msg=path)


def _short(v) -> str:
    r = repr(v)
    return r if len(r) < 300 else r[:300] + "..."


# ------------------------------------------------------------------------------------------------
# records
# ------------------------------------------------------------------------------------------------
def _encode(v):
    if isinstance(v, Raised):
        return {"__raised__": v.type, "message": v.message}
    if isinstance(v, np.ndarray):
        if v.dtype.kind == "O":
            return {"__object_array__": [_encode(x) for x in v.reshape(-1).tolist()], "shape": list(v.shape)}
        return {"__nd__": v.dtype.str, "shape": list(v.shape),
                "b64": base64.b64encode(np.ascontiguousarray(v).tobytes()).decode("ascii")}
    if isinstance(v, bytes):
        return {"__bytes__": base64.b64encode(v).decode("ascii")}
    if isinstance(v, complex):
        return {"__complex__": [v.real, v.imag]}
    if isinstance(v, float) and not np.isfinite(v):
        return {"__float__": repr(float(v))}   # float(): np.float64's repr is 'np.float64(nan)'
    if isinstance(v, dict):
        return {"__dict__": [[_encode(k), _encode(x)] for k, x in v.items()]}
    if isinstance(v, tuple):
        return {"__tuple__": [_encode(x) for x in v]}
    if isinstance(v, list):
        return [_encode(x) for x in v]
    return v


def _decode(v):
    if isinstance(v, list):
        return [_decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if "__raised__" in v:
        return Raised(v["__raised__"], v["message"])
    if "__nd__" in v:
        arr = np.frombuffer(base64.b64decode(v["b64"]), dtype=np.dtype(v["__nd__"]))
        return arr.reshape(v["shape"]).copy()
    if "__object_array__" in v:
        arr = np.empty(len(v["__object_array__"]), dtype=object)
        arr[:] = [_decode(x) for x in v["__object_array__"]]
        return arr.reshape(v["shape"])
    if "__bytes__" in v:
        return base64.b64decode(v["__bytes__"])
    if "__complex__" in v:
        return complex(*v["__complex__"])
    if "__float__" in v:
        return float(v["__float__"])
    if "__dict__" in v:
        return {_decode(k): _decode(x) for k, x in v["__dict__"]}
    if "__tuple__" in v:
        return tuple(_decode(x) for x in v["__tuple__"])
    return v


def _records_path(test_file: str) -> str:
    rel = os.path.relpath(os.path.abspath(test_file), os.path.dirname(RECORDS_DIR))
    stem = rel[:-3] if rel.endswith(".py") else rel
    return os.path.join(RECORDS_DIR, stem.replace(os.sep, "__") + ".json")


_loaded: dict = {}       # records file -> {key: encoded}
_pending: dict = {}      # records file -> {key: encoded}, written at the end of the session


def _load(path: str) -> dict:
    if path not in _loaded:
        try:
            with open(path, encoding="utf-8") as f:
                _loaded[path] = json.load(f)
        except FileNotFoundError:
            _loaded[path] = {}
    return _loaded[path]


def flush_records() -> None:
    """Merges this process's new records into the record files (under a lock: xdist workers share them)."""
    if not _pending:
        return
    os.makedirs(RECORDS_DIR, exist_ok=True)
    for path, entries in _pending.items():
        with open(path + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
            except FileNotFoundError:
                data = {}
            data.update(entries)
            tmp = path + f".tmp{os.getpid()}"
            with open(tmp, "w", encoding="utf-8") as f:   # one record per line: readable diffs
                f.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
                                            for k, v in sorted(data.items())) + "\n}\n")
            os.replace(tmp, path)
        with contextlib.suppress(OSError):
            os.remove(path + ".lock")
    _pending.clear()


# ------------------------------------------------------------------------------------------------
# the fixture object
# ------------------------------------------------------------------------------------------------
class Oracle:
    """The ``oracle`` fixture: TF's results for the current test (live or recorded) and comparisons."""

    def __init__(self, nodeid: str, test_file: str):
        self._nodeid = nodeid
        self._path = _records_path(test_file)
        self._count = 0
        self.recording = os.environ.get(RECORD_ENV) == "1"
        # TFCOMPAT_ORACLE=recorded uses the records even with TF installed (to check them, or to run fast).
        self.live = have_tf() and os.environ.get("TFCOMPAT_ORACLE") != "recorded"

    @property
    def tf(self):
        """Real TensorFlow (skips the test when it is not installed): for programs that need TF objects."""
        import pytest
        if not self.live:
            pytest.skip("real TensorFlow (the oracle) is not installed")
        return import_tf()

    def _key(self, name: str | None) -> str:
        self._count += 1
        return f"{self._nodeid}#{name or self._count}"

    def tf_result(self, program: Callable, *, v1: bool = False, name: str | None = None):
        """TF's normalised outcome of ``program`` (``program(tf)``, or ``program(tf.compat.v1)`` inside a fresh
        graph when ``v1``), live when TensorFlow is installed, else recorded; skips when neither."""
        key = self._key(name)
        if self.live:
            tf = import_tf()
            if v1:
                with tf.Graph().as_default():
                    res = outcome(program, tf.compat.v1)
            else:
                tf.random.set_seed(None)   # a fresh global seed: an earlier program's set_seed must not leak in
                res = outcome(program, tf)
            if self.recording:
                _pending.setdefault(self._path, {})[key] = _encode(res)
            return res
        records = _load(self._path)
        if key not in records:   # a recorded None result is a JSON null: test membership, not the value
            import pytest
            pytest.skip(f"no recorded TF result for {key} and TensorFlow is not installed "
                        f"(record with: python -m tests.oracle --record)")
        return _decode(records[key])

    def tfc_result(self, program: Callable, *, v1: bool = False):
        """tfcompat's normalised outcome of the same program."""
        import tfcompat
        if v1:
            with tfcompat.compat.v1.Graph().as_default():
                return outcome(program, tfcompat.compat.v1)
        tfcompat.random.set_seed(None)   # as on TF's side (tf_result)
        return outcome(program, tfcompat)

    def check(self, program: Callable, tfc_program: Callable | None = None, *, rtol: float = 1e-6,
              atol: float = 1e-6, v1: bool = False, match_message: str | None = None, name: str | None = None):
        """Runs ``program`` under TF and tfcompat (``tfc_program`` for tfcompat when given) and asserts the
        outcomes agree (see :func:`assert_same`). Returns tfcompat's outcome."""
        want = self.tf_result(program, v1=v1, name=name)
        got = self.tfc_result(tfc_program or program, v1=v1)
        assert_same(got, want, rtol=rtol, atol=atol, match_message=match_message)
        return got

    def check_v1(self, program: Callable, **kw):
        """``check`` with ``program(compat.v1)`` run inside a fresh graph (graph mode) on both sides."""
        return self.check(program, v1=True, **kw)


def main(argv=None) -> int:
    """``python -m tests.oracle --record [pytest args]``: re-runs the selected tests against real TF, writing
    their oracle results to tests/oracle_records/."""
    import subprocess
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "--record":
        print(__doc__)
        return 2
    if not have_tf():
        print("recording needs real TensorFlow: pip install -e '.[oracle]'", file=sys.stderr)
        return 2
    env = dict(os.environ, **{RECORD_ENV: "1"})
    cmd = [sys.executable, "-m", "pytest", "-q", *(args[1:] or ["tests"])]
    return subprocess.call(cmd, env=env)


if __name__ == "__main__":
    raise SystemExit(main())
