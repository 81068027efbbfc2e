"""tf.keras.applications.convnext (tfcompat._src.keras.applications.convnext) against tf-keras 2.21: ConvNeXtTiny's
structure (Sequential stem/downsampling blocks, LayerScale, operator-add layers, the headless LayerNormalization
tail) and summary text; outputs with fixed weights on raw pixels (normalisation in the model) of a small
configuration of the same builder; argument errors. Expected values: real TF."""
from __future__ import annotations

from tests.keras.applications.programs import builder_program, summary_program


def test_convnext_tiny_structure_and_summary(oracle):
    oracle.check(summary_program("convnext", "ConvNeXtTiny", dict(input_shape=(32, 32, 3), weights=None,
                                                                  include_top=False, pooling="max")))


def test_convnext_outputs_match_tf_keras(oracle):
    """The builder behind ConvNeXtTiny..XLarge at 1-2 blocks per stage and widths 8-32, with its top."""
    oracle.check(builder_program("convnext", "ConvNeXt", dict(depths=[1, 1, 2, 1], projection_dims=[8, 16, 24, 32],
                                                              model_name="convnext_mini", input_shape=(32, 32, 3),
                                                              classes=3), (2, 32, 32, 3), gradient=True),
                 rtol=2e-4, atol=2e-5)


def test_argument_errors(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.ConvNeXtTiny(weights="imagenet", classes=10).name
    oracle.check(prog)
