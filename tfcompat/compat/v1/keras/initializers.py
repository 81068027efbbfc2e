"""``tf.compat.v1.keras.initializers`` (tf-keras 2.21's v1 API): TF1's ``init_ops`` classes (``glorot_uniform`` is
``tf.compat.v1.glorot_uniform_initializer``, ...) and Keras's v1 ``RandomNormal``/``RandomUniform``/
``TruncatedNormal``/``He*``/``Lecun*`` (``initializers_v1``), which draw with TF1's stateful random ops through
``random_seed.get_seed`` (so ``DeterministicRandomTestTool`` and the graph seed reach them), unlike
``tf.keras.initializers``' stateless v2 classes. ``Initializer``/``get``/``serialize``/``deserialize`` are
``tf.keras.initializers``' own, as in TF. Re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.initializers_v1 import (
    HeNormal as he_normal, HeUniform as he_uniform, LecunNormal as lecun_normal, LecunUniform as lecun_uniform,
    RandomNormal, RandomUniform, TruncatedNormal,
)
from tfcompat._src.keras.initializers_v1 import RandomNormal as normal
from tfcompat._src.keras.initializers_v1 import RandomNormal as random_normal
from tfcompat._src.keras.initializers_v1 import RandomUniform as random_uniform
from tfcompat._src.keras.initializers_v1 import RandomUniform as uniform
from tfcompat._src.keras.initializers_v1 import TruncatedNormal as truncated_normal
from tfcompat._src.ops.init_ops import (
    Constant, Ones, VarianceScaling, Zeros, GlorotNormal as glorot_normal, GlorotUniform as glorot_uniform,
)
from tfcompat._src.ops.init_ops import Constant as constant
from tfcompat._src.ops.init_ops import Ones as ones
from tfcompat._src.ops.init_ops import Zeros as zeros
from tfcompat._src.ops.init_ops_v1_more import Identity, Orthogonal
from tfcompat._src.ops.init_ops_v1_more import Identity as identity
from tfcompat._src.ops.init_ops_v1_more import Orthogonal as orthogonal
from tfcompat.keras.initializers import Initializer, deserialize, get, serialize

__all__ = [
    "Constant", "Identity", "Initializer", "Ones", "Orthogonal", "RandomNormal", "RandomUniform", "TruncatedNormal",
    "VarianceScaling", "Zeros", "constant", "deserialize", "get", "glorot_normal", "glorot_uniform", "he_normal",
    "he_uniform", "identity", "lecun_normal", "lecun_uniform", "normal", "ones", "orthogonal", "random_normal",
    "random_uniform", "serialize", "truncated_normal", "uniform", "zeros",
]
