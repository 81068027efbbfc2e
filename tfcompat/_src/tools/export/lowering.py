"""Lowering a tfcompat graph to the lines of a plain-torch ``forward``: the emitter table and its driver.

``EMITTERS`` maps a TF op type (the registry's raw-op name) to a function ``emit(op, ins, lw) -> str`` that returns
the right-hand side of one torch statement computing the op's outputs from the Python expressions ``ins`` of its
inputs. The driver (``lower``) walks the ops the fetches need, in creation order (a graph's creation order is
topological), names every value after its TF op (sanitised), and assigns ``name = <rhs>`` once per op, so the
generated ``forward`` reads like the graph. An op type without an emitter is never guessed at: ``lower``
collects every such op and raises one ``UnsupportedOpError`` listing them all.

Variables become parameters (trainable) or buffers (not trainable) of the generated module and are used as
``self.<name>``; constants larger than a few elements become buffers saved with the state dict, small ones are
written into the code."""
from __future__ import annotations

import dataclasses
import keyword
import re
from typing import Callable

import numpy as np
import torch

__all__ = ["EMITTERS", "BLOCK_EMITTERS", "emitter", "block_emitter", "Lowerer", "Lowered", "UnsupportedOpError",
           "sanitize", "dtype_src"]

EMITTERS: dict[str, Callable] = {}
# Ops that lower to several lines (control flow): ``emit(op, ins, lw, outs) -> [lines]`` assigning ``outs``.
BLOCK_EMITTERS: dict[str, Callable] = {}

# Constants with at most this many elements are written into the code; larger ones go into the state dict.
INLINE_CONSTANT_LIMIT = 16

# Names the generated module itself uses: a TF op named like one of them gets a trailing underscore.
_RESERVED = {"self", "torch", "F", "math", "forward", "device", "Model", "Optimizer"}


class UnsupportedOpError(NotImplementedError):
    """Some ops of the exported graph have no torch lowering; ``ops`` lists ``(op type, op name)`` pairs."""

    def __init__(self, ops: list):
        self.ops = list(ops)
        listing = "\n".join(f"  {t} (op '{n}')" for t, n in self.ops)
        super().__init__(f"tfcompat.export cannot lower {len(self.ops)} op(s) of this graph to torch code:\n"
                         f"{listing}\nExport a smaller part of the graph (other fetches/feeds), or add an emitter "
                         f"for the op type in tfcompat/_src/tools/export/.")


def emitter(*op_types: str):
    """Registers the decorated function as the emitter of ``op_types`` (each registered once)."""
    def register(fn):
        for t in op_types:
            if t in EMITTERS:
                raise ValueError(f"export emitter for {t!r} registered twice")
            EMITTERS[t] = fn
        return fn
    return register


def block_emitter(*op_types: str):
    """Registers the decorated function as the block emitter of ``op_types`` (see ``BLOCK_EMITTERS``)."""
    def register(fn):
        for t in op_types:
            if t in EMITTERS or t in BLOCK_EMITTERS:
                raise ValueError(f"export emitter for {t!r} registered twice")
            BLOCK_EMITTERS[t] = fn
        return fn
    return register


def sanitize(name: str) -> str:
    """A Python identifier from a TF name: ``rnn/basic_lstm_cell/MatMul_1`` -> ``rnn_basic_lstm_cell_MatMul_1``."""
    s = re.sub(r"\W", "_", name.split(":")[0])
    if not s or s[0].isdigit():
        s = "_" + s
    if keyword.iskeyword(s) or s in _RESERVED:
        s += "_"
    return s


def dtype_src(dtype) -> str:
    """``torch.float32`` for a tfcompat DType."""
    if dtype.torch_dtype is None:
        raise UnsupportedOpError([(f"dtype {dtype.name}", "(a value of this dtype)")])
    return str(dtype.torch_dtype)


@dataclasses.dataclass
class Lowered:
    """What ``Lowerer.lower`` produced: the forward's lines, its arguments and results, and the module state."""
    lines: list
    arg_names: list
    result_exprs: list
    params: dict        # attribute name -> (tfcompat Variable, trainable)
    buffers: dict       # attribute name -> numpy value (constants saved with the state dict)
    helpers: set        # names of helper functions (tools/export/helpers.py) the code calls
    variable_attrs: dict  # id(Variable) -> attribute name


class Lowerer:
    """Lowers the ops between ``feeds`` and ``fetches`` of one graph (see the module docstring)."""

    def __init__(self, fetches: list, feeds: list, arg_names: list | None = None, parent: "Lowerer | None" = None,
                 prefix: str = ""):
        self.fetches = list(fetches)
        self.feeds = list(feeds)
        self.exprs: dict = {}            # id(tensor) -> a Python expression of its value
        self.lines: list = []
        self.prefix = prefix             # prepended to the names of a sub-graph's values ('rnn/while/')
        if parent is None:
            self.used: set = set(_RESERVED)
            self.params: dict = {}
            self.buffers: dict = {}
            self.helpers: set = set()
            self.variable_attrs: dict = {}
        else:  # a sub-graph (loop body, branch): one namespace and one set of parameters with its parent
            self.used, self.params, self.buffers = parent.used, parent.params, parent.buffers
            self.helpers, self.variable_attrs = parent.helpers, parent.variable_attrs
        self._arg_names = arg_names

    # -- naming ---------------------------------------------------------------------------------------------
    def fresh(self, hint: str) -> str:
        """A new unused identifier based on ``hint``."""
        base = sanitize(hint)
        name, i = base, 1
        while name in self.used:
            name = f"{base}_{i}"
            i += 1
        self.used.add(name)
        return name

    def helper(self, name: str) -> str:
        """Marks helper function ``name`` as used by the generated code; returns it."""
        self.helpers.add(name)
        return name

    def variable(self, var) -> str:
        """``self.<attr>`` for a tfcompat Variable (a parameter when trainable, else a buffer)."""
        attr = self.variable_attrs.get(id(var))
        if attr is None:
            attr = self.fresh(var.name)
            self.variable_attrs[id(var)] = attr
            self.params[attr] = (var, bool(var.trainable))
        return f"self.{attr}"

    def constant(self, value, dtype, hint: str) -> str:
        """An expression for a constant: written into the code when small, else a state-dict buffer."""
        arr = np.asarray(value.detach().cpu().numpy() if isinstance(value, torch.Tensor) else value)
        if arr.size <= INLINE_CONSTANT_LIMIT and dtype.torch_dtype is not None and dtype.torch_dtype != torch.bfloat16:
            return f"torch.tensor({_literal(arr)}, dtype={dtype_src(dtype)}, device=device)"
        attr = self.fresh(hint)
        self.buffers[attr] = torch.as_tensor(arr).to(dtype.torch_dtype)
        return f"self.{attr}"

    def expr(self, tensor) -> str:
        return self.exprs[id(tensor)]

    def subgraph(self, graph, input_exprs: list, prefix: str):
        """Lowers a FuncGraph (a loop body, a branch) whose inputs are ``input_exprs``: ``(lines, output exprs)``."""
        sub = Lowerer([t for t in graph.outputs if t is not None], list(graph.inputs), parent=self, prefix=prefix)
        for t, e in zip(graph.inputs, input_exprs):
            sub.exprs[id(t)] = e
        sub.lower(bind_feeds=False)
        return sub.lines, [sub.expr(t) for t in sub.fetches]

    # -- driver ---------------------------------------------------------------------------------------------
    def check_supported(self) -> None:
        """Raises one UnsupportedOpError listing every op (also inside loop bodies and branches) with no
        emitter."""
        missing = _unsupported(self.fetches, {id(t) for t in self.feeds})
        if missing:
            raise UnsupportedOpError(missing)

    def lower(self, bind_feeds: bool = True) -> Lowered:
        feed_ids = {id(t) for t in self.feeds}
        arg_names = []
        if bind_feeds:
            for i, t in enumerate(self.feeds):
                name = self.fresh(self._arg_names[i] if self._arg_names else t.op.name)
                arg_names.append(name)
                self.exprs[id(t)] = name
            self.check_supported()
        order = _needed_ops(self.fetches, feed_ids)
        for op in order:
            if all(id(t) in feed_ids for t in op.outputs) and op.outputs:
                continue
            ins = [self.expr(t) for t in op.inputs]
            if op.type in BLOCK_EMITTERS:
                names = [self.fresh(f"{self.prefix}{op.name}_{i}") for i in range(len(op.outputs))]
                self.lines.extend(BLOCK_EMITTERS[op.type](op, ins, self, names))
                for t, n in zip(op.outputs, names):
                    self.exprs[id(t)] = n
                continue
            rhs = EMITTERS[op.type](op, ins, self)
            if not op.outputs:
                continue
            if len(op.outputs) == 1 and (rhs in ins or re.fullmatch(r"self\.\w+", rhs)):
                # An identity, or a parameter/buffer: the value is used where needed, not copied into a local.
                self.exprs[id(op.outputs[0])] = rhs
                continue
            names = [self.fresh(self.prefix + (op.name if len(op.outputs) == 1 else f"{op.name}_{i}"))
                     for i in range(len(op.outputs))]
            lhs = names[0] if len(names) == 1 else ", ".join(names)
            self.lines.append(f"{lhs} = {rhs}")
            for t, n in zip(op.outputs, names):
                if id(t) not in feed_ids:
                    self.exprs[id(t)] = n
        results = [self.expr(t) for t in self.fetches]
        return Lowered(self.lines, arg_names, results, self.params, self.buffers, self.helpers, self.variable_attrs)


def _unsupported(fetches, feed_ids) -> list:
    """(type, name) of the ops ``fetches`` need that have no emitter, sub-graphs included."""
    missing = []
    for op in _needed_ops(fetches, feed_ids):
        if op.type == "Placeholder":
            missing.append(("Placeholder (not fed: pass it in feeds)", op.name))
        elif op.type in BLOCK_EMITTERS:
            for key in ("cond", "body"):
                graph = op.attrs.get(key)
                if graph is not None:
                    missing += _unsupported([t for t in graph.outputs if t is not None], {id(t) for t in graph.inputs})
            for graph in op.attrs.get("branches", ()):
                missing += _unsupported([t for t in graph.outputs if t is not None], {id(t) for t in graph.inputs})
        elif op.type not in EMITTERS:
            missing.append((op.type, op.name))
    return missing


def _needed_ops(fetches, feed_ids) -> list:
    """The ops ``fetches`` need through data inputs (control inputs are not exported), in creation order."""
    needed = {}
    stack = [t.op for t in fetches]
    while stack:
        op = stack.pop()
        if id(op) in needed:
            continue
        needed[id(op)] = op
        stack.extend(t.op for t in op.inputs if id(t) not in feed_ids)
    return sorted(needed.values(), key=lambda op: op._id)


def _literal(arr: np.ndarray) -> str:
    if arr.dtype == np.bool_:
        return repr(arr.tolist())
    if np.issubdtype(arr.dtype, np.floating):
        def fmt(v):
            if np.isnan(v):
                return "float('nan')"
            if np.isinf(v):
                return "float('inf')" if v > 0 else "-float('inf')"
            return repr(float(v))
        if arr.ndim == 0:
            return fmt(arr.item())
        return _nested(arr, fmt)
    return repr(arr.tolist())


def _nested(arr, fmt) -> str:
    if arr.ndim == 1:
        return "[" + ", ".join(fmt(v) for v in arr.tolist()) + "]"
    return "[" + ", ".join(_nested(a, fmt) for a in arr) + "]"
