"""tf.keras.applications.nasnet (tfcompat._src.keras.applications.nasnet) against tf-keras 2.21: NASNetMobile's
structure (normal/reduction cells, automatically named layers) and summary text; outputs with fixed weights ('tf'
preprocessing) of a small configuration of the same builder; argument errors. Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import builder_program, summary_program


def test_nasnet_mobile_structure_and_summary(oracle):
    oracle.check(summary_program("nasnet", "NASNetMobile", dict(input_shape=(32, 32, 3), weights=None,
                                                                include_top=False)))


def test_nasnet_outputs_match_tf_keras(oracle):
    """The builder behind NASNetMobile/Large with one normal cell per stage and 8 penultimate filters per cell,
    wired as NASNetLarge (``skip_reduction``; NASNetMobile's wiring is in the structure test above)."""
    oracle.check(builder_program("nasnet", "NASNet", dict(
        input_shape=(32, 32, 3), penultimate_filters=192, num_blocks=1, stem_block_filters=8,
        skip_reduction=True, weights=None, classes=3, default_size=224), (2, 32, 32, 3)),
        rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("kwargs", [dict(weights="imagenet", input_shape=(None, None, 3), include_top=False),
                                    dict(weights="imagenet", classes=10),
                                    dict(weights=None, input_shape=(32, 32, 3), penultimate_filters=100)],
                         ids=["dynamic_shape", "classes", "penultimate_filters"])
def test_argument_errors(oracle, kwargs):
    def prog(tf):
        tf.keras.backend.clear_session()
        if "penultimate_filters" in kwargs:
            import importlib
            package = "tf_keras.src" if tf.__name__.startswith("tensorflow") else "tfcompat._src.keras"
            return importlib.import_module(f"{package}.applications.nasnet").NASNet(**kwargs).name
        return tf.keras.applications.NASNetMobile(**kwargs).name
    oracle.check(prog)
