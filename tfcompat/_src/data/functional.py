"""Transformations that run user functions: map, filter, flat_map, interleave, scan, take_while,
group_by_window, and the state-relaxing tracer shared by ``scan`` and ``reduce``."""
from __future__ import annotations

from tfcompat._src.framework import dtypes, error_codes, errors
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.runtime.type_spec import RaggedTensorSpec, SparseTensorSpec
from tfcompat._src.data import parallel
from tfcompat._src.data import structure
from tfcompat._src.data import extension_elements
from tfcompat._src.data.functions import StructuredFunction
from tfcompat._src.data.node import Node
from tfcompat._src.data.sources import ListNode

__all__ = ["MapNode", "FilterNode", "FlatMapNode", "InterleaveNode", "ScanNode", "TakeWhileNode",
           "GroupByWindowNode", "trace_with_state", "check_predicate"]


class MapNode(Node):
    def __init__(self, inp, fn: StructuredFunction, num_parallel_calls=None, deterministic=None):
        super().__init__((inp,), fn.output_spec)
        self.fn = fn
        self.num_parallel_calls = num_parallel_calls
        self.deterministic = deterministic   # None: the pipeline's Options.deterministic, else True
        self.tf_name = "_MapDataset" if num_parallel_calls is None else "_ParallelMapDataset"

    def cardinality(self, env):
        return self.inputs[0].cardinality(env)

    def functions(self):
        return (self.fn,)

    def iterate(self, env):
        src = self.inputs[0].iterate(env)
        run = self.fn.runner(env)
        n = self.num_parallel_calls
        if n is None or n == 1:
            return (run(el) for el in src)
        opts = env.options
        if n == -1:
            private = opts.threading.private_threadpool_size if opts is not None else None
            threads = private if private else parallel.autotune_threads()
        else:
            threads = int(n)
        deterministic = self.deterministic
        if deterministic is None:
            deterministic = opts.deterministic if opts is not None and opts.deterministic is not None else True
        return parallel.parallel_map(src, run, threads, bool(deterministic))


def check_predicate(fn: StructuredFunction) -> None:
    spec = fn.output_spec
    if structure.is_nested(spec) or isinstance(spec, structure.DatasetSpec) or spec.dtype is not dtypes.bool_ \
            or spec.shape.rank != 0:
        raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return "
                         f"type is {spec!r}.")


class FilterNode(Node):
    tf_name = "_FilterDataset"

    def __init__(self, inp, predicate: StructuredFunction):
        check_predicate(predicate)
        super().__init__((inp,))
        self.fn = predicate

    def functions(self):
        return (self.fn,)

    def iterate(self, env):
        run = self.fn.runner(env)
        return (el for el in self.inputs[0].iterate(env) if run(el)[0])


def _check_dataset_fn(fn: StructuredFunction, arg: str = "map_func"):
    if not isinstance(fn.output_spec, structure.DatasetSpec):
        raise TypeError(f"The `{arg}` argument must return a `Dataset` object. Got {fn.output_spec!r}.")


class FlatMapNode(Node):
    tf_name = "_FlatMapDataset"

    def __init__(self, inp, fn: StructuredFunction):
        _check_dataset_fn(fn)
        super().__init__((inp,), fn.output_spec.element_spec)
        self.fn = fn

    def functions(self):
        return (self.fn,)

    def iterate(self, env):
        run = self.fn.runner(env)
        for el in self.inputs[0].iterate(env):
            yield from run(el)[0].iterate(env)


class InterleaveNode(Node):
    """``interleave``: TF's InterleaveDataset iterator (cycle of open inner iterators, ``block_length`` from
    each in turn; an exhausted slot is refilled on its next turn). ``num_parallel_calls`` gives the same order
    (TF's parallel interleave is deterministic by default)."""

    def __init__(self, inp, fn: StructuredFunction, cycle_length, block_length, num_parallel_calls, deterministic):
        _check_dataset_fn(fn)
        super().__init__((inp,), fn.output_spec.element_spec)
        self.fn = fn
        self.cycle_length = cycle_length
        self.block_length = block_length
        self.tf_name = "_InterleaveDataset" if num_parallel_calls is None else "_ParallelInterleaveDataset"

    def functions(self):
        return (self.fn,)

    def iterate(self, env):
        cycle = parallel.autotune_threads() if self.cycle_length in (None, -1) else int(self.cycle_length)
        block = int(self.block_length)
        run = self.fn.runner(env)
        src = self.inputs[0].iterate(env)
        current = [None] * cycle
        num_open, index, block_index = 0, 0, 0
        end_of_input = False
        while not end_of_input or num_open > 0:
            it = current[index]
            if it is not None:
                try:
                    el = next(it)
                except StopIteration:
                    current[index] = None
                    num_open -= 1
                    index, block_index = (index + 1) % cycle, 0
                    continue
                block_index += 1
                if block_index == block:
                    index, block_index = (index + 1) % cycle, 0
                yield el
            elif not end_of_input:
                try:
                    arg = next(src)
                except StopIteration:
                    end_of_input = True
                    continue
                current[index] = run(arg)[0].iterate(env)
                num_open += 1
            else:
                index, block_index = (index + 1) % cycle, 0


def _relaxed(a: TensorShape, b: TensorShape) -> TensorShape:
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


def trace_with_state(func, state_spec, element_spec, name: str, output_part=None):
    """Traces ``func(state, element)`` until the state spec is a fixed point (TF's reduce/scan loop: state
    shapes that change are relaxed and the function traced again). ``output_part`` picks the new state out of
    the function's output (scan returns ``(new_state, output)``). Returns (function, state spec)."""
    while True:
        # ExtensionType elements arrive as their components (data/extension_elements.py), rebuilt for ``func``.
        fn = StructuredFunction(func, name, extension_elements.expand_spec((state_spec, element_spec)),
                                adapt=extension_elements.FunctionAdapter((state_spec, element_spec)))
        out = fn.output_spec
        new_state = output_part(out) if output_part is not None else out
        try:
            structure.assert_same_structure(state_spec, new_state, check_types=False)
        except (TypeError, ValueError) as e:
            raise TypeError(f"The structure of the new state must match the initial state. Expected "
                            f"{state_spec!r}; got {new_state!r}.") from e
        old_flat, new_flat = structure.flatten(state_spec), structure.flatten(new_state)
        if [s.dtype for s in old_flat] != [s.dtype for s in new_flat]:
            want = structure.map_structure(lambda s: s.dtype, state_spec)
            got = structure.map_structure(lambda s: s.dtype, new_state)
            raise TypeError(f"The element types for the new state must match the initial state. Expected {want}; "
                            f"got {got}.")
        relaxed = [_relaxed(o.shape, n.shape) for o, n in zip(old_flat, new_flat)]
        if all(o.shape.rank is None or (r.rank is not None and r.as_list() == o.shape.as_list())
               for o, r in zip(old_flat, relaxed)):
            return fn, state_spec
        state_spec = structure.pack(state_spec, [_with_shape(o, r) for o, r in zip(old_flat, relaxed)])


def _with_shape(spec, shape):
    """``spec`` with the relaxed ``shape``, of the same kind (a sparse or ragged state stays sparse or ragged)."""
    if isinstance(spec, SparseTensorSpec):
        return SparseTensorSpec(shape, spec.dtype)
    if isinstance(spec, RaggedTensorSpec):
        return RaggedTensorSpec(shape, spec.dtype, spec.ragged_rank, spec.row_splits_dtype)
    return TensorSpec(shape, spec.dtype)


def _scan_output(out):
    if not (isinstance(out, tuple) and len(out) == 2):
        raise TypeError("The scan function must return a pair comprising the new state and the output value.")
    return out[0]


class ScanNode(Node):
    tf_name = "_ScanDataset"

    def __init__(self, inp, initial_state, scan_func, element_spec=None):
        """``element_spec``: the elements' spec as the dataset shows it (ExtensionTypes), ``inp``'s when None."""
        state_spec = structure.type_spec_from_value(initial_state)
        fn, state_spec = trace_with_state(scan_func, state_spec, inp.element_spec if element_spec is None
                                          else element_spec, "Dataset.scan()", _scan_output)
        super().__init__((inp,), fn.output_spec[1], captures=structure.flatten(initial_state))
        self.fn = fn
        self.initial = structure.flatten(initial_state)
        self.n_state = len(structure.flatten(state_spec))

    def cardinality(self, env):
        return self.inputs[0].cardinality(env)

    def functions(self):
        return (self.fn,)

    def iterate(self, env):
        state = tuple(env.value(t) for t in self.initial)
        run, k = self.fn.runner(env), self.n_state
        for el in self.inputs[0].iterate(env):
            outs = run(state + el)
            state = tuple(outs[:k])
            yield tuple(outs[k:])


class TakeWhileNode(Node):
    tf_name = "_TakeWhileDataset"

    def __init__(self, inp, predicate: StructuredFunction):
        check_predicate(predicate)
        super().__init__((inp,))
        self.fn = predicate

    def functions(self):
        return (self.fn,)

    def iterate(self, env):
        run = self.fn.runner(env)
        for el in self.inputs[0].iterate(env):
            if not run(el)[0]:
                return
            yield el


_CODE_NAMES = {v: k for k, v in vars(error_codes).items() if k.isupper() and isinstance(v, int)}


class GroupByWindowNode(Node):
    """``group_by_window``: elements grouped by ``key_func``; a group of ``window_size`` elements (or at the end
    of the input, what a group holds, in key order) is passed to ``reduce_func(key, window_dataset)``."""

    tf_name = "_GroupByWindowDataset"

    def __init__(self, inp, key_fn: StructuredFunction, reduce_fn_factory, window_size, window_size_fn):
        ks = key_fn.output_spec
        if structure.is_nested(ks) or ks.dtype is not dtypes.int64 or ks.shape.rank != 0:
            raise ValueError(f"Invalid `key_func`. `key_func` must return a single `tf.int64` scalar tensor but its "
                             f"return type is {ks!r}.")
        reduce_fn = reduce_fn_factory(TensorSpec([], dtypes.int64), structure.DatasetSpec(inp.element_spec))
        _check_dataset_fn(reduce_fn, "reduce_func")
        super().__init__((inp,), reduce_fn.output_spec.element_spec)
        self.key_fn, self.reduce_fn = key_fn, reduce_fn
        self.window_size, self.window_size_fn = window_size, window_size_fn

    def functions(self):
        fns = (self.key_fn, self.reduce_fn)
        return fns + ((self.window_size_fn,) if self.window_size_fn is not None else ())

    def iterate(self, env):
        groups, keys = {}, {}
        spec = self.inputs[0].element_spec
        key_run, reduce_run = self.key_fn.runner(env), self.reduce_fn.runner(env)
        size_run = self.window_size_fn.runner(env) if self.window_size_fn is not None else None
        for el in self.inputs[0].iterate(env):
            kv = key_run(el)[0]
            k = int(kv)
            group = groups.setdefault(k, [])
            keys[k] = kv
            group.append(el)
            size = int(self.window_size) if size_run is None else int(size_run((kv,))[0])
            if len(group) >= size:
                del groups[k]
                yield from self._window(reduce_run, kv, ListNode(group, spec)).iterate(env)
        for k in sorted(groups):
            yield from self._window(reduce_run, keys[k], ListNode(groups[k], spec)).iterate(env)

    def _window(self, reduce_run, key, window):
        try:
            return reduce_run((key, window))[0]
        except errors.OpError as e:
            # TF reports an error of running reduce_func (not one of iterating the dataset it returns) as an
            # InternalError quoting it (bucket_by_sequence_length's pad_to_bucket_boundary check).
            code = _CODE_NAMES.get(e.error_code, "UNKNOWN")
            raise errors.InternalError(None, None, f"Got error code {code} and message: {{ {e.message} }} from "
                                                   f"running user-defined function {self.reduce_fn.name}: ") from e

