"""``tf.distribute.DistributedDataset``/``DistributedIterator``/``DistributedValues`` for one replica.

With one replica TF hands each element of the dataset to the replica unchanged (the global batch is the
per-replica batch, and no ``PerReplica`` wrapper appears), so a distributed dataset iterates exactly as the
dataset does; ``element_spec`` is the dataset's."""
from __future__ import annotations

from tfcompat._src.framework import errors

__all__ = ["DistributedDataset", "DistributedDatasetsFromFunction", "DistributedIterator"]


class DistributedIterator:
    """Mirrors ``tf.distribute.DistributedIterator``: ``next()``, ``get_next()`` (OutOfRangeError at the
    end), ``get_next_as_optional()`` and ``element_spec``."""

    def __init__(self, iterator, element_spec):
        self._iterator = iterator
        self._element_spec = element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._iterator)

    def get_next(self):
        """The next element; ``tf.errors.OutOfRangeError`` at the end, as TF."""
        try:
            return next(self._iterator)
        except StopIteration:
            raise errors.OutOfRangeError(None, None, "End of sequence") from None

    def get_next_as_optional(self):
        """The next element as a ``tf.experimental.Optional`` (empty at the end)."""
        return self._iterator.get_next_as_optional()

    @property
    def element_spec(self):
        return self._element_spec


class DistributedDataset:
    """Mirrors ``tf.distribute.DistributedDataset`` (what ``experimental_distribute_dataset`` returns):
    iterating gives the dataset's own elements."""

    def __init__(self, dataset, strategy):
        self._dataset = dataset
        self._strategy = strategy

    def __iter__(self) -> DistributedIterator:
        return DistributedIterator(iter(self._dataset), self.element_spec)

    @property
    def element_spec(self):
        return self._dataset.element_spec

    @property
    def cardinality(self) -> int:
        """The number of elements (TF's ``DistributedDataset.cardinality``, an int; -1 infinite, -2 unknown)."""
        return int(self._dataset.cardinality())

    def reduce(self, initial_state, reduce_func):
        """Mirrors ``DistributedDataset.reduce``: folds ``reduce_func(state, element)`` over the elements (the
        dataset's own ``reduce``, so it also runs inside a ``tf.function``)."""
        return self._dataset.reduce(initial_state, reduce_func)

    # AutoGraph turns ``for x in dist_dataset`` inside a tf.function into a dataset loop (TF's
    # _tf_distributed_iterable_for_stmt); tfcompat's AutoGraph recognises a dataset by these two methods.
    def scan(self, initial_state, scan_func):
        """The dataset's ``scan`` (for AutoGraph's loop over a distributed dataset; not in TF's API)."""
        return self._dataset.scan(initial_state, scan_func)

    def take_while(self, predicate):
        """The dataset's ``take_while`` (for AutoGraph's loop over a distributed dataset; not in TF's API)."""
        return self._dataset.take_while(predicate)


class DistributedDatasetsFromFunction(DistributedDataset):
    """What ``distribute_datasets_from_function`` returns (TF's ``DistributedDatasetsFromFunction``)."""
