"""``Bernoulli`` for ``tf.contrib.distributions`` (TF 1.15; the same class as TF 2.21's
``tf.compat.v1.distributions.Bernoulli``, ``tensorflow/python/ops/distributions/bernoulli.py``), and a
``kl_divergence`` that adds TF's Bernoulli || Bernoulli formula to the Normal one of ``ops/distributions.py``.

Formulas are TF's: ``logits = log(p) - log1p(-p)`` (or ``p = sigmoid(logits)``), ``log_prob(k) =
-sigmoid_cross_entropy_with_logits(k, logits)``, entropy ``-logits * (sigmoid(logits) - 1) + softplus(-logits)``,
KL ``sigmoid(a) * (softplus(-b) - softplus(-a)) + sigmoid(-a) * (softplus(b) - softplus(a))`` on logits.
Samples ``uniform < p`` come from torch's generator (TF's RNG cannot be matched)."""
from __future__ import annotations

from tfcompat._src.contrib.distributions_categorical import OneHotCategorical, kl_one_hot_categorical
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, nn_ops, random_ops
from tfcompat._src.ops import distributions as core
from tfcompat._src.ops.distributions_more import RegisterKL
from tfcompat._src.ops.layers_base import graph_name_scope

__all__ = ["Bernoulli", "kl", "kl_divergence"]


class Bernoulli(core.Distribution):
    """Mirrors ``tf.compat.v1.distributions.Bernoulli(logits=None, probs=None, dtype=tf.int32)``.

    Raises:
      ValueError: both or neither of ``logits`` and ``probs``. TypeError: a non-float one."""

    def __init__(self, logits=None, probs=None, dtype=dtypes.int32, validate_args=False, allow_nan_stats=True,
                 name="Bernoulli"):
        if (probs is None) == (logits is None):
            raise ValueError("Must pass probs or logits, but not both.")
        parameters = {"logits": logits, "probs": probs, "dtype": dtype}
        if probs is None:
            logits = convert_to_tensor(logits)
            if not logits.dtype.is_floating:
                raise TypeError("logits must having floating type.")
            probs = math_ops.sigmoid(logits, name="probs")
        else:
            probs = convert_to_tensor(probs)
            if not probs.dtype.is_floating:
                raise TypeError("probs must having floating type.")
            logits = math_ops.subtract(math_ops.log(probs), math_ops.log1p(math_ops.multiply(-1.0, probs)))
        self._logits, self._probs = logits, probs
        super().__init__(dtypes.as_dtype(dtype), validate_args, allow_nan_stats, parameters, name)

    @property
    def logits(self):
        return self._logits

    @property
    def probs(self):
        return self._probs

    @property
    def batch_shape(self) -> TensorShape:
        return self._logits.shape

    @property
    def event_shape(self) -> TensorShape:
        return TensorShape([])

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return array_ops.shape(self._logits)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        """``sample_shape + batch_shape`` draws of ``cast(uniform < probs, dtype)``."""
        with graph_name_scope(self._name + "/" + name):
            sample_shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape)
            if self.batch_shape.is_fully_defined():   # TF infers this static shape from the concat below
                shape = sample_shape + self.batch_shape.as_list()
            else:
                shape = array_ops.concat([convert_to_tensor(sample_shape, dtype=dtypes.int32),
                                          self.batch_shape_tensor()], 0)
            uniform = random_ops.random_uniform(shape, seed=seed, dtype=self._probs.dtype)
            return math_ops.cast(math_ops.less(uniform, self._probs), self._dtype)

    def log_prob(self, value, name="log_prob"):
        with graph_name_scope(self._name + "/" + name):
            event = math_ops.cast(convert_to_tensor(value), self._logits.dtype)
            logits = self._logits
            if not (event.shape.is_fully_defined() and logits.shape.is_fully_defined()
                    and event.shape == logits.shape):
                # sigmoid_cross_entropy_with_logits does not broadcast: TF broadcasts by hand.
                logits, event = array_ops.ones_like(event) * logits, array_ops.ones_like(logits) * event
            return math_ops.negative(nn_ops.sigmoid_cross_entropy_with_logits(labels=event, logits=logits))

    def cdf(self, value, name="cdf"):
        raise NotImplementedError("cdf is not implemented for Bernoulli (as in TF).")

    def entropy(self, name="entropy"):
        with graph_name_scope(self._name + "/" + name):
            return (math_ops.negative(self._logits) * (math_ops.sigmoid(self._logits) - 1)
                    + nn_ops.softplus(math_ops.negative(self._logits)))

    def mean(self, name="mean"):
        with graph_name_scope(self._name + "/" + name):
            return array_ops.identity(self._probs)

    def variance(self, name="variance"):
        with graph_name_scope(self._name + "/" + name):
            return array_ops.identity(self._probs) * (1.0 - self._probs)

    def stddev(self, name="stddev"):
        with graph_name_scope(self._name + "/" + name):
            return math_ops.sqrt(self.variance())

    def mode(self, name="mode"):
        with graph_name_scope(self._name + "/" + name):
            return math_ops.cast(math_ops.greater(self._probs, 0.5), self._dtype)


def kl_divergence(distribution_a, distribution_b, allow_nan_stats=True, name=None):
    """Mirrors ``tf.contrib.distributions.kl_divergence`` for Bernoulli || Bernoulli and OneHotCategorical ||
    OneHotCategorical (TF's formulas) and Normal || Normal (``tf.compat.v1.distributions.kl_divergence``).

    Raises:
      NotImplementedError: no KL registered for the pair (as TF)."""
    if isinstance(distribution_a, OneHotCategorical) and isinstance(distribution_b, OneHotCategorical):
        return kl_one_hot_categorical(distribution_a, distribution_b, name=name)
    if isinstance(distribution_a, Bernoulli) and isinstance(distribution_b, Bernoulli):
        with graph_name_scope(name or "kl_bernoulli_bernoulli"):
            a, b = distribution_a.logits, distribution_b.logits
            delta0 = nn_ops.softplus(math_ops.negative(b)) - nn_ops.softplus(math_ops.negative(a))
            delta1 = nn_ops.softplus(b) - nn_ops.softplus(a)
            return math_ops.sigmoid(a) * delta0 + math_ops.sigmoid(math_ops.negative(a)) * delta1
    return core.kl_divergence(distribution_a, distribution_b, allow_nan_stats=allow_nan_stats, name=name)


kl = kl_divergence  # TF 1.x's older name (tf.contrib.distributions.kl)


# TF registers Bernoulli || Bernoulli in the KL registry, so tf.compat.v1.distributions.kl_divergence finds it too.
RegisterKL(Bernoulli, Bernoulli)(lambda a, b, name=None: kl_divergence(a, b, name=name))
