"""``tf.experimental.async_scope``, ``async_clear_error`` and ``function_executor_type``: TF's asynchronous eager
execution and function executor selection. tfcompat runs every op synchronously with one executor, which is
what TF's scopes end in (async_scope adds a synchronization barrier at exit), so the three keep TF's signatures
and change nothing: values, errors and their order are those of synchronous execution."""
from __future__ import annotations

import contextlib

__all__ = ["async_scope", "async_clear_error", "function_executor_type"]


@contextlib.contextmanager
def async_scope():
    """Mirrors ``tf.experimental.async_scope``: ops inside run synchronously (TF: asynchronously, synchronized
    at exit), so an op's error is raised by the op itself rather than at the end of the scope."""
    yield


def async_clear_error() -> None:
    """Mirrors ``tf.experimental.async_clear_error``: there are no pending asynchronous errors to clear."""


@contextlib.contextmanager
def function_executor_type(executor_type):
    """Mirrors ``tf.experimental.function_executor_type``: tf.functions called inside run as everywhere else (TF
    picks the named function executor, e.g. 'SINGLE_THREADED_EXECUTOR', which does not change results)."""
    del executor_type
    yield
