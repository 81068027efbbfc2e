"""Oracle tests for the TF1 top-level names of ``tf.compat.v1`` added in wave 5 (V1NAMES): the aliases of TF2
functions (tfcompat/compat/v1/__init__.py) and the TF1-only functions of tfcompat/_src/ops/compat_v1_ops.py.
Graph ops run in graph mode through ``oracle.check_v1`` (a Session fetches them); every expected value is TF's
(live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

X = np.array([[0.5, 1.5, 2.0], [1.25, 0.75, 3.0]], np.float32)
SPD = np.array([[4.0, 1.0], [1.0, 3.0]], np.float32)

# TF1 alias -> a program run in a TF1 graph (fetched with a Session).
GRAPH_CASES = {
    "lgamma_digamma": lambda v1: (v1.lgamma(X), v1.digamma(X)),
    "erfc_rint_log_sigmoid": lambda v1: (v1.erfc(X), v1.rint(X * 2.0), v1.log_sigmoid(X - 1.0)),
    "acosh_asinh_atanh": lambda v1: (v1.acosh(X + 1.0), v1.asinh(X), v1.atanh(X / 4.0)),
    "igamma_betainc_zeta_polygamma": lambda v1: (v1.igamma(X, X + 1.0), v1.igammac(X, X), v1.lbeta(X),
                                                 v1.betainc(X, X, X / 4.0), v1.zeta(X + 1.5, X),
                                                 v1.polygamma(np.ones_like(X), X)),
    "div_no_nan": lambda v1: v1.div_no_nan(X, X * np.array([[0.0], [1.0]], np.float32)),
    "floor_div_int_float": lambda v1: (v1.floor_div(7, 2), v1.floor_div(-7.0, 2.0)),
    "truncatemod": lambda v1: v1.truncatemod([-7, 7], [3, -3]),
    "matrix_inverse_det": lambda v1: (v1.matrix_inverse(SPD), v1.matrix_determinant(SPD)),
    "cholesky_solve": lambda v1: (v1.cholesky(SPD), v1.cholesky_solve(v1.cholesky(SPD), SPD[:, :1])),
    "matrix_solve_triangular": lambda v1: (v1.matrix_solve(SPD, SPD[:, :1]),
                                           v1.matrix_triangular_solve(SPD, SPD[:, :1], lower=True),
                                           v1.matrix_solve_ls(SPD, SPD[:, :1])),
    "band_part_set_diag_transpose": lambda v1: (v1.matrix_band_part(X, 0, 1), v1.matrix_set_diag(X, [9.0, 8.0]),
                                                v1.matrix_transpose(X)),
    "self_adjoint_eigvals": lambda v1: v1.self_adjoint_eigvals(SPD),
    "matrix_square_root": lambda v1: v1.matrix_square_root(SPD),
    "tensordot_cross": lambda v1: (v1.tensordot(X, X.T, 1), v1.cross(X, X[::-1])),
    "segments": lambda v1: (v1.segment_max(X, [0, 0]), v1.segment_min(X, [0, 1]), v1.segment_prod(X, [0, 0]),
                            v1.unsorted_segment_max(X, [1, 0], 2), v1.unsorted_segment_mean(X, [1, 1], 2),
                            v1.unsorted_segment_min(X, [0, 0], 1), v1.unsorted_segment_prod(X, [1, 0], 3),
                            v1.unsorted_segment_sqrt_n(X, [0, 0], 1)),
    "invert_permutation_monotonic": lambda v1: (v1.invert_permutation([2, 0, 1]), v1.is_non_decreasing([1, 2, 2]),
                                                v1.is_strictly_increasing([1, 2, 2])),
    "accumulate_n_angle_complex": lambda v1: (v1.accumulate_n([X, X]), v1.angle(v1.complex(X, -X))),
    "reverse_v2": lambda v1: v1.reverse_v2(X, [1]),
    "bincount_confusion_matrix": lambda v1: (v1.bincount([1, 1, 3]), v1.confusion_matrix([0, 1, 2], [0, 2, 2])),
    "casts": lambda v1: (v1.cast(v1.to_bfloat16(X * 3.3), v1.float32), v1.to_complex64(X), v1.to_complex128(X),
                         v1.to_bfloat16(X).dtype == v1.bfloat16),
    "batch_gather": lambda v1: v1.batch_gather(X, [[2, 0], [1, 1]]),
    "batch_gather_rank3": lambda v1: v1.batch_gather(np.arange(12.0, dtype=np.float32).reshape(2, 3, 2),
                                                     [[2], [0]]),
    "setdiff1d": lambda v1: v1.setdiff1d([4, 1, 2, 9, 1], [1, 9]),
    "setdiff1d_int64_idx": lambda v1: v1.setdiff1d([4.0, 1.0], [1.0], index_dtype=v1.int64),
    "sparse_matmul": lambda v1: v1.sparse_matmul(X, X, transpose_b=True, a_is_sparse=True),
    "sparse_matmul_bf16": lambda v1: v1.sparse_matmul(v1.to_bfloat16(X), X, transpose_a=True),
    "approx_top_k": lambda v1: v1.approx_top_k(X, 2),
    "extract_image_patches": lambda v1: v1.extract_image_patches(
        np.arange(16.0, dtype=np.float32).reshape(1, 4, 4, 1), [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
    "assert_near_ok": lambda v1: v1.assert_near(X, X + 1e-7) is not None,
    "assert_none_equal_and_scalar": lambda v1: (v1.assert_none_equal(X, X + 1.0) is not None,
                                                v1.assert_scalar(v1.constant(1.0)) is not None),
    "assert_rank_at_least_in": lambda v1: (v1.assert_rank_at_least(X, 1) is not None,
                                           v1.assert_rank_in(X, [1, 2]) is not None),
    "assert_integer_type": lambda v1: (v1.assert_integer(v1.constant([1])) is not None,
                                       v1.assert_type(v1.constant(X), v1.float32) is not None),
}


def _run_graph(v1, build):
    out = build(v1)
    with v1.Session() as sess:
        fetch = [o for o in (out if isinstance(out, tuple) else (out,)) if not isinstance(o, bool)]
        return sess.run(fetch), [o for o in (out if isinstance(out, tuple) else (out,)) if isinstance(o, bool)]


@pytest.mark.parametrize("case", sorted(GRAPH_CASES))
def test_v1_graph_names(oracle, case):
    build = GRAPH_CASES[case]
    oracle.check_v1(lambda v1: _run_graph(v1, build), rtol=1e-5, atol=1e-6)


RAISE_CASES = {
    "assert_integer_float": lambda v1: v1.assert_integer(v1.constant([1.0])),
    "assert_type_wrong": lambda v1: v1.assert_type(v1.constant([1.0]), v1.int32),
    "assert_scalar_vector": lambda v1: v1.assert_scalar(v1.constant([1.0])),
    "assert_rank_in_static": lambda v1: v1.assert_rank_in(v1.constant(X), [0, 3]),
    "sparse_matmul_int": lambda v1: v1.sparse_matmul([[1]], [[1]]),
    "convert_indexed_slices_bad_dtype": lambda v1: v1.convert_to_tensor_or_indexed_slices(
        v1.IndexedSlices(v1.constant([1.0]), v1.constant([0])), dtype=v1.int32),
}


@pytest.mark.parametrize("case", sorted(RAISE_CASES))
def test_v1_static_errors(oracle, case):
    build = RAISE_CASES[case]
    oracle.check_v1(build)


def test_assert_near_fails_when_run(oracle):
    def prog(v1):
        check = v1.assert_near(v1.constant(X), v1.constant(X + 1.0))
        with v1.Session() as sess:
            sess.run(check)
    oracle.check_v1(prog)


EAGER_CASES = {
    "dimension_value_at_index": lambda tf: (tf.compat.v1.dimension_value(tf.TensorShape([3, None])[0]),
                                            tf.compat.v1.dimension_at_index(tf.TensorShape([3, None]), 1).value,
                                            tf.compat.v1.dimension_at_index(tf.TensorShape(None), 5).value),
    "no_regularizer": lambda tf: tf.compat.v1.no_regularizer(tf.constant(1.0)),
    "toggles": lambda tf: (tf.compat.v1.control_flow_v2_enabled(), tf.compat.v1.resource_variables_enabled()),
    "executing_eagerly_outside_functions": lambda tf: (
        tf.compat.v1.executing_eagerly_outside_functions(),
        tf.function(lambda: tf.constant(tf.compat.v1.executing_eagerly_outside_functions()))()),
    "approx_min_k_has_no_cpu_kernel": lambda tf: tf.compat.v1.approx_top_k(X, 1, is_max_k=False),
    "approx_top_k_eager": lambda tf: tf.approx_top_k(X, 2),
    "get_seed": lambda tf: tf.compat.v1.get_seed(None),
    "indexed_slices_pass_through": lambda tf: type(tf.compat.v1.convert_to_tensor_or_indexed_slices(
        tf.IndexedSlices(tf.constant([1.0]), tf.constant([0])))).__name__,
    "convert_list": lambda tf: tf.compat.v1.convert_to_tensor_or_indexed_slices([1, 2]),
    "is_numeric_tensor": lambda tf: (tf.compat.v1.is_numeric_tensor(tf.constant(1)),
                                     tf.compat.v1.is_numeric_tensor(tf.constant("a"))),
    "no_gradient_is_op_error": lambda tf: (tf.compat.v1.NoGradient is tf.no_gradient,
                                           issubclass(tf.compat.v1.OpError, Exception)),
}


@pytest.mark.parametrize("case", sorted(EAGER_CASES))
def test_v1_eager_names(oracle, case):
    oracle.check(EAGER_CASES[case])


def test_scopes_in_graph(oracle):
    def prog(v1):
        a = v1.constant(1.0, name="a")
        with v1.colocate_with(a), v1.container("c1") as c:
            b = v1.add(a, 1.0, name="b")
        with v1.op_scope([a], "outer", "default") as scope:
            d = v1.identity(a, name="d")
        return c, b.name, scope, d.name, v1.get_seed(None), v1.get_seed(5)
    oracle.check_v1(prog)


def test_toggles_flip_queries(oracle):
    def prog(tf):
        v1 = tf.compat.v1
        v1.disable_control_flow_v2()
        v1.disable_resource_variables()
        off = (v1.control_flow_v2_enabled(), v1.resource_variables_enabled())
        v1.enable_control_flow_v2()
        v1.enable_resource_variables()
        return off, (v1.control_flow_v2_enabled(), v1.resource_variables_enabled())
    oracle.check(prog)


def test_batch_gather_gradient(oracle):
    def prog(tf):
        x = tf.constant(X)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.compat.v1.batch_gather(x, [[2, 2], [0, 1]])
        return y, tf.convert_to_tensor(tape.gradient(y, x))
    oracle.check(prog)


def test_add_check_numerics_ops(oracle):
    def prog(v1):
        x = v1.constant([1.0, 0.0])
        v1.log(x, name="Log")
        check = v1.add_check_numerics_ops()
        with v1.Session() as sess:
            sess.run(check)
    oracle.check_v1(prog, match_message="Log:0 : Tensor had Inf values")


def test_add_check_numerics_ops_passes(oracle):
    def prog(v1):
        y = v1.sqrt(v1.constant([1.0, 4.0]))
        check = v1.add_check_numerics_ops()
        with v1.Session() as sess:
            return check.type, sess.run([y, check])
    oracle.check_v1(prog)


def test_add_check_numerics_ops_eager(oracle):
    oracle.check(lambda tf: tf.compat.v1.add_check_numerics_ops(), match_message="not compatible with eager")


def test_critical_section(oracle):
    def prog(v1):
        v = v1.Variable(1.0)
        cs = v1.CriticalSection(name="cs")
        out = cs.execute(lambda: v.assign_add(2.0))
        with v1.Session() as sess:
            sess.run(v.initializer)
            return cs.name, sess.run(out), sess.run(v)
    oracle.check_v1(prog)


def test_critical_section_eager(oracle):
    def prog(tf):
        v = tf.Variable(1.0)
        cs = tf.CriticalSection()
        return cs.execute(lambda: v.assign_add(1.0) * 3.0), tf.compat.v1.CriticalSection is tf.CriticalSection
    oracle.check(prog)
