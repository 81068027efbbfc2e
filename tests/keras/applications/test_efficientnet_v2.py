"""tf.keras.applications.efficientnet_v2 (tfcompat._src.keras.applications.efficientnet_v2) against tf-keras 2.21:
EfficientNetV2B0's structure (Fused-MBConv and MBConv blocks, in-model Rescaling/Normalization) and summary text;
outputs with fixed weights of small configurations of the same builder (B and S stages, the S variant's [-1, 1]
rescaling); argument errors. Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import builder_program, summary_program


def test_efficientnet_v2_b0_structure_and_summary(oracle):
    oracle.check(summary_program("efficientnet_v2", "EfficientNetV2B0", dict(input_shape=(32, 32, 3), weights=None,
                                                                             include_top=False, pooling="avg")))


@pytest.mark.parametrize("model_name, depth", [("efficientnetv2-b0", 0.5), ("efficientnetv2-s", 0.25)])
def test_efficientnet_v2_outputs_match_tf_keras(oracle, model_name, depth):
    """The builder behind every variant at a quarter of the width and a fraction of the depth (still with
    repeated blocks: residuals, drop-connect Dropout), with its top."""
    oracle.check(builder_program("efficientnet_v2", "EfficientNetV2", dict(
        width_coefficient=0.25, depth_coefficient=depth, default_size=32, model_name=model_name, weights=None,
        input_shape=(32, 32, 3), classes=3), (2, 32, 32, 3)), rtol=2e-4, atol=2e-5)


def test_argument_errors(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.EfficientNetV2B0(weights="imagenet", input_shape=(16, 16, 3),
                                                      include_top=False).name
    oracle.check(prog)
