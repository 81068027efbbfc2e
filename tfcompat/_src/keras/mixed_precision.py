"""``tf.keras.mixed_precision`` basics: ``Policy`` (compute and variable dtypes), the global policy.

Mixed policies (``mixed_float16``/``mixed_bfloat16``) cast a layer's floating inputs to the compute dtype and
its float variables to the compute dtype when the layer reads them in ``call`` (TF: ``AutoCastVariable``)."""
from __future__ import annotations

import contextlib

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.keras import backend

__all__ = ["Policy", "global_policy", "set_global_policy", "policy_scope", "serialize", "deserialize"]


class Policy:
    """Mirrors ``tf.keras.mixed_precision.Policy``."""

    def __init__(self, name):
        if isinstance(name, dtypes.DType):
            raise TypeError(f"'name' must be a string, not a DType. Instead, pass DType.name. Received: "
                            f"name={name.name}")
        if not isinstance(name, str):
            raise TypeError(f"'name' must be a string, but got: {name}")
        self._name = name
        self._compute_dtype, self._variable_dtype = self._parse_name(name)

    @staticmethod
    def _parse_name(name):
        if name.endswith("_float32_vars"):
            raise ValueError(f"Policies ending in '_float32_vars' have been removed from TensorFlow. Got policy "
                             f"name: '{name}'")
        if name == "mixed_float16":
            return "float16", "float32"
        if name == "mixed_bfloat16":
            return "bfloat16", "float32"
        if name == "_infer":
            return None, None
        try:
            dtype = dtypes.as_dtype(name).name
        except TypeError:
            raise ValueError(f"Cannot convert value {name} to a mixed precision Policy. Valid policies include "
                             f"'mixed_float16', 'mixed_bfloat16', and the name of any dtype such as "
                             f"'float32'.") from None
        return dtype, dtype

    @property
    def variable_dtype(self):
        """The dtype layers create variables in."""
        return self._variable_dtype

    @property
    def compute_dtype(self):
        """The dtype layers compute in."""
        return self._compute_dtype

    @property
    def name(self) -> str:
        return self._name

    def __repr__(self):
        return f'<Policy "{self._name}">'

    def get_config(self) -> dict:
        return {"name": self.name}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config.pop("loss_scale", None)
        return cls(**config)


_global = {"policy": None}


# tf-keras's base_layer_utils.V2_DTYPE_BEHAVIOR: None follows TF2 behaviour; the two functions below force it.
_V2_DTYPE_BEHAVIOR = {"forced": None}


def v2_dtype_behavior_enabled() -> bool:
    """TF2 dtype behaviour (layers default to floatx and cast inputs); off in TF1 mode (layers infer dtypes),
    unless ``enable_v2_dtype_behavior``/``disable_v2_dtype_behavior`` forced it."""
    forced = _V2_DTYPE_BEHAVIOR["forced"]
    return ctx_lib.v2_behavior() if forced is None else forced


def enable_v2_dtype_behavior() -> None:
    """Mirrors ``tf.compat.v1.keras.layers.enable_v2_dtype_behavior``: layers created afterwards default to
    floatx and autocast their inputs, even in TF1 mode."""
    _V2_DTYPE_BEHAVIOR["forced"] = True


def disable_v2_dtype_behavior() -> None:
    """Mirrors ``tf.compat.v1.keras.layers.disable_v2_dtype_behavior``: layers created afterwards infer their
    dtype from their first input and do not autocast, even with TF2 behaviour."""
    _V2_DTYPE_BEHAVIOR["forced"] = False


def global_policy() -> Policy:
    """Mirrors ``tf.keras.mixed_precision.global_policy``."""
    if _global["policy"] is None:
        return Policy(backend.floatx()) if v2_dtype_behavior_enabled() else Policy("_infer")
    return _global["policy"]


def set_global_policy(policy) -> None:
    """Mirrors ``tf.keras.mixed_precision.set_global_policy``.

    Raises:
      ValueError: a non-floating policy."""
    if policy is not None and not isinstance(policy, Policy):
        policy = Policy(policy)
    if policy is not None and policy.compute_dtype is not None and \
            not dtypes.as_dtype(policy.compute_dtype).is_floating:
        raise ValueError(f'set_global_policy can only be used to set the global policy to floating-point '
                         f'policies, such as "float32" and "mixed_float16", but got policy: {policy.name}')
    _global["policy"] = policy


@contextlib.contextmanager
def policy_scope(policy):
    """Mirrors ``tf.keras.mixed_precision.policy_scope`` (internal in TF)."""
    old = _global["policy"]
    try:
        set_global_policy(policy)
        yield
    finally:
        _global["policy"] = old


def _equivalent_to_dtype(policy) -> bool:
    return type(policy) is Policy and (policy.name == "_infer" or _convertible(policy.name))


def _convertible(name) -> bool:
    try:
        dtypes.as_dtype(name)
        return True
    except TypeError:
        return False


def serialize(policy):
    """Keras' policy serialization: the dtype name for plain policies, a class config for mixed ones."""
    if _equivalent_to_dtype(policy):
        return None if policy.name == "_infer" else policy.name
    return {"class_name": "Policy", "config": {"name": policy.name}}


def deserialize(config, custom_objects=None) -> Policy:
    if isinstance(config, str) and _convertible(config):
        return Policy(config)
    if config is None:
        return Policy("_infer")
    if isinstance(config, dict) and config.get("class_name") in ("Policy", "PolicyV1", "DTypePolicy"):
        return Policy.from_config(config["config"])
    if isinstance(config, str):
        return Policy(config)
    raise ValueError(f"Unknown dtype policy: {config!r}")


def get_policy(identifier) -> Policy:
    """A Policy from a Policy, a dtype, a name or a serialized policy (a layer's ``dtype`` argument)."""
    if isinstance(identifier, Policy):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str) and identifier in ("mixed_float16", "mixed_bfloat16"):
        return Policy(identifier)
    if identifier is None:
        return global_policy()
    return Policy(dtypes.as_dtype(identifier).name)
