"""User functions of transformations (``map``, ``filter``, ``flat_map``, ``reduce``, ...), traced once.

Mirrors TF's ``StructuredFunctionWrapper``: the function is traced once on symbolic placeholders matching the
input element spec (so it sees static shapes, ``.numpy()`` fails, Python side effects happen once), AutoGraph
converts its Python control flow on tensors, a tuple element is unpacked into positional arguments, and a
returned list becomes a tuple. Executing eagerly it is traced with ``tf.function``'s tracer; while a graph is
being built (TF1, a ``tf.function``) into a ``FuncGraph`` of that graph, so it can use the graph's tensors
(captures, fed when the pipeline runs). The traced graph is compiled once to a plan run per element.

A function may also take datasets (the windows of ``window``/``group_by_window``) and return datasets
(``flat_map``, ``interleave``): dataset arguments are placeholder nodes, and a returned dataset is a node whose
captured tensors the plan computes for each element."""
from __future__ import annotations

from tfcompat._src.autograph import api as autograph
from tfcompat._src.autograph.core import control_status_ctx
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.func_graph import FuncGraph, has_side_effects
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.runtime.executor import compile_plan
from tfcompat._src.runtime.function import Function, TensorSpec
from tfcompat._src.data import node as node_lib
from tfcompat._src.data import ragged_elements
from tfcompat._src.data import sparse_elements
from tfcompat._src.data import structure

__all__ = ["StructuredFunction", "ArgNode", "BoundNode"]

# Kinds of flat outputs.
_GRAPH, _CONST, _DATASET, _SPARSE, _RAGGED = 0, 1, 2, 3, 4


class ArgNode(node_lib.Node):
    """A dataset argument of a traced function: iterates the dataset the env binds to it."""

    tf_name = "_VariantDataset"

    def __init__(self, spec):
        super().__init__((), spec.element_spec)

    def _bound(self, env):
        return env.bound(self)

    def cardinality(self, env):
        return self._bound(env).cardinality(env)

    def iterate(self, env):
        return self._bound(env).iterate(env)


class BoundNode(node_lib.Node):
    """A node with the values of its symbolic captures bound (a dataset a function returned for one element)."""

    tf_name = "_VariantDataset"

    def __init__(self, inner: node_lib.Node, values: dict):
        super().__init__((), inner.element_spec)
        self.inner = inner
        self.values = values

    def cardinality(self, env):
        return self.inner.cardinality(env.with_values(self.values))

    def iterate(self, env):
        return self.inner.iterate(env.with_values(self.values))


def _side_effect_ops(graph):
    return [op for op in graph.get_operations() if has_side_effects(op)]


class StructuredFunction:
    """``func`` traced for elements of ``input_spec``; ``run(values)`` applies it to one element's values."""

    def __init__(self, func, transformation_name: str, input_spec, adapt=None):
        """``adapt``, when given, wraps ``func`` once AutoGraph has converted it (data/extension_elements.py: the
        function of ExtensionType elements as a function of their components)."""
        if not callable(func):
            raise TypeError(f"`{transformation_name}` expects a callable, got {type(func).__name__}.")
        self.func = func
        self._adapt = adapt
        self.name = transformation_name
        self.input_spec = input_spec
        self._flat_in = structure.flatten(input_spec)
        self._tensor_in = [i for i, s in enumerate(self._flat_in) if not isinstance(s, structure.DatasetSpec)]
        self._arg_nodes = {}
        self.output_spec = None
        self._kinds = []        # per flat output: (_GRAPH, index) | (_CONST, value) | (_DATASET, node, [indices])
        self._graph_outputs = []
        outer = ctx_lib.graph_mode_graph()
        if outer is None:
            # Executing eagerly: tf.function's tracer (it handles variables the function creates).
            signature = [p for i in self._tensor_in for p in sparse_elements.component_specs(self._flat_in[i])]
            concrete = Function(self._traced, input_signature=signature, autograph=False).get_concrete_function()
            graph, feeds = concrete.graph, list(concrete.inputs)
            self.captured = []
        else:
            # Building a graph (TF1, or a tf.function): a sub-graph of it, so that the function may use the
            # graph's tensors (a placeholder fed when the iterator is initialized); those become captures.
            graph = FuncGraph(transformation_name.strip("()").replace(".", "_"), outer)
            with graph.as_default():
                specs = [p for i in self._tensor_in for p in sparse_elements.component_specs(self._flat_in[i])]
                placeholders = [graph.add_input(p.dtype, p.shape, f"args_{k}") for k, p in enumerate(specs)]
                self._traced(*placeholders)
            self.captured = list(graph.fed_captures)
            feeds = list(graph.inputs)
        self._plan = compile_plan(graph, list(self._graph_outputs), _side_effect_ops(graph), feeds)
        self.graph = graph
        # The common case: the plan's outputs are the function's flat outputs as they are.
        self._sparse_in = any(sparse_elements.is_composite_spec(s) for s in self._flat_in)
        self._direct = not self._arg_nodes and not self._sparse_in and [k[:2] for k in self._kinds] == [
            (_GRAPH, i) for i in range(len(self._kinds))]

    # -- tracing ---------------------------------------------------------------------------------------
    def _traced(self, *placeholders):
        flat = [None] * len(self._flat_in)
        self._arg_nodes = {}
        it = iter(placeholders)
        for i, s in enumerate(self._flat_in):
            if isinstance(s, structure.DatasetSpec):
                arg = ArgNode(s)
                self._arg_nodes[i] = arg
                flat[i] = node_lib.hooks["wrap"](arg)
            elif sparse_elements.is_composite_spec(s):
                flat[i] = sparse_elements.regroup([s], [next(it) for _ in sparse_elements.component_specs(s)])[0]
            else:
                flat[i] = next(it)
        nested = structure.pack(self.input_spec, flat)
        args = nested if type(nested) is tuple else (nested,)
        # As TF's StructuredFunctionWrapper: AutoGraph converts the function unless the caller turned it off.
        converted = autograph.tf_convert(self.func, control_status_ctx())
        ret = (self._adapt(converted) if self._adapt is not None else converted)(*args)
        if isinstance(ret, list):
            ret = tuple(ret)  # TF: a returned list is a tuple of components, not one stacked tensor
        self._graph_outputs = []
        self._kinds = []
        specs = []
        for leaf in structure.flatten(ret):
            specs.append(self._output(leaf))
        self.output_spec = structure.pack(ret, specs) if structure.is_nested(ret) else specs[0]
        return list(self._graph_outputs)

    def _output(self, leaf):
        if hasattr(leaf, "_node") and hasattr(leaf, "element_spec"):  # a Dataset
            # Its captured tensors are computed by this function's plan for each element: those of this graph
            # directly, those of an enclosing graph through this graph's captures.
            inner = leaf._node
            graph = ctx_lib.get_default_graph()
            caps = node_lib.symbolic_captures(inner)
            fetches = [t if t.graph is graph else graph.capture(t) for t in caps]
            idx = list(range(len(self._graph_outputs), len(self._graph_outputs) + len(caps)))
            self._graph_outputs.extend(fetches)
            self._kinds.append((_DATASET, inner, caps, idx))
            return structure.DatasetSpec(leaf.element_spec)
        if leaf is None:
            raise TypeError(f"Unsupported return value from function passed to {self.name}: None.")
        if isinstance(leaf, sparse_elements.SparseTensor):
            start = len(self._graph_outputs)
            self._graph_outputs.extend(self._output_tensor(p) for p in (leaf.indices, leaf.values, leaf.dense_shape))
            self._kinds.append((_SPARSE, start))
            return sparse_elements.SparseTensorSpec.from_value(leaf)
        if isinstance(leaf, ragged_elements.RaggedTensor):
            start = len(self._graph_outputs)
            self._graph_outputs.extend(self._output_tensor(p) for p in ragged_elements.graph_parts(leaf))
            self._kinds.append((_RAGGED, start, leaf.ragged_rank))
            return ragged_elements.output_spec(leaf)
        if isinstance(leaf, StringTensor) or (not isinstance(leaf, Tensor) and structure.is_string_value(leaf)):
            st = leaf if isinstance(leaf, StringTensor) else StringTensor(leaf)
            self._kinds.append((_CONST, st._t))
            return TensorSpec(st.shape, dtypes.string)
        if hasattr(leaf, "read_value") and not isinstance(leaf, Tensor):  # a Variable: its value now
            leaf = leaf.read_value()
        leaf = self._output_tensor(leaf)
        self._kinds.append((_GRAPH, len(self._graph_outputs)))
        self._graph_outputs.append(leaf)
        return TensorSpec(leaf.shape, leaf.dtype)

    def _output_tensor(self, leaf):
        """A returned value as a tensor of the graph being traced."""
        if not isinstance(leaf, SymbolicTensor):
            try:
                leaf = structure.to_component(leaf)
            except (TypeError, ValueError) as e:
                raise TypeError(f"Unsupported return value from function passed to {self.name}: {leaf}.") from e
            if isinstance(leaf, EagerTensor):
                leaf = convert_to_tensor(leaf)  # captured into the graph being traced
        return leaf

    # -- running ---------------------------------------------------------------------------------------
    def runner(self, env):
        """``run`` for the iterators of one env: with the values of the graph tensors the function captured."""
        if not self.captured:
            return self.run
        extra = [env.value(t) for t in self.captured]
        return lambda values: self.run(values, extra)

    def run(self, values, captured_values=()) -> tuple:
        """The function applied to one element (a flat tuple of component values): a flat tuple of values."""
        tin = self._tensor_in
        feeds = list(values) if len(tin) == len(values) else [values[i] for i in tin]
        if self._sparse_in:
            feeds = list(sparse_elements.expand_values(feeds))
        if captured_values:
            feeds.extend(captured_values)
        outs = self._plan.run(feeds, grad_enabled=False)
        if self._direct:
            return outs
        res = []
        for kind in self._kinds:
            k = kind[0]
            if k is _GRAPH:
                res.append(outs[kind[1]])
            elif k is _CONST:
                res.append(kind[1])
            elif k is _SPARSE:
                res.append(sparse_elements.SparseValue(*outs[kind[1]:kind[1] + 3]))
            elif k is _RAGGED:
                res.append(ragged_elements.value_from_outputs(outs[kind[1]:], kind[2]))
            else:
                bound = {id(t): outs[i] for t, i in zip(kind[2], kind[3])}
                for pos, arg in self._arg_nodes.items():
                    bound[id(arg)] = values[pos]
                res.append(BoundNode(kind[1], bound))
        return tuple(res)
