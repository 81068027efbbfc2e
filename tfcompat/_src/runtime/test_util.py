"""``tf.test``: ``TestCase`` (unittest with TF's assertAllClose/evaluate/session helpers), ``main`` and the
build/GPU queries, answered for the installed torch (CUDA builds and devices are torch's)."""
from __future__ import annotations

import contextlib
import functools
import tempfile
import unittest

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import EagerTensor, Tensor
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.runtime.session import Session, get_default_session

__all__ = ["TestCase", "compute_gradient", "get_temp_dir", "gpu_device_name", "is_built_with_cuda",
           "is_built_with_gpu_support", "is_built_with_rocm", "is_built_with_xla", "is_gpu_available", "main"]


def is_built_with_cuda() -> bool:
    """Mirrors ``tf.test.is_built_with_cuda``: whether the installed torch is a CUDA build."""
    return torch.version.cuda is not None


def is_built_with_rocm() -> bool:
    """Mirrors ``tf.test.is_built_with_rocm``: whether the installed torch is a ROCm build."""
    return getattr(torch.version, "hip", None) is not None


def is_built_with_gpu_support() -> bool:
    """Mirrors ``tf.test.is_built_with_gpu_support``: CUDA or ROCm build."""
    return is_built_with_cuda() or is_built_with_rocm()


def is_built_with_xla() -> bool:
    """Mirrors ``tf.test.is_built_with_xla``: always False (no XLA here)."""
    return False


def is_gpu_available(cuda_only: bool = False, min_cuda_compute_capability=None) -> bool:
    """Mirrors ``tf.compat.v1.test.is_gpu_available``: a GPU torch can use (with at least the given
    ``(major, minor)`` compute capability)."""
    if not torch.cuda.is_available():
        return False
    if min_cuda_compute_capability is None:
        return True
    return any(torch.cuda.get_device_capability(i) >= tuple(min_cuda_compute_capability)
               for i in range(torch.cuda.device_count()))


def gpu_device_name() -> str:
    """Mirrors ``tf.test.gpu_device_name``: ``'/device:GPU:0'`` when a GPU is available, else ``''``."""
    return "/device:GPU:0" if torch.cuda.is_available() else ""


_temp_dir = []


def get_temp_dir() -> str:
    """Mirrors ``tf.compat.v1.test.get_temp_dir``: one temporary directory per process."""
    if not _temp_dir:
        _temp_dir.append(tempfile.mkdtemp(prefix="tfcompat_test_"))
    return _temp_dir[0]


def main(argv=None):
    """Mirrors ``tf.test.main``: runs the ``__main__`` module's tests with ``unittest.main`` (and exits)."""
    return unittest.main(argv=argv)


def _theoretical_jacobian(f, xs, param, y_shape, y_dtype):
    x = xs[param]
    y_size = int(np.prod(y_shape, dtype=np.int64))
    jacobian = np.zeros((y_size, int(np.prod(x.shape.as_list(), dtype=np.int64))), x.dtype.as_numpy_dtype)
    dy = np.zeros(y_size, y_dtype.as_numpy_dtype)
    for row in range(y_size):
        dy[row] = 1
        with GradientTape() as tape:
            tape.watch(x)
            y = f(*xs)
        grad = tape.gradient(y, x, output_gradients=convert_to_tensor(dy.reshape(y_shape)))
        if grad is not None:
            jacobian[row, :] = grad.numpy().ravel()
        dy[row] = 0
    return jacobian


def _numeric_jacobian(f, xs, param, y_size, y_dtype, delta):
    arrays = [np.array(x.numpy()) for x in xs]
    x = arrays[param]
    scale = np.asarray(2 * delta, dtype=y_dtype.as_numpy_dtype)[()]
    jacobian = np.zeros((y_size, x.size), x.dtype)
    flat = x.reshape(-1)  # a view: writes perturb ``x``
    for col in range(x.size):
        original = flat[col]
        flat[col] += delta
        y_pos = f(*[convert_to_tensor(a) for a in arrays]).numpy()
        flat[col] = original
        flat[col] -= delta
        y_neg = f(*[convert_to_tensor(a) for a in arrays]).numpy()
        flat[col] = original
        jacobian[:, col] = ((y_pos - y_neg) / scale).ravel()
    return jacobian


def compute_gradient(f, x, delta=None):
    """Mirrors ``tf.test.compute_gradient`` (TF2, eager): ``(theoretical, numerical)`` tuples of Jacobians, one
    ``[y_size, x_size]`` array per argument; the numeric one by central differences with ``delta`` (default
    1/1024) in the argument's dtype. Real floating dtypes only (TF also takes complex).

    Raises:
      ValueError: ``x`` is not a list or tuple."""
    if not isinstance(x, (list, tuple)):
        raise ValueError(f"`x` must be a list or tuple of values convertible to a Tensor (arguments to `f`), "
                         f"not a {type(x)}")
    if delta is None:
        delta = 1.0 / 1024
    xs = [convert_to_tensor(v) for v in x]
    y = f(*xs)
    allowed = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)
    for t in [v.dtype for v in xs] + [y.dtype]:
        if t not in allowed:
            raise NotImplementedError(f"tf.test.compute_gradient: unsupported dtype {t.name} (tfcompat supports "
                                      f"real floating dtypes)")
    y_shape = tuple(y.shape.as_list())
    y_size = int(np.prod(y_shape, dtype=np.int64))
    pairs = [(_theoretical_jacobian(f, xs, i, y_shape, y.dtype),
              _numeric_jacobian(f, xs, i, y_size, y.dtype, delta)) for i in range(len(xs))]
    return tuple(zip(*pairs))


class _FakeEagerSession:
    """What ``cached_session()`` yields while executing eagerly (TF's FakeEagerSession): ``run`` evaluates."""

    def __init__(self, test_case):
        self._test_case = test_case

    def run(self, fetches, feed_dict=None, **kwargs):
        if feed_dict:
            raise ValueError("feed_dict is not supported when eager execution is enabled (in this case, "
                             "sess.run(t) is shorthand for t.numpy()")
        return self._test_case.evaluate(fetches)


class TestCase(unittest.TestCase):
    """Mirrors ``tf.test.TestCase``: ``unittest.TestCase`` plus TF's array assertions (values are converted
    with :meth:`evaluate`), ``evaluate`` and the ``session``/``cached_session``/``test_session`` context
    managers giving a tfcompat Session on the default graph (a fake session that evaluates, eagerly)."""

    def get_temp_dir(self) -> str:
        return get_temp_dir()

    # -- evaluation ------------------------------------------------------------------------------------
    def evaluate(self, tensors):
        """Numpy values of (nested) tensors and variables: ``.numpy()`` eagerly, ``Session.run`` in a graph."""
        if ctx_lib.graph_mode_graph() is None:
            return nest.map_structure(self._eager_value, tensors)
        sess = get_default_session()
        if sess is None:
            with self.session() as sess:
                return sess.run(tensors)
        return sess.run(tensors)

    @staticmethod
    def _eager_value(x):
        if isinstance(x, EagerTensor) or hasattr(x, "_as_tensor") and hasattr(x, "numpy"):
            return x.numpy()
        return x

    @contextlib.contextmanager
    def session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """Mirrors ``TestCase.session``: a new Session on ``graph`` (default: the default graph)."""
        if ctx_lib.graph_mode_graph() is None and graph is None:
            yield _FakeEagerSession(self)
            return
        with Session(graph=graph, config=config) as sess:
            yield sess

    @contextlib.contextmanager
    def cached_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """Mirrors ``TestCase.cached_session``: one Session per test, reused while its graph is the same."""
        if ctx_lib.graph_mode_graph() is None and graph is None:
            yield _FakeEagerSession(self)
            return
        graph = graph if graph is not None else ctx_lib.get_default_graph()
        cached = getattr(self, "_tfcompat_cached_session", None)
        if cached is None or cached.graph is not graph:
            cached = self._tfcompat_cached_session = Session(graph=graph, config=config)
        with graph.as_default(), cached.as_default():
            yield cached

    def test_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """Mirrors the deprecated ``TestCase.test_session``: ``cached_session``. unittest collects it as a test
        (its name starts with ``test``); like TF, that run is skipped."""
        if self.id().endswith(".test_session"):
            self.skipTest("Tests that have the name \"test_session\" are automatically skipped by TensorFlow test "
                          "fixture, as the name is reserved for creating sessions within tests. Please rename your "
                          "test if you have a test with this name.")
        return self.cached_session(graph, config, use_gpu, force_gpu)

    # -- assertions --------------------------------------------------------------------------------------
    def _ndarray(self, a):
        if isinstance(a, Tensor) or hasattr(a, "_as_tensor"):
            a = self.evaluate(a)
        return np.asarray(a)

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802 - TF's names
        """Mirrors ``TestCase.assertAllClose``: same structure, same shapes, values within tolerance
        (rtol/atol at least 1e-3 for float16/bfloat16 values, as TF relaxes them)."""
        if isinstance(a, dict) or isinstance(b, dict):
            self.assertEqual(set(a), set(b), msg)
            for k in a:
                self.assertAllClose(a[k], b[k], rtol, atol, msg)
            return
        if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and self._is_nested(a, b):
            self.assertEqual(len(a), len(b), msg)
            for x, y in zip(a, b):
                self.assertAllClose(x, y, rtol, atol, msg)
            return
        a, b = self._ndarray(a), self._ndarray(b)
        self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}. {msg or ''}")
        if a.dtype == np.float16 or b.dtype == np.float16:
            rtol, atol = max(rtol, 1e-3), max(atol, 1e-3)
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg=msg or "", equal_nan=True)

    @staticmethod
    def _is_nested(a, b):
        return any(isinstance(x, (dict, Tensor)) or hasattr(x, "_as_tensor") for x in (*a, *b))

    def assertAllEqual(self, a, b, msg=None):  # noqa: N802
        """Mirrors ``TestCase.assertAllEqual``: same shapes and equal values."""
        a, b = self._ndarray(a), self._ndarray(b)
        self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}. {msg or ''}")
        np.testing.assert_array_equal(a, b, err_msg=msg or "")

    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False,  # noqa: N802
                         open_upper_bound=False):
        """Mirrors ``TestCase.assertAllInRange``."""
        t = self._ndarray(target)
        low = t > lower_bound if open_lower_bound else t >= lower_bound
        high = t < upper_bound if open_upper_bound else t <= upper_bound
        bad = ~(low & high)
        if np.any(bad):
            raise AssertionError(f"{int(bad.sum())} of the {t.size} element(s) are outside the range "
                                 f"{'(' if open_lower_bound else '['}{lower_bound}, {upper_bound}"
                                 f"{')' if open_upper_bound else ']'}: {t[bad]}")

    def assertAllGreater(self, a, comparison_target):  # noqa: N802
        """Mirrors ``TestCase.assertAllGreater``."""
        self.assertGreater(np.min(self._ndarray(a)), comparison_target)

    def assertAllLess(self, a, comparison_target):  # noqa: N802
        """Mirrors ``TestCase.assertAllLess``."""
        self.assertLess(np.max(self._ndarray(a)), comparison_target)

    def assertArrayNear(self, farray1, farray2, err, msg=None):  # noqa: N802
        """Mirrors ``TestCase.assertArrayNear``."""
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def assertNear(self, f1, f2, err, msg=None):  # noqa: N802
        """Mirrors ``TestCase.assertNear``."""
        self.assertTrue(f1 == f2 or abs(f1 - f2) <= err,
                        f"{f1!r} != {f2!r} +/- {err!r}" + (f" ({msg})" if msg else ""))

    def assertDTypeEqual(self, target, expected_dtype):  # noqa: N802
        """Mirrors ``TestCase.assertDTypeEqual``."""
        self.assertEqual(self._ndarray(target).dtype, np.dtype(getattr(expected_dtype, "as_numpy_dtype",
                                                                      expected_dtype)))


_CPU_TARGETS = ("aarch64", "arm", "x86", "powerpc")


def is_cpu_target_available(target: str) -> bool:
    """Mirrors ``tf.test.is_cpu_target_available``: TF 2.21's CPU build reports every target it knows (aarch64,
    arm, x86, powerpc) as available and asserts on any other name."""
    assert target in _CPU_TARGETS, f"Unknown CPU target: {target}"
    return True


def disable_with_predicate(pred, skip_message):
    """Mirrors ``tf.test.disable_with_predicate``: a test-method decorator skipping the test when ``pred()``."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(self, *args, **kwargs):
            if pred():
                self.skipTest(skip_message)
            return func(self, *args, **kwargs)
        return wrapper
    return decorator


def with_eager_op_as_function(cls=None, only_as_function: bool = False):
    """Mirrors ``tf.test.with_eager_op_as_function``. TF 2.21 always runs eager ops as functions, so its decorator
    returns the class unchanged; so does this one (with or without arguments)."""
    if cls is None:
        return lambda c: c
    return cls


def sync_devices() -> None:
    """Mirrors ``tf.test.experimental.sync_devices``: waits for the queued device work (CUDA streams under torch;
    nothing to wait for on CPU)."""
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.synchronize()


def _node_signature(node) -> str:
    attrs = ", ".join(f"{k}={node.attr[k]}".replace("\n", " ").strip() for k in sorted(node.attr))
    return f"{{{{node {node.name}}}}} = {node.op}[{attrs}]({', '.join(node.input)})"


def assert_equal_graph_def(expected, actual) -> None:
    """Mirrors ``tf.test.assert_equal_graph_def``: the two ``GraphDef``s hold the same nodes (by name; op, inputs,
    device and attributes equal), whatever their order. Raises ``TypeError`` for a non-GraphDef argument and
    ``AssertionError`` naming the first difference. The messages name nodes as TF's do; the attribute text is
    tfcompat's."""
    for arg_name, value in (("expected", expected), ("actual", actual)):
        if type(value).__name__ != "GraphDef":
            raise TypeError(f"Expected tf.GraphDef for {arg_name}, got {type(value).__name__}")
    actual_nodes = {n.name: n for n in actual.node}
    expected_names = set()
    for node in expected.node:
        expected_names.add(node.name)
        other = actual_nodes.get(node.name)
        if other is None:
            raise AssertionError(f"Did not find expected node '{_node_signature(node)}'")
        if other.op != node.op:
            raise AssertionError(f"Node named '{node.name}' has op {other.op} that does not match expected op "
                                 f"{node.op}")
        if list(other.input) != list(node.input):
            raise AssertionError(f"Node named '{node.name}' has inputs {list(other.input)} that do not match "
                                 f"expected inputs {list(node.input)}")
        if other.device != node.device:
            raise AssertionError(f"Node named '{node.name}' has device '{other.device}' that does not match "
                                 f"expected device '{node.device}'")
        for key in sorted(set(node.attr) | set(other.attr)):
            if key not in other.attr:
                raise AssertionError(f"Node named '{node.name}' missing expected attr with name '{key}'")
            if key not in node.attr:
                raise AssertionError(f"Node named '{node.name}' has unexpected attr with name '{key}'")
            if node.attr[key] != other.attr[key]:
                raise AssertionError(f"Node named '{node.name}' has attr '{key}' with value "
                                     f"{str(other.attr[key]).strip()} that does not match expected value "
                                     f"{str(node.attr[key]).strip()}")
    for node in actual.node:
        if node.name not in expected_names:
            raise AssertionError(f"Found unexpected node '{_node_signature(node)}'")
