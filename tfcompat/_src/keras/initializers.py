"""``tf.keras.initializers`` (mirrors tf-keras 2.21's ``initializers/initializers.py``; in TF 2.21
``tf.initializers`` is this module) with ``get``/``serialize``/``deserialize``.

The classes are the TF2 initializers of ``ops/init_ops_v2`` with Keras's call rules added: ``dtype=None`` means
``backend.floatx()``; random initializers reject non-float dtypes (RandomUniform also takes integers) and are
deterministic per instance: every call of one instance draws the same values (Keras's stateless generator; an
unseeded instance takes its seed on its first draw, from ``tf.keras.utils.set_random_seed``'s generator when one
is set, and warns when called twice). As in tf-keras, every draw is a ``tf.random.stateless_*`` op with seed
``[seed, 0]``, so seeded initializers (and unseeded ones after ``set_random_seed``) give TF's exact numbers."""
from __future__ import annotations

import math
import warnings

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.keras import backend, initializers_v1, object_config
from tfcompat._src.keras.random_generator import RandomGenerator
from tfcompat._src.ops import array_ops, init_ops, init_ops_v2, layers_base, linalg_decomp_ops, linalg_ops, math_ops

__all__ = [
    "Initializer", "Zeros", "Ones", "Constant", "RandomUniform", "RandomNormal", "TruncatedNormal",
    "VarianceScaling", "Orthogonal", "Identity", "GlorotUniform", "GlorotNormal", "HeNormal", "HeUniform",
    "LecunNormal", "LecunUniform", "zeros", "ones", "constant", "random_uniform", "random_normal",
    "truncated_normal", "variance_scaling", "orthogonal", "identity", "glorot_uniform", "glorot_normal",
    "he_normal", "he_uniform", "lecun_normal", "lecun_uniform", "serialize", "deserialize", "get",
]

_ALLOWED_KWARGS = ("partition_shape", "partition_offset", "layout")


def _keras_dtype(dtype):
    return dtypes.as_dtype(backend.floatx() if dtype is None else dtype)


def _float_dtype(dtype):
    dtype = _keras_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Expected floating point type, got {dtype!r}.")
    return dtype


def _check_kwargs(cls_name, kwargs, support_partition=True):
    for kwarg in kwargs:
        if kwarg not in _ALLOWED_KWARGS:
            raise TypeError(f"Unknown keyword arguments: {kwarg}. Allowed keyword arguments: {_ALLOWED_KWARGS}.")
        if not support_partition and kwarg in ("partition_shape", "partition_offset"):
            raise ValueError(f"{cls_name} initializer doesn't support partition-related arguments.")


def _shape(shape, kwargs):
    return init_ops._shape_list(kwargs.get("partition_shape", shape))


def _nonce(kwargs):
    # tf-keras folds hash(partition_offset) into the seed of a partition's draw (and does not warn on reuse).
    offset = kwargs.get("partition_offset")
    return hash(offset) if offset else None


class Initializer(init_ops.Initializer):
    """Mirrors ``tf.keras.initializers.Initializer``: ``__call__(shape, dtype=None, **kwargs)`` returns the
    initial value; ``get_config``/``from_config`` (a ``dtype`` entry is dropped)."""

    def __call__(self, shape, dtype=None, **kwargs):
        raise NotImplementedError("Initializer subclasses must implement the `__call__()` method.")

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)

    def _warn_reuse(self):
        if getattr(self, "_used", False):
            if getattr(self, "seed", None) is None:
                warnings.warn(f"The initializer {self.__class__.__name__} is unseeded and being called multiple "
                              f"times, which will return identical values each time (even if the initializer is "
                              f"unseeded). Please update your code to provide a seed to the initializer, or avoid "
                              f"using the same initializer instance more than once.", stacklevel=3)
        else:
            self._used = True


class _StatelessDraws:
    """tf-keras's ``backend.RandomGenerator(seed, rng_type="stateless")`` behind a random initializer."""

    def _init_generator(self):
        self._random_generator = RandomGenerator(self.seed, rng_type=RandomGenerator.RNG_STATELESS)

    def _maybe_warn_reuse(self, kwargs):
        if kwargs.get("partition_offset") is None:
            self._warn_reuse()


class Zeros(init_ops_v2.Zeros, Initializer):
    """Mirrors ``tf.keras.initializers.Zeros`` (numeric and bool dtypes)."""

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs)
        dtype = _keras_dtype(dtype)
        if dtype is dtypes.string:
            raise ValueError(f"Expected numeric or boolean dtype, got {dtype!r}.")
        return array_ops.zeros(_shape(shape, kwargs), dtype)


class Ones(init_ops_v2.Ones, Initializer):
    """Mirrors ``tf.keras.initializers.Ones`` (numeric and bool dtypes)."""

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs)
        dtype = _keras_dtype(dtype)
        if dtype is dtypes.string:
            raise ValueError(f"Expected numeric or boolean dtype, got {dtype!r}.")
        return array_ops.ones(_shape(shape, kwargs), dtype)


class Constant(init_ops_v2.Constant, Initializer):
    """Mirrors ``tf.keras.initializers.Constant(value=0)``: the value in ``dtype`` (``floatx()`` by default)."""

    def __init__(self, value=0):
        init_ops_v2.Constant.__init__(self, value)

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs)
        return array_ops.constant(self.value, dtype=_keras_dtype(dtype), shape=_shape(shape, kwargs))


class RandomUniform(init_ops_v2.RandomUniform, Initializer, _StatelessDraws):
    """Mirrors ``tf.keras.initializers.RandomUniform(minval=-0.05, maxval=0.05, seed=None)`` (float or integer
    dtypes)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        init_ops_v2.RandomUniform.__init__(self, minval, maxval, seed)
        self._init_generator()

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs)
        dtype = _keras_dtype(dtype)
        if not dtype.is_floating and not dtype.is_integer:
            raise ValueError(f"Expected float or integer dtype, got {dtype!r}.")
        self._maybe_warn_reuse(kwargs)
        return self._random_generator.random_uniform(_shape(shape, kwargs), self.minval, self.maxval, dtype,
                                                     _nonce(kwargs))


class RandomNormal(init_ops_v2.RandomNormal, Initializer, _StatelessDraws):
    """Mirrors ``tf.keras.initializers.RandomNormal(mean=0.0, stddev=0.05, seed=None)``."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        init_ops_v2.RandomNormal.__init__(self, mean, stddev, seed)
        self._init_generator()

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs)
        dtype = _float_dtype(dtype)
        self._maybe_warn_reuse(kwargs)
        return self._random_generator.random_normal(_shape(shape, kwargs), self.mean, self.stddev, dtype,
                                                    _nonce(kwargs))


class TruncatedNormal(init_ops_v2.TruncatedNormal, Initializer, _StatelessDraws):
    """Mirrors ``tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.05, seed=None)`` (values beyond two
    standard deviations are redrawn)."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        init_ops_v2.TruncatedNormal.__init__(self, mean, stddev, seed)
        self._init_generator()

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs)
        dtype = _float_dtype(dtype)
        self._maybe_warn_reuse(kwargs)
        return self._random_generator.truncated_normal(_shape(shape, kwargs), self.mean, self.stddev, dtype,
                                                       _nonce(kwargs))


class VarianceScaling(init_ops_v2.VarianceScaling, Initializer, _StatelessDraws):
    """Mirrors ``tf.keras.initializers.VarianceScaling(scale=1.0, mode='fan_in',
    distribution='truncated_normal', seed=None)`` ('normal' means 'truncated_normal').

    Raises:
      ValueError: ``scale`` <= 0, or an unknown ``mode``/``distribution`` (Keras's messages)."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None):
        if scale <= 0.0:
            raise ValueError(f"`scale` must be positive float. Received: scale={scale}.")
        allowed_modes = {"fan_in", "fan_out", "fan_avg"}
        if mode not in allowed_modes:
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of the {allowed_modes}.")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        allowed = {"uniform", "truncated_normal", "untruncated_normal"}
        if distribution not in allowed:
            raise ValueError(f"Invalid `distribution` argument: {distribution}.Allowed distributions: {allowed}.")
        init_ops_v2.VarianceScaling.__init__(self, scale, mode, distribution, seed)
        self._init_generator()

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs)
        dtype = _float_dtype(dtype)
        shape = _shape(shape, kwargs)
        self._maybe_warn_reuse(kwargs)
        fan_in, fan_out = init_ops._compute_fans(shape)
        if self.mode == "fan_in":
            scale = self.scale / max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale = self.scale / max(1.0, fan_out)
        else:
            scale = self.scale / max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == "truncated_normal":
            # The standard deviation of a unit normal truncated to [-2, 2].
            stddev = math.sqrt(scale) / 0.87962566103423978
            return self._random_generator.truncated_normal(shape, 0.0, stddev, dtype, _nonce(kwargs))
        if self.distribution == "untruncated_normal":
            return self._random_generator.random_normal(shape, 0.0, math.sqrt(scale), dtype, _nonce(kwargs))
        limit = math.sqrt(3.0 * scale)
        return self._random_generator.random_uniform(shape, -limit, limit, dtype, _nonce(kwargs))


def _preset(class_name, scale, mode, distribution, doc):
    def __init__(self, seed=None):
        VarianceScaling.__init__(self, scale=scale, mode=mode, distribution=distribution, seed=seed)

    def get_config(self):
        return {"seed": self.seed}
    return type(class_name, (VarianceScaling,), {"__init__": __init__, "get_config": get_config, "__doc__": doc,
                                                 "__module__": __name__, "__qualname__": class_name})


GlorotUniform = _preset("GlorotUniform", 1.0, "fan_avg", "uniform",
                        "Mirrors ``tf.keras.initializers.GlorotUniform(seed=None)``: U(-l, l), "
                        "l = sqrt(6 / (fan_in + fan_out)).")
GlorotNormal = _preset("GlorotNormal", 1.0, "fan_avg", "truncated_normal",
                       "Mirrors ``tf.keras.initializers.GlorotNormal(seed=None)``.")
HeNormal = _preset("HeNormal", 2.0, "fan_in", "truncated_normal",
                   "Mirrors ``tf.keras.initializers.HeNormal(seed=None)``.")
HeUniform = _preset("HeUniform", 2.0, "fan_in", "uniform", "Mirrors ``tf.keras.initializers.HeUniform(seed=None)``.")
LecunNormal = _preset("LecunNormal", 1.0, "fan_in", "truncated_normal",
                      "Mirrors ``tf.keras.initializers.LecunNormal(seed=None)``.")
LecunUniform = _preset("LecunUniform", 1.0, "fan_in", "uniform",
                       "Mirrors ``tf.keras.initializers.LecunUniform(seed=None)``.")


class Orthogonal(Initializer, _StatelessDraws):
    """Mirrors ``tf.keras.initializers.Orthogonal(gain=1.0, seed=None)``: ``gain`` times an orthogonal matrix
    (rows or columns orthonormal) reshaped to ``shape``: ``q * sign(diag(r))`` of the QR of a stateless normal
    draw (equal to TF's up to the QR kernel's rounding).

    Raises:
      ValueError: ``shape`` has rank < 2."""

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        self.seed = seed
        self._init_generator()

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs, support_partition=False)
        dtype = _float_dtype(dtype)
        shape = init_ops._shape_list(shape)
        if len(shape) < 2:
            raise ValueError(f"The tensor to initialize must be at least two-dimensional. Received: "
                             f"shape={tuple(shape)} of rank {len(shape)}.")
        self._warn_reuse()
        num_rows = int(np.prod(shape[:-1]))
        num_cols = shape[-1]
        flat_shape = [max(num_cols, num_rows), min(num_cols, num_rows)]
        a = self._random_generator.random_normal(flat_shape, dtype=dtype)
        q, r = linalg_decomp_ops.qr(a, full_matrices=False)
        q = math_ops.multiply(q, math_ops.sign(linalg_ops.tensor_diag_part(r)))
        if num_rows < num_cols:
            q = array_ops.matrix_transpose(q)
        return math_ops.multiply(_gain(self.gain, dtype), array_ops.reshape(q, shape))

    def get_config(self) -> dict:
        return {"gain": self.gain, "seed": self.seed}


class Identity(Initializer):
    """Mirrors ``tf.keras.initializers.Identity(gain=1.0)``: ``gain * eye(rows, cols)``.

    Raises:
      ValueError: ``shape`` is not 2-D."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None, **kwargs):
        _check_kwargs(type(self).__name__, kwargs, support_partition=False)
        dtype = _float_dtype(dtype)
        shape = init_ops._shape_list(shape)
        if len(shape) != 2:
            raise ValueError(f"Identity matrix initializer can only be used for 2D matrices. Received: "
                             f"shape={tuple(shape)} of rank {len(shape)}.")
        return math_ops.multiply(_gain(self.gain, dtype), linalg_ops.eye(*shape, dtype=dtype))

    def get_config(self) -> dict:
        return {"gain": self.gain}


def _gain(gain, dtype):
    return array_ops.constant(gain, dtype=dtype)


# Keras's snake_case names are the classes themselves.
zeros = Zeros
ones = Ones
constant = Constant
random_uniform = RandomUniform
random_normal = RandomNormal
truncated_normal = TruncatedNormal
variance_scaling = VarianceScaling
orthogonal = Orthogonal
identity = Identity
glorot_uniform = GlorotUniform
glorot_normal = GlorotNormal
he_normal = HeNormal
he_uniform = HeUniform
lecun_normal = LecunNormal
lecun_uniform = LecunUniform


def _module_objects() -> dict:
    # tf-keras resolves names to the TF1 init_ops initializers while TF2 behaviour is off (disable_v2_behavior).
    if ctx_lib.v2_behavior():
        objects = object_config.module_objects(globals(), __all__)
    else:
        objects = initializers_v1.v1_objects()
    # tf-keras also resolves these older names.
    objects.update(normal=objects["random_normal"], uniform=objects["random_uniform"], one=objects["ones"],
                   zero=objects["zeros"])
    return objects


def serialize(initializer, use_legacy_format=False):
    """Mirrors ``tf.keras.initializers.serialize``."""
    # tf-keras warns for what is not an instance of a class of its name table: the TF2 classes, and TF1's
    # classes too without TF2 behaviour.
    classes = (Initializer,) + tuple(v for v in _module_objects().values() if isinstance(v, type))
    return object_config.serialize_object(initializer, use_legacy_format, "initializers", "Initializer", classes)


def deserialize(config, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.initializers.deserialize``: an initializer instance from a name or config."""
    return object_config.deserialize_keras_object(config, _module_objects(), custom_objects, "initializer",
                                                  legacy=use_legacy_format)


def get(identifier):
    """Mirrors ``tf.keras.initializers.get``: None, a name ('glorot_uniform'), a config, a class (instantiated)
    or a callable. Under ``disable_v2_behavior()`` names and configs give the TF1 initializers (see
    ``initializers_v1``), as tf-keras does.

    Raises:
      ValueError: anything else, or an unknown name."""
    return object_config.get_object(identifier, deserialize, "initializer", names="class_config",
                                    instantiate_classes=True)


# tf.compat.v1.layers take initializers by name or config as Keras layers do (ops/layers_base.py).
layers_base.INITIALIZER_RESOLVERS.append(get)
