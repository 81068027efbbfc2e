"""TF1's ``tf.compat.v1.data.Dataset`` (``DatasetV1``: ``DatasetV2`` plus iterator factories and ``output_*``)
and the ``tf.compat.v1.data`` functions on datasets (iterator factories, legacy output types/shapes/classes)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.data import iterator_ops
from tfcompat._src.data import structure
from tfcompat._src.data.dataset_ops import DatasetV2

__all__ = ["DatasetV1", "make_one_shot_iterator", "make_initializable_iterator", "get_legacy_output_types",
           "get_legacy_output_shapes", "get_legacy_output_classes"]


class DatasetV1(DatasetV2):
    """Mirrors ``tf.compat.v1.data.Dataset``: ``DatasetV2`` plus TF1's iterator factories and ``output_*``."""

    @classmethod
    def _make(cls, node):
        return DatasetV1(node)

    def make_one_shot_iterator(self):
        """Mirrors ``Dataset.make_one_shot_iterator``."""
        return make_one_shot_iterator(self)

    def make_initializable_iterator(self, shared_name=None):
        """Mirrors ``Dataset.make_initializable_iterator``."""
        return make_initializable_iterator(self, shared_name)

    @property
    def output_types(self):
        return get_legacy_output_types(self)

    @property
    def output_shapes(self):
        return get_legacy_output_shapes(self)

    @property
    def output_classes(self):
        return get_legacy_output_classes(self)

    def map_with_legacy_function(self, map_func, num_parallel_calls=None, deterministic=None):
        """Mirrors ``DatasetV1.map_with_legacy_function``: ``map``."""
        return self.map(map_func, num_parallel_calls, deterministic)

    def filter_with_legacy_function(self, predicate):
        """Mirrors ``DatasetV1.filter_with_legacy_function``: ``filter``."""
        return self.filter(predicate)


def _v1_method(name):
    v2_method = getattr(DatasetV2, name)

    def method(self, *args, **kwargs):
        return DatasetV1(v2_method(self, *args, **kwargs)._node)
    method.__name__ = name
    method.__doc__ = f"Mirrors ``tf.compat.v1.data.Dataset.{name}``: as ``tf.data.Dataset.{name}``, a V1 dataset."
    return method


# The transformations TF's DatasetV1 overrides to return a V1 dataset; the others (enumerate, scan, unique, ...)
# return a TF2 dataset there too, without make_one_shot_iterator.
for _name in ("concatenate", "prefetch", "repeat", "shuffle", "cache", "take", "skip", "shard", "batch",
              "padded_batch", "map", "flat_map", "interleave", "filter", "apply", "window", "unbatch",
              "with_options"):
    setattr(DatasetV1, _name, _v1_method(_name))


def make_one_shot_iterator(dataset):
    """Mirrors ``tf.compat.v1.data.make_one_shot_iterator``: an eager iterator when executing eagerly, else a
    graph iterator whose ``get_next()`` pulls one element per ``Session.run``."""
    if ctx_lib.graph_mode_graph() is None:
        return iterator_ops.OwnedIterator(dataset)
    return iterator_ops.make_one_shot(dataset)


def make_initializable_iterator(dataset, shared_name=None):
    """Mirrors ``tf.compat.v1.data.make_initializable_iterator`` (graph mode only, as in TF)."""
    return iterator_ops.make_initializable(dataset, shared_name)


def get_legacy_output_types(dataset):
    """Mirrors ``tf.compat.v1.data.get_output_types``."""
    return structure.map_structure(lambda s: s.dtype, dataset.element_spec)


def get_legacy_output_shapes(dataset):
    """Mirrors ``tf.compat.v1.data.get_output_shapes``."""
    return structure.map_structure(lambda s: s.shape, dataset.element_spec)


def get_legacy_output_classes(dataset):
    """Mirrors ``tf.compat.v1.data.get_output_classes``."""
    return structure.map_structure(structure.legacy_output_class, dataset.element_spec)
