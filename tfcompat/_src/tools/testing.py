"""``tfcompat.testing.assert_same_as_tf``: run one function with real TensorFlow and with tfcompat and assert
the same outputs (values, dtypes, shapes, None-ness, exception types) and, optionally, the same gradients."""
from __future__ import annotations

import importlib
from typing import Any, Callable

import numpy as np

from tfcompat._src.tools.compare.divergence import tolerances, values_differ

__all__ = ["import_tensorflow", "import_tfcompat", "assert_same_as_tf"]


def import_tensorflow():
    """Real TensorFlow, imported with the reference settings (``tfcompat/_src/lib/reference_env.py``: oneDNN
    off, ``tf.keras`` = Keras 2). Raises ImportError when it is not installed, RuntimeError when it was imported
    earlier with other settings or when ``import tensorflow`` resolves to tfcompat (under ``tfcompat run``)."""
    from tfcompat._src.lib.reference_env import set_reference_env
    set_reference_env()
    tf = importlib.import_module("tensorflow")
    if not getattr(tf, "__name__", "").startswith("tensorflow"):
        raise RuntimeError("`import tensorflow` resolves to tfcompat here (a `tfcompat run`/install hook); "
                           "assert_same_as_tf needs the real TensorFlow")
    return tf


def import_tfcompat():
    """The public ``tfcompat`` module (looked up at call time: this private module sits below it)."""
    return importlib.import_module("tfcompat")


class _Raised:
    def __init__(self, exc: BaseException):
        self.type_name = type(exc).__name__
        self.message = str(exc)

    def __repr__(self):
        return f"raised {self.type_name}: {self.message[:200]}"


def _to_plain(value):
    """Nested lists/tuples/dicts of numpy arrays, python scalars, strings and None."""
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return value
    if isinstance(value, dict):
        return {k: _to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_to_plain(v) for v in value) if not hasattr(value, "_fields") \
            else tuple(_to_plain(v) for v in value)
    if hasattr(value, "numpy"):
        return np.asarray(value.numpy())
    if hasattr(value, "as_numpy_dtype") or type(value).__name__ == "DType":
        return f"dtype:{value.name}"
    if hasattr(value, "as_list") and hasattr(value, "rank"):
        return ("TensorShape", None if value.rank is None else tuple(value.as_list()))
    if isinstance(value, np.ndarray) or np.isscalar(value):
        return np.asarray(value)
    return repr(value)


def _differences(path: str, tf_value, tc_value, table: dict) -> list:
    if isinstance(tf_value, _Raised) or isinstance(tc_value, _Raised):
        same = isinstance(tf_value, _Raised) and isinstance(tc_value, _Raised) \
            and tf_value.type_name == tc_value.type_name
        return [] if same else [f"{path}: TensorFlow {tf_value!r}; tfcompat {tc_value!r}"]
    if isinstance(tf_value, dict) and isinstance(tc_value, dict):
        if set(tf_value) != set(tc_value):
            return [f"{path}: dict keys {sorted(map(str, tf_value))} vs {sorted(map(str, tc_value))}"]
        return [d for k in tf_value for d in _differences(f"{path}[{k!r}]", tf_value[k], tc_value[k], table)]
    if isinstance(tf_value, (list, tuple)) and isinstance(tc_value, (list, tuple)):
        if len(tf_value) != len(tc_value) or type(tf_value) is not type(tc_value):
            return [f"{path}: {type(tf_value).__name__} of {len(tf_value)} vs {type(tc_value).__name__} of "
                    f"{len(tc_value)}"]
        return [d for i, (a, b) in enumerate(zip(tf_value, tc_value))
                for d in _differences(f"{path}[{i}]", a, b, table)]
    if isinstance(tf_value, np.ndarray) and isinstance(tc_value, np.ndarray):
        if tf_value.dtype != tc_value.dtype or tf_value.shape != tc_value.shape:
            return [f"{path}: TensorFlow {tf_value.dtype}{list(tf_value.shape)}, "
                    f"tfcompat {tc_value.dtype}{list(tc_value.shape)}"]
        if values_differ(tf_value, tc_value, table):
            return [f"{path}: values differ\n    TensorFlow: {np.array2string(tf_value, threshold=20)}\n"
                    f"    tfcompat:   {np.array2string(tc_value, threshold=20)}"]
        return []
    if type(tf_value) is not type(tc_value) or tf_value != tc_value:
        return [f"{path}: TensorFlow {tf_value!r}; tfcompat {tc_value!r}"]
    return []


def _is_float_array(a) -> bool:
    return isinstance(a, np.ndarray) and a.dtype.kind in "fc"


def _run_side(tf, fn: Callable, args: tuple, kwargs: dict, grads: bool):
    """(outputs, gradients or None) of ``fn(tf, *args)``, plain data; float numpy args become watched constants."""
    call_args = [tf.constant(a) if _is_float_array(a) else a for a in args]
    watched = [t for a, t in zip(args, call_args) if _is_float_array(a)]
    try:
        if not grads:
            return _to_plain(fn(tf, *call_args, **kwargs)), None
        with tf.GradientTape(persistent=False) as tape:
            for t in watched:
                tape.watch(t)
            out = fn(tf, *call_args, **kwargs)
            floats = [o for o in tf.nest.flatten(out)
                      if hasattr(o, "dtype") and getattr(o.dtype, "is_floating", False)]
            target = tf.add_n([tf.reduce_sum(tf.cast(o, tf.float64)) for o in floats]) if floats else None
        gradients = None if target is None or not watched else tape.gradient(target, watched)
        return _to_plain(out), (_to_plain(list(gradients)) if gradients is not None else None)
    except Exception as exc:  # the exception's type is compared with TF's, as the oracle does
        return _Raised(exc), None


def assert_same_as_tf(fn: Callable[..., Any], *args, grads: bool = True, rtol: float = 1e-5, atol: float = 1e-6,
                      **kwargs) -> None:
    """Calls ``fn(tf, *args, **kwargs)`` with real TensorFlow and with tfcompat and asserts the same result.

    Outputs (any nest of tensors, variables, numpy arrays, python values) must agree in structure, dtype, shape
    and value (float tolerances per dtype: ``rtol``/``atol`` for float32/64, looser for half precision; exact
    for ints, bools, strings); None must be None on both sides; if TF raises, tfcompat must raise the same
    exception type. Float numpy arrays in ``args`` are passed as ``tf.constant`` and, with ``grads=True``,
    watched by a ``GradientTape``: the gradients of the sum of all float outputs w.r.t. them must agree too
    (None where TF gives None).

    Raises AssertionError listing every difference; ImportError when TensorFlow is not installed."""
    real_tf = import_tensorflow()
    table = tolerances(rtol, atol)
    tf_out, tf_grads = _run_side(real_tf, fn, args, kwargs, grads)
    tc_out, tc_grads = _run_side(import_tfcompat(), fn, args, kwargs, grads)
    problems = _differences("output", tf_out, tc_out, table)
    if grads and not problems:
        problems += _differences("gradient", tf_grads, tc_grads, table)
    if problems:
        raise AssertionError(f"{getattr(fn, '__name__', 'fn')}: tfcompat differs from TensorFlow:\n  "
                             + "\n  ".join(problems))
