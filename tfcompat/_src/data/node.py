"""The pipeline graph behind ``tf.data.Dataset``: one ``Node`` per source or transformation.

A node knows its element spec, its cardinality rule and how to iterate. Iteration happens against an ``Env``:
the values of the tensors the pipeline *captured* (source tensors, batch sizes, ...). Executing eagerly those
are eager tensors and the env is empty; in a TF1 graph or a ``tf.function`` they are symbolic tensors whose
values a graph op (``MakeIterator``, ``ReduceDataset``, ...) receives as its inputs and puts into the env.

An element inside a pipeline is a flat tuple of component values (``torch.Tensor``, or a numpy object array
of ``bytes`` for strings); the public iterator wraps them into eager tensors at the very end.

Nodes whose element ``i`` is row ``i`` of fixed columns (``from_tensor_slices`` and what only reorders or
selects rows: shuffle, take, skip, shard, repeat) also offer an ``IndexPlan``; ``batch`` then gathers whole
batches with one indexing op per column instead of slicing and stacking element by element."""
from __future__ import annotations

import itertools
from typing import Iterable, Iterator

import numpy as np
import torch

from tfcompat._src.framework import errors
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.data import structure

__all__ = ["INFINITE", "UNKNOWN", "Env", "Node", "IndexPlan", "symbolic_captures", "check_pipeline", "gather_rows",
           "hooks"]

INFINITE = -1   # tf.data.INFINITE_CARDINALITY
UNKNOWN = -2    # tf.data.UNKNOWN_CARDINALITY

# The one upward hook of the pipeline layer, installed by dataset_ops: ``wrap(node) -> tf.data.Dataset``, for
# dataset-valued elements (windows) and the dataset arguments of traced functions.
hooks = {"wrap": None}


class Env:
    """The values of a pipeline's symbolic captures for one iterator, plus per-iterator node state."""

    __slots__ = ("_values", "_state", "persistent", "options")

    def __init__(self, values: dict | None = None, persistent: bool = True, options=None):
        self._values = values or {}
        self._state = {}
        self.options = options  # the iterated dataset's tf.data.Options (merged over the pipeline), or None
        # Executing eagerly, node state that TF keeps in a dataset's resources (the shuffle seed generator)
        # lives on the node; in a TF1 graph each initializer run builds the dataset anew, so it lives here.
        self.persistent = persistent

    def value(self, t):
        """The value of a captured tensor (a torch tensor / bytes array), or a python value unchanged."""
        tt = type(t)
        if tt is EagerTensor:
            return t._t
        if tt is SymbolicTensor:
            try:
                return self._values[id(t)]
            except KeyError:
                raise errors.InternalError(None, None, f"tf.data: no value for captured tensor {t.name}") \
                    from None
        if tt is StringTensor:
            return t._t
        return t

    def bound(self, arg_node):
        """The dataset (a node) bound to a traced function's dataset argument."""
        return self._values[id(arg_node)]

    def scalar(self, t):
        """A captured scalar as a python value (int/float/bool/bytes)."""
        v = self.value(t)
        if isinstance(v, torch.Tensor):
            return v.item()
        if isinstance(v, np.ndarray) and v.ndim == 0:
            return v[()]
        return v

    def with_values(self, values: dict) -> "Env":
        """This env plus more captured values (a function's inner dataset)."""
        merged = dict(self._values)
        merged.update(values)
        env = Env(merged, self.persistent, self.options)
        env._state = self._state
        return env

    def node_state(self, node, factory):
        """State of ``node`` shared by its iterators (see ``persistent``)."""
        store = node.__dict__.setdefault("_persistent_state", {}) if self.persistent else self._state
        key = id(node)
        if key not in store:
            store[key] = factory()
        return store[key]


class IndexPlan:
    """Elements as rows of fixed columns: element ``i`` is ``tuple(col[i] for col in columns)``.

    ``key`` identifies the columns' contents: two plans with equal keys index the same rows (a repeated
    ``range`` builds equal columns anew each epoch)."""

    __slots__ = ("columns", "indices", "key")

    def __init__(self, columns: list, indices: Iterable[int], key=None):
        self.columns = columns
        self.indices = indices
        self.key = key if key is not None else tuple(id(c) for c in columns)

    def with_indices(self, indices: Iterable[int]) -> "IndexPlan":
        return IndexPlan(self.columns, indices, self.key)

    def rows(self) -> Iterator[tuple]:
        cols = self.columns
        if len(cols) == 1:
            c = cols[0]
            for i in self.indices:
                yield (c[i],)
        elif len(cols) == 2:
            c0, c1 = cols
            for i in self.indices:
                yield (c0[i], c1[i])
        else:
            for i in self.indices:
                yield tuple(c[i] for c in cols)


def gather_rows(col, idx: list):
    """Rows ``idx`` of a column, stacked (one indexing op).

    CPU tensors are gathered by numpy: torch's gather kernels start OpenMP parallel regions, which cost
    milliseconds per call on a busy machine for a few hundred rows; numpy's single-threaded copy does not."""
    if isinstance(col, torch.Tensor):
        if col.device.type == "cpu" and col.dtype is not torch.bfloat16 and not col.requires_grad:
            return torch.from_numpy(col.numpy()[np.asarray(idx, dtype=np.int64)])
        return col.index_select(0, torch.tensor(idx, dtype=torch.int64, device=col.device))
    return col[np.asarray(idx, dtype=np.int64)]


class Node:
    """One dataset in the pipeline graph (see the module docstring)."""

    tf_name = "DatasetV2"   # TF's class name, shown by repr()

    def __init__(self, inputs=(), element_spec=None, captures=()):
        self.inputs = tuple(inputs)
        self.element_spec = element_spec if element_spec is not None else self.inputs[0].element_spec
        self.flat_specs = structure.flatten(self.element_spec)
        self.captures = tuple(captures)
        self.options = None    # tf.data.Options set by with_options on this node

    def cardinality(self, env: Env) -> int:
        return UNKNOWN

    def iterate(self, env: Env) -> Iterator[tuple]:
        plan = self.index_plan(env)
        if plan is None:
            raise NotImplementedError(f"{type(self).__name__}.iterate")
        return plan.rows()

    def index_plan(self, env: Env) -> IndexPlan | None:
        return None

    def functions(self) -> tuple:
        """The traced functions of this node (their inner datasets may capture more tensors)."""
        return ()

    def check(self, env: Env) -> None:
        """The checks TF's dataset op makes when the dataset is made (an initializer run), before any element:
        none by default."""


def check_pipeline(node: Node, env: Env) -> None:
    """Every ``check`` of the pipeline ending at ``node``, sources first (what TF1's initializer runs)."""
    checked = node.__dict__.get("_checked_nodes")
    if checked is None:
        checked, stack, seen = [], [node], set()
        while stack:
            n = stack.pop()
            if id(n) in seen:
                continue
            seen.add(id(n))
            if type(n).check is not Node.check:
                checked.append(n)
            stack.extend(n.inputs)
        checked.reverse()
        node.__dict__["_checked_nodes"] = checked
    for n in checked:
        n.check(env)


def pipeline_options(node: Node):
    """The options set anywhere upstream of ``node`` (``with_options``), merged from the sources down: what
    ``Dataset.options()`` returns and what the pipeline's iterators honour."""
    from tfcompat._src.data.options import Options
    out = Options()
    stack, seen, chain = [node], set(), []
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        chain.append(n)
        stack.extend(n.inputs)
    for n in reversed(chain):
        if n.options is not None:
            out = out.merge(n.options)
    return out


def symbolic_captures(node: Node) -> list:
    """The symbolic tensors the whole pipeline captured, each once, in a stable order."""
    out, seen, stack, visited = [], set(), [node], set()
    while stack:
        n = stack.pop()
        if id(n) in visited:
            continue
        visited.add(id(n))
        for t in list(n.captures) + [c for fn in n.functions() for c in fn.captured]:
            if isinstance(t, SymbolicTensor) and id(t) not in seen:
                seen.add(id(t))
                out.append(t)
        stack.extend(reversed(n.inputs))
    return out


def chain_epochs(make_iter, count: int) -> Iterator:
    """``make_iter()`` exhausted ``count`` times (forever when ``count`` is -1)."""
    epochs = itertools.count() if count < 0 else range(count)
    for _ in epochs:
        empty = True
        for el in make_iter():
            empty = False
            yield el
        if empty and count < 0:
            return  # TF: an empty input repeated forever is empty
