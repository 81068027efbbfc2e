"""The default session, as seen from the framework layer (``Tensor.eval`` / ``Operation.run``)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib


def default_session():
    stack = ctx_lib.context().default_session_stack
    return stack[-1] if stack else None


def run_in_default_session(fetch, feed_dict=None, session=None):
    session = session or default_session()
    if session is None:
        raise ValueError("Cannot evaluate tensor using `eval()`: No default session is registered. Use "
                         "`with sess.as_default()` or pass an explicit session to `eval(session=sess)`"
                         if not hasattr(fetch, "type") else
                         "Cannot execute operation using `run()`: No default session is registered. Use "
                         "`with sess.as_default():` or pass an explicit session to `run(session=sess)`")
    return session.run(fetch, feed_dict=feed_dict)
