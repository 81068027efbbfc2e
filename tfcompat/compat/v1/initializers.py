"""``tf.compat.v1.initializers``: re-exports only."""
from __future__ import annotations

from tfcompat._src.ops.init_ops import (
    Constant as constant, GlorotNormal as glorot_normal, GlorotUniform as glorot_uniform, Ones as ones,
    RandomNormal as random_normal, RandomUniform as random_uniform, TruncatedNormal as truncated_normal,
    VarianceScaling as variance_scaling, Zeros as zeros, he_normal, he_uniform, lecun_normal, lecun_uniform,
)
from tfcompat._src.ops.state_ops import (
    global_variables_initializer as global_variables, local_variables_initializer as local_variables,
    variables_initializer as variables,
)

__all__ = [
    "constant", "global_variables", "glorot_normal", "glorot_uniform", "he_normal", "he_uniform", "lecun_normal",
    "lecun_uniform", "local_variables", "ones", "random_normal", "random_uniform", "truncated_normal",
    "variables", "variance_scaling", "zeros",
]

from tfcompat._src.ops.init_ops_v1_more import (  # noqa: E402  (V1NAMES)
    Identity as identity, Orthogonal as orthogonal, UniformUnitScaling as uniform_unit_scaling,
)
from tfcompat._src.ops.lookup_ops import tables_initializer  # noqa: E402

__all__ += ["identity", "orthogonal", "tables_initializer", "uniform_unit_scaling"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.initializers", __name__)
