"""``tf.function``: traces a Python function into a graph per input signature and replays its compiled plan,
with TF 2.21's tracing rules.

* AutoGraph converts the function first (``autograph=False`` turns it off): ``if``/``while``/``for`` on tensors
  become graph control flow (``tfcompat/_src/autograph``).
* A call binds its arguments to the function's signature (defaults applied, so ``f(1)``, ``f(x=1)`` and
  ``f(1, y=2)`` are one call) and computes each argument's trace type (runtime/function_types.py); it reuses the
  most specific earlier trace whose types it is a subtype of, else traces again. ``reduce_retracing=True`` traces
  the most specific common supertype of the call and the earlier traces instead (``None`` dimensions, unknown
  rank). ``input_signature`` fixes the types: one trace serves every matching call, others get TF's TypeError.
* Python side effects happen while tracing only; ops with side effects (``tf.print``, variable writes, asserts)
  run at every call, in program order (TF's automatic control dependencies order only the ops that share a
  variable; its executor may run other prints in another order: deviation ``print-order``).
* Variables may be created on the first trace only. As in TF, a first trace that creates variables is followed
  by a second trace that must not (both count in ``experimental_get_tracing_count``); a later trace that creates
  variables raises TF's ValueError.
* ``tf.config.run_functions_eagerly(True)`` calls the Python function directly.

``jit_compile=True`` (or ``tf.config.optimizer.set_jit(True)`` when ``jit_compile`` is not given) runs the plans
through ``torch.compile`` (runtime/compiled_plan.py: one compile per trace, variables lifted out of the compiled
region, a plan it cannot take runs as generated Python with one warning)."""
from __future__ import annotations

import functools
import inspect
import logging
import threading
import weakref

import torch

from tfcompat._src.autograph import api as autograph
from tfcompat._src.autograph.core import ConversionOptions, ControlStatusCtx, Status
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.func_graph import has_side_effects
from tfcompat._src.framework.graph import Graph, Operation
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.ops import array_ops
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.runtime.concrete_function import (KEYWORD_ONLY, POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD,
                                                     ConcreteFunction, Param)
from tfcompat._src.runtime.executor import compile_plan
from tfcompat._src.runtime.function_types import CustomType, Mapping, Sequence, TensorSpec, trace_type_of
from tfcompat._src.runtime.function_composites import (COMPOSITE_OUTPUTS, composite_placeholders,
                                                        composite_tensors, has_ragged, identity_components,
                                                        ragged_output_function)
from tfcompat._src.runtime.function_signature import (SIGNATURE_SPECS, StructureMismatch, convert_to_spec,
                                                      fits, unnamed)

__all__ = ["function", "Function", "TensorSpec", "ConcreteFunction", "RUN_FUNCTIONS_EAGERLY"]

_logger = logging.getLogger("tensorflow")
# tf.config.run_functions_eagerly: when set, tf.function calls the Python function directly (no tracing).
RUN_FUNCTIONS_EAGERLY = [False]


def _evaluate_symbolic(t: SymbolicTensor) -> torch.Tensor:
    plan = compile_plan(t.graph, [t], [], [])
    with torch.no_grad():
        return plan.run([], grad_enabled=False)[0]


variables_lib.symbolic_evaluator[0] = _evaluate_symbolic


# ------------------------------------------------------------------------------------------------
# frequent retracing warning (TF's _FrequentTracingDetector)
# ------------------------------------------------------------------------------------------------
_MAX_CALL_HISTORY = 10
_WARNING_THRESHOLD = 5
_MAX_WARNINGS = 2


class _TracingDetector:
    __slots__ = ("calls_per_tracing", "call_count", "warnings")

    def __init__(self):
        self.calls_per_tracing = []
        self.call_count = 0
        self.warnings = 0

    def called_with_tracing(self, function_name):
        self.call_count += 1
        self.calls_per_tracing.append(1)
        while self.calls_per_tracing and self.call_count - self.calls_per_tracing[0] > _MAX_CALL_HISTORY:
            self.call_count -= self.calls_per_tracing.pop(0)
        if self.warnings >= _MAX_WARNINGS or len(self.calls_per_tracing) < _WARNING_THRESHOLD:
            return
        self.warnings += 1
        _logger.warning(
            "%d out of the last %d calls to %s triggered tf.function retracing. Tracing is expensive and the "
            "excessive number of tracings could be due to (1) creating @tf.function repeatedly in a loop, (2) "
            "passing tensors with different shapes, (3) passing Python objects instead of tensors. For (1), please "
            "define your @tf.function outside of the loop. For (2), @tf.function has reduce_retracing=True option "
            "that can avoid unnecessary retracing. For (3), please refer to "
            "https://www.tensorflow.org/guide/function#controlling_retracing and "
            "https://www.tensorflow.org/api_docs/python/tf/function for  more details.",
            len(self.calls_per_tracing), self.call_count, function_name)

    def called_without_tracing(self):
        if not self.calls_per_tracing:
            self.calls_per_tracing = [0]
        self.calls_per_tracing[-1] += 1
        self.call_count += 1


_detectors: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_detectors_lock = threading.Lock()


def _detector(key) -> _TracingDetector:
    with _detectors_lock:
        try:
            d = _detectors.get(key)
        except TypeError:
            return _TracingDetector()
        if d is None:
            d = _detectors[key] = _TracingDetector()
        return d


# ------------------------------------------------------------------------------------------------
# binding arguments
# ------------------------------------------------------------------------------------------------
def _canonical_params(signature, args, kwargs):
    """[(name, kind, value)] for a call: TF's canonical form of the bound arguments (defaults applied; a
    ``*args`` function lists its positional parameters as positional-only, then ``args_0, args_1...``; extra
    keyword arguments are keyword-only, by name)."""
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    has_varargs = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in signature.parameters.values())
    out = []
    for name, p in signature.parameters.items():
        value = bound.arguments.get(name)
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            out += [(f"{name}_{i}", POSITIONAL_ONLY, v) for i, v in enumerate(value or ())]
        elif p.kind is inspect.Parameter.VAR_KEYWORD:
            out += [(k, KEYWORD_ONLY, v) for k, v in (value or {}).items()]
        elif p.kind is inspect.Parameter.KEYWORD_ONLY:
            out.append((name, KEYWORD_ONLY, value))
        elif p.kind is inspect.Parameter.POSITIONAL_ONLY or has_varargs:
            out.append((name, POSITIONAL_ONLY, value))
        else:
            out.append((name, POSITIONAL_OR_KEYWORD, value))
    return out


def _call_args(params, values):
    """(args, kwargs) to call the Python function with, from canonical params and their values."""
    args, kwargs = [], {}
    for p, v in zip(params, values):
        if p.kind == KEYWORD_ONLY:
            kwargs[p.name] = v
        else:
            args.append(v)
    return args, kwargs


def _signature_text(signature, specs=None) -> str:
    if specs is None:
        return "(" + ", ".join(p.name for p in signature.parameters.values()) + ")"
    names = [p.name for p in signature.parameters.values()]
    return "(" + ", ".join(f"{n}: {s!r}" for n, s in zip(names, specs)) + ")"


_FAST_CACHE_SIZE = 256
_FAST_SCALARS = (int, float, bool, str, type(None))


def _fast_key(args):
    """A cheap exact key of positional arguments that are eager tensors or python scalars, else None."""
    key = []
    for a in args:
        t = type(a)
        if t is EagerTensor:
            key.append((a._dtype, a._t.shape))
        elif t in _FAST_SCALARS:
            key.append((t, a))
        else:
            return None
    return tuple(key)


# ------------------------------------------------------------------------------------------------
# tracing
# ------------------------------------------------------------------------------------------------
def _placeholders(trace_type, value, name, out):
    """The value a trace sees for one argument: placeholders where the type has TensorSpecs (in the order the
    ConcreteFunction flattens its inputs), the argument itself elsewhere."""
    if isinstance(trace_type, TensorSpec):
        # As TF: a TensorSpec's own name names the placeholder (and the signature's input), else the argument's.
        p = array_ops.placeholder(trace_type.dtype, trace_type.shape, name=getattr(trace_type, "name", None) or name)
        out.append(p)
        return p
    composite = composite_placeholders(trace_type, name, out)
    if composite is not None:
        return composite
    if isinstance(trace_type, Sequence):
        items = [_placeholders(c, v, name, out) for c, v in zip(trace_type.components, value)]
        return trace_type.kind(*items) if trace_type.fields is not None else trace_type.kind(items)
    if isinstance(trace_type, Mapping):
        built = {k: _placeholders(c, value[k], name, out) for k, c in trace_type.items}
        return {k: built[k] for k in value} if isinstance(value, dict) else built
    if isinstance(trace_type, CustomType):   # a user __tf_tracing_type__: TF traces with its placeholder_value
        try:
            return trace_type.trace_type.placeholder_value(None)
        except NotImplementedError:
            return value
    return value


def _chain_side_effects(graph) -> None:
    """TF's automatic control dependencies for ops without data dependencies: each op with side effects runs
    after the previous one, in program order (reads and writes of one variable are ordered when built)."""
    previous = None
    for op in graph.get_operations():
        if not has_side_effects(op) or op.op_def.writes_variables:
            continue
        if previous is not None and previous not in op.control_inputs:
            op._add_control_input(previous)
        previous = op


class Function:
    """Mirrors ``tf.function``'s callable (TF's ``PolymorphicFunction``); see the module docstring."""

    def __init__(self, python_function, input_signature=None, autograph=True, jit_compile=None,
                 reduce_retracing=False, experimental_autograph_options=None, name=None):
        self._python_function = python_function
        self._input_signature = None if input_signature is None else tuple(input_signature)
        if self._input_signature is not None:
            for spec in nest.flatten(list(self._input_signature)):
                if not isinstance(spec, SIGNATURE_SPECS):
                    raise TypeError(f"input_signature must be a possibly nested sequence of TensorSpec objects, "
                                    f"got invalid args {spec!r} of type {type(spec).__name__}.")
        self._autograph = autograph
        self._autograph_options = experimental_autograph_options
        self._jit_compile = jit_compile
        self._reduce_retracing = reduce_retracing
        self._name = name or getattr(python_function, "__name__", "function")
        try:
            self._signature = inspect.signature(python_function)
        except (TypeError, ValueError):
            self._signature = inspect.Signature([inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
                                                 inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD)])
        self._traces = []              # (context, params, ConcreteFunction), in tracing order
        # Calls inlined into another function's trace, as (args, kwargs) with tensors as TensorSpecs: TF traces the
        # inner function there too, so tf.saved_model.save keeps it; see traced_inlined_calls.
        self._inlined_calls = []
        self._created_variables = None  # unknown before the first trace; then whether it created variables
        self._lock = threading.RLock()
        self._detector = None
        # The fast path of a call with eager tensors and python scalars for all positional parameters: a dict from
        # _fast_key(args) to the ConcreteFunction the full lookup chose for those arguments.
        self._fast_cache = {}
        params = list(self._signature.parameters.values())
        simple = all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)
        self._fast_arity = len(params) if simple and self._input_signature is None else -1
        functools.update_wrapper(self, python_function, updated=())

    # -- TF's attributes --------------------------------------------------------------------------------------
    @property
    def python_function(self):
        """The wrapped Python function."""
        return self._python_function

    @property
    def input_signature(self):
        return self._input_signature

    @property
    def function_spec(self):
        """Mirrors ``Function.function_spec``: the wrapped function's argspec and input signature."""
        return FunctionSpec(self._python_function, self._signature, self._input_signature, self._jit_compile)

    def experimental_get_tracing_count(self) -> int:
        """Mirrors ``Function.experimental_get_tracing_count``: how many traces were made."""
        return len(self._traces)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        # One Function per instance, so each instance traces (and creates variables) separately.
        try:
            cache = instance.__dict__.setdefault("_tfcompat_bound_functions", {})
        except AttributeError:
            cache = self.__dict__.setdefault("_bound_by_id", {})
        bound = cache.get(id(self))
        if bound is None:
            bound = Function(self._python_function.__get__(instance, owner), self._input_signature,
                             self._autograph, self._jit_compile, self._reduce_retracing, self._autograph_options,
                             self._name)
            cache[id(self)] = bound
        return bound

    # -- calling ----------------------------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        if RUN_FUNCTIONS_EAGERLY[0]:
            return self._python_function(*args, **kwargs)
        if ctx_lib.graph_mode_graph() is not None:
            self._remember_inlined_call(args, kwargs)
            return self._converted_python_function()(*args, **kwargs)   # inside a graph: inline the trace
        if not kwargs and self._fast_arity == len(args):
            key = _fast_key(args)
            concrete = self._fast_cache.get(key) if key is not None else None
            if concrete is not None:
                (self._detector or self._call_stats()).called_without_tracing()
                return concrete._call_flat([a for a in args if type(a) is EagerTensor])
        else:
            key = None
        count = len(self._traces)
        result, concrete = self._call(args, kwargs)
        if len(self._traces) == count:
            self._call_stats().called_without_tracing()
        else:
            self._call_stats().called_with_tracing(self._python_function)
        if key is not None and len(self._fast_cache) < _FAST_CACHE_SIZE:
            self._fast_cache[key] = concrete
        return result

    def _remember_inlined_call(self, args, kwargs):
        if len(self._inlined_calls) >= _FAST_CACHE_SIZE:
            return
        leaves = nest.flatten((args, kwargs))
        if not all(isinstance(v, (Tensor, int, float, bool, str, type(None))) for v in leaves):
            return   # composites and objects: no deferred trace (they are traced when called from outside)
        self._inlined_calls.append(nest.map_structure(
            lambda v: TensorSpec(v.shape, v.dtype) if isinstance(v, Tensor) else v, (args, kwargs)))

    def traced_inlined_calls(self) -> None:
        """Traces, outside any graph, the signatures this function was inlined with inside other traces (TF traces
        a tf.function wherever it is called, so its concrete functions include those calls; tfcompat inlines the
        Python function into the caller's trace and traces it on its own only when a SavedModel asks)."""
        pending, self._inlined_calls = self._inlined_calls, []
        for args, kwargs in pending:
            try:
                self.get_concrete_function(*args, **kwargs)
            except (TypeError, ValueError):
                pass   # not traceable on its own (e.g. creates variables per call): left out of the SavedModel

    def _call_stats(self) -> "_TracingDetector":
        detector = self._detector
        if detector is None:
            detector = self._detector = _detector(self._key_for_call_stats())
        return detector

    def _key_for_call_stats(self):
        """TF's key for the retracing statistics: the function's code object (shared by every tf.function, and
        every method binding, of the same Python function)."""
        target = self._python_function
        while hasattr(target, "__wrapped__"):
            target = target.__wrapped__
        target = getattr(target, "__func__", target)
        return getattr(target, "__code__", self._python_function)

    def _call(self, args, kwargs):
        """(result, the ConcreteFunction that ran) of a call through the full binding and cache lookup."""
        with self._lock:
            params, values = self._bind(args, kwargs)
            if self._created_variables is None:
                concrete = self._first_trace(params, values)
            else:
                concrete = self._lookup_or_trace(params, values)
        return concrete._call_flat(self._flat_tensors(params, values)), concrete

    def _bind(self, args, kwargs):
        """(params with trace types, argument values) for a call; the input_signature decides the types."""
        try:
            canonical = _canonical_params(self._signature, args, kwargs)
        except TypeError as e:
            specs = self._input_signature
            raise TypeError(f"Binding inputs to tf.function failed due to `{e}`. Received args: {args} and kwargs: "
                            f"{kwargs} for signature: {_signature_text(self._signature, specs)}.") from None
        if self._input_signature is not None:
            return self._bind_signature(canonical, args, kwargs)
        variable_ids = {}
        params = [Param(n, k, trace_type_of(v, variable_ids)) for n, k, v in canonical]
        return params, [v for _, _, v in canonical]

    def _bind_signature(self, canonical, args, kwargs):
        specs = list(self._input_signature)
        params, values = [], []
        for i, (name, kind, value) in enumerate(canonical):
            if i >= len(specs):
                # Parameters past the signature keep their python values (TF: they must not be tensors).
                params.append(Param(name, kind, trace_type_of(value)))
                values.append(value)
                continue
            spec = specs[i]
            reason = None
            try:
                converted = convert_to_spec(spec, value)
            except (TypeError, ValueError) as e:
                converted, reason = value, str(e) if not isinstance(e, StructureMismatch) else None
            flat_specs, flat_values = nest.flatten(spec), nest.flatten(converted)
            ok = reason is None and len(flat_specs) == len(flat_values) and all(
                fits(s, v) for s, v in zip(flat_specs, flat_values))
            if not ok:
                if reason is None:
                    got = trace_type_of(value if not isinstance(converted, Tensor) else converted)
                    reason = f"Can not cast {got!r} to {spec!r}"
                raise TypeError(
                    f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args} and kwargs: "
                    f"{kwargs} for signature: {_signature_text(self._signature, specs)}.")
            params.append(Param(name, kind, trace_type_of(nest.map_structure(unnamed, spec))))
            values.append(converted)
        return params, values

    @staticmethod
    def _flat_tensors(params, values):
        flat = []
        for p, v in zip(params, values):
            _collect_tensors(p.type, v, flat)
        return flat

    # -- the cache --------------------------------------------------------------------------------------------
    def _context(self):
        return "no_variable_creation" if self._created_variables else "variable_creation"

    def _lookup(self, params, context):
        best = None
        for ctx, traced, concrete in self._traces:
            if ctx != context or len(traced) != len(params):
                continue
            if traced == params:
                return concrete
            if all(p.name == t.name and p.kind == t.kind and p.type.is_subtype_of(t.type)
                   for p, t in zip(params, traced)):
                if best is None or all(t.type.is_subtype_of(b.type) for t, b in zip(traced, best[0])):
                    best = (traced, concrete)
        return None if best is None else best[1]

    def _generalize(self, params, context):
        """reduce_retracing: the most specific common supertype of the call and each earlier trace."""
        general = list(params)
        for ctx, traced, _ in self._traces:
            if ctx != context or len(traced) != len(general):
                continue
            if any(p.name != t.name or p.kind != t.kind for p, t in zip(general, traced)):
                continue
            merged = []
            for p, t in zip(general, traced):
                s = p.type.most_specific_common_supertype([t.type])
                merged.append(Param(p.name, p.kind, s if s is not None else p.type))
            general = merged
        return general

    def _lookup_or_trace(self, params, values):
        context = self._context()
        concrete = self._lookup(params, context)
        if concrete is not None:
            return concrete
        if self._reduce_retracing:
            params = self._generalize(params, context)
        created = []
        concrete = self._trace(params, values, allow_variables=not self._created_variables, created=created,
                               context=context)
        if created:
            raise ValueError("Creating variables on a non-first call to a function decorated with tf.function.")
        return concrete

    def _first_trace(self, params, values):
        created = []
        concrete = self._trace(params, values, allow_variables=True, created=created, context="variable_creation")
        self._created_variables = bool(created)
        if created:
            # As TF: trace again, now forbidding variable creation (the variables exist; a function that creates
            # them unconditionally raises TF's ValueError here).
            concrete = self._trace(params, values, allow_variables=False, created=[],
                                   context="no_variable_creation")
        return concrete

    # -- tracing ----------------------------------------------------------------------------------------------
    def _converted_python_function(self):
        if not self._autograph:
            return self._python_function
        options = ConversionOptions(recursive=True, user_requested=True,
                                    optional_features=self._autograph_options)
        function = self._python_function

        def autograph_handler(*args, **kwargs):
            return autograph.converted_call(function, args, kwargs, options=options)
        return autograph_handler

    def _trace(self, params, values, allow_variables, created, context):
        graph = Graph()
        graph._building_function = True
        graph.name = self._name

        def on_variable_created():
            if not allow_variables:
                raise ValueError("tf.function only supports singleton tf.Variables created on the first call. "
                                 "Make sure the tf.Variable is only created once or created outside tf.function. "
                                 "See https://www.tensorflow.org/guide/function#creating_tfvariables for more "
                                 "information.")
            created.append(True)
        placeholders = []
        variables_lib.creation_hooks.append(on_variable_created)
        try:
            with graph.as_default():
                traced_values = [_placeholders(p.type, v, p.name, placeholders) for p, v in zip(params, values)]
                args, kwargs = _call_args(params, traced_values)
                status = ControlStatusCtx(Status.ENABLED if self._autograph else Status.UNSPECIFIED)
                with status:
                    result = self._converted_python_function()(*args, **kwargs)
                outputs = self._outputs(result)
                _chain_side_effects(graph)
        finally:
            variables_lib.creation_hooks.remove(on_variable_created)
        graph._function_finished = True   # its tensors may not be used outside it any more (TF's error)
        variables = [op.attrs["var"] for op in graph.get_operations() if op.type == "VarHandleOp"]
        build = ragged_output_function if has_ragged(outputs) else ConcreteFunction
        concrete = build(graph, params, placeholders, outputs, self._python_function, variables, self._name,
                         jit_compile=self._jit_compile)
        self._traces.append((context, list(params), concrete))
        return concrete

    def _outputs(self, result):
        """TF converts every returned leaf to a tensor (python numbers too) behind an Identity; None and ops stay."""
        def convert(o):
            if o is None or isinstance(o, Operation):
                return o
            if isinstance(o, COMPOSITE_OUTPUTS):
                return identity_components(o)
            if isinstance(o, variables_lib.Variable):
                o = o.read_value()
            if not isinstance(o, SymbolicTensor):
                try:
                    o = convert_to_tensor(o)
                except (TypeError, ValueError):
                    raise TypeError(f"To be compatible with tf.function, Python functions must return zero or more "
                                    f"Tensors or ExtensionTypes or None values; in compilation of "
                                    f"{self._python_function}, found return value of type {type(o).__name__}, "
                                    f"which is not a Tensor or ExtensionType.") from None
            return array_ops.identity(o)
        return nest.map_structure(convert, result)

    # -- concrete functions -----------------------------------------------------------------------------------
    def get_concrete_function(self, *args, **kwargs) -> ConcreteFunction:
        """Mirrors ``Function.get_concrete_function``: the trace for these arguments (tensors, TensorSpecs or
        python values), tracing if needed."""
        if self._input_signature is not None and not args and not kwargs:
            args = tuple(self._input_signature)
        with self._lock:
            params, values = self._bind_for_concrete(args, kwargs)
            if self._created_variables is None:
                return self._first_trace(params, values)
            return self._lookup_or_trace(params, values)

    def _bind_for_concrete(self, args, kwargs):
        if self._input_signature is not None:
            sig = list(self._input_signature)
            given = list(args)
            if all(isinstance(a, SIGNATURE_SPECS) for a in nest.flatten(given)) and not kwargs:
                canonical = _canonical_params(self._signature, sig, {})
                params = [Param(n, k, trace_type_of(nest.map_structure(unnamed, v))) for n, k, v in canonical]
                return params, [v for _, _, v in canonical]
        params, values = self._bind(args, kwargs)
        return params, values

    def pretty_printed_concrete_signatures(self, verbose: bool = True) -> str:
        """Mirrors ``Function.pretty_printed_concrete_signatures``: every trace's signature."""
        return "\n\n".join(c.pretty_printed_signature(verbose) for _, _, c in self._traces)


def _collect_tensors(trace_type, value, out):
    if isinstance(trace_type, TensorSpec):
        out.append(value if isinstance(value, EagerTensor) else convert_to_tensor(value, dtype=trace_type.dtype))
    elif composite_tensors(trace_type, value, out):
        pass
    elif isinstance(trace_type, Sequence):
        for c, v in zip(trace_type.components, value):
            _collect_tensors(c, v, out)
    elif isinstance(trace_type, Mapping):
        for k, c in trace_type.items:
            _collect_tensors(c, value[k], out)


class FunctionSpec:
    """Mirrors ``Function.function_spec``: the Python function's argspec, its input signature and options."""

    def __init__(self, python_function, signature, input_signature, jit_compile):
        self._signature = signature
        self.input_signature = input_signature
        self.jit_compile = jit_compile
        self.is_pure = False
        params = list(signature.parameters.values())
        self.fullargspec = inspect.FullArgSpec(
            args=[p.name for p in params if p.kind in (inspect.Parameter.POSITIONAL_ONLY,
                                                      inspect.Parameter.POSITIONAL_OR_KEYWORD)],
            varargs=next((p.name for p in params if p.kind is inspect.Parameter.VAR_POSITIONAL), None),
            varkw=next((p.name for p in params if p.kind is inspect.Parameter.VAR_KEYWORD), None),
            defaults=tuple(p.default for p in params if p.default is not inspect.Parameter.empty
                           and p.kind is not inspect.Parameter.KEYWORD_ONLY) or None,
            kwonlyargs=[p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY],
            kwonlydefaults={p.name: p.default for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY
                            and p.default is not inspect.Parameter.empty} or None,
            annotations={})
        self.arg_names = list(self.fullargspec.args)
        self.default_values = {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}

    @property
    def flat_input_signature(self):
        return tuple(nest.flatten(list(self.input_signature))) if self.input_signature is not None else None


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_implements=None, experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None, experimental_follow_type_hints=None,
             name=None):
    """Mirrors ``tf.function`` (``@tf.function`` or ``@tf.function(...)``); see the module docstring.

    ``experimental_relax_shapes`` is TF's old name of ``reduce_retracing``; ``jit_compile``/``experimental_compile``
    compile the plans with torch.compile instead of XLA (runtime/compiled_plan.py); ``experimental_implements``,
    ``experimental_attributes`` and ``experimental_follow_type_hints`` are accepted and change nothing."""
    def decorate(f):
        return Function(f, input_signature, autograph,
                        jit_compile if jit_compile is not None else experimental_compile,
                        bool(reduce_retracing or experimental_relax_shapes), experimental_autograph_options, name)
    if func is not None:
        return decorate(func)
    return decorate
