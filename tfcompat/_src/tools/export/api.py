"""``tfcompat.export.to_torch``: a traced graph written out as a standalone PyTorch module (see the package doc)."""
from __future__ import annotations

import dataclasses
import os

import torch

from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.tools.export import (  # noqa: F401 - they register the emitters
    emitters_array, emitters_control_flow, emitters_math, emitters_nn,
)
from tfcompat._src.tools.export.lowering import Lowerer
from tfcompat._src.tools.export.optimizers import export_optimizer
from tfcompat._src.tools.export.writer import module_source

__all__ = ["ExportResult", "to_torch"]


@dataclasses.dataclass
class ExportResult:
    """What ``to_torch`` wrote: the module, its state dict, the optimizer state (or None) and the source."""
    module_path: str
    state_dict_path: str
    optimizer_state_path: str | None
    source: str


def _as_list(x) -> list:
    return list(x) if isinstance(x, (list, tuple)) else [x]


def _symbolic(t, what: str):
    graph_element = getattr(t, "_as_graph_element", None)
    if graph_element is not None and not isinstance(t, SymbolicTensor):
        t = graph_element()
    if not isinstance(t, SymbolicTensor):
        raise TypeError(f"to_torch: each of {what} must be a graph tensor (TF1: a placeholder or a tensor of the "
                        f"default graph), got {type(t).__name__}.")
    return t


def _concrete_function(fn, args):
    if hasattr(fn, "get_concrete_function"):
        return fn.get_concrete_function(*args)
    return fn  # a ConcreteFunction already


def to_torch(fetches, feeds=None, *, output, session=None, train_op=None, args=(),
             class_name: str = "Model") -> ExportResult:
    """Writes the graph from ``feeds`` to ``fetches`` as a plain PyTorch module that does not import tfcompat.

    Not a TF API (TF has no export to PyTorch); issue 17's "export to plain torch".

    Args:
      fetches: TF1: a tensor or list of tensors of a graph (what ``Session.run`` would fetch). TF2: a
        ``tf.function`` (traced with ``args``: tensors, or ``tf.TensorSpec``s; none when it has an input
        signature) or a ``ConcreteFunction``; its inputs become ``forward``'s arguments, its outputs the results.
      feeds: TF1: the placeholders (in order) that become ``forward``'s arguments. Not used for functions.
      output: the ``.py`` file to write; the variable values go to ``<stem>.pt`` beside it (a state dict), and
        with ``train_op`` the optimizer slots to ``<stem>_optimizer.pt``.
      session: TF1: the session holding the variable values (default: the default session).
      train_op: TF1: what ``Optimizer.minimize`` returned; the module gets ``make_optimizer(model)`` with the
        same update rule (``torch.optim.SGD`` for gradient descent and momentum, TF-exact Adam/RMSProp classes).
      args: example arguments (or ``tf.TensorSpec``s) to trace a ``tf.function`` with.
      class_name: the name of the generated ``torch.nn.Module`` class.

    Returns:
      An ``ExportResult``.

    Raises:
      NotImplementedError (``UnsupportedOpError``): ops without a torch lowering, all listed with type and name.
      ValueError: no session to read TF1 variable values from, or a train_op whose variables are not used."""
    is_function = hasattr(fetches, "get_concrete_function") or hasattr(fetches, "structured_outputs")
    if is_function:
        cf = _concrete_function(fetches, tuple(args))
        fetch_list, feed_list = list(cf.outputs), list(cf.inputs)
        arg_names = [t.op.name for t in feed_list]
        origin = f"tf.function {getattr(fetches, '__name__', None) or cf.name!r}"

        def read_variable(var):
            return var._current_value().detach().clone()
    else:
        fetch_list = [_symbolic(t, "fetches") for t in _as_list(fetches)]
        feed_list = [_symbolic(t, "feeds") for t in _as_list(feeds or [])]
        arg_names = None
        origin = "a TF1 graph"
        if session is None:
            from tfcompat._src.framework import session_hooks
            session = session_hooks.default_session()
        if session is None:
            raise ValueError("to_torch: the variable values of a TF1 graph live in a session; pass session=sess "
                             "(after running the initializers or training), or call it inside `with sess:`.")

        def read_variable(var):
            return torch.as_tensor(session.run(var)).clone()
    low = Lowerer(fetch_list, feed_list, arg_names).lower()
    optimizer = export_optimizer(train_op, low.variable_attrs, read_variable) if train_op is not None else None

    output = os.fspath(output)
    stem = os.path.splitext(os.path.basename(output))[0]
    state_file = f"{stem}.pt"
    optimizer_file = f"{stem}_optimizer.pt" if optimizer is not None and optimizer.state else None
    fetch_names = [t.name for t in fetch_list]
    source = module_source(low, origin=origin, fetch_names=fetch_names, state_file=state_file,
                           optimizer=optimizer, optimizer_state_file=optimizer_file, class_name=class_name)
    directory = os.path.dirname(os.path.abspath(output))
    os.makedirs(directory, exist_ok=True)
    state = {attr: read_variable(var) for attr, (var, _) in low.params.items()}
    state.update({attr: value.clone() for attr, value in low.buffers.items()})
    torch.save(state, os.path.join(directory, state_file))
    optimizer_path = None
    if optimizer_file is not None:
        optimizer_path = os.path.join(directory, optimizer_file)
        torch.save(optimizer.state, optimizer_path)
    with open(output, "w", encoding="utf-8") as f:
        f.write(source)
    return ExportResult(output, os.path.join(directory, state_file), optimizer_path, source)
