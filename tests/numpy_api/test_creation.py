"""tf.experimental.numpy array creation (tfcompat/_src/numpy_api/creation.py, np_arrays.py): values, dtypes and
shapes against real TF. Expected values are TF's (the oracle)."""
from __future__ import annotations

import pytest

CASES = {
    "zeros": lambda tnp, tf: tnp.zeros(3),
    "zeros_int": lambda tnp, tf: tnp.zeros((2, 1), int),
    "empty": lambda tnp, tf: tnp.empty(2),
    "ones": lambda tnp, tf: tnp.ones(2),
    "ones_int32": lambda tnp, tf: tnp.ones(2, dtype=tnp.int32),
    "ones_tf_dtype": lambda tnp, tf: tnp.ones(2, dtype=tf.float32),
    "full_int": lambda tnp, tf: tnp.full((2,), 3),
    "full_float": lambda tnp, tf: tnp.full(2, 3.0),
    "full_bool": lambda tnp, tf: tnp.full([1, 2], True),
    "zeros_like_list": lambda tnp, tf: tnp.zeros_like([1, 2]),
    "ones_like_dtype": lambda tnp, tf: tnp.ones_like(tf.constant([1.0, 2.0]), dtype=int),
    "full_like": lambda tnp, tf: tnp.full_like(tf.constant([1, 2]), 7),
    "empty_like": lambda tnp, tf: tnp.empty_like(tf.constant([[1.5]])),
    "eye": lambda tnp, tf: tnp.eye(2),
    "eye_k1": lambda tnp, tf: tnp.eye(3, 4, k=1),
    "eye_kneg": lambda tnp, tf: tnp.eye(3, 2, k=-1, dtype=tnp.int32),
    "eye_k_out": lambda tnp, tf: tnp.eye(2, k=5),
    "identity": lambda tnp, tf: tnp.identity(2),
    "arange": lambda tnp, tf: tnp.arange(5),
    "arange_float_step": lambda tnp, tf: tnp.arange(1, 2, 0.25),
    "arange_dtype": lambda tnp, tf: tnp.arange(4, dtype=tnp.float32),
    "arange_empty": lambda tnp, tf: tnp.arange(3, 1),
    "arange_neg": lambda tnp, tf: tnp.arange(5, 1, -2),
    "arange_zero_step": lambda tnp, tf: tnp.arange(1, 5, 0),
    "linspace": lambda tnp, tf: tnp.linspace(0, 1, 5),
    "linspace_no_end": lambda tnp, tf: tnp.linspace(0, 1, 4, endpoint=False),
    "linspace_retstep": lambda tnp, tf: tnp.linspace(0, 10, 3, retstep=True),
    "logspace": lambda tnp, tf: tnp.logspace(0, 2, 3),
    "geomspace": lambda tnp, tf: tnp.geomspace(1, 100, 3),
    "tri": lambda tnp, tf: tnp.tri(3),
    "tri_kneg": lambda tnp, tf: tnp.tri(3, 4, k=-1, dtype=tnp.int32),
    "tril": lambda tnp, tf: tnp.tril([[1, 2], [3, 4]]),
    "triu_k1": lambda tnp, tf: tnp.triu(tf.constant([[1., 2., 3.], [4., 5., 6.]]), k=1),
    "tril_rank1": lambda tnp, tf: tnp.tril([1, 2]),
    "array_float": lambda tnp, tf: tnp.array(1.5),
    "array_list": lambda tnp, tf: tnp.array([1, 2]),
    "array_mixed": lambda tnp, tf: tnp.array([1, 2.5]),
    "array_ndmin": lambda tnp, tf: tnp.array([1, 2], ndmin=3),
    "array_dtype": lambda tnp, tf: tnp.array([[1, 2]], dtype=tnp.float32),
    "array_tensor_cast": lambda tnp, tf: tnp.array(tf.constant([1.7, -2.2]), dtype=tnp.int32),
    "asarray_tensor": lambda tnp, tf: tnp.asarray(tf.constant([1.0])),
    "asarray_bool": lambda tnp, tf: tnp.asarray([True, False]),
    "asanyarray": lambda tnp, tf: tnp.asanyarray([[1, 2]], dtype=tnp.int8),
    "ascontiguousarray": lambda tnp, tf: tnp.ascontiguousarray(3),
    "copy": lambda tnp, tf: tnp.copy([1, 2]),
    "diag_indices": lambda tnp, tf: tnp.diag_indices(3),
    "meshgrid": lambda tnp, tf: tnp.meshgrid([1, 2], [3, 4, 5]),
    "meshgrid_ij": lambda tnp, tf: tnp.meshgrid([1, 2], [3, 4, 5], indexing="ij"),
    "ix": lambda tnp, tf: tnp.ix_([0, 1], [True, False, True]),
    "vander": lambda tnp, tf: tnp.vander([1, 2, 3]),
    "vander_increasing": lambda tnp, tf: tnp.vander([1., 2.], N=3, increasing=True),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_creation(oracle, name):
    oracle.check(lambda tf: CASES[name](tf.experimental.numpy, tf))


def test_ndarray_is_tensor_and_dtypes_are_numpy_types(oracle):
    def prog(tf):
        tnp = tf.experimental.numpy
        return [tnp.ndarray is tf.Tensor, isinstance(tnp.zeros(1), tnp.ndarray), tnp.float32.__name__,
                tnp.int_.__name__, tnp.bool_.__name__, tnp.pi, tnp.e, tnp.newaxis is None]
    oracle.check(prog)
