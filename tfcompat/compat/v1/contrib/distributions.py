"""``tf.contrib.distributions`` (TF 1.15): ``Normal``, ``Bernoulli``, ``OneHotCategorical``, the relaxed
one-hot categoricals and ``kl_divergence`` (``kl``) for Normal, Bernoulli and OneHotCategorical pairs.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.distributions import Bernoulli, kl, kl_divergence
from tfcompat._src.contrib.distributions_categorical import (
    ExpRelaxedOneHotCategorical, OneHotCategorical, RelaxedOneHotCategorical,
)
from tfcompat._src.ops.distributions import (
    FULLY_REPARAMETERIZED, NOT_REPARAMETERIZED, Distribution, Normal, ReparameterizationType,
)

__all__ = ["Bernoulli", "FULLY_REPARAMETERIZED", "NOT_REPARAMETERIZED", "Distribution", "Normal",
           "ReparameterizationType", "kl_divergence"]
__all__ += ["ExpRelaxedOneHotCategorical", "OneHotCategorical", "RelaxedOneHotCategorical", "kl"]
