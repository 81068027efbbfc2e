"""``tf.compat.v1.distributions``: re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.distributions import Bernoulli
from tfcompat._src.ops.distributions import (
    FULLY_REPARAMETERIZED, NOT_REPARAMETERIZED, Distribution, Normal, ReparameterizationType,
)
from tfcompat._src.ops.distributions_more import (
    Beta, Categorical, Dirichlet, Exponential, Gamma, Laplace, Multinomial, RegisterKL, StudentT, Uniform,
    kl_divergence,
)

__all__ = ["Bernoulli", "Beta", "Categorical", "Dirichlet", "Exponential", "FULLY_REPARAMETERIZED", "Gamma",
           "Laplace", "Multinomial", "NOT_REPARAMETERIZED", "Distribution", "Normal", "RegisterKL",
           "ReparameterizationType", "StudentT", "Uniform", "kl_divergence"]
