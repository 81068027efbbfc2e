"""The op test database: one or more entries per public op function, driving tests/ops/test_op_db.py.

An entry names a function by its path in TF's API (``"math.reduce_sum"``, ``"compat.v1.nn.dropout"``; resolved
on both ``tensorflow`` and ``tfcompat``) or gives a callable ``fn(tf, *args, **kwargs)`` (for operators and
methods). numpy arrays among ``args``/``kwargs`` are the op's tensor inputs (eager tensors; placeholders in
graph mode); everything else is passed through as a python value. ``grad`` lists the inputs (positions or
keyword names) to differentiate: the tests compare tfcompat's GradientTape gradient of ``sum(out * w)`` with
TF's and with central finite differences in float64."""
from __future__ import annotations

import dataclasses
from typing import Callable

import numpy as np

_rng = np.random.RandomState(1234)


def f32(*shape, lo=-2.0, hi=2.0):
    return _rng.uniform(lo, hi, size=shape).astype(np.float32)


def f64(*shape, lo=-2.0, hi=2.0):
    return _rng.uniform(lo, hi, size=shape).astype(np.float64)


def pos(*shape, lo=0.5, hi=2.0):
    """Positive float32 values (for log, sqrt, pow bases)."""
    return _rng.uniform(lo, hi, size=shape).astype(np.float32)


def i32(*shape, lo=-5, hi=6):
    return _rng.randint(lo, hi, size=shape).astype(np.int32)


def i64(*shape, lo=-5, hi=6):
    return _rng.randint(lo, hi, size=shape).astype(np.int64)


def nz_i32(*shape):
    v = _rng.randint(1, 6, size=shape) * _rng.choice([-1, 1], size=shape)
    return v.astype(np.int32)


def boolean(*shape):
    return _rng.rand(*shape) > 0.5


def away_from_zero(*shape, lo=0.2, hi=2.0):
    """float32 values with |x| >= lo (keeps kinks like relu/abs at 0 out of finite differences)."""
    return (_rng.uniform(lo, hi, size=shape) * _rng.choice([-1, 1], size=shape)).astype(np.float32)


def distinct(*shape):
    """float32 values all distinct (no ties for max/min/argmax gradients)."""
    n = int(np.prod(shape))
    return (_rng.permutation(n).astype(np.float32) * 0.37 - n * 0.15).reshape(shape)


def onehot(n, depth):
    return np.eye(depth, dtype=np.float32)[_rng.randint(0, depth, size=n)]


def softlabels(n, depth):
    p = _rng.uniform(0.1, 1.0, size=(n, depth))
    return (p / p.sum(-1, keepdims=True)).astype(np.float32)


@dataclasses.dataclass
class OpCase:
    fn: str | Callable
    args: tuple = ()
    kwargs: dict = dataclasses.field(default_factory=dict)
    grad: tuple = ()               # inputs to differentiate: positions in args or kwarg names
    name: str = ""                 # suffix of the test id
    compare_values: bool = True    # False for random ops: shapes and dtypes only
    tf: bool = True                # compare with real TF (False: TF lacks the symbol or the case)
    graph: bool = True             # also run in tfcompat graph mode (placeholders + Session)
    fd: bool = True                # finite differences (False at kinks that FD cannot see)
    none_grads: tuple = ()         # inputs whose gradient is None by hand-derivation (TF agrees)
    rtol: float = 1e-5
    atol: float = 1e-6
    grad_rtol: float = 1e-4
    graph_static_shape: bool = True  # the graph-mode static shape is fully known for known input shapes
    fd_eps: float = 1e-6           # larger for ops that compute in float32 even on float64 inputs (as TF does)
    fd_tol: float = 1e-5
    unknown_dims: bool = True      # also runs with placeholders of unknown dims (False where TF needs them too)

    @property
    def id(self) -> str:
        base = self.fn if isinstance(self.fn, str) else self.fn.__name__
        return base + (f"[{self.name}]" if self.name else "")


def C(**kw):
    return kw


_UNARY_ANY = ["negative", "abs", "square", "exp", "sin", "cos", "tan", "atan", "sinh", "cosh", "tanh",
              "sigmoid", "math.erf", "math.erfc", "math.expm1", "math.log_sigmoid", "math.softplus", "sign"]
_UNARY_POS = ["sqrt", "math.rsqrt", "math.log", "math.log1p", "math.lgamma", "math.digamma", "math.reciprocal"]
_UNARY_UNIT = ["asin", "acos"]
_UNARY_NOGRAD = ["floor", "math.ceil", "round", "math.rint"]
_PREDICATES = ["math.is_nan", "math.is_inf", "math.is_finite"]

CASES: list[OpCase] = []

for _f in _UNARY_ANY:
    x = away_from_zero(2, 3)
    CASES.append(OpCase(_f, (x,), grad=(0,)))
for _f in _UNARY_POS:
    CASES.append(OpCase(_f, (pos(2, 3),), grad=(0,)))
for _f in _UNARY_UNIT:
    CASES.append(OpCase(_f, (f32(2, 3, lo=-0.8, hi=0.8),), grad=(0,)))
for _f in _UNARY_NOGRAD:
    CASES.append(OpCase(_f, (np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.3, -1.7], np.float32),), grad=(0,),
                        none_grads=(0,)))
for _f in _PREDICATES:
    CASES.append(OpCase(_f, (np.array([1.0, np.nan, np.inf, -np.inf, 0.0], np.float32),)))
CASES += [
    OpCase("math.logical_not", (boolean(5),)),
    OpCase("negative", (i32(4),), name="int32"),
    OpCase("abs", (i32(4),), name="int32"),
    OpCase("square", (i32(4),), name="int32"),
    OpCase("sign", (i32(4),), name="int32"),
    OpCase("abs", (f64(3),), grad=(0,), name="float64", fd=False),
    OpCase("compat.v1.log", (pos(3),), grad=(0,)),
]

# binary elementwise ---------------------------------------------------------------------------------
_BINARY_ANY = ["add", "subtract", "multiply", "maximum", "minimum", "math.squared_difference", "math.atan2"]
for _f in _BINARY_ANY:
    CASES.append(OpCase(_f, (distinct(2, 3), distinct(2, 3) + 0.1), grad=(0, 1)))
    CASES.append(OpCase(_f, (distinct(2, 3), f32(3) + 0.05), grad=(0, 1), name="broadcast"))
CASES += [
    OpCase("add", (i32(2, 3), i32(2, 3)), name="int32"),
    OpCase("add", (f32(2, 3), 2.0), grad=(0,), name="python_scalar"),
    OpCase("multiply", (i64(3), i64(3)), name="int64"),
    OpCase("maximum", (i32(5), i32(5)), name="int32"),
    OpCase("maximum", (np.array([1., 2., 3.], np.float32), np.array([1., 0., 3.], np.float32)), grad=(0, 1),
           name="ties", fd=False),
    OpCase("minimum", (np.array([1., 2., 3.], np.float32), np.array([1., 5., 3.], np.float32)), grad=(0, 1),
           name="ties", fd=False),
    OpCase("divide", (f32(2, 3), away_from_zero(2, 3)), grad=(0, 1)),
    OpCase("truediv", (f32(2, 3), away_from_zero(3)), grad=(0, 1)),
    OpCase("truediv", (i32(4), nz_i32(4)), name="int32_to_float64"),
    OpCase("realdiv", (f32(3), away_from_zero(3)), grad=(0, 1)),
    OpCase("compat.v1.div", (f32(3), away_from_zero(3)), grad=(0, 1)),
    OpCase("compat.v1.div", (i32(6), nz_i32(6)), name="int32_floor"),
    OpCase("math.floordiv", (f32(6), away_from_zero(6)), grad=(0, 1), none_grads=(0, 1)),
    OpCase("math.floordiv", (i32(6), nz_i32(6)), name="int32"),
    OpCase("truncatediv", (i32(6), nz_i32(6)), name="int32"),
    OpCase("math.floormod", (distinct(6), away_from_zero(6) * 3), grad=(0, 1)),
    OpCase("math.floormod", (i32(6), nz_i32(6)), name="int32"),
    OpCase("pow", (pos(2, 3), f32(2, 3)), grad=(0, 1)),
    OpCase("pow", (i32(4, lo=0, hi=4), i32(4, lo=0, hi=4)), name="int32"),
    OpCase("math.divide_no_nan", (f32(4), np.array([1.5, 0.0, -2.0, 0.0], np.float32)), grad=(0,)),
    OpCase("math.squared_difference", (i32(4), i32(4)), name="int32"),
]
for _f in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
    CASES.append(OpCase(_f, (i32(8, lo=0, hi=3), i32(8, lo=0, hi=3))))
    CASES.append(OpCase(_f, (f32(2, 3), f32(3)), name="float_broadcast"))
for _f in ["logical_and", "logical_or", "math.logical_xor"]:
    CASES.append(OpCase(_f, (boolean(6), boolean(6))))

# matmul, cast, n-ary -------------------------------------------------------------------------------
CASES += [
    OpCase("matmul", (f32(2, 3), f32(3, 4)), grad=(0, 1)),
    OpCase("matmul", (f32(3, 2), f32(4, 3)), dict(transpose_a=True, transpose_b=True), grad=(0, 1),
           name="transposed"),
    OpCase("matmul", (f32(2, 2, 3), f32(2, 3, 4)), grad=(0, 1), name="batched"),
    OpCase("matmul", (f32(2, 2, 3), f32(3, 4)), grad=(0, 1), name="batch_broadcast"),
    OpCase("matmul", (i32(2, 3), i32(3, 2)), name="int32"),
    OpCase("linalg.matmul", (f64(2, 3), f64(4, 3)), dict(adjoint_b=True), grad=(0, 1), name="adjoint"),
    OpCase("linalg.matrix_transpose", (f32(2, 3, 4),), grad=(0,)),
    OpCase("cast", (f32(2, 3) * 3,), dict(dtype="int32"), name="float_to_int"),
    OpCase("cast", (i32(4),), dict(dtype="float32"), name="int_to_float"),
    OpCase("cast", (f32(4),), dict(dtype="float64"), grad=(0,), name="f32_to_f64"),
    OpCase("cast", (boolean(4),), dict(dtype="float32"), name="bool_to_float"),
    OpCase("compat.v1.to_float", (i32(4),)),
    OpCase("compat.v1.to_int32", (f32(4) * 3,)),
    OpCase("compat.v1.to_int64", (i32(4),)),
    OpCase("compat.v1.to_double", (f32(4),), grad=(0,)),
    OpCase("add_n", ([f32(2, 3), f32(2, 3), f32(2, 3)],), name="three"),
    OpCase("clip_by_value", (distinct(2, 4), -1.0, 1.0), grad=(0,)),
    OpCase("clip_by_value", (i32(6), 0, 3), name="int32"),
    OpCase("math.scalar_mul", (2.5, f32(3)), grad=(1,), tf=True),
    OpCase("dtypes.saturate_cast", (f32(4) * 1000,), dict(dtype="int8")),
]

# reductions --------------------------------------------------------------------------------------------
_X = distinct(3, 4)
for _f in ["reduce_sum", "reduce_mean", "reduce_prod", "reduce_max", "reduce_min", "math.reduce_logsumexp",
           "math.reduce_variance", "math.reduce_std"]:
    CASES.append(OpCase(_f, (distinct(3, 4),), grad=(0,), name="all"))
    CASES.append(OpCase(_f, (distinct(3, 4),), dict(axis=1), grad=(0,), name="axis1"))
    CASES.append(OpCase(_f, (distinct(2, 3, 2),), dict(axis=[0, 2], keepdims=True), grad=(0,), name="keepdims"))
for _f in ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"]:
    CASES.append(OpCase(f"compat.v1.{_f}", (distinct(3, 4),), dict(reduction_indices=[0], keep_dims=True),
                        grad=(0,), name="legacy_aliases"))
    CASES.append(OpCase(_f, (i32(3, 4, lo=1, hi=4),), dict(axis=0), name="int32"))
CASES += [
    OpCase("reduce_sum", (distinct(3, 4), -1), grad=(0,), name="positional_axis"),
    OpCase("reduce_mean", (i32(2, 3),), name="int_truncates"),
    OpCase("reduce_max", (np.array([[1., 3., 3.], [2., 2., 0.]], np.float32),), dict(axis=1), grad=(0,),
           name="ties", fd=False),
    OpCase("reduce_all", (boolean(3, 4),), dict(axis=1)),
    OpCase("reduce_any", (boolean(3, 4),)),
    OpCase("compat.v1.reduce_any", (boolean(3, 4),), dict(reduction_indices=0, keep_dims=True),
           name="legacy_aliases"),
    OpCase("argmax", (distinct(3, 4),), dict(axis=1)),
    OpCase("argmax", (distinct(3, 4),), name="default_axis0"),
    OpCase("compat.v1.argmax", (distinct(3, 4),), dict(dimension=1), name="dimension"),
    OpCase("argmax", (distinct(3, 4), 1), dict(output_type="int32"), name="int32_output"),
    OpCase("argmin", (distinct(3, 4),), dict(axis=-1)),
    OpCase("argmax", (i32(3, 4),), dict(axis=0), name="int_input"),
    OpCase("math.count_nonzero", (i32(3, 4, lo=0, hi=2),), dict(axis=1)),
    OpCase("compat.v1.count_nonzero", (f32(3, 4),), name="float"),
]

# array construction and manipulation ----------------------------------------------------------------------
CASES += [
    OpCase("reshape", (f32(2, 6), [3, 4]), grad=(0,)),
    OpCase("reshape", (f32(2, 6), [-1, 3]), grad=(0,), name="infer"),
    OpCase("reshape", (i32(2, 3), [6]), name="int32"),
    OpCase("transpose", (f32(2, 3, 4),), grad=(0,), name="reverse"),
    OpCase("transpose", (f32(2, 3, 4), [1, 0, 2]), grad=(0,), name="perm"),
    OpCase("concat", ([f32(2, 3), f32(2, 2)], 1), grad=(), name="list"),
    OpCase(lambda tf, a, b: tf.concat([a, b], axis=0), (f32(1, 3), f32(2, 3)), grad=(0, 1), name="axis0"),
    OpCase(lambda tf, a, b: tf.concat([a, b], -1), (i32(2, 1), i32(2, 2)), name="int32_neg_axis"),
    OpCase(lambda tf, a, b: tf.stack([a, b], axis=1), (f32(2, 3), f32(2, 3)), grad=(0, 1)),
    OpCase(lambda tf, a, b: tf.stack([a, b]), (i32(3), i32(3)), name="int32"),
    OpCase("unstack", (f32(3, 2),), grad=(0,), unknown_dims=False),  # TF: num must be known
    OpCase("unstack", (f32(3, 2),), dict(axis=1), grad=(0,), name="axis1", unknown_dims=False),
    OpCase("split", (f32(4, 6), 3, 1), grad=(0,), name="num"),
    OpCase("split", (f32(4, 6), [1, 2, 3]), dict(axis=1), grad=(0,), name="sizes"),
    OpCase("split", (f32(6, 2), [2, -1]), grad=(0,), name="sizes_infer"),
    OpCase("squeeze", (f32(1, 3, 1),), grad=(0,)),
    OpCase("squeeze", (f32(1, 3, 1),), dict(axis=[2]), grad=(0,), name="axis"),
    OpCase("compat.v1.squeeze", (f32(1, 3, 1),), dict(squeeze_dims=[0]), grad=(0,), name="squeeze_dims"),
    OpCase("expand_dims", (f32(2, 3), 1), grad=(0,)),
    OpCase("expand_dims", (f32(2, 3), -1), grad=(0,), name="neg"),
    OpCase("compat.v1.expand_dims", (f32(2, 3),), dict(dim=0), grad=(0,), name="dim_alias"),
    OpCase("tile", (f32(2, 3), [2, 1]), grad=(0,)),
    OpCase("tile", (i32(2), [3]), name="int32"),
    OpCase("gather", (f32(4, 3), np.array([0, 2, 2], np.int32)), grad=(0,)),
    OpCase("gather", (f32(4, 3), np.array([[0, 2], [1, 1]], np.int64)), dict(axis=1), grad=(0,), name="axis1"),
    OpCase("gather", (i32(5), np.array([4, 0], np.int32)), name="int32"),
    OpCase("gather_nd", (f32(3, 4), np.array([[0, 1], [2, 3], [0, 1]], np.int32)), grad=(0,)),
    OpCase("gather_nd", (f32(3, 4, 2), np.array([[1], [0]], np.int64)), grad=(0,), name="slices"),
    OpCase("slice", (f32(4, 5), [1, 0], [2, -1]), grad=(0,)),
    OpCase("shape", (f32(2, 3),)),
    OpCase("shape", (f32(2, 3),), dict(out_type="int64"), name="int64"),
    OpCase("size", (f32(2, 3),)),
    OpCase("rank", (f32(2, 3),)),
    OpCase("fill", ([2, 3], 1.5)),
    OpCase("fill", ([2], 7), name="int32"),
    OpCase("zeros", ([2, 3],)),
    OpCase("zeros", ([2],), dict(dtype="int32"), name="int32"),
    OpCase("ones", ((3,),)),
    OpCase("ones", ([2, 2],), dict(dtype="bool"), name="bool"),
    OpCase("zeros_like", (f32(2, 3),), grad=(0,), none_grads=(0,)),
    OpCase("zeros_like", (i32(4),), name="int32"),
    OpCase("ones_like", (f32(2, 3),), grad=(0,), none_grads=(0,)),
    OpCase("ones_like", (f32(2),), dict(dtype="int32"), name="dtype"),
    OpCase("one_hot", (np.array([0, 2, 1, 3], np.int32), 3)),
    OpCase("one_hot", (np.array([0, 2, -1], np.int64), 3), dict(on_value=5, off_value=-1, axis=0),
           name="axis0_int"),
    OpCase("one_hot", (np.array([[0, 1], [2, 0]], np.int32), 3), dict(dtype="float64"), name="float64"),
    OpCase("where", (boolean(2, 3), f32(2, 3), f32(2, 3)), grad=(1, 2)),
    OpCase("where", (boolean(2, 3), f32(3), f32(2, 1)), grad=(1, 2), name="broadcast"),
    OpCase("where", (boolean(3, 2),), name="indices", graph_static_shape=False),
    OpCase("compat.v1.where", (boolean(3), f32(3, 2), f32(3, 2)), grad=(1, 2), name="vector_cond"),
    OpCase("compat.v1.where", (boolean(2, 3), i32(2, 3), i32(2, 3)), name="int32"),
    OpCase("range", (5,)),
    OpCase("range", (1, 10, 3), name="start_limit_delta"),
    OpCase("range", (0.0, 1.0, 0.25), name="float"),
    OpCase("range", (5,), dict(dtype="int64"), name="int64"),
    OpCase("linspace", (0.0, 1.0, 5)),
    OpCase("compat.v1.lin_space", (np.float32(-1.0), np.float32(1.0), 4), name="tensor_bounds"),
    OpCase("pad", (f32(2, 3), [[1, 0], [0, 2]]), grad=(0,)),
    OpCase("pad", (f32(3, 3), [[1, 1], [2, 2]]), dict(mode="REFLECT"), grad=(0,), name="reflect"),
    OpCase("pad", (f32(3, 3), [[1, 1], [2, 2]]), dict(mode="SYMMETRIC"), grad=(0,), name="symmetric"),
    OpCase("pad", (i32(2, 2), [[1, 1], [0, 0]]), dict(constant_values=9), name="int32_const"),
    OpCase("reverse", (f32(2, 3), [1]), grad=(0,)),
    OpCase("broadcast_to", (f32(3), [2, 3]), grad=(0,)),
    OpCase("unique", (np.array([4, 1, 4, 2, 1, 7], np.int32),), graph_static_shape=False),
    OpCase("identity", (f32(2, 3),), grad=(0,)),
    OpCase("identity", (i32(3),), name="int32"),
    OpCase("identity_n", ([f32(2), f32(3)],)),
    OpCase("stop_gradient", (f32(2, 3),), grad=(0,), none_grads=(0,)),
    OpCase("compat.v1.placeholder_with_default", (f32(2, 3), [2, 3]), grad=(0,), tf=False),
    OpCase("constant", ([[1, 2], [3, 4]],), name="int_list"),
    OpCase("constant", (1.5,), dict(shape=[2, 2]), name="fill_shape"),
    OpCase("convert_to_tensor", (f32(2, 2),), grad=(0,)),
]

# indexing (Tensor.__getitem__ is the StridedSlice op) ------------------------------------------------------


def _getitem(key):
    def fn(tf, x):
        return x[key]
    fn.__name__ = "getitem"
    return fn


_NA = None
for _i, _key in enumerate([
        (1,), (slice(1, None),), (slice(None, None, -1),), (Ellipsis, 0), (slice(None), _NA, 1), (-1, slice(0, 3, 2)),
        (slice(None, None, -2), slice(3, 0, -1)), (Ellipsis, _NA), (0, Ellipsis, slice(1, -1)),
        (slice(-2, None), 1)]):
    CASES.append(OpCase(_getitem(_key), (f32(3, 4),), grad=(0,), name=f"key{_i}"))
CASES.append(OpCase(_getitem((slice(None), 1)), (i32(3, 4),), name="int32"))

# neural-network ops ----------------------------------------------------------------------------------------
for _f in ["nn.relu", "nn.relu6", "nn.elu", "nn.selu", "nn.softplus", "nn.softsign", "nn.leaky_relu",
           "nn.swish", "nn.sigmoid", "nn.tanh", "nn.gelu"]:
    CASES.append(OpCase(_f, (away_from_zero(2, 4) * 4,), grad=(0,)))
CASES += [
    OpCase("nn.leaky_relu", (away_from_zero(2, 4),), dict(alpha=0.1), grad=(0,), name="alpha"),
    OpCase("nn.gelu", (f32(2, 4),), dict(approximate=True), grad=(0,), name="approximate"),
    OpCase("nn.softmax", (f32(2, 5),), grad=(0,)),
    OpCase("nn.softmax", (f32(3, 2),), dict(axis=0), grad=(0,), name="axis0"),
    OpCase("compat.v1.nn.softmax", (f32(3, 2),), dict(dim=0), grad=(0,), name="dim_alias"),
    OpCase("nn.log_softmax", (f32(2, 5),), grad=(0,)),
    OpCase("nn.log_softmax", (f32(3, 2),), dict(axis=0), grad=(0,), name="axis0"),
    OpCase("nn.bias_add", (f32(2, 3, 4), f32(4)), grad=(0, 1)),
    OpCase("nn.bias_add", (f32(2, 3, 2, 2), f32(3)), dict(data_format="NCHW"), grad=(0, 1), name="nchw"),
    OpCase("nn.l2_loss", (f32(3, 4),), grad=(0,)),
    OpCase("compat.v1.nn.xw_plus_b", (f32(2, 3), f32(3, 4), f32(4)), grad=(0, 1, 2)),
    OpCase("nn.softmax_cross_entropy_with_logits", (), C(labels=softlabels(3, 4), logits=f32(3, 4)),
           grad=("labels", "logits")),
    OpCase("nn.softmax_cross_entropy_with_logits", (), C(labels=softlabels(4, 3).T.copy(), logits=f32(3, 4),
                                                          axis=0), grad=("labels", "logits"), name="axis0"),
    OpCase("compat.v1.nn.softmax_cross_entropy_with_logits", (), C(labels=onehot(3, 4), logits=f32(3, 4)),
           grad=("labels", "logits"), none_grads=("labels",), name="v1_labels_stopped"),
    OpCase("compat.v1.nn.softmax_cross_entropy_with_logits_v2", (), C(labels=softlabels(3, 4), logits=f32(3, 4)),
           grad=("labels", "logits")),
    OpCase("nn.sparse_softmax_cross_entropy_with_logits", (),
           C(labels=np.array([0, 3, 1], np.int32), logits=f32(3, 4)), grad=("logits",)),
    OpCase("nn.sparse_softmax_cross_entropy_with_logits", (),
           C(labels=np.array([[0, 2], [1, 1]], np.int64), logits=f64(2, 2, 3)), grad=("logits",), name="rank3"),
    OpCase("nn.sigmoid_cross_entropy_with_logits", (), C(labels=_rng.rand(3, 4).astype(np.float32),
                                                         logits=away_from_zero(3, 4)), grad=("labels", "logits")),
    OpCase("nn.weighted_cross_entropy_with_logits", (), C(labels=_rng.rand(3, 4).astype(np.float32),
                                                          logits=away_from_zero(3, 4), pos_weight=2.0),
           grad=("labels", "logits")),
    OpCase("nn.conv2d", (f32(2, 5, 5, 3), f32(3, 3, 3, 4)), dict(strides=1, padding="SAME"), grad=(0, 1),
           rtol=1e-4, atol=1e-5),
    OpCase("nn.conv2d", (f32(1, 6, 7, 2), f32(2, 3, 2, 3)), dict(strides=[1, 2, 2, 1], padding="SAME"),
           grad=(0, 1), name="strided_same", rtol=1e-4, atol=1e-5),
    OpCase("nn.conv2d", (f32(1, 6, 7, 2), f32(3, 2, 2, 3)), dict(strides=2, padding="VALID"), grad=(0, 1),
           name="valid", rtol=1e-4, atol=1e-5),
    OpCase("nn.conv2d", (f32(1, 5, 6, 2), f32(3, 2, 2, 4)),
           dict(strides=[1, 2, 1, 1], padding=[[0, 0], [1, 2], [0, 1], [0, 0]]), grad=(0, 1),
           name="explicit_padding", rtol=1e-4, atol=1e-5),
    OpCase("compat.v1.nn.conv2d", (f32(1, 5, 5, 2), f32(2, 2, 2, 3), [1, 1, 1, 1], "SAME"), grad=(0, 1),
           name="v1_positional", rtol=1e-4, atol=1e-5),
    OpCase("compat.v1.nn.conv2d", (f32(1, 5, 5, 2),), dict(filter=f32(3, 3, 2, 2), strides=[1, 1, 1, 1],
                                                           padding="VALID", use_cudnn_on_gpu=True),
           grad=(0, "filter"), name="v1_filter_kwarg", rtol=1e-4, atol=1e-5),
    OpCase("nn.max_pool", (distinct(2, 4, 4, 3), 2, 2, "VALID"), grad=(0,)),
    OpCase("nn.max_pool", (distinct(1, 5, 5, 2), 3, 2, "SAME"), grad=(0,), name="same"),
    OpCase("compat.v1.nn.max_pool", (distinct(1, 4, 4, 2), [1, 2, 2, 1], [1, 2, 2, 1], "SAME"), grad=(0,),
           name="v1_lists"),
    OpCase("nn.avg_pool", (f32(2, 4, 4, 3), 2, 2, "VALID"), grad=(0,)),
    OpCase("nn.avg_pool", (f32(1, 5, 5, 2), 3, 2, "SAME"), grad=(0,), name="same"),
    OpCase("nn.moments", (f32(3, 4), [0]), grad=(0,)),
    OpCase("nn.moments", (f32(2, 3, 4), [0, 1]), dict(keepdims=True), grad=(0,), name="keepdims"),
    OpCase("compat.v1.nn.moments", (f32(3, 4), [1]), dict(keep_dims=True), grad=(0,), name="keep_dims"),
    OpCase("nn.embedding_lookup", (f32(5, 3), np.array([[0, 4], [2, 2]], np.int32)), grad=(0,)),
    OpCase("compat.v1.nn.in_top_k", (distinct(3, 4), np.array([0, 1, 3], np.int32), 2)),
    OpCase("math.in_top_k", (np.array([0, 1, 3], np.int32), distinct(3, 4), 1), name="v2_order"),
    OpCase("nn.dropout", (f32(3, 4),), dict(rate=0.0), grad=(0,), name="rate0"),
    OpCase("compat.v1.nn.dropout", (f32(3, 4), 1.0), grad=(0,), name="keep_prob1_positional"),
    OpCase("nn.dropout", (f32(4, 5),), dict(rate=0.5, seed=1), compare_values=False, name="random"),
    OpCase("compat.v1.nn.dropout", (f32(4, 5), 0.5), compare_values=False, name="v1_random"),
]

# random ops: shapes, dtypes (values come from torch generators, see tests/known_deviations.py) -------------
CASES += [
    OpCase("random.normal", ([2, 3],), dict(seed=1), compare_values=False),
    OpCase("compat.v1.random_normal", ([2, 3],), dict(mean=1.0, stddev=2.0, dtype="float64"),
           compare_values=False),
    OpCase("random.uniform", ([4],), dict(minval=1.0, maxval=2.0), compare_values=False),
    OpCase("compat.v1.random_uniform", ([2, 2],), dict(maxval=10, dtype="int32"), compare_values=False,
           name="int32"),
    OpCase("random.truncated_normal", ([3, 3],), dict(stddev=0.1), compare_values=False),
    OpCase("compat.v1.truncated_normal", ([3],), compare_values=False),
    OpCase("compat.v1.multinomial", (f32(2, 3), 4), compare_values=False),
    OpCase("random.categorical", (f32(2, 3), 5), dict(dtype="int32"), compare_values=False, tf=True),
    OpCase("random.shuffle", (f32(5, 2),), compare_values=False),
    OpCase("random.gamma", ([4], [1.5, 2.0]), dict(seed=2), compare_values=False),
    OpCase("random.poisson", ([3], [0.5, 4.0]), dict(seed=2), compare_values=False),
]

# image ops -------------------------------------------------------------------------------------------------
_IMG = f32(2, 4, 5, 2, lo=0.0, hi=1.0)
_F32_FD = dict(fd_eps=1e-2, fd_tol=2e-3)  # TF's ResizeBilinear computes in float32 whatever the input dtype
CASES += [
    OpCase("image.resize", (_IMG, [3, 7]), grad=(0,), name="bilinear_mixed", **_F32_FD),
    OpCase("image.resize", (_IMG, [8, 10]), grad=(0,), name="bilinear_up", **_F32_FD),
    OpCase("image.resize", (f32(4, 6, 3), [2, 3]), grad=(0,), name="bilinear_down_3d", **_F32_FD),
    OpCase("image.resize", (_IMG, [7, 3]), dict(method="nearest"), grad=(0,), name="nearest"),
    OpCase("image.resize", (_rng.randint(0, 255, (1, 4, 4, 1)).astype(np.uint8), [6, 6]),
           dict(method="nearest"), name="nearest_uint8"),
    OpCase("image.resize", (_rng.randint(0, 255, (1, 4, 4, 1)).astype(np.uint8), [6, 6]), name="uint8_to_float"),
    OpCase("compat.v1.image.resize_images", (_IMG, [3, 7]), grad=(0,), name="v1_bilinear", **_F32_FD),
    OpCase("compat.v1.image.resize_images", (_IMG, [7, 9]), dict(align_corners=True), grad=(0,),
           name="v1_align_corners", **_F32_FD),
    OpCase("compat.v1.image.resize_images", (_IMG, [7, 3]), dict(method=1), grad=(0,), name="v1_nearest"),
    OpCase("compat.v1.image.resize_images", (_IMG, [7, 9]), dict(method=1, align_corners=True), grad=(0,),
           name="v1_nearest_align_corners"),
    OpCase("compat.v1.image.resize_images", (_rng.randint(0, 9, (4, 5, 1)).astype(np.int32), [4, 5]),
           name="v1_same_size_unchanged", unknown_dims=False),  # TF resizes (float32) when sizes are unknown
    OpCase("compat.v1.image.resize_bilinear", (_IMG, [5, 3]), dict(half_pixel_centers=True), grad=(0,),
           **_F32_FD),
    OpCase("compat.v1.image.resize_nearest_neighbor", (_IMG, [6, 6]), grad=(0,)),
    OpCase("image.crop_to_bounding_box", (f32(5, 6, 2), 1, 2, 3, 3), grad=(0,)),
    OpCase("image.crop_to_bounding_box", (f32(2, 5, 6, 1), 0, 1, 5, 2), grad=(0,), name="batch"),
    OpCase("image.convert_image_dtype", (_rng.randint(0, 255, (2, 3)).astype(np.uint8), "float32"), name="u8_f32"),
    OpCase("image.convert_image_dtype", (f32(2, 3, lo=0, hi=1), "uint8"), name="f32_u8"),
    OpCase("image.convert_image_dtype", (f32(2, 3, lo=-0.5, hi=1.5), "uint8"), dict(saturate=True),
           name="f32_u8_saturate"),
    OpCase("image.convert_image_dtype", (_rng.randint(0, 255, (4,)).astype(np.uint8), "int32"), name="u8_i32"),
    OpCase("image.convert_image_dtype", (_rng.randint(0, 2 ** 30, (4,)).astype(np.int32), "uint8"),
           name="i32_u8"),
    OpCase("image.convert_image_dtype", (f32(3, lo=0, hi=1), "float64"), grad=(0,), name="f32_f64"),
    OpCase("image.flip_left_right", (f32(3, 4, 2),), grad=(0,)),
    OpCase("image.flip_up_down", (f32(2, 3, 4, 1),), grad=(0,)),
    OpCase("image.random_flip_left_right", (f32(3, 4, 2),), compare_values=False),
    OpCase("image.random_flip_left_right", (f32(2, 3, 4, 1),), dict(seed=3), compare_values=False, name="batch"),
    # TF computes per_image_standardization in float32 whatever the input dtype
    OpCase("image.per_image_standardization", (f32(4, 4, 3),), grad=(0,), **_F32_FD),
    OpCase("image.adjust_contrast", (f32(2, 3, 4, 3, lo=0, hi=1), 1.7)),  # AdjustContrastv2: no gradient in TF
    OpCase("image.extract_patches", (f32(1, 4, 5, 2),), dict(sizes=[1, 2, 2, 1], strides=[1, 2, 1, 1],
                                                             rates=[1, 1, 1, 1], padding="VALID"), grad=(0,)),
]

# losses and functional ops -------------------------------------------------------------------------------------
CASES += [
    OpCase("nn.compute_average_loss", (f32(4),), grad=(0,)),
    OpCase("nn.compute_average_loss", (f32(4),), dict(sample_weight=f32(4), global_batch_size=8), grad=(0,),
           name="weighted", fd_eps=1e-2, fd_tol=2e-3),  # TF applies sample weights in float32
    OpCase("nn.compute_average_loss", (f32(3, 2),), dict(global_batch_size=6), grad=(0,), name="rank2"),
    OpCase(lambda tf, x: tf.map_fn(lambda r: tf.reduce_sum(r * r), x), (f32(3, 4),), grad=(0,),
           name="map_fn"),
    OpCase(lambda tf, x, y: tf.map_fn(lambda t: (t[0] * t[1], t[0] - t[1]), (x, y),
                                      fn_output_signature=(x.dtype, y.dtype)),
           (f32(3, 2), f32(3, 2)), grad=(0, 1), name="map_fn_tuple"),
]

# bitwise ops (the integer meaning of Tensor's & | ^ ~) --------------------------------------------------------
CASES += [
    OpCase(lambda tf, a, b: a & b, (i32(6, lo=0, hi=16), i32(6, lo=0, hi=16)), name="bitwise_and"),
    OpCase(lambda tf, a, b: a | b, (i32(6, lo=0, hi=16), i32(6, lo=0, hi=16)), name="bitwise_or"),
    OpCase(lambda tf, a, b: a ^ b, (i64(6, lo=0, hi=16), i64(6, lo=0, hi=16)), name="bitwise_xor"),
    OpCase(lambda tf, a: ~a, (i32(6),), name="invert"),
    OpCase("bitwise.invert", (np.array([0, 1, 200], np.uint8),)),
]

# linalg, scatter/segment, sort, space/depth, conv2d_transpose (tfcompat/_src/ops/{linalg,scatter,sort,nn_extra}_ops)
_M = f32(3, 4) + np.eye(3, 4, dtype=np.float32) * 3  # well separated singular values for the ord=2 norm
CASES += [
    OpCase("norm", (f32(3, 4),), grad=(0,)),
    OpCase("norm", (f32(2, 3, 4),), dict(axis=1, keepdims=True), grad=(0,), name="axis_keepdims"),
    OpCase("linalg.norm", (away_from_zero(3, 4),), dict(ord=1, axis=-1), grad=(0,), name="ord1"),
    OpCase("linalg.norm", (distinct(3, 4),), dict(ord=np.inf, axis=0), grad=(0,), name="ord_inf"),
    OpCase("linalg.norm", (pos(3, 4),), dict(ord=3, axis=1), grad=(0,), name="ord3"),
    OpCase("norm", (f32(2, 3, 4),), dict(ord="fro", axis=[1, 2]), grad=(0,), name="fro"),
    OpCase("norm", (away_from_zero(3, 4),), dict(ord=1, axis=[0, 1]), grad=(0,), name="matrix_ord1"),
    OpCase("norm", (away_from_zero(3, 4),), dict(ord=np.inf, axis=[-2, -1], keepdims=True), grad=(0,),
           name="matrix_inf"),
    OpCase("norm", (_M,), dict(ord=2, axis=[0, 1]), grad=(0,), name="spectral", rtol=1e-4, grad_rtol=1e-3),
    OpCase("compat.v1.norm", (f32(3, 4),), dict(axis=1, keep_dims=True), grad=(0,), name="v1_keep_dims"),
    OpCase("linalg.global_norm", ([f32(3), f32(2, 2)],), name="global_norm"),
    OpCase("linalg.diag", (f32(2, 3),), grad=(0,)),
    OpCase("linalg.diag", (f32(3),), dict(num_rows=3, num_cols=5, padding_value=-1.0), grad=(0,),
           name="rect_padded"),
    OpCase("linalg.diag_part", (f32(2, 3, 3),), grad=(0,)),
    OpCase("compat.v1.diag", (f32(2, 3),), grad=(0,)),
    OpCase("linalg.tensor_diag", (i32(3),), name="int"),
    OpCase("compat.v1.diag_part", (f32(2, 3, 2, 3),), grad=(0,)),
    OpCase("linalg.trace", (f32(2, 3, 3),), grad=(0,)),
    OpCase("compat.v1.trace", (f32(4, 4),), grad=(0,)),
    OpCase("eye", (3,)),
    OpCase("eye", (2, 4), dict(batch_shape=[3], dtype="int32"), name="rect_batch"),
    OpCase("einsum", ("ij,jk->ik", f32(2, 3), f32(3, 4)), grad=(1, 2)),
    OpCase("einsum", ("bij,bkj->bik", f32(2, 3, 4), f32(2, 5, 4)), grad=(1, 2), name="batch"),
    OpCase("linalg.einsum", ("ii", f32(3, 3)), grad=(1,), name="trace"),
    OpCase("scatter_nd", (np.array([[0], [2], [0]], np.int32), f32(3, 4), [4, 4]), grad=(1,)),
    OpCase("scatter_nd", (np.array([[0, 1], [2, 2]], np.int64), f32(2), [3, 3]), grad=(1,), name="elements"),
    OpCase("tensor_scatter_nd_update", (f32(4, 3), np.array([[1], [3]], np.int32), f32(2, 3)), grad=(0, 2)),
    OpCase("tensor_scatter_nd_add", (f32(4, 3), np.array([[1, 0], [3, 2], [1, 0]], np.int32), f32(3)),
           grad=(0, 2)),
    OpCase("tensor_scatter_nd_sub", (f32(4, 3), np.array([[1, 0], [3, 2], [1, 0]], np.int32), f32(3)),
           grad=(0, 2)),
    OpCase("tensor_scatter_nd_min", (f32(4, 3), np.array([[1], [3]], np.int32), f32(2, 3)), grad=(0, 2)),
    OpCase("tensor_scatter_nd_max", (f32(4, 3), np.array([[1, 0], [3, 2], [0, 1]], np.int64), f32(3)),
           grad=(0, 2)),
    OpCase("compat.v1.sparse_to_dense", (np.array([[0, 1], [1, 0], [1, 2]], np.int32), [2, 3], f32(3),
                                         np.array(-1.0, np.float32)), grad=(2, 3)),
    OpCase("compat.v1.sparse_to_dense", (np.array([1, 3], np.int64), [5], np.array(7.0, np.float32)),
           name="vector_scalar_value"),  # no grad: TF's own SparseToDense gradient fails for 1-D indices
    # graph=False with grad: the graph test's loss needs a static shape; SegmentSum's first dim is unknown
    # statically in TF too. The v1_int case runs in graph mode.
    OpCase("math.segment_sum", (f32(5, 3), np.array([0, 0, 1, 3, 3], np.int32)), grad=(0,), graph=False),
    OpCase("math.segment_mean", (f32(5, 3), np.array([0, 0, 1, 3, 3], np.int32)), grad=(0,), graph=False),
    OpCase("compat.v1.segment_sum", (i32(4), np.array([0, 1, 1, 2], np.int64)), name="v1_int",
           graph_static_shape=False),
    OpCase("math.unsorted_segment_sum", (f32(5, 3), np.array([2, -1, 0, 2, 1], np.int32), 4), grad=(0,)),
    OpCase("math.unsorted_segment_sum", (f32(2, 3, 2), np.array([[1, 0, 1], [0, 0, 2]], np.int32), 3),
           grad=(0,), name="multidim_ids"),
    OpCase("sort", (distinct(3, 4),), grad=(0,)),
    OpCase("sort", (distinct(3, 4, 2),), dict(axis=1, direction="DESCENDING"), grad=(0,), name="axis1_desc"),
    OpCase("sort", (i32(6),), name="int"),
    OpCase("sort", (np.array([3, 0, 255, 7], np.uint8),), name="uint8"),
    OpCase("argsort", (np.array([[3.0, 1.0, 3.0, 0.5], [2.0, 2.0, 1.0, 9.0]], np.float32),), name="ties"),
    OpCase("argsort", (i32(3, 5),), dict(axis=0, direction="DESCENDING"), name="int_axis0"),
    OpCase("math.top_k", (distinct(3, 5), 2), grad=(0,)),
    OpCase("nn.top_k", (np.array([1.0, 3.0, 3.0, 2.0], np.float32),), dict(k=3), name="ties"),
    OpCase("nn.depth_to_space", (f32(2, 2, 3, 8), 2), grad=(0,)),
    OpCase("nn.space_to_depth", (f32(2, 4, 6, 3), 2), grad=(0,)),
    OpCase("compat.v1.depth_to_space", (f32(1, 2, 2, 9), 3), grad=(0,), name="v1"),
    OpCase("compat.v1.space_to_depth", (f32(1, 4, 4, 1), 2), grad=(0,), name="v1"),
    OpCase("nn.zero_fraction", (np.array([[0.0, 1.0, 0.0], [2.0, 0.0, -0.0]], np.float32),)),
    OpCase("math.zero_fraction", (np.array([0, 3, 0, 0], np.int32),), name="int"),
    OpCase("image.rgb_to_grayscale", (f32(2, 3, 4, 3, lo=0, hi=1),), grad=(0,), **_F32_FD),  # float32 inside, as TF
    OpCase("compat.v1.image.rgb_to_grayscale", (_rng.randint(0, 255, (3, 2, 3)).astype(np.uint8),), name="uint8"),
    OpCase("nn.conv2d_transpose", (f32(2, 3, 3, 4), f32(3, 3, 2, 4), [2, 6, 6, 2], 2), grad=(0, 1),
           rtol=1e-4, atol=1e-5),
    OpCase("nn.conv2d_transpose", (f32(1, 3, 4, 2), f32(3, 2, 3, 2), [1, 5, 7, 3], 2), dict(padding="SAME"),
           grad=(0, 1), name="odd_same", rtol=1e-4, atol=1e-5),
    OpCase("nn.conv2d_transpose", (f32(1, 3, 3, 2), f32(3, 3, 1, 2), [1, 7, 8, 1], [1, 2, 2, 1]),
           dict(padding="VALID"), grad=(0, 1), name="valid_extra_col", rtol=1e-4, atol=1e-5),
    OpCase("compat.v1.nn.conv2d_transpose", (f32(1, 4, 4, 3), f32(2, 2, 2, 3), [1, 4, 4, 2], [1, 1, 1, 1]),
           grad=(0, 1), name="v1_positional", rtol=1e-4, atol=1e-5),
    OpCase("compat.v1.nn.conv2d_transpose", (), dict(value=f32(1, 2, 2, 3), filter=f32(3, 3, 2, 3),
                                                     output_shape=[1, 6, 5, 2], strides=[1, 2, 2, 1],
                                                     padding="VALID"),
           grad=("value", "filter"), name="v1_kwargs_valid_cropped", rtol=1e-4, atol=1e-5),
]

from tests.ops.op_db_more import MORE_CASES  # noqa: E402  (BREADTH-NUMERIC's entries)

CASES += MORE_CASES
