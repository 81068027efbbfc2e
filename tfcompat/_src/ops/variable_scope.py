"""``tf.compat.v1.variable_scope`` / ``get_variable`` (mirrors TF's ``variable_scope.py``).

Variable names depend only on the variable scope; op names on the name scope that each ``variable_scope`` also
opens (TF: entering scope "foo" twice gives variable scope "foo" both times but name scopes "foo" and "foo_1").
Per graph there is one variable store (name -> Variable created by ``get_variable``) and one scope store (the
current VariableScope and use counts, which make ``default_name`` scopes unique). As in TF2, executing eagerly
``get_variable`` creates a new variable on every call (no store), unless a store that keeps eager variables is
installed with ``with_variable_store`` (``track_tf1_style_variables``)."""
from __future__ import annotations

import contextlib
import enum
import inspect

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import name_scope as name_scope_lib
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import init_ops
from tfcompat._src.ops.variables import Variable

__all__ = ["AUTO_REUSE", "VariableScope", "variable_scope", "get_variable", "get_variable_scope",
           "get_local_variable", "with_variable_store", "current_variable_store", "create_variable",
           "check_shared_variable"]


class _ReuseMode(enum.Enum):
    AUTO_REUSE = 1


AUTO_REUSE = _ReuseMode.AUTO_REUSE


class _VariableStore:
    """Variables created by ``get_variable`` in one graph, by full name (TF's ``_VariableStore``).

    ``store_eager_variables``: whether ``get_variable`` keeps (and reuses) variables created while executing
    eagerly; False here (TF2: a new variable per eager call), True for the variable store of
    ``track_tf1_style_variables`` (keras/utils/variable_scope_shim.py), installed with ``with_variable_store``."""

    store_eager_variables = False

    def __init__(self):
        self.vars = {}

    def get_variable(self, name, shape=None, dtype=dtypes.float32, initializer=None, regularizer=None, reuse=None,
                     trainable=None, collections=None, validate_shape=True, constraint=None, store=True):
        if shape is not None:
            shape = TensorShape(shape)
        dtype = dtypes.as_dtype(dtype)
        if store and name in self.vars:
            if reuse is False:
                raise ValueError(f"Variable {name} already exists, disallowed. Did you mean to set reuse=True or "
                                 f"reuse=tf.AUTO_REUSE in VarScope?")
            return check_shared_variable(self.vars[name], name, shape, dtype, initializer)
        v = create_variable(name, shape, dtype, initializer, reuse, trainable, collections, validate_shape,
                            constraint)
        if store:
            self.vars[name] = v
        if regularizer is not None:
            self._add_regularization_loss(name, v, regularizer)
        return v

    @staticmethod
    def _add_regularization_loss(name, var, regularizer) -> None:
        graph = ctx_lib.graph_mode_graph()
        if graph is None:
            loss = regularizer(var)
        else:
            with graph.name_scope(name + "/Regularizer/"):
                loss = regularizer(var)
        if loss is not None:
            ctx_lib.get_default_graph().add_to_collection(GraphKeys.REGULARIZATION_LOSSES, loss)


def check_shared_variable(found, name, shape, dtype, initializer):
    """``found`` if a request for variable ``name`` with ``shape``/``dtype`` may share it (TF's checks)."""
    if shape is not None and initializer is not None and not callable(initializer):
        raise ValueError("If initializer is a constant, do not specify shape.")
    if shape is not None and not shape.is_compatible_with(found.get_shape()):
        raise ValueError(f"Trying to share variable {name}, but specified shape {shape} and found shape "
                         f"{found.get_shape()}.")
    if dtype is not found.dtype:
        raise ValueError(f"Trying to share variable {name}, but specified dtype {dtype.name} and found "
                         f"dtype {found.dtype.name}.")
    return found


def create_variable(name, shape, dtype, initializer, reuse, trainable, collections, validate_shape, constraint):
    """A new variable for ``get_variable`` (TF's ``_VariableStore._get_single_variable`` creating one).

    Raises:
      ValueError: as TF for ``reuse=True``, a constant initializer with a shape, or no way to initialize."""
    from_value = initializer is not None and not callable(initializer)
    if shape is not None and from_value:
        raise ValueError("If initializer is a constant, do not specify shape.")
    if reuse is True:
        raise ValueError(f"Variable {name} does not exist, or was not created with tf.get_variable(). Did you "
                         f"mean to set reuse=tf.AUTO_REUSE in VarScope?")
    if initializer is None:
        if shape is None:
            raise ValueError(f"Variable {name} did not get an initializer, so its `shape` argument must be "
                             f"specified.")
        initializer = _default_initializer(name, dtype)
    if from_value:
        init_val, var_dtype = initializer, None
    else:
        if inspect.isclass(initializer):
            initializer = initializer()
        if shape is not None and shape.is_fully_defined():
            dims = shape.as_list()

            def init_val(initializer=initializer, dims=dims, dtype=dtype):
                return initializer(dims, dtype=dtype)
            var_dtype = dtype
        elif _needs_no_arguments(initializer):
            init_val, var_dtype = initializer, None
        else:
            raise ValueError("The initializer passed is not valid. It should be a callable with no arguments "
                             "and the shape should not be provided or an instance of "
                             "`tf.keras.initializers.*' and `shape` should be fully defined.")
    return Variable(initial_value=init_val, name=name, trainable=True if trainable is None else trainable,
                    collections=collections, dtype=var_dtype, validate_shape=validate_shape, constraint=constraint)


def _default_initializer(name, dtype):
    """TF: glorot_uniform for floats, zeros for integers, bools and strings."""
    if dtype.is_floating:
        return init_ops.glorot_uniform_initializer()
    if dtype.is_integer or dtype.is_bool or dtype is dtypes.string:
        return init_ops.zeros_initializer()
    raise ValueError(f"An initializer for variable {name} of {dtype} is required")


def _needs_no_arguments(fn):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return False
    return all(p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in sig.parameters.values())


class _ScopeStore:
    """The current VariableScope and how often each scope name was opened (TF's ``_VariableScopeStore``)."""

    def __init__(self):
        self.current_scope = VariableScope(False)
        self.counts = {}

    def open(self, name):
        self.counts[name] = self.counts.get(name, 0) + 1

    def close_subscopes(self, name):
        prefix = name + "/"
        for k in self.counts:
            if k.startswith(prefix):
                self.counts[k] = 0


def _graph_state(graph):
    graph = graph._state_root()  # a cond branch or loop body shares its enclosing graph's scopes and variables
    state = graph.__dict__.get("_variable_scope_state")
    if state is None:
        state = graph.__dict__["_variable_scope_state"] = (_VariableStore(), _ScopeStore())
    return state


def _stores():
    var_store, scope_store = _graph_state(ctx_lib.get_default_graph())
    return (_STORE_OVERRIDES[-1] if _STORE_OVERRIDES else var_store), scope_store


# Variable stores installed by ``with_variable_store`` (innermost last). TF keeps the override in the default
# graph's collections; a plain stack here also reaches graphs traced inside the ``with`` (tf.function bodies).
_STORE_OVERRIDES: list = []


@contextlib.contextmanager
def with_variable_store(store):
    """Mirrors TF's private ``variable_scope.with_variable_store``: ``get_variable`` (and so the
    ``tf.compat.v1.layers``) use ``store`` inside the block. A store with ``store_eager_variables`` keeps eager
    variables and returns them again; ``keras/utils/variable_scope_shim.py`` is the one user."""
    _STORE_OVERRIDES.append(store)
    try:
        yield store
    finally:
        _STORE_OVERRIDES.pop()


def current_variable_store():
    """The store ``get_variable`` uses now (TF's ``_get_default_variable_store``)."""
    return _stores()[0]


class VariableScope:
    """Mirrors ``tf.compat.v1.VariableScope``: the name, reuse flag and defaults that ``get_variable`` uses."""

    def __init__(self, reuse, name="", initializer=None, regularizer=None, caching_device=None, partitioner=None,
                 custom_getter=None, name_scope="", dtype=dtypes.float32, use_resource=None, constraint=None):
        self._name = name
        self._reuse = reuse
        self._initializer = initializer
        self._regularizer = regularizer
        self._caching_device = caching_device
        self._partitioner = partitioner
        self._custom_getter = custom_getter
        self._name_scope = name_scope
        self._dtype = dtypes.as_dtype(dtype)
        self._use_resource = use_resource
        self._constraint = constraint

    name = property(lambda self: self._name)
    original_name_scope = property(lambda self: self._name_scope)
    reuse = property(lambda self: self._reuse)
    initializer = property(lambda self: self._initializer)
    regularizer = property(lambda self: self._regularizer)
    dtype = property(lambda self: self._dtype)
    caching_device = property(lambda self: self._caching_device)
    partitioner = property(lambda self: self._partitioner)
    custom_getter = property(lambda self: self._custom_getter)
    use_resource = property(lambda self: self._use_resource)
    constraint = property(lambda self: self._constraint)

    def reuse_variables(self) -> None:
        """Mirrors ``VariableScope.reuse_variables``: later ``get_variable`` calls in this scope reuse."""
        self._reuse = True

    def set_initializer(self, initializer):
        self._initializer = initializer

    def set_regularizer(self, regularizer):
        self._regularizer = regularizer

    def set_dtype(self, dtype):
        self._dtype = dtypes.as_dtype(dtype)

    def set_caching_device(self, caching_device):
        self._caching_device = caching_device

    def set_partitioner(self, partitioner):
        self._partitioner = partitioner

    def set_custom_getter(self, custom_getter):
        self._custom_getter = custom_getter

    def set_use_resource(self, use_resource):
        self._use_resource = use_resource

    def get_collection(self, name):
        scope = self._name + "/" if self._name else ""
        return ctx_lib.get_default_graph().get_collection(name, scope)

    def global_variables(self):
        return self.get_collection(GraphKeys.GLOBAL_VARIABLES)

    def trainable_variables(self):
        return self.get_collection(GraphKeys.TRAINABLE_VARIABLES)

    def local_variables(self):
        return self.get_collection(GraphKeys.LOCAL_VARIABLES)

    def get_variable(self, var_store, name, shape=None, dtype=None, initializer=None, regularizer=None,
                     reuse=None, trainable=None, collections=None, caching_device=None, partitioner=None,
                     validate_shape=True, use_resource=None, custom_getter=None, constraint=None,
                     synchronization=None, aggregation=None):
        """Mirrors ``VariableScope.get_variable``: resolves defaults from this scope, then asks the store."""
        if partitioner is not None or self._partitioner is not None:
            raise NotImplementedError("Partitioned variables are not supported by tfcompat.")
        full_name = self._name + "/" + name if self._name else name
        if reuse is None:
            reuse = self._reuse
        if dtype is None:
            dtype = self._dtype
        if initializer is None:
            initializer = self._initializer
        if regularizer is None:
            regularizer = self._regularizer
        if constraint is None:
            constraint = self._constraint
        graph = ctx_lib.graph_mode_graph()
        store = graph is not None or var_store.store_eager_variables

        def true_getter(name, shape=None, dtype=dtypes.float32, initializer=None, regularizer=None, reuse=None,
                        trainable=None, collections=None, validate_shape=True, constraint=None, **_unused):
            return var_store.get_variable(name, shape, dtype, initializer, regularizer, reuse, trainable,
                                          collections, validate_shape, constraint, store=store)

        getter = custom_getter or self._custom_getter
        kwargs = dict(name=full_name, shape=shape, dtype=dtype, initializer=initializer, regularizer=regularizer,
                      reuse=reuse, trainable=trainable, collections=collections, caching_device=caching_device,
                      partitioner=partitioner, validate_shape=validate_shape, use_resource=use_resource,
                      constraint=constraint)
        # Variable names depend only on the variable scope: the name scope is cleared while creating it.
        with _cleared_name_scope(graph._state_root() if graph is not None else None):
            if getter is not None:
                return getter(getter=true_getter, **kwargs)
            return true_getter(**kwargs)


class _cleared_name_scope:  # noqa: N801 - used like a contextlib helper
    """Clears the graph's name stack (when building one) and the eager name scope, as TF's
    ``ops.name_scope(None, skip_on_eager=False)`` around variable creation in ``get_variable``."""

    def __init__(self, graph):
        self._graph = graph

    def __enter__(self):
        self._saved_eager = ctx_lib.context().eager_scope_name
        ctx_lib.context().eager_scope_name = ""
        if self._graph is not None:
            self._saved = self._graph._name_stack
            self._graph._name_stack = ""

    def __exit__(self, *exc):
        ctx_lib.context().eager_scope_name = self._saved_eager
        if self._graph is not None:
            self._graph._name_stack = self._saved
        return False


def get_variable_scope() -> VariableScope:
    """Mirrors ``tf.compat.v1.get_variable_scope``."""
    return _stores()[1].current_scope


def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None,
                 collections=None, caching_device=None, partitioner=None, validate_shape=True, use_resource=None,
                 custom_getter=None, constraint=None, synchronization=None, aggregation=None):
    """Mirrors ``tf.compat.v1.get_variable``: gets an existing variable of the current scope or creates one.

    Raises:
      ValueError: as TF when creating an existing variable without reuse, reusing a missing one, sharing with a
        different shape or dtype, or when neither a shape nor a constant initializer is given."""
    var_store, scope_store = _stores()
    return scope_store.current_scope.get_variable(
        var_store, name, shape=shape, dtype=dtype, initializer=initializer, regularizer=regularizer,
        trainable=trainable, collections=collections, caching_device=caching_device, partitioner=partitioner,
        validate_shape=validate_shape, use_resource=use_resource, custom_getter=custom_getter,
        constraint=constraint, synchronization=synchronization, aggregation=aggregation)


def get_local_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=False,
                       collections=None, caching_device=None, partitioner=None, validate_shape=True,
                       use_resource=None, custom_getter=None, constraint=None, synchronization=None,
                       aggregation=None):
    """Mirrors ``tf.compat.v1.get_local_variable``: ``get_variable`` into LOCAL_VARIABLES, not trainable."""
    collections = list(collections or []) + [GraphKeys.LOCAL_VARIABLES]
    return get_variable(name, shape, dtype, initializer, regularizer, False, collections, caching_device,
                        partitioner, validate_shape, use_resource, custom_getter, constraint)


def _unique_default_scope(prefix, scope_store):
    current = scope_store.current_scope
    name = current.name + "/" + prefix if current.name else prefix
    if scope_store.counts.get(name, 0) == 0:
        return prefix
    idx = 1
    while scope_store.counts.get(f"{name}_{idx}", 0) > 0:
        idx += 1
    return f"{prefix}_{idx}"


class variable_scope:  # noqa: N801 - TF's name
    """Mirrors ``tf.compat.v1.variable_scope``: a variable scope plus the name scope it opens.

    ``reuse`` is True, None (inherit) or ``tf.compat.v1.AUTO_REUSE`` (create if missing, else reuse); reuse is
    inherited by sub-scopes. Re-entering a VariableScope object restores its name and defaults (its reuse flag is
    not inherited from the enclosing scope, as in TF). Partitioners are not supported."""

    def __init__(self, name_or_scope, default_name=None, values=None, initializer=None, regularizer=None,
                 caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                 use_resource=None, constraint=None, auxiliary_name_scope=True):
        if default_name is None and name_or_scope is None:
            raise TypeError("If default_name is None then name_or_scope is required")
        if name_or_scope is not None and not isinstance(name_or_scope, (VariableScope, str)):
            raise TypeError("VariableScope: name_or_scope must be a string or VariableScope.")
        if reuse is False:
            reuse = None  # TF: False means "inherit", exactly like None
        self._name_or_scope = name_or_scope
        self._default_name = default_name
        self._values = values
        self._initializer, self._regularizer = initializer, regularizer
        self._caching_device, self._partitioner = caching_device, partitioner
        self._custom_getter, self._reuse, self._dtype = custom_getter, reuse, dtype
        self._use_resource, self._constraint = use_resource, constraint
        self._auxiliary_name_scope = auxiliary_name_scope
        self._graph_cm = None

    def _open_name_scope(self, name):
        graph = ctx_lib.graph_mode_graph()
        if graph is None:
            # TF2 opens the name scope eagerly too (it prefixes tf.Variable and Keras weight names), ununiquified.
            if not self._auxiliary_name_scope:
                return ""
            self._name_cm = name_scope_lib.name_scope(name)
            return self._name_cm.__enter__()
        if not self._auxiliary_name_scope:
            current = graph.get_name_scope()
            name = current + "/" if current else ""
        self._name_cm = graph.name_scope(name)
        return self._name_cm.__enter__()

    def __enter__(self) -> VariableScope:
        if self._values is not None:
            graph = _graph_of(self._values)
            if graph is not None and graph is not ctx_lib.graph_mode_graph():
                self._graph_cm = graph.as_default()
                self._graph_cm.__enter__()
        self._name_cm = None
        _, scope_store = _stores()
        old = scope_store.current_scope
        self._old = old
        nos = self._name_or_scope
        if isinstance(nos, VariableScope):
            entered_ns = self._open_name_scope(nos.original_name_scope if ctx_lib.graph_mode_graph() is None
                                               and nos.original_name_scope else nos.name.split("/")[-1])
            new_name = nos.name
            scope_store.open(new_name)
            self._saved_counts = dict(scope_store.counts)
            new = VariableScope(nos.reuse if not self._reuse else self._reuse, name=new_name,
                                initializer=nos.initializer, regularizer=nos.regularizer,
                                caching_device=nos.caching_device, partitioner=nos.partitioner, dtype=nos.dtype,
                                custom_getter=nos.custom_getter, name_scope=nos.original_name_scope,
                                use_resource=nos.use_resource, constraint=self._constraint)
        else:
            if nos is None:
                if self._reuse:
                    raise ValueError("reuse=True cannot be used without a name_or_scope")
                entered_ns = self._open_name_scope(self._default_name)
                local = _unique_default_scope(self._default_name, scope_store)
            else:
                entered_ns = self._open_name_scope(nos)
                local = nos
            new_name = old.name + "/" + local if old.name else local
            self._saved_counts = None
            new = VariableScope(self._reuse or old.reuse, name=new_name, initializer=old.initializer,
                                regularizer=old.regularizer, caching_device=old.caching_device,
                                partitioner=old.partitioner, dtype=old.dtype, use_resource=old.use_resource,
                                custom_getter=old.custom_getter, name_scope=entered_ns or local,
                                constraint=self._constraint)
            scope_store.open(new_name)
        self._new_name = new_name
        if self._initializer is not None:
            new.set_initializer(self._initializer)
        if self._regularizer is not None:
            new.set_regularizer(self._regularizer)
        if self._caching_device is not None:
            new.set_caching_device(self._caching_device)
        if self._partitioner is not None:
            new.set_partitioner(self._partitioner)
        if self._custom_getter is not None:
            new.set_custom_getter(_wrap_custom_getter(self._custom_getter, new.custom_getter))
        if self._dtype is not None:
            new.set_dtype(self._dtype)
        if self._use_resource is not None:
            new.set_use_resource(self._use_resource)
        scope_store.current_scope = new
        self._new = new
        return new

    def __exit__(self, exc_type, exc, tb):
        _, scope_store = _stores()
        try:
            if scope_store.current_scope is not self._new:
                raise RuntimeError("Improper nesting of variable_scope.")
            if self._saved_counts is not None:
                scope_store.counts = self._saved_counts
            else:
                scope_store.close_subscopes(self._new_name)
            scope_store.current_scope = self._old
        finally:
            if self._name_cm is not None:
                self._name_cm.__exit__(exc_type, exc, tb)
            if self._graph_cm is not None:
                self._graph_cm.__exit__(exc_type, exc, tb)
        return False


def _wrap_custom_getter(custom_getter, old_getter):
    if old_getter is None:
        return custom_getter

    def wrapped(getter, *args, **kwargs):
        return custom_getter(lambda *a, **k: old_getter(getter, *a, **k), *args, **kwargs)
    return wrapped


def _graph_of(values):
    for v in values if isinstance(values, (list, tuple)) else [values]:
        g = getattr(v, "graph", None)
        if g is not None:
            return g
    return None
