"""``tf.cumsum`` / ``tf.math.cumprod`` keep the input's dtype (torch widens integer scans to int64; TF does not).
Expected values and dtypes: real TF 2.21 via the oracle."""
from __future__ import annotations

import numpy as np
import pytest


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint8", "int16", "float16", "float64"])
@pytest.mark.parametrize("fn", ["cumsum", "cumprod"])
def test_scan_keeps_dtype(oracle, fn, dtype):
    def prog(tf):
        x = tf.constant(np.array([[1, 2, 3], [4, 5, 6]]), dtype=getattr(tf, dtype))
        f = getattr(tf.math, fn)
        return f(x, axis=1), f(x, axis=0, exclusive=True), f(x, axis=1, reverse=True)
    oracle.check(prog)


def test_scan_keeps_dtype_in_graph_mode(oracle):
    def prog(v1):
        x = v1.placeholder(v1.int32, [None])
        with v1.Session() as sess:
            return sess.run([v1.cumsum(x), v1.math.cumprod(x)], {x: [1, 2, 3, 4]})
    oracle.check_v1(prog)
