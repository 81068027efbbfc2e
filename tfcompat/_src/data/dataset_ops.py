"""``tf.data.Dataset`` (TF2's ``DatasetV2``); TF1's ``tf.compat.v1.data.Dataset`` is in dataset_ops_v1.py.

A Dataset is a thin public handle on a pipeline ``Node`` (``node.py``); each method builds a new node. User
functions are traced once (``functions.py``). Executing eagerly, ``iter(dataset)`` runs the pipeline in
Python; in a graph, iteration and ``reduce``/``cardinality``/``get_single_element`` are graph ops
(``iterator_ops.py``)."""
from __future__ import annotations

import os
import pickle

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import EagerTensor, Tensor
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.data import batching
from tfcompat._src.data import extension_elements
from tfcompat._src.data import functional
from tfcompat._src.data import iterator_ops
from tfcompat._src.data import node as node_lib
from tfcompat._src.data import shuffling
from tfcompat._src.data import sparse_elements
from tfcompat._src.data import sources
from tfcompat._src.data import structure
from tfcompat._src.data import transformations as tr
from tfcompat._src.data.functions import StructuredFunction
from tfcompat._src.data.node import INFINITE, UNKNOWN, Env
from tfcompat._src.data.options import Options

__all__ = ["DatasetV2", "AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "int64_arg"]

AUTOTUNE = -1
INFINITE_CARDINALITY = INFINITE
UNKNOWN_CARDINALITY = UNKNOWN


def int64_arg(value, name: str):
    """A scalar int64 argument (count, batch_size, ...): a python int, or a tensor captured by the pipeline."""
    if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
        t = convert_to_tensor(value)
        if t.dtype is not dtypes.int64:
            raise ValueError(f"{name}: Tensor conversion requested dtype int64 for Tensor with dtype "
                             f"{t.dtype.name}: {t!r}")
        if isinstance(t, EagerTensor):
            return int(t._t.item())
        return t
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int64")


def _check_padded_batch_types(spec, padded_shapes) -> None:
    """TF's ``_PaddedBatchDataset`` check: only dense tensor components are padded (after its unknown-rank
    ValueError when ``padded_shapes`` is omitted, which ``PaddedBatchNode`` raises)."""
    flat = structure.flatten(spec)
    if padded_shapes is None and any(s.shape.rank is None for s in flat):
        return
    for s in flat:
        if isinstance(s, structure.DatasetSpec):
            raise TypeError("`padded_batch` is not supported for datasets of datasets")
        if not isinstance(s, TensorSpec):
            raise TypeError("`padded_batch` is only supported for datasets that produce tensor elements but type "
                            f"spec of elements in the input dataset is not a subclass of TensorSpec: `{s!r}`.")


def _bool_arg(value):
    if isinstance(value, Tensor) and not isinstance(value, EagerTensor):
        return value
    return bool(value.numpy()) if isinstance(value, EagerTensor) else bool(value)


def _ext_template(dataset, node):
    """The ExtensionType template of ``node``'s elements (data/extension_elements.py)."""
    return extension_elements.template_after(
        dataset._ext, node, node.fn if isinstance(node, functional.MapNode) else None,
        keeps_elements=not node.functions() or isinstance(node, (functional.FilterNode, functional.TakeWhileNode)))


def _trace(func, name, spec):
    return extension_elements.trace(StructuredFunction, func, name, spec)


class DatasetV2:
    """Mirrors ``tf.data.Dataset``."""

    _ext = None   # the template of ExtensionType elements (data/extension_elements.py), None without

    def __init__(self, node):
        self._node = node

    def _wrap(self, node):
        out = DatasetV2(node)
        out._ext = _ext_template(self, node)
        return out

    @classmethod
    def _make(cls, node):
        """A dataset of ``node`` of this class's API version (``DatasetV1`` overrides this)."""
        return DatasetV2(node)

    # -- inspection ------------------------------------------------------------------------------------
    @property
    def element_spec(self):
        """Mirrors ``Dataset.element_spec``: the nested structure of TensorSpecs of an element."""
        if self._ext is not None:
            return extension_elements.public_spec(self._ext, self._node.element_spec)
        return self._node.element_spec

    def __repr__(self):
        return f"<{self._node.tf_name} element_spec={self.element_spec!r}>"

    def __bool__(self):
        return True  # as TF: __len__ must not decide truthiness

    def cardinality(self):
        """Mirrors ``Dataset.cardinality``: an int64 scalar; ``INFINITE_CARDINALITY`` (-1) or
        ``UNKNOWN_CARDINALITY`` (-2) when TF would not know it statically either."""
        if ctx_lib.graph_mode_graph() is not None:
            return iterator_ops.graph_cardinality(self._node)
        return convert_to_tensor(np.int64(self._node.cardinality(Env())))

    def __len__(self):
        if ctx_lib.graph_mode_graph() is not None:
            raise TypeError("`tf.data.Dataset` only supports `len` in eager mode. Use "
                            "`tf.data.Dataset.cardinality()` instead.")
        n = self._node.cardinality(Env())
        if n == INFINITE:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return n

    def __iter__(self):
        graph = ctx_lib.graph_mode_graph()
        if graph is None:
            return iterator_ops.OwnedIterator(self)
        if getattr(graph, "building_function", False):
            return iterator_ops.GraphIterator(self)
        raise RuntimeError("`tf.data.Dataset` only supports Python-style iteration in eager mode or within "
                           "tf.function.")

    def as_numpy_iterator(self):
        """Mirrors ``Dataset.as_numpy_iterator``: elements as numpy values (``bytes`` for string scalars)."""
        if ctx_lib.graph_mode_graph() is not None:
            raise RuntimeError("`tf.data.Dataset.as_numpy_iterator()` is only supported in eager mode.")
        for s in self._node.flat_specs:
            if isinstance(s, structure.DatasetSpec):
                raise TypeError(f"`tf.data.Dataset.as_numpy_iterator()` is not supported for datasets that "
                                f"produce values of type {type(s).__name__}")
        return iterator_ops.NumpyIterator(self)

    def options(self):
        """Mirrors ``Dataset.options``: the options set anywhere upstream, merged."""
        return node_lib.pipeline_options(self._node)

    def with_options(self, options, name=None):
        """Mirrors ``Dataset.with_options``."""
        if not isinstance(options, Options):
            raise TypeError(f"options must be a tf.data.Options, got {type(options).__name__}")
        return self._wrap(tr.OptionsNode(self._node, options))

    def apply(self, transformation_func):
        """Mirrors ``Dataset.apply``: ``transformation_func(self)``, which must return a Dataset."""
        ds = transformation_func(self)
        if not isinstance(ds, DatasetV2):
            raise TypeError(f"`transformation_func` must return a `tf.data.Dataset` object. Got {type(ds)}.")
        return ds

    # -- sources ---------------------------------------------------------------------------------------
    @classmethod
    def from_tensors(cls, tensors, name=None):
        """Mirrors ``Dataset.from_tensors``: one element."""
        return cls._from_element(sources.TensorsNode, tensors)

    @classmethod
    def from_tensor_slices(cls, tensors, name=None):
        """Mirrors ``Dataset.from_tensor_slices``: the slices along the first dimension."""
        return cls._from_element(sources.TensorSlicesNode, tensors)

    @classmethod
    def _from_element(cls, node_type, tensors):
        template = extension_elements.template_of_value(tensors)
        if template is not None:
            tensors = extension_elements.expand_value(tensors)
        out = cls._make(node_type(structure.normalize_element(tensors)))
        out._ext = template
        return out

    @classmethod
    def range(cls, *args, output_type=dtypes.int64, name=None):
        """Mirrors ``Dataset.range(stop)`` / ``range(start, stop[, step])``."""
        if not 1 <= len(args) <= 3:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and 3 but was {len(args)}.")
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (args[0], args[1], args[2] if len(args) == 3
                                                                       else 1)
        start, stop, step = (int64_arg(a, n) for a, n in ((start, "start"), (stop, "stop"), (step, "step")))
        return cls._make(sources.RangeNode(start, stop, step, dtypes.as_dtype(output_type)))

    @classmethod
    def counter(cls, start=0, step=1, dtype=dtypes.int64, name=None):
        """Mirrors ``Dataset.counter``: ``start, start + step, ...`` forever."""
        return DatasetV2(sources.CounterNode(int64_arg(start, "start"), int64_arg(step, "step"),
                                             dtypes.as_dtype(dtype)))

    @classmethod
    def random(cls, seed=None, rerandomize_each_iteration=None, name=None):
        """Mirrors ``Dataset.random``: endless pseudorandom int64s in [0, 2**32), TF's numbers for a given seed
        (``rerandomize_each_iteration``: new seeds for each iteration)."""
        seed, seed2 = shuffling.dataset_seeds(seed)
        return DatasetV2(shuffling.RandomNode(seed, seed2, rerandomize_each_iteration))

    @classmethod
    def from_generator(cls, generator, output_types=None, output_shapes=None, args=None, output_signature=None,
                       name=None):
        """Mirrors ``Dataset.from_generator``: elements yielded by ``generator(*args)`` (numpy-converted to the
        declared dtypes, checked against the declared shapes); its exceptions surface with their traceback."""
        from tfcompat._src.framework.tensor_shape import TensorShape
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        legacy = None
        if output_signature is not None:
            if output_types is not None:
                raise TypeError("The `output_types` argument can not be used together with the "
                                "`output_signature` argument.")
            if output_shapes is not None:
                raise TypeError("The `output_shapes` argument can not be used together with the "
                                "`output_signature` argument.")
            for s in structure.flatten(output_signature):
                if not isinstance(s, TensorSpec) and not sparse_elements.is_composite_spec(s) and not \
                        extension_elements.is_ext_spec(s):
                    raise TypeError(f"`output_signature` must contain objects that are subclass of `tf.TypeSpec` "
                                    f"but found {type(s)} which is not.")
        else:
            if output_types is None:
                raise TypeError("To specify the output signature you need to provide either the "
                                "`output_signature` argument or the `output_types` argument.")
            types = structure.map_structure(dtypes.as_dtype, output_types)
            if output_shapes is None:
                shapes = structure.map_structure(lambda _: TensorShape(None), types)
            else:
                shapes = _shapes_up_to(types, output_shapes)
            output_signature = structure.map_structure(lambda t, s: TensorSpec(s, t), types, shapes)
            legacy = output_signature
        gen_args = tuple(convert_to_tensor(a) for a in (args or ()))
        template = extension_elements.template_of_spec(output_signature)
        if template is not None:
            generator, output_signature = (extension_elements.expanding_generator(generator),
                                           extension_elements.expand_spec(output_signature))
        out = cls._make(sources.GeneratorNode(generator, output_signature, gen_args, legacy))
        out._ext = template
        return out

    @classmethod
    def zip(cls, *args, datasets=None, name=None):
        """Mirrors ``Dataset.zip``: elements of (nested structures of) datasets combined."""
        if datasets is None:
            if not args:
                raise TypeError("Must pass at least one dataset to `zip`.")
            datasets = args[0] if len(args) == 1 else args
        elif args:
            raise TypeError("Both `*args` and `datasets` cannot be set.")
        flat = structure.flatten(datasets)
        for d in flat:
            if not isinstance(d, DatasetV2):
                if isinstance(d, list):
                    raise TypeError("Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                                    "`tf.data.Dataset` objects. Python `list` is not supported and you should use "
                                    "`tuple` instead.")
                raise TypeError(f"Invalid input to `zip`. Inputs are expected to be (nested) structures of "
                                f"`tf.data.Dataset` objects but encountered object of type {type(d)}.")
        spec = structure.map_structure(lambda d: d.element_spec, datasets)
        return cls._make(tr.ZipNode([d._node for d in flat], spec))

    @classmethod
    def list_files(cls, file_pattern, shuffle=None, seed=None, name=None):
        """Mirrors ``Dataset.list_files``: the matching file names, sorted, shuffled unless ``shuffle=False``;
        InvalidArgumentError when nothing matches."""
        from tfcompat._src.runtime import gfile
        patterns = file_pattern.numpy() if hasattr(file_pattern, "numpy") else file_pattern
        patterns = [patterns] if isinstance(patterns, (str, bytes)) else list(np.asarray(patterns).reshape(-1))
        patterns = [p.decode() if isinstance(p, bytes) else str(p) for p in patterns]
        matches = sorted({m for p in patterns for m in gfile.glob(p)})
        if not matches:
            raise errors.InvalidArgumentError(
                f"Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'No files "
                f"matched pattern: {', '.join(patterns)}'")
        ds = cls.from_tensor_slices([m.encode() for m in matches])
        if shuffle is None or shuffle:
            ds = ds.shuffle(len(matches), seed=seed)
        return ds

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Mirrors ``Dataset.sample_from_datasets`` (proportions as TF; see known deviation
        ``data-sample-from-datasets``)."""
        datasets = list(datasets)
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if weights is None:
            weights = [1.0 / len(datasets)] * len(datasets)
        elif isinstance(weights, DatasetV2):
            raise NotImplementedError("tfcompat: sample_from_datasets with a dataset of weights is not supported.")
        else:
            weights = np.asarray(weights.numpy() if hasattr(weights, "numpy") else weights, dtype=np.float64)
            if weights.shape != (len(datasets),):
                raise ValueError(f"Invalid `weights`. The shape of `weights` should be compatible with "
                                 f"`[len(datasets)]` but is {list(weights.shape)}.")
        node = shuffling.SampleNode([d._node for d in datasets], weights, shuffling.dataset_seeds(seed),
                                    stop_on_empty_dataset, bool(rerandomize_each_iteration))
        return DatasetV2(node)

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """Mirrors ``Dataset.choose_from_datasets``."""
        datasets = list(datasets)
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if not isinstance(choice_dataset, DatasetV2):
            raise TypeError(f"Invalid `choice_dataset`. `choice_dataset` should be a `tf.data.Dataset` but is "
                            f"{type(choice_dataset)}.")
        node = shuffling.ChooseNode([d._node for d in datasets], choice_dataset._node, stop_on_empty_dataset)
        return DatasetV2(node)

    # -- transformations ------------------------------------------------------------------------------
    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        """Mirrors ``Dataset.batch`` (InvalidArgumentError at iteration when element shapes differ)."""
        return self._wrap(batching.BatchNode(self._node, int64_arg(batch_size, "batch_size"),
                                             _bool_arg(drop_remainder), num_parallel_calls is not None))

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None):
        """Mirrors ``Dataset.padded_batch`` (TypeError for components that are not tensors, as TF's)."""
        _check_padded_batch_types(self.element_spec, padded_shapes)
        return self._wrap(batching.PaddedBatchNode(self._node, int64_arg(batch_size, "batch_size"), padded_shapes,
                                                   padding_values, _bool_arg(drop_remainder)))

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries, bucket_batch_sizes,
                                  padded_shapes=None, padding_values=None, pad_to_bucket_boundary=False,
                                  no_padding=False, drop_remainder=False, name=None):
        """Mirrors ``Dataset.bucket_by_sequence_length`` (data/batching.py)."""
        return batching.bucket_by_sequence_length(self, element_length_func, bucket_boundaries, bucket_batch_sizes,
                                                  padded_shapes, padding_values, pad_to_bucket_boundary,
                                                  no_padding, drop_remainder, name)

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64, name=None):
        """Mirrors ``Dataset.ragged_batch``: components of varying shapes batch into RaggedTensors."""
        return self._wrap(batching.ragged_batch(self._node, int64_arg(batch_size, "batch_size"),
                                                _bool_arg(drop_remainder), row_splits_dtype))

    def unbatch(self, name=None):
        """Mirrors ``Dataset.unbatch``."""
        return self._wrap(batching.UnbatchNode(self._node))

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """Mirrors ``Dataset.rebatch``."""
        return self._wrap(batching.RebatchNode(self._node, batch_size, bool(drop_remainder)))

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Mirrors ``Dataset.window``: elements are (structures of) datasets."""
        return self._wrap(batching.WindowNode(self._node, size, size if shift is None else shift, stride,
                                              drop_remainder))

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=True, name=None):
        """Mirrors ``Dataset.shuffle``: TF's buffer algorithm and random stream, so a seeded shuffle gives TF's
        order; ``reshuffle_each_iteration`` draws new seeds for each iteration (each epoch of a ``repeat``)."""
        seed, seed2 = shuffling.dataset_seeds(seed)
        return self._wrap(shuffling.ShuffleNode(self._node, int64_arg(buffer_size, "buffer_size"), seed, seed2,
                                                True if reshuffle_each_iteration is None
                                                else reshuffle_each_iteration))

    def map(self, map_func, num_parallel_calls=None, deterministic=None, synchronous=None,
            use_unbounded_threadpool=False, name=None):
        """Mirrors ``Dataset.map``: ``map_func`` is traced once on symbolic elements (a tuple element is passed
        as positional arguments); ``num_parallel_calls`` runs it on a thread pool (``AUTOTUNE``: one thread per
        core), in input order unless ``deterministic=False``."""
        fn = _trace(map_func, "Dataset.map()", self.element_spec)
        return self._wrap(functional.MapNode(self._node, fn, num_parallel_calls, deterministic))

    def filter(self, predicate, name=None):
        """Mirrors ``Dataset.filter``: ``predicate`` must return a scalar ``tf.bool``."""
        return self._wrap(functional.FilterNode(self._node, _trace(predicate, "Dataset.filter()",
                                                                    self.element_spec)))

    def flat_map(self, map_func, name=None):
        """Mirrors ``Dataset.flat_map``: ``map_func`` returns a dataset per element."""
        return self._wrap(functional.FlatMapNode(self._node, _trace(map_func, "Dataset.flat_map()",
                                                                     self.element_spec)))

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None):
        """Mirrors ``Dataset.interleave`` (``cycle_length`` defaults to the number of cores, as TF's AUTOTUNE)."""
        fn = _trace(map_func, "Dataset.interleave()", self.element_spec)
        return self._wrap(functional.InterleaveNode(self._node, fn, cycle_length, 1 if block_length is None
                                                    else block_length, num_parallel_calls, deterministic))

    def scan(self, initial_state, scan_func, name=None):
        """Mirrors ``Dataset.scan``: ``scan_func(state, element) -> (new_state, output)``."""
        return self._wrap(functional.ScanNode(self._node, structure.normalize_element(initial_state), scan_func,
                                                   self.element_spec))

    def take_while(self, predicate, name=None):
        """Mirrors ``Dataset.take_while``."""
        return self._wrap(functional.TakeWhileNode(self._node, _trace(predicate, "Dataset.take_while()",
                                                                       self.element_spec)))

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None, name=None):
        """Mirrors ``Dataset.group_by_window``."""
        if (window_size is None) == (window_size_func is None):
            raise ValueError("Either the `window_size` argument or the `window_size_func` argument must be "
                             "specified.")
        key_fn = _trace(key_func, "Dataset.group_by_window()", self.element_spec)
        size_fn = None if window_size_func is None else _trace(window_size_func, "Dataset.group_by_window()",
                                                               TensorSpec([], dtypes.int64))
        size = None if window_size is None else int64_arg(window_size, "window_size")
        return self._wrap(functional.GroupByWindowNode(
            self._node, key_fn, lambda k, d: StructuredFunction(reduce_func, "Dataset.group_by_window()", (k, d)),
            size, size_fn))

    def repeat(self, count=None, name=None):
        """Mirrors ``Dataset.repeat`` (``None`` or -1: forever)."""
        return self._wrap(tr.RepeatNode(self._node, -1 if count is None else int64_arg(count, "count")))

    def take(self, count, name=None):
        """Mirrors ``Dataset.take`` (-1: all)."""
        return self._wrap(tr.TakeNode(self._node, int64_arg(count, "count")))

    def skip(self, count, name=None):
        """Mirrors ``Dataset.skip`` (-1: all)."""
        return self._wrap(tr.SkipNode(self._node, int64_arg(count, "count")))

    def shard(self, num_shards, index, name=None):
        """Mirrors ``Dataset.shard``: every ``num_shards``-th element from ``index``."""
        n, i = int64_arg(num_shards, "num_shards"), int64_arg(index, "index")
        if isinstance(n, int) and isinstance(i, int):
            tr.check_shard_args(n, i)
        return self._wrap(tr.ShardNode(self._node, n, i))

    def prefetch(self, buffer_size, name=None):
        """Mirrors ``Dataset.prefetch``: a background thread keeps ``buffer_size`` elements ready."""
        size = int64_arg(buffer_size, "buffer_size")
        if isinstance(size, int) and size < -1:
            raise errors.InvalidArgumentError("buffer_size must be >= 0 or set buffer_size to be -1 for "
                                              "auto-tuning [Op:PrefetchDataset]")
        return self._wrap(tr.PrefetchNode(self._node, size))

    def cache(self, filename="", name=None):
        """Mirrors ``Dataset.cache``: in memory, or in files (tfcompat's format; deviation
        ``data-cache-file-format``)."""
        if isinstance(filename, os.PathLike):
            filename = os.fspath(filename)
        return self._wrap(tr.CacheNode(self._node, filename))

    def snapshot(self, path, compression="AUTO", reader_func=None, shard_func=None, name=None):
        """Mirrors ``Dataset.snapshot``: the elements of the first complete pass are kept (and written under
        ``path``) and replayed by later passes. ``compression``, ``reader_func`` and ``shard_func`` change only
        TF's file layout, so they are accepted and ignored; tfcompat's files are its own and are not reused by a
        later process (known deviation ``data-snapshot-files``)."""
        if isinstance(path, os.PathLike):
            path = os.fspath(path)
        return self._wrap(tr.SnapshotNode(self._node, path))

    def enumerate(self, start=0, name=None):
        """Mirrors ``Dataset.enumerate``: ``(index, element)`` pairs, the index an int64."""
        counter = DatasetV2.counter(start)
        out = self._wrap(tr.ZipNode([counter._node, self._node], (counter.element_spec, self._node.element_spec)))
        out._ext = None if self._ext is None else (None, self._ext)
        return out

    def concatenate(self, dataset, name=None):
        """Mirrors ``Dataset.concatenate``."""
        return self._wrap(tr.ConcatenateNode(self._node, dataset._node))

    def unique(self, name=None):
        """Mirrors ``Dataset.unique``."""
        return self._wrap(tr.UniqueNode(self._node))

    def assert_cardinality(self, expected_cardinality):
        return self._wrap(tr.AssertCardinalityNode(self._node, int64_arg(expected_cardinality,
                                                                          "expected_cardinality")))

    # -- consumers -------------------------------------------------------------------------------------
    def reduce(self, initial_state, reduce_func, name=None):
        """Mirrors ``Dataset.reduce``: ``reduce_func(state, element)`` folded over the dataset. State shapes that
        change are relaxed (and the function traced again) as in TF; dtypes must not change. In a graph it is
        one ``ReduceDataset`` op."""
        initial = structure.normalize_element(initial_state)
        state_spec = structure.type_spec_from_value(initial)
        fn, state_spec = functional.trace_with_state(reduce_func, state_spec, self.element_spec, "reduce()")
        flat_init = structure.flatten(initial)
        if ctx_lib.graph_mode_graph() is not None:
            outs = iterator_ops.graph_reduce(self._node, fn, state_spec, flat_init, name=name)
            return structure.pack(state_spec, outs)
        env = Env()
        values = iterator_ops.reduce_values(self._node, env, fn, tuple(
            env.value(sparse_elements.as_pipeline_value(t)) for t in flat_init))
        conv = structure.output_converters(structure.flatten(state_spec), node_lib.hooks["wrap"])
        return structure.pack(state_spec, [c(v) for c, v in zip(conv, values)])

    def get_single_element(self, name=None):
        """Mirrors ``Dataset.get_single_element``: InvalidArgumentError unless exactly one element."""
        if ctx_lib.graph_mode_graph() is not None:
            return structure.pack(self.element_spec, iterator_ops.graph_single_element(self._node, name))
        values = iterator_ops.single_element(self._node, Env())
        conv = structure.output_converters(self._node.flat_specs, node_lib.hooks["wrap"])
        return structure.pack(self.element_spec, [c(v) for c, v in zip(conv, values)])

    # -- save / load -----------------------------------------------------------------------------------
    def save(self, path, compression=None, shard_func=None, checkpoint_args=None):
        """Mirrors ``Dataset.save`` in tfcompat's own format (a pickle of the elements and their spec; known
        deviation ``data-save-format``)."""
        os.makedirs(path, exist_ok=True)
        elements = [tuple(v.detach().cpu().numpy() if isinstance(v, torch.Tensor) else v for v in el)
                    for el in self._node.iterate(Env())]
        with open(os.path.join(path, "dataset.tfcompat"), "wb") as f:
            pickle.dump({"spec": _spec_to_data(self.element_spec), "elements": elements}, f)

    @classmethod
    def load(cls, path, element_spec=None, compression=None, reader_func=None):
        """Mirrors ``Dataset.load`` for datasets written by ``save``."""
        try:
            with open(os.path.join(path, "dataset.tfcompat"), "rb") as f:
                data = pickle.load(f)
        except FileNotFoundError:
            raise errors.NotFoundError(None, None, f"Could not find metadata file [{path}]") from None
        spec = element_spec if element_spec is not None else _spec_from_data(data["spec"])
        elements = [tuple(torch.from_numpy(np.array(v)) if isinstance(v, np.ndarray) and v.dtype != object
                          else v for v in el) for el in data["elements"]]
        return cls._make(sources.ListNode(elements, spec))


def _spec_to_data(spec):
    return structure.map_structure(lambda s: (s.dtype.name, None if s.shape.rank is None else s.shape.as_list()),
                                   spec) if structure.is_nested(spec) else (spec.dtype.name, spec.shape.as_list()
                                                                            if spec.shape.rank is not None else None)


def _spec_from_data(data):
    if isinstance(data, tuple) and len(data) == 2 and isinstance(data[0], str):
        return TensorSpec(data[1], data[0])
    if isinstance(data, dict):
        return type(data)((k, _spec_from_data(v)) for k, v in data.items())
    return type(data)(*[_spec_from_data(v) for v in data]) if hasattr(type(data), "_fields") else \
        tuple(_spec_from_data(v) for v in data)


def _shapes_up_to(types, shapes):
    """TF's ``nest.map_structure_up_to(output_types, as_shape, output_shapes)``: a leaf type's shape is a whole
    subtree of ``shapes`` (``(2, 1)`` for one string component)."""
    from tfcompat._src.framework.tensor_shape import TensorShape
    return structure.pack(types, [TensorShape(s) for s in structure.flatten_up_to(types, shapes)])


node_lib.hooks["wrap"] = DatasetV2
