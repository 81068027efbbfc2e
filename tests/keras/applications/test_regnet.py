"""tf.keras.applications.regnet (tfcompat._src.keras.applications.regnet) against tf-keras 2.21: RegNetX002's
structure with its counter-named logits head, RegNetY002's structure and summary text (grouped convolutions,
operator add/multiply layers); outputs with fixed weights of small X and Y configurations of the same builder.
Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import builder_program, summary_program


@pytest.mark.parametrize("constructor, kwargs", [
    ("RegNetX002", dict(input_shape=(32, 32, 3), weights=None, classes=3)),
    ("RegNetY002", dict(input_shape=(32, 32, 3), weights=None, include_top=False)),
], ids=["x002_top", "y002"])
def test_regnet_structure_and_summary(oracle, constructor, kwargs):
    oracle.check(summary_program("regnet", constructor, kwargs))


@pytest.mark.parametrize("block_type, kwargs", [("X", dict(classes=3)), ("Y", dict(include_top=False,
                                                                                   pooling="max"))])
def test_regnet_outputs_match_tf_keras(oracle, block_type, kwargs):
    """The builder behind every variant at widths 8-32 (group width 8)."""
    oracle.check(builder_program("regnet", "RegNet", dict(
        depths=[1, 2, 1, 1], widths=[8, 16, 24, 32], group_width=8, block_type=block_type, default_size=224,
        model_name="regnet_mini", weights=None, input_shape=(32, 32, 3), **kwargs), (2, 32, 32, 3),
        gradient=True), rtol=2e-4, atol=2e-5)
