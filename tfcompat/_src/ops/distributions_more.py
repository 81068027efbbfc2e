"""The rest of ``tf.compat.v1.distributions`` (TF's deprecated ``tensorflow/python/ops/distributions``):
``Uniform``, ``Laplace``, ``Gamma``, ``Exponential``, ``Beta``, ``StudentT``, ``Categorical``, ``Dirichlet``,
``Multinomial``, and ``RegisterKL`` with the ``kl_divergence`` that dispatches on it (``Normal`` comes from
``distributions.py``).

Densities, cdfs, moments and entropies use TF's formulas (``xlogy``, ``lgamma``, ``igamma``, ``betainc``), so
values match TF's; ``allow_nan_stats=True`` gives NaN where a moment is undefined, as TF. Samples come from
tfcompat's random ops (TF's samplers are not reproduced value for value)."""
from __future__ import annotations

import contextlib
import math

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import (
    array_ops, math_ops, nn_ops, random_ops, reduction_ops, special_math_ops,
)
from tfcompat._src.ops import distributions as core
from tfcompat._src.ops._helpers import match_dtypes

__all__ = ["Beta", "Categorical", "Dirichlet", "Exponential", "Gamma", "Laplace", "Multinomial", "RegisterKL",
           "StudentT", "Uniform", "kl_divergence"]

_NAN = float("nan")


def _float_params(*values):
    """The parameters as tensors of one float dtype (python numbers become float32, as TF)."""
    ts = match_dtypes(*values) if len(values) > 1 else (convert_to_tensor(values[0]),)
    if not ts[0].dtype.is_floating:
        ts = tuple(math_ops.cast(t, dtypes.float32) for t in ts)
    return ts


def _static_broadcast(*shapes) -> TensorShape:
    if any(s.rank is None or not s.is_fully_defined() for s in shapes):
        return TensorShape(None)
    return TensorShape(list(np.broadcast_shapes(*[tuple(s.as_list()) for s in shapes])))


class _Distribution(core.Distribution):
    """TF1's ``Distribution`` methods shared by the classes here (KL through this module's registry)."""

    def __init__(self, dtype, validate_args, allow_nan_stats, parameters, name, params):
        # TF's name: the unique name scope opened for the distribution in a graph ('Gamma_1/'), None eagerly.
        graph = ctx_lib.graph_mode_graph()
        scope = None
        if graph is not None:
            with graph.name_scope(name) as scope:
                pass
        super().__init__(dtype, validate_args, allow_nan_stats, parameters, scope)
        self._params = params

    @contextlib.contextmanager
    def _scope(self, name):
        graph = ctx_lib.graph_mode_graph()
        if graph is None or self._name is None:
            yield
            return
        with graph.name_scope(self._name), graph.name_scope(name):
            yield

    def _not_implemented(self, method):
        raise NotImplementedError(f"{method} is not implemented: {type(self).__name__}")

    def mode(self, name="mode"):
        self._not_implemented("mode")

    def cdf(self, value, name="cdf"):
        self._not_implemented("cdf")

    def entropy(self, name="entropy"):
        self._not_implemented("entropy")

    def prob(self, value, name="prob"):
        with self._scope(name):
            return math_ops.exp(self.log_prob(value))

    def log_cdf(self, value, name="log_cdf"):
        with self._scope(name):
            return math_ops.log(self.cdf(value))

    def survival_function(self, value, name="survival_function"):
        with self._scope(name):
            return 1.0 - self.cdf(value)

    @property
    def batch_shape(self) -> TensorShape:
        return _static_broadcast(*[p.shape for p in self._params])

    @property
    def event_shape(self) -> TensorShape:
        return TensorShape([])

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        total = self._params[0]
        for p in self._params[1:]:
            total = total + p
        return array_ops.shape(total)

    def event_shape_tensor(self, name="event_shape_tensor"):
        return convert_to_tensor([], dtype=dtypes.int32)

    def _ones(self):
        total = array_ops.ones_like(self._params[0])
        for p in self._params[1:]:
            total = total * array_ops.ones_like(p)
        return total

    def _value(self, value):
        return value if isinstance(value, Tensor) else convert_to_tensor(value, dtype=self._dtype)

    def _nan_unless(self, ok, value):
        if not self._allow_nan_stats:
            return value
        return array_ops.where(ok, value, array_ops.fill(array_ops.shape(value), math_ops.cast(_NAN, value.dtype)))

    def _sample_shape(self, sample_shape):
        sample_shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape)
        batch = self.batch_shape
        if batch.is_fully_defined():
            return sample_shape + batch.as_list() + self.event_shape.as_list()
        return array_ops.concat([convert_to_tensor(sample_shape, dtype=dtypes.int32), self.batch_shape_tensor(),
                                 self.event_shape_tensor()], 0)

    def stddev(self, name="stddev"):
        with self._scope(name):
            return math_ops.sqrt(self.variance())

    def cross_entropy(self, other, name="cross_entropy"):
        with self._scope(name):
            return self.entropy() + self.kl_divergence(other)

    def kl_divergence(self, other, name="kl_divergence"):
        return kl_divergence(self, other, name=name)


class Uniform(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.Uniform(low=0., high=1.)``: density ``1 / (high - low)`` on
    ``[low, high)``."""

    reparameterization_type = core.FULLY_REPARAMETERIZED

    def __init__(self, low=0.0, high=1.0, validate_args=False, allow_nan_stats=True, name="Uniform"):
        low, high = _float_params(low, high)
        self._low, self._high = array_ops.identity(low, name="low"), array_ops.identity(high, name="high")
        super().__init__(low.dtype, validate_args, allow_nan_stats, {"low": low, "high": high}, name,
                         (self._low, self._high))

    low = property(lambda self: self._low)
    high = property(lambda self: self._high)

    def range(self, name="range"):
        with self._scope(name):
            return self._high - self._low

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            u = random_ops.random_uniform(self._sample_shape(sample_shape), dtype=self._dtype, seed=seed)
            return self._low + self.range() * u

    def prob(self, value, name="prob"):
        with self._scope(name):
            x = self._value(value)
            x = x * self._ones()
            inside = math_ops.logical_not(math_ops.logical_or(x < self._low, x >= self._high))
            density = array_ops.where(inside, 1.0 / self.range() * array_ops.ones_like(x), array_ops.zeros_like(x))
            return array_ops.where(math_ops.is_nan(x), x, density)

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            return math_ops.log(self.prob(value))

    def cdf(self, value, name="cdf"):
        with self._scope(name):
            x = self._value(value) * self._ones()
            ramp = (x - self._low) / self.range()
            return array_ops.where(x < self._low, array_ops.zeros_like(x),
                                   array_ops.where(x >= self._high, array_ops.ones_like(x), ramp))

    def entropy(self, name="entropy"):
        with self._scope(name):
            return math_ops.log(self.range())

    def mean(self, name="mean"):
        with self._scope(name):
            return (self._low + self._high) / 2.0

    def variance(self, name="variance"):
        with self._scope(name):
            return math_ops.square(self.range()) / 12.0

    def stddev(self, name="stddev"):
        with self._scope(name):
            return self.range() / math.sqrt(12.0)


class Laplace(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.Laplace(loc, scale)``: density ``exp(-|x - loc| / scale) /
    (2 scale)``."""

    reparameterization_type = core.FULLY_REPARAMETERIZED

    def __init__(self, loc, scale, validate_args=False, allow_nan_stats=True, name="Laplace"):
        loc, scale = _float_params(loc, scale)
        self._loc, self._scale = array_ops.identity(loc, name="loc"), array_ops.identity(scale, name="scale")
        super().__init__(loc.dtype, validate_args, allow_nan_stats, {"loc": loc, "scale": scale}, name,
                         (self._loc, self._scale))

    loc = property(lambda self: self._loc)
    scale = property(lambda self: self._scale)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            tiny = np.finfo(self._dtype.as_numpy_dtype).tiny
            u = random_ops.random_uniform(self._sample_shape(sample_shape), minval=-1.0 + tiny, maxval=1.0,
                                          dtype=self._dtype, seed=seed)
            return self._loc - self._scale * math_ops.sign(u) * math_ops.log1p(-math_ops.abs(u))

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            z = (self._value(value) - self._loc) / self._scale
            return -math_ops.abs(z) - (math.log(2.0) + math_ops.log(self._scale))

    def cdf(self, value, name="cdf"):
        with self._scope(name):
            z = (self._value(value) - self._loc) / self._scale
            return 0.5 - 0.5 * math_ops.sign(z) * math_ops.expm1(-math_ops.abs(z))

    def entropy(self, name="entropy"):
        with self._scope(name):
            scale = self._scale * array_ops.ones_like(self._loc)
            return math.log(2.0) + 1.0 + math_ops.log(scale)

    def mean(self, name="mean"):
        with self._scope(name):
            return self._loc * array_ops.ones_like(self._scale)

    def mode(self, name="mode"):
        return self.mean(name=name)

    def stddev(self, name="stddev"):
        with self._scope(name):
            return math.sqrt(2.0) * self._scale * array_ops.ones_like(self._loc)

    def variance(self, name="variance"):
        with self._scope(name):
            return math_ops.square(self.stddev())


class Gamma(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.Gamma(concentration, rate)``: density
    ``rate**c x**(c - 1) exp(-rate x) / Gamma(c)``."""

    reparameterization_type = core.FULLY_REPARAMETERIZED

    def __init__(self, concentration, rate, validate_args=False, allow_nan_stats=True, name="Gamma"):
        c, rate = _float_params(concentration, rate)
        self._concentration = array_ops.identity(c, name="concentration")
        self._rate = array_ops.identity(rate, name="rate")
        super().__init__(c.dtype, validate_args, allow_nan_stats, {"concentration": c, "rate": rate}, name,
                         (self._concentration, self._rate))

    concentration = property(lambda self: self._concentration)
    rate = property(lambda self: self._rate)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape)
            return random_ops.random_gamma(shape, self._concentration, self._rate, dtype=self._dtype, seed=seed)

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            x = self._value(value)
            c, rate = self._concentration, self._rate
            unnormalized = math_ops.xlogy(c - 1.0, x) - rate * x
            return unnormalized - (math_ops.lgamma(c) - c * math_ops.log(rate))

    def cdf(self, value, name="cdf"):
        with self._scope(name):
            return special_math_ops.igamma(self._concentration, self._rate * self._value(value))

    def entropy(self, name="entropy"):
        with self._scope(name):
            c = self._concentration
            return c - math_ops.log(self._rate) + math_ops.lgamma(c) + (1.0 - c) * math_ops.digamma(c)

    def mean(self, name="mean"):
        with self._scope(name):
            return self._concentration / self._rate

    def variance(self, name="variance"):
        with self._scope(name):
            return self._concentration / math_ops.square(self._rate)

    def mode(self, name="mode"):
        with self._scope(name):
            mode = (self._concentration - 1.0) / self._rate
            return self._nan_unless(self._concentration > 1.0, mode)


class Exponential(Gamma):
    """Mirrors ``tf.compat.v1.distributions.Exponential(rate)``: ``Gamma(1, rate)``."""

    def __init__(self, rate, validate_args=False, allow_nan_stats=True, name="Exponential"):
        (rate,) = _float_params(rate)
        super().__init__(array_ops.ones_like(rate), rate, validate_args, allow_nan_stats, name)
        self._parameters = {"rate": rate}
        self._params = (self._rate,)

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            return math_ops.log(self._rate) - self._rate * self._value(value)

    def cdf(self, value, name="cdf"):
        with self._scope(name):
            return -math_ops.expm1(-self._rate * self._value(value))

    def entropy(self, name="entropy"):
        with self._scope(name):
            return 1.0 - math_ops.log(self._rate)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            tiny = np.finfo(self._dtype.as_numpy_dtype).tiny
            u = random_ops.random_uniform(self._sample_shape(sample_shape), minval=tiny, maxval=1.0,
                                          dtype=self._dtype, seed=seed)
            return -math_ops.log(u) / self._rate


class Beta(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.Beta(concentration1=None, concentration0=None)``."""

    def __init__(self, concentration1=None, concentration0=None, validate_args=False, allow_nan_stats=True,
                 name="Beta"):
        c1, c0 = _float_params(concentration1, concentration0)
        self._c1 = array_ops.identity(c1, name="concentration1")
        self._c0 = array_ops.identity(c0, name="concentration0")
        self._total = self._c1 + self._c0
        super().__init__(c1.dtype, validate_args, allow_nan_stats,
                         {"concentration1": c1, "concentration0": c0}, name, (self._c1, self._c0))

    concentration1 = property(lambda self: self._c1)
    concentration0 = property(lambda self: self._c0)
    total_concentration = property(lambda self: self._total)

    def _log_normalization(self):
        return math_ops.lgamma(self._c1) + math_ops.lgamma(self._c0) - math_ops.lgamma(self._total)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape)
            g1 = random_ops.random_gamma(shape, self._c1 * self._ones(), dtype=self._dtype, seed=seed)
            g0 = random_ops.random_gamma(shape, self._c0 * self._ones(), dtype=self._dtype, seed=seed)
            return g1 / (g1 + g0)

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            x = self._value(value)
            unnormalized = math_ops.xlogy(self._c1 - 1.0, x) + (self._c0 - 1.0) * math_ops.log1p(-x)
            return unnormalized - self._log_normalization()

    def cdf(self, value, name="cdf"):
        with self._scope(name):
            x = self._value(value)
            return special_math_ops.betainc(self._c1 * array_ops.ones_like(x), self._c0 * array_ops.ones_like(x),
                                            x * self._ones())

    def entropy(self, name="entropy"):
        with self._scope(name):
            return (self._log_normalization() - (self._c1 - 1.0) * math_ops.digamma(self._c1)
                    - (self._c0 - 1.0) * math_ops.digamma(self._c0)
                    + (self._total - 2.0) * math_ops.digamma(self._total))

    def mean(self, name="mean"):
        with self._scope(name):
            return self._c1 / self._total

    def variance(self, name="variance"):
        with self._scope(name):
            mean = self._c1 / self._total
            return mean * (1.0 - mean) / (1.0 + self._total)

    def mode(self, name="mode"):
        with self._scope(name):
            mode = (self._c1 - 1.0) / (self._total - 2.0)
            return self._nan_unless(math_ops.logical_and(self._c1 > 1.0, self._c0 > 1.0), mode)


class StudentT(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.StudentT(df, loc, scale)``."""

    reparameterization_type = core.FULLY_REPARAMETERIZED

    def __init__(self, df, loc, scale, validate_args=False, allow_nan_stats=True, name="StudentT"):
        df, loc, scale = _float_params(df, loc, scale)
        self._df = array_ops.identity(df, name="df")
        self._loc, self._scale = array_ops.identity(loc, name="loc"), array_ops.identity(scale, name="scale")
        super().__init__(df.dtype, validate_args, allow_nan_stats, {"df": df, "loc": loc, "scale": scale}, name,
                         (self._df, self._loc, self._scale))

    df = property(lambda self: self._df)
    loc = property(lambda self: self._loc)
    scale = property(lambda self: self._scale)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            shape = self._sample_shape(sample_shape)
            normal = random_ops.random_normal(shape, dtype=self._dtype, seed=seed)
            df = self._df * self._ones()
            gamma = random_ops.random_gamma([], 0.5 * df, beta=0.5, dtype=self._dtype, seed=seed)
            return self._loc + self._scale * normal * math_ops.rsqrt(gamma / df)

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            y = (self._value(value) - self._loc) / self._scale
            df = self._df
            unnormalized = -0.5 * (df + 1.0) * math_ops.log1p(math_ops.square(y) / df)
            normalization = (math_ops.log(math_ops.abs(self._scale)) + 0.5 * math_ops.log(df)
                             + 0.5 * math.log(math.pi) + math_ops.lgamma(0.5 * df) - math_ops.lgamma(0.5 * (df + 1.0)))
            return unnormalized - normalization

    def cdf(self, value, name="cdf"):
        with self._scope(name):
            y = (self._value(value) - self._loc) / self._scale
            x_t = self._df / (math_ops.square(y) + self._df)
            neg_cdf = 0.5 * special_math_ops.betainc(0.5 * self._df * array_ops.ones_like(x_t),
                                                     0.5 * array_ops.ones_like(x_t), x_t)
            return array_ops.where(y < 0.0, neg_cdf, 1.0 - neg_cdf)

    def entropy(self, name="entropy"):
        with self._scope(name):
            v = self._df * self._ones()
            lbeta = math_ops.lgamma(0.5 * v) + math.lgamma(0.5) - math_ops.lgamma(0.5 * (v + 1.0))
            return (0.5 * (v + 1.0) * (math_ops.digamma(0.5 * (v + 1.0)) - math_ops.digamma(0.5 * v))
                    + 0.5 * math_ops.log(v) + lbeta + math_ops.log(math_ops.abs(self._scale)))

    def mean(self, name="mean"):
        with self._scope(name):
            mean = self._loc * self._ones()
            return self._nan_unless(self._df * self._ones() > 1.0, mean)

    def variance(self, name="variance"):
        with self._scope(name):
            df = self._df * self._ones()
            var = math_ops.square(self._scale) * df / (df - 2.0)
            var = array_ops.where(df > 2.0, var, array_ops.fill(array_ops.shape(df), math_ops.cast(
                float("inf"), self._dtype)))
            return self._nan_unless(df > 1.0, var)

    def mode(self, name="mode"):
        with self._scope(name):
            return self._loc * self._ones()


class Categorical(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.Categorical(logits=None, probs=None, dtype=tf.int32)``: classes
    along the last axis.

    Raises:
      ValueError: both or neither of ``logits`` and ``probs``."""

    def __init__(self, logits=None, probs=None, dtype=dtypes.int32, validate_args=False, allow_nan_stats=True,
                 name="Categorical"):
        if (probs is None) == (logits is None):
            raise ValueError("Must pass probs or logits, but not both.")
        parameters = {"logits": logits, "probs": probs, "dtype": dtype}
        if logits is not None:
            (logits,) = _float_params(logits)
            probs = nn_ops.softmax(logits, name="probs")
        else:
            (probs,) = _float_params(probs)
            logits = math_ops.log(probs, name="logits")
        self._logits, self._probs = logits, probs
        super().__init__(dtypes.as_dtype(dtype), validate_args, allow_nan_stats, parameters, name, (logits,))

    logits = property(lambda self: self._logits)
    probs = property(lambda self: self._probs)

    @property
    def event_size(self):
        n = self._logits.shape.as_list()[-1] if self._logits.shape.rank else None
        return convert_to_tensor(n, dtype=dtypes.int32) if n is not None else array_ops.shape(self._logits)[-1]

    @property
    def batch_shape(self) -> TensorShape:
        shape = self._logits.shape
        return TensorShape(None) if shape.rank is None else TensorShape(shape.as_list()[:-1])

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return array_ops.shape(self._logits)[:-1]

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape)
            n = int(np.prod(shape)) if shape else 1
            flat = array_ops.reshape(self._logits, [-1, self._logits.shape.as_list()[-1]])
            draws = random_ops.multinomial(flat, n, seed=seed, output_dtype=self._dtype)
            draws = array_ops.transpose(draws)
            return array_ops.reshape(draws, shape + self.batch_shape.as_list())

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            k = convert_to_tensor(value)
            logits = self._logits
            if k.shape.is_fully_defined() and logits.shape.is_fully_defined() \
                    and k.shape.as_list() != logits.shape.as_list()[:-1]:
                k = k * array_ops.ones_like(logits[..., 0], dtype=k.dtype)
                logits = logits * array_ops.ones_like(array_ops.expand_dims(math_ops.cast(k, logits.dtype), -1))
            return -nn_ops.sparse_softmax_cross_entropy_with_logits(labels=k, logits=logits)

    def entropy(self, name="entropy"):
        with self._scope(name):
            return -reduction_ops.reduce_sum(nn_ops.log_softmax(self._logits) * self._probs, axis=-1)

    def mode(self, name="mode"):
        with self._scope(name):
            return math_ops.cast(reduction_ops.argmax(self._logits, axis=-1), self._dtype)


class Dirichlet(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.Dirichlet(concentration)``: a distribution over the simplex
    (event shape = the last dimension of ``concentration``)."""

    def __init__(self, concentration, validate_args=False, allow_nan_stats=True, name="Dirichlet"):
        (c,) = _float_params(concentration)
        self._concentration = array_ops.identity(c, name="concentration")
        self._total = reduction_ops.reduce_sum(self._concentration, axis=-1)
        super().__init__(c.dtype, validate_args, allow_nan_stats, {"concentration": c}, name, (c,))

    concentration = property(lambda self: self._concentration)
    total_concentration = property(lambda self: self._total)

    @property
    def batch_shape(self) -> TensorShape:
        shape = self._concentration.shape
        return TensorShape(None) if shape.rank is None else TensorShape(shape.as_list()[:-1])

    @property
    def event_shape(self) -> TensorShape:
        shape = self._concentration.shape
        return TensorShape(None) if shape.rank is None else TensorShape(shape.as_list()[-1:])

    def _lbeta(self):
        return special_math_ops.lbeta(self._concentration)

    def sample(self, sample_shape=(), seed=None, name="sample"):
        with self._scope(name):
            shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape)
            gamma = random_ops.random_gamma(shape, self._concentration, dtype=self._dtype, seed=seed)
            return gamma / reduction_ops.reduce_sum(gamma, axis=-1, keepdims=True)

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            x = self._value(value)
            return reduction_ops.reduce_sum(math_ops.xlogy(self._concentration - 1.0, x), axis=-1) - self._lbeta()

    def entropy(self, name="entropy"):
        with self._scope(name):
            k = math_ops.cast(array_ops.shape(self._concentration)[-1], self._dtype)
            return (self._lbeta() + (self._total - k) * math_ops.digamma(self._total)
                    - reduction_ops.reduce_sum((self._concentration - 1.0) * math_ops.digamma(self._concentration),
                                               axis=-1))

    def mean(self, name="mean"):
        with self._scope(name):
            return self._concentration / array_ops.expand_dims(self._total, -1)

    def variance(self, name="variance"):
        with self._scope(name):
            total = array_ops.expand_dims(self._total, -1)
            mean = self._concentration / total
            return mean * (1.0 - mean) / (total + 1.0)

    def mode(self, name="mode"):
        with self._scope(name):
            k = math_ops.cast(array_ops.shape(self._concentration)[-1], self._dtype)
            mode = (self._concentration - 1.0) / array_ops.expand_dims(self._total - k, -1)
            # As TF: the condition has the batch shape and is not broadcast to the event dimension.
            return self._nan_unless(reduction_ops.reduce_all(self._concentration > 1.0, axis=-1), mode)


class Multinomial(_Distribution):
    """Mirrors ``tf.compat.v1.distributions.Multinomial(total_count, logits=None, probs=None)``: counts over the
    classes of the last axis.

    Raises:
      ValueError: both or neither of ``logits`` and ``probs``."""

    def __init__(self, total_count, logits=None, probs=None, validate_args=False, allow_nan_stats=True,
                 name="Multinomial"):
        if (probs is None) == (logits is None):
            raise ValueError("Must pass probs or logits, but not both.")
        parameters = {"total_count": total_count, "logits": logits, "probs": probs}
        if logits is not None:
            (logits,) = _float_params(logits)
            probs = nn_ops.softmax(logits)
        else:
            (probs,) = _float_params(probs)
            logits = math_ops.log(probs)
        self._total_count = convert_to_tensor(total_count, dtype=probs.dtype)
        self._logits, self._probs = logits, probs
        super().__init__(probs.dtype, validate_args, allow_nan_stats, parameters, name, (logits,))

    total_count = property(lambda self: self._total_count)
    logits = property(lambda self: self._logits)
    probs = property(lambda self: self._probs)

    @property
    def batch_shape(self) -> TensorShape:
        shape = _static_broadcast(self._logits.shape[:-1] if self._logits.shape.rank else TensorShape(None),
                                  self._total_count.shape)
        return shape

    @property
    def event_shape(self) -> TensorShape:
        shape = self._logits.shape
        return TensorShape(None) if shape.rank is None else TensorShape(shape.as_list()[-1:])

    def log_prob(self, value, name="log_prob"):
        with self._scope(name):
            counts = self._value(value)
            unnormalized = reduction_ops.reduce_sum(counts * nn_ops.log_softmax(self._logits), axis=-1)
            normalization = reduction_ops.reduce_sum(math_ops.lgamma(counts + 1.0), axis=-1) \
                - math_ops.lgamma(self._total_count + 1.0)
            return unnormalized - normalization

    def mean(self, name="mean"):
        with self._scope(name):
            return array_ops.expand_dims(self._total_count, -1) * self._probs

    def variance(self, name="variance"):
        with self._scope(name):
            return array_ops.expand_dims(self._total_count, -1) * self._probs * (1.0 - self._probs)


# ------------------------------------------------------------------------------------------------
# KL divergence registry
# ------------------------------------------------------------------------------------------------
_KL: dict = {}


class RegisterKL:
    """Mirrors ``tf.compat.v1.distributions.RegisterKL(dist_cls_a, dist_cls_b)``: a decorator registering
    ``kl_fn(a, b, name=None)`` for the pair (subclasses inherit it, the closest registration wins).

    Raises (when decorating):
      TypeError: ``kl_fn`` is not callable. ValueError: the pair is already registered."""

    def __init__(self, dist_cls_a, dist_cls_b):
        self._key = (dist_cls_a, dist_cls_b)

    def __call__(self, kl_fn):
        if not callable(kl_fn):
            raise TypeError(f"kl_fn must be callable, received: {kl_fn}")
        if self._key in _KL:
            raise ValueError(f"KL({self._key[0].__name__} || {self._key[1].__name__}) has already been registered "
                             f"to: {_KL[self._key]}")
        _KL[self._key] = kl_fn
        return kl_fn


def _lookup_kl(type_a, type_b):
    best, best_distance = None, None
    for i, a in enumerate(type_a.__mro__):
        for j, b in enumerate(type_b.__mro__):
            fn = _KL.get((a, b))
            if fn is not None and (best_distance is None or i + j < best_distance):
                best, best_distance = fn, i + j
    return best


def kl_divergence(distribution_a, distribution_b, allow_nan_stats=True, name=None):
    """Mirrors ``tf.compat.v1.distributions.kl_divergence``: the registered KL(a || b) of the closest pair of
    classes. Difference: ``allow_nan_stats=False`` adds no NaN assertion.

    Raises:
      NotImplementedError: no KL registered for the pair (TF's message)."""
    fn = _lookup_kl(type(distribution_a), type(distribution_b))
    if fn is None:
        raise NotImplementedError(f"No KL(distribution_a || distribution_b) registered for distribution_a type "
                                  f"{type(distribution_a).__name__} and distribution_b type "
                                  f"{type(distribution_b).__name__}")
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return fn(distribution_a, distribution_b, name=name)
    with graph.name_scope(name or "KullbackLeibler"):
        return fn(distribution_a, distribution_b, name=name)


@RegisterKL(core.Normal, core.Normal)
def _kl_normal_normal(a, b, name=None):
    return core.kl_divergence(a, b, name=name)


@RegisterKL(Gamma, Gamma)
def _kl_gamma_gamma(a, b, name=None):
    ca, cb, ra, rb = a.concentration, b.concentration, a.rate, b.rate
    return ((ca - cb) * math_ops.digamma(ca) + math_ops.lgamma(cb) - math_ops.lgamma(ca)
            + cb * math_ops.log(ra) - cb * math_ops.log(rb) + ca * (rb / ra - 1.0))


@RegisterKL(Beta, Beta)
def _kl_beta_beta(a, b, name=None):
    a1, a0, at = a.concentration1, a.concentration0, a.total_concentration
    b1, b0, bt = b.concentration1, b.concentration0, b.total_concentration
    return (b._log_normalization() - a._log_normalization() + (a1 - b1) * math_ops.digamma(a1)
            + (a0 - b0) * math_ops.digamma(a0) + (bt - at) * math_ops.digamma(at))


@RegisterKL(Categorical, Categorical)
def _kl_categorical_categorical(a, b, name=None):
    return reduction_ops.reduce_sum(
        nn_ops.softmax(a.logits) * (nn_ops.log_softmax(a.logits) - nn_ops.log_softmax(b.logits)), axis=-1)


@RegisterKL(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(a, b, name=None):
    ca, cb = a.concentration, b.concentration
    total_a = reduction_ops.reduce_sum(ca, axis=-1, keepdims=True)
    digamma_diff = math_ops.digamma(ca) - math_ops.digamma(total_a)
    return (reduction_ops.reduce_sum((ca - cb) * digamma_diff, axis=-1)
            - special_math_ops.lbeta(ca) + special_math_ops.lbeta(cb))

