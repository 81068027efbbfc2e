"""Execution context: eager vs graph mode, the default-graph stack, device scopes, tape hooks.

Only ``dispatch`` asks which mode is active; ops never do."""
from __future__ import annotations

import contextlib
import threading

import torch

from tfcompat._src.framework import device as device_lib
from tfcompat._src.framework import tensor_shape

__all__ = ["executing_eagerly", "enable_eager_execution", "disable_eager_execution"]


class _Context(threading.local):
    def __init__(self):
        self.graph_stack = []          # graphs made default with Graph.as_default()
        self.device_stack = []         # torch.device or None entries from tf.device(...)
        self.recording_tapes = []      # tapes recording right now (autodiff installs them)
        self.paused = 0                # >0 inside a stop_recording()
        self.default_session_stack = []
        self.eager_scope_name = ""     # tf.name_scope when executing eagerly ('' or ending in '/')


_ctx = _Context()
# "graph_factory": ``Graph``, installed by framework/graph.py (this module sits below it).
_global = {"eager": True, "default_graph": None, "v2_behavior": True, "graph_factory": None}


def context():
    return _ctx


def executing_eagerly() -> bool:
    """Mirrors ``tf.executing_eagerly``."""
    return _global["eager"] and not _ctx.graph_stack


def eager_mode_enabled() -> bool:
    return _global["eager"]


def enable_eager_execution(config=None, device_policy=None, execution_mode=None) -> None:
    """Mirrors ``tf.compat.v1.enable_eager_execution``."""
    _global["eager"] = True


def disable_eager_execution() -> None:
    """Mirrors ``tf.compat.v1.disable_eager_execution``: ops build graphs on the default graph."""
    _global["eager"] = False


def set_v2_behavior(enabled: bool) -> None:
    """TF2 behaviour on/off: eager execution and TF2 TensorShapes (TF1: shape entries are Dimensions)."""
    _global["v2_behavior"] = enabled
    _global["eager"] = enabled
    _global["tensor_equality"] = enabled   # as TF's enable/disable_v2_behavior (enable_tensor_equality)
    if enabled:
        tensor_shape.enable_v2_tensorshape()
    else:
        tensor_shape.disable_v2_tensorshape()


def v2_behavior() -> bool:
    return _global["v2_behavior"]


def set_tensor_equality(enabled: bool) -> None:
    """TF's ``enable_tensor_equality``/``disable_tensor_equality``: whether ``Tensor.__eq__`` is elementwise."""
    _global["tensor_equality"] = bool(enabled)


def tensor_equality() -> bool:
    return _global.get("tensor_equality", _global["v2_behavior"])


def install_graph_factory(factory) -> None:
    """Called by framework/graph.py with ``Graph``: the class of the global default graph."""
    _global["graph_factory"] = factory


def get_default_graph():
    """The innermost ``Graph.as_default()`` graph, else the global default graph."""
    if _ctx.graph_stack:
        return _ctx.graph_stack[-1]
    g = _global["default_graph"]
    if g is None:
        g = _global["default_graph"] = _global["graph_factory"]()
    return g


def graph_mode_graph():
    """The graph new ops go into, or None when executing eagerly."""
    if _ctx.graph_stack:
        return _ctx.graph_stack[-1]
    if not _global["eager"]:
        return get_default_graph()
    return None


def reset_default_graph() -> None:
    if _ctx.graph_stack:
        raise AssertionError("Do not use tf.reset_default_graph() to clear nested graphs. If you need a "
                             "cleared graph, exit the nesting and create a new graph.")
    _global["default_graph"] = None


@contextlib.contextmanager
def push_graph(graph):
    _ctx.graph_stack.append(graph)
    try:
        yield graph
    finally:
        _ctx.graph_stack.pop()


def current_device() -> torch.device:
    for d in reversed(_ctx.device_stack):
        if d is not None:
            return d
    return device_lib.default_device()


def current_device_spec():
    return _ctx.device_stack[-1] if _ctx.device_stack else None


@contextlib.contextmanager
def device_scope(spec):
    """Implements ``tf.device``: a torch device for eager ops, recorded on graph ops."""
    if callable(spec):  # TF1 device functions; placement only, ignore
        spec = None
    _ctx.device_stack.append(device_lib.parse_device(spec))
    try:
        yield
    finally:
        _ctx.device_stack.pop()


@contextlib.contextmanager
def init_scope():
    """Mirrors ``tf.init_scope``: leaves any graph being built and executes eagerly."""
    saved_stack = _ctx.graph_stack
    saved_eager = _global["eager"]
    saved_tapes = _ctx.recording_tapes
    saved_scope = _ctx.eager_scope_name
    if saved_stack:
        # As TF: the name scope of the graph being left becomes the eager one (variables created here take it).
        scope = saved_stack[-1].get_name_scope()
        _ctx.eager_scope_name = scope + "/" if scope else ""
    _ctx.graph_stack = []
    _global["eager"] = True
    _ctx.recording_tapes = []
    try:
        yield
    finally:
        _ctx.graph_stack = saved_stack
        _global["eager"] = saved_eager
        _ctx.recording_tapes = saved_tapes
        _ctx.eager_scope_name = saved_scope
