"""GroupNormalization and UnitNormalization (tfcompat._src.keras.layers.group_normalization) against tf-keras
2.21: forward, gradients, masks, config, errors. Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import config_program, layer_program

L = lambda name, *a, **kw: (lambda tf: getattr(tf.keras.layers, name)(*a, **kw))  # noqa: E731
CASES = {
    "gn_2_groups": (L("GroupNormalization", groups=2), (2, 3, 4)),
    "gn_4d": (L("GroupNormalization", groups=3, epsilon=1e-5), (2, 2, 2, 6)),
    "gn_instance": (L("GroupNormalization", groups=-1), (2, 5, 3)),
    "gn_axis1": (L("GroupNormalization", groups=2, axis=1, center=False), (2, 4, 3)),
    "gn_no_scale": (L("GroupNormalization", groups=1, scale=False), (3, 4)),
    "un_last": (L("UnitNormalization"), (3, 4)),
    "un_two_axes": (L("UnitNormalization", axis=[1, 2]), (2, 3, 4)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    make, shape = CASES[name]
    oracle.check(layer_program(make, shape), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["gn_4d", "un_two_axes"])
def test_config_round_trip(name, oracle):
    make, shape = CASES[name]
    oracle.check(config_program(make, shape))


def test_group_norm_with_mask(oracle):
    def prog(tf):
        x = tf.constant(np.linspace(-2, 3, 24, dtype=np.float32).reshape(2, 3, 4))
        mask = tf.constant([[[1.0], [1.0], [0.0]], [[1.0], [0.0], [0.0]]])
        return tf.keras.layers.GroupNormalization(groups=2)(x, mask=mask)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("groups,message", [(5, "cannot be more than"), (3, "must be a multiple")])
def test_bad_groups(groups, message, oracle):
    oracle.check(lambda tf: tf.keras.layers.GroupNormalization(groups=groups)(tf.zeros((1, 4))),
                 match_message=message)


def test_unit_norm_bad_axis(oracle):
    oracle.check(lambda tf: tf.keras.layers.UnitNormalization(axis="x"), match_message="Invalid value for `axis`")
