"""TF NumPy's dtype rules (tfcompat/_src/numpy_api/np_dtypes.py). Expected values are TF's (the oracle)."""
from __future__ import annotations

import pytest

CASES = {
    "result_type_tensor_float": lambda tnp, tf: tnp.result_type(tf.constant(1), 1.5),
    "result_type_dtypes": lambda tnp, tf: tnp.result_type(tf.int32, tf.float32),
    "result_type_int8_int": lambda tnp, tf: tnp.result_type(tf.constant(1, tf.int8), 3),
    "result_type_list": lambda tnp, tf: tnp.result_type([1, 2.0]),
    "result_type_none": lambda tnp, tf: tnp.result_type(),
    "result_type_bool": lambda tnp, tf: tnp.result_type(True),
    "promote_types": lambda tnp, tf: str(tnp.promote_types(tnp.int32, tnp.float32)),
    "promote_types_tf": lambda tnp, tf: str(tnp.promote_types(tf.int8, tf.uint8)),
    "finfo": lambda tnp, tf: float(tnp.finfo(tnp.float32).eps),
    "finfo_tf": lambda tnp, tf: float(tnp.finfo(tf.float64).max),
    "iinfo": lambda tnp, tf: int(tnp.iinfo(tnp.int8).min),
    "issubdtype": lambda tnp, tf: [tnp.issubdtype(tnp.float32, tnp.inexact), tnp.issubdtype(tnp.int32, tnp.inexact)],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_dtype_rules(oracle, name):
    oracle.check(lambda tf: CASES[name](tf.experimental.numpy, tf))
