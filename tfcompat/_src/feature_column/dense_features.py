"""``tf.keras.layers.DenseFeatures`` (tf-keras 2.21's ``dense_features_v2.DenseFeatures``): a Keras layer that
turns a dict of features into one dense float32 tensor through dense feature columns. Embedding variables are
created in ``build`` as ``<layer name>/<column name>/embedding_weights``."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.ops import array_ops
from tfcompat._src.feature_column.base import (
    DenseColumn, FeatureTransformationCache, check_feature_columns, dense_to_2d, sorted_columns,
)

__all__ = ["DenseFeatures"]


class _LayerState:
    """Column variables owned by a layer (tf-keras's ``_StateManagerImplV2``): created once through
    ``add_weight`` in the name scope ``<layer>/<column>``, then returned as they are."""

    def __init__(self, layer: Layer):
        self._layer = layer
        self._variables: dict = {}

    def variable(self, column, name, shape, dtype, initializer, trainable=True):
        key = (column.name, name)
        if key not in self._variables:
            self._variables[key] = self._layer.add_weight(
                name=name, shape=shape, dtype=dtype, initializer=initializer,
                trainable=self._layer.trainable and trainable)
        return self._variables[key]


class DenseFeatures(Layer):
    """Mirrors ``tf.keras.layers.DenseFeatures`` (Keras 2): ``layer(features)`` gives the dense columns'
    tensors, each flattened to ``[batch, num_elements]``, concatenated in the order of the columns' names.

    Args:
      feature_columns: dense columns (numeric, bucketized, indicator, embedding).
      trainable: whether the embedding variables are trainable.
      name: the layer name (default ``dense_features``).
    Raises:
      ValueError: empty or non-dense columns, duplicate column names (as TF)."""

    def __init__(self, feature_columns, trainable=True, name=None, partitioner=None, **kwargs):
        if partitioner is not None:
            from tfcompat._src.tools.unsupported import UnsupportedAPIError
            raise UnsupportedAPIError("DenseFeatures(partitioner=...): partitioned variables are not supported by "
                                      "tfcompat")
        kwargs.setdefault("dtype", dtypes.float32.name)
        super().__init__(name=name, trainable=trainable, **kwargs)
        self._feature_columns = sorted_columns(check_feature_columns(
            feature_columns, expected=DenseColumn, what="<class 'tensorflow.python.feature_column."
                                                        "feature_column_v2.DenseColumn'>"))
        self._state_manager = _LayerState(self)
        self._supports_masking = True

    @property
    def _is_feature_layer(self) -> bool:
        return True

    def build(self, input_shape) -> None:
        for column in self._feature_columns:
            with backend.name_scope(column.name):
                column.create_state(self._state_manager)
        super().build(None)

    def compute_output_shape(self, input_shape) -> TensorShape:
        total = sum(column.variable_shape.num_elements() for column in self._feature_columns)
        batch = None
        for shape in (input_shape or {}).values():
            shape = TensorShape(shape)
            if shape.rank:
                batch = shape[0]
                break
        return TensorShape([batch, total])

    def call(self, features, cols_to_output_tensors=None, training=None):
        """The concatenated dense tensor (float32, ``[batch, sum of num_elements]``)."""
        if not isinstance(features, dict):
            raise ValueError(f"We expected a dictionary here. Instead we got: {features}")
        cache = FeatureTransformationCache(features)
        outputs = []
        for column in self._feature_columns:
            with backend.name_scope(column.name):
                tensor = column.get_dense_tensor(cache, self._state_manager)
                output = dense_to_2d(tensor, column.variable_shape.num_elements())
                if cols_to_output_tensors is not None:
                    cols_to_output_tensors[column] = output
                outputs.append(output)
        return array_ops.concat(outputs, 1)

    def get_config(self) -> dict:
        from tfcompat._src.tools.unsupported import UnsupportedAPIError
        raise UnsupportedAPIError("DenseFeatures.get_config: serialising feature columns is not supported by "
                                  "tfcompat")
