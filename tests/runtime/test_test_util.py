"""``tf.test`` helpers (runtime/test_util.py, runtime/test_benchmark.py) against TF 2.21 through the oracle:
``is_cpu_target_available``, ``assert_equal_graph_def``, ``Benchmark`` (entry names, ``run_op_benchmark``'s
result keys), ``benchmark_config``, ``disable_with_predicate``, ``with_eager_op_as_function``,
``experimental.sync_devices``, and ``create_local_cluster`` (unsupported: checked against tfcompat alone)."""
from __future__ import annotations

import contextlib
import io
import unittest

import pytest


@pytest.mark.parametrize("target", ["x86", "aarch64", "arm", "powerpc", "system_z", "bogus"])
def test_is_cpu_target_available(oracle, target):
    oracle.check(lambda tf: tf.test.is_cpu_target_available(target))


def _graphs(tf):
    g1, g2, g3 = tf.Graph(), tf.Graph(), tf.Graph()
    with g1.as_default():
        tf.identity(tf.constant(1.0, name="a"), name="b")
    with g2.as_default():
        tf.constant(1.0, name="b")
    with g3.as_default():
        tf.identity(tf.constant(1.0, name="a"), name="b")
    return g1.as_graph_def(), g2.as_graph_def(), g3.as_graph_def()


GRAPH_DEF_CASES = {
    "same_graph": lambda tf, g1, g2, g3: tf.test.assert_equal_graph_def(g1, g3),
    "missing_node": lambda tf, g1, g2, g3: tf.test.assert_equal_graph_def(g1, g2),
    "unexpected_node": lambda tf, g1, g2, g3: tf.test.assert_equal_graph_def(g2, g1),
    "not_a_graph_def": lambda tf, g1, g2, g3: tf.test.assert_equal_graph_def(1, g2),
}


@pytest.mark.parametrize("name", sorted(GRAPH_DEF_CASES))
def test_assert_equal_graph_def(oracle, name):
    def prog(tf):
        return GRAPH_DEF_CASES[name](tf, *_graphs(tf))
    oracle.check(prog)


def test_assert_equal_graph_def_names_the_missing_node(oracle):
    oracle.check(lambda tf: tf.test.assert_equal_graph_def(*_graphs(tf)[:2]),
                 match_message="Did not find expected node '{{node a}} = Const[")


def _benchmark_program(tf):
    class B(tf.test.Benchmark):
        def benchmark_report(self):
            self.report_benchmark(iters=3, wall_time=0.5, name="x", extras={"k": 1})

        def benchmark_unnamed(self):
            self.report_benchmark(iters=2, wall_time=0.25)

        def benchmark_op(self, sess, t):
            return self.run_op_benchmark(sess, t, min_iters=2, burn_iters=1)

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        B().benchmark_report()
        B().benchmark_unnamed()
    with tf.Graph().as_default():
        t = tf.constant(1.0)
        with tf.compat.v1.Session() as sess:
            result = B().benchmark_op(sess, t)
    return out.getvalue(), sorted(result), result["name"], result["iters"]


def test_benchmark(oracle):
    oracle.check(_benchmark_program)


def test_benchmark_config_turns_dependency_optimization_off(oracle):
    oracle.check(lambda tf: int(tf.test.benchmark_config().graph_options.rewrite_options.dependency_optimization))


def test_disable_with_predicate_and_with_eager_op_as_function(oracle):
    def prog(tf):
        @tf.test.with_eager_op_as_function
        class T(unittest.TestCase):
            @tf.test.disable_with_predicate(lambda: True, "skipped because")
            def test_skipped(self):
                raise AssertionError("ran")

            @tf.test.disable_with_predicate(lambda: False, "never")
            def test_runs(self):
                pass

        result = unittest.TestResult()
        unittest.defaultTestLoader.loadTestsFromTestCase(T).run(result)
        return result.testsRun, [r for _, r in result.skipped], len(result.failures), T.__name__
    oracle.check(prog)


def test_sync_devices(oracle):
    oracle.check(lambda tf: tf.test.experimental.sync_devices())


def test_create_local_cluster_is_unsupported():
    """TF starts in-process gRPC servers; tfcompat emulates no multi-task cluster, so it names the reason."""
    import tfcompat
    from tfcompat._src.tools.unsupported import UnsupportedAPIError
    with pytest.raises(UnsupportedAPIError, match="create_local_cluster"):
        tfcompat.test.create_local_cluster(1, 1)
