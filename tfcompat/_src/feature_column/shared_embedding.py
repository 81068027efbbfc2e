"""``tf.compat.v1.feature_column.shared_embedding_columns`` (TF's v1 ``_SharedEmbeddingColumn``): embedding
columns over several categorical columns with one ``[num_buckets, dimension]`` variable between them. As TF, they
need graph mode; the variable is created by the first consumer that needs it (``input_layer/<collection name>/
embedding_weights``) and found again through the graph collection named ``shared_embedding_collection_name``."""
from __future__ import annotations

import collections
import math

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import init_ops
from tfcompat._src.feature_column.base import CategoricalColumn, DenseColumn
from tfcompat._src.feature_column.dense import EmbeddingLookupColumn, check_embedding_args

__all__ = ["SharedEmbeddingColumn", "shared_embedding_columns"]


class SharedEmbeddingColumn(EmbeddingLookupColumn, DenseColumn, collections.namedtuple(
        "_SharedEmbeddingColumn", ("categorical_column", "dimension", "combiner", "initializer",
                                   "shared_embedding_collection_name", "ckpt_to_load_from", "tensor_name_in_ckpt",
                                   "max_norm", "trainable", "use_safe_embedding_lookup"))):
    """Mirrors TF's v1 ``_SharedEmbeddingColumn``."""

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_shared_embedding"

    @property
    def var_scope_name(self) -> str:
        return self.shared_embedding_collection_name

    def _weights(self, state):
        shape = (self.categorical_column.num_buckets, self.dimension)
        graph = ctx_lib.get_default_graph()
        shared = graph.get_collection(self.shared_embedding_collection_name)
        if shared:
            if len(shared) > 1:
                raise ValueError(f"Collection {shared} can only contain one variable. Suggested fix A: Choose a "
                                 f"unique name for this collection. Suggested fix B: Do not add any variables to "
                                 f"this collection. The feature_column library already adds a variable under the "
                                 f"hood.")
            weights = shared[0]
            if weights.shape != TensorShape(shape):
                raise ValueError(f"Shared embedding collection {self.shared_embedding_collection_name} contains "
                                 f"variable {weights} of unexpected shape {weights.shape}. Expected shape is "
                                 f"{shape}. Suggested fix A: Choose a unique name for this collection. Suggested "
                                 f"fix B: Do not add any variables to this collection. The feature_column library "
                                 f"already adds a variable under the hood.")
            return weights
        weights = state.variable(self, "embedding_weights", shape=shape, dtype=dtypes.float32,
                                 initializer=self.initializer, trainable=self.trainable)
        graph.add_to_collection(self.shared_embedding_collection_name, weights)
        return weights


def _base_type(column) -> type:
    from tfcompat._src.feature_column.categorical import WeightedCategoricalColumn
    if isinstance(column, WeightedCategoricalColumn):
        return type(column.categorical_column)
    return type(column)


def shared_embedding_columns(categorical_columns, dimension, combiner="mean", initializer=None,
                             shared_embedding_collection_name=None, ckpt_to_load_from=None,
                             tensor_name_in_ckpt=None, max_norm=None, trainable=True,
                             use_safe_embedding_lookup=True) -> list:
    """Mirrors ``tf.compat.v1.feature_column.shared_embedding_columns``: one embedding column per categorical
    column (all with the same number of buckets), sharing one variable. Graph mode only, as TF (RuntimeError when
    executing eagerly). ``ckpt_to_load_from`` is not supported."""
    if ctx_lib.executing_eagerly():
        raise RuntimeError("shared_embedding_columns are not supported when eager execution is enabled.")
    check_embedding_args("shared_embedding_columns", dimension, ckpt_to_load_from, tensor_name_in_ckpt,
                         "restore the embedding variable with a Saver instead")
    if initializer is not None and not callable(initializer):
        raise ValueError("initializer must be callable if specified.")
    if initializer is None:
        initializer = init_ops.TruncatedNormal(mean=0.0, stddev=1.0 / math.sqrt(dimension))
    columns = list(categorical_columns)
    for column in columns:
        if not isinstance(column, CategoricalColumn):
            raise ValueError(f"All categorical_columns must be subclasses of _CategoricalColumn. Given: {column}, "
                             f"of type: {type(column)}")
    ordered = sorted(columns, key=lambda c: c.name)
    first = ordered[0]
    for column in ordered[1:]:
        if _base_type(column) is not _base_type(first):
            raise ValueError(f"To use shared_embedding_column, all categorical_columns must have the same type, or be "
                             f"weighted_categorical_column or sequence column of the same type. Given column: {first} "
                             f"of type: {_base_type(first)} does not match given column: {column} of type: "
                             f"{_base_type(column)}")
        if column.num_buckets != first.num_buckets:
            raise ValueError(f"To use shared_embedding_column, all categorical_columns must have the same number "
                             f"of buckets. Given column: {first} with buckets: {first.num_buckets} does not match "
                             f"column: {column} with buckets: {column.num_buckets}")
    if not shared_embedding_collection_name:
        shared_embedding_collection_name = "_".join(c.name for c in ordered) + "_shared_embedding"
    return [SharedEmbeddingColumn(
        categorical_column=c, dimension=dimension, combiner=combiner, initializer=initializer,
        shared_embedding_collection_name=shared_embedding_collection_name, ckpt_to_load_from=None,
        tensor_name_in_ckpt=None, max_norm=max_norm, trainable=trainable,
        use_safe_embedding_lookup=use_safe_embedding_lookup) for c in columns]
