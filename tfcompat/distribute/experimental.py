"""``tf.distribute.experimental``: re-exports only."""
from __future__ import annotations

from tfcompat._src.distribute.collective_util import (
    CollectiveCommunication, CollectiveHints, CommunicationImplementation, CommunicationOptions,
)
from tfcompat._src.distribute.distribute_lib import ValueContext
from tfcompat._src.distribute.strategies import CentralStorageStrategy
from tfcompat._src.distribute.strategies import (
    CollectiveAllReduceStrategyExperimental as MultiWorkerMirroredStrategy,
)

__all__ = ["CentralStorageStrategy", "CollectiveCommunication", "CollectiveHints", "CommunicationImplementation",
           "CommunicationOptions", "MultiWorkerMirroredStrategy", "ValueContext"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.distribute.experimental", __name__)
