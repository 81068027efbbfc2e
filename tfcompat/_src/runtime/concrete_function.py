"""``ConcreteFunction``: one trace of a ``tf.function`` (mirrors TF's ``ConcreteFunction``).

It holds the traced graph, its input parameters (name, kind, trace type), its outputs, and compiled plans (one per
gradient setting). Calling it binds the arguments to the parameters as TF does (a python value must equal the
traced literal, a tensor must have the traced dtype), feeds the tensors to the plan and rebuilds the output
structure as eager tensors, recorded on the caller's GradientTapes."""
from __future__ import annotations

import inspect
import itertools

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import dispatch
from tfcompat._src.framework import errors
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.func_graph import has_side_effects
from tfcompat._src.framework.graph import Operation
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.runtime import compiled_plan
from tfcompat._src.runtime.executor import compile_plan
from tfcompat._src.runtime.function_types import Literal, TensorSpec, VariableSpec, trace_type_of

__all__ = ["ConcreteFunction", "AtomicFunction", "Param", "FunctionType"]

_ctx = ctx_lib.context()
_uids = itertools.count(1)

# Observers of eager function calls, each called as hook(concrete_function) before the function runs: the graph
# collection of tf.summary.trace_on (runtime/summary/trace.py) installs one while a trace is on.
call_hooks: list = []

POSITIONAL_ONLY = inspect.Parameter.POSITIONAL_ONLY
POSITIONAL_OR_KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD
KEYWORD_ONLY = inspect.Parameter.KEYWORD_ONLY


# TF's C++ names of dtypes (DataTypeString), used in kernel errors.
_KERNEL_DTYPE_NAMES = {"float32": "float", "float64": "double", "float16": "half"}


def _kernel_name(dtype) -> str:
    return _KERNEL_DTYPE_NAMES.get(dtype.name, dtype.name)


class Param:
    """One input parameter of a trace: its name, kind (an ``inspect.Parameter`` kind) and trace type."""

    __slots__ = ("name", "kind", "type")

    def __init__(self, name: str, kind, trace_type):
        self.name = name
        self.kind = kind
        self.type = trace_type

    def __eq__(self, other):
        return isinstance(other, Param) and (self.name, self.kind, self.type) == (other.name, other.kind, other.type)

    def __hash__(self):
        return hash((self.name, self.kind, self.type))

    def __repr__(self):
        return f"{self.name}: {self.type!r}"


def output_type(structure):
    """The trace type of a traced output structure (symbolic tensors as TensorSpecs, None as Literal[None])."""
    if isinstance(structure, (SymbolicTensor, EagerTensor)):
        return TensorSpec(structure.shape, structure.dtype)
    if isinstance(structure, tuple) and hasattr(type(structure), "_fields"):
        return trace_type_of(type(structure)(*[_Typed(output_type(v)) for v in structure]))
    if isinstance(structure, (list, tuple)):
        return trace_type_of(type(structure)(_Typed(output_type(v)) for v in structure))
    if isinstance(structure, dict):
        return trace_type_of({k: _Typed(output_type(v)) for k, v in structure.items()})
    return trace_type_of(structure)


class _Typed:
    """A leaf whose trace type is already known (lets trace_type_of build a nested type around it)."""

    def __init__(self, trace_type):
        self.__tf_tracing_type__ = lambda context: trace_type


class FunctionType:
    """Mirrors ``ConcreteFunction.function_type``: ``(x: TensorSpec(...), y: Literal[2]) -> TensorSpec(...)``."""

    def __init__(self, params, output):
        self.parameters = list(params)
        self.output = output

    def __repr__(self):
        return f"({', '.join(repr(p) for p in self.parameters)}) -> {self.output!r}"

    __str__ = __repr__


class ConcreteFunction:
    """Mirrors ``tf.types.experimental.ConcreteFunction``: a traced graph with typed inputs and outputs."""

    def __init__(self, graph, params, placeholders, output_structure, python_function, variables, name: str,
                 jit_compile=None):
        self.graph = graph
        self._jit_compile = jit_compile  # tf.function's jit_compile (None: tf.config.optimizer.set_jit decides)
        self._params = list(params)
        self.inputs = list(placeholders)
        self._output_structure = output_structure
        # The flat outputs and whether they need packing, computed once: _call_flat runs every call.
        self._flat_outputs = nest.flatten(output_structure)
        self._nested_outputs = nest.is_nested(output_structure)
        self.outputs = [t for t in self._flat_outputs if isinstance(t, SymbolicTensor)]
        self._python_function = python_function
        self._variables = list(variables)
        self.name = f"__inference_{name}_{next(_uids)}".encode()
        self._plans = {}
        self._output_type = output_type(output_structure)
        self._all_tensor_params = all(isinstance(p.type, TensorSpec) and p.kind != KEYWORD_ONLY for p in params)
        self.function_type = FunctionType(self._params, self._output_type)

    # -- introspection ----------------------------------------------------------------------------------------
    @property
    def structured_outputs(self):
        """The traced return value's structure, with the graph's output tensors."""
        return self._output_structure

    @property
    def structured_input_signature(self):
        """``(args, kwargs)`` of the trace: TensorSpecs named after their placeholders, python values as given."""
        names = iter(t.op.name for t in self.inputs)
        args, kwargs = [], {}
        for p in self._params:
            value = _signature_value(p.type, names, p.name)
            if p.kind == KEYWORD_ONLY:
                kwargs[p.name] = value
            else:
                args.append(value)
        return tuple(args), kwargs

    @property
    def output_shapes(self):
        return nest.map_structure(lambda t: t.shape if isinstance(t, SymbolicTensor) else t,
                                  self._output_structure)

    @property
    def output_dtypes(self):
        return nest.map_structure(lambda t: t.dtype if isinstance(t, SymbolicTensor) else t,
                                  self._output_structure)

    @property
    def variables(self):
        return tuple(self._variables)

    @property
    def trainable_variables(self):
        return tuple(v for v in self._variables if v.trainable)

    @property
    def captured_inputs(self):
        return list(self._variables)

    @property
    def inference_fn(self) -> "AtomicFunction":
        """Mirrors ``ConcreteFunction.inference_fn``: the trace's forward function, called with flat tensors."""
        return AtomicFunction(self)

    def pretty_printed_signature(self, verbose: bool = True) -> str:
        """Mirrors ``ConcreteFunction.pretty_printed_signature``."""
        if not verbose:
            return f"{self._python_function.__name__}{self.function_type!r}"
        lines = ["Input Parameters:"]
        for p in self._params:
            lines.append(f"  {p.name} ({p.kind.name}): {p.type!r}")
        lines += ["Output Type:", f"  {self._output_type!r}", "Captures:"]
        if self._variables:
            lines += [f"  {id(v)}: TensorSpec(shape=(), dtype=tf.resource, name=None)" for v in self._variables]
        else:
            lines.append("  None")
        return "\n".join(lines)

    def __repr__(self):
        return f"<ConcreteFunction {self.function_type!r} at 0x{id(self):X}>"

    def __str__(self):
        return "ConcreteFunction " + self.pretty_printed_signature()

    # -- calling ----------------------------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        """Calls the trace. As TF, the arguments are bound to ``function_type`` first (every parameter, a python
        value equal to the traced one, tensors of the traced dtype and shape); failing that, to the flat signature
        (the input tensors, by position or placeholder name), whose dtypes the run checks."""
        if not kwargs and len(args) == len(self._params) and self._all_tensor_params:
            if all(type(a) is EagerTensor and p.type.dtype is a._dtype and p.type.shape.is_compatible_with(a.shape)
                   for a, p in zip(args, self._params)):
                return self._call_flat(list(args))
        try:
            flat = self._bind_structured(args, kwargs)
        except TypeError as structured_error:
            try:
                flat = self._bind_flat(args, kwargs)
            except (TypeError, ValueError) as flat_error:
                raise TypeError(f"{structured_error}\nFallback to flat signature also failed due to: "
                                f"{flat_error}") from None
        return self._call_flat(flat)

    def _bind_structured(self, args, kwargs) -> list:
        def error(reason):
            return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args} and "
                             f"kwargs: {kwargs} for signature: {self.function_type!r}.")
        values = {}
        positional = [p for p in self._params if p.kind != KEYWORD_ONLY]
        if len(args) > len(positional):
            raise error("too many positional arguments")
        for p, a in zip(positional, args):
            values[p.name] = a
        for k, v in kwargs.items():
            p = next((p for p in self._params if p.name == k), None)
            if p is None or p.kind == POSITIONAL_ONLY:
                raise error(f"got an unexpected keyword argument '{k}'")
            if k in values:
                raise error(f"multiple values for argument '{k}'")
            values[k] = v
        flat = []
        for p in self._params:
            if p.name not in values:
                raise error(f"missing a required argument: '{p.name}'")
            _flat_tensors(p.type, values[p.name], flat, error)
        return flat

    def _bind_flat(self, args, kwargs) -> list:
        names = [t.op.name for t in self.inputs]
        summary = f"{self.graph.name}({', '.join(names)})"
        if len(args) > len(names):
            raise TypeError(f"{summary} takes {len(names)} positional arguments, got {len(args)}.")
        args, kwargs = list(args), dict(kwargs)
        for keyword in names[len(args):]:
            if keyword not in kwargs:
                missing = sorted(set(names) - set(names[:len(args)]) - set(kwargs))
                raise TypeError(f"{summary} missing required arguments: {', '.join(missing)}.")
            args.append(kwargs.pop(keyword))
        if kwargs:
            for key in kwargs:
                if key in names[:len(args)]:
                    raise TypeError(f"{summary} got two values for '{key}'.")
            raise TypeError(f"{summary} got unexpected keyword arguments: {', '.join(sorted(kwargs))}.")
        flat = []
        for i, a in enumerate(args):
            if isinstance(a, Tensor):
                flat.append(a)
            elif hasattr(a, "_as_tensor"):
                flat.append(a._as_tensor())
            else:
                raise TypeError(f"{summary}: expected argument #{i}(zero-based) to be a Tensor; got "
                                f"{type(a).__name__} ({a}).")
        return flat

    def _plan(self, create_graph):
        plan = self._plans.get(create_graph)
        if plan is None:
            fetches = self.outputs
            targets = [op for op in self.graph.get_operations() if has_side_effects(op)]
            targets += [o for o in nest.flatten(self._output_structure) if isinstance(o, Operation)]
            plan = compile_plan(self.graph, fetches, targets, self.inputs, create_graph=create_graph,
                                jit_compile=compiled_plan.function_jit(self._jit_compile))
            self._plans[create_graph] = plan
        return plan

    def _call_flat(self, tensor_args):
        """Runs the plan on the flat input tensors; returns the output structure (eager tensors)."""
        if len(tensor_args) != len(self.inputs):
            raise TypeError(f"{self.name.decode()} takes {len(self.inputs)} tensor arguments, got {len(tensor_args)}")
        for i, (a, p) in enumerate(zip(tensor_args, self.inputs)):
            if a.dtype is not p.dtype:
                name = self.name.decode()
                raise errors.InvalidArgumentError(
                    f"cannot compute {name} as input #{i}(zero-based) was expected to be a {_kernel_name(p.dtype)} "
                    f"tensor but is a {_kernel_name(a.dtype)} tensor [Op:{name}]")
        for hook in call_hooks:
            hook(self)
        tapes = _ctx.recording_tapes
        tracking = ()
        if tapes:
            for v in self._variables:
                for hook in variables_lib.read_hooks:
                    hook(v)
            ids = set()
            for a in list(tensor_args) + list(self._variables):
                for t in getattr(a, "_tapes", ()):
                    if t in tapes:
                        ids.add(t)
            tracking = tuple(t for t in tapes if t in ids)
        forward_ad = bool(dispatch.FORWARD_ACCUMULATORS)
        create_graph = bool(tracking)
        plan = self._plans.get(create_graph)
        if plan is None:
            plan = self._plan(create_graph)
        outs = plan.run([a._t for a in tensor_args], grad_enabled=create_graph or plan.has_gradients)
        results = iter(outs)
        flat = []
        for o in self._flat_outputs:
            if isinstance(o, SymbolicTensor):
                t = next(results)
                if o.dtype is dtypes.string:   # a string value (bytes / object array), never differentiable
                    flat.append(StringTensor(t))
                elif tracking and t.requires_grad:
                    flat.append(EagerTensor(t, o.dtype, tracking))
                elif forward_ad:   # keep forward tangents (detach would drop them)
                    flat.append(EagerTensor(t, o.dtype))
                else:
                    flat.append(EagerTensor(t.detach() if t.requires_grad else t, o.dtype))
            elif isinstance(o, Operation):
                flat.append(None)
            else:
                flat.append(o)
        if forward_ad:
            dispatch.hooks["forward_record"]([x for x in flat if isinstance(x, EagerTensor)])
        if self._nested_outputs:
            return nest.pack_sequence_as(self._output_structure, flat)
        return flat[0]


class AtomicFunction:
    """Mirrors TF's ``AtomicFunction`` (``ConcreteFunction.inference_fn``): the traced graph called with its flat
    input tensors only (no argument binding), returning the output structure. Difference: it is a view of the
    concrete function; there is no separate ``FunctionDef`` (``definition``)."""

    def __init__(self, concrete: ConcreteFunction):
        self._concrete = concrete
        self.name = concrete.name

    @property
    def graph(self):
        return self._concrete.graph

    def __call__(self, *args):
        return self._concrete._call_flat([convert_to_tensor(a) for a in args])

    def __repr__(self):
        return f"<AtomicFunction> {self.name.decode()}({', '.join(t.op.name for t in self._concrete.inputs)})"


def _signature_value(trace_type, names, param_name):
    from tfcompat._src.runtime.function_types import Mapping, Sequence
    if isinstance(trace_type, TensorSpec):
        return TensorSpec(trace_type.shape, trace_type.dtype, next(names))
    if isinstance(trace_type, Literal):
        return trace_type.value
    if isinstance(trace_type, Sequence):
        items = [_signature_value(c, names, param_name) for c in trace_type.components]
        if trace_type.fields is not None:
            return trace_type.kind(*items)
        return trace_type.kind(items)
    if isinstance(trace_type, Mapping):
        return {k: _signature_value(v, names, param_name) for k, v in trace_type.items}
    if isinstance(trace_type, VariableSpec):
        return trace_type._ref()
    for _ in getattr(trace_type, "_component_specs", ()):   # a composite spec: one placeholder per component
        next(names)
    return getattr(trace_type, "value", trace_type)


# Component flatteners for composite specs (SparseTensorSpec, RaggedTensorSpec), registered by
# runtime/function_composites.py (which builds on this module): each appends a value's component tensors and
# returns True, or returns False for a spec it does not handle.
COMPOSITE_FLATTENERS: list = []


def _flat_tensors(trace_type, value, out, error):
    """Appends the tensors ``value`` gives for the placeholders of ``trace_type`` (TF's structured binding: a
    tensor must fit its TensorSpec, a python value must equal its Literal)."""
    from tfcompat._src.runtime.function_types import Mapping, Sequence
    if isinstance(trace_type, TensorSpec):
        if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
            t = value if isinstance(value, Tensor) else value._as_tensor()
        else:
            try:
                t = convert_to_tensor(value, dtype=trace_type.dtype)
            except (TypeError, ValueError) as e:
                raise error(str(e)) from None
        if not trace_type.is_compatible_with(TensorSpec(t.shape, t.dtype)):
            raise error(f"Can not cast {TensorSpec(t.shape, t.dtype)!r} to {trace_type!r}")
        out.append(t)
        return
    if isinstance(trace_type, Sequence):
        if not isinstance(value, (list, tuple)) or len(value) != len(trace_type.components):
            raise error(f"Can not cast {value!r} to {trace_type!r}")
        for c, v in zip(trace_type.components, value):
            _flat_tensors(c, v, out, error)
        return
    if isinstance(trace_type, Mapping):
        if not isinstance(value, dict) or set(value) != {k for k, _ in trace_type.items}:
            raise error(f"Can not cast {value!r} to {trace_type!r}")
        for k, c in trace_type.items:
            _flat_tensors(c, value[k], out, error)
        return
    if any(flatten(trace_type, value, out) for flatten in COMPOSITE_FLATTENERS):
        return
    if trace_type != trace_type_of(value):
        raise error(f"Can not cast {value!r} to {trace_type!r}")
