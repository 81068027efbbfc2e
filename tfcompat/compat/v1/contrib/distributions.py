"""``tf.contrib.distributions`` (TF 1.15): ``Normal``, ``Bernoulli`` and ``kl_divergence`` (those two pairs).
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.distributions import Bernoulli, kl_divergence
from tfcompat._src.ops.distributions import (
    FULLY_REPARAMETERIZED, NOT_REPARAMETERIZED, Distribution, Normal, ReparameterizationType,
)

__all__ = ["Bernoulli", "FULLY_REPARAMETERIZED", "NOT_REPARAMETERIZED", "Distribution", "Normal",
           "ReparameterizationType", "kl_divergence"]
