"""``tnp.random`` (tfcompat/_src/numpy_api/np_random.py): shapes and dtypes against real TF (the sampled numbers
follow tf.random's streams; known deviation ``random-values`` for poisson). Bounds are checked by hand."""
from __future__ import annotations

import numpy as np
import pytest

CASES = {
    "randn": lambda r: r.randn(2, 3),
    "standard_normal": lambda r: r.standard_normal(4),
    "standard_normal_none": lambda r: r.standard_normal(),
    "uniform": lambda r: r.uniform(1.0, 2.0, size=(3,)),
    "uniform_broadcast": lambda r: r.uniform([0.0, 1.0], 5.0),
    "random": lambda r: r.random((2, 2)),
    "rand": lambda r: r.rand(3),
    "randint": lambda r: r.randint(5, size=4),
    "randint_int32": lambda r: r.randint(1, 3, size=(2,), dtype=np.int32),
    "poisson": lambda r: r.poisson(2.0, size=3),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_shape_and_dtype(oracle, name):
    def prog(tf):
        tf.experimental.numpy.random.seed(3)
        x = CASES[name](tf.experimental.numpy.random)
        return [x.shape, x.dtype]
    oracle.check(prog)


def test_bad_arguments(oracle):
    oracle.check(lambda tf: tf.experimental.numpy.random.randint(5, dtype=np.float32))
    oracle.check(lambda tf: tf.experimental.numpy.random.seed(None))


def test_bounds():
    import tfcompat as tf
    tf.experimental.numpy.random.seed(1)
    u = tf.experimental.numpy.random.uniform(1.0, 2.0, size=100).numpy()
    k = tf.experimental.numpy.random.randint(2, 5, size=100).numpy()
    assert u.min() >= 1.0 and u.max() < 2.0
    assert set(np.unique(k)) <= {2, 3, 4}
