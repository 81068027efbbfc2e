"""``tf.distribute.experimental.CommunicationImplementation``/``CommunicationOptions`` (and the deprecated
``CollectiveCommunication``/``CollectiveHints``): accepted and validated; one worker never communicates."""
from __future__ import annotations

import enum

__all__ = ["CommunicationImplementation", "CollectiveCommunication", "CommunicationOptions", "CollectiveHints"]


class CommunicationImplementation(enum.Enum):
    """Mirrors ``tf.distribute.experimental.CommunicationImplementation``."""
    AUTO = "AUTO"
    RING = "RING"
    NCCL = "NCCL"


CollectiveCommunication = CommunicationImplementation


class CommunicationOptions:
    """Mirrors ``tf.distribute.experimental.CommunicationOptions(bytes_per_pack=0, timeout_seconds=None,
    implementation=AUTO)``; ``implementation`` may be given by name in any case."""

    def __init__(self, bytes_per_pack: int = 0, timeout_seconds=None,
                 implementation=CommunicationImplementation.AUTO):
        if bytes_per_pack < 0:
            raise ValueError(f"Argument `bytes_per_pack` must be >=0, Received {bytes_per_pack}.")
        if isinstance(implementation, str):
            implementation = CommunicationImplementation(implementation.upper())
        if not isinstance(implementation, CommunicationImplementation):
            raise ValueError("Argument `implementation` must be instance of "
                             "`tf.distribute.experimental.CommunicationImplementation`.")
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation


class CollectiveHints(CommunicationOptions):
    """Mirrors the deprecated ``tf.distribute.experimental.CollectiveHints`` (``CommunicationOptions``)."""
