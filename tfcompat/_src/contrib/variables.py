"""``tf.contrib.framework`` variable helpers of TF 1.15 (``contrib/framework/python/ops/variables.py``):
``variable``/``model_variable`` (arg-scoped ``get_variable`` with contrib's collections), the ``get_variables*``
collection queries (scope + name-suffix regexes as TF builds them), ``get_variables_to_restore``, the deprecated
global-step aliases and ``assign_from_checkpoint_fn``."""
from __future__ import annotations

import functools

from tfcompat._src.contrib.arg_scope import add_arg_scope
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.name_scope import device as device_scope
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime import tf_logging
from tfcompat._src.runtime.training.checkpoint_reader import CheckpointReader
from tfcompat._src.runtime.training.global_step import (
    create_global_step, get_global_step, get_or_create_global_step,
)
from tfcompat._src.runtime.training.saver import Saver

__all__ = ["assign_from_checkpoint_fn", "create_global_step", "get_global_step", "get_local_variables",
           "get_model_variables", "get_or_create_global_step", "get_trainable_variables", "get_unique_variable",
           "get_variables", "get_variables_by_name", "get_variables_by_suffix", "get_variables_to_restore",
           "local_variable", "model_variable", "variable"]


@add_arg_scope
def variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=True, collections=None,
             caching_device=None, device=None, partitioner=None, custom_getter=None, use_resource=None,
             synchronization=None, aggregation=None):
    """Mirrors ``tf.contrib.framework.variable``: ``get_variable`` in the GLOBAL_VARIABLES collection (or
    ``collections``), under ``device``; a ``custom_getter`` is called with the current scope's ``reuse``."""
    collections = list(dict.fromkeys(collections if collections is not None else [GraphKeys.GLOBAL_VARIABLES]))
    getter = vs.get_variable
    if custom_getter is not None:
        getter = functools.partial(custom_getter, reuse=vs.get_variable_scope().reuse)
    with device_scope(device or ""):
        return getter(name, shape=shape, dtype=dtype, initializer=initializer, regularizer=regularizer,
                      trainable=trainable, collections=collections, caching_device=caching_device,
                      partitioner=partitioner, use_resource=use_resource)


@add_arg_scope
def model_variable(name, shape=None, dtype=dtypes.float32, initializer=None, regularizer=None, trainable=True,
                   collections=None, caching_device=None, device=None, partitioner=None, custom_getter=None,
                   use_resource=None, synchronization=None, aggregation=None):
    """Mirrors ``tf.contrib.framework.model_variable``: ``variable`` also added to MODEL_VARIABLES."""
    collections = list(collections or []) + [GraphKeys.GLOBAL_VARIABLES, GraphKeys.MODEL_VARIABLES]
    return variable(name, shape=shape, dtype=dtype, initializer=initializer, regularizer=regularizer,
                    trainable=trainable, collections=collections, caching_device=caching_device, device=device,
                    partitioner=partitioner, custom_getter=custom_getter, use_resource=use_resource)


def local_variable(initial_value, validate_shape=True, name=None, use_resource=None):
    """Mirrors ``tf.contrib.framework.local_variable``: a non-trainable variable in LOCAL_VARIABLES."""
    return Variable(initial_value, trainable=False, collections=[GraphKeys.LOCAL_VARIABLES],
                    validate_shape=validate_shape, name=name)


def get_variables(scope=None, suffix=None, collection=GraphKeys.GLOBAL_VARIABLES) -> list:
    """Mirrors ``tf.contrib.framework.get_variables``: the variables of ``collection`` whose name matches
    ``scope`` (a regex from the start, or a VariableScope) followed by ``.*suffix`` (':' appended when absent)."""
    if isinstance(scope, vs.VariableScope):
        scope = scope.name
    if suffix is not None:
        if ":" not in suffix:
            suffix += ":"
        scope = (scope or "") + ".*" + suffix
    return ctx_lib.get_default_graph().get_collection(collection, scope)


def get_model_variables(scope=None, suffix=None) -> list:
    """Mirrors ``tf.contrib.framework.get_model_variables``."""
    return get_variables(scope, suffix, GraphKeys.MODEL_VARIABLES)


def get_local_variables(scope=None, suffix=None) -> list:
    """Mirrors ``tf.contrib.framework.get_local_variables``."""
    return get_variables(scope, suffix, GraphKeys.LOCAL_VARIABLES)


def get_trainable_variables(scope=None, suffix=None) -> list:
    """Mirrors ``tf.contrib.framework.get_trainable_variables``."""
    return get_variables(scope, suffix, GraphKeys.TRAINABLE_VARIABLES)


def get_variables_to_restore(include=None, exclude=None) -> list:
    """Mirrors ``tf.contrib.framework.get_variables_to_restore``: the global variables under the ``include``
    scopes (all when None) minus those under the ``exclude`` scopes.

    Raises:
      TypeError: ``include``/``exclude`` given but not a list or tuple."""
    if include is None:
        candidates = get_variables()
    else:
        if not isinstance(include, (list, tuple)):
            raise TypeError("include is provided but is not a list or a tuple.")
        candidates = [v for scope in include for v in get_variables(scope)]
    excluded = []
    if exclude is not None:
        if not isinstance(exclude, (list, tuple)):
            raise TypeError("exclude is provided but is not a list or a tuple.")
        excluded = [v for scope in exclude for v in get_variables(scope)]
    return [v for v in candidates if not any(v is e for e in excluded)]


def get_variables_by_suffix(suffix, scope=None) -> list:
    """Mirrors ``tf.contrib.framework.get_variables_by_suffix``."""
    return get_variables(scope=scope, suffix=suffix)


def get_variables_by_name(given_name, scope=None) -> list:
    """Mirrors ``tf.contrib.framework.get_variables_by_name``: variables whose last name component is
    ``given_name``."""
    return get_variables(scope=scope, suffix="/" + given_name + ":|^" + given_name + ":")


def get_unique_variable(var_op_name):
    """Mirrors ``tf.contrib.framework.get_unique_variable``.

    Raises:
      ValueError: no variable, or more than one, has the op name ``var_op_name``."""
    candidates = get_variables(scope=var_op_name)
    if not candidates:
        raise ValueError("Couldn't find variable %s" % var_op_name)
    for candidate in candidates:
        if candidate.op.name == var_op_name:
            return candidate
    raise ValueError("Variable %s does not uniquely identify a variable" % var_op_name)


def assign_from_checkpoint_fn(model_path, var_list, ignore_missing_vars=False, reshape_variables=False):
    """Mirrors ``tf.contrib.framework.assign_from_checkpoint_fn``: a ``callback(session)`` restoring
    ``var_list`` (list, or dict of checkpoint name -> variable) from ``model_path``; None (with a warning) when
    ``ignore_missing_vars`` leaves nothing to restore. Differs: the Saver is TF's default V2 one (TF 1.15 asked
    for V1; restoring reads either).

    Raises:
      ValueError: ``var_list`` empty."""
    if not var_list:
        raise ValueError("var_list cannot be empty")
    if ignore_missing_vars:
        reader = CheckpointReader(model_path)
        var_dict = var_list if isinstance(var_list, dict) else {v.op.name: v for v in var_list}
        available = {}
        for name, var in var_dict.items():
            if reader.has_tensor(name):
                available[name] = var
            else:
                tf_logging.warning("Variable %s missing in checkpoint %s", name, model_path)
        var_list = available
    if not var_list:
        tf_logging.warning("No Variables to restore")
        return None
    saver = Saver(var_list, reshape=reshape_variables)

    def callback(session):
        saver.restore(session, model_path)
    return callback
