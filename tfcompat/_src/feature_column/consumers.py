"""The TF1 consumers of feature columns, ``tf.compat.v1.feature_column.input_layer`` and ``linear_model``, and
``tf.feature_column.make_parse_example_spec``. Both consumers work eagerly and in graphs; their variables come
from ``tf.compat.v1.get_variable`` in TF's variable scopes (``input_layer/<column>/embedding_weights``,
``linear_model/<column>/weights``, ``linear_model/bias_weights``)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.ops import array_ops, init_ops, math_ops, nn_embedding_ops, nn_ops, sparse_ops_api
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.feature_column.base import (
    CategoricalColumn, DenseColumn, FeatureColumn, FeatureTransformationCache, GetVariableState,
    check_feature_columns, dense_to_2d, sorted_columns,
)

__all__ = ["input_layer", "linear_model", "make_parse_example_spec"]


class _TrackingState(GetVariableState):
    """``GetVariableState`` that remembers the variables each column created (for ``cols_to_vars``)."""

    def __init__(self, trainable, collections):
        super().__init__(trainable, collections)
        self.created: dict = {}

    def variable(self, column, name, shape, dtype, initializer, trainable=True):
        var = super().variable(column, name, shape, dtype, initializer, trainable)
        self.created.setdefault(column, [])
        if var not in self.created[column]:
            self.created[column].append(var)
        return var


def _weight_collections(weight_collections) -> list:
    collections = list(weight_collections or [])
    for key in (GraphKeys.GLOBAL_VARIABLES, GraphKeys.MODEL_VARIABLES):
        if key not in collections:
            collections.append(key)
    return collections


def input_layer(features, feature_columns, weight_collections=None, trainable=True, cols_to_vars=None,
                cols_to_output_tensors=None):
    """Mirrors ``tf.compat.v1.feature_column.input_layer``: the dense columns' tensors, each flattened to
    ``[batch, num_elements]``, concatenated along axis 1 in the order of the columns' names (float32).

    Args:
      features: dict of feature key -> Tensor, numpy array, python list or SparseTensor.
      feature_columns: dense columns (numeric, bucketized, indicator, embedding).
      weight_collections, trainable: for the embedding variables, as TF.
      cols_to_vars, cols_to_output_tensors: dicts filled with each column's variables / flattened output.
    Raises:
      ValueError: as TF (empty or non-dense columns, duplicate names, a missing feature)."""
    feature_columns = check_feature_columns(feature_columns)
    state = _TrackingState(trainable, _weight_collections(weight_collections))
    with vs.variable_scope(None, default_name="input_layer", values=list(features.values())):
        cache = FeatureTransformationCache(features)
        outputs = []
        for column in sorted_columns(feature_columns):
            with vs.variable_scope(None, default_name=column.var_scope_name):
                tensor = column.get_dense_tensor(cache, state)
                output = dense_to_2d(tensor, column.variable_shape.num_elements())
                outputs.append(output)
                if cols_to_vars is not None:
                    cols_to_vars[column] = list(state.created.get(column, []))
                if cols_to_output_tensors is not None:
                    cols_to_output_tensors[column] = output
        return array_ops.concat(outputs, 1)


def _categorical_weighted_sum(column, cache, state, units, sparse_combiner):
    pair = column.get_sparse_tensors(cache, state)
    ids = sparse_ops_api.reshape(pair.id_tensor, array_ops.stack(
        [math_ops.cast(array_ops.gather(pair.id_tensor.dense_shape, 0), dtypes.int64), -1]))
    weights = pair.weight_tensor
    if weights is not None:
        weights = sparse_ops_api.reshape(weights, array_ops.stack(
            [math_ops.cast(array_ops.gather(weights.dense_shape, 0), dtypes.int64), -1]))
    var = state.variable(column, "weights", (column.num_buckets, units), dtypes.float32, init_ops.Zeros())
    result = nn_embedding_ops.safe_embedding_lookup_sparse(var, ids, sparse_weights=weights,
                                                           combiner=sparse_combiner, name="weighted_sum")
    # TF's shape inference folds the constant part of the ids' dense shape into the result's static batch size.
    static = pair.id_tensor.shape
    result.set_shape([static[0] if static.rank else None, units])
    return result


def _dense_weighted_sum(column, cache, state, units):
    num_elements = column.variable_shape.num_elements()
    tensor = dense_to_2d(column.get_dense_tensor(cache, state), num_elements)
    var = state.variable(column, "weights", (num_elements, units), dtypes.float32, init_ops.Zeros())
    return math_ops.matmul(tensor, var, name="weighted_sum")


def linear_model(features, feature_columns, units=1, sparse_combiner="sum", weight_collections=None,
                 trainable=True, cols_to_vars=None):
    """Mirrors ``tf.compat.v1.feature_column.linear_model``: ``sum_i column_i · weights_i + bias`` of shape
    ``[batch, units]``. Categorical columns (bucketized included) contribute the ``sparse_combiner`` of their ids'
    weight rows; dense columns a matmul. Every weight starts at zero.

    Raises:
      ValueError: as TF (empty columns, a column that is neither dense nor categorical, duplicate names,
        an unknown combiner)."""
    if sparse_combiner not in ("mean", "sqrtn", "sum"):
        raise ValueError(f"sparse_combiner must be one of 'mean', 'sqrtn' or 'sum'. Given: {sparse_combiner}")
    feature_columns = check_feature_columns(feature_columns, expected=(DenseColumn, CategoricalColumn),
                                            what="_DenseColumn or _CategoricalColumn")
    state = _TrackingState(trainable, _weight_collections(weight_collections))
    with vs.variable_scope(None, default_name="linear_model", values=list(features.values())):
        cache = FeatureTransformationCache(features)
        sums = []
        for column in sorted_columns(feature_columns):
            with vs.variable_scope(None, default_name=column.var_scope_name):
                if isinstance(column, CategoricalColumn):
                    sums.append(_categorical_weighted_sum(column, cache, state, units, sparse_combiner))
                else:
                    sums.append(_dense_weighted_sum(column, cache, state, units))
                if cols_to_vars is not None:
                    cols_to_vars[column] = list(state.created.get(column, []))
        no_bias = math_ops.add_n(sums, name="weighted_sum_no_bias")
        bias = vs.get_variable("bias_weights", shape=[units], dtype=dtypes.float32, initializer=init_ops.Zeros(),
                               trainable=trainable, collections=_weight_collections(weight_collections))
        if cols_to_vars is not None:
            cols_to_vars["bias"] = [bias]
        return nn_ops.bias_add(no_bias, bias, name="weighted_sum")


def make_parse_example_spec(feature_columns) -> dict:
    """Mirrors ``tf.feature_column.make_parse_example_spec``: the union of the columns' ``parse_example_spec``
    (``FixedLenFeature`` for numeric columns, ``VarLenFeature`` for categorical ones), for
    ``tf.io.parse_example``.

    Raises:
      ValueError: an item is not a feature column, or two columns need different specs for one key."""
    result: dict = {}
    for column in feature_columns:
        if not isinstance(column, FeatureColumn):
            raise ValueError(f"All feature_columns must be FeatureColumn instances. Given: {column}")
        config = column.parse_example_spec
        for key, value in config.items():
            if key in result and value != result[key]:
                raise ValueError(f"feature_columns contain different parse_spec for key {key}. Given {value} "
                                 f"and {result[key]}")
        result.update(config)
    return result
