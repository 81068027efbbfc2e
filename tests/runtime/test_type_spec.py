"""Oracle tests for tfcompat/_src/runtime/type_spec.py and data/optional_spec.py: tf.TypeSpec and the composite
specs (reprs, fields, equality, compatibility, common supertypes), tf.type_spec_from_value, and TensorSpec
being a TypeSpec. Every expected value is TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest


def _describe(tf, spec):
    return repr(spec), spec.value_type.__name__ if type(spec).__name__ not in ("OptionalSpec", "NoneTensorSpec") \
        else None, isinstance(spec, tf.TypeSpec)


SPEC_CASES = {
    "sparse": lambda tf: tf.SparseTensorSpec([2, 3], tf.float32),
    "sparse_default": lambda tf: tf.SparseTensorSpec(),
    "ragged": lambda tf: tf.RaggedTensorSpec([2, None], tf.int32),
    "ragged_rank1_of_3": lambda tf: tf.RaggedTensorSpec([2, None, None], tf.int32, ragged_rank=1),
    "ragged_int32_splits": lambda tf: tf.RaggedTensorSpec([None, None], tf.string, row_splits_dtype=tf.int32),
    "indexed_slices": lambda tf: tf.IndexedSlicesSpec([4, 2]),
    "indexed_slices_full": lambda tf: tf.IndexedSlicesSpec([4, 2], tf.float64, tf.int32, tf.int64, [3]),
    "tensor_array": lambda tf: tf.TensorArraySpec([2], tf.int32),
    "tensor_array_dynamic": lambda tf: tf.TensorArraySpec(None, tf.float32, True, False),
    "optional": lambda tf: tf.OptionalSpec(tf.TensorSpec([], tf.int32)),
    "none": lambda tf: tf.NoneTensorSpec(),
    "tensor": lambda tf: tf.TensorSpec([1]),
}


@pytest.mark.parametrize("case", sorted(SPEC_CASES))
def test_spec_repr_and_type(oracle, case):
    oracle.check(lambda tf: _describe(tf, SPEC_CASES[case](tf)))


def test_spec_fields(oracle):
    def prog(tf):
        s = tf.SparseTensorSpec([2, 3], tf.int64)
        r = tf.RaggedTensorSpec([2, None], tf.int32)
        return (s.shape.as_list(), s.dtype.name, r.shape.as_list(), r.dtype.name, r.ragged_rank,
                r.row_splits_dtype.name, r.flat_values_spec, hasattr(tf.OptionalSpec(tf.TensorSpec([2])), "element_spec"),
                issubclass(tf.TensorSpec, tf.TypeSpec), tf.TensorSpec([1]).value_type.__name__)
    oracle.check(prog)


def test_spec_equality_compatibility(oracle):
    def prog(tf):
        st = tf.SparseTensor([[0, 1]], [1.0], [2, 3])
        a, b, c = tf.SparseTensorSpec([2, 3]), tf.SparseTensorSpec([2, 3]), tf.SparseTensorSpec([None, 3])
        return (a == b, a == c, hash(a) == hash(b), a.is_compatible_with(st), c.is_compatible_with(a),
                a.is_compatible_with(tf.SparseTensorSpec([2, 4])), a.is_compatible_with(tf.TensorSpec([2, 3])),
                a.is_subtype_of(c), c.is_subtype_of(a),
                tf.SparseTensorSpec([2, 3], tf.int32).is_compatible_with(a),
                repr(a.most_specific_common_supertype([tf.SparseTensorSpec([2, 4])])),
                repr(a.most_specific_common_supertype([tf.SparseTensorSpec([2])])),
                a.most_specific_common_supertype([tf.SparseTensorSpec([2, 3], tf.int32)]),
                tf.RaggedTensorSpec([2, None], tf.int32) == tf.RaggedTensorSpec([2, None], tf.int32, 1),
                tf.NoneTensorSpec() == tf.NoneTensorSpec())
    oracle.check(prog)


@pytest.mark.parametrize("args", [{"shape": None}, {"shape": [2, 3], "ragged_rank": 2}])
def test_ragged_spec_errors(oracle, args):
    oracle.check(lambda tf: tf.RaggedTensorSpec(**args))


FROM_VALUE_CASES = {
    "sparse": lambda tf: tf.SparseTensor([[0, 1]], [1.0], [2, 3]),
    "ragged": lambda tf: tf.ragged.constant([[1], [2, 3]]),
    "tensor": lambda tf: tf.constant([1, 2]),
    "list": lambda tf: [1, 2],
    "float": lambda tf: 1.5,
    "numpy_f64": lambda tf: np.zeros((2,), np.float64),
    "indexed_slices": lambda tf: tf.IndexedSlices(tf.constant([[1.0]]), tf.constant([0]), tf.constant([3, 1])),
    "none": lambda tf: None,
    "dataset": lambda tf: tf.data.Dataset.range(3),
    "optional": lambda tf: iter(tf.data.Dataset.range(3)).get_next_as_optional(),
    "variable": lambda tf: tf.Variable([1.0, 2.0]),
}


@pytest.mark.parametrize("case", sorted(FROM_VALUE_CASES))
def test_type_spec_from_value(oracle, case):
    oracle.check(lambda tf: repr(tf.type_spec_from_value(FROM_VALUE_CASES[case](tf))))


def test_type_spec_from_value_rejects_object(oracle):
    oracle.check(lambda tf: tf.type_spec_from_value(object), match_message="Could not build a TypeSpec for")


def test_compat_v1_names_are_tf_names(oracle):
    oracle.check(lambda tf: [getattr(tf.compat.v1, n) is getattr(tf, n) for n in (
        "TypeSpec", "SparseTensorSpec", "RaggedTensorSpec", "IndexedSlicesSpec", "TensorArraySpec", "OptionalSpec",
        "NoneTensorSpec", "type_spec_from_value")])
