"""``tf.config``: re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.config import (
    LogicalDevice, LogicalDeviceConfiguration, PhysicalDevice, experimental, functions_run_eagerly,
    functions_run_eagerly as experimental_functions_run_eagerly, get_logical_device_configuration,
    get_soft_device_placement, get_visible_devices, list_logical_devices, list_physical_devices, optimizer,
    run_functions_eagerly, run_functions_eagerly as experimental_run_functions_eagerly,
    set_logical_device_configuration, set_soft_device_placement, set_visible_devices, threading,
)

__all__ = [
    "LogicalDevice", "LogicalDeviceConfiguration", "PhysicalDevice", "experimental",
    "experimental_functions_run_eagerly", "experimental_run_functions_eagerly", "functions_run_eagerly",
    "get_logical_device_configuration", "get_soft_device_placement", "get_visible_devices",
    "list_logical_devices", "list_physical_devices", "optimizer", "run_functions_eagerly",
    "set_logical_device_configuration", "set_soft_device_placement", "set_visible_devices", "threading",
]

from tfcompat._src.runtime.training.server_lib import experimental_connect_to_cluster  # noqa: E402

__all__ += ["experimental_connect_to_cluster"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.config", __name__)
