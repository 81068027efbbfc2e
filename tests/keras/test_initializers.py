"""tf.keras.initializers against tf-keras 2.21 (the oracle): exact values of the deterministic initializers and
of the seeded random ones (Keras draws ``tf.random.stateless_*`` with seed ``[seed, 0]``), and for large draws the
distribution (bounds, mean and standard deviation checked inside the program); Keras's per-instance determinism;
configs, get/serialize/deserialize, errors. tf.initializers is the same module in TF 2.21."""
from __future__ import annotations

import math

import numpy as np
import pytest

SHAPE = (200, 300)          # fan_in 200, fan_out 300
CONV_SHAPE = (3, 3, 40, 60)  # receptive field 9: fan_in 360, fan_out 540


def _normal_std(scale, fan):
    return math.sqrt(scale / fan)


# (id, constructor, shape, kind, expected spread): kind 'uniform' -> spread is the limit; else the stddev.
RANDOM = [
    ("random_uniform", lambda I: I.RandomUniform(-0.2, 0.3, seed=1), SHAPE, "uniform_range", (-0.2, 0.3)),
    ("random_uniform_default", lambda I: I.RandomUniform(seed=2), SHAPE, "uniform_range", (-0.05, 0.05)),
    ("random_normal", lambda I: I.RandomNormal(mean=1.0, stddev=0.5, seed=3), SHAPE, "normal", (1.0, 0.5)),
    ("truncated_normal", lambda I: I.TruncatedNormal(stddev=0.5, seed=4), SHAPE, "truncated", (0.0, 0.5)),
    ("glorot_uniform", lambda I: I.GlorotUniform(seed=5), SHAPE, "uniform_range",
     (-math.sqrt(6 / 500), math.sqrt(6 / 500))),
    ("glorot_normal", lambda I: I.GlorotNormal(seed=6), SHAPE, "truncated", (0.0, math.sqrt(2 / 500) / .87962566)),
    ("he_uniform", lambda I: I.HeUniform(seed=7), CONV_SHAPE, "uniform_range",
     (-math.sqrt(6 / 360), math.sqrt(6 / 360))),
    ("he_normal", lambda I: I.HeNormal(seed=8), CONV_SHAPE, "truncated", (0.0, math.sqrt(2 / 360) / .87962566)),
    ("lecun_uniform", lambda I: I.LecunUniform(seed=9), SHAPE, "uniform_range",
     (-math.sqrt(3 / 200), math.sqrt(3 / 200))),
    ("lecun_normal", lambda I: I.LecunNormal(seed=10), SHAPE, "truncated", (0.0, math.sqrt(1 / 200) / .87962566)),
    ("variance_scaling_fan_out", lambda I: I.VarianceScaling(2.0, "fan_out", "untruncated_normal", seed=11),
     CONV_SHAPE, "normal", (0.0, _normal_std(2.0, 540))),
    ("variance_scaling_normal_alias", lambda I: I.VarianceScaling(0.5, "fan_avg", "normal", seed=12), SHAPE,
     "truncated", (0.0, math.sqrt(0.5 / 250) / .87962566)),
]


@pytest.mark.parametrize("case", RANDOM, ids=[c[0] for c in RANDOM])
def test_random_initializer_distributions(oracle, case):
    _, make, shape, kind, spread = case

    def prog(tf):
        init = make(tf.keras.initializers)
        value = init(shape)
        again = init(shape)                                   # Keras: the same values on every call
        other = make(tf.keras.initializers)(shape)            # same seed, new instance: the same values too
        v = value.numpy().astype(np.float64)
        if kind == "uniform_range":
            lo, hi = spread
            width = hi - lo
            stats = [bool(v.min() >= lo), bool(v.max() < hi), abs(v.mean() - (lo + hi) / 2) < 0.02 * width,
                     abs(v.std() / (width / math.sqrt(12)) - 1) < 0.03]
        else:
            mean, std = spread
            bound = 2 * std if kind == "truncated" else 10 * std
            # a normal truncated at 2 stddev has stddev 0.8796 of the untruncated one
            want_std = std * (0.87962566 if kind == "truncated" else 1.0)
            stats = [bool(np.abs(v - mean).max() <= bound * 1.0001), abs(v.mean() - mean) < 0.02 * std,
                     abs(v.std() / want_std - 1) < 0.03]
        return (value.shape, value.dtype, stats, bool(np.array_equal(value.numpy(), again.numpy())),
                bool(np.array_equal(value.numpy(), other.numpy())), init.get_config())
    oracle.check(prog)


# Small draws compared value for value with tf-keras's (TF's Philox stateless kernels).
SEEDED = {
    "random_uniform": lambda I: I.RandomUniform(-0.2, 0.3, seed=1)((3, 4)),
    "random_uniform_int": lambda I: I.RandomUniform(0, 10, seed=2)((7,), dtype="int32"),
    "random_normal": lambda I: I.RandomNormal(mean=1.0, stddev=0.5, seed=3)((3, 4)),
    "random_normal_float64": lambda I: I.RandomNormal(seed=3)((5,), dtype="float64"),
    "truncated_normal": lambda I: I.TruncatedNormal(stddev=0.5, seed=4)((4, 3)),
    "glorot_uniform": lambda I: I.GlorotUniform(seed=5)((3, 4)),
    "glorot_normal": lambda I: I.GlorotNormal(seed=6)((3, 4)),
    "he_uniform_conv": lambda I: I.HeUniform(seed=7)((2, 2, 3, 2)),
    "he_normal_conv": lambda I: I.HeNormal(seed=8)((2, 2, 3, 2)),
    "lecun_uniform": lambda I: I.LecunUniform(seed=9)((4,)),
    "lecun_normal": lambda I: I.LecunNormal(seed=10)((2, 3)),
    "variance_scaling_untruncated":
        lambda I: I.VarianceScaling(2.0, "fan_out", "untruncated_normal", seed=11)((3, 3)),
    "variance_scaling_scalar": lambda I: I.VarianceScaling(seed=12)(()),
    "seed_zero": lambda I: I.GlorotUniform(seed=0)((2, 3)),
    "partition": lambda I: I.RandomNormal(seed=13)((4, 2), partition_shape=(2, 2), partition_offset=(0, 2)),
}


@pytest.mark.parametrize("case", sorted(SEEDED))
def test_seeded_draws_are_tfs(oracle, case):
    oracle.check(lambda tf: SEEDED[case](tf.keras.initializers))


@pytest.mark.parametrize("shape", [(3, 3), (4, 2), (2, 2, 3)])
def test_seeded_orthogonal_is_tfs(oracle, shape):
    # QR in TF (Eigen) and tfcompat (LAPACK) round differently: float tolerance.
    oracle.check(lambda tf: tf.keras.initializers.Orthogonal(gain=2.0, seed=4)(shape), rtol=1e-5, atol=1e-6)


def test_unseeded_instances_differ_and_float64(oracle):
    def prog(tf):
        I = tf.keras.initializers
        a, b = I.GlorotUniform()((50, 50)), I.GlorotUniform()((50, 50))
        c = I.RandomNormal(seed=1)((3,), dtype="float64")
        d = I.RandomUniform(0, 10, seed=1)((1000,), dtype="int32")
        return (bool(np.array_equal(a.numpy(), b.numpy())), c.dtype, d.dtype, bool(d.numpy().min() >= 0),
                bool(d.numpy().max() <= 9), len(np.unique(d.numpy())))
    oracle.check(prog)


@pytest.mark.parametrize("case", ["zeros", "ones", "constant", "constant_list", "identity", "identity_gain",
                                  "zeros_int", "ones_bool", "constant_int"])
def test_deterministic_values(oracle, case):
    def prog(tf):
        I = tf.keras.initializers
        return {
            "zeros": lambda: I.Zeros()((2, 3)),
            "ones": lambda: I.Ones()((3,), dtype="float64"),
            "constant": lambda: I.Constant(2.5)((2, 2)),
            "constant_list": lambda: I.Constant([1.0, 2.0, 3.0])((3,)),
            "identity": lambda: I.Identity()((3, 3)),
            "identity_gain": lambda: I.Identity(gain=2.0)((2, 4)),
            "zeros_int": lambda: I.Zeros()((2,), dtype="int32"),
            "ones_bool": lambda: I.Ones()((2,), dtype="bool"),
            "constant_int": lambda: I.Constant(3)((2,), dtype="int64"),
        }[case]()
    oracle.check(prog)


@pytest.mark.parametrize("shape", [(4, 4), (6, 3), (3, 6), (2, 3, 5)])
def test_orthogonal(oracle, shape):
    def prog(tf):
        init = tf.keras.initializers.Orthogonal(gain=1.5, seed=3)
        q = init(shape).numpy().reshape(-1, shape[-1]).astype(np.float64)
        small = q.T @ q if q.shape[0] >= q.shape[1] else q @ q.T
        return init(shape).shape, bool(np.allclose(small, 2.25 * np.eye(len(small)), atol=1e-5)), \
            bool(np.array_equal(init(shape).numpy(), init(shape).numpy()))
    oracle.check(prog)


def test_configs_and_identifiers(oracle):
    classes = ["Zeros", "Ones", "Constant", "RandomUniform", "RandomNormal", "TruncatedNormal", "VarianceScaling",
               "Orthogonal", "Identity", "GlorotUniform", "GlorotNormal", "HeNormal", "HeUniform", "LecunNormal",
               "LecunUniform"]
    aliases = ["zeros", "ones", "constant", "random_uniform", "random_normal", "truncated_normal",
               "variance_scaling", "orthogonal", "identity", "glorot_uniform", "glorot_normal", "he_normal",
               "he_uniform", "lecun_normal", "lecun_uniform", "uniform", "normal", "one", "zero"]

    def prog(tf):
        I = tf.keras.initializers
        configs = [getattr(I, c)().get_config() for c in classes]
        by_alias = [type(I.get(a)).__name__ for a in aliases]
        serialized = I.serialize(I.VarianceScaling(scale=0.5, mode="fan_out", distribution="uniform", seed=4))
        back = I.deserialize(serialized).get_config()
        legacy = I.get({"class_name": "RandomNormal", "config": {"stddev": 2.0, "seed": 1}}).get_config()
        from_class = type(I.get(I.HeUniform)).__name__
        return (configs, by_alias, serialized, back, legacy, from_class, I.get(None),
                tf.initializers.GlorotUniform is I.GlorotUniform,
                I.Constant.from_config({"value": 4.0, "dtype": "float32"}).get_config())
    oracle.check(prog)


@pytest.mark.parametrize("case", ["normal_int", "variance_int", "uniform_bool", "orthogonal_rank1", "identity_3d",
                                  "bad_scale", "bad_mode", "bad_distribution", "unknown", "bad_identifier",
                                  "bad_kwarg"])
def test_errors(oracle, case):
    def prog(tf):
        I = tf.keras.initializers
        return {
            "normal_int": lambda: I.RandomNormal()((2,), dtype="int32"),
            "variance_int": lambda: I.GlorotUniform()((2, 2), dtype="int32"),
            "uniform_bool": lambda: I.RandomUniform()((2,), dtype="bool"),
            "orthogonal_rank1": lambda: I.Orthogonal()((4,)),
            "identity_3d": lambda: I.Identity()((2, 2, 2)),
            "bad_scale": lambda: I.VarianceScaling(scale=0.0),
            "bad_mode": lambda: I.VarianceScaling(mode="fan_max"),
            "bad_distribution": lambda: I.VarianceScaling(distribution="cauchy"),
            "unknown": lambda: I.get("no_such_initializer"),
            "bad_identifier": lambda: I.get(5),
            "bad_kwarg": lambda: I.Zeros()((2,), partition="x"),
        }[case]()
    oracle.check(prog)


def test_used_by_variables_in_graph_mode(oracle):
    def prog(v1):
        init = v1.keras.initializers.Constant(1.5)
        w = v1.Variable(lambda: init((2, 2)), name="w")
        u = v1.get_variable("u", shape=(3,), initializer=v1.keras.initializers.Ones())
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run([w, u])
    oracle.check_v1(prog)


def _v1_keras_model(v1):
    """A model built after disable_v2_behavior (tf-keras: names resolve to the TF1 init_ops initializers)."""
    v1.set_random_seed(3)
    K = v1.keras
    model = K.Sequential([K.layers.Conv2D(2, 2, input_shape=(4, 4, 1)), K.layers.Flatten(),
                          K.layers.Dense(3, kernel_initializer="he_normal", bias_initializer="random_uniform"),
                          K.layers.Dense(2, kernel_initializer=K.initializers.get({"class_name": "RandomNormal",
                                                                                 "config": {"seed": 4}})),
                          K.layers.Embedding(5, 2)])
    glorot = v1.glorot_uniform_initializer()([2, 3])       # the same graph-seeded op sequence as the kernels
    return model, glorot


def _v1_behavior_program(what, restore_v2):
    def prog(v1):
        v1.disable_v2_behavior()
        try:
            if what == "kinds":
                I = v1.keras.initializers
                names = ["glorot_uniform", "GlorotNormal", "he_uniform", "lecun_normal", "random_normal", "normal",
                         "uniform", "truncated_normal", "zeros", "one", "Constant", "orthogonal", "identity",
                         "VarianceScaling"]
                return {n: (type(I.get(n)).__name__, I.get(n).get_config()) for n in names}
            model, glorot = _v1_keras_model(v1)
            with v1.Session() as s:
                s.run(v1.global_variables_initializer())
                return s.run(model.weights + [glorot])
        finally:
            restore_v2(v1)
    return prog


def _restore_tf_v2(v1):
    # TF refuses enable_v2_behavior ("must be called at program startup") once any earlier code made its global
    # default graph; the oracle's TF runs in the test process, so TF2 behaviour must come back for later tests.
    from tensorflow.python.framework import ops  # noqa: PLC0415 - TF's side only
    ops._default_graph_stack._global_default_graph = None
    v1.enable_v2_behavior()


@pytest.mark.parametrize("what", ["draws", "kinds"])
def test_v1_behavior_get_gives_tf1_initializers(oracle, what):
    # tf-keras's populate_deserializable_objects: without TF2 behaviour `get` resolves to init_ops' v1
    # initializers (and Keras's v1 RandomNormal/RandomUniform/TruncatedNormal/He*/Lecun*), seeded by the graph seed.
    oracle.check_v1(_v1_behavior_program(what, _restore_tf_v2),
                    tfc_program=_v1_behavior_program(what, lambda v1: v1.enable_v2_behavior()))
