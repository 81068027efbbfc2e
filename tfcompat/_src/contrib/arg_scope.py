"""``tf.contrib.framework.arg_scope`` of TF 1.15 (``contrib/framework/python/ops/arg_scope.py``).

One process-wide stack of ``{function key: default kwargs}`` dicts, as TF's ``_ARGSTACK``: ``arg_scope`` pushes a
copy of the top merged with the new defaults, ``add_arg_scope`` wraps a function so that the defaults recorded
for it in the top dict fill the keyword arguments the caller did not pass (explicit keywords win)."""
from __future__ import annotations

import contextlib
import functools
from typing import Callable, Iterator

__all__ = ["add_arg_scope", "arg_scope", "arg_scope_func_key", "arg_scoped_arguments", "current_arg_scope",
           "has_arg_scope"]

_ARG_STACK: list[dict] = [{}]
_DECORATED_OPS: dict = {}


def current_arg_scope() -> dict:
    """Mirrors ``tf.contrib.framework.current_arg_scope``: the innermost scope dict (shared, not a copy)."""
    if not _ARG_STACK:
        _ARG_STACK.append({})
    return _ARG_STACK[-1]


def arg_scope_func_key(op) -> str:
    """Mirrors ``arg_scope_func_key``: the key under which ``op``'s defaults are stored (TF: ``str(op)`` of the
    undecorated function, kept on the decorated one as ``_key_op``)."""
    return getattr(op, "_key_op", str(op))


def _kwarg_names(func) -> tuple:
    n_defaults = len(func.__defaults__) if func.__defaults__ else 0
    return func.__code__.co_varnames[func.__code__.co_argcount - n_defaults:func.__code__.co_argcount]


def has_arg_scope(func) -> bool:
    """Mirrors ``tf.contrib.framework.has_arg_scope``: whether ``func`` was decorated with ``add_arg_scope``."""
    return arg_scope_func_key(func) in _DECORATED_OPS


def arg_scoped_arguments(func) -> tuple:
    """Mirrors ``arg_scoped_arguments``: the names of ``func``'s keyword arguments (those with defaults)."""
    assert has_arg_scope(func)
    return _DECORATED_OPS[arg_scope_func_key(func)]


@contextlib.contextmanager
def arg_scope(list_ops_or_scope, **kwargs) -> Iterator[dict]:
    """Mirrors ``tf.contrib.framework.arg_scope`` (``slim.arg_scope``): sets default ``kwargs`` for each decorated
    function in ``list_ops_or_scope``, or re-enters a scope dict yielded by an earlier ``arg_scope``.

    Raises:
      ValueError: a dict together with kwargs; a function not decorated with ``add_arg_scope``.
      TypeError: ``list_ops_or_scope`` neither a list/tuple nor a dict."""
    if isinstance(list_ops_or_scope, dict):
        if kwargs:
            raise ValueError("When attempting to re-use a scope by suppling a dictionary, kwargs must be empty.")
        current_scope = list_ops_or_scope.copy()
    else:
        if not isinstance(list_ops_or_scope, (list, tuple)):
            raise TypeError("list_ops_or_scope must either be a list/tuple or reused scope (i.e. dict)")
        current_scope = current_arg_scope().copy()
        for op in list_ops_or_scope:
            if not has_arg_scope(op):
                # TF passes a format string and a tuple to ValueError (no %-formatting): the message is that pair.
                raise ValueError("%s is not decorated with @add_arg_scope", (op.__module__, op.__name__))
            key = arg_scope_func_key(op)
            merged = current_scope[key].copy() if key in current_scope else {}
            merged.update(kwargs)
            current_scope[key] = merged
    _ARG_STACK.append(current_scope)
    try:
        yield current_scope
    finally:
        _ARG_STACK.pop()


def add_arg_scope(func: Callable) -> Callable:
    """Mirrors ``tf.contrib.framework.add_arg_scope``: ``func`` taking its defaults from the enclosing
    ``arg_scope``s (keywords given at the call win)."""
    key = arg_scope_func_key(func)

    @functools.wraps(func)
    def func_with_args(*args, **kwargs):
        scope = current_arg_scope()
        if key in scope:
            merged = scope[key].copy()
            merged.update(kwargs)
            kwargs = merged
        return func(*args, **kwargs)

    _DECORATED_OPS[key] = _kwarg_names(func)
    func_with_args._key_op = key
    return func_with_args
