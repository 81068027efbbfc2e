"""``tf.name_scope`` (TF2 and TF1 signatures) and ``tf.device``."""
from __future__ import annotations

import contextlib

from tfcompat._src.framework import context as ctx_lib


class name_scope:  # noqa: N801 - TF's name
    """Mirrors ``tf.name_scope`` (TF2: ``name_scope(name)``; TF1: ``name_scope(name, default_name, values)``).

    In eager mode it only tracks the scope string, as TF does."""

    def __init__(self, name, default_name=None, values=None, skip_on_eager=True):
        self._name = name if name is not None else default_name
        self._default = default_name
        self._cm = None
        self._outer_eager_scope = None

    def __enter__(self):
        graph = ctx_lib.graph_mode_graph()
        if graph is None:
            # As TF's eager name scopes: no uniquifying; prefixes eager variable names (ops/variables.py) and
            # answers tf.get_current_name_scope (framework/scope_queries.py).
            self._outer_eager_scope = eager_scope_name()
            scope = eager_scope_after(self._outer_eager_scope, self._name)
            ctx_lib.context().eager_scope_name = scope
            return scope
        name = self._name
        if name and not name.endswith("/") and self._default is not None and name == self._default:
            pass
        self._cm = graph.name_scope(name)
        return self._cm.__enter__()

    def __exit__(self, *exc):
        if self._outer_eager_scope is not None:
            ctx_lib.context().eager_scope_name = self._outer_eager_scope
            self._outer_eager_scope = None
        if self._cm is not None:
            return self._cm.__exit__(*exc)
        return False


def eager_scope_name() -> str:
    """The current eager name scope, '' or ending in '/' (TF's ``context.scope_name``)."""
    return ctx_lib.context().eager_scope_name


def eager_scope_after(outer: str, name) -> str:
    """The eager scope ``name_scope(name)`` enters from ``outer`` (TF's rule: an empty name leaves every scope,
    a trailing '/' names the scope verbatim, anything else nests without uniquifying)."""
    if not name:
        return ""
    if name.endswith("/"):
        return name
    return f"{outer}{name}/"


def device(device_name):
    """Mirrors ``tf.device``: places eager ops (and records graph placement) on a torch device."""
    return ctx_lib.device_scope(device_name)


@contextlib.contextmanager
def control_dependencies(control_inputs):
    """Mirrors ``tf.control_dependencies`` (a no-op when executing eagerly)."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        yield
        return
    with graph.control_dependencies(control_inputs):
        yield
