"""Oracle tests for ``Tensor.__getitem__`` / ``Variable.__getitem__`` beyond plain slices (ops/operators.py,
ops/slicing_ops.py): boolean masks (a bool tensor or bool numpy array is ``tf.boolean_mask``), numpy integer
indices, and exactly what TF 2.21 rejects (lists of bools, int vectors, bool masks inside tuples, np.bool_).
Every expected outcome is TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

X = (np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 7.0) / 3.0

# name -> f(tf, x): an index expression on x (float32 [2, 3, 4]). Values, dtypes and shapes are compared, and
# the gradient of sum(y * y) where the result is float.
INDEX_CASES = {
    "mask_first_dim": lambda tf, x: x[tf.constant([False, True])],
    "mask_two_dims": lambda tf, x: x[tf.constant([[True, False, True], [False, True, False]])],
    "mask_all_dims": lambda tf, x: x[x > 0.5],
    "mask_numpy_bool": lambda tf, x: x[np.array([[True, True, False], [False, False, True]])],
    "mask_all_false": lambda tf, x: x[tf.zeros([2, 3], tf.bool)],
    "np_int64_index": lambda tf, x: x[np.int64(1), np.int32(2)],
    "np_0d_array_index": lambda tf, x: x[np.array(1)],
    "bool_after_int_is_an_index": lambda tf, x: x[1, True],
    "list_is_a_tuple": lambda tf, x: x[[1, 2]],
    "np_int_slice_bounds": lambda tf, x: x[:, np.int64(1):np.int32(3)],
    "tensor_slice_bounds": lambda tf, x: x[tf.constant(0):tf.constant(1), ::tf.constant(2)],
    "int64_scalar_tensor": lambda tf, x: x[tf.constant(1, tf.int64)],
    "negative_step_and_newaxis": lambda tf, x: x[..., ::-2, tf.newaxis],
    "mask_then_slice": lambda tf, x: x[tf.constant([True, False])][:, 1:],
}

ERROR_CASES = {
    "python_bool": lambda tf, x: x[True],
    "np_0d_bool": lambda tf, x: x[np.array(False)],
    "np_bool_scalar": lambda tf, x: x[np.bool_(True)],
    "list_of_bools": lambda tf, x: x[[True, False]],
    "bool_then_int": lambda tf, x: x[True, 1],
    "mask_in_tuple": lambda tf, x: x[tf.constant([True, False]), 0],
    "mask_after_ellipsis": lambda tf, x: x[..., tf.constant([True, False, True, True])],
    "int_vector_tensor": lambda tf, x: x[tf.constant([0, 1])],
    "int_numpy_vector": lambda tf, x: x[np.array([0, 1])],
    "int8_scalar_tensor": lambda tf, x: x[tf.constant(1, tf.int8)],
    "float_index": lambda tf, x: x[1.0],
    "string_index": lambda tf, x: x["a"],
    "mask_wrong_shape": lambda tf, x: x[tf.constant([True, False, True])],
    "mask_too_many_dims": lambda tf, x: x[tf.zeros([2, 3, 4, 1], tf.bool)],
    "index_out_of_range": lambda tf, x: x[2],
    "too_many_indices": lambda tf, x: x[0, 0, 0, 0],
}

# The class of TF's error is compared for every case; these wordings are compared too.
MESSAGES = {
    "python_bool": "mask cannot be scalar.",
    "np_0d_bool": "mask cannot be scalar.",
    "np_bool_scalar": "are valid indices",
    "list_of_bools": "Value for attr 'Index' of bool is not in the list of allowed values",
    "bool_then_int": "Cannot convert 1 to EagerTensor of dtype bool",
    "int_vector_tensor": "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                         "tf.int32/tf.int64 tensors are valid indices",
    "mask_wrong_shape": "are incompatible",
}


def _is_float(y):
    return getattr(y, "dtype", None) is not None and y.dtype.is_floating


@pytest.mark.parametrize("case", sorted(INDEX_CASES))
def test_index_values_and_gradients(oracle, case):
    f = INDEX_CASES[case]

    def prog(tf):
        x = tf.constant(X)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(tf, x)
            loss = tf.reduce_sum(y * y)
        return y, tf.convert_to_tensor(tape.gradient(loss, x))
    oracle.check(prog)


@pytest.mark.parametrize("case", sorted(INDEX_CASES))
def test_index_on_a_variable(oracle, case):
    f = INDEX_CASES[case]

    def prog(tf):
        v = tf.Variable(X)
        with tf.GradientTape() as tape:
            y = f(tf, v)
            loss = tf.reduce_sum(y * y)
        return y, tf.convert_to_tensor(tape.gradient(loss, v))
    oracle.check(prog)


@pytest.mark.parametrize("case", sorted(INDEX_CASES))
def test_index_in_a_graph(oracle, case):
    f = INDEX_CASES[case]

    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 3, 4])
        y = f(v1, x)
        (g,) = v1.gradients(v1.reduce_sum(y * y), [x])
        with v1.Session() as sess:
            return sess.run([y, v1.convert_to_tensor(g)], {x: X}) + [y.shape.as_list()]
    oracle.check_v1(prog)


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_rejected_indices(oracle, case):
    f = ERROR_CASES[case]
    got = oracle.check(lambda tf: f(tf, tf.constant(X)), match_message=MESSAGES.get(case))
    assert type(got).__name__ == "Raised", got


@pytest.mark.parametrize("case", ["python_bool", "list_of_bools", "mask_in_tuple", "int_vector_tensor",
                                  "mask_wrong_shape", "too_many_indices"])
def test_rejected_indices_in_a_graph(oracle, case):
    f = ERROR_CASES[case]
    got = oracle.check_v1(lambda v1: f(v1, v1.placeholder(v1.float32, [2, 3, 4])))
    assert type(got).__name__ == "Raised", got


def test_mask_fed_at_run_time(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 4])
        m = v1.placeholder(v1.bool, [None])
        y = x[m]
        with v1.Session() as sess:
            return y.shape.as_list(), sess.run(y, {x: X[0], m: [True, False, True]})
    oracle.check_v1(prog)
