"""Graph-building fidelity: the ops TF 2.21 builds (names and types, in order) for common programs.

``tf.shape``/``tf.size``/``tf.rank`` of statically known shapes are Consts named as the op would be; python
operands converted by op wrappers are Consts named ``<op>/<argument>`` (``mul/y``, ``Add/y``, ``sub_1/x``)."""
import numpy as np
import pytest

from tests.known_deviations import DEVIATIONS


def _ops(tf):
    return [(op.name, op.type) for op in tf.get_default_graph().get_operations()]


def _shape_fold(tf):
    x = tf.placeholder(tf.float32, [2, 3])
    u = tf.placeholder(tf.float32, [None, 3])
    z = tf.placeholder(tf.float32, [None, 0])
    a = tf.placeholder(tf.float32, None)
    outs = [tf.shape(x), tf.size(x), tf.rank(x), tf.shape(u), tf.size(u), tf.rank(u), tf.size(z),
            tf.shape(a), tf.size(a), tf.rank(a), tf.shape(x, out_type=tf.int64, name="myshape"),
            tf.size(x, name="s", out_type=tf.int64), tf.rank(x, name="r")]
    with tf.name_scope("foo"):
        outs.append(tf.shape(x))
    return _ops(tf), [(o.dtype.name, o.shape.as_list() if o.shape.rank is not None else None) for o in outs]


def _shape_values(tf):
    x = tf.placeholder(tf.float32, [2, 3])
    u = tf.placeholder(tf.float32, [None, 0])
    outs = [tf.shape(x), tf.size(x, out_type=tf.int64), tf.rank(x), tf.size(u), tf.shape(x, out_type=tf.float32)]
    with tf.Session() as s:
        return s.run(outs, {u: np.zeros([4, 0], np.float32)})


def _shape_n(tf):
    x = tf.placeholder(tf.float32, [2, 3])
    y = tf.placeholder(tf.float32, [None])
    outs = tf.shape_n([x, y], out_type=tf.int64)
    with tf.Session() as s:
        vals = s.run(outs, {x: np.ones([2, 3], np.float32), y: [1, 2, 3, 4]})
    return _ops(tf), [o.shape.as_list() for o in outs], vals


def _shape_n_mixed_types(tf):
    return tf.shape_n([tf.placeholder(tf.float32, [2]), tf.placeholder(tf.int32, [2])])


def _operators(tf):
    x = tf.placeholder(tf.float32, [2, 3])
    i = tf.placeholder(tf.int32, [2])
    outs = [x * 2.0, 2.0 * x, x + 1, x - 1.0, x / 2.0, 1.0 - x, x ** 2, x // 2.0, x % 2.0, x > 0.0, x < 1, -x,
            i + 1, 3 - i]
    with tf.name_scope("foo"):
        outs.append(x * 2.0)
    return _ops(tf), [o.dtype.name for o in outs]


def _math_with_scalars(tf):
    x = tf.placeholder(tf.float32, [2, 3])
    tf.add(x, 1.0)
    tf.multiply(x, 3.0)
    tf.maximum(x, 0.0)
    tf.pow(x, 2.0)
    tf.math.squared_difference(x, 1.0)
    tf.equal(x, 1.0)
    tf.subtract(2.0, x, name="sub_it")
    tf.where(x > 0.0, x, x * 0.5)
    return _ops(tf)


def _explicit_constants_keep_their_names(tf):
    x = tf.placeholder(tf.float32, [2, 3])
    c = tf.constant(2.0)
    x * c
    d = tf.convert_to_tensor(3.0)
    x * d
    x + tf.constant(1.0, name="one")
    return _ops(tf)


def _zeros_ones(tf):
    x = tf.placeholder(tf.float32, [2, 3])
    u = tf.placeholder(tf.float32, [None, 3])
    b = tf.placeholder(tf.bool, [2])
    outs = [tf.zeros([2, 3]), tf.ones([2, 3], dtype=tf.int32), tf.zeros([2], name="z"),
            tf.zeros([], dtype=tf.bool), tf.ones([3], dtype=tf.bool), tf.zeros_like(x), tf.zeros_like(u),
            tf.zeros_like(x, dtype=tf.int32), tf.zeros_like(x, name="zl"), tf.zeros_like(b), tf.ones_like(x),
            tf.ones_like(u), tf.ones_like(x, dtype=tf.int64), tf.ones_like(b)]
    spec = [(o.dtype.name, o.shape.as_list()) for o in outs]
    with tf.Session() as s:
        vals = s.run(outs, {x: np.ones([2, 3], np.float32), u: np.ones([4, 3], np.float32), b: [True, False]})
    # ones_like's shape Const is an attribute (known deviation "graph-static-arguments-as-attributes"), and of a
    # partly known shape tfcompat builds one OnesLike op (TF: Shape, Const, Fill): those ops are left out.
    ops = [o for o in _ops(tf) if not o[0].startswith("ones_like")]
    fills = [(o.op.name, o.op.type) for o in (outs[10], outs[12], outs[13])]
    return ops, fills, spec, vals


def _large_zeros_are_fills(tf):
    # Known deviation "graph-static-arguments-as-attributes": TF's Fill takes its dims as a Const input
    # '<op>/shape_as_tensor', tfcompat's holds them as an attribute: only the output op is compared.
    outs = [tf.zeros([40, 40]), tf.ones([1000], dtype=tf.int32), tf.zeros_like(tf.placeholder(tf.float32, [50, 50]))]
    with tf.Session() as s:
        vals = s.run(outs[:2])
    return [(o.op.name, o.op.type, o.shape.as_list()) for o in outs], vals


@pytest.mark.parametrize("program", [_zeros_ones, _large_zeros_are_fills, _shape_fold, _shape_values, _shape_n,
                                     _shape_n_mixed_types, _operators, _math_with_scalars,
                                     _explicit_constants_keep_their_names])
def test_graph_ops_match_tf(oracle, program):
    oracle.check_v1(program)


def test_static_arguments_are_graph_def_nodes(oracle):
    # DEVIATIONS["graph-static-arguments-as-attributes"]: not ops of the Graph, but nodes of its GraphDef.
    assert "as_graph_def" in DEVIATIONS["graph-static-arguments-as-attributes"]

    def prog(tf):
        x = tf.placeholder(tf.float32, [2, 3])
        y = tf.reduce_sum(tf.transpose(tf.reshape(x * 2.0, [3, 2])), axis=1)
        tf.concat([y, y + 1.0], 0)
        return [(n.name, n.op, list(n.input)) for n in tf.get_default_graph().as_graph_def().node]
    oracle.check_v1(prog)


def test_eager_shape_size_rank_and_shape_n(oracle):
    def prog(tf):
        x = tf.zeros([2, 3])
        return (tf.shape(x), tf.size(x, out_type=tf.int64), tf.rank(x), tf.shape_n([x, tf.ones([4, 1])]),
                tf.zeros_like(x), tf.ones_like(x, dtype=tf.int32), tf.ones_like(tf.constant([True])))
    oracle.check(prog)


def test_function_graph_folds_static_shapes(oracle):
    def prog(tf):
        types = []

        @tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float32), tf.TensorSpec([None], tf.float32)])
        def f(x, y):
            types.extend(op.type for op in tf.compat.v1.get_default_graph().get_operations()
                         if op.type in ("Shape", "Size", "Rank"))
            return tf.shape(x), tf.size(y), tf.rank(y)
        out = f(tf.zeros([2, 3]), tf.zeros([5]))
        return types, out
    oracle.check(prog)
