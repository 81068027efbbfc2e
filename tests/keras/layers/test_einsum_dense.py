"""tf.keras.layers.EinsumDense (tfcompat._src.keras.layers.einsum_dense) against tf-keras 2.21: kernel/bias shapes
derived from the equation (plain, left- and right-elided forms), forward, gradients, config, errors. Expected
values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.layers.programs import config_program, layer_program

CASES = {
    "plain_ab_bc": (lambda tf: tf.keras.layers.EinsumDense("ab,bc->ac", output_shape=4, bias_axes="c"), (3, 5)),
    "3d_no_bias": (lambda tf: tf.keras.layers.EinsumDense("abc,cd->abd", output_shape=(None, 4)), (2, 3, 5)),
    "heads": (lambda tf: tf.keras.layers.EinsumDense("abc,cde->abde", output_shape=(None, 2, 3), bias_axes="de"),
              (2, 4, 5)),
    "left_elided": (lambda tf: tf.keras.layers.EinsumDense("...b,bc->...c", output_shape=4, bias_axes="c",
                                                          activation="relu"), (2, 3, 5)),
    "right_elided": (lambda tf: tf.keras.layers.EinsumDense("abc...,cd->abd...", output_shape=(None, 4),
                                                           bias_axes="d"), (2, 3, 5, 2)),
    "experimental_alias": (lambda tf: tf.keras.layers.experimental.EinsumDense("ab,bc->ac", output_shape=2),
                           (3, 4)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    make, shape = CASES[name]
    oracle.check(layer_program(make, shape), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["heads", "left_elided"])
def test_config_round_trip(name, oracle):
    make, shape = CASES[name]
    oracle.check(config_program(make, shape))


@pytest.mark.parametrize("equation,bias_axes,message", [
    ("ab,bc->ad", None, "has no corresponding dim"), ("ab,bcd->ac", None, "did not have a match"),
    ("ab,bc->ac", "x", "Bias dimension 'x'"), ("a,b,c->d", None, "Invalid einsum equation"),
    ("ab,bc->ab", None, "do not match at shared dimension")])
def test_bad_equations_raise(equation, bias_axes, message, oracle):
    def prog(tf):
        layer = tf.keras.layers.EinsumDense(equation, output_shape=3, bias_axes=bias_axes)
        return layer(tf.zeros((2, 4))).shape
    oracle.check(prog, match_message=message)
