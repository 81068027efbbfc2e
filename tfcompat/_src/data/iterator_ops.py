"""Iterators: the eager ``OwnedIterator`` (``iter(dataset)``), TF1's ``tf.compat.v1.data.Iterator``, and the
graph ops that run pipelines inside ``Session.run`` and ``tf.function``.

Graph ops (registered once, stateful, no gradient): ``MakeIterator`` (an initializer), ``IteratorGetNext`` (one
element per run; all outputs of one op share it), ``IteratorToStringHandle``, ``AnonymousIterator`` (a fresh
iterator per run of a ``tf.function``), ``ReduceDataset``, ``DatasetCardinality`` and ``DatasetToSingleElement``.
The pipeline's captured symbolic tensors are the ops' inputs; iterator state lives in the running Session's
resource store (per session, as in TF), or on the iterator object outside a Session."""
from __future__ import annotations

import itertools
import json
import threading
import weakref

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.data import node as node_lib
from tfcompat._src.data import extension_elements
from tfcompat._src.data import sparse_elements
from tfcompat._src.data import structure
from tfcompat._src.data.node import Env

__all__ = ["OwnedIterator", "NumpyIterator", "Iterator", "Optional", "graph_reduce", "graph_cardinality",
           "graph_single_element", "env_for", "end_of_sequence"]

_ctx = ctx_lib.context()
_handle_ids = itertools.count(1)


def end_of_sequence() -> errors.OutOfRangeError:
    return errors.OutOfRangeError(None, None, "End of sequence")


def env_for(captured, input_values, node=None) -> Env:
    """The env of a pipeline given the values of its captured symbolic tensors ``captured``.

    In a Session each run builds the dataset anew (TF1 recreates its dataset ops: a seeded shuffle restarts with
    each initializer run); in a ``tf.function`` the dataset's resources persist across calls, as TF2's do."""
    in_session = getattr(_ctx, "resource_store", None) is not None
    return Env({id(t): v for t, v in zip(captured, input_values)}, persistent=not in_session,
               options=node_lib.pipeline_options(node) if node is not None else None)


class _LockedIterator:
    """A pipeline iterator shared by graph ops that several threads may run at once (TF's iterators lock)."""

    __slots__ = ("_it", "_lock")

    def __init__(self, it):
        self._it = it
        self._lock = threading.Lock()

    def __iter__(self):
        return self

    def __next__(self):
        with self._lock:
            return next(self._it)


def _store(owner) -> dict:
    store = getattr(_ctx, "resource_store", None)
    if store is None:
        store = owner.__dict__.setdefault("_own_store", {})
    return store


def _flat_shapes(specs):
    return [(s.shape if isinstance(s, TensorSpec) else TensorShape([]),
             s.dtype if isinstance(s, TensorSpec) else dtypes.variant) for s in specs]


def _pull(it):
    try:
        return tuple(next(it))
    except StopIteration:
        raise end_of_sequence() from None


# ------------------------------------------------------------------------------------------------
# graph ops
# ------------------------------------------------------------------------------------------------
def _specs_shape_fn(inputs, attrs):
    return _flat_shapes(attrs["specs"])


def _n_specs(attrs):
    return len(attrs["specs"])


@register_op("MakeIterator", grad=NOT_DIFFERENTIABLE, inputs=("captures",), list_input=True, same_type=(),
             num_outputs=0, stateful=True, shape_fn=lambda inputs, attrs: [])
def _make_iterator(*values, iterator, node, captured, N=0):
    env = env_for(captured, values, node)
    node_lib.check_pipeline(node, env)
    _store(iterator)[iterator._key] = _LockedIterator(node.iterate(env))
    return ()


@register_op("IteratorGetNext", grad=NOT_DIFFERENTIABLE, inputs=("iterator",), list_input=True, same_type=(),
             num_outputs=_n_specs, stateful=True, shape_fn=_specs_shape_fn)
def _iterator_get_next(*values, specs, source, composite=False, N=0):
    """``source`` says where the element comes from: a TF1 ``Iterator`` (its state in the session), an eager
    ``OwnedIterator`` used in a ``tf.function``, a string handle (input 0), or an ``AnonymousIterator`` output.
    With ``composite``, a SparseTensor or RaggedTensor component is output as its component tensors."""
    kind = source[0]
    if kind == "iterator":
        it = source[1]._state(values)
    elif kind == "owned":
        flat = source[1]._next_flat()
        return sparse_elements.expand_values(flat) if composite else flat
    elif kind == "handle":
        it = _from_handle(values[0])._state(())
    else:  # "anonymous": the iterator object is the input
        it = values[0]
    return sparse_elements.expand_values(_pull(it)) if composite else _pull(it)


def _op_specs(specs) -> tuple:
    """Whether elements of flat ``specs`` have composite components, and the specs of an op's outputs for them
    (a composite as its component tensors)."""
    composite = any(sparse_elements.is_composite_spec(s) for s in specs)
    return composite, (sparse_elements.expanded_specs(specs) if composite else specs)


def _get_next_op(inputs, source, element_spec, name, public_spec=None):
    """An ``IteratorGetNext`` op's element: its outputs packed as ``element_spec`` (SparseTensors and
    RaggedTensors regrouped from their component tensors), and with ``public_spec`` (the dataset's element_spec
    when it holds ExtensionTypes, ``element_spec`` the pipeline's) its ExtensionTypes rebuilt."""
    specs = structure.flatten(element_spec)
    composite, op_specs = _op_specs(specs)
    attrs = {"specs": op_specs, "source": source, "composite": composite, "N": len(inputs)}
    out = _as_list(apply_op("IteratorGetNext", inputs, attrs, name=name or "IteratorGetNext"), len(op_specs))
    element = structure.pack(element_spec, sparse_elements.regroup(specs, out) if composite else out)
    return element if public_spec is None else extension_elements.rebuild_value(public_spec, element)


@register_op("IteratorToStringHandle", grad=NOT_DIFFERENTIABLE, inputs=("captures",), list_input=True,
             same_type=(), stateful=True, shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.string)])
def _iterator_to_string_handle(*values, iterator, N=0):
    if iterator._one_shot_node is not None:
        iterator._state(values)  # a one-shot iterator starts when first used, by handle or not
    handle = iterator._handle
    _store(iterator)[("tf_data_handle", handle)] = iterator
    return handle


def _from_handle(handle):
    h = handle if isinstance(handle, bytes) else bytes(handle)
    store = getattr(_ctx, "resource_store", None) or {}
    it = store.get(("tf_data_handle", h))
    if it is None:
        it = Iterator._by_handle.get(h)
    if it is None:
        raise errors.InvalidArgumentError(f"Invalid iterator handle: {h!r}")
    return it


@register_op("AnonymousIterator", grad=NOT_DIFFERENTIABLE, inputs=("captures",), list_input=True, same_type=(),
             stateful=True, shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.resource)])
def _anonymous_iterator(*values, node, captured, N=0):
    return node.iterate(env_for(captured, values, node))


@register_op("DatasetCardinality", grad=NOT_DIFFERENTIABLE, inputs=("captures",), list_input=True, same_type=(),
             stateful=True, shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.int64)])
def _dataset_cardinality(*values, node, captured, N=0):
    return torch.tensor(node.cardinality(env_for(captured, values)), dtype=torch.int64)


@register_op("DatasetToSingleElement", grad=NOT_DIFFERENTIABLE, inputs=("captures",), list_input=True,
             same_type=(), num_outputs=_n_specs, stateful=True, shape_fn=_specs_shape_fn)
def _dataset_to_single_element(*values, node, specs, captured, composite=False, N=0):
    out = single_element(node, env_for(captured, values))
    return sparse_elements.expand_values(out) if composite else out


def single_element(node, env) -> tuple:
    it = node.iterate(env)
    try:
        first = next(it)
    except StopIteration:
        raise errors.InvalidArgumentError(None, None, "Dataset was empty.") from None
    for _ in it:
        raise errors.InvalidArgumentError(None, None, "Dataset had more than one element.")
    return tuple(first)


# side_effects: a tf.function runs it even when its result is unused (AutoGraph's `for x in dataset:` loop, whose
# body may print or assign variables), as TF runs every stateful op.
@register_op("ReduceDataset", grad=NOT_DIFFERENTIABLE, inputs=("captures",), list_input=True, same_type=(),
             num_outputs=_n_specs, stateful=True, side_effects=True, shape_fn=_specs_shape_fn)
def _reduce_dataset(*values, node, fn, captured, specs, N=0):
    n = len(captured)
    return reduce_values(node, env_for(captured, values[:n]), fn, tuple(values[n:]))


def reduce_values(node, env, fn, state) -> tuple:
    """``fn`` folded over the elements of ``node``, starting from the flat ``state`` values."""
    run = fn.runner(env)
    for el in node.iterate(env):
        state = tuple(run(state + tuple(el)))
    return state


def _graph_op(op_type, node, extra_inputs=(), attrs=None, name=None, functions=()):
    caps = node_lib.symbolic_captures(node)
    for fn in functions:
        caps += [t for t in fn.captured if all(t is not c for c in caps)]
    inputs = list(caps) + list(extra_inputs)
    a = {"node": node, "N": len(inputs), "captured": caps}
    a.update(attrs or {})
    return apply_op(op_type, inputs, a, name=name)


def _as_list(out, n):
    if n == 1 and not isinstance(out, list):
        return [out]
    return list(out)


def graph_reduce(node, fn, state_spec, initial_flat, name=None):
    """``Dataset.reduce`` in a graph: a ``ReduceDataset`` op; returns its flat outputs."""
    specs = structure.flatten(state_spec)
    out = _graph_op("ReduceDataset", node, initial_flat, {"fn": fn, "specs": specs}, name=name or "ReduceDataset",
                    functions=(fn,))
    return _as_list(out, len(specs))


def graph_cardinality(node, name=None):
    return _graph_op("DatasetCardinality", node, name=name or "DatasetCardinality")


def graph_single_element(node, name=None):
    """``Dataset.get_single_element`` in a graph: the flat element (SparseTensors and RaggedTensors regrouped)."""
    specs = node.flat_specs
    composite, op_specs = _op_specs(specs)
    out = _as_list(_graph_op("DatasetToSingleElement", node, (), {"specs": op_specs, "composite": composite},
                             name=name or "DatasetToSingleElement"), len(op_specs))
    return sparse_elements.regroup(specs, out) if composite else out


# ------------------------------------------------------------------------------------------------
# eager iterator
# ------------------------------------------------------------------------------------------------
class Optional:
    """Mirrors ``tf.experimental.Optional`` (what ``get_next_as_optional`` returns)."""

    def __init__(self, value=None, has_value=False, element_spec=None):
        self._value = value
        self._has = has_value
        self.element_spec = element_spec

    def has_value(self, name=None):
        from tfcompat._src.framework.dispatch import convert_to_tensor
        return convert_to_tensor(self._has)

    def get_value(self, name=None):
        if not self._has:
            raise errors.InvalidArgumentError(None, None, "The optional does not have a value.")
        return self._value


class OwnedIterator:
    """Mirrors TF2's ``OwnedIterator``: what ``iter(dataset)`` returns when executing eagerly.

    ``tf.train.Checkpoint`` saves its position (TF's ``ITERATOR_STATE``). Difference: TF serializes the
    pipeline's internal state (shuffle buffers included); tfcompat saves how many elements were taken, and a
    restore moves the iterator forward to there (an iterator already past it replays a new iteration of the
    pipeline), so the elements that follow are TF's unless the restored iterator's shuffle epoch differs from
    the saved one's (known deviation checkpoint-iterator-state)."""

    # tf.train.Checkpoint's saved-state protocol (runtime/training/checkpoint.py): TF's attribute and key suffix.
    _CHECKPOINT_ATTRIBUTES = {"ITERATOR": "ITERATOR_STATE"}
    _STATE_FORMAT = "tfcompat-iterator-state/1"

    def __init__(self, dataset):
        self._dataset = dataset
        node = dataset._node
        self.element_spec = dataset.element_spec
        # With ExtensionType elements the pipeline's structure is the expanded one (data/extension_elements.py).
        self._ext = getattr(dataset, "_ext", None)
        self._pack_spec = node.element_spec if self._ext is not None else self.element_spec
        self._converters = structure.output_converters(node.flat_specs, node_lib.hooks["wrap"])
        self._it = node.iterate(Env(options=node_lib.pipeline_options(node)))
        self._taken = 0

    def __iter__(self):
        return self

    def _next_flat(self) -> tuple:
        try:
            flat = tuple(next(self._it))
        except StopIteration:
            raise end_of_sequence() from None
        self._taken += 1
        return flat

    def _serialize_to_tensors(self) -> dict:
        state = {"format": self._STATE_FORMAT, "taken": self._taken}
        return {"ITERATOR": json.dumps(state).encode()}

    def _restore_from_tensors(self, values: dict) -> None:
        try:
            state = json.loads(values["ITERATOR"].decode())
            taken = int(state["taken"]) if state.get("format") == self._STATE_FORMAT else None
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            taken = None
        if taken is None:
            raise errors.DataLossError(None, None, "The checkpoint's iterator state was not written by tfcompat "
                                       f"({self._STATE_FORMAT}).")
        skip = taken - self._taken
        if skip < 0:   # behind this iterator's position: replay a new iteration (a reshuffle may differ from TF)
            node = self._dataset._node
            self._it, self._taken, skip = node.iterate(Env(options=node_lib.pipeline_options(node))), 0, taken
        for _ in range(skip):   # forward to the saved position
            if next(self._it, None) is None:
                break
        self._taken = taken

    def _next_element(self):
        flat = next(self._it)
        self._taken += 1
        conv = self._converters
        if len(conv) == 1:
            element = structure.pack(self._pack_spec, [conv[0](flat[0])])
        else:
            element = structure.pack(self._pack_spec, [c(v) for c, v in zip(conv, flat)])
        if self._ext is not None:
            return extension_elements.rebuild_value(self.element_spec, element)
        return element

    def __next__(self):
        if ctx_lib.graph_mode_graph() is not None:
            return self._graph_next()
        return self._next_element()

    def next(self):
        """Mirrors ``OwnedIterator.next`` (TF keeps it for Python 2 compatibility): ``next(iterator)``."""
        return self.__next__()

    def _graph_next(self, name=None):
        return _get_next_op([], ("owned", self), self._pack_spec, name,
                            self.element_spec if self._ext is not None else None)

    def get_next(self, name=None):
        """Mirrors ``Iterator.get_next``: the next element; OutOfRangeError at the end."""
        if ctx_lib.graph_mode_graph() is not None:
            return self._graph_next(name)
        try:
            return self._next_element()
        except StopIteration:
            raise errors.OutOfRangeError(None, None, "End of sequence [Op:IteratorGetNext]") from None

    def get_next_as_optional(self):
        """Mirrors ``Iterator.get_next_as_optional``."""
        try:
            return Optional(self._next_element(), True, self.element_spec)
        except StopIteration:
            return Optional(None, False, self.element_spec)

    @property
    def output_types(self):
        return structure.map_structure(lambda s: s.dtype, self.element_spec)

    @property
    def output_shapes(self):
        return structure.map_structure(lambda s: s.shape, self.element_spec)

    @property
    def output_classes(self):
        return structure.map_structure(structure.legacy_output_class, self.element_spec)


class NumpyIterator:
    """Mirrors TF's ``NumpyIterator``, what ``Dataset.as_numpy_iterator`` returns: the dataset's elements as NumPy
    values (``bytes`` for string scalars), by ``next(it)`` or ``it.next()``. Difference: TF's wraps an
    ``OwnedIterator`` and has ``save``/``restore``; tfcompat's has neither."""

    def __init__(self, dataset):
        self._spec = dataset.element_spec
        self._it = dataset._node.iterate(Env())

    def __iter__(self):
        return self

    def __next__(self):
        return structure.pack(self._spec, [structure.to_numpy(v) for v in next(self._it)])

    def next(self):
        return self.__next__()

    def __repr__(self):
        return f"NumpyIterator(iterator=<{OwnedIterator.__module__}.OwnedIterator object at {id(self):#x}>)"


class GraphIterator:
    """``iter(dataset)`` inside a ``tf.function``: a fresh pipeline iterator for every call of the function
    (TF's anonymous iterator); each ``next`` is an ``IteratorGetNext`` op."""

    def __init__(self, dataset):
        self._dataset = dataset
        self.element_spec = dataset.element_spec
        self._ext = getattr(dataset, "_ext", None)
        self._resource = _graph_op("AnonymousIterator", dataset._node, name="AnonymousIterator")

    def __iter__(self):
        return self

    def __next__(self):
        return self.get_next()

    def get_next(self, name=None):
        if self._ext is None:
            return _get_next_op([self._resource], ("anonymous",), self.element_spec, name)
        return _get_next_op([self._resource], ("anonymous",), self._dataset._node.element_spec, name,
                            self.element_spec)


# ------------------------------------------------------------------------------------------------
# TF1 iterator
# ------------------------------------------------------------------------------------------------
def _legacy_types(dataset):
    return structure.map_structure(lambda s: s.dtype, dataset.element_spec)


def _legacy_shapes(dataset):
    return structure.map_structure(lambda s: s.shape, dataset.element_spec)


def _legacy_spec(output_types, output_shapes, output_classes=None):
    """The element spec of TF1's (types, shapes, classes) structures; a SparseTensor class gives a
    SparseTensorSpec."""
    if output_shapes is None:
        output_shapes = structure.map_structure(lambda _: TensorShape(None), output_types)
    types = structure.flatten(output_types)
    shapes = structure.flatten(output_shapes) if structure.is_nested(output_types) else [output_shapes]
    if len(shapes) != len(types):
        shapes = [output_shapes] * len(types)
    classes = [None] * len(types)
    if output_classes is not None:
        flat = structure.flatten(output_classes) if structure.is_nested(output_types) else [output_classes]
        classes = flat if len(flat) == len(types) else [output_classes] * len(types)
    specs = [(sparse_elements.SparseTensorSpec if isinstance(c, type) and issubclass(c, SparseTensor) else TensorSpec)(
        TensorShape(_shape_value(s)), dtypes.as_dtype(t)) for t, s, c in zip(types, shapes, classes)]
    return structure.pack(output_types, specs)


def _shape_value(s):
    return s.as_list() if isinstance(s, TensorShape) and s.rank is not None else (None if isinstance(s, TensorShape)
                                                                                    else s)


class Iterator:
    """Mirrors ``tf.compat.v1.data.Iterator`` in graph mode: one-shot, initializable, reinitializable
    (``from_structure`` + ``make_initializer``) and feedable (``from_string_handle``) iterators."""

    _by_handle = weakref.WeakValueDictionary()  # handle -> iterator, for handles fed outside a session

    def __init__(self, element_spec, one_shot_node=None, handle_tensor=None):
        self.element_spec = element_spec
        self._key = ("tf_data_iterator", id(self))
        self._one_shot_node = one_shot_node
        self._handle_tensor = handle_tensor
        self._initializer = None
        self._handle = f"tfcompat-iterator-{next(_handle_ids)}".encode()
        Iterator._by_handle[self._handle] = self

    # -- construction ----------------------------------------------------------------------------------
    @staticmethod
    def from_structure(output_types, output_shapes=None, shared_name=None, output_classes=None):
        """Mirrors ``Iterator.from_structure``: a reinitializable iterator (``make_initializer``)."""
        return Iterator(_legacy_spec(output_types, output_shapes, output_classes))

    @staticmethod
    def from_string_handle(string_handle, output_types, output_shapes=None, output_classes=None):
        """Mirrors ``Iterator.from_string_handle``: a feedable iterator reading whichever iterator the fed
        ``string_handle`` names."""
        return Iterator(_legacy_spec(output_types, output_shapes, output_classes), handle_tensor=string_handle)

    def make_initializer(self, dataset, name=None):
        """Mirrors ``Iterator.make_initializer``: an op (re)starting this iterator on ``dataset``."""
        node = dataset._node
        try:
            structure.assert_same_structure(self.element_spec, dataset.element_spec, check_types=False)
        except (TypeError, ValueError):
            raise TypeError(f"Expected output types {self.output_types!r} but got dataset with output types "
                            f"{_legacy_types(dataset)!r}.") from None
        mine, theirs = structure.flatten(self.element_spec), node.flat_specs
        if any(structure.legacy_output_class(a) is not structure.legacy_output_class(b) for a, b in zip(mine, theirs)):
            raise TypeError(f"Expected output classes {self.output_classes!r} but got dataset with output classes "
                            f"{structure.map_structure(structure.legacy_output_class, dataset.element_spec)!r}.")
        if any(a.dtype is not b.dtype for a, b in zip(mine, theirs)):
            raise TypeError(f"Expected output types {self.output_types!r} but got dataset with output types "
                            f"{_legacy_types(dataset)!r}.")
        if not all(a.shape.is_compatible_with(b.shape) for a, b in zip(mine, theirs)):
            raise TypeError(f"Expected output shapes compatible with {self.output_shapes!r} but got dataset with "
                            f"output shapes {_legacy_shapes(dataset)!r}.")
        if ctx_lib.graph_mode_graph() is None:
            raise RuntimeError("`make_initializer()` is not supported in eager mode. Use Python-style iteration "
                               "instead.")
        _graph_op("MakeIterator", node, (), {"iterator": self}, name=name or "MakeIterator")
        return ctx_lib.graph_mode_graph().get_operations()[-1]

    # -- state -----------------------------------------------------------------------------------------
    def _state(self, values):
        store = _store(self)
        it = store.get(self._key)
        if it is None:
            if self._one_shot_node is None:
                raise errors.FailedPreconditionError(
                    None, None, "GetNext() failed because the iterator has not been initialized. Ensure that you "
                                "have run the initializer operation for this iterator before getting the next "
                                "element.")
            node = self._one_shot_node
            it = store[self._key] = _LockedIterator(node.iterate(env_for(node_lib.symbolic_captures(node),
                                                                         values, node)))
        return it

    # -- API -------------------------------------------------------------------------------------------
    @property
    def initializer(self):
        if self._initializer is None:
            raise ValueError("The iterator does not have an initializer. This means it was likely created using "
                             "`tf.data.Dataset.make_one_shot_iterator()`. For an initializable iterator, use "
                             "`tf.data.Dataset.make_initializable_iterator()` instead.")
        return self._initializer

    def get_next(self, name=None):
        """Mirrors ``Iterator.get_next``: symbolic tensors that take the next element each ``Session.run``."""
        if self._handle_tensor is not None:
            inputs, source = [self._handle_tensor], ("handle",)
        elif self._one_shot_node is not None:
            inputs, source = node_lib.symbolic_captures(self._one_shot_node), ("iterator", self)
        else:
            inputs, source = [], ("iterator", self)
        return _get_next_op(inputs, source, self.element_spec, name)

    def string_handle(self, name=None):
        """Mirrors ``Iterator.string_handle``: a string tensor naming this iterator (to feed a feedable one)."""
        inputs = node_lib.symbolic_captures(self._one_shot_node) if self._one_shot_node is not None else []
        return apply_op("IteratorToStringHandle", inputs, {"iterator": self, "N": len(inputs)},
                        name=name or "IteratorToStringHandle")

    @property
    def output_types(self):
        return structure.map_structure(lambda s: s.dtype, self.element_spec)

    @property
    def output_shapes(self):
        return structure.map_structure(lambda s: s.shape, self.element_spec)

    @property
    def output_classes(self):
        return structure.map_structure(structure.legacy_output_class, self.element_spec)


def make_initializable(dataset, shared_name=None, name=None) -> Iterator:
    if ctx_lib.graph_mode_graph() is None:
        raise RuntimeError("`make_initializable_iterator()` is not supported in eager mode. Use Python-style "
                           "iteration instead.")
    it = Iterator(dataset.element_spec)
    it._initializer = it.make_initializer(dataset, name=name)
    return it


def make_one_shot(dataset) -> Iterator:
    return Iterator(dataset.element_spec, one_shot_node=dataset._node)

