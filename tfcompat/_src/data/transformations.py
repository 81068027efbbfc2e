"""Transformations without user functions: repeat, take, skip, shard, zip, concatenate, prefetch, cache,
unique, assert_cardinality, with_options. Cardinality rules are TF's (``*_dataset_op.cc``
``CardinalityInternal``)."""
from __future__ import annotations

import itertools
import os
import pickle

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.runtime import tf_logging
from tfcompat._src.data import parallel
from tfcompat._src.data import structure
from tfcompat._src.data.node import INFINITE, UNKNOWN, Node, chain_epochs

__all__ = ["RepeatNode", "TakeNode", "SkipNode", "ShardNode", "ZipNode", "ConcatenateNode", "PrefetchNode",
           "CacheNode", "UniqueNode", "AssertCardinalityNode", "OptionsNode"]


def _tensor_args(*args):
    return [a for a in args if isinstance(a, Tensor)]


class RepeatNode(Node):
    tf_name = "_RepeatDataset"

    def __init__(self, inp, count):
        super().__init__((inp,), captures=_tensor_args(count))
        self.count = count

    def _count(self, env):
        return int(env.scalar(self.count))

    def cardinality(self, env):
        count, n = self._count(env), self.inputs[0].cardinality(env)
        if count < 0:
            return 0 if n == 0 else INFINITE
        if count == 0:
            return 0
        if n in (INFINITE, UNKNOWN):
            return n
        return count * n

    def index_plan(self, env):
        inp = self.inputs[0]
        first = inp.index_plan(env)
        if first is None:
            return None
        count = self._count(env)

        def indices():
            plans = itertools.chain([first], (inp.index_plan(env) for _ in itertools.count()))
            for k, plan in zip(itertools.count() if count < 0 else range(count), plans):
                if plan is None or plan.key != first.key:
                    raise errors.InternalError(None, None, "tf.data: a repeated input changed its columns")
                empty = True
                for i in plan.indices:
                    empty = False
                    yield i
                if empty and count < 0:
                    return
        return first.with_indices(indices())

    def iterate(self, env):
        plan = self.index_plan(env)
        if plan is not None:
            return plan.rows()
        return chain_epochs(lambda: self.inputs[0].iterate(env), self._count(env))


class TakeNode(Node):
    tf_name = "_TakeDataset"

    def __init__(self, inp, count):
        super().__init__((inp,), captures=_tensor_args(count))
        self.count = count

    def cardinality(self, env):
        count, n = int(env.scalar(self.count)), self.inputs[0].cardinality(env)
        if n == UNKNOWN:
            return UNKNOWN
        if n == INFINITE:
            return count
        if count == INFINITE:
            return n
        return min(n, count)

    def index_plan(self, env):
        plan = self.inputs[0].index_plan(env)
        if plan is None:
            return None
        count = int(env.scalar(self.count))
        return plan if count < 0 else plan.with_indices(itertools.islice(plan.indices, count))

    def iterate(self, env):
        plan = self.index_plan(env)
        if plan is not None:
            return plan.rows()
        count = int(env.scalar(self.count))
        src = self.inputs[0].iterate(env)
        return src if count < 0 else _take(src, count)


def _take(src, count):
    # Stops without pulling element count + 1 (TF's TakeDataset never asks its input for more).
    if count == 0:
        return
    for k, el in enumerate(src, 1):
        yield el
        if k >= count:
            return


class SkipNode(Node):
    tf_name = "_SkipDataset"

    def __init__(self, inp, count):
        super().__init__((inp,), captures=_tensor_args(count))
        self.count = count

    def cardinality(self, env):
        count, n = int(env.scalar(self.count)), self.inputs[0].cardinality(env)
        if n in (INFINITE, UNKNOWN):
            return n
        return 0 if count < 0 else max(0, n - count)

    def _skipped(self, it, count):
        if count < 0:
            for _ in it:
                pass
            return iter(())
        return itertools.islice(it, count, None)

    def index_plan(self, env):
        plan = self.inputs[0].index_plan(env)
        if plan is None:
            return None
        return plan.with_indices(self._skipped(iter(plan.indices), int(env.scalar(self.count))))

    def iterate(self, env):
        plan = self.index_plan(env)
        if plan is not None:
            return plan.rows()
        return self._skipped(self.inputs[0].iterate(env), int(env.scalar(self.count)))


class ShardNode(Node):
    tf_name = "_ShardDataset"

    def __init__(self, inp, num_shards, index):
        super().__init__((inp,), captures=_tensor_args(num_shards, index))
        self.num_shards, self.index = num_shards, index

    def _args(self, env):
        n, i = int(env.scalar(self.num_shards)), int(env.scalar(self.index))
        check_shard_args(n, i)
        return n, i

    def cardinality(self, env):
        num, index = self._args(env)
        n = self.inputs[0].cardinality(env)
        if n in (INFINITE, UNKNOWN):
            return n
        return n // num + (1 if index < n % num else 0)

    def index_plan(self, env):
        plan = self.inputs[0].index_plan(env)
        if plan is None:
            return None
        num, index = self._args(env)
        return plan.with_indices(itertools.islice(plan.indices, index, None, num))

    def iterate(self, env):
        plan = self.index_plan(env)
        if plan is not None:
            return plan.rows()
        num, index = self._args(env)
        return itertools.islice(self.inputs[0].iterate(env), index, None, num)


def check_shard_args(num_shards, index):
    if num_shards <= 0:
        raise errors.InvalidArgumentError(f"Number of shards must be greater than zero (currently num_shards = "
                                          f"{num_shards}).")
    if not 0 <= index < num_shards:
        raise errors.InvalidArgumentError(f"Index must be between 0 and {num_shards - 1} (currently index = "
                                          f"{index}).")


class ZipNode(Node):
    """``Dataset.zip``: ``inputs`` in the flattened order of the nested structure of datasets."""

    tf_name = "_ZipDataset"

    def __init__(self, inputs, element_spec):
        super().__init__(inputs, element_spec)

    def cardinality(self, env):
        result = INFINITE
        for inp in self.inputs:
            n = inp.cardinality(env)
            if n == UNKNOWN:
                return UNKNOWN
            if n != INFINITE and (result == INFINITE or n < result):
                result = n
        return result

    def iterate(self, env):
        its = [inp.iterate(env) for inp in self.inputs]
        while True:
            out = ()
            for it in its:
                try:
                    out += next(it)
                except StopIteration:
                    return
            yield out


class ConcatenateNode(Node):
    tf_name = "_ConcatenateDataset"

    def __init__(self, a, b):
        spec = structure.most_specific_compatible(a.element_spec, b.element_spec)
        super().__init__((a, b), spec)

    def cardinality(self, env):
        n1, n2 = (i.cardinality(env) for i in self.inputs)
        if INFINITE in (n1, n2):
            return INFINITE
        if UNKNOWN in (n1, n2):
            return UNKNOWN
        return n1 + n2

    def iterate(self, env):
        return itertools.chain(self.inputs[0].iterate(env), self.inputs[1].iterate(env))


class PrefetchNode(Node):
    tf_name = "_PrefetchDataset"
    _AUTOTUNE_BUFFER = 2

    def __init__(self, inp, buffer_size):
        super().__init__((inp,), captures=_tensor_args(buffer_size))
        self.buffer_size = buffer_size

    def cardinality(self, env):
        return self.inputs[0].cardinality(env)

    def iterate(self, env):
        size = int(env.scalar(self.buffer_size))
        if size == 0:
            return self.inputs[0].iterate(env)
        if size < -1:
            raise errors.InvalidArgumentError("buffer_size must be >= 0 or set buffer_size to be AUTOTUNE.")
        return parallel.prefetch(self.inputs[0].iterate(env), self._AUTOTUNE_BUFFER if size == -1 else size)


class CacheNode(Node):
    """``Dataset.cache``: in memory (shared by the dataset's iterators) or in files named after ``filename``.

    The files are tfcompat's (a pickle of the elements), not TF's tensor bundle: see known deviation
    ``data-cache-file-format``."""

    tf_name = "CacheDataset"

    def __init__(self, inp, filename):
        super().__init__((inp,), captures=_tensor_args(filename))
        self.filename = filename

    def cardinality(self, env):
        return self.inputs[0].cardinality(env)

    def iterate(self, env):
        name = env.scalar(self.filename)
        name = name.decode() if isinstance(name, bytes) else str(name)
        if name:
            return self._file_cache(env, name)
        return self._memory_cache(env)

    def _memory_cache(self, env):
        state = env.node_state(self, dict)
        if "elements" in state:
            yield from state["elements"]
            return
        elements = []
        complete = False
        try:
            for el in self.inputs[0].iterate(env):
                elements.append(el)
                yield el
            complete = True
        finally:
            if complete:
                state["elements"] = elements
            elif elements:
                tf_logging.warning("The calling iterator did not fully read the dataset being cached. In order to avoid "
                              "unexpected truncation of the dataset, the partially cached contents of the dataset "
                              "will be discarded. This can happen if you have an input pipeline similar to "
                              "`dataset.cache().take(k).repeat()`. You should use `dataset.take(k).cache().repeat()` "
                              "instead.")

    def _file_cache(self, env, name):
        data_path = name + ".data-00000-of-00001"
        index_path = name + ".index"
        if os.path.exists(index_path) and os.path.exists(data_path):
            with open(data_path, "rb") as f:
                for el in pickle.load(f):
                    yield tuple(torch.from_numpy(v) if isinstance(v, np.ndarray) and v.dtype != object else v
                                for v in el)
            return
        elements = []
        for el in self.inputs[0].iterate(env):
            elements.append(tuple(v.detach().cpu().numpy() if isinstance(v, torch.Tensor) else v for v in el))
            yield el
        d = os.path.dirname(name)
        if d and not os.path.isdir(d):
            raise errors.NotFoundError(None, None, f"{d}; No such file or directory")
        with open(data_path, "wb") as f:
            pickle.dump(elements, f)
        with open(index_path, "wb") as f:
            f.write(b"tfcompat-cache-v1")


class SnapshotNode(Node):
    """``Dataset.snapshot``: the first complete pass runs the input and writes its elements under ``path``; later
    passes in the process replay them (as TF reads a finished snapshot back: a shuffle before the snapshot is not
    redrawn). The files are tfcompat's, and a snapshot left by an earlier process is not reused (TF reuses one whose
    pipeline fingerprint matches): known deviation ``data-snapshot-files``."""

    tf_name = "SnapshotDatasetV2"

    def __init__(self, inp, path):
        super().__init__((inp,), captures=_tensor_args(path))
        self.path = path

    def cardinality(self, env):
        return self.inputs[0].cardinality(env)

    def iterate(self, env):
        state = env.node_state(self, dict)
        if "elements" in state:
            yield from state["elements"]
            return
        path = env.scalar(self.path)
        path = path.decode() if isinstance(path, bytes) else str(path)
        elements = []
        for el in self.inputs[0].iterate(env):
            elements.append(el)
            yield el
        state["elements"] = elements
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "tfcompat-snapshot.data"), "wb") as f:
            pickle.dump([tuple(v.detach().cpu().numpy() if isinstance(v, torch.Tensor) else v for v in el)
                         for el in elements], f)


class UniqueNode(Node):
    tf_name = "_UniqueDataset"

    def __init__(self, inp):
        spec = inp.element_spec
        if structure.is_nested(spec) or spec.dtype not in (dtypes.int32, dtypes.int64, dtypes.string):
            if structure.is_nested(spec):
                raise TypeError("`tf.data.Dataset.unique` does not support datasets with structured elements.")
            raise TypeError(f"`tf.data.Dataset.unique` does not support type {spec.dtype!r} -- only `tf.int32`, "
                            f"`tf.int64`, and `tf.string` are supported.")
        super().__init__((inp,))

    def iterate(self, env):
        seen = set()
        for el in self.inputs[0].iterate(env):
            v = el[0]
            key = v.item() if isinstance(v, torch.Tensor) and v.dim() == 0 else (
                tuple(v.reshape(-1).tolist()) + (tuple(v.shape),) if isinstance(v, torch.Tensor) else
                (v if isinstance(v, bytes) else (tuple(v.reshape(-1)), v.shape)))
            if key in seen:
                continue
            seen.add(key)
            yield el


class AssertCardinalityNode(Node):
    tf_name = "_AssertCardinalityDataset"

    def __init__(self, inp, expected):
        super().__init__((inp,), captures=_tensor_args(expected))
        self.expected = expected

    def cardinality(self, env):
        return int(env.scalar(self.expected))

    def iterate(self, env):
        expected = int(env.scalar(self.expected))
        n = 0
        for el in self.inputs[0].iterate(env):
            n += 1
            if expected != INFINITE and n > expected:
                raise errors.FailedPreconditionError(
                    None, None, f"Input dataset was expected to contain {_elements(expected)} but contained at "
                                f"least {_elements(n)}.")
            yield el
        if n != expected:
            want = "an infinite number of elements" if expected == INFINITE else _elements(expected)
            raise errors.FailedPreconditionError(
                None, None, f"Input dataset was expected to contain {want} but contained only {_elements(n)}.")


def _elements(n):
    return f"{n} element{'s' if n != 1 else ''}"


class OptionsNode(Node):
    """``with_options``: the input unchanged, with options attached."""

    tf_name = "_OptionsDataset"

    def __init__(self, inp, options):
        super().__init__((inp,))
        self.options = options

    def cardinality(self, env):
        return self.inputs[0].cardinality(env)

    def index_plan(self, env):
        return self.inputs[0].index_plan(env)

    def iterate(self, env):
        return self.inputs[0].iterate(env)
