"""``tf.initializers`` (TF 2.21: the ``tf.keras.initializers`` module, CamelCase classes plus snake_case aliases):
re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.initializers import (
    Constant, GlorotNormal, GlorotUniform, HeNormal, HeUniform, Identity, Initializer, LecunNormal, LecunUniform,
    Ones, Orthogonal, RandomNormal, RandomUniform, TruncatedNormal, VarianceScaling, Zeros, constant, deserialize,
    get, glorot_normal, glorot_uniform, he_normal, he_uniform, identity, lecun_normal, lecun_uniform, ones,
    orthogonal, random_normal, random_uniform, serialize, truncated_normal, variance_scaling, zeros,
)

__all__ = [
    "Constant", "GlorotNormal", "GlorotUniform", "HeNormal", "HeUniform", "Identity", "Initializer", "LecunNormal",
    "LecunUniform", "Ones", "Orthogonal", "RandomNormal", "RandomUniform", "TruncatedNormal", "VarianceScaling",
    "Zeros", "constant", "deserialize", "get", "glorot_normal", "glorot_uniform", "he_normal", "he_uniform",
    "identity", "lecun_normal", "lecun_uniform", "ones", "orthogonal", "random_normal", "random_uniform",
    "serialize", "truncated_normal", "variance_scaling", "zeros",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.initializers", __name__)
