"""TF1 variable utilities: initializers, collections, ``tf.assign`` (mirrors ``tf.compat.v1``)."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.ops import control_flow_ops
from tfcompat._src.ops.variables import Variable


def global_variables(scope=None):
    """Mirrors ``tf.compat.v1.global_variables``."""
    return ctx_lib.get_default_graph().get_collection(GraphKeys.GLOBAL_VARIABLES, scope)


all_variables = global_variables


def local_variables(scope=None):
    return ctx_lib.get_default_graph().get_collection(GraphKeys.LOCAL_VARIABLES, scope)


def trainable_variables(scope=None):
    """Mirrors ``tf.compat.v1.trainable_variables``."""
    return ctx_lib.get_default_graph().get_collection(GraphKeys.TRAINABLE_VARIABLES, scope)


def model_variables(scope=None):
    return ctx_lib.get_default_graph().get_collection(GraphKeys.MODEL_VARIABLES, scope)


def variables_initializer(var_list, name="init"):
    """Mirrors ``tf.compat.v1.variables_initializer``: one op running every initializer."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return None
    return control_flow_ops.group(*[v.initializer for v in var_list if v.initializer is not None], name=name)


def global_variables_initializer():
    """Mirrors ``tf.compat.v1.global_variables_initializer``."""
    return variables_initializer(global_variables(), name="init")


initialize_all_variables = global_variables_initializer


def local_variables_initializer():
    return variables_initializer(local_variables(), name="init_1" if False else "init")


initialize_local_variables = local_variables_initializer


def get_collection(key, scope=None):
    """Mirrors ``tf.compat.v1.get_collection``."""
    return ctx_lib.get_default_graph().get_collection(key, scope)


def get_collection_ref(key):
    return ctx_lib.get_default_graph().get_collection_ref(key)


def add_to_collection(name, value):
    """Mirrors ``tf.compat.v1.add_to_collection``."""
    ctx_lib.get_default_graph().add_to_collection(name, value)


def add_to_collections(names, value):
    ctx_lib.get_default_graph().add_to_collections(names, value)


def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    """Mirrors ``tf.compat.v1.assign``."""
    return ref.assign(value, name=name)


def assign_add(ref, value, use_locking=None, name=None):
    """Mirrors ``tf.compat.v1.assign_add``."""
    return ref.assign_add(value, name=name)


def assign_sub(ref, value, use_locking=None, name=None):
    """Mirrors ``tf.compat.v1.assign_sub``."""
    return ref.assign_sub(value, name=name)


def is_variable_initialized(variable):
    return variable.is_initialized()


def disable_v2_behavior():
    """Mirrors ``tf.compat.v1.disable_v2_behavior``: graph mode and TF1 semantics (TF1 TensorShapes too)."""
    ctx_lib.set_v2_behavior(False)


def enable_v2_behavior():
    """Mirrors ``tf.compat.v1.enable_v2_behavior``."""
    ctx_lib.set_v2_behavior(True)


def enable_tensor_equality():
    """Mirrors ``tf.compat.v1.enable_tensor_equality``: ``Tensor.__eq__``/``__ne__`` compare elementwise (eagerly
    and in tf.function) and tensors are hashed by identity, as under TF2 behaviour."""
    ctx_lib.set_tensor_equality(True)


def disable_tensor_equality():
    """Mirrors ``tf.compat.v1.disable_tensor_equality``: ``==`` on tensors compares identities (TF1)."""
    ctx_lib.set_tensor_equality(False)


def get_default_graph():
    """Mirrors ``tf.compat.v1.get_default_graph``."""
    return ctx_lib.get_default_graph()


def reset_default_graph():
    """Mirrors ``tf.compat.v1.reset_default_graph``."""
    ctx_lib.reset_default_graph()


class ConfigProto:
    """Accepts ``tf.compat.v1.ConfigProto`` options; device and thread settings are torch's."""

    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)
        self.gpu_options = kwargs.get("gpu_options") or GPUOptions()
        self.graph_options = kwargs.get("graph_options") or GraphOptions()


class OptimizerOptions:
    """Mirrors ``tf.compat.v1.OptimizerOptions``; ``global_jit_level`` ON_1/ON_2 compiles a Session's plans with
    torch.compile (runtime/compiled_plan.py), the other options change nothing."""

    DEFAULT = 0
    OFF = -1
    ON_1 = 1
    ON_2 = 2
    L0 = -1
    L1 = 0

    def __init__(self, **kwargs):
        self.global_jit_level = kwargs.pop("global_jit_level", OptimizerOptions.DEFAULT)
        self.__dict__.update(kwargs)


class GraphOptions:
    """Mirrors ``tf.compat.v1.GraphOptions`` (its ``optimizer_options``)."""

    def __init__(self, **kwargs):
        self.optimizer_options = kwargs.pop("optimizer_options", None) or OptimizerOptions()
        self.__dict__.update(kwargs)


class GPUOptions:
    """Accepts ``tf.compat.v1.GPUOptions``."""

    def __init__(self, **kwargs):
        self.allow_growth = kwargs.get("allow_growth", False)
        self.per_process_gpu_memory_fraction = kwargs.get("per_process_gpu_memory_fraction", 1.0)
        self.__dict__.update(kwargs)


class RunOptions:
    FULL_TRACE = 3
    NO_TRACE = 0

    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


class RunMetadata:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


Variable = Variable
