"""Questions about where code is running (mirrors ``tf.inside_function`` and ``tf.get_current_name_scope``)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import name_scope as name_scope_lib

__all__ = ["inside_function", "get_current_name_scope"]


def inside_function() -> bool:
    """Mirrors ``tf.inside_function``: True while a ``tf.function`` is being traced (building a function
    graph); False when executing eagerly or building a plain ``tf.Graph``."""
    return bool(getattr(ctx_lib.get_default_graph(), "building_function", False))


def get_current_name_scope() -> str:
    """Mirrors ``tf.get_current_name_scope``: the current name scope without a trailing '/'. In a graph this
    is the graph's scope; eagerly it is the ``tf.name_scope`` stack (see ``framework/name_scope.py``)."""
    graph = ctx_lib.graph_mode_graph()
    if graph is not None:
        return graph.get_name_scope()
    return name_scope_lib.eager_scope_name().rstrip("/")
