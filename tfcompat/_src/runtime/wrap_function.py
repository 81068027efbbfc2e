"""``tf.compat.v1.wrap_function``: a TF1-style function traced once into a graph and called like a
ConcreteFunction (TF's ``WrappedFunction``), with ``prune`` for calling any part of that graph."""
from __future__ import annotations

import inspect

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.graph import GraphKeys, Operation
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.runtime.concrete_function import ConcreteFunction, Param
from tfcompat._src.runtime.executor import compile_plan
from tfcompat._src.runtime.function import function
from tfcompat._src.runtime.function_types import TensorSpec, trace_type_of

__all__ = ["wrap_function", "WrappedFunction"]


class WrappedFunction(ConcreteFunction):
    """Mirrors ``tf.compat.v1.wrap_function``'s ``WrappedFunction``: a call computes only what its outputs
    need (TF traces it without automatic control dependencies, so a stateful op no output depends on — an
    imported variable's initializer — does not run)."""

    def _plan(self, create_graph):
        plan = self._plans.get(create_graph)
        if plan is None:
            targets = [o for o in nest.flatten(self._output_structure) if isinstance(o, Operation)]
            plan = compile_plan(self.graph, self.outputs, targets, self.inputs, create_graph=create_graph)
            self._plans[create_graph] = plan
        return plan

    def prune(self, feeds, fetches, name=None, input_signature=None) -> "WrappedFunction":
        """Mirrors ``WrappedFunction.prune``: a function of this graph taking ``feeds`` (a tensor or a flat list
        of tensors of this graph) and returning ``fetches`` (tensors or operations of this graph, any nesting;
        an operation gives None).

        Raises:
          ValueError: a feed or fetch from another graph."""
        flat_feeds = list(feeds) if isinstance(feeds, (list, tuple)) else [feeds]
        for t in flat_feeds + [f for f in nest.flatten(fetches)]:
            g = getattr(t, "graph", None)
            if g is not self.graph:
                raise ValueError(f"Can only prune function whose feeds and fetches are from this graph "
                                 f"({self.graph}). Input {t} is from a different graph.")
        params = [Param(f"arg_{i}", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                        trace_type_of(TensorSpec(t.shape, t.dtype))) for i, t in enumerate(flat_feeds)]
        return WrappedFunction(self.graph, params, flat_feeds, fetches, None, self._variables, name or "pruned")


def _lift(var) -> None:
    """TF's ``_lift_single_variable``: a graph variable the wrapped function created (an imported one) becomes a
    variable outside it, read by the function's ops. Difference: TF's lifted variable is uninitialized until
    restored or assigned; here it holds zeros."""
    value = torch.zeros(tuple(var.shape.as_list()), dtype=dtypes.to_torch(var.dtype))
    var._graph = None
    var._value = variables_lib._as_leaf(value, var.trainable)


def wrap_function(fn, signature, name=None) -> WrappedFunction:
    """Mirrors ``tf.compat.v1.wrap_function``: ``fn`` traced once for ``signature`` (a list of TensorSpecs, or
    None for no arguments), without AutoGraph, TF1-style (``import_meta_graph`` and graph variables allowed).
    The global and local variables its graph holds are lifted out of it (``.variables``), so an eager
    ``Saver`` or assignments set them.

    Differences: a ``tf.Variable`` created inside ``fn`` raises ValueError (tf.function's rule; TF lifts it
    too); a lifted variable reads zeros until it is restored or assigned (TF: uninitialized)."""
    traced = function(fn, input_signature=signature, autograph=False)
    if name is not None:
        traced.__name__ = name
    concrete = traced.get_concrete_function()
    graph = concrete.graph
    lifted = []
    for key in (GraphKeys.GLOBAL_VARIABLES, GraphKeys.LOCAL_VARIABLES):
        for var in graph.get_collection(key):
            if var.graph is graph and all(v is not var for v in lifted):
                _lift(var)
                lifted.append(var)
    base = concrete.name.decode()[len("__inference_"):].rsplit("_", 1)[0]
    variables = list(concrete.variables)
    variables += [v for v in lifted if all(v is not w for w in variables)]
    return WrappedFunction(graph, concrete._params, concrete.inputs, concrete._output_structure,
                           concrete._python_function, variables, base)
