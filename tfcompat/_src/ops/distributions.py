"""``tf.compat.v1.distributions.Normal`` and ``kl_divergence`` (mirrors TF's deprecated
``tensorflow/python/ops/distributions/normal.py``; TF 2.21 keeps tf.distributions only under compat.v1).

Formulas are TF's: ``log_prob = -z**2 / 2 - (log(2 pi) / 2 + log(scale))``, ``cdf = ndtr(z)``, entropy
``log(2 pi e) / 2 + log(scale)``, KL(a || b) = ``(mu_a - mu_b)**2 / (2 s_b**2) + (r - 1 - log r) / 2`` with
``r = s_a**2 / s_b**2``. Samples come from torch's generator (TF's RNG cannot be matched)."""
from __future__ import annotations

import contextlib
import math

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, random_ops
from tfcompat._src.ops._helpers import match_dtypes
from tfcompat._src.ops.layers_base import graph_name_scope

__all__ = ["Distribution", "Normal", "kl_divergence", "FULLY_REPARAMETERIZED", "NOT_REPARAMETERIZED",
           "ReparameterizationType"]


class ReparameterizationType:
    """Mirrors ``tf.compat.v1.distributions.ReparameterizationType``."""

    def __init__(self, rep_type: str):
        self._rep_type = rep_type

    def __repr__(self) -> str:
        return f"<Reparameterization Type: {self._rep_type}>"


FULLY_REPARAMETERIZED = ReparameterizationType("FULLY_REPARAMETERIZED")
NOT_REPARAMETERIZED = ReparameterizationType("NOT_REPARAMETERIZED")


def _ndtr(z):
    # TF's special_math.ndtr: 0.5 * (1 + erf(z / sqrt 2)) near 0, 0.5 * erfc(-z / sqrt 2) elsewhere.
    w = math_ops.multiply(z, 0.5 * math.sqrt(2.0))
    small = math_ops.less(math_ops.abs(w), 0.5 * math.sqrt(2.0))
    y = array_ops.where(math_ops.greater(w, 0.0), math_ops.subtract(2.0, math_ops.erfc(w)),
                        math_ops.erfc(math_ops.negative(w)))
    return array_ops.where(small, math_ops.add(1.0, math_ops.erf(w)), y) * 0.5


class Distribution:
    """Mirrors the parts of ``tf.compat.v1.distributions.Distribution`` used by ``Normal``."""

    reparameterization_type = NOT_REPARAMETERIZED

    def __init__(self, dtype, validate_args, allow_nan_stats, parameters, name):
        self._dtype, self._validate_args, self._allow_nan_stats = dtype, validate_args, allow_nan_stats
        # TF's name: the unique name scope opened for the distribution in a graph ('Normal_1/'), None eagerly.
        graph = ctx_lib.graph_mode_graph()
        scope = None
        if graph is not None and name is not None:
            with graph.name_scope(name) as scope:
                pass
        self._parameters, self._name, self._scope_name = parameters, name, scope

    def _method_scope(self, name):
        graph = ctx_lib.graph_mode_graph()
        if graph is None or self._scope_name is None:
            return contextlib.nullcontext()
        return graph_name_scope(self._scope_name + name)

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        """The distribution's graph name scope (``'Normal/'``), or None when built eagerly (as TF)."""
        return self._scope_name

    @property
    def parameters(self) -> dict:
        return dict(self._parameters)

    @property
    def validate_args(self) -> bool:
        return self._validate_args

    @property
    def allow_nan_stats(self) -> bool:
        return self._allow_nan_stats

    def prob(self, value, name="prob"):
        with self._method_scope(name):
            return math_ops.exp(self.log_prob(value))

    def survival_function(self, value, name="survival_function"):
        with self._method_scope(name):
            return math_ops.subtract(1.0, self.cdf(value))

    def log_cdf(self, value, name="log_cdf"):
        with self._method_scope(name):
            return math_ops.log(self.cdf(value))

    def variance(self, name="variance"):
        with self._method_scope(name):
            return math_ops.square(self.stddev())

    def cross_entropy(self, other, name="cross_entropy"):
        with self._method_scope(name):
            return math_ops.add(self.entropy(), self.kl_divergence(other))

    def kl_divergence(self, other, name="kl_divergence"):
        return kl_divergence(self, other, name=name)


class Normal(Distribution):
    """Mirrors ``tf.compat.v1.distributions.Normal(loc, scale)``: batch shape = broadcast(loc, scale)."""

    reparameterization_type = FULLY_REPARAMETERIZED

    def __init__(self, loc, scale, validate_args=False, allow_nan_stats=True, name="Normal"):
        loc, scale = match_dtypes(loc, scale)
        if not loc.dtype.is_floating:   # python ints: TF's Normal wants floats
            loc, scale = math_ops.cast(loc, dtypes.float32), math_ops.cast(scale, dtypes.float32)
        if loc.dtype is not scale.dtype:
            raise TypeError(f"loc and scale must have the same dtype, got {loc.dtype.name} and "
                            f"{scale.dtype.name}")
        self._loc, self._scale = array_ops.identity(loc, name="loc"), array_ops.identity(scale, name="scale")
        super().__init__(loc.dtype, validate_args, allow_nan_stats, {"loc": loc, "scale": scale}, name)

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    @property
    def batch_shape(self) -> TensorShape:
        a, b = self._loc.shape, self._scale.shape
        if a.rank is None or b.rank is None:
            return TensorShape(None)
        return _broadcast_static(a.as_list(), b.as_list())

    @property
    def event_shape(self) -> TensorShape:
        return TensorShape([])

    def batch_shape_tensor(self, name="batch_shape_tensor"):
        return array_ops.shape(math_ops.add(self._loc, self._scale))

    def event_shape_tensor(self, name="event_shape_tensor"):
        return convert_to_tensor([], dtype=dtypes.int32)

    def _z(self, x):
        return math_ops.truediv(math_ops.subtract(x, self._loc), self._scale)

    def _value(self, value):
        return convert_to_tensor(value, dtype=self._dtype) if not isinstance(value, Tensor) else value

    def sample(self, sample_shape=(), seed=None, name="sample"):
        """Draws ``sample_shape + batch_shape`` values: ``loc + scale * N(0, 1)`` (reparameterized)."""
        with self._method_scope(name):
            sample_shape = [sample_shape] if isinstance(sample_shape, int) else list(sample_shape) \
                if isinstance(sample_shape, (list, tuple)) else sample_shape
            batch = self.batch_shape
            if isinstance(sample_shape, list) and batch.is_fully_defined():
                shape = sample_shape + batch.as_list()
            else:
                shape = array_ops.concat([math_ops.cast(convert_to_tensor(sample_shape), dtypes.int32)
                                          if not isinstance(sample_shape, list) or sample_shape else
                                          convert_to_tensor([], dtype=dtypes.int32),
                                          self.batch_shape_tensor()], 0)
            eps = random_ops.random_normal(shape, dtype=self._dtype, seed=seed)
            return math_ops.add(math_ops.multiply(eps, self._scale), self._loc)

    def log_prob(self, value, name="log_prob"):
        with self._method_scope(name):
            z = self._z(self._value(value))
            log_norm = math_ops.add(0.5 * math.log(2.0 * math.pi), math_ops.log(self._scale))
            return math_ops.subtract(math_ops.multiply(-0.5, math_ops.square(z)), log_norm)

    def cdf(self, value, name="cdf"):
        with self._method_scope(name):
            return _ndtr(self._z(self._value(value)))

    def survival_function(self, value, name="survival_function"):
        with self._method_scope(name):
            return _ndtr(math_ops.negative(self._z(self._value(value))))

    def entropy(self, name="entropy"):
        with self._method_scope(name):
            scale = math_ops.multiply(self._scale, array_ops.ones_like(self._loc))
            return math_ops.add(0.5 * math.log(2.0 * math.pi * math.e), math_ops.log(scale))

    def mean(self, name="mean"):
        with self._method_scope(name):
            return math_ops.multiply(self._loc, array_ops.ones_like(self._scale))

    def mode(self, name="mode"):
        return self.mean(name=name)

    def stddev(self, name="stddev"):
        with self._method_scope(name):
            return math_ops.multiply(self._scale, array_ops.ones_like(self._loc))


def _broadcast_static(a, b):
    n = max(len(a), len(b))
    a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x is None or y is None:
            out.append(None if (x in (None, 1) and y in (None, 1)) or x is None and y is None else
                       (x if y in (None, 1) else y))
        elif x == 1 or y == 1 or x == y:
            out.append(max(x, y) if 1 in (x, y) else x)
        else:
            raise ValueError(f"Incompatible shapes for broadcasting: {a} and {b}")
    return TensorShape(out)


def kl_divergence(distribution_a, distribution_b, allow_nan_stats=True, name=None):
    """Mirrors ``tf.compat.v1.distributions.kl_divergence`` (registered only for Normal || Normal here)."""
    if not (isinstance(distribution_a, Normal) and isinstance(distribution_b, Normal)):
        raise NotImplementedError(f"No KL(distribution_a || distribution_b) registered for distribution_a type "
                                  f"{type(distribution_a).__name__} and distribution_b type "
                                  f"{type(distribution_b).__name__}")
    with graph_name_scope(name or "kl_normal_normal"):
        s_a2, s_b2 = math_ops.square(distribution_a.scale), math_ops.square(distribution_b.scale)
        ratio = math_ops.truediv(s_a2, s_b2)
        return math_ops.add(
            math_ops.truediv(math_ops.squared_difference(distribution_a.loc, distribution_b.loc),
                             math_ops.multiply(2.0, s_b2)),
            math_ops.multiply(0.5, math_ops.subtract(math_ops.subtract(ratio, 1.0), math_ops.log(ratio))))
