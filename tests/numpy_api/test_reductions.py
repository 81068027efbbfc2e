"""TF NumPy's reductions, scans, sorting and statistics (tfcompat/_src/numpy_api/reductions.py). Expected values
are TF's (the oracle); integer averages run under NumPy behavior (known deviation
``tnp-astype-without-numpy-behavior``: TF 2.21 needs it for tnp.average of integers)."""
from __future__ import annotations

import pytest

M = [[1.0, 5.0, 2.0], [4.0, -3.0, 0.5]]
MI = [[1, 5, 2], [4, -3, 0]]

CASES = {
    "sum": lambda tnp, tf: tnp.sum(tf.constant(M)),
    "sum_axis_keepdims": lambda tnp, tf: tnp.sum(tf.constant(M), axis=1, keepdims=True),
    "sum_int32_widens": lambda tnp, tf: tnp.sum(tf.constant(MI), axis=0),
    "sum_int8": lambda tnp, tf: tnp.sum(tf.constant([1, 2], tf.int8)),
    "sum_uint8": lambda tnp, tf: tnp.sum(tf.constant([200, 100], tf.uint8)),
    "sum_bool": lambda tnp, tf: tnp.sum(tf.constant([True, False, True])),
    "sum_dtype": lambda tnp, tf: tnp.sum(tf.constant(MI), dtype=tnp.float32),
    "sum_dtype_bool": lambda tnp, tf: tnp.sum(tf.constant(MI), dtype=bool),
    "prod": lambda tnp, tf: tnp.prod(tf.constant(MI), axis=1),
    "prod_list": lambda tnp, tf: tnp.prod([1.5, 2.0]),
    "mean_int": lambda tnp, tf: tnp.mean(tf.constant([1, 2])),
    "mean_axis": lambda tnp, tf: tnp.mean(tf.constant(M), axis=0),
    "mean_out": lambda tnp, tf: tnp.mean([1.0], out=1),
    "amax": lambda tnp, tf: tnp.amax(tf.constant(MI), axis=0),
    "amin_bool": lambda tnp, tf: tnp.amin(tf.constant([True, False])),
    "max": lambda tnp, tf: tnp.max(tf.constant(M), axis=1, keepdims=True),
    "min": lambda tnp, tf: tnp.min(tf.constant(M)),
    "var": lambda tnp, tf: tnp.var(tf.constant([1.0, 2.0, 4.0])),
    "var_int": lambda tnp, tf: tnp.var(tf.constant([1, 2, 4])),
    "var_ddof_dtype": lambda tnp, tf: tnp.var(tf.constant(M), axis=1, ddof=1, dtype=tnp.float64),
    "std_int": lambda tnp, tf: tnp.std(tf.constant([1, 2, 4])),
    "std_axis": lambda tnp, tf: tnp.std(tf.constant(M), axis=0),
    "all": lambda tnp, tf: tnp.all(tf.constant(MI), axis=1),
    "any": lambda tnp, tf: tnp.any([0, 0, 1]),
    "cumsum": lambda tnp, tf: tnp.cumsum(tf.constant(MI)),
    "cumsum_axis": lambda tnp, tf: tnp.cumsum(tf.constant(M), axis=-1),
    "cumsum_int8": lambda tnp, tf: tnp.cumsum(tf.constant([100, 100], tf.int8)),
    "cumprod": lambda tnp, tf: tnp.cumprod(tf.constant(MI), axis=0),
    "cumprod_dtype": lambda tnp, tf: tnp.cumprod([1, 2, 3], dtype=tnp.float32),
    "argmax": lambda tnp, tf: tnp.argmax(tf.constant(M)),
    "argmax_axis": lambda tnp, tf: tnp.argmax(tf.constant(M), axis=1),
    "argmin": lambda tnp, tf: tnp.argmin(tf.constant(MI), axis=0),
    "sort": lambda tnp, tf: tnp.sort(tf.constant(MI)),
    "sort_none": lambda tnp, tf: tnp.sort(tf.constant(M), axis=None),
    "sort_axis0": lambda tnp, tf: tnp.sort(tf.constant(M), axis=0),
    "sort_kind": lambda tnp, tf: tnp.sort([1], kind="stable"),
    "argsort": lambda tnp, tf: tnp.argsort(tf.constant([3, 1, 2])),
    "argsort_stable_axis0": lambda tnp, tf: tnp.argsort(tf.constant(MI), axis=0, kind="stable"),
    "argsort_scalar": lambda tnp, tf: tnp.argsort(tf.constant(3)),
    "average": lambda tnp, tf: tnp.average(tf.constant(M), axis=1),
    "average_weights": lambda tnp, tf: tnp.average(tf.constant([1.0, 2.0, 4.0]), weights=[1, 1, 2]),
    "average_weights_axis": lambda tnp, tf: tnp.average(tf.constant(M), axis=1, weights=[1.0, 2.0, 1.0]),
    "average_returned": lambda tnp, tf: tnp.average(tf.constant(M), axis=0, returned=True),
    "count_nonzero": lambda tnp, tf: tnp.count_nonzero(tf.constant(MI), axis=1),
    "nansum": lambda tnp, tf: tnp.nansum(tf.constant([1.0, float("nan"), 2.0])),
    "nanprod": lambda tnp, tf: tnp.nanprod(tf.constant([[3.0, float("nan")], [2.0, 2.0]]), axis=0),
    "nanmean": lambda tnp, tf: tnp.nanmean(tf.constant([1.0, float("nan"), 2.0])),
    "ptp": lambda tnp, tf: tnp.ptp(tf.constant(MI), axis=1),
    "size_ndim_shape": lambda tnp, tf: [tnp.size(tf.constant(M)), tnp.size(3.0), tnp.ndim([[1]]),
                                        tnp.shape(tf.constant(M)), tnp.isscalar(tf.constant(1.0))],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_reduction(oracle, name):
    oracle.check(lambda tf: CASES[name](tf.experimental.numpy, tf))


def test_average_of_integers(oracle, numpy_behavior):
    def prog(tf):
        tnp = tf.experimental.numpy
        tnp.experimental_enable_numpy_behavior()
        return tnp.average(tf.constant([1, 2, 4])), tnp.average(tf.constant([1, 2, 4]), returned=True)
    oracle.check(prog)


def test_var_ddof_without_dtype():
    """TF 2.21 raises TypeError here (known deviation ``tnp-astype-without-numpy-behavior``); expected values are
    NumPy's (np.var with ddof)."""
    import numpy as np

    import tfcompat as tf
    got = tf.experimental.numpy.var(tf.constant(M), axis=1, ddof=1)
    assert got.dtype == tf.float32
    np.testing.assert_allclose(got.numpy(), np.var(np.array(M, np.float32), axis=1, ddof=1), rtol=1e-6)
    got = tf.experimental.numpy.var(tf.constant([1, 2, 4]), ddof=1)
    assert got.dtype == tf.float64 and abs(float(got) - np.var([1, 2, 4], ddof=1)) < 1e-12


def test_unknown_dimensions_in_tf_function(oracle):
    def prog(tf):
        tnp = tf.experimental.numpy

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)], autograph=False)
        def f(x):
            return (tnp.var(x, axis=0, ddof=1, dtype=tnp.float32), tnp.mean(x, axis=1), tnp.cumsum(x, axis=-1),
                    tnp.diag(x, 1), tnp.diagonal(x))
        return f(tf.constant(M))
    oracle.check(prog)
