"""The initializers ``tf.keras.initializers.get``/``deserialize`` give under TF1 behaviour (mirrors tf-keras 2.21's
``initializers/initializers_v1.py`` and the v1 branch of ``initializers/__init__.py``'s
``populate_deserializable_objects``): after ``tf.compat.v1.disable_v2_behavior()`` Keras names resolve to the TF1
``init_ops`` initializers (``tf.compat.v1.glorot_uniform_initializer`` etc.), whose draws follow the graph-level
seed (``tf.compat.v1.set_random_seed``), so a Keras layer's default kernel equals ``get_variable``'s.

The Keras v1 ``RandomNormal``/``RandomUniform``/``TruncatedNormal`` are the TF1 classes with Keras's defaults
(stddev 0.05, range [-0.05, 0.05]); ``He*``/``Lecun*`` are ``variance_scaling_initializer`` presets whose config
is ``{"seed": seed}``."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.ops import init_ops, init_ops_v1_more

__all__ = ["RandomNormal", "RandomUniform", "TruncatedNormal", "HeNormal", "HeUniform", "LecunNormal",
           "LecunUniform", "v1_objects"]


class RandomNormal(init_ops.RandomNormal):
    """Mirrors tf-keras's v1 ``RandomNormal(mean=0.0, stddev=0.05, seed=None, dtype=tf.float32)``."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(mean=mean, stddev=stddev, seed=seed, dtype=dtype)


class RandomUniform(init_ops.RandomUniform):
    """Mirrors tf-keras's v1 ``RandomUniform(minval=-0.05, maxval=0.05, seed=None, dtype=tf.float32)``."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(minval=minval, maxval=maxval, seed=seed, dtype=dtype)


class TruncatedNormal(init_ops.TruncatedNormal):
    """Mirrors tf-keras's v1 ``TruncatedNormal(mean=0.0, stddev=0.05, seed=None, dtype=tf.float32)``."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(mean=mean, stddev=stddev, seed=seed, dtype=dtype)


def _preset(class_name, scale, mode, distribution):
    def __init__(self, seed=None):
        init_ops.VarianceScaling.__init__(self, scale=scale, mode=mode, distribution=distribution, seed=seed)

    def get_config(self):
        return {"seed": self.seed}
    doc = (f"Mirrors tf-keras's v1 ``{class_name}(seed=None)``: ``variance_scaling_initializer(scale={scale}, "
           f"mode='{mode}', distribution='{distribution}')``.")
    return type(class_name, (init_ops.VarianceScaling,), {"__init__": __init__, "get_config": get_config,
                                                           "__doc__": doc, "__module__": __name__,
                                                           "__qualname__": class_name})


LecunNormal = _preset("LecunNormal", 1.0, "fan_in", "truncated_normal")
LecunUniform = _preset("LecunUniform", 1.0, "fan_in", "uniform")
HeNormal = _preset("HeNormal", 2.0, "fan_in", "truncated_normal")
HeUniform = _preset("HeUniform", 2.0, "fan_in", "uniform")


def v1_objects() -> dict:
    """tf-keras's v1 name table: each class under its name and its snake_case name."""
    classes = {
        "Constant": init_ops.Constant, "GlorotNormal": init_ops.GlorotNormal, "GlorotUniform": init_ops.GlorotUniform,
        "Identity": init_ops_v1_more.Identity, "Ones": init_ops.Ones, "Orthogonal": init_ops_v1_more.Orthogonal,
        "VarianceScaling": init_ops.VarianceScaling, "Zeros": init_ops.Zeros, "HeNormal": HeNormal,
        "HeUniform": HeUniform, "LecunNormal": LecunNormal, "LecunUniform": LecunUniform,
        "RandomNormal": RandomNormal, "RandomUniform": RandomUniform, "TruncatedNormal": TruncatedNormal,
    }
    snake = {"GlorotNormal": "glorot_normal", "GlorotUniform": "glorot_uniform", "HeNormal": "he_normal",
             "HeUniform": "he_uniform", "LecunNormal": "lecun_normal", "LecunUniform": "lecun_uniform",
             "RandomNormal": "random_normal", "RandomUniform": "random_uniform",
             "TruncatedNormal": "truncated_normal", "VarianceScaling": "variance_scaling"}
    objects = dict(classes)
    for name, cls in classes.items():
        objects[snake.get(name, name.lower())] = cls
    return objects
