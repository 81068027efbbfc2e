"""Oracle tests for tfcompat/_src/ops/init_ops_v1_more.py (tf.compat.v1.orthogonal_initializer,
uniform_unit_scaling_initializer, tf.compat.v1.initializers.identity/orthogonal/uniform_unit_scaling and
tables_initializer). Each program makes one seeded draw (TF's values for that seed; live or recorded)."""
from __future__ import annotations

import pytest

CASES = {
    "orthogonal_wide": lambda v1: v1.orthogonal_initializer(seed=1)([2, 3]),
    "orthogonal_tall_gain": lambda v1: v1.orthogonal_initializer(gain=2.0, seed=3)([3, 2]),
    "orthogonal_conv_f64": lambda v1: v1.initializers.orthogonal(seed=5)([2, 2, 3], dtype=v1.float64),
    "orthogonal_1d": lambda v1: v1.orthogonal_initializer(seed=1)([4]),
    "orthogonal_int": lambda v1: v1.orthogonal_initializer(dtype=v1.int32),
    "uniform_unit_scaling": lambda v1: v1.uniform_unit_scaling_initializer(seed=1)([4, 3]),
    "uniform_unit_scaling_factor": lambda v1: v1.initializers.uniform_unit_scaling(factor=1.5, seed=2)([2, 2, 5]),
    "identity": lambda v1: v1.initializers.identity()([2, 3]),
    "identity_gain_f64": lambda v1: v1.initializers.identity(gain=3.0)([3, 3], dtype=v1.float64),
    "identity_3d": lambda v1: v1.initializers.identity()([2, 2, 2]),
    "configs": lambda v1: (v1.orthogonal_initializer(gain=2.0, seed=4).get_config(),
                           v1.uniform_unit_scaling_initializer(seed=1).get_config(),
                           v1.initializers.identity(gain=0.5).get_config()),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_v1_initializers(oracle, case):
    oracle.check(lambda tf: CASES[case](tf.compat.v1), rtol=1e-5, atol=1e-6)


def test_orthogonal_in_get_variable(oracle):
    def prog(v1):
        w = v1.get_variable("w", [3, 3], initializer=v1.orthogonal_initializer(seed=7))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            value = sess.run(w)
            return value, sess.run(v1.matmul(w, w, transpose_a=True))
    oracle.check_v1(prog, rtol=1e-5, atol=1e-5)


def test_identity_partitioned(oracle):
    def prog(v1):
        parts = v1.create_partitioned_variables([4, 2], [2, 1], v1.initializers.identity())
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return sess.run(parts)
    oracle.check_v1(prog)


def test_tables_initializer(oracle):
    oracle.check_v1(lambda v1: v1.initializers.tables_initializer().type)
