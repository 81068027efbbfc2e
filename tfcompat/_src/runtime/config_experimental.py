"""More of ``tf.config.experimental``: op determinism, TensorFloat-32, synchronous execution, the device policy
and device memory statistics, with the answers TF gives on a CPU (memory statistics exist for CUDA devices only,
from torch's caching allocator)."""
from __future__ import annotations

import re
import warnings

import torch

__all__ = ["enable_op_determinism", "enable_tensor_float_32_execution", "tensor_float_32_execution_enabled",
           "get_synchronous_execution", "set_synchronous_execution", "get_device_policy", "set_device_policy",
           "get_memory_info", "get_memory_usage", "reset_memory_stats"]

_DEVICE_POLICIES = ("warn", "explicit", "silent", "silent_for_int32")
_state = {"synchronous": True, "device_policy": "silent"}


def enable_op_determinism() -> None:
    """Mirrors ``tf.config.experimental.enable_op_determinism``: ``torch.use_deterministic_algorithms(True)``
    (as in TF, an op with no deterministic implementation then raises when it runs)."""
    torch.use_deterministic_algorithms(True)


def enable_tensor_float_32_execution(enabled: bool) -> None:
    """Mirrors ``tf.config.experimental.enable_tensor_float_32_execution``: torch's TF32 switches for CUDA
    matmuls and convolutions."""
    torch.backends.cuda.matmul.allow_tf32 = bool(enabled)
    torch.backends.cudnn.allow_tf32 = bool(enabled)


def tensor_float_32_execution_enabled() -> bool:
    """Mirrors ``tf.config.experimental.tensor_float_32_execution_enabled``: whether CUDA matmuls may use
    TF32. Known difference: TF's default is True; torch's (and so tfcompat's) is False until enabled."""
    return bool(torch.backends.cuda.matmul.allow_tf32)


def get_synchronous_execution() -> bool:
    """Mirrors ``tf.config.experimental.get_synchronous_execution`` (True unless set)."""
    return _state["synchronous"]


def set_synchronous_execution(enable: bool) -> None:
    """Mirrors ``tf.config.experimental.set_synchronous_execution``: recorded; eager ops always finish before
    returning on the CPU (torch's CUDA ops stay asynchronous as torch runs them)."""
    _state["synchronous"] = bool(enable)


def get_device_policy() -> str:
    """Mirrors ``tf.config.experimental.get_device_policy`` ('silent' unless set)."""
    return _state["device_policy"]


def set_device_policy(device_policy) -> None:
    """Mirrors ``tf.config.experimental.set_device_policy`` (None restores 'silent'); recorded: tensors are
    copied between devices as torch needs them."""
    if device_policy is None:
        device_policy = "silent"
    if device_policy not in _DEVICE_POLICIES:
        raise ValueError(f"Invalid argument `device_policy`: {device_policy!r}. Please refer to "
                         f"https://www.tensorflow.org/api_docs/python/tf/config/experimental/set_device_policy for "
                         f"valid `device_policy` arguments.")
    _state["device_policy"] = device_policy


def _cuda_index(device: str, what: str) -> int:
    """The CUDA device index of a TF device string ('GPU:0', '/device:GPU:1'); ValueError as TF for others."""
    m = re.search(r"(?:^|/device:|/)(CPU|GPU|TPU|cpu|gpu|tpu):(\d+)$", str(device))
    kind, index = (m.group(1).upper(), int(m.group(2))) if m else (None, None)
    if kind == "GPU" and torch.cuda.is_available() and index < torch.cuda.device_count():
        return index
    if kind == "CPU" and index == 0:
        raise ValueError(what.format(device=device))
    raise ValueError(f"No matching devices found for '{device}'")


def get_memory_info(device: str) -> dict:
    """Mirrors ``tf.config.experimental.get_memory_info``: {'current', 'peak'} bytes of a GPU (torch's
    allocator); TF has no allocator statistics for the CPU (ValueError)."""
    i = _cuda_index(device, "Allocator stats not available for device '{device}'")
    return {"current": torch.cuda.memory_allocated(i), "peak": torch.cuda.max_memory_allocated(i)}


def get_memory_usage(device: str) -> int:
    """Mirrors the deprecated ``tf.config.experimental.get_memory_usage``: ``get_memory_info(device)['current']``."""
    warnings.warn("get_memory_usage (from tensorflow.python.framework.config) is deprecated and will be removed "
                  "in a future version. Use tf.config.experimental.get_memory_info(device)['current'] instead.",
                  DeprecationWarning, stacklevel=2)
    return get_memory_info(device)["current"]


def reset_memory_stats(device: str) -> None:
    """Mirrors ``tf.config.experimental.reset_memory_stats``: resets a GPU's peak (ValueError on the CPU, as
    TF)."""
    i = _cuda_index(device, "Cannot reset memory stats for device '{device}'")
    torch.cuda.reset_peak_memory_stats(i)
