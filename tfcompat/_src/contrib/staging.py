"""``tf.contrib.staging.StagingArea`` of TF 1.15 (``tensorflow/python/ops/data_flow_ops.py``): an unbounded FIFO
of tuples of tensors, usually to prefetch the next batch while the current one trains -- ``put`` (op ``Stage``)
appends one element, ``get`` (``Unstage``) removes and returns the oldest (blocking while empty), ``peek(i)``
(``StagePeek``) reads the i-th without removing it, ``size`` (``StageSize``), ``clear`` (``StageClear``).

The elements live in the running Session's resource store (eagerly: in the area), as tfcompat's queues do; they
enter detached (TF's staging ops have no gradient). ``capacity`` and ``memory_limit`` bound nothing here: a full
area would block a put in TF."""
from __future__ import annotations

import collections
import threading

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes as dtypes_lib
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["StagingArea"]

_ctx = ctx_lib.context()
_state_lock = threading.Lock()


class _AreaState:
    def __init__(self):
        self.cond = threading.Condition()
        self.elements = collections.deque()


def _state(area) -> _AreaState:
    store = getattr(_ctx, "resource_store", None)
    if store is None:
        store = area._eager_store
    with _state_lock:
        st = store.get(area)
        if st is None:
            st = store[area] = _AreaState()
    return st


def _no_outputs(inputs, attrs):
    return []


def _element_specs(inputs, attrs):
    area = attrs["area"]
    return [(shape, dt) for dt, shape in zip(area._dtypes, area._shapes)]


def _n_components(attrs):
    return len(attrs["area"]._dtypes)


@register_op("Stage", grad=NOT_DIFFERENTIABLE, inputs=("values",), list_input=True, num_outputs=0, stateful=True,
             shape_fn=_no_outputs, same_type=(), side_effects=True)
def _stage(*values, area):
    for i, (v, shape) in enumerate(zip(values, area._shapes)):
        if shape.rank is not None and not shape.is_compatible_with(TensorShape(list(v.shape))):
            raise errors.InvalidArgumentError(f"Shape mismatch in tuple component {i}. Expected {shape}, got "
                                              f"{list(v.shape)}")
    st = _state(area)
    with st.cond:
        st.elements.append(tuple(v.detach().clone() for v in values))
        st.cond.notify_all()
    return ()


@register_op("Unstage", grad=NOT_DIFFERENTIABLE, inputs=(), num_outputs=_n_components, stateful=True,
             shape_fn=_element_specs)
def _unstage(*, area):
    st = _state(area)
    with st.cond:
        while not st.elements:   # TF blocks until a put
            st.cond.wait()
        return st.elements.popleft()


@register_op("StagePeek", grad=NOT_DIFFERENTIABLE, inputs=("index",), num_outputs=_n_components, stateful=True,
             shape_fn=_element_specs)
def _stage_peek(index, *, area):
    st = _state(area)
    i = int(index)
    with st.cond:
        while len(st.elements) <= i:   # TF blocks until the element exists
            st.cond.wait()
        return st.elements[i]


@register_op("StageSize", grad=NOT_DIFFERENTIABLE, inputs=(), stateful=True,
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes_lib.int32)])
def _stage_size(*, area):
    st = _state(area)
    with st.cond:
        return torch.tensor(len(st.elements), dtype=torch.int32)


@register_op("StageClear", grad=NOT_DIFFERENTIABLE, inputs=(), num_outputs=0, stateful=True,
             shape_fn=_no_outputs, side_effects=True)
def _stage_clear(*, area):
    st = _state(area)
    with st.cond:
        st.elements.clear()
    return ()


def _last_op():
    """The op just added (an op without outputs: ``apply_op`` returns no tensor to reach it by)."""
    graph = ctx_lib.graph_mode_graph()
    return graph.get_operations()[-1] if graph is not None else None


class StagingArea:
    """Mirrors ``tf.contrib.staging.StagingArea(dtypes, shapes=None, names=None, shared_name=None, capacity=0,
    memory_limit=0)``: values are put and got as lists (or, with ``names``, dicts keyed by them).

    Raises:
      ValueError: ``shapes``/``names`` not one per dtype, a put with the wrong number, names or dtypes of
        values, capacity or memory_limit negative."""

    def __init__(self, dtypes, shapes=None, names=None, shared_name=None, capacity=0, memory_limit=0):
        if shared_name is None:
            self._name = ctx_lib.get_default_graph().unique_name("StagingArea") \
                if ctx_lib.graph_mode_graph() is not None else "StagingArea"
        else:
            self._name = shared_name
        if capacity < 0:
            raise ValueError("The capacity must be nonnegative")
        if memory_limit < 0:
            raise ValueError("The maximum memory bytes must be nonnegative")
        self._dtypes = [dtypes_lib.as_dtype(d) for d in dtypes]
        if shapes is not None:
            if len(shapes) != len(self._dtypes):
                raise ValueError("StagingArea shapes must be the same length as dtypes")
            self._shapes = [TensorShape(s) for s in shapes]
        else:
            self._shapes = [TensorShape(None) for _ in self._dtypes]
        if names is not None:
            if len(names) != len(self._dtypes):
                raise ValueError("StagingArea names must be the same length as dtypes")
            self._names = list(names)
        else:
            self._names = None
        self._capacity = capacity
        self._memory_limit = memory_limit
        self._eager_store: dict = {}

    name = property(lambda self: self._name)
    dtypes = property(lambda self: self._dtypes)
    shapes = property(lambda self: self._shapes)
    names = property(lambda self: self._names)
    capacity = property(lambda self: self._capacity)
    memory_limit = property(lambda self: self._memory_limit)

    def _check_put(self, values):
        if isinstance(values, dict):
            if not self._names:
                raise ValueError("Staging areas must have names to enqueue a dictionary")
            if not set(values) <= set(self._names):
                raise ValueError(f"Keys in dictionary to put do not match names of staging area. "
                                 f"Dictionary: {sorted(values)}, Queue: {sorted(self._names)}")
            vals = [values[k] for k in self._names if k in values]
            dtypes = [d for k, d in zip(self._names, self._dtypes) if k in values]
        else:
            if self._names:
                raise ValueError("You must enqueue a dictionary in a staging area with names")
            vals = list(values) if isinstance(values, (list, tuple)) else [values]
            dtypes = self._dtypes[:len(vals)]
        if len(vals) != len(self._dtypes):
            raise ValueError(f"Wrong number of values to put: expected {len(self._dtypes)}, got {len(vals)}")
        tensors = []
        for i, (v, dt) in enumerate(zip(vals, dtypes)):
            t = convert_to_tensor(v, dtype=dt, name=f"component_{i}")
            if not self._shapes[i].is_compatible_with(t.shape):
                raise ValueError(f"Shapes of the values to put ({t.shape}) are not compatible with the staging "
                                 f"area's shape {self._shapes[i]}")
            tensors.append(t)
        return tensors

    def _pack(self, outputs):
        outputs = list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]
        if self._names:
            return dict(zip(self._names, outputs))
        return outputs

    def put(self, values, name=None):
        """Appends one element (a list of tensors, or a dict with ``names``): returns the ``Stage`` op (None
        when executing eagerly)."""
        with name_scope(name, f"{self._name}_put", None) as scope:
            tensors = self._check_put(values)
            apply_op("Stage", tensors, {"area": self}, name=scope or None)
            return _last_op()

    def get(self, name=None):
        """Removes and returns the oldest element (blocks while the area is empty): the ``Unstage`` op."""
        return self._pack(apply_op("Unstage", [], {"area": self}, name=name or f"{self._name}_get"))

    def peek(self, index, name=None):
        """The ``index``-th oldest element without removing it (blocks until it exists)."""
        index = convert_to_tensor(index, dtype=dtypes_lib.int32, name="index")
        return self._pack(apply_op("StagePeek", [index], {"area": self}, name=name or f"{self._name}_peek"))

    def size(self, name=None):
        """The number of elements, an int32 scalar."""
        return apply_op("StageSize", [], {"area": self}, name=name or f"{self._name}_size")

    def clear(self, name=None):
        """Removes every element: returns the ``StageClear`` op (None when executing eagerly)."""
        apply_op("StageClear", [], {"area": self}, name=name or f"{self._name}_clear")
        return _last_op()
