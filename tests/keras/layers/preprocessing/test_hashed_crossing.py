"""tf.keras.layers.HashedCrossing (tfcompat._src.keras.layers.preprocessing.hashed_crossing) against tf-keras
2.21: int and one_hot (dense and sparse) outputs for scalar, [batch] and [batch, 1] string/integer inputs,
inside a functional model, config round trip, and the input checks. Expected values: real TF."""
from __future__ import annotations

import pytest

CASES = {
    "strings_batch": (dict(num_bins=5), lambda tf: [tf.constant(["A", "B", "A", "C"]), tf.constant(["x", "y", "x", "z"])]),
    "ints_column": (dict(num_bins=100), lambda tf: [tf.constant([[1], [2], [3]]), tf.constant([[7], [7], [9]], "int64")]),
    "scalars_three": (dict(num_bins=7), lambda tf: [tf.constant("a"), tf.constant(3), tf.constant("q")]),
    "one_hot": (dict(num_bins=4, output_mode="one_hot"), lambda tf: [tf.constant([1, 2]), tf.constant(["u", "v"])]),
    "one_hot_sparse": (dict(num_bins=6, output_mode="one_hot", sparse=True),
                       lambda tf: [tf.constant([[5], [6]]), tf.constant([[1], [1]])]),
    "int32_dtype": (dict(num_bins=9, dtype="int32"), lambda tf: [tf.constant([4, 5]), tf.constant([6, 7])]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_crossing(name, oracle):
    kwargs, inputs = CASES[name]

    def prog(tf):
        layer = tf.keras.layers.HashedCrossing(**kwargs)
        out = layer(inputs(tf))
        config = layer.get_config()
        clone = tf.keras.layers.HashedCrossing.from_config(config)
        if isinstance(out, tf.SparseTensor):
            out = tf.sparse.to_dense(out)
        return out, out.dtype.name, {k: config[k] for k in ("num_bins", "output_mode", "sparse", "dtype")}, \
            clone.get_config() == config
    oracle.check(prog)


def test_in_functional_model(oracle):
    def prog(tf):
        a = tf.keras.Input(shape=(), dtype="string")
        b = tf.keras.Input(shape=(), dtype="int64")
        out = tf.keras.layers.HashedCrossing(num_bins=11, output_mode="one_hot")((a, b))
        model = tf.keras.Model([a, b], out)
        return model.output_shape, model([tf.constant(["p", "q", "p"]), tf.constant([1, 1, 2], "int64")])
    oracle.check(prog)


@pytest.mark.parametrize("case", ["one_input", "not_list", "rank3", "shape_mismatch", "float", "mode", "int_dtype"])
def test_errors(case, oracle):
    def prog(tf):
        make = tf.keras.layers.HashedCrossing
        calls = {"one_input": lambda: make(3)([tf.constant([1])]),
                 "not_list": lambda: make(3)(tf.constant([1])),
                 "rank3": lambda: make(3)([tf.constant([[1, 2]]), tf.constant([[1, 2]])]),
                 "shape_mismatch": lambda: make(3)([tf.constant([1, 2]), tf.constant([1])]),
                 "float": lambda: make(3)([tf.constant([1.0]), tf.constant([2.0])]),
                 "mode": lambda: make(3, output_mode="multi_hot"),
                 "int_dtype": lambda: make(3, dtype="float32")}
        return calls[case]()
    oracle.check(prog, match_message="")
