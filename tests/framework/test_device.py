"""Device strings map to torch devices; TF's soft placement falls back to the CPU when no GPU exists."""
from __future__ import annotations

import pytest
import torch

from tfcompat._src.framework.device import DeviceSpec, device_name, parse_device


@pytest.mark.parametrize("spec", ["/cpu:0", "/CPU:0", "cpu", "/device:CPU:0",
                                  "/job:localhost/replica:0/task:0/device:CPU:0"])
def test_cpu_strings(spec):
    assert parse_device(spec) == torch.device("cpu")


@pytest.mark.parametrize("spec", ["/GPU:0", "/gpu:0", "/device:GPU:1", "GPU"])
def test_gpu_strings_map_to_cuda_or_fall_back(spec):
    dev = parse_device(spec)
    if torch.cuda.is_available():
        assert dev.type == "cuda"
    elif torch.backends.mps.is_available():
        assert dev.type == "mps"
    else:
        assert dev == torch.device("cpu")  # TF's soft placement


def test_empty_and_none_mean_no_preference():
    assert parse_device("") is None
    assert parse_device(None) is None


def test_bad_device_type_raises():
    with pytest.raises(ValueError):
        parse_device("/TPUX:0")


def test_device_spec_round_trip():
    spec = DeviceSpec.from_string("/job:localhost/replica:0/task:0/device:GPU:1")
    assert (spec.job, spec.device_type, spec.device_index) == ("localhost", "GPU", 1)
    assert spec.to_string() == "/job:localhost/replica:0/task:0/device:GPU:1"


def test_eager_tensor_reports_tf_device_name(tfc):
    x = tfc.constant(1.0)
    assert x.device == device_name(x._t.device)
    with tfc.device("/cpu:0"):
        y = tfc.constant(2.0) * x
    assert y._t.device.type == "cpu"
    assert y.device.endswith("device:CPU:0")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_placement_and_results_stay_on_device(tfc):
    with tfc.device("/GPU:0"):
        a = tfc.constant([[1.0, 2.0], [3.0, 4.0]])
        b = tfc.matmul(a, a)
    assert b._t.device.type == "cuda"
    assert b.device.endswith("device:GPU:0")
    with tfc.GradientTape() as tape:
        tape.watch(a)
        y = tfc.reduce_sum(tfc.matmul(a, a))
    g = tape.gradient(y, a)
    assert g._t.device.type == "cuda"
