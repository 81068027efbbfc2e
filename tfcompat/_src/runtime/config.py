"""``tf.config``: devices as TF lists them (torch's CPU, CUDA GPUs, an MPS device listed as a GPU), thread
settings (torch's), ``run_functions_eagerly``; memory-growth and virtual-device settings are accepted and have
no effect (torch allocates GPU memory on demand)."""
from __future__ import annotations

import collections
import logging
from types import SimpleNamespace

import torch

from tfcompat._src.runtime import compiled_plan
from tfcompat._src.runtime import config_experimental
from tfcompat._src.runtime import function as function_lib
from tfcompat._src.runtime import thread_fitting

__all__ = ["PhysicalDevice", "LogicalDevice", "LogicalDeviceConfiguration", "list_physical_devices",
           "list_logical_devices", "get_visible_devices", "set_visible_devices", "set_memory_growth",
           "get_memory_growth", "set_logical_device_configuration", "get_logical_device_configuration",
           "get_device_details", "set_inter_op_parallelism_threads", "set_intra_op_parallelism_threads",
           "get_inter_op_parallelism_threads", "get_intra_op_parallelism_threads", "run_functions_eagerly",
           "functions_run_eagerly", "set_soft_device_placement", "get_soft_device_placement",
           "experimental", "threading", "optimizer", "DeviceAttributes", "list_local_devices"]

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
PhysicalDevice.__doc__ = "Mirrors ``tf.config.PhysicalDevice``."
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])
LogicalDevice.__doc__ = "Mirrors ``tf.config.LogicalDevice``."


class LogicalDeviceConfiguration(collections.namedtuple("LogicalDeviceConfiguration",
                                                        ["memory_limit", "experimental_priority",
                                                         "experimental_device_ordinal"])):
    """Mirrors ``tf.config.LogicalDeviceConfiguration`` (accepted; no effect)."""

    def __new__(cls, memory_limit=None, experimental_priority=None, experimental_device_ordinal=None):
        return super().__new__(cls, memory_limit, experimental_priority, experimental_device_ordinal)


_settings = {"visible": None, "memory_growth": {}, "logical_config": {}, "inter_op": 0, "intra_op": 0,
             "soft_placement": True, "optimizer_options": {}}


def _gpu_count() -> int:
    if torch.cuda.is_available():
        return torch.cuda.device_count()
    mps = getattr(torch.backends, "mps", None)
    return 1 if mps is not None and mps.is_available() else 0


def _all_physical():
    return [PhysicalDevice("/physical_device:CPU:0", "CPU")] + [
        PhysicalDevice(f"/physical_device:GPU:{i}", "GPU") for i in range(_gpu_count())]


def _matches(device_type, kind) -> bool:
    return device_type is None or device_type.upper() == kind


def list_physical_devices(device_type: str | None = None) -> list:
    """Mirrors ``tf.config.list_physical_devices``: CPU:0, plus GPU:i per CUDA device (or GPU:0 for MPS)."""
    return [d for d in _all_physical() if _matches(device_type, d.device_type)]


def get_visible_devices(device_type: str | None = None) -> list:
    """Mirrors ``tf.config.get_visible_devices``."""
    visible = _settings["visible"] if _settings["visible"] is not None else _all_physical()
    return [d for d in visible if _matches(device_type, d.device_type)]


def set_visible_devices(devices, device_type: str | None = None) -> None:
    """Mirrors ``tf.config.set_visible_devices``: recorded for ``get_visible_devices``/
    ``list_logical_devices``; torch placement is unchanged (use ``CUDA_VISIBLE_DEVICES`` to hide GPUs)."""
    if isinstance(devices, PhysicalDevice):
        devices = [devices]
    devices = list(devices)
    current = get_visible_devices()
    keep = [d for d in current if device_type is not None and not _matches(device_type, d.device_type)]
    _settings["visible"] = keep + devices if device_type is not None else devices
    if not any(d.device_type == "CPU" for d in _settings["visible"]):
        _settings["visible"].insert(0, PhysicalDevice("/physical_device:CPU:0", "CPU"))


def list_logical_devices(device_type: str | None = None) -> list:
    """Mirrors ``tf.config.list_logical_devices``: one logical device per visible physical device."""
    out = []
    counters = collections.Counter()
    for d in get_visible_devices(device_type):
        out.append(LogicalDevice(f"/device:{d.device_type}:{counters[d.device_type]}", d.device_type))
        counters[d.device_type] += 1
    return out


def set_memory_growth(device, enable: bool) -> None:
    """Mirrors ``tf.config.experimental.set_memory_growth``; recorded, no effect (torch grows on demand)."""
    if not isinstance(device, PhysicalDevice):
        raise ValueError(f"Unrecognized device: {device!r}")
    _settings["memory_growth"][device.name] = bool(enable)


def get_memory_growth(device) -> bool:
    """Mirrors ``tf.config.experimental.get_memory_growth``."""
    return _settings["memory_growth"].get(getattr(device, "name", device), False)


def set_logical_device_configuration(device, logical_devices) -> None:
    """Mirrors ``tf.config.set_logical_device_configuration``; recorded, no effect."""
    _settings["logical_config"][device.name] = logical_devices


def get_logical_device_configuration(device):
    """Mirrors ``tf.config.get_logical_device_configuration``."""
    return _settings["logical_config"].get(device.name)


def get_device_details(device) -> dict:
    """Mirrors ``tf.config.experimental.get_device_details``: ``device_name`` for GPUs (torch's name)."""
    if device.device_type == "GPU" and torch.cuda.is_available():
        return {"device_name": torch.cuda.get_device_name(int(device.name.rsplit(":", 1)[1]))}
    return {}


def set_inter_op_parallelism_threads(num_threads: int) -> None:
    """Mirrors ``tf.config.threading.set_inter_op_parallelism_threads`` (torch's interop threads; 0 = default)."""
    _settings["inter_op"] = int(num_threads)
    if num_threads > 0:
        try:
            torch.set_num_interop_threads(int(num_threads))
        except RuntimeError as e:  # torch allows it only before the first parallel work
            logging.getLogger("tfcompat").warning("inter-op threads not changed: %s", e)


def set_intra_op_parallelism_threads(num_threads: int) -> None:
    """Mirrors ``tf.config.threading.set_intra_op_parallelism_threads`` (``torch.set_num_threads``)."""
    _settings["intra_op"] = int(num_threads)
    if num_threads > 0:
        thread_fitting.disable()
        torch.set_num_threads(int(num_threads))


def apply_session_threads(config) -> None:
    """A Session's ``ConfigProto(intra_op_parallelism_threads=n)``: TF gives the session an intra-op pool of n
    threads; torch has one process-wide pool, so a positive n sets it (``torch.set_num_threads``) and 0 keeps
    it. ``inter_op_parallelism_threads`` has no counterpart: a plan runs its ops in order on the calling
    thread. ``tf.config.threading``'s getters are unchanged, as in TF."""
    intra = int(getattr(config, "intra_op_parallelism_threads", 0) or 0) if config is not None else 0
    if intra > 0:
        thread_fitting.disable()
        if torch.get_num_threads() != intra:
            torch.set_num_threads(intra)


def get_inter_op_parallelism_threads() -> int:
    """Mirrors ``tf.config.threading.get_inter_op_parallelism_threads`` (0 until set, as TF)."""
    return _settings["inter_op"]


def get_intra_op_parallelism_threads() -> int:
    """Mirrors ``tf.config.threading.get_intra_op_parallelism_threads`` (0 until set, as TF)."""
    return _settings["intra_op"]


def run_functions_eagerly(run_eagerly: bool) -> None:
    """Mirrors ``tf.config.run_functions_eagerly``: ``tf.function`` calls the Python function directly."""
    function_lib.RUN_FUNCTIONS_EAGERLY[0] = bool(run_eagerly)


def functions_run_eagerly() -> bool:
    """Mirrors ``tf.config.functions_run_eagerly``."""
    return function_lib.RUN_FUNCTIONS_EAGERLY[0]


def set_soft_device_placement(enabled: bool) -> None:
    """Mirrors ``tf.config.set_soft_device_placement`` (recorded)."""
    _settings["soft_placement"] = bool(enabled)


def get_soft_device_placement() -> bool:
    """Mirrors ``tf.config.get_soft_device_placement``."""
    return _settings["soft_placement"]


def _set_jit(enabled) -> None:
    """Mirrors ``tf.config.optimizer.set_jit``: ``True``/``'autoclustering'`` compile every tf.function without
    ``jit_compile=False`` (and Sessions at the default jit level) through torch.compile
    (runtime/compiled_plan.py); anything else turns it off."""
    compiled_plan.jit_settings["autoclustering"] = enabled is True or enabled == "autoclustering"


def _get_jit() -> str:
    """Mirrors ``tf.config.optimizer.get_jit``: ``'autoclustering'`` or ``''``."""
    return "autoclustering" if compiled_plan.jit_settings["autoclustering"] else ""


def _set_optimizer_options(options) -> None:
    _settings["optimizer_options"].update(options)


# TF's sub-namespaces: tf.config.experimental, tf.config.threading, tf.config.optimizer.
experimental = SimpleNamespace(
    list_physical_devices=list_physical_devices, list_logical_devices=list_logical_devices,
    get_visible_devices=get_visible_devices, set_visible_devices=set_visible_devices,
    set_memory_growth=set_memory_growth, get_memory_growth=get_memory_growth,
    set_virtual_device_configuration=set_logical_device_configuration,
    get_virtual_device_configuration=get_logical_device_configuration,
    VirtualDeviceConfiguration=LogicalDeviceConfiguration, get_device_details=get_device_details,
    enable_mlir_bridge=lambda: None, disable_mlir_bridge=lambda: None,
    **{name: getattr(config_experimental, name) for name in config_experimental.__all__})
threading = SimpleNamespace(
    set_inter_op_parallelism_threads=set_inter_op_parallelism_threads,
    set_intra_op_parallelism_threads=set_intra_op_parallelism_threads,
    get_inter_op_parallelism_threads=get_inter_op_parallelism_threads,
    get_intra_op_parallelism_threads=get_intra_op_parallelism_threads)
optimizer = SimpleNamespace(
    set_jit=_set_jit, get_jit=_get_jit, set_experimental_options=_set_optimizer_options,
    get_experimental_options=lambda: dict(_settings["optimizer_options"]))


class DeviceAttributes:
    """What ``tensorflow.python.client.device_lib.list_local_devices`` returns per device."""

    def __init__(self, name, device_type, memory_limit=0, physical_device_desc=""):
        self.name, self.device_type, self.memory_limit = name, device_type, memory_limit
        self.physical_device_desc, self.incarnation, self.locality = physical_device_desc, 0, None

    def __repr__(self):
        return (f'name: "{self.name}"\ndevice_type: "{self.device_type}"\nmemory_limit: {self.memory_limit}\n'
                f'physical_device_desc: "{self.physical_device_desc}"')


def list_local_devices(session_config=None) -> list:
    """Mirrors ``tensorflow.python.client.device_lib.list_local_devices``."""
    out = [DeviceAttributes("/device:CPU:0", "CPU", 268435456)]
    for i in range(_gpu_count()):
        if torch.cuda.is_available():
            props = torch.cuda.get_device_properties(i)
            out.append(DeviceAttributes(f"/device:GPU:{i}", "GPU", props.total_memory, f"device: {i}, name: "
                                                                                       f"{props.name}"))
        else:
            out.append(DeviceAttributes(f"/device:GPU:{i}", "GPU", 0, "device: 0, name: mps"))
    return out
