"""Shared fixtures: a clean tfcompat context per test, and real TensorFlow as the oracle when installed."""
from __future__ import annotations

import os

import pytest

# First: the reference settings for real TensorFlow (oneDNN off, Keras 2), before anything can import it.
from tests import oracle as oracle_lib  # noqa: E402

os.environ.setdefault("TFCOMPAT_DEVICE", os.environ.get("TFCOMPAT_TEST_DEVICE", "cpu"))

import tfcompat  # noqa: E402
from tfcompat._src.framework import context as ctx_lib  # noqa: E402
from tfcompat._src.runtime import install as install_lib  # noqa: E402


@pytest.fixture(autouse=True)
def clean_context():
    """Every test starts eager, TF2 behaviour, a fresh default graph and no tapes or sessions."""
    ctx_lib.set_v2_behavior(True)
    ctx_lib._global["default_graph"] = None
    c = ctx_lib.context()
    c.graph_stack.clear()
    c.recording_tapes.clear()
    c.default_session_stack.clear()
    from tfcompat._src.ops import random_ops
    random_ops._global_seed["seed"] = None
    yield
    install_lib.uninstall()
    ctx_lib.set_v2_behavior(True)
    c.graph_stack.clear()
    c.recording_tapes.clear()
    c.default_session_stack.clear()


def _import_tf():
    if not oracle_lib.have_tf():
        pytest.skip("real TensorFlow (the oracle) is not installed")
    return oracle_lib.import_tf()


@pytest.fixture
def oracle(request):
    """The oracle harness (tests/oracle.py): TF's results, live or recorded, and comparisons with tfcompat."""
    return oracle_lib.Oracle(request.node.nodeid, str(request.node.fspath))


def pytest_collection_modifyitems(session, config, items):
    """The real-script corpus (subprocess runs of up to ~50 s each) goes first: pytest-xdist hands its first
    quarter of tests to the workers round robin, so they share the long runs and the thousands of short tests
    fill in after them (they came at ~90 % of the order and left one worker running scripts alone at the end)."""
    items.sort(key=lambda item: item.get_closest_marker("real_script") is None)


def pytest_sessionfinish(session, exitstatus):
    oracle_lib.flush_records()


@pytest.fixture(scope="session")
def tf():
    """Real TensorFlow 2.21 (eager, TF2 behaviour); the test is skipped when it is not installed."""
    return _import_tf()


@pytest.fixture
def tf1(tf):
    """Real TensorFlow's compat.v1 API with a fresh graph in graph mode, for TF1 oracle comparisons.

    Yields the ``tf.compat.v1`` module; the test builds inside its own ``tf.Graph`` (TF's global eager mode is
    left on, so other tests are unaffected)."""
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        yield v1


@pytest.fixture
def tfc():
    """tfcompat's TF2 surface (eager)."""
    return tfcompat


@pytest.fixture
def tfc1():
    """tfcompat's ``compat.v1`` surface inside a fresh graph (graph mode)."""
    v1 = tfcompat.compat.v1
    g = v1.Graph()
    with g.as_default():
        yield v1
