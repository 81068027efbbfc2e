"""Conv1DTranspose, Conv3DTranspose, DepthwiseConv1D (tfcompat._src.keras.layers.conv_transpose) against tf-keras
2.21: forward, gradients, weight layout, config round trip, output shapes. Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.layers.programs import config_program, layer_program

L = lambda name, *a, **kw: (lambda tf: getattr(tf.keras.layers, name)(*a, **kw))  # noqa: E731
CASES = {
    "c1t_valid": (L("Conv1DTranspose", 3, 2), (2, 5, 4)),
    "c1t_same_stride2": (L("Conv1DTranspose", 2, 3, strides=2, padding="same", activation="relu"), (2, 4, 3)),
    "c1t_output_padding": (L("Conv1DTranspose", 2, 3, strides=3, output_padding=1), (1, 4, 2)),
    "c1t_dilation": (L("Conv1DTranspose", 2, 2, dilation_rate=2, use_bias=False), (2, 5, 3)),
    "c1t_alias": (L("Convolution1DTranspose", 2, 2), (1, 3, 2)),
    "c3t_valid": (L("Conv3DTranspose", 2, 2), (1, 3, 3, 2, 2)),
    "c3t_same_stride": (L("Conv3DTranspose", 2, (2, 3, 2), strides=(2, 1, 2), padding="same"), (1, 2, 3, 2, 3)),
    "c3t_alias": (L("Convolution3DTranspose", 1, 2, output_padding=(1, 0, 1), strides=2), (1, 2, 2, 2, 1)),
    "dw1_valid": (L("DepthwiseConv1D", 3), (2, 6, 3)),
    "dw1_multiplier_same": (L("DepthwiseConv1D", 2, depth_multiplier=2, padding="same", activation="tanh"),
                            (2, 5, 2)),
    "dw1_strides": (L("DepthwiseConv1D", 2, strides=2), (1, 7, 2)),
    "dw1_dilation": (L("DepthwiseConv1D", 2, dilation_rate=2, use_bias=False), (1, 7, 2)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    make, shape = CASES[name]
    oracle.check(layer_program(make, shape), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["c1t_output_padding", "c3t_same_stride", "dw1_multiplier_same"])
def test_config_round_trip(name, oracle):
    make, shape = CASES[name]
    oracle.check(config_program(make, shape))


@pytest.mark.parametrize("name", ["c1t_same_stride2", "c3t_alias", "dw1_strides"])
def test_functional_output_shape(name, oracle):
    make, shape = CASES[name]

    def prog(tf):
        tf.keras.backend.clear_session()
        return make(tf)(tf.keras.Input(shape[1:])).shape
    oracle.check(prog)


def test_output_padding_must_be_below_stride(oracle):
    oracle.check(lambda tf: tf.keras.layers.Conv1DTranspose(2, 3, strides=2, output_padding=2),
                 match_message="Strides must be greater than output padding")
