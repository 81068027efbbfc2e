"""Compiled plans: ``tf.function(jit_compile=True)``, ``tf.config.optimizer.set_jit(True)`` and a Session's
``global_jit_level=ON_1/ON_2`` run a plan through ``torch.compile`` (TF: XLA).

The plan's generated Python function is compiled whole (``fullgraph=True``, ``dynamic=False``: one compile per
input signature, as XLA compiles per shape). Variables are lifted out of the compiled region:

* before a call, the current tensor of every variable the plan touches is put in the run's frame; inside, the
  plan's variable ops read and write that frame through ``_LiftedVariable`` stand-ins (bound in place of the
  variables when the plan is generated), functionally: an assignment or optimizer update makes a new tensor;
* torch.compile returns the frame's final values as outputs (it replays the list writes after the graph), and
  the written variables are bound after the call. So no copy-on-write reference count is checked inside the
  region, reads before a write stay snapshots, and a training step compiles once and never recompiles.

``torch.autograd.grad`` is traced into the graph (``torch._dynamo.config.trace_autograd_ops``); the variables'
leaves and fed tensors that a gradient differentiates against are made before entering.

Control flow whose course is known when the plan is compiled is inlined (runtime/compiled_control_flow.py): a
``tf.cond`` with a constant predicate calls its taken branch, a ``tf.while_loop`` with a constant trip count is
unrolled. A plan torch.compile cannot take runs as the Python plan, with one warning naming the reason:
data-dependent ``tf.cond``/``tf.while_loop`` (or control flow nested in a branch or loop body), string tensors,
``py_func``, summaries, a plan run under an outer GradientTape, or any torch.compile error on the first call (a
graph break included: a kernel reading a tensor's value on the host). Numbers are the Python plan's: random ops
use torch's eager generator (``fallback_random``). A call that fails at run time is re-run
as the Python plan (variables are only written after a successful compiled call), so errors are TF's.

dynamo also guards on torch's thread count (inductor generates its kernels for one): a compiled plan runs with the
count it first compiled with (the caller's is put back after the call), and thread fitting
(runtime/thread_fitting.py) does not refit before compiled plans, so a thread count change never recompiles.
Dynamo refuses autograd Functions with a custom ``jvp``: tfcompat's TF-gradient kernels keep theirs on twins used
only under forward-mode AD (ops/grad_function.py), and compiled plans never run under forward-mode AD.

The backend is inductor; tests pick a cheap one through ``TFCOMPAT_COMPILE_BACKEND`` (``aot_eager``,
``eager``) or ``compile_settings['backend']``."""
from __future__ import annotations

import builtins
import contextlib
import itertools
import logging
import os
import time
import types

import torch

from tfcompat._src.framework import dispatch
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.op_def import KIND_CALL, KIND_CONTROL_FLOW
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.runtime import codegen
from tfcompat._src.runtime import compiled_control_flow

__all__ = ["compile_settings", "jit_settings", "backend_name", "compile_program", "CompiledPlanFunction",
           "unsupported_reason", "function_jit", "session_jit"]

_logger = logging.getLogger("tensorflow")
_BACKEND_ENV = "TFCOMPAT_COMPILE_BACKEND"
# Private switch for tests and benchmarks: the torch.compile backend (None: $TFCOMPAT_COMPILE_BACKEND, else
# inductor).
compile_settings: dict = {"backend": None}

# tf.config.optimizer.set_jit (runtime/config.py): TF's auto-clustering switch.
jit_settings: dict = {"autoclustering": False}

# OptimizerOptions.GlobalJitLevel values (TF's protobuf enum): DEFAULT 0, OFF -1, ON_1 1, ON_2 2.
_JIT_ON_LEVELS = (1, 2)
_JIT_DEFAULT_LEVEL = 0

_PY_FUNC_OPS = frozenset({"PyFunc", "PyFuncStateless", "EagerPyFunc"})
_UNCOMPILABLE_DTYPES = frozenset({"string", "variant", "resource"})


def function_jit(jit_compile) -> bool:
    """Whether a tf.function's plans compile: its ``jit_compile`` when given, else ``tf.config.optimizer.set_jit``."""
    return bool(jit_compile) if jit_compile is not None else jit_settings["autoclustering"]


def session_jit(config) -> bool:
    """Whether a Session's plans compile: its ConfigProto's ``graph_options.optimizer_options.global_jit_level``
    is ON_1/ON_2, or DEFAULT with ``tf.config.optimizer.set_jit`` on."""
    graph_options = getattr(config, "graph_options", None)
    optimizer_options = getattr(graph_options, "optimizer_options", None)
    level = getattr(optimizer_options, "global_jit_level", _JIT_DEFAULT_LEVEL)
    if level == _JIT_DEFAULT_LEVEL:
        return jit_settings["autoclustering"]
    return level in _JIT_ON_LEVELS


def backend_name() -> str:
    """The torch.compile backend compiled plans use."""
    return compile_settings["backend"] or os.environ.get(_BACKEND_ENV) or "inductor"


# ------------------------------------------------------------------------------------------------
# variables lifted into the run's frame
# ------------------------------------------------------------------------------------------------
class _Frame:
    """The values of the lifted variables during one compiled call (``None`` between calls, so nothing holds a
    variable's tensor and copy-on-write outside the compiled region sees no extra reference)."""

    __slots__ = ("values",)

    def __init__(self):
        self.values = None


class _LiftedVariable:
    """Stands for one variable inside a compiled plan (see the module docstring): the kernels' variable accessors
    read and write ``frame.values[index]`` instead of the variable, without in-place writes."""

    # No __slots__: dynamo guards on the instance __dict__.

    def __init__(self, var, frame: _Frame, index: int):
        self._var = var
        self._frame = frame
        self._index = index
        self._dtype = var._dtype
        self._shape = var._shape
        self._name = var._name
        self._validate_shape = var._validate_shape
        self.trainable = var.trainable

    def __getattr__(self, name):
        return getattr(self._var, name)

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self):
        return self._shape

    @property
    def name(self):
        return self._name

    def _current_value(self) -> torch.Tensor:
        return self._frame.values[self._index]

    def _is_initialized(self) -> bool:
        return True  # a plan is compiled-called only when all its variables are initialized

    def _assign_value(self, value: torch.Tensor, mode: str, validate_shape: bool = True) -> torch.Tensor:
        # Variable._assign_value without the in-place branch (its checks, its result).
        cur = self._frame.values[self._index]
        with torch.no_grad():
            if mode == "assign":
                new = value.detach().clone()
            else:
                new = cur.detach() + value if mode == "add" else cur.detach() - value
        if new.dtype != self._dtype.torch_dtype:
            raise errors.InvalidArgumentError(
                f"Trying to assign a {dtypes.from_torch(new.dtype).name} value to the variable {self._name} of "
                f"dtype {self._dtype.name}")
        if validate_shape and self._validate_shape and self._shape.rank is not None and \
                not self._shape.is_compatible_with(TensorShape(new.shape)):
            raise errors.InvalidArgumentError(
                f"Trying to assign to variable with tensor with wrong shape. Expected {self._shape} got "
                f"{TensorShape(new.shape)}")
        self._frame.values[self._index] = new
        return new

    def _bind_fresh(self, t: torch.Tensor) -> torch.Tensor:
        t = t.detach()
        self._frame.values[self._index] = t
        return t

    def _writable_value(self) -> torch.Tensor:
        # A private copy the optimizer kernel updates in place (inside the compiled graph: a new buffer).
        new = self._frame.values[self._index].detach().clone()
        self._frame.values[self._index] = new
        return new


class _LiftedOp:
    """An op seen by the lowering with its variables replaced by ``_LiftedVariable`` stand-ins (everything else
    is the op's own)."""

    def __init__(self, op, attrs):
        self._op = op
        self.attrs = attrs

    def __getattr__(self, name):
        return getattr(self._op, name)


def _map_variables(value, lift):
    if isinstance(value, variables_lib.Variable):
        return lift(value)
    if isinstance(value, (list, tuple)) and any(
            isinstance(v, (variables_lib.Variable, list, tuple)) for v in value):
        return type(value)(_map_variables(v, lift) for v in value)
    return value


def _has_variables(value) -> bool:
    if isinstance(value, variables_lib.Variable):
        return True
    return isinstance(value, (list, tuple)) and any(_has_variables(v) for v in value)


class _LiftingEmitter(codegen.Emitter):
    """The Python plan's emitter, binding kernels to the lifted stand-ins of the variables they use, and inlining
    control-flow nodes by their static course (``courses``: id(op) -> runtime/compiled_control_flow.py's
    ``StaticBranch`` or ``StaticLoop``)."""

    def __init__(self, program, courses: dict):
        super().__init__(program)
        self.courses = courses
        self.frame = _Frame()
        self.variables: list = []      # the lifted variables, in frame order
        self._proxies: dict = {}       # id(variable) -> its _LiftedVariable

    def _lift(self, var):
        proxy = self._proxies.get(id(var))
        if proxy is None:
            proxy = self._proxies[id(var)] = _LiftedVariable(var, self.frame, len(self.variables))
            self.variables.append(var)
        return proxy

    def lower_op(self, op, ins, outs) -> None:
        course = self.courses.get(id(op))
        if any(_has_variables(v) for v in op.attrs.values()):
            op = _LiftedOp(op, {k: _map_variables(v, self._lift) for k, v in op.attrs.items()})
        if course is None:
            super().lower_op(op, ins, outs)
        elif isinstance(course, compiled_control_flow.StaticBranch):
            codegen.lowering_of(op).lower_taken_branch(op, self, ins, outs, course.index)
        else:
            codegen.lowering_of(op).lower_unrolled_loop(op, self, ins, outs, course.trips, course.counter_start)


class _LiftingBackend(codegen.PythonBackend):
    def __init__(self, courses: dict):
        self.emitter = lambda program: _LiftingEmitter(program, courses)

    def compile(self, program):
        fn, src = super().compile(program)
        return fn, src, self.last_emitter

    def _assemble(self, em, program, results):
        self.last_emitter = em
        return super()._assemble(em, program, results)


# ------------------------------------------------------------------------------------------------
# what cannot be compiled
# ------------------------------------------------------------------------------------------------
def _called_graph_reason(graph) -> str | None:
    """Why the ops of a sub-graph a compiled plan calls cannot be traced with it, or None."""
    for inner in graph.get_operations():
        if inner.op_def.kind == KIND_CONTROL_FLOW:
            return f"op {inner.name!r} is control flow nested in a called function"
        reason = _op_reason(inner, frozenset(), {})
        if reason is None and any(_has_variables(v) for v in inner.attrs.values()):
            reason = f"op {inner.name!r} uses a variable inside a called function"
        if reason is not None:
            return reason
    return None


def _op_reason(op, fed_ids, courses: dict):
    if op.type in _PY_FUNC_OPS:
        return f"op {op.name!r} calls Python (tf.py_function/tf.numpy_function)"
    if "Summary" in op.type:
        return f"op {op.name!r} writes a summary"
    kind = op.op_def.kind
    if kind == KIND_CONTROL_FLOW:
        course = compiled_control_flow.static_course(op, fed_ids)
        if course is None:
            return (f"op {op.name!r} is data-dependent control flow (tf.cond/tf.while_loop whose predicate or trip "
                    f"count is not a constant)")
        graphs = ([op.attrs["branches"][course.index]] if isinstance(course, compiled_control_flow.StaticBranch)
                  else [op.attrs["body"]])
        for g in graphs:
            reason = _called_graph_reason(g)
            if reason is not None:
                return reason
        courses[id(op)] = course
    if kind == KIND_CALL:
        reason = _called_graph_reason(op.attrs["f"])
        if reason is not None:
            return reason
    for t in list(op.outputs) + list(op.inputs):
        if t.dtype.name in _UNCOMPILABLE_DTYPES and op.type != "VarHandleOp" and t.op.type != "VarHandleOp":
            return f"op {op.name!r} has a {t.dtype.name} tensor"
    return None


def _analyse(program) -> tuple[str | None, dict]:
    """``(why the plan cannot be compiled or None, {id(control-flow op): its static course})``."""
    fed_ids = {id(t) for t in program.feeds}
    courses: dict = {}
    for op in program.order:
        reason = _op_reason(op, fed_ids, courses)
        if reason is not None:
            return reason, courses
    return None, courses


def unsupported_reason(program) -> str | None:
    """Why ``program`` cannot be compiled (checked before trying), or None."""
    return _analyse(program)[0]


def _warn_fallback(name: str, reason: str) -> None:
    _logger.warning("jit_compile: %s runs uncompiled (as generated Python): %s.", name, reason)


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0] if text else ''}"[:300]


# ------------------------------------------------------------------------------------------------
# the compiled plan function
# ------------------------------------------------------------------------------------------------
class CompiledPlanFunction:
    """``fn(feed_values) -> tuple``, as a plan function: the torch.compile'd plan with lifted variables, or the
    Python plan after a fallback. ``compiles`` counts this plan's graph compiles (recompiles included)."""

    def __init__(self, program, python_fn, lifted_fn, emitter, label: str = "plan"):
        self.name = label
        self._python_fn = python_fn
        self._frame = emitter.frame
        self._variables = emitter.variables
        self._leaf_feeds = [i for i, t in enumerate(program.feeds)
                            if id(t) in emitter.leaf_ids and codegen._is_differentiable(t)]
        self.backend = backend_name()
        self.compiles = 0
        self.compile_seconds = 0.0
        self.fallback_reason = None
        self._compiled_once = False
        self._compiled_states: set = set()
        self._threads = None   # torch's thread count when the plan first compiled: kept while it runs
        inner = torch._dynamo.lookup_backend(self.backend)

        def counting_backend(gm, example_inputs):
            self.compiles += 1
            return inner(gm, example_inputs)
        # fullgraph: a graph break (a kernel reading a tensor's value, an untraceable call) is a compile failure,
        # so the plan falls back whole instead of running as compiled pieces that recompile per op.
        self._compiled = torch.compile(lifted_fn, backend=counting_backend, dynamic=False, fullgraph=True)

    def _run_compiled(self, feeds, inputs, tracing: bool):
        self._frame.values = list(inputs)
        try:
            if tracing:
                with _trace_config():
                    outs = self._compiled(feeds)
            else:
                outs = self._compiled(feeds)
            return outs, self._frame.values
        finally:
            self._frame.values = None

    def fall_back(self, reason: str) -> None:
        """Runs this plan as generated Python from now on, with one warning naming ``reason``."""
        self.fallback_reason = reason
        _warn_fallback(self.name, reason)

    def __call__(self, feeds):
        if self.fallback_reason is not None or dispatch.FORWARD_ACCUMULATORS:
            return self._python_fn(feeds)
        threads = torch.get_num_threads()
        if self._threads is None or threads == self._threads:
            return self._call_compiled(feeds)
        # dynamo guards on the thread count (inductor generates its kernels for one): a compiled plan runs with the
        # count it compiled with, and the caller's count is put back after (no recompile per thread count).
        torch.set_num_threads(self._threads)
        try:
            return self._call_compiled(feeds)
        finally:
            torch.set_num_threads(threads)

    def _call_compiled(self, feeds):
        variables = self._variables
        if not all(v._is_initialized() for v in variables):
            return self._python_fn(feeds)   # raises TF's error, or initializes
        inputs = [v._current_value() for v in variables]
        if self._leaf_feeds:
            feeds = list(feeds)
            for i in self._leaf_feeds:
                feeds[i] = codegen._leaf(feeds[i])
        before = self.compiles
        start = time.perf_counter()
        # The global state dynamo's guards check and that can change between calls (thread fitting, grad mode):
        # a state not compiled yet may trace, so the trace-time settings are needed (else they are skipped).
        state = (torch.get_num_threads(), torch.is_grad_enabled())
        tracing = state not in self._compiled_states
        try:
            outs, values = self._run_compiled(feeds, inputs, tracing)
        except Exception as e:  # noqa: BLE001 - the Python plan re-runs the call (nothing was written)
            if self._compiled_once and not tracing:
                try:  # a guard failed for another reason: trace again with the trace-time settings
                    outs, values = self._run_compiled(feeds, inputs, True)
                except Exception:  # noqa: BLE001 - as above
                    return self._python_fn(feeds)
            elif self._compiled_once:
                return self._python_fn(feeds)
            else:
                result = self._python_fn(feeds)  # a genuine error raises here, as TF's error
                self.fall_back(f"torch.compile failed ({_first_line(e)})")
                return result
        self._compiled_states.add(state)
        if self.compiles != before:
            seconds = time.perf_counter() - start
            self.compile_seconds += seconds
            _logger.info("jit_compile: compiled %s with torch.compile (backend=%s) in %.2f s.", self.name,
                         self.backend, seconds)
        self._compiled_once = True
        if self._threads is None:
            self._threads = torch.get_num_threads()
        for var, old, new in zip(variables, inputs, values):
            if new is not old:
                var._bind_fresh(new)
        return outs


@contextlib.contextmanager
def _trace_config():
    # trace_autograd_ops: torch.autograd.grad is traced into the graph (gradient nodes). fallback_random:
    # inductor draws random numbers with torch's eager generator, so they are the Python plan's.
    import torch._inductor.config as inductor_config  # noqa: PLC0415 - heavy; only when a plan compiles
    with torch._dynamo.config.patch(trace_autograd_ops=True, capture_scalar_outputs=True), \
            inductor_config.patch(fallback_random=True):
        yield


_lifted_ids = itertools.count(1)


def _detached_results(feeds):
    # Without an outer tape the results leave the plan detached (ConcreteFunction, Session.run): detaching them
    # inside lets torch.autograd.grad consume their graph in the compiled region.
    return tuple(o.detach() if isinstance(o, torch.Tensor) else o for o in _plan_fn(feeds))  # noqa: F821


def compile_program(program, label: str = "plan"):
    """``(fn, source)`` for a plan run with jit compilation: a ``CompiledPlanFunction``, or the Python plan with
    one warning when the plan cannot be compiled. ``label`` names the plan in log lines (the function's name)."""
    if program.create_graph:
        python_fn, src = codegen.BACKEND.compile(program)
        _warn_fallback(label, "an outer GradientTape differentiates the call")
        return python_fn, src
    reason, courses = _analyse(program)
    python_fn, src = codegen.BACKEND.compile(program)
    if reason is not None:
        _warn_fallback(label, reason)
        return python_fn, src
    plan_fn, _, emitter = _LiftingBackend(courses).compile(program)
    # A code object of its own per plan: dynamo caches compiled graphs (and counts recompiles) per code object.
    code = _detached_results.__code__.replace(co_name=f"{plan_fn.__name__}_{next(_lifted_ids)}")
    lifted_fn = types.FunctionType(code, {"_plan_fn": plan_fn, "torch": torch, "__builtins__": builtins})
    return CompiledPlanFunction(program, python_fn, lifted_fn, emitter, label), src
