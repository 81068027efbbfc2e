"""``tf.Variable``: one class for TF2 eager (resource) variables and TF1 graph variables.

Writes are copy-on-write, as TF's resource variables do (``PrepareToUpdateVariable``): an assignment or an
optimizer update writes into the variable's tensor in place when nothing but the variable holds it, and
otherwise first binds a private copy. So a value read earlier (held by the user, fetched in the same
``Session.run``, saved by a tape or by torch autograd) stays a snapshot, as in TF, and torch's version counter
never sees a saved tensor modified. A trainable float variable's tensor is a ``requires_grad`` leaf; gradients
with respect to the variable are gradients with respect to that leaf.

In graph mode the value lives in the running Session's resource store (TF: per-session state); the variable's
graph tensor (``VarHandleOp``, named like the variable, ``W:0``) evaluates to it."""
from __future__ import annotations

import contextlib
import sys

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dispatch as dispatch_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework import fused_eager
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework import name_scope as name_scope_lib
from tfcompat._src.ops.variable_creator import VariableCreatorMeta
from tfcompat._src.ops.variable_enums import VariableAggregation, VariableSynchronization
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, TF_GRADIENT_NONE, register_op
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["Variable", "ResourceVariable"]

_ctx = ctx_lib.context()
# Hooks called with the variable on every eager read (GradientTape's watch_accessed_variables, custom_gradient's
# variable collection, deferred checkpoint restores). Autodiff's are present only while they have work (a tape
# records, a custom_gradient function runs): install and remove them with add_read_hook / remove_read_hook,
# which rebind the list, so a read iterating over it is never disturbed.
read_hooks: list = []


def add_read_hook(hook) -> None:
    """Calls ``hook(variable)`` on every eager variable read from now on (once, however often added)."""
    global read_hooks
    if hook not in read_hooks:
        read_hooks = read_hooks + [hook]


def remove_read_hook(hook) -> None:
    """Stops calling ``hook`` on reads (no error when it was not installed)."""
    global read_hooks
    if hook in read_hooks:
        read_hooks = [h for h in read_hooks if h is not hook]
# The runtime installs a function evaluating a symbolic tensor (a variable's initial value built while tracing).
symbolic_evaluator: list = [None]
# runtime/function.py installs a hook here while a tf.function traces: called for every variable created meanwhile,
# under init_scope too (TF's variable creator scope), to allow it (first trace) or raise TF's ValueError.
creation_hooks: list = []
# tools/compare (aligned runs) installs a function here: called as ``hook(name, shape, dtype, value)`` when an
# eager variable is created (name ``'x:0'``, a TensorShape, a DType, the initial torch tensor); a torch tensor it
# returns replaces the initial value (same shape and dtype). Empty otherwise.
initial_value_hooks: list = []


def _store():
    store = getattr(_ctx, "resource_store", None)
    if store is None:
        raise errors.FailedPreconditionError("Graph variables can only be read while a Session runs.")
    return store


def _as_leaf(t: torch.Tensor, trainable: bool) -> torch.Tensor:
    t = t.detach()
    if trainable and (t.dtype.is_floating_point or t.dtype.is_complex):
        t.requires_grad_(True)
    return t


# -- copy-on-write ----------------------------------------------------------------------------------------
# A variable writes in place only into a tensor it allocated itself (marked with this attribute): a tensor bound
# from outside (an initial value, Variable.load, a restored checkpoint) may share memory with a numpy array or
# another tensor in ways torch's reference counts do not show.
_OWNED = "_tfcompat_variable_owned"


def _owned_leaf(t: torch.Tensor, trainable: bool) -> torch.Tensor:
    leaf = _as_leaf(t, trainable)
    setattr(leaf, _OWNED, True)
    return leaf


def _python_refs(t: torch.Tensor) -> int:
    return sys.getrefcount(t)


_PROBE = {0: torch.zeros(1)}


def _baseline_refs() -> int:
    # The Python references an unshared variable tensor has inside _unshared, measured through the same call
    # shape: one from the variable (its attribute or the session's store), one local in the caller, the
    # parameter, getrefcount's argument. Measured on each call, not once: the interpreter's count for the same
    # call shape can change while a program runs (after a torch.compile failure it is one higher for good, and
    # a baseline measured before that would refuse every in-place update).
    cur = _PROBE[0]
    return _python_refs(cur)


def _unshared(t: torch.Tensor) -> bool:
    """Whether ``t`` (a variable's current tensor, held by one local of the caller) may be written in place:
    the variable allocated it, no other Python object refers to it, no other tensor (a view, a ``detach()``,
    a numpy array) shares its memory, and no autograd graph saved it (TF: the buffer's refcount is one)."""
    if not getattr(t, _OWNED, False):
        return False
    uses = t._use_count()
    # While C++ holds more references than the Python object's own, torch keeps one extra reference to it.
    if sys.getrefcount(t) - (uses > 1) != _baseline_refs():
        return False
    if torch._C._storage_Use_Count(t.untyped_storage()._cdata) != 2:  # t's + the temporary storage object
        return False
    if uses == 1:
        return True
    # A graph built from a read of a trainable variable (a fetched loss, a live tape's result) keeps the
    # leaf's AccumulateGrad node, which holds the leaf but never reads its values: harmless. It is the one
    # other holder when fetching the node adds no reference (it existed already).
    return uses == 2 and t.requires_grad and _only_autograd_holds(t)


def _only_autograd_holds(t: torch.Tensor) -> bool:
    """Whether the one holder of leaf ``t`` besides its Python object (``_use_count() == 2``) is its AccumulateGrad
    node (``_unshared``; runtime/training/writable_values.py)."""
    # torch.autograd.graph.get_gradient_edge(t) for a leaf, inlined (it costs ~7 Python calls per update).
    prev = torch.is_grad_enabled()
    torch._C._set_grad_enabled(True)
    try:
        node = t.view_as(t).grad_fn.next_functions[0][0]
    finally:
        torch._C._set_grad_enabled(prev)
    held = t._use_count() == 2
    del node
    return held


def _handle_shape(inputs, attrs):
    v = attrs["var"]
    return [(v._shape, v.dtype)]


@register_op("VarHandleOp", grad=DIFFERENTIABLE, inputs=(), stateful=True, shape_fn=_handle_shape,
             tf_gradient=TF_GRADIENT_NONE)
def _var_handle(*, var):
    # Not inlined: compiled plans' variable stand-ins and string variables override _current_value.
    return var._current_value()


@register_op("ReadVariableOp", grad=DIFFERENTIABLE, inputs=("resource",), stateful=True,
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _read_variable(handle, *, var):
    # The value at the time of the read (an assignment earlier in the same run is visible); the same tensor
    # object as the handle's value when nothing was assigned, so gradients w.r.t. the variable reach it.
    return var._current_value()


def _assign_shape(inputs, attrs):
    return [(attrs["var"]._shape, attrs["var"].dtype)]


@register_op("AssignVariableOp", grad=NOT_DIFFERENTIABLE, inputs=("value",), stateful=True, shape_fn=_assign_shape,
             tf_gradient=TF_GRADIENT_NONE,
             writes_variables=True)
def _assign_variable(value, *, var, mode="assign", validate_shape=True):
    return var._assign_value(value, mode, validate_shape)


@register_op("AssignAddVariableOp", grad=NOT_DIFFERENTIABLE, inputs=("value",), stateful=True,
             tf_gradient=TF_GRADIENT_NONE,
             shape_fn=_assign_shape, writes_variables=True)
def _assign_add_variable(value, *, var, validate_shape=True):
    return var._assign_value(value, "add", validate_shape)


@register_op("AssignSubVariableOp", grad=NOT_DIFFERENTIABLE, inputs=("value",), stateful=True,
             tf_gradient=TF_GRADIENT_NONE,
             shape_fn=_assign_shape, writes_variables=True)
def _assign_sub_variable(value, *, var, validate_shape=True):
    return var._assign_value(value, "sub", validate_shape)


_ASSIGN_OPS = {"assign": "AssignVariableOp", "add": "AssignAddVariableOp", "sub": "AssignSubVariableOp"}
_NUMERICS_CHECKERS = dispatch_lib.NUMERICS_CHECKERS


@register_op("VarIsInitializedOp", grad=NOT_DIFFERENTIABLE, inputs=(), stateful=True,
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.bool_)])
def _is_initialized(*, var):
    return torch.tensor(var._is_initialized())


@register_op("InitializedValue", grad=NOT_DIFFERENTIABLE, inputs=("initial_value",), stateful=True,
             tf_gradient=TF_GRADIENT_NONE,
             shape_fn=_assign_shape)
def _initialized_value(initial, *, var):
    if var._is_initialized():
        return var._current_value()
    return initial


def _dims(shape) -> str:
    return "<unknown>" if shape.rank is None else "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


class Variable(metaclass=VariableCreatorMeta):   # the metaclass runs tf.variable_creator_scope's chain
    """Mirrors ``tf.Variable`` (TF2 resource semantics in eager mode; TF1 graph variable under a graph).

    Writes are copy-on-write (see the module docstring): reads are snapshots, as in TF."""

    _next_uid = 0

    def __new__(cls, *args, **kwargs):
        # As TF: ``tf.Variable(...)`` makes a ResourceVariable (``type(v).__name__`` is 'ResourceVariable',
        # ``isinstance(v, tf.Variable)`` holds); subclasses make themselves.
        return object.__new__(ResourceVariable if cls is Variable else cls)

    def __init__(self, initial_value=None, trainable=None, validate_shape=True, caching_device=None, name=None,
                 variable_def=None, dtype=None, import_scope=None, constraint=None, synchronization=None,
                 aggregation=None, shape=None, collections=None, use_resource=None, expected_shape=None,
                 experimental_enable_variable_lifting=True):
        if initial_value is None:
            raise ValueError("The `initial_value` arg (None) must be specified.")
        for hook in creation_hooks:
            hook()
        Variable._next_uid += 1
        self._uid = Variable._next_uid
        self.trainable = True if trainable is None else bool(trainable)
        self._constraint = constraint
        # TF keeps what it was given; the defaults are AUTO and the v1 enum's NONE.
        self._synchronization = VariableSynchronization.AUTO if synchronization is None else synchronization
        self._aggregation = VariableAggregation.NONE if aggregation is None else aggregation
        self._validate_shape = validate_shape
        self._tapes = ()
        graph = ctx_lib.graph_mode_graph()
        if graph is not None and graph._building_function:
            # TF2: a variable created while tracing a tf.function is created once, eagerly (lifted out).
            graph._on_variable_created()
            if isinstance(initial_value, SymbolicTensor):
                initial_value = EagerTensor(symbolic_evaluator[0](initial_value))
            graph = None
            with ctx_lib.init_scope():
                self._graph = None
                self._init_eager(initial_value, dtype, name, shape)
            return
        if graph is not None:
            graph = graph._state_root()  # created in a cond branch or loop body: lives in the enclosing graph
        self._graph = graph
        if graph is None:
            self._init_eager(initial_value, dtype, name, shape)
        else:
            with ctx_lib.push_graph(graph):
                self._init_graph(graph, initial_value, dtype, name, shape, collections)

    # -- construction ---------------------------------------------------------------------------------
    def _init_eager(self, initial_value, dtype, name, shape):
        if callable(initial_value):
            initial_value = initial_value()
        init = convert_to_tensor(initial_value, dtype=dtype) if not isinstance(initial_value, Variable) \
            else initial_value.read_value()
        if dtype is not None and init.dtype is not dtypes.as_dtype(dtype):
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for Tensor with "
                             f"dtype {init.dtype.name}")
        self._dtype = init.dtype
        self._shape = TensorShape(shape) if shape is not None else init.shape
        # As TF: named inside the eager name scope, never uniquified (name='' gives ':0', 'a/' is absolute).
        scope = name_scope_lib.eager_scope_after(name_scope_lib.eager_scope_name(),
                                                 "Variable" if name is None else name)
        self._name = (scope[:-1] if scope.endswith("/") else scope) + ":0"
        value = init._t.clone() if init._t.requires_grad else init._t
        for hook in initial_value_hooks:
            replaced = hook(self._name, self._shape, self._dtype, value)
            value = value if replaced is None else replaced
        self._value = _as_leaf(value, self.trainable)
        self._handle_tensor = None
        self._initializer_op = None
        self._initial_value = init

    def _init_graph(self, graph, initial_value, dtype, name, shape, collections):
        with graph.name_scope(name or "Variable") as scope:
            op_name = scope[:-1]
            with graph.name_scope("Initializer"), graph.control_dependencies(None):
                if callable(initial_value):
                    initial_value = initial_value()
                init = convert_to_tensor(initial_value, dtype=dtype)
            self._dtype = init.dtype
            self._shape = TensorShape(shape) if shape is not None else init.shape
            self._initial_value = init
            saved = graph._name_stack
            graph._name_stack = ""
            # The handle op takes the scope's own name, so the variable is named 'W:0' like in TF.
            graph._names_in_use[op_name.lower()] = graph._names_in_use.get(op_name.lower(), 1)
            with graph.control_dependencies(None):
                self._handle_tensor = _add_handle_op(graph, self, op_name)
            graph._name_stack = saved
            with graph.control_dependencies(None):
                self._initializer_op = apply_op("AssignVariableOp", [init],
                                                {"var": self, "mode": "assign",
                                                 "validate_shape": self._validate_shape}, name="Assign").op
        self._name = self._handle_tensor.name
        if collections is None:
            collections = [GraphKeys.GLOBAL_VARIABLES]
        collections = list(collections)
        if self.trainable and GraphKeys.TRAINABLE_VARIABLES not in collections:
            collections.append(GraphKeys.TRAINABLE_VARIABLES)
        graph.add_to_collections(collections, self)

    @classmethod
    def _from_imported_handle(cls, graph, op_name: str, dtype, shape, trainable: bool = True) -> "Variable":
        """A graph variable for a ``VarHandleOp``/``VariableV2`` node read by ``tf.import_graph_def``
        (framework/importer.py): its handle op is created as ``op_name``; the initializer and initial value are
        the imported graph's own, set by the importer (TF: ``Variable(variable_def=...)``)."""
        v = cls.__new__(cls)
        Variable._next_uid += 1
        v._uid = Variable._next_uid
        v.trainable = trainable
        v._constraint = None
        v._synchronization = VariableSynchronization.AUTO
        v._aggregation = VariableAggregation.NONE
        v._validate_shape = True
        v._tapes = ()
        v._graph = graph
        v._dtype = dtype
        v._shape = TensorShape(shape)
        v._initial_value = None
        v._initializer_op = None
        v._handle_tensor = _add_handle_op(graph, v, op_name)
        v._name = v._handle_tensor.name
        return v

    # -- value access used by kernels -----------------------------------------------------------------
    def _current_value(self) -> torch.Tensor:
        # The hottest read of a step: inlined _store(), no Python call but this one in the common case.
        if self._graph is None:
            return self._value
        try:
            return _ctx.resource_store[self]
        except (AttributeError, TypeError):  # no store attribute, or None: no Session runs
            _store()  # raises FailedPreconditionError
            raise
        except KeyError:
            raise errors.FailedPreconditionError(
                f"Attempting to use uninitialized value {self.op.name}\n\t [[{{{{node {self.op.name}}}}}]]. "
                f"Run the variable's initializer (e.g. tf.compat.v1.global_variables_initializer()) first."
            ) from None

    def _is_initialized(self) -> bool:
        if self._graph is None:
            return True
        return self in _store()

    def _assign_value(self, value: torch.Tensor, mode: str, validate_shape: bool = True) -> torch.Tensor:
        # An uninitialized variable can be assigned (its initializer) but not added to (that raises here).
        cur = self._current_value() if mode != "assign" or self._is_initialized() else None
        if cur is not None and value.dtype == cur.dtype and value.shape == cur.shape and \
                value.device == cur.device and _unshared(cur):
            # In place (copy-on-write found nothing else holding the tensor); dtype and shape already agree.
            with dispatch_lib.no_grad():
                if mode == "assign":
                    cur.copy_(value)
                elif mode == "add":
                    cur.add_(value)
                else:
                    cur.sub_(value)
            return cur
        with dispatch_lib.no_grad():
            if mode == "assign":
                new = value
            else:
                new = cur + value if mode == "add" else cur - value
            if new.dtype != self._dtype.torch_dtype:
                raise errors.InvalidArgumentError(
                    f"Trying to assign a {dtypes.from_torch(new.dtype).name} value to the variable "
                    f"{self._name} of dtype {self._dtype.name}")
            # new.shape == _dims (a torch.Size equal to the fully known shape) is compatible without more calls.
            if validate_shape and self._validate_shape and new.shape != self._shape._dims and \
                    self._shape.rank is not None and not self._shape.is_compatible_with(TensorShape(new.shape)):
                raise errors.InvalidArgumentError(
                    f"Trying to assign to variable with tensor with wrong shape. Expected {self._shape} got "
                    f"{TensorShape(new.shape)}")
            leaf = _owned_leaf(new.clone() if new is value else new, self.trainable)
        if self._graph is None:
            self._value = leaf
        else:
            _store()[self] = leaf
        return leaf

    def _bind_fresh(self, t: torch.Tensor) -> torch.Tensor:
        # Binds a tensor a kernel just computed (nothing else holds it) with the variable's dtype and shape, so
        # the copy and checks of _assign_value are skipped. Returns the bound leaf.
        leaf = _owned_leaf(t, self.trainable)
        if self._graph is None:
            self._value = leaf
        else:
            _ctx.resource_store[self] = leaf   # a kernel runs: a Session's store is installed
        return leaf

    def _writable_value(self) -> torch.Tensor:
        """The variable's tensor, ready to be updated in place under ``torch.no_grad`` (optimizer kernels,
        runtime/training/update_ops.py): the current one when nothing else holds it, else a private copy bound
        first (TF's copy-on-write before a resource variable update)."""
        # self._current_value() inlined (optimizer kernels call this per slot per step; the compiled plans'
        # stand-in overrides this method, and a string variable is never updated by an optimizer).
        try:
            cur = self._value if self._graph is None else _ctx.resource_store[self]
        except (AttributeError, TypeError, KeyError):
            cur = self._current_value()
        if _unshared(cur):
            return cur
        return self._bind_fresh(cur.detach().clone())

    # -- TF API ---------------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    def get_shape(self) -> TensorShape:
        return self._shape

    @property
    def graph(self):
        return self._graph

    @property
    def op(self):
        if self._graph is None:
            raise AttributeError("Variable.op is undefined when eager execution is enabled.")
        return self._handle_tensor.op

    @property
    def handle(self):
        return self._handle_tensor if self._graph is not None else self

    @property
    def device(self) -> str:
        return ""

    @property
    def initializer(self):
        return self._initializer_op

    @property
    def initial_value(self):
        return self._initial_value

    @property
    def constraint(self):
        return self._constraint

    @property
    def synchronization(self):
        return self._synchronization

    @property
    def aggregation(self):
        return self._aggregation

    def initialized_value(self):
        """Mirrors ``Variable.initialized_value``: the value, initializing it first if needed."""
        if self._graph is None:
            return self.read_value()
        return apply_op("InitializedValue", [self._initial_value], {"var": self})

    def is_initialized(self, name=None):
        if self._graph is None:
            return convert_to_tensor(True)
        return apply_op("VarIsInitializedOp", [], {"var": self}, name=name)

    def value(self):
        return self._as_tensor()

    def read_value(self):
        """Mirrors ``Variable.read_value``: a snapshot of the current value."""
        graph = ctx_lib.graph_mode_graph()
        if graph is None and self._graph is None:
            return self._eager_read()
        return self._graph_read(graph)

    def _graph_handle(self, graph):
        if self._graph is not None:
            return self._handle_tensor
        # An eager variable used while building a graph (tf.function): a handle op reading its live value.
        if graph._state_root() is not graph:  # a control-flow sub-graph captures the enclosing graph's handle
            return graph.capture(self._graph_handle(graph._state_root()))
        cache = graph._captures.get(("var", self._uid))
        if cache is None:
            with ctx_lib.push_graph(graph), graph.control_dependencies(None):
                saved = graph._name_stack
                graph._name_stack = ""
                cache = _add_handle_op(graph, self, graph.unique_name(self._name.split(":")[0]))
                graph._name_stack = saved
            graph._captures[("var", self._uid)] = cache
        return cache

    def _eager_read(self) -> EagerTensor:
        for hook in read_hooks:
            hook(self)
        tapes = self._tapes
        value = self._value
        if _NUMERICS_CHECKERS:   # tf.debugging.enable_check_numerics: TF checks each eager ReadVariableOp
            _NUMERICS_CHECKERS[-1].eager(op_def_lib.REGISTRY["ReadVariableOp"], value, ())
        if tapes:
            recording = _ctx.recording_tapes
            if len(tapes) == 1:
                if tapes[0] not in recording:
                    tapes = ()
            else:
                tapes = tuple(t for t in tapes if t in recording)
            if tapes and value.requires_grad:
                # A recorded read is its own tensor (TF: one ReadVariableOp each), so the gradient for the read
                # and the one for the variable (all its reads) stay apart; see tests/autodiff/test_tape.py.
                if torch.is_grad_enabled():
                    value = value.view_as(value)
                else:
                    with dispatch_lib.enable_grad():
                        value = value.view_as(value)
        return EagerTensor(value, self._dtype, tapes)

    def _as_tensor(self):
        graph = ctx_lib.graph_mode_graph()
        if graph is None and self._graph is None:
            return self._eager_read()
        if self._graph is not None and graph is self._graph and not graph._building_function:
            return self._handle_tensor  # TF1 ref-variable semantics: ops consume 'W:0' directly
        return self._graph_read(graph)

    def _graph_read(self, graph):
        with _ordered_after_writes(graph, self, write=False):
            return apply_op("ReadVariableOp", [self._graph_handle(graph)], {"var": self})

    def _as_graph_element(self):
        return self._handle_tensor

    def _assign(self, value, mode, use_locking=None, name=None, read_value=True):
        graph = ctx_lib.graph_mode_graph()
        if not isinstance(value, (EagerTensor, SymbolicTensor)):
            value = convert_to_tensor(value, dtype=self._dtype)
        if graph is None and self._graph is None and type(value) is EagerTensor and value._dtype is self._dtype \
                and value._t.shape == self._value.shape:
            # The usual eager update (a python number included, e.g. ``iterations.assign_add(1)``): the value has
            # the variable's dtype and its current value's shape (which the variable's shape admits), so none of
            # the checks below can fail.
            self._assign_value(value._t, mode)
            return _unread_view(self) if read_value else None
        if value.dtype is not self._dtype:
            raise ValueError(f"Tensor conversion requested dtype {self._dtype.name} for Tensor with dtype "
                             f"{value.dtype.name}: {value!r}")
        if self._validate_shape and not self._shape.is_compatible_with(value.shape):
            if mode == "assign":
                raise ValueError(f"Cannot assign value to variable ' {self._name}': Shape mismatch.The variable "
                                 f"shape {self._shape}, and the assigned value shape {value.shape} are "
                                 f"incompatible.")
            # TF: no Python-side check for assign_add/sub; the kernel (eager) or shape inference (graph) rejects.
            op = "AssignAddVariableOp" if mode == "add" else "AssignSubVariableOp"
            if graph is None and self._graph is None:
                raise errors.InvalidArgumentError(
                    f"Cannot update variable with shape {_dims(self._shape)} using a Tensor with shape "
                    f"{_dims(value.shape)}, shapes must be equal. [Op:{op}] name: ")
            raise ValueError(f"Shapes must be equal rank, or dimensions must be equal: variable shape "
                             f"{_dims(self._shape)} and update shape {_dims(value.shape)} for '{{{{node {op}}}}}'")
        if graph is None and self._graph is None:
            self._assign_value(value._t, mode)
            return _unread_view(self) if read_value else None
        if self._graph is None:
            self._graph_handle(graph)
        with _ordered_after_writes(graph, self, write=True):
            out = apply_op(_ASSIGN_OPS[mode], [value], {"var": self}, name=name)
        return out

    def assign(self, value, use_locking=None, name=None, read_value=True):
        """Mirrors ``Variable.assign``."""
        return self._assign(value, "assign", use_locking, name, read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        """Mirrors ``Variable.assign_add``."""
        return self._assign(delta, "add", use_locking, name, read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        """Mirrors ``Variable.assign_sub``."""
        return self._assign(delta, "sub", use_locking, name, read_value)

    def load(self, value, session=None):
        """Mirrors ``Variable.load`` (TF1): assigns without adding ops to the graph."""
        if self._graph is None:
            self.assign(value)
            return
        from tfcompat._src.framework import session_hooks
        session = session or session_hooks.default_session()
        from tfcompat._src.framework.dispatch import to_torch_value
        t = value._t if isinstance(value, EagerTensor) else to_torch_value(value, self._dtype)
        if self._shape.rank is not None and not self._shape.is_compatible_with(TensorShape(t.shape)):
            raise ValueError(f"Cannot load value of shape {tuple(t.shape)} into variable {self._name} of shape "
                             f"{self._shape}")
        session._resource_store[self] = _as_leaf(t.to(session._device_for(self)), self.trainable)

    def eval(self, session=None):
        """Mirrors ``Variable.eval`` (TF1)."""
        if self._graph is None:
            return self.numpy()
        from tfcompat._src.framework import session_hooks
        return session_hooks.run_in_default_session(self._handle_tensor, None, session)

    def numpy(self):
        if self._graph is not None:
            raise NotImplementedError("numpy() is only available when eager execution is enabled.")
        return self._eager_read().numpy()

    def __array__(self, dtype=None, copy=None):
        import numpy as np
        a = np.asarray(self.numpy())
        return a.astype(dtype) if dtype is not None else a

    def set_shape(self, shape):
        self._shape = self._shape.merge_with(shape)

    def count_up_to(self, limit):
        raise NotImplementedError("count_up_to is not supported")

    def __repr__(self):
        if self._graph is None:
            return (f"<tf.Variable '{self._name}' shape={self._shape} dtype={self._dtype.name}, "
                    f"numpy={EagerTensor(self._value)._numpy_text(True)}>")
        return f"<tf.Variable '{self._name}' shape={self._shape} dtype={self._dtype.name}>"

    def __bool__(self):
        return bool(self._as_tensor())

    def __iter__(self):
        return iter(self._as_tensor())

    def __len__(self):
        return len(self._as_tensor())

    def __float__(self):
        return float(self.numpy())

    def __int__(self):
        return int(self.numpy())

    def __deepcopy__(self, memo):
        return Variable(self.read_value(), trainable=self.trainable, name=self._name.split(":")[0])


class ResourceVariable(Variable):
    """The class of ``tf.Variable(...)`` instances, as TF's ``resource_variable_ops.ResourceVariable`` (every
    tfcompat variable has resource semantics; TF1's ``RefVariable`` class is not reproduced)."""


def _fused_read(var: Variable):
    # The fused eager entry's read of a tf.Variable (framework/fused_eager.py): the same eager read as
    # read_value(), or None for a graph variable (the general path handles it).
    return var._eager_read() if var._graph is None else None


fused_eager.EAGER_VARIABLE_READS[ResourceVariable] = _fused_read


class _UnreadVariable(ResourceVariable):
    """Mirrors TF's ``_UnreadVariable``: what an eager ``assign``/``assign_add``/``assign_sub`` returns.

    A view of the assigned variable under the name ``UnreadVariable`` (its repr, ``name``): reading it reads the
    variable's current value, writing it writes the variable, and its own ``assign*`` return another view."""

    def __new__(cls, parent):
        return object.__new__(cls)

    def __init__(self, parent):  # noqa: D107 - no Variable state of its own: everything is the parent's
        object.__setattr__(self, "_parent", parent)

    def __getattr__(self, name):
        return getattr(self._parent, name)

    def __setattr__(self, name, value):
        setattr(self._parent, name, value)

    @property
    def name(self) -> str:
        return "UnreadVariable"

    def _eager_read(self) -> EagerTensor:
        return self._parent._eager_read()

    def _as_tensor(self):
        return self._parent._as_tensor()

    def read_value(self):
        return self._parent.read_value()

    def value(self):
        return self._parent.value()

    def numpy(self):
        return self._parent.numpy()

    def _assign(self, value, mode, use_locking=None, name=None, read_value=True):
        return self._parent._assign(value, mode, use_locking, name, read_value)

    def _assign_value(self, value, mode, validate_shape=True):
        return self._parent._assign_value(value, mode, validate_shape)

    def __repr__(self):
        return (f"<tf.Variable 'UnreadVariable' shape={self._parent._shape} dtype={self._parent._dtype.name}, "
                f"numpy={EagerTensor(self._parent._value)._numpy_text(True)}>")


@contextlib.contextmanager
def _ordered_after_writes(graph, var, write):
    """tf.function's automatic control dependencies: reads and writes of one variable keep program order."""
    if graph is None or not graph._building_function:
        yield
        return
    log = graph.__dict__.setdefault("_var_access", {})
    last_write, reads = log.get(var._uid, (None, []))
    deps = ([last_write] if last_write is not None else []) + (reads if write else [])
    with graph.control_dependencies(deps):
        yield
    op = graph._ops[-1]
    if write:
        log[var._uid] = (op, [])
    else:
        reads.append(op)
        log[var._uid] = (last_write, reads)


def _add_handle_op(graph, var, op_name):
    from tfcompat._src.framework.dispatch import infer_output_specs
    op_def = op_def_lib.REGISTRY["VarHandleOp"]
    attrs = {"var": var}
    op = graph._add_op(op_def, op_name, [], attrs, infer_output_specs(op_def, [], attrs))
    graph._ops_by_name[op_name] = op
    return op.outputs[0]


def is_variable_initialized(variable):
    return variable.is_initialized()


def _unread_view(parent: Variable) -> _UnreadVariable:
    # _UnreadVariable(parent) without the variable-creator metaclass call and __new__/__init__ (an eager assign
    # returns one every step).
    view = object.__new__(_UnreadVariable)
    object.__setattr__(view, "_parent", parent)
    return view
