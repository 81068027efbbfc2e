"""``framework/shape_values.py`` through ``Identity``/``StopGradient`` against TF 2.21: a fully known shape tensor
keeps its value through them (``tf.sparse.retain`` of a constant-shaped SparseTensor, ``tf.zeros``/``tf.fill``),
a partly known one (``tf.shape`` of a ``[None, 7]`` placeholder) does not, in graphs and in a traced
``tf.function``. Expected values: TF's, through the oracle."""
from __future__ import annotations

CASES = {
    "const_retain": lambda v1, x: v1.sparse.retain(v1.SparseTensor([[0, 1], [2, 3]], [1.0, 2.0], [3, 5]),
                                                   [True, False]),
    "shape_of": lambda v1, x: v1.SparseTensor([[0, 1]], [1.0], v1.shape(x, out_type=v1.int64)),
    "identity_shape_of": lambda v1, x: v1.SparseTensor([[0, 1]], [1.0], v1.identity(v1.shape(x, out_type=v1.int64))),
    "retain_shape_of": lambda v1, x: v1.sparse.retain(v1.SparseTensor([[0, 1]], [1.0], v1.shape(x, out_type=v1.int64)),
                                                      [True]),
    "stop_gradient_const": lambda v1, x: v1.SparseTensor([[0, 1]], [1.0],
                                                         v1.stop_gradient(v1.constant([4, 4], v1.int64))),
    "reshape_identity_const": lambda v1, x: v1.reshape(x, v1.identity(v1.constant([7, -1]))),
    "reshape_identity_shape": lambda v1, x: v1.reshape(x, v1.identity(v1.shape(x))),
    "zeros_identity_const": lambda v1, x: v1.zeros(v1.identity(v1.constant([2, 3]))),
    "zeros_identity_shape": lambda v1, x: v1.zeros(v1.identity(v1.shape(x))),
    "fill_identity_const": lambda v1, x: v1.fill(v1.identity(v1.constant([2, 3])), 1.0),
}


def test_static_shapes_in_a_graph(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 7])
        return {k: str(f(v1, x).shape) for k, f in CASES.items()}
    oracle.check_v1(prog)


def test_static_shapes_in_a_function(oracle):
    def prog(tf):
        shapes = {}

        @tf.function(input_signature=[tf.SparseTensorSpec([None, 5], tf.float32)])
        def f(s):
            shapes["retain"] = str(tf.sparse.retain(s, tf.ones_like(s.values, tf.bool)).shape)
            shapes["identity"] = str(tf.SparseTensor(s.indices, s.values, tf.identity(s.dense_shape)).shape)
            shapes["direct"] = str(tf.SparseTensor(s.indices, s.values, s.dense_shape).shape)
            return s.values
        f.get_concrete_function()
        return shapes
    oracle.check(prog)
