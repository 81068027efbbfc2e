"""``tf.contrib.slim`` (TF 1.15): the arg-scoped contrib layers, ``arg_scope``, contrib's variable helpers,
initializers, regularizers, ``slim.losses`` (= ``tf.contrib.losses``) and ``slim.learning.create_train_op``.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.arg_scope import (
    add_arg_scope, arg_scope, arg_scope_func_key, arg_scoped_arguments, current_arg_scope, has_arg_scope,
)
from tfcompat._src.contrib.initializers import (
    variance_scaling_initializer, xavier_initializer, xavier_initializer_conv2d,
)
from tfcompat._src.contrib.layers import (
    avg_pool2d, batch_norm, conv2d, conv2d_transpose, convolution2d, convolution2d_transpose, dropout, flatten,
    fully_connected, max_pool2d,
)
from tfcompat._src.contrib.regularizers import (
    apply_regularization, l1_l2_regularizer, l1_regularizer, l2_regularizer, sum_regularizer,
)
from tfcompat._src.contrib.stacking import one_hot_encoding, repeat, stack
from tfcompat._src.contrib.variables import (
    assign_from_checkpoint_fn, create_global_step, get_global_step, get_local_variables, get_model_variables,
    get_or_create_global_step, get_trainable_variables, get_unique_variable, get_variables, get_variables_by_name,
    get_variables_by_suffix, get_variables_to_restore, local_variable, model_variable, variable,
)
from tfcompat.compat.v1.contrib import losses
from tfcompat.compat.v1.contrib.slim import learning

__all__ = [
    "add_arg_scope", "apply_regularization", "arg_scope", "arg_scope_func_key", "arg_scoped_arguments",
    "assign_from_checkpoint_fn", "avg_pool2d", "batch_norm", "conv2d", "conv2d_transpose", "convolution2d",
    "convolution2d_transpose", "create_global_step", "current_arg_scope", "dropout", "flatten", "fully_connected",
    "get_global_step", "get_local_variables", "get_model_variables", "get_or_create_global_step",
    "get_trainable_variables", "get_unique_variable", "get_variables", "get_variables_by_name",
    "get_variables_by_suffix", "get_variables_to_restore", "has_arg_scope", "l1_l2_regularizer", "l1_regularizer",
    "l2_regularizer", "learning", "local_variable", "losses", "max_pool2d", "model_variable", "one_hot_encoding",
    "repeat", "stack", "sum_regularizer", "variable", "variance_scaling_initializer", "xavier_initializer",
    "xavier_initializer_conv2d",
]
