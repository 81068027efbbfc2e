"""``python -m tfcompat export SCRIPT.py``: run an unmodified TF script on tfcompat, then export part of it.

TF1 scripts: ``--fetch`` / ``--feed`` name tensors of the default graph (``loss`` or ``loss:0``), ``--train-op`` the
operation ``minimize`` returned; a name that is not in the graph may be a global variable of the script. The
variable values come from a session the script left open in a global variable (``sess = tf.Session()`` without
``close``); otherwise from a fresh session that restores ``--checkpoint`` (a ``tf.train.Saver`` checkpoint the
script wrote) or runs the variables' initializers (the script's initial values: deterministic when the script
seeds or fixes them).

TF2 scripts: ``--function`` names a global ``tf.function``; it is traced with its input signature, or its last
trace is used. The variables' current (trained) values are exported."""
from __future__ import annotations

import os
import runpy
import sys

__all__ = ["export_script"]


def _run_script(script: str, script_args, api: str | None) -> dict:
    from tfcompat._src.runtime.install import detect_script_api, install
    install(api or detect_script_api(script))
    saved_argv = sys.argv
    sys.argv = [script] + list(script_args)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    try:
        return runpy.run_path(script, run_name="__main__")
    finally:
        sys.argv = saved_argv


def _graph_element(graph, namespace: dict, name: str, operation: bool = False):
    """The tensor (or operation) ``name`` of ``graph``; else the script's global variable of that name holding one."""
    try:
        if operation:
            return graph.get_operation_by_name(name)
        return graph.get_tensor_by_name(name if ":" in name else f"{name}:0")
    except (KeyError, ValueError):
        value = namespace.get(name)
        if value is not None and getattr(value, "graph", None) is graph:
            return value
        kind = "an operation" if operation else "a tensor"
        raise KeyError(f"{name!r} is neither {kind} of the script's default graph nor a global variable of the "
                       f"script holding one.") from None


def _open_session(namespace: dict, graph):
    from tfcompat._src.runtime.session import Session
    for value in namespace.values():
        if isinstance(value, Session) and not value._closed and value.graph is graph:
            return value
    return None


def _function(namespace: dict, name: str):
    fn = namespace.get(name)
    if fn is None or not hasattr(fn, "get_concrete_function"):
        raise ValueError(f"export: the script has no global tf.function named {name!r}.")
    if fn.input_signature is not None:
        return fn.get_concrete_function()
    traces = fn._traces
    if not traces:
        raise ValueError(f"export: tf.function {name!r} has no input_signature and the script never called it; "
                         f"give it an input_signature or call it once.")
    return traces[-1][2]


def export_script(script: str, output: str, *, fetches=(), feeds=(), train_op=None, function=None,
                  checkpoint=None, script_args=(), api=None):
    """Runs ``script`` on tfcompat and exports (see the module docstring); returns the ``ExportResult``."""
    from tfcompat._src.framework import context as ctx_lib
    from tfcompat._src.tools.export.api import to_torch
    namespace = _run_script(script, script_args, api)
    if function is not None:
        return to_torch(_function(namespace, function), output=output)
    if not fetches:
        raise ValueError("export: give --fetch NAME (TF1 graph tensors) or --function NAME (a tf.function).")
    graph = ctx_lib.get_default_graph()
    fetch_tensors = [_graph_element(graph, namespace, n) for n in fetches]
    feed_tensors = [_graph_element(graph, namespace, n) for n in feeds]
    train = _graph_element(graph, namespace, train_op, operation=True) if train_op else None
    session = _open_session(namespace, graph)
    if session is not None:
        return to_torch(fetch_tensors, feed_tensors, session=session, train_op=train, output=output)
    from tfcompat._src.runtime.session import Session
    from tfcompat._src.ops.state_ops import global_variables_initializer
    from tfcompat._src.runtime.training.saver import Saver
    with Session(graph=graph) as sess:
        with graph.as_default():
            if checkpoint is not None:
                Saver().restore(sess, checkpoint)
            else:
                sess.run(global_variables_initializer())
        return to_torch(fetch_tensors, feed_tensors, session=sess, train_op=train, output=output)
