"""tf.compat.v1.keras.layers.enable_v2_dtype_behavior / disable_v2_dtype_behavior
(tfcompat._src.keras.mixed_precision) against tf-keras 2.21: a layer created while V2 dtype behaviour is disabled
infers its dtype from its first input (no autocast); re-enabled, layers default to float32 and cast. Expected
values: real TF."""
from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture(autouse=True)
def _restore_default():
    """Both switches are process-wide: put back "follow TF2 behaviour" (None) on both sides afterwards."""
    yield
    from tfcompat._src.keras import mixed_precision
    mixed_precision._V2_DTYPE_BEHAVIOR["forced"] = None
    try:
        from tf_keras.src.engine import base_layer_utils
    except ImportError:
        return
    base_layer_utils.V2_DTYPE_BEHAVIOR = None


def test_disable_then_enable(oracle):
    def prog(tf):
        x = np.ones((1, 3), np.float64)
        tf.compat.v1.keras.layers.disable_v2_dtype_behavior()
        inferred = tf.keras.layers.Dense(2, kernel_initializer="ones")
        y1 = inferred(x)
        tf.compat.v1.keras.layers.enable_v2_dtype_behavior()
        cast = tf.keras.layers.Dense(2, kernel_initializer="ones")
        y2 = cast(x)
        return (y1.dtype.name, inferred.dtype, inferred.kernel.dtype.name, y2.dtype.name, cast.dtype,
                cast.kernel.dtype.name, y1, y2)
    oracle.check(prog)
