"""Dataset sources against TF 2.21: from_tensors, from_tensor_slices, range, counter, from_generator, zip,
list_files (elements, order, specs, cardinality, errors)."""
from __future__ import annotations

import collections
import os

import numpy as np
import pytest

from tests.data.helpers import card, elements, spec, summary

Point = collections.namedtuple("Point", "x y")

SOURCES = {
    "slices_tuple": lambda tf: tf.data.Dataset.from_tensor_slices(([1, 2, 3], [4.0, 5.0, 6.0])),
    "slices_list_is_one_tensor": lambda tf: tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]),
    "slices_list_of_tuples": lambda tf: tf.data.Dataset.from_tensor_slices([(1, 2), (3, 4)]),
    "slices_dict_key_order": lambda tf: tf.data.Dataset.from_tensor_slices({"b": [1, 2], "a": [1.0, 2.0]}),
    "slices_numpy_float64": lambda tf: tf.data.Dataset.from_tensor_slices(np.arange(6.0).reshape(3, 2)),
    "slices_int64_promotion": lambda tf: tf.data.Dataset.from_tensor_slices([1, 2 ** 40]),
    "slices_namedtuple": lambda tf: tf.data.Dataset.from_tensor_slices(Point([1, 2], [3.0, 4.0])),
    "slices_nested": lambda tf: tf.data.Dataset.from_tensor_slices({"a": ([1, 2], [[1.0], [2.0]]), "b": [True, False]}),
    "slices_tensor": lambda tf: tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(6), [3, 2])),
    "slices_strings": lambda tf: tf.data.Dataset.from_tensor_slices(["a", "bc", ""]),
    "slices_bytes_2d": lambda tf: tf.data.Dataset.from_tensor_slices([[b"a", b"b"], [b"c", b"d"]]),
    "tensors_tuple": lambda tf: tf.data.Dataset.from_tensors(([1, 2], 3.0)),
    "tensors_nested": lambda tf: tf.data.Dataset.from_tensors({"a": (1, [2.0, 3.0]), "b": np.zeros((2, 3))}),
    "tensors_numpy_scalar": lambda tf: tf.data.Dataset.from_tensors(np.float64(1.5)),
    "tensors_string": lambda tf: tf.data.Dataset.from_tensors("text"),
    "range_stop": lambda tf: tf.data.Dataset.range(5),
    "range_start_stop_step": lambda tf: tf.data.Dataset.range(2, 10, 3),
    "range_negative_step": lambda tf: tf.data.Dataset.range(10, 2, -3),
    "range_empty": lambda tf: tf.data.Dataset.range(5, 2),
    "range_int32": lambda tf: tf.data.Dataset.range(3, output_type=tf.int32),
    "range_tensor_args": lambda tf: tf.data.Dataset.range(tf.constant(4, tf.int64)),
    "counter": lambda tf: tf.data.Dataset.counter(3, 2).take(4),
    "experimental_counter": lambda tf: tf.data.experimental.Counter(dtype=tf.int32).take(3),
    "zip_args": lambda tf: tf.data.Dataset.zip(tf.data.Dataset.range(3), tf.data.Dataset.range(5, 9)),
    "zip_nested": lambda tf: tf.data.Dataset.zip((tf.data.Dataset.range(2), (tf.data.Dataset.range(3),
                                                                              tf.data.Dataset.range(4)))),
    "zip_dict": lambda tf: tf.data.Dataset.zip({"b": tf.data.Dataset.range(2), "a": tf.data.Dataset.range(3)}),
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_source(oracle, name):
    oracle.check(lambda tf: summary(SOURCES[name](tf)))


def test_source_repr(oracle):
    oracle.check(lambda tf: [repr(SOURCES[n](tf)) for n in ("slices_tuple", "slices_dict_key_order",
                                                             "tensors_tuple", "range_stop", "zip_args")])


def test_eager_elements_are_tensors_with_structure(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": ([1.0, 2.0], ["x", "y"])})
        el = next(iter(ds))
        return (sorted(el), type(el["b"]).__name__, [repr(el["a"]), repr(el["b"][0]), repr(el["b"][1])],
                [str(t.dtype) for t in (el["a"], el["b"][0])])
    oracle.check(prog)


ERRORS = {
    "slices_scalar": lambda tf: tf.data.Dataset.from_tensor_slices(1),
    "slices_mismatched_rows": lambda tf: tf.data.Dataset.from_tensor_slices(([1, 2, 3], [1, 2])),
    "slices_mixed_types": lambda tf: tf.data.Dataset.from_tensor_slices([1, "a"]),
    "tensors_tuple_in_list": lambda tf: tf.data.Dataset.from_tensors([1, (2, 3)]),
    "range_zero_step": lambda tf: tf.data.Dataset.range(0, 5, 0),
    "range_float": lambda tf: tf.data.Dataset.range(1.5),
    "zip_list": lambda tf: tf.data.Dataset.zip((tf.data.Dataset.range(3), [1, 2])),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_source_errors(oracle, name):
    oracle.check(lambda tf: ERRORS[name](tf))


def test_error_messages(oracle):
    oracle.check(ERRORS["slices_scalar"], match_message="Unbatching a tensor is only supported for rank >= 1")
    oracle.check(ERRORS["slices_mismatched_rows"], match_message="Dimensions 3 and 2 are not compatible")
    oracle.check(ERRORS["range_zero_step"], match_message="step must be a non-zero integer.")
    oracle.check(ERRORS["zip_list"], match_message="Python `list` is not supported")


# ------------------------------------------------------------------------------------------------
# from_generator
# ------------------------------------------------------------------------------------------------
def _ragged():
    yield [1]
    yield [1, 2]
    yield [3, 4, 5]


GENERATORS = {
    "signature": lambda tf: tf.data.Dataset.from_generator(
        _ragged, output_signature=tf.TensorSpec([None], tf.int32)),
    "legacy_types": lambda tf: tf.data.Dataset.from_generator(lambda: iter([1, 2]), output_types=tf.int64),
    "legacy_types_shapes": lambda tf: tf.data.Dataset.from_generator(
        lambda: iter([(1, [1.5]), (2, [2.5, 3.0])]), output_types=(tf.int32, tf.float32), output_shapes=([], [None])),
    "args": lambda tf: tf.data.Dataset.from_generator(lambda n: iter(range(n)), output_types=tf.int64, args=(3,)),
    "strings": lambda tf: tf.data.Dataset.from_generator(lambda: iter(["ab", b"c"]), output_types=tf.string),
    "dict": lambda tf: tf.data.Dataset.from_generator(
        lambda: iter([{"a": 1, "b": [1.0, 2.0]}]),
        output_signature={"a": tf.TensorSpec([], tf.int64), "b": tf.TensorSpec([2], tf.float64)}),
    "numpy_cast": lambda tf: tf.data.Dataset.from_generator(lambda: iter([np.arange(3)]), output_types=tf.float32),
    # output_shapes is cut at output_types' leaves (TF's map_structure_up_to): a leaf's shape is a tuple itself.
    "legacy_shapes_up_to_types": lambda tf: tf.data.Dataset.from_generator(
        lambda: iter([([b"a", b"b"], [[1.0], [2.0]]), ([b"c", b"d"], [[3.0], [4.0]])]),
        output_types=(tf.string, tf.float32), output_shapes=((2,), (2, 1))),
}


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_from_generator(oracle, name):
    oracle.check(lambda tf: summary(GENERATORS[name](tf)) + (repr(GENERATORS[name](tf)),))


def test_from_generator_is_called_again_per_iteration(oracle):
    def prog(tf):
        calls = []

        def gen():
            calls.append(1)
            yield from range(2)
        ds = tf.data.Dataset.from_generator(gen, output_types=tf.int64)
        return elements(ds), elements(ds.repeat(2)), len(calls)
    oracle.check(prog)


GENERATOR_ERRORS = {
    "no_types": lambda tf: tf.data.Dataset.from_generator(lambda: iter([1])),
    "types_and_signature": lambda tf: tf.data.Dataset.from_generator(
        lambda: iter([1]), output_types=tf.int32, output_signature=tf.TensorSpec([], tf.int32)),
    "signature_not_spec": lambda tf: tf.data.Dataset.from_generator(lambda: iter([1]), output_signature=tf.int32),
    "not_callable": lambda tf: tf.data.Dataset.from_generator(iter([1]), output_types=tf.int32),
    "raises": lambda tf: elements(tf.data.Dataset.from_generator(lambda: (1 / 0 for _ in range(3)),
                                                                 output_types=tf.float32)),
    "wrong_shape": lambda tf: elements(tf.data.Dataset.from_generator(
        lambda: iter([[1.0, 2.0]]), output_types=tf.float32, output_shapes=[3])),
    "wrong_type": lambda tf: elements(tf.data.Dataset.from_generator(lambda: iter(["a"]), output_types=tf.float32)),
    "wrong_structure": lambda tf: elements(tf.data.Dataset.from_generator(
        lambda: iter([1]), output_types=(tf.int32, tf.int32))),
    "shapes_too_long": lambda tf: tf.data.Dataset.from_generator(
        lambda: iter([1]), output_types=(tf.int32, tf.int32), output_shapes=((), (), ())),
    "shapes_a_list": lambda tf: tf.data.Dataset.from_generator(
        lambda: iter([1]), output_types=(tf.int32, tf.int32), output_shapes=[(), ()]),
    "shapes_other_keys": lambda tf: tf.data.Dataset.from_generator(
        lambda: iter([1]), output_types={"a": tf.int32}, output_shapes={"b": ()}),
}


@pytest.mark.parametrize("name", sorted(GENERATOR_ERRORS))
def test_from_generator_errors(oracle, name):
    oracle.check(lambda tf: GENERATOR_ERRORS[name](tf))


@pytest.mark.parametrize("name, message", [
    ("shapes_too_long", "Input structure has length 3, while shallow structure has length 2."),
    ("shapes_a_list", "If shallow structure is a sequence, input must also be a sequence. Input has type: 'list'."),
    ("shapes_other_keys", "Input structure has keys ['b'], while shallow structure has keys ['a']."),
])
def test_from_generator_shapes_not_a_prefix_of_types(oracle, name, message):
    oracle.check(lambda tf: GENERATOR_ERRORS[name](tf), match_message=message)


def test_from_generator_exception_carries_python_traceback(oracle):
    got = oracle.check(GENERATOR_ERRORS["raises"], match_message="ZeroDivisionError: division by zero")
    assert "Traceback (most recent call last)" in got.message
    oracle.check(GENERATOR_ERRORS["wrong_shape"],
                 match_message="`generator` yielded an element of shape (2,) where an element of shape (3,) was "
                               "expected.")


def test_from_generator_elements_before_the_error(oracle):
    def prog(tf):
        def gen():
            yield 1
            yield 2
            raise ValueError("bad element")
        it = iter(tf.data.Dataset.from_generator(gen, output_types=tf.int32))
        out = [next(it).numpy(), next(it).numpy()]
        try:
            next(it)
        except Exception as e:  # noqa: BLE001 - the error class is what is compared
            out.append(type(e).__name__)
        return out
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# list_files
# ------------------------------------------------------------------------------------------------
@pytest.fixture
def text_dir(tmp_path):
    for name in ("b.txt", "a.txt", "c.csv"):
        (tmp_path / name).write_text(name)
    return str(tmp_path)


def test_list_files(oracle, text_dir):
    def prog(tf):
        pattern = os.path.join(text_dir, "*.txt")
        names = lambda ds: [os.path.basename(p) for p in elements(ds)]  # noqa: E731
        return (names(tf.data.Dataset.list_files(pattern, shuffle=False)),
                sorted(names(tf.data.Dataset.list_files(pattern))),
                names(tf.data.Dataset.list_files([pattern, os.path.join(text_dir, "*.csv")], shuffle=False)),
                spec(tf.data.Dataset.list_files(pattern)), card(tf.data.Dataset.list_files(pattern)))
    oracle.check(prog)


def test_list_files_no_match(oracle, text_dir):
    oracle.check(lambda tf: tf.data.Dataset.list_files(os.path.join(text_dir, "*.none")),
                 match_message="No files matched pattern")
