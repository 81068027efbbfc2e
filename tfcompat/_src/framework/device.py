"""TF device strings mapped to torch devices; TF's default placement (GPU when available, else CPU)."""
from __future__ import annotations

import functools
import os
import re

import torch

__all__ = ["parse_device", "default_device", "DeviceSpec"]

# '/job:localhost/replica:0/task:0/device:GPU:1', '/GPU:0', '/cpu:0', 'gpu', 'CPU:0', '/device:CPU:0'
_DEVICE_RE = re.compile(r"(?:^|/)(?:device:)?(?P<type>[A-Za-z_]+):?(?P<index>\d+)?$")
_TF_TO_TORCH_TYPE = {"cpu": "cpu", "gpu": "cuda", "cuda": "cuda", "mps": "mps", "xla_gpu": "cuda", "xla_cpu": "cpu"}


class DeviceSpec:
    """Mirrors ``tf.DeviceSpec`` (device_type and device_index only)."""

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self.job, self.replica, self.task = job, replica, task
        self.device_type, self.device_index = device_type, device_index

    @classmethod
    def from_string(cls, spec: str) -> "DeviceSpec":
        parts = {}
        for piece in filter(None, spec.split("/")):
            if ":" in piece:
                key, _, val = piece.partition(":")
                if key in ("job", "replica", "task"):
                    parts[key] = val
                    continue
        m = _DEVICE_RE.search(spec.strip()) if spec else None
        dtype = m.group("type").upper() if m and m.group("type").lower() in _TF_TO_TORCH_TYPE else None
        idx = int(m.group("index")) if m and m.group("index") else None
        return cls(parts.get("job"), parts.get("replica"), parts.get("task"), dtype, idx)

    def to_string(self) -> str:
        s = ""
        if self.job is not None:
            s += f"/job:{self.job}"
        if self.replica is not None:
            s += f"/replica:{self.replica}"
        if self.task is not None:
            s += f"/task:{self.task}"
        if self.device_type is not None:
            s += f"/device:{self.device_type}:{'*' if self.device_index is None else self.device_index}"
        return s


@functools.lru_cache(maxsize=64)
def parse_device(spec) -> torch.device | None:
    """Maps a TF device string to a torch device; ``None``/'' means "no preference"."""
    if spec is None:
        return None
    if isinstance(spec, torch.device):
        return spec
    spec = str(spec).strip()
    if not spec:
        return None
    m = _DEVICE_RE.search(spec)
    if m is None:
        if "/job:" in spec or "/replica:" in spec or "/task:" in spec:
            return None
        raise ValueError(f"Unknown device specification {spec!r}; expected e.g. '/GPU:0' or '/cpu:0'.")
    kind = m.group("type").lower()
    if kind not in _TF_TO_TORCH_TYPE:
        raise ValueError(f"Unknown device type {m.group('type')!r} in {spec!r}.")
    torch_type = _TF_TO_TORCH_TYPE[kind]
    index = int(m.group("index") or 0)
    if torch_type == "cuda" and not torch.cuda.is_available():
        if torch.backends.mps.is_available():
            return torch.device("mps")
        # TF with soft placement (the default) silently falls back to CPU when no GPU exists.
        return torch.device("cpu")
    if torch_type == "cpu":
        return torch.device("cpu")
    return torch.device(torch_type, index)


@functools.lru_cache(maxsize=1)
def default_device() -> torch.device:
    """TF places ops on the first GPU when one is available, else on the CPU.

    ``TFCOMPAT_DEVICE`` overrides it (e.g. ``cpu`` to keep a CUDA machine's tests on the CPU)."""
    env = os.environ.get("TFCOMPAT_DEVICE")
    if env:
        return parse_device(env) or torch.device("cpu")
    if torch.cuda.is_available():
        return torch.device("cuda", 0)
    return torch.device("cpu")


def device_name(dev: torch.device) -> str:
    """TF's fully qualified name of a torch device."""
    kind = "GPU" if dev.type in ("cuda", "mps") else "CPU"
    return f"/job:localhost/replica:0/task:0/device:{kind}:{dev.index or 0}"
