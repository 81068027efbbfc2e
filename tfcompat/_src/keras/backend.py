"""Keras' session state (``tf.keras.backend``, tf-keras 2.21): object-name counters, ``floatx``/``epsilon``/
``image_data_format``, the learning phase, the functional-API graph and, in TF1 graph mode, the session.

Object names are unique per graph as in Keras: ``dense``, ``dense_1``, ... counted on the default graph (TF2:
the global default graph; inside a ``tf.function`` trace its graph, as in tf-keras), ``input_1``, ``input_2``
(``get_uid``) on the Keras graph. ``clear_session()`` resets them.

The Keras graph (``get_graph()`` when executing eagerly) is where the functional API builds: ``Input`` is a
placeholder there and a layer called on it adds its ops there; tensors of that graph are Keras' symbolic
tensors. Variables created while it is the default graph are created eagerly (it is a function-building graph).
"""
from __future__ import annotations

import collections
import contextlib
import threading
import weakref

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import name_scope as name_scope_lib
from tfcompat._src.framework import scope_queries
from tfcompat._src.framework.graph import Graph
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor

__all__ = [
    "floatx", "set_floatx", "epsilon", "set_epsilon", "image_data_format", "set_image_data_format",
    "get_uid", "reset_uids", "clear_session", "unique_object_name", "observe_object_name", "get_graph",
    "is_keras_graph", "learning_phase", "set_learning_phase", "learning_phase_scope", "global_learning_phase_is_set",
    "get_session", "set_session", "name_scope", "current_name_scope", "backend", "is_keras_tensor",
]

_config = {"floatx": "float32", "epsilon": 1e-7, "image_data_format": "channels_last"}


def backend() -> str:
    """Mirrors ``tf.keras.backend.backend``: ``'tensorflow'``."""
    return "tensorflow"


def floatx() -> str:
    """Mirrors ``tf.keras.backend.floatx``: the default float type name (``'float32'``)."""
    return _config["floatx"]


def set_floatx(value: str) -> None:
    """Mirrors ``tf.keras.backend.set_floatx``.

    Raises:
      ValueError: ``value`` is not 'float16', 'bfloat16', 'float32' or 'float64'."""
    accepted = {"float16", "float32", "float64", "bfloat16"}
    if value not in accepted:
        raise ValueError(f"Unknown `floatx` value: {value}. Expected one of {accepted}")
    _config["floatx"] = str(value)


def epsilon() -> float:
    """Mirrors ``tf.keras.backend.epsilon`` (1e-7)."""
    return _config["epsilon"]


def set_epsilon(value: float) -> None:
    """Mirrors ``tf.keras.backend.set_epsilon``."""
    _config["epsilon"] = value


def image_data_format() -> str:
    """Mirrors ``tf.keras.backend.image_data_format`` (``'channels_last'``)."""
    return _config["image_data_format"]


def set_image_data_format(data_format: str) -> None:
    """Mirrors ``tf.keras.backend.set_image_data_format``."""
    if data_format not in {"channels_last", "channels_first"}:
        raise ValueError(f"Unknown `data_format`: {data_format}. Expected one of "
                         f"{{'channels_first', 'channels_last'}}")
    _config["image_data_format"] = str(data_format)


def standardize_data_format(value):
    """Keras' ``conv_utils.normalize_data_format``: None means ``image_data_format()``."""
    if value is None:
        value = image_data_format()
    data_format = value.lower()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError("The `data_format` argument must be one of \"channels_first\", \"channels_last\". "
                         f"Received: {value}")
    return data_format


# ------------------------------------------------------------------------------------------------
# names
# ------------------------------------------------------------------------------------------------
class _State(threading.local):
    def __init__(self):
        self.keras_graph = None
        self.session = None
        self.learning_phase = {}       # graph (None: eager) -> value
        self.learning_phase_set = False
        # The name counters of layers created in a layer's build while tracing (init_scope_keeping_names).
        self.build_names = None


_state = _State()
_PER_GRAPH_UIDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_OBSERVED_NAMES: set = set()


def _uid_map(graph):
    uids = _PER_GRAPH_UIDS.get(graph)
    if uids is None:
        uids = _PER_GRAPH_UIDS[graph] = collections.defaultdict(int)
    return uids


def get_uid(prefix: str = "") -> int:
    """Mirrors ``tf.keras.backend.get_uid``: a counter per prefix on the Keras graph (1, 2, ...)."""
    uids = _uid_map(get_graph())
    uids[prefix] += 1
    return uids[prefix]


def reset_uids() -> None:
    """Mirrors ``tf.keras.backend.reset_uids``."""
    _PER_GRAPH_UIDS.clear()
    _OBSERVED_NAMES.clear()


def observe_object_name(name: str) -> None:
    """Keras' ``observe_object_name``: a name given by the user, avoided where Keras asks to."""
    _OBSERVED_NAMES.add(name)


def unique_object_name(name: str, name_uid_map=None, avoid_names=None, namespace: str = "", zero_based=False,
                       avoid_observed_names=False) -> str:
    """Keras' ``unique_object_name``: ``name``, ``name_1``, ... (zero-based) or ``name_1``, ``name_2``, ...
    counted on the default graph's map."""
    if name_uid_map is None:
        name_uid_map = _state.build_names
        if name_uid_map is None:
            name_uid_map = _uid_map(ctx_lib.get_default_graph())
    if avoid_names is None:
        avoid_names = _OBSERVED_NAMES if avoid_observed_names else set()
    proposed = None
    while proposed is None or proposed in avoid_names:
        key = (namespace, name)
        if zero_based:
            number = name_uid_map[key]
            proposed = f"{name}_{number}" if number else name
            name_uid_map[key] += 1
        else:
            name_uid_map[key] += 1
            proposed = f"{name}_{name_uid_map[key]}"
    return proposed


# ------------------------------------------------------------------------------------------------
# graphs and sessions
# ------------------------------------------------------------------------------------------------
class init_scope_keeping_names:  # noqa: N801 - a context manager, like tf.init_scope
    """``tf.init_scope`` for a layer's ``build``. Layers created inside take their names from the counters of the
    graph being built, as in TF, whose init_scope leaves that graph the default one: a ``tf.function`` trace's
    graph, or, building a functional model, tf-keras's scratch graph of that layer call (fresh counters)."""

    __slots__ = ("_scope", "_saved")

    def __enter__(self):
        self._saved = _state.build_names
        graph = ctx_lib.graph_mode_graph()
        if _state.build_names is None and graph is not None and graph._building_function:
            _state.build_names = collections.defaultdict(int) if is_keras_graph(graph) else _uid_map(graph)
        self._scope = ctx_lib.init_scope()
        return self._scope.__enter__()

    def __exit__(self, *exc):
        try:
            return self._scope.__exit__(*exc)
        finally:
            _state.build_names = self._saved


@contextlib.contextmanager
def outer_init_scope():
    """TF's ``tf.init_scope`` as it behaves under a TF1 graph: lifts out of the function graphs being traced to
    the outermost context, which is eager in TF2 but, under ``Graph.as_default()`` or with eager execution
    disabled, that plain graph (with no control dependencies), so variables created here (the Keras optimizers')
    belong to it and ``Session.run`` initializes and fetches them. (tfcompat's ``ctx_lib.init_scope`` always
    executes eagerly.)"""
    if executing_eagerly_outside_functions():
        with ctx_lib.init_scope():
            yield
        return
    inner = ctx_lib.get_default_graph()
    outer = next((g for g in reversed(ctx_lib.context().graph_stack) if not g._building_function), None)
    if outer is None:   # eager execution disabled, inside function graphs: their outermost outer graph
        outer = ctx_lib.context().graph_stack[0] if ctx_lib.context().graph_stack else inner
        while outer._building_function and getattr(outer, "outer_graph", None) is not None:
            outer = outer.outer_graph
    # As TF: the inner graph's name scope carries over to the outer graph.
    scope = inner.get_name_scope() if outer is not inner else None
    with ctx_lib.push_graph(outer), outer.control_dependencies(None), \
            (outer.name_scope(scope + "/" if scope else "") if scope is not None else contextlib.nullcontext()):
        yield


def get_graph():
    """Mirrors ``tf.keras.backend.get_graph``: the Keras graph when executing eagerly, else the default graph."""
    if ctx_lib.executing_eagerly():
        if _state.keras_graph is None:
            g = Graph()
            g._building_function = True          # variables created while building are created eagerly
            g._variable_creation_hook = None
            g._is_keras_graph = True
            _state.keras_graph = g
        return _state.keras_graph
    return ctx_lib.get_default_graph()


def executing_eagerly_outside_functions() -> bool:
    """TF's ``executing_eagerly_outside_functions``: eager mode, and no plain (non-function) graph is the
    default graph under the function graphs being built."""
    for graph in ctx_lib.context().graph_stack:
        if not graph._building_function:
            return False
    return ctx_lib.eager_mode_enabled()


def is_keras_graph(graph) -> bool:
    return getattr(graph, "_is_keras_graph", False)


def is_keras_tensor(x) -> bool:
    """Mirrors ``tf.keras.backend.is_keras_tensor``: a symbolic tensor of the functional API.

    Raises:
      ValueError: ``x`` is not a tensor."""
    from tfcompat._src.ops.variables import Variable
    if not isinstance(x, (Tensor, Variable)) and not hasattr(x, "_as_tensor"):
        raise ValueError(f"Unexpectedly found an instance of type `{type(x)}`. Expected a symbolic tensor "
                         f"instance.")
    if isinstance(x, SymbolicTensor):
        from tfcompat._src.keras.engine import node as node_lib
        return node_lib.keras_history(x) is not None
    return False


def clear_session() -> None:
    """Mirrors ``tf.keras.backend.clear_session``: resets name counters, the Keras graph, the learning phase,
    the default graph (TF1) and closes Keras' session."""
    _state.keras_graph = None
    if not ctx_lib.context().graph_stack:
        ctx_lib.reset_default_graph()
    reset_uids()
    if _state.session is not None:
        _state.session.close()
        _state.session = None
    _state.learning_phase = {}
    _state.learning_phase_set = False


def get_session(op_input_list=()):
    """Mirrors ``tf.compat.v1.keras.backend.get_session`` (TF1 graph mode): Keras' session on the default graph,
    created on first use; it initializes the variables that are not yet initialized.

    Raises:
      RuntimeError: called while executing eagerly."""
    if ctx_lib.executing_eagerly():
        raise RuntimeError("`get_session` is not available when TensorFlow is executing eagerly.")
    from tfcompat._src.runtime import session as session_lib
    default = session_lib.get_default_session()
    if default is not None:
        session = default
    else:
        graph = ctx_lib.get_default_graph()
        session = _state.session
        if session is None or session.graph is not graph or getattr(session, "_closed", False):
            session = session_lib.Session(graph=graph)
            _state.session = session
    _initialize_variables(session)
    return session


_GRAPH_VARIABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def track_variable(v) -> None:
    """Keras' ``track_variable``: graph variables Keras created (metrics' are in no collection) are initialized
    by ``get_session``."""
    graph = getattr(v, "_graph", None)
    if graph is not None:
        _GRAPH_VARIABLES.setdefault(graph, []).append(v)


def _initialize_variables(session) -> None:
    from tfcompat._src.framework.graph import GraphKeys
    graph = session.graph
    candidates = graph.get_collection(GraphKeys.GLOBAL_VARIABLES) + graph.get_collection(
        GraphKeys.LOCAL_VARIABLES) + _GRAPH_VARIABLES.get(graph, [])
    seen = set()
    pending = []
    for v in candidates:
        if id(v) not in seen and not getattr(v, "_keras_initialized", False):
            seen.add(id(v))
            pending.append(v)
    if not pending:
        return
    flags = session.run([v.is_initialized() for v in pending])
    todo = [v for v, done in zip(pending, flags) if not done]
    for v in pending:
        v._keras_initialized = True
    if todo:
        session.run([v.initializer for v in todo])


def set_session(session) -> None:
    """Mirrors ``tf.compat.v1.keras.backend.set_session``."""
    _state.session = session


# ------------------------------------------------------------------------------------------------
# learning phase
# ------------------------------------------------------------------------------------------------
def _graph_key():
    graph = ctx_lib.graph_mode_graph()
    if graph is None or graph._building_function:
        return None
    return graph


def learning_phase():
    """Mirrors ``tf.keras.backend.learning_phase``: 0/1 when executing eagerly (0 unless set); in a TF1 graph
    the bool placeholder ``keras_learning_phase`` (default False), or the value set."""
    key = _graph_key()
    phase = _state.learning_phase.get(key)
    if phase is None:
        if key is None:
            return 0
        from tfcompat._src.ops import array_ops
        with ctx_lib.push_graph(key), key.control_dependencies(None), key.name_scope(""):
            phase = array_ops.placeholder_with_default(False, shape=(), name="keras_learning_phase")
        _state.learning_phase[key] = phase
    return phase


def global_learning_phase_is_set() -> bool:
    return _state.learning_phase_set


def set_learning_phase(value) -> None:
    """Mirrors ``tf.keras.backend.set_learning_phase`` (deprecated in TF; still honoured).

    Raises:
      ValueError: ``value`` is not 0 or 1."""
    if value not in {0, 1}:
        raise ValueError("Expected learning phase to be 0 or 1.")
    _state.learning_phase[_graph_key()] = value
    _state.learning_phase_set = True


@contextlib.contextmanager
def learning_phase_scope(value):
    """Mirrors ``tf.keras.backend.learning_phase_scope``."""
    if value not in {0, 1}:
        raise ValueError("Expected learning phase to be 0 or 1.")
    key = _graph_key()
    saved = _state.learning_phase.get(key), _state.learning_phase_set
    _state.learning_phase[key] = value
    _state.learning_phase_set = True
    try:
        yield
    finally:
        if saved[0] is None:
            _state.learning_phase.pop(key, None)
        else:
            _state.learning_phase[key] = saved[0]
        _state.learning_phase_set = saved[1]


# ------------------------------------------------------------------------------------------------
# name scopes (Keras names variables 'model/dense/kernel:0' from the layers being called)
# ------------------------------------------------------------------------------------------------
def current_name_scope() -> str:
    """The current name scope (``tf.get_current_name_scope``): the graph's, or the eager one."""
    return scope_queries.get_current_name_scope()


def name_scope(name: str):
    """Mirrors ``tf.keras.backend.name_scope`` (it is ``tf.name_scope``)."""
    return name_scope_lib.name_scope(name)


def layer_name_scope(name: str):
    """The scope a layer's ``__call__`` runs in (enter it right away): variables and ops are named
    ``<outer>/<name>/...``. As tf-keras: relative when executing eagerly and in TF1 graphs (uniquified there),
    absolute in function graphs (the Keras graph, ``tf.function`` traces), so a layer's variables are
    ``<outer>/<name>/kernel`` there too."""
    graph = ctx_lib.graph_mode_graph()
    if graph is not None and graph._building_function:
        outer = graph.get_name_scope()
        return graph.name_scope(f"{outer}/{name}/" if outer else f"{name}/")
    return name_scope_lib.name_scope(name)


@contextlib.contextmanager
def fresh_name_scope():
    """No enclosing name scope, eager or in the Keras graph: layers built for a functional graph are named from
    the top (a Sequential first called inside another model's construction names its weights ``dense/kernel``,
    as tf-keras, not ``<outer>/dense/kernel``)."""
    with name_scope_lib.name_scope(""), get_graph().name_scope(""):
        yield


def variable_name(name: str) -> str:
    """The name to give an eager Keras variable: ``name`` itself, since ``tf.Variable`` takes the enclosing
    name scope (kept for the optimizers' callers)."""
    return name


def dtype_name(dtype) -> str:
    return dtypes.as_dtype(dtype).name


def is_eager_tensor(x) -> bool:
    return isinstance(x, EagerTensor)


# ------------------------------------------------------------------------------------------------
# variable values
# ------------------------------------------------------------------------------------------------
def _is_graph_variable(x) -> bool:
    return getattr(x, "_graph", None) is not None


def batch_get_value(tensors) -> list:
    """Mirrors ``tf.keras.backend.batch_get_value``: numpy values (TF1 graph variables: read in Keras' session)."""
    tensors = list(tensors)
    graph_items = [x for x in tensors if _is_graph_variable(x) or isinstance(x, SymbolicTensor)]
    if not graph_items:
        return [x.numpy() if hasattr(x, "numpy") else x for x in tensors]
    values = get_session().run(tensors)
    return [v.copy() if hasattr(v, "copy") else v for v in values]


def get_value(x):
    """Mirrors ``tf.keras.backend.get_value``."""
    return batch_get_value([x])[0]


def batch_set_value(tuples) -> None:
    """Mirrors ``tf.keras.backend.batch_set_value``: assigns numpy values (TF1: loaded into Keras' session)."""
    import numpy as np
    session = None
    for x, value in tuples:
        value = np.asarray(value, dtype=x.dtype.as_numpy_dtype)
        if _is_graph_variable(x):
            if session is None:
                session = get_session()
            x.load(value, session)
        else:
            x.assign(value)


def set_value(x, value) -> None:
    """Mirrors ``tf.keras.backend.set_value``."""
    batch_set_value([(x, value)])
