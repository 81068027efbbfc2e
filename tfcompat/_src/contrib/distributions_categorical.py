"""``OneHotCategorical``, ``ExpRelaxedOneHotCategorical`` and ``RelaxedOneHotCategorical`` of TF 1.15's
``tf.contrib.distributions`` (``contrib/distributions/python/ops/onehot_categorical.py`` and
``relaxed_onehot_categorical.py``), with TF's formulas:

- OneHotCategorical: ``log_prob(x) = -softmax_cross_entropy(labels=x, logits)``, entropy
  ``-sum(probs * log_softmax(logits))``, mode the one-hot argmax, samples one-hot draws of ``multinomial``;
- ExpRelaxedOneHotCategorical (Concrete / Gumbel-softmax in log space): samples
  ``log_softmax((gumbel + logits) / temperature)``, ``log_prob(x) = lgamma(k) + (k - 1) log(temperature) +
  sum(log_softmax(logits - x * temperature))``;
- RelaxedOneHotCategorical: ``exp`` of the above; ``log_prob(y) = exp_relaxed.log_prob(log y) - sum(log y)``.

Samples come from torch's generator (TF's random streams cannot be matched)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops import array_ops, math_ops, nn_ops, random_ops, reduction_ops
from tfcompat._src.ops import distributions as core
from tfcompat._src.ops.layers_base import graph_name_scope

__all__ = ["ExpRelaxedOneHotCategorical", "OneHotCategorical", "RelaxedOneHotCategorical"]


def _logits_and_probs(logits, probs):
    """TF's ``get_logits_and_probs(multidimensional=True)``."""
    if (probs is None) == (logits is None):
        raise ValueError("Must pass probs or logits, but not both.")
    if probs is None:
        logits = convert_to_tensor(logits, name="logits")
        if not logits.dtype.is_floating:
            raise TypeError("logits must having floating type.")
        return logits, nn_ops.softmax(logits, name="probs")
    probs = convert_to_tensor(probs, name="probs")
    if not probs.dtype.is_floating:
        raise TypeError("probs must having floating type.")
    return math_ops.log(probs, name="logits"), probs


class _CategoricalBase(core.Distribution):
    def __init__(self, logits, probs, dtype, validate_args, allow_nan_stats, parameters, name):
        self._logits, self._probs = _logits_and_probs(logits, probs)
        static = dimension_value(self._logits.shape[-1]) if self._logits.shape.rank else None
        self._event_size = static if static is not None else array_ops.shape(self._logits)[-1]
        super().__init__(dtypes.as_dtype(dtype), validate_args, allow_nan_stats, parameters, name)

    logits = property(lambda self: self._logits)
    probs = property(lambda self: self._probs)
    event_size = property(lambda self: self._event_size)

    @property
    def batch_shape(self) -> TensorShape:
        return self._logits.shape[:-1]

    @property
    def event_shape(self) -> TensorShape:
        return self._logits.shape[-1:]

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return array_ops.shape(self._logits)[:-1]

    def event_shape_tensor(self, name="event_shape_tensor"):
        return array_ops.shape(self._logits)[-1:]

    def _sample_shape(self, sample_shape):
        sample_shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape)
        return sample_shape, int(np.prod(sample_shape)) if sample_shape else 1

    def _broadcast(self, x):
        logits = self._logits
        if not (x.shape.is_fully_defined() and logits.shape.is_fully_defined() and x.shape == logits.shape):
            logits = array_ops.ones_like(x, dtype=logits.dtype) * logits
            x = array_ops.ones_like(logits, dtype=x.dtype) * x
        return logits, x


class OneHotCategorical(_CategoricalBase):
    """Mirrors ``tf.contrib.distributions.OneHotCategorical(logits=None, probs=None, dtype=tf.int32)``: a
    categorical over the last axis whose samples are one-hot vectors.

    Raises:
      ValueError: both or neither of ``logits`` and ``probs``. TypeError: non-float ones."""

    def __init__(self, logits=None, probs=None, dtype=dtypes.int32, validate_args=False, allow_nan_stats=True,
                 name="OneHotCategorical"):
        parameters = {"logits": logits, "probs": probs, "dtype": dtype}
        super().__init__(logits, probs, dtype, validate_args, allow_nan_stats, parameters, name)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        """``sample_shape + batch_shape + [k]`` one-hot draws."""
        with graph_name_scope(self._name + "/" + name):
            shape, n = self._sample_shape(sample_shape)
            logits_2d = array_ops.reshape(self._logits, [-1, self._event_size])
            draws = array_ops.transpose(random_ops.multinomial(logits_2d, n, seed=seed))
            samples = array_ops.one_hot(draws, self._event_size, dtype=self._dtype)
            return array_ops.reshape(samples, shape + self._logits.shape.as_list())

    def log_prob(self, value, name="log_prob"):
        with graph_name_scope(self._name + "/" + name):
            logits, x = self._broadcast(math_ops.cast(convert_to_tensor(value), self._logits.dtype))
            logits_shape = array_ops.shape(reduction_ops.reduce_sum(logits, -1))
            ret = -nn_ops.softmax_cross_entropy_with_logits_v2(
                labels=array_ops.reshape(x, [-1, self._event_size]),
                logits=array_ops.reshape(logits, [-1, self._event_size]))
            return array_ops.reshape(ret, logits_shape)

    def prob(self, value, name="prob"):
        with graph_name_scope(self._name + "/" + name):
            return math_ops.exp(self.log_prob(value))

    def entropy(self, name="entropy"):
        with graph_name_scope(self._name + "/" + name):
            return -reduction_ops.reduce_sum(nn_ops.log_softmax(self._logits) * self._probs, axis=-1)

    def mode(self, name="mode"):
        with graph_name_scope(self._name + "/" + name):
            ret = array_ops.one_hot(reduction_ops.argmax(self._logits, axis=-1), self._event_size,
                                    dtype=self._dtype)
            ret.set_shape(self._logits.shape)
            return ret


class ExpRelaxedOneHotCategorical(_CategoricalBase):
    """Mirrors ``tf.contrib.distributions.ExpRelaxedOneHotCategorical(temperature, logits=None, probs=None)``:
    the log of a Concrete (Gumbel-softmax) sample."""

    def __init__(self, temperature, logits=None, probs=None, dtype=None, validate_args=False,
                 allow_nan_stats=True, name="ExpRelaxedOneHotCategorical"):
        parameters = {"temperature": temperature, "logits": logits, "probs": probs}
        lp = convert_to_tensor(logits if logits is not None else probs)
        self._temperature = convert_to_tensor(temperature, name="temperature", dtype=lp.dtype)
        self._temperature_2d = array_ops.reshape(self._temperature, [-1, 1], name="temperature_2d")
        super().__init__(logits, probs, dtype or lp.dtype, validate_args, allow_nan_stats, parameters, name)

    temperature = property(lambda self: self._temperature)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with graph_name_scope(self._name + "/" + name):
            shape, n = self._sample_shape(sample_shape)
            full = [n] + self._logits.shape.as_list()
            logits = self._logits * array_ops.ones(full, dtype=self._logits.dtype)
            logits_2d = array_ops.reshape(logits, [-1, self._event_size])
            uniform = random_ops.random_uniform(array_ops.shape(logits_2d),
                                                minval=np.finfo(self._logits.dtype.as_numpy_dtype).tiny,
                                                maxval=1.0, dtype=self._logits.dtype, seed=seed)
            gumbel = -math_ops.log(-math_ops.log(uniform))
            samples = nn_ops.log_softmax(math_ops.truediv(gumbel + logits_2d, self._temperature_2d))
            return array_ops.reshape(samples, shape + self._logits.shape.as_list())

    def log_prob(self, value, name="log_prob"):
        with graph_name_scope(self._name + "/" + name):
            logits, x = self._broadcast(convert_to_tensor(value, dtype=self._logits.dtype))
            logits_shape = array_ops.shape(reduction_ops.reduce_sum(logits, -1))
            logits_2d = array_ops.reshape(logits, [-1, self._event_size])
            x_2d = array_ops.reshape(x, [-1, self._event_size])
            k = math_ops.cast(self._event_size, x.dtype)
            log_norm_const = math_ops.lgamma(k) + (k - 1.0) * math_ops.log(self._temperature)
            log_unnorm_prob = reduction_ops.reduce_sum(nn_ops.log_softmax(logits_2d - x_2d * self._temperature_2d),
                                                       [-1])
            return array_ops.reshape(log_norm_const + log_unnorm_prob, logits_shape)

    def prob(self, value, name="prob"):
        with graph_name_scope(self._name + "/" + name):
            return math_ops.exp(self.log_prob(value))


class RelaxedOneHotCategorical(ExpRelaxedOneHotCategorical):
    """Mirrors ``tf.contrib.distributions.RelaxedOneHotCategorical(temperature, logits=None, probs=None)``: the
    Concrete (Gumbel-softmax) distribution on the simplex, ``exp`` of ``ExpRelaxedOneHotCategorical`` (TF builds it
    as a TransformedDistribution with an Exp bijector: the log-density gains ``-sum(log y)``)."""

    def __init__(self, temperature, logits=None, probs=None, dtype=None, validate_args=False,
                 allow_nan_stats=True, name="RelaxedOneHotCategorical"):
        super().__init__(temperature, logits=logits, probs=probs, dtype=dtype, validate_args=validate_args,
                         allow_nan_stats=allow_nan_stats, name=name)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        return math_ops.exp(super().sample(sample_shape, seed=seed, name=name))

    def log_prob(self, value, name="log_prob"):
        y = convert_to_tensor(value, dtype=self._logits.dtype)
        log_y = math_ops.log(y)
        return super().log_prob(log_y, name=name) - reduction_ops.reduce_sum(log_y, -1)


def kl_one_hot_categorical(a, b, name=None):
    """TF's registered KL(OneHotCategorical || OneHotCategorical): ``sum(softmax(a) * (log_softmax(a) -
    log_softmax(b)), -1)``."""
    with graph_name_scope(name or "kl_onehot_categorical_onehot_categorical"):
        delta = nn_ops.log_softmax(a.logits) - nn_ops.log_softmax(b.logits)
        return reduction_ops.reduce_sum(nn_ops.softmax(a.logits) * delta, axis=-1)
