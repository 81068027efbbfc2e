"""``tf.distribute.DistributedValues`` and ``PerReplica``: one value per replica (one replica here).

With one replica ``Strategy.run`` returns plain values, as TF does; a ``PerReplica`` appears only where TF
makes one regardless of the replica count (``experimental_distribute_values_from_function``). ``Strategy.run``,
``reduce``, ``gather`` and ``experimental_local_results`` unwrap it."""
from __future__ import annotations

from tfcompat._src.framework import nest

__all__ = ["DistributedValues", "PerReplica", "unwrap_structure"]


class DistributedValues:
    """Mirrors ``tf.distribute.DistributedValues``: ``values`` is the tuple of per-replica values."""

    def __init__(self, values):
        self._values = tuple(values)

    @property
    def values(self) -> tuple:
        return self._values

    def __repr__(self):
        return f"{type(self).__name__}:{{\n" + "".join(f"  {i}: {v!r}\n" for i, v in enumerate(self._values)) + "}"


class PerReplica(DistributedValues):
    """TF's ``PerReplica``: a distinct value on each replica."""


def unwrap_structure(structure):
    """``structure`` with each ``DistributedValues`` replaced by its (one) replica's value."""
    return nest.map_structure(lambda v: v.values[0] if isinstance(v, DistributedValues) else v, structure)
