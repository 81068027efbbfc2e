"""``tf.contrib.framework`` (TF 1.15): arg scopes, contrib's variable helpers, the global step. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.arg_scope import (
    add_arg_scope, arg_scope, arg_scope_func_key, arg_scoped_arguments, current_arg_scope, has_arg_scope,
)
from tfcompat._src.contrib.variables import (
    assign_from_checkpoint_fn, create_global_step, get_global_step, get_local_variables, get_model_variables,
    get_or_create_global_step, get_trainable_variables, get_unique_variable, get_variables, get_variables_by_name,
    get_variables_by_suffix, get_variables_to_restore, local_variable, model_variable, variable,
)

__all__ = [
    "add_arg_scope", "arg_scope", "arg_scope_func_key", "arg_scoped_arguments", "assign_from_checkpoint_fn",
    "create_global_step", "current_arg_scope", "get_global_step", "get_local_variables", "get_model_variables",
    "get_or_create_global_step", "get_trainable_variables", "get_unique_variable", "get_variables",
    "get_variables_by_name", "get_variables_by_suffix", "get_variables_to_restore", "has_arg_scope",
    "local_variable", "model_variable", "variable",
]
