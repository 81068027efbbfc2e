"""TF's fallback API dispatch (``tensorflow/python/util/dispatch.py``: ``dispatch_for_types`` and the
``add_dispatch_support`` wrapper): the documented hook through which a higher module serves a public function
called with an object the function does not know, e.g. ``tf.linalg.det(linear_operator)``.

As in TF, dispatch is a fallback: the function runs first, and only when it raises ``TypeError`` or ``ValueError``
(an argument it cannot convert to a tensor) are the handlers registered for it asked, in registration order; the
first whose types match an argument (or an element of a list/tuple argument) is called with the same arguments,
and the original error is re-raised when none matches. So the common path costs nothing."""
from __future__ import annotations

import functools
from typing import Any, Callable

__all__ = ["NOT_SUPPORTED", "add_dispatch_support", "dispatch", "dispatch_for_types"]

NOT_SUPPORTED = object()

# api key (the undecorated function, or a wrapper's ``__wrapped__``) -> [(types, handler)], in registration order.
_HANDLERS: dict[Any, list[tuple[tuple[type, ...], Callable]]] = {}


def _key(api: Callable):
    return getattr(api, "__wrapped__", api)


def dispatch_for_types(api: Callable, *types: type):
    """Mirrors TF's ``dispatch.dispatch_for_types``: a decorator registering the decorated function as what
    ``api`` does when one of its arguments is an instance of ``types``."""
    def decorator(handler: Callable) -> Callable:
        _HANDLERS.setdefault(_key(api), []).append((tuple(types), handler))
        return handler
    return decorator


def _matches(values, types) -> bool:
    for v in values:
        if isinstance(v, types):
            return True
        if isinstance(v, (list, tuple)) and any(isinstance(item, types) for item in v):
            return True
    return False


def dispatch(api: Callable, args: tuple, kwargs: dict):
    """The result of the first handler of ``api`` whose types match an argument, or ``NOT_SUPPORTED``."""
    for types, handler in _HANDLERS.get(_key(api), ()):
        if _matches(args, types) or _matches(kwargs.values(), types):
            return handler(*args, **kwargs)
    return NOT_SUPPORTED


def add_dispatch_support(fn: Callable) -> Callable:
    """Mirrors TF's ``dispatch.add_dispatch_support``: ``fn`` runs; on ``TypeError``/``ValueError`` a handler
    registered for one of its argument types answers instead, else the error propagates unchanged."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (TypeError, ValueError):
            result = dispatch(fn, args, kwargs)
            if result is NOT_SUPPORTED:
                raise
            return result
    return wrapper
