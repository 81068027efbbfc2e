"""``tf.compat.v1.Session`` / ``InteractiveSession``: fetch structures, feeds, per-session variable values."""
from __future__ import annotations

import collections
import contextlib
import warnings

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import device as device_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import to_torch_value
from tfcompat._src.framework.graph import Graph, Operation
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime import config as config_lib
from tfcompat._src.runtime import compiled_plan
from tfcompat._src.runtime.executor import compile_plan

__all__ = ["Session", "InteractiveSession"]

_ctx = ctx_lib.context()
_default_device = device_lib.default_device
# tools/compare (aligned and traced runs) installs a function here: called as
# ``interceptor(session, fetches, feed_dict, options, run_metadata)`` in place of every Session.run; it calls
# ``session._run`` (the plain run), possibly with feeds and fetches added. Empty otherwise.
run_interceptors: list = []


class _FetchMapper:
    """Flattens a fetch structure into unique graph elements and rebuilds results in the same structure."""

    def __init__(self, graph, fetches):
        self.graph = graph
        self.elements = []   # SymbolicTensor or Operation
        self._index = {}
        self.structure = self._flatten(fetches)
        self.single_tensor = self.structure[0] == "leaf" and not self.structure[2]

    def _add(self, el):
        key = id(el)
        if key not in self._index:
            self._index[key] = len(self.elements)
            self.elements.append(el)
        return self._index[key]

    def _flatten(self, f):
        if f is None:
            raise TypeError(f"Fetch argument None has invalid type {type(None)}")
        if isinstance(f, (list, tuple)) and not hasattr(f, "_fields"):
            return (type(f), [self._flatten(x) for x in f])
        if hasattr(f, "_fields") and isinstance(f, tuple):
            return ("namedtuple", type(f), [self._flatten(x) for x in f])
        if hasattr(f, "_fetch_components"):  # SparseTensor, IndexedSlices: fetched as their *Value namedtuple
            value_type, parts = f._fetch_components()
            return ("namedtuple", value_type, [self._flatten(x) for x in parts])
        if isinstance(f, dict):
            return ("dict", type(f), [(k, self._flatten(v)) for k, v in f.items()])
        el = self._element(f)
        return ("leaf", self._add(el), isinstance(el, Operation))

    def _element(self, f):
        if isinstance(f, str):
            try:
                return self.graph.as_graph_element(f)
            except KeyError as e:
                raise ValueError(f"Argument `fetch` = {f} cannot be interpreted as a Tensor. ({e.args[0]!r})") \
                    from None
        if isinstance(f, Operation):
            if f.graph is not self.graph:
                raise ValueError(f"Fetch argument {f!r} cannot be interpreted as a Tensor. (Operation {f.name} "
                                 f"is not an element of this graph.)")
            return f
        if isinstance(f, SymbolicTensor):
            if f.graph is not self.graph:
                raise ValueError(f"Fetch argument {f!r} cannot be interpreted as a Tensor. (Tensor {f} is not "
                                 f"an element of this graph.)")
            return f
        if isinstance(f, EagerTensor):
            raise TypeError(f"Fetch argument {f!r} has invalid type {type(f)}, must be a string or Tensor. "
                            f"(Can not convert a EagerTensor into a Tensor or Operation.)")
        element = getattr(f, "_as_graph_element", None)
        if element is not None and element() is not None:
            return self._element(element())
        raise TypeError(f"Fetch argument {f!r} has invalid type {type(f)}, must be a string or Tensor. (Can not "
                        f"convert a {type(f).__name__} into a Tensor or Operation.)")

    def build(self, values):
        return self._build(self.structure, values)

    def _build(self, s, values):
        kind = s[0]
        if kind == "leaf":
            return None if s[2] else values[s[1]]
        if kind == "namedtuple":
            return s[1](*[self._build(x, values) for x in s[2]])
        if kind == "dict":
            return s[1]((k, self._build(v, values)) for k, v in s[2])
        typ, items = s
        built = [self._build(x, values) for x in items]
        return built if typ is list else typ(built)


def _to_numpy(t: torch.Tensor, copy: bool = True):
    if not isinstance(t, torch.Tensor):
        # tf.string values are Python bytes (scalars) or object arrays of bytes, as TF returns them
        return t[()] if isinstance(t, np.ndarray) and t.ndim == 0 else t
    if t.requires_grad:
        t = t.detach()
    if not t.is_cpu:
        t = t.cpu()
        copy = False
    if t.dtype == torch.bfloat16:
        t = t.float()
        copy = False
    arr = t.numpy()
    return arr[()] if arr.ndim == 0 else (arr.copy() if copy else arr)


def _fetched_numpy(outs, fresh) -> list:
    """The fetched values as numpy arrays the caller owns: copies, except for buffers this run created that no
    other fetch shares (TF returns distinct arrays; a copy of 1.6 MB of MLP gradients costs ~0.4 ms a step)."""
    res = []
    seen = set()
    for t, f in zip(outs, fresh):
        if f and isinstance(t, torch.Tensor) and t.is_cpu:
            ptr = t.untyped_storage().data_ptr()
            f = ptr not in seen
            seen.add(ptr)
        res.append(_to_numpy(t, copy=not f))
    return res


_CACHE_SIZE = 256  # scripts that build new fetches every step must not grow the caches without bound


def _bounded_put(cache: collections.OrderedDict, key, value) -> None:
    cache[key] = value
    if len(cache) > _CACHE_SIZE:
        cache.popitem(last=False)


def _fetch_key(fetches):
    """A hashable key for the common fetch shapes (one tensor/op, lists/tuples of them, nested: a train op list
    and a loss), else None. Each list/tuple level is a tuple led by its type; an element is its id."""
    t = type(fetches)
    if t is SymbolicTensor or t is Operation:
        return id(fetches)
    if t is not list and t is not tuple:
        return None
    nested = False
    for f in fetches:
        ft = type(f)
        if ft is list or ft is tuple:
            nested = True
        elif ft is not SymbolicTensor and ft is not Operation:
            return None
    if not nested:
        return (t, *map(id, fetches))
    ids = [t]
    for f in fetches:
        sub = _fetch_key(f)
        if sub is None:
            return None
        ids.append(sub)
    return tuple(ids)


class _FeedSpec:
    """What a fed tensor accepts without the general conversion: numpy arrays of its exact dtype and a
    compatible shape (copied, as TF copies feeds) and, for scalars, python floats/ints of its dtype."""

    def __init__(self, t):
        self.tensor = t  # keeps id(t) valid while the spec lives
        dt = t.dtype
        self.np_dtype = np.dtype(dt.np_dtype) if dt.np_dtype is not None and dt.torch_dtype is not None and \
            dt is not dtypes.bfloat16 else None
        self.torch_dtype = dt.torch_dtype
        self.dims = t.shape.as_list() if t.shape.rank is not None else None
        self.full_shape = tuple(self.dims) if self.dims is not None and None not in self.dims else False
        self.scalar_type = float if dt.is_floating else (int if dt.is_integer else None)
        self.scalar_ok = self.dims is None or self.dims == []

    def fast(self, value):
        if self.np_dtype is None:
            return None
        vt = type(value)
        if vt is np.ndarray:
            vd = value.dtype
            if vd is not self.np_dtype and vd != self.np_dtype:
                return None
            dims = self.dims
            if value.shape == self.full_shape:
                pass
            elif dims is not None:
                shape = value.shape
                if len(shape) != len(dims):
                    return None
                for d, s in zip(dims, shape):
                    if d is not None and d != s:
                        return None
            out = torch.from_numpy(np.array(value, copy=True, order="C"))
        elif vt is self.scalar_type and self.scalar_ok and (vt is float or -2**31 <= value < 2**31):
            out = torch.tensor(value, dtype=self.torch_dtype)
        else:
            return None
        # (ctx_lib.current_device() without its call when no tf.device scope is open: runs once per feed)
        device = ctx_lib.current_device() if _ctx.device_stack else _default_device()
        return out if device.type == "cpu" else out.to(device)


_DECLINED = object()


class _FastRun:
    """A repeated ``Session.run`` of the same fetches with ``feed_dict`` keyed by the same fed tensors (in the same
    order): the plan, fetch mapping and feed specs are resolved once. ``run`` returns ``_DECLINED`` (nothing done)
    when a value needs the general feed conversion, so every check and error of that path stays there.

    The entry holds the fetched elements (its mapper) and the fed tensors (their specs): the ids keying it cannot
    be reused while it lives."""

    __slots__ = ("session", "plan", "mapper", "is_op", "specs", "single_fresh")

    def __init__(self, session, plan, mapper, is_op, feed_tensors):
        self.session = session
        self.plan = plan
        self.mapper = mapper
        self.is_op = is_op
        self.specs = [session._feed_specs[id(t)] for t in feed_tensors]
        # One fetched tensor: no other fetch can share its buffer, so a fresh one is handed out uncopied.
        self.single_fresh = plan.fresh_fetches[0] if mapper.single_tensor else None

    def run(self, feed_dict, options):
        values = []
        if feed_dict:
            for spec, v in zip(self.specs, feed_dict.values()):
                tv = spec.fast(v)
                if tv is None:
                    return _DECLINED
                values.append(tv)
        plan = self.plan
        # A stateless plan's kernels read neither the session's store nor the run options.
        outs = plan.run(values) if plan.stateless else self.session._run_plan(plan, values, options)
        if self.single_fresh is not None:
            t = outs[0]
            if type(t) is torch.Tensor and t.is_cpu and not t.requires_grad and t.dtype is not torch.bfloat16:
                arr = t.numpy()   # (_to_numpy's common case, inlined)
                return arr[()] if arr.ndim == 0 else (arr if self.single_fresh else arr.copy())
            return _to_numpy(t, copy=not self.single_fresh)
        outs = iter(_fetched_numpy(outs, self.plan.fresh_fetches))
        return self.mapper.build([None if op else next(outs) for op in self.is_op])


class Session:
    """Mirrors ``tf.compat.v1.Session``: runs graph fragments; holds this session's variable values."""

    def __init__(self, target="", graph=None, config=None):
        self._graph = graph if graph is not None else ctx_lib.get_default_graph()
        self._config = config
        config_lib.apply_session_threads(config)
        self._resource_store = {}
        self._plans = collections.OrderedDict()       # (fetch ids, feed ids) -> Plan
        self._fetch_cache = collections.OrderedDict()  # fetch key -> mapped fetches
        self._feed_specs = {}                          # id(fed tensor) -> _FeedSpec
        self._fast_runs = collections.OrderedDict()    # (fetch key, ids of the feed keys) -> _FastRun
        self._closed = False
        self._default_ctx = None

    @property
    def graph(self) -> Graph:
        return self._graph

    @property
    def graph_def(self):
        """Mirrors ``Session.graph_def``: the graph's ``as_graph_def()`` (a read-only node list here)."""
        return self._graph.as_graph_def()

    @property
    def sess_str(self):
        return ""

    def _device_for(self, var):
        return ctx_lib.current_device()

    # -- run -------------------------------------------------------------------------------------------
    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        """Mirrors ``Session.run``: any fetch structure; feed_dict keyed by tensors, placeholders or names."""
        if run_interceptors:
            return run_interceptors[-1](self, fetches, feed_dict, options, run_metadata)
        return self._run(fetches, feed_dict, options, run_metadata)

    def _run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        # Per-call Python cost is what a tiny graph pays, so the fetch mapping is cached by the fetches' ids
        # (the cache holds the fetched objects, so their ids cannot be reused while the entry lives).
        ft = type(fetches)
        fkey = id(fetches) if ft is SymbolicTensor or ft is Operation else _fetch_key(fetches)  # (its 1st case)
        if fkey is not None:
            rkey = (fkey, *map(id, feed_dict)) if feed_dict else (fkey,)
            fast = self._fast_runs.get(rkey)
            if fast is not None:
                out = fast.run(feed_dict, options)
                if out is not _DECLINED:
                    return out
        else:
            rkey = None
        entry = self._fetch_cache.get(fkey) if fkey is not None else None
        if entry is None:
            mapper = _FetchMapper(self._graph, fetches)
            fetch_tensors = [e for e in mapper.elements if isinstance(e, SymbolicTensor)]
            targets = [e for e in mapper.elements if isinstance(e, Operation)]
            entry = (mapper, fetch_tensors, targets, tuple(id(e) for e in mapper.elements),
                     [isinstance(e, Operation) for e in mapper.elements])
            if fkey is not None:
                _bounded_put(self._fetch_cache, fkey, entry)
        mapper, fetch_tensors, targets, element_ids, is_op = entry
        feed_tensors, feed_values, direct = self._prepare_feeds(feed_dict)
        key = (element_ids, tuple(map(id, feed_tensors)))
        # A plan, once compiled, serves its fetches/feeds for the session's life, as TF's executors do: ops added
        # later cannot change what the fetches reach (a script that builds an op every step keeps its step's
        # plan), and TF ignores changes to ops a session already has (`op._add_control_input` after a run).
        plan = self._plans.get(key)
        if plan is None:
            plan = compile_plan(self._graph, fetch_tensors, targets, feed_tensors,
                                jit_compile=compiled_plan.session_jit(self._config))
            _bounded_put(self._plans, key, plan)
        if rkey is not None and direct and rkey not in self._fast_runs:
            _bounded_put(self._fast_runs, rkey, _FastRun(self, plan, mapper, is_op, feed_tensors))
        outs = _fetched_numpy(self._run_plan(plan, feed_values, options), plan.fresh_fetches)
        if mapper.single_tensor:
            return outs[0]
        outs = iter(outs)
        values = [None if op else next(outs) for op in is_op]
        return mapper.build(values)

    def _run_plan(self, plan, values, options):
        """``plan.run(values)`` with this session's variable store and ``options`` installed for its kernels."""
        prev = getattr(_ctx, "resource_store", None)
        prev_options = getattr(_ctx, "run_options", None)
        _ctx.resource_store = self._resource_store
        _ctx.run_options = options  # read by blocking kernels (queues: RunOptions.timeout_in_ms)
        try:
            return plan.run(values)
        finally:
            _ctx.resource_store = prev
            _ctx.run_options = prev_options

    def _prepare_feeds(self, feed_dict):
        """(fed tensors, their torch values, whether every key is a fed tensor itself: no names, no nesting)."""
        if not feed_dict:
            return [], [], True
        tensors, values = [], []
        seen = {}
        specs = self._feed_specs
        direct = True
        for key, value in feed_dict.items():
            spec = specs.get(id(key))
            # A tensor of this graph fed before needs no resolving (its spec holds it: the id stays its own).
            if spec is not None and spec.tensor is key:
                items = ((key, key, spec, value),)
            else:
                items = self._resolve_feed_item(key, value)
                direct = direct and len(items) == 1 and items[0][1] is key
            for k, t, spec, v in items:
                tv = spec.fast(v)
                if tv is None:
                    tv = self._slow_feed_value(k, t, v)
                if id(t) in seen:
                    values[seen[id(t)]] = tv
                    continue
                seen[id(t)] = len(tensors)
                tensors.append(t)
                values.append(tv)
        return tensors, values, direct

    def _resolve_feed_item(self, key, value) -> list:
        """One ``feed_dict`` item as ``(key, tensor, spec, value)`` per fed tensor: any key (names, nested tuples
        of placeholders, sparse placeholders)."""
        graph = self._graph
        out = []
        for k, v in _flatten_feed_items({key: value}):
            t = k if type(k) is SymbolicTensor and k.graph is graph else self._feed_key(k)
            spec = self._feed_specs.get(id(t))
            if spec is None:
                spec = self._feed_specs[id(t)] = _FeedSpec(t)
            out.append((k, t, spec, v))
        return out

    def _slow_feed_value(self, key, t, value):
        if isinstance(value, (Tensor,)) and not isinstance(value, EagerTensor):
            raise TypeError("The value of a feed cannot be a tf.Tensor object. Acceptable feed values "
                            "include Python scalars, strings, lists, numpy ndarrays, or TensorHandles. For "
                            f"reference, the tensor object was {value} which was passed to the argument "
                            f"`feed_dict` with key {key}.")
        return self._feed_value(t, value)

    def _feed_key(self, key):
        if isinstance(key, str):
            return self._graph.as_graph_element(key, allow_tensor=True, allow_operation=False)
        if isinstance(key, SymbolicTensor):
            if key.graph is not self._graph:
                raise ValueError(f"Cannot interpret feed_dict key as Tensor: Tensor {key} is not an element of "
                                 f"this graph.")
            return key
        el = getattr(key, "_as_graph_element", None)
        if el is not None:
            return el()
        raise TypeError(f"Cannot interpret feed_dict key as Tensor: Can not convert a {type(key).__name__} into a "
                        f"Tensor.")

    def _feed_value(self, t, value):
        dt = t.dtype
        if isinstance(value, EagerTensor):
            arr = value.numpy()
        elif isinstance(value, torch.Tensor):
            tv = value.to(ctx_lib.current_device())
            return tv if tv.dtype == dt.torch_dtype else tv.to(dt.torch_dtype)
        else:
            arr = value
        np_arr = as_bytes_array(arr) if dt is dtypes.string else np.asarray(arr)
        if dt is dtypes.string and t.shape.is_compatible_with(TensorShape(np_arr.shape)):
            return string_value(np_arr)
        if np_arr.dtype == object and dt is not dtypes.string:
            raise ValueError(f"setting an array element with a sequence. (feeding {t.name})")
        if not t.shape.is_compatible_with(TensorShape(np_arr.shape)):
            raise ValueError(f"Cannot feed value of shape {np_arr.shape} for Tensor {t.name}, which has shape "
                             f"{t.shape}")
        if dt.is_integer and np_arr.dtype.kind == "f":
            np_arr = np_arr.astype(dt.np_dtype)  # TF1 feeds cast with numpy, truncating
        return to_torch_value(np_arr.astype(dt.np_dtype, copy=False) if dt.np_dtype is not None else np_arr, dt,
                              ctx_lib.current_device())

    def partial_run_setup(self, *args, **kwargs):
        raise NotImplementedError("partial_run is not supported")

    def make_callable(self, fetches, feed_list=None, accept_options=False):
        """Mirrors ``Session.make_callable``."""
        feed_list = list(feed_list or [])

        def call(*args, **kwargs):
            return self.run(fetches, feed_dict=dict(zip(feed_list, args)))
        return call

    def list_devices(self):
        return []

    # -- lifetime --------------------------------------------------------------------------------------
    def close(self):
        """Mirrors ``Session.close``: releases this session's variable values."""
        self._closed = True
        for resource in list(self._resource_store.values()):
            # Stateful resources that threads may block on (queues) cancel their pending operations, as TF does.
            cancel = getattr(resource, "cancel_on_session_close", None)
            if cancel is not None:
                cancel()
        self._resource_store.clear()
        self._plans.clear()
        self._fetch_cache.clear()
        self._feed_specs.clear()
        self._fast_runs.clear()

    def as_default(self):
        """Mirrors ``Session.as_default``."""
        return _default_session(self)

    def __enter__(self):
        self._default_ctx = _default_session(self)
        self._graph_ctx = self._graph.as_default()
        self._graph_ctx.__enter__()
        self._default_ctx.__enter__()
        return self

    def __exit__(self, exc_type, exc, tb):
        self._default_ctx.__exit__(exc_type, exc, tb)
        self._graph_ctx.__exit__(exc_type, exc, tb)
        self.close()
        return False

    def __del__(self):
        pass


@contextlib.contextmanager
def _default_session(session):
    stack = _ctx.default_session_stack
    stack.append(session)
    try:
        yield session
    finally:
        stack.remove(session)


class InteractiveSession(Session):
    """Mirrors ``tf.compat.v1.InteractiveSession``: installs itself as the default session."""

    _active = []

    def __init__(self, target="", graph=None, config=None):
        super().__init__(target, graph, config)
        _ctx.default_session_stack.append(self)
        InteractiveSession._active.append(self)

    def close(self):
        super().close()
        if self in _ctx.default_session_stack:
            _ctx.default_session_stack.remove(self)


def get_default_session():
    """Mirrors ``tf.compat.v1.get_default_session``."""
    stack = _ctx.default_session_stack
    return stack[-1] if stack else None


def _flatten_feed_items(feed_dict):
    """``feed_dict``'s items with nested tuple keys (an ``LSTMStateTuple`` of placeholders) paired element by
    element with their values, as TF's ``nest.flatten_dict_items`` does for ``Session.run``."""
    for key, value in feed_dict.items():
        if hasattr(key, "_fetch_components"):  # a sparse_placeholder fed a SparseTensorValue or a 3-tuple
            _, parts = key._fetch_components()
            values = tuple(value)
            if len(values) != len(parts):
                raise TypeError(f"The value of a feed for a {type(key).__name__} must be a {len(parts)}-tuple "
                                f"(SparseTensorValue), got {value!r}")
            yield from zip(parts, values)
            continue
        if not isinstance(key, tuple):
            yield key, value
            continue
        if not nest.is_nested(value):
            raise ValueError(f"Could not flatten dictionary: key {key} is a sequence but its corresponding value "
                             f"{value} is not.")
        keys, values = nest.flatten(key), nest.flatten(value)
        if len(keys) != len(values):
            raise ValueError(f"Could not flatten dictionary. Key had {len(keys)} elements, but value had "
                             f"{len(values)} elements. Key: {key}, value: {value}.")
        yield from zip(keys, values)
