"""tf.keras.applications.resnet_rs (tfcompat._src.keras.applications.resnet_rs) against tf-keras 2.21: the
structure and summary text of a small configuration of the builder behind ResNetRS50..420 (ResNet-D stem, SE
bottlenecks with drop-connect, in-model normalisation) and its outputs with fixed weights; the ImageNet
weight-variant checks. ResNetRS50 itself is not built here: its 34M truncated-normal initial values take tfcompat
~10 s. Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.applications.programs import builder_program

_SMALL = dict(depth=50, block_args=[{"input_filters": 4, "num_repeats": 2}, {"input_filters": 8, "num_repeats": 1},
                                    {"input_filters": 8, "num_repeats": 2}, {"input_filters": 8, "num_repeats": 1}],
              weights=None, input_shape=(32, 32, 3), model_name="resnet-rs-mini")


@pytest.mark.parametrize("kwargs", [dict(classes=3, drop_connect_rate=0.2), dict(include_top=False, pooling="avg")],
                         ids=["top_drop_connect", "avg"])
def test_resnet_rs_outputs_match_tf_keras(oracle, kwargs):
    oracle.check(builder_program("resnet_rs", "ResNetRS", dict(_SMALL, **kwargs), (2, 32, 32, 3)),
                 rtol=2e-4, atol=2e-5)


def test_resnet_rs_summary(oracle):
    def prog(tf):
        import importlib
        tf.keras.backend.clear_session()
        package = "tf_keras.src" if tf.__name__.startswith("tensorflow") else "tfcompat._src.keras"
        model = importlib.import_module(f"{package}.applications.resnet_rs").ResNetRS(**_SMALL, include_top=False)
        lines = []
        model.summary(line_length=110, print_fn=lines.append)
        return lines
    oracle.check(prog)


@pytest.mark.parametrize("kwargs", [dict(weights="imagenet-i224"), dict(weights="imagenet", classes=10)],
                         ids=["unknown_variant", "classes"])
def test_argument_errors(oracle, kwargs):
    def prog(tf):
        tf.keras.backend.clear_session()
        return tf.keras.applications.ResNetRS50(**kwargs).name
    oracle.check(prog)
