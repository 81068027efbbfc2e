"""``tf.keras.backend`` functions (tf-keras 2.21 ``backend.py``): thin wrappers over tfcompat ops with Keras'
argument conventions (``axis=None`` reduces everything, ``keepdims``, floatx defaults, the learning phase)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, math_ops, nn_ops, random_ops, reduction_ops
from tfcompat._src.ops.variables import Variable
from tfcompat._src.keras import backend
from tfcompat._src.keras import hooks
from tfcompat._src.keras.utils import control_flow_util

__all__ = [
    "abs", "all", "any", "arange", "argmax", "argmin", "batch_dot", "batch_flatten", "binary_crossentropy",
    "cast", "cast_to_floatx", "categorical_crossentropy", "clip", "concatenate", "constant", "cos", "count_params",
    "cumprod", "cumsum", "dot", "dropout", "dtype", "elu", "equal", "eval", "exp", "expand_dims", "eye", "flatten",
    "function", "gather", "gradients", "greater", "greater_equal", "hard_sigmoid", "identity", "in_test_phase",
    "in_train_phase", "int_shape", "is_sparse", "is_tensor", "l2_normalize", "less", "less_equal", "log",
    "logsumexp", "map_fn", "max", "maximum", "mean", "min", "minimum", "moving_average_update", "ndim",
    "not_equal", "one_hot", "ones", "ones_like", "permute_dimensions", "placeholder", "pow", "prod",
    "random_normal", "random_uniform", "relu", "repeat", "repeat_elements", "reshape", "reverse", "round",
    "sigmoid", "sign", "sin", "softmax", "softplus", "softsign", "sparse_categorical_crossentropy", "sqrt",
    "square", "squeeze", "stack", "std", "stop_gradient", "sum", "switch", "tanh", "tile", "transpose",
    "truncated_normal", "update", "update_add", "update_sub", "var", "variable", "zeros", "zeros_like",
]


def _t(x):
    return x if isinstance(x, (Tensor, Variable)) else convert_to_tensor(x)


def cast_to_floatx(x):
    """Mirrors ``backend.cast_to_floatx``."""
    if isinstance(x, (Tensor, Variable)):
        return math_ops.cast(x, backend.floatx())
    return np.asarray(x, dtype=dtypes.as_dtype(backend.floatx()).np_dtype)


def variable(value, dtype=None, name=None, constraint=None):
    """Mirrors ``backend.variable``: a floatx (or ``dtype``) variable."""
    dtype = dtype or backend.floatx()
    v = Variable(np.asarray(value, dtype=dtypes.as_dtype(dtype).np_dtype) if not isinstance(value, Tensor) else
                 math_ops.cast(value, dtype), dtype=dtype, name=name, constraint=constraint)
    return v


def constant(value, dtype=None, shape=None, name=None):
    """Mirrors ``backend.constant``."""
    value = np.asarray(value, dtype=dtypes.as_dtype(dtype or backend.floatx()).np_dtype)
    if shape is not None:
        value = np.broadcast_to(value, shape)
    return array_ops.constant(value, name=name)


def placeholder(shape=None, ndim=None, dtype=None, sparse=False, name=None, ragged=False):
    """Mirrors ``backend.placeholder`` (TF1 graph mode; while executing eagerly, a Keras symbolic input)."""
    dtype = dtype or backend.floatx()
    if not shape and ndim:
        shape = (None,) * ndim
    graph = backend.get_graph()
    with ctx_lib.push_graph(graph):
        return array_ops.placeholder(dtype, shape=shape, name=name)


def is_tensor(x) -> bool:
    return isinstance(x, (Tensor, Variable))


def is_sparse(tensor) -> bool:
    return False


def int_shape(x):
    """Mirrors ``backend.int_shape``: a tuple of ints/None, or None for unknown rank."""
    try:
        shape = x.shape
        if not isinstance(shape, tuple):
            shape = tuple(TensorShape(shape).as_list())
        return shape
    except ValueError:
        return None


def ndim(x):
    return x.shape.rank if hasattr(x.shape, "rank") else len(x.shape)


def dtype(x) -> str:
    return x.dtype.name


def eval(x):  # noqa: A001
    """Mirrors ``backend.eval``."""
    return backend.get_value(x)


def count_params(x) -> int:
    return int(np.prod(x.shape.as_list()))


def cast(x, dtype):  # noqa: A002
    return math_ops.cast(x, dtype)


def zeros(shape, dtype=None, name=None):
    return array_ops.zeros(shape, dtype=dtype or backend.floatx(), name=name)


def ones(shape, dtype=None, name=None):
    return array_ops.ones(shape, dtype=dtype or backend.floatx(), name=name)


def eye(size, dtype=None, name=None):
    from tfcompat._src.ops import linalg_ops
    return linalg_ops.eye(size, dtype=dtype or backend.floatx(), name=name)


def zeros_like(x, dtype=None, name=None):
    return array_ops.zeros_like(x, dtype=dtype, name=name)


def ones_like(x, dtype=None, name=None):
    return array_ops.ones_like(x, dtype=dtype, name=name)


def identity(x, name=None):
    return array_ops.identity(x, name=name)


def update(x, new_x):
    return x.assign(new_x)


def update_add(x, increment):
    return x.assign_add(increment)


def update_sub(x, decrement):
    return x.assign_sub(decrement)


def moving_average_update(x, value, momentum):
    """Mirrors ``backend.moving_average_update``: ``x = x * momentum + value * (1 - momentum)``."""
    return x.assign(x * momentum + value * (1 - momentum))


def dot(x, y):
    """Mirrors ``backend.dot`` (N-D: contracts the last axis of x with the second-to-last of y)."""
    if x.shape.rank is not None and (x.shape.rank > 2 or y.shape.rank > 2):
        x_dims = x.shape.as_list()
        y_dims = y.shape.as_list()
        y_permute = list(range(y.shape.rank))
        y_permute = [y_permute.pop(-2)] + y_permute
        xt = array_ops.reshape(x, [-1, x_dims[-1]])
        yt = array_ops.reshape(array_ops.transpose(y, perm=y_permute), [y_dims[-2], -1])
        out_shape = [d if d is not None else -1 for d in x_dims[:-1]] + y_dims[:-2] + y_dims[-1:]
        return array_ops.reshape(math_ops.matmul(xt, yt), out_shape)
    return math_ops.matmul(x, y)


def batch_dot(x, y, axes=None):
    """Mirrors ``backend.batch_dot`` for rank-2/3 inputs."""
    x_ndim, y_ndim = x.shape.rank, y.shape.rank
    if axes is None:
        axes = [x_ndim - 1, y_ndim - 2 if y_ndim > 2 else 1]
    if isinstance(axes, int):
        axes = (axes, axes)
    a0, a1 = [a % n for a, n in zip(axes, (x_ndim, y_ndim))]
    if x_ndim == 2 and y_ndim == 2:
        if a0 == a1 == 1:
            return reduction_ops.reduce_sum(x * y, axis=1, keepdims=True)
        return reduction_ops.reduce_sum(x * y, axis=0, keepdims=True)
    from tfcompat._src.ops import linalg_ops
    if x_ndim == 2:
        x = array_ops.expand_dims(x, 1 if a0 == 1 else 2)
        a0 = 2 if a0 == 1 else 1
    xs = "bij" if a0 == 2 else "bji"
    ys = "bjk" if a1 == 1 else "bkj"
    out = linalg_ops.einsum(f"{xs},{ys}->bik", x, y)
    return out


def transpose(x):
    return array_ops.transpose(x)


def gather(reference, indices):
    return array_ops.gather(reference, indices)


def _axis(axis):
    return list(axis) if isinstance(axis, tuple) else axis


def max(x, axis=None, keepdims=False):  # noqa: A001
    return reduction_ops.reduce_max(x, _axis(axis), keepdims)


def min(x, axis=None, keepdims=False):  # noqa: A001
    return reduction_ops.reduce_min(x, _axis(axis), keepdims)


def sum(x, axis=None, keepdims=False):  # noqa: A001
    return reduction_ops.reduce_sum(x, _axis(axis), keepdims)


def prod(x, axis=None, keepdims=False):
    return reduction_ops.reduce_prod(x, _axis(axis), keepdims)


def cumsum(x, axis=0):
    from tfcompat._src.ops import math_ops as m
    return m.cumsum(x, axis=axis) if hasattr(m, "cumsum") else _cum(x, axis, "sum")


def cumprod(x, axis=0):
    from tfcompat._src.ops import math_ops as m
    return m.cumprod(x, axis=axis) if hasattr(m, "cumprod") else _cum(x, axis, "prod")


def _cum(x, axis, kind):
    raise NotImplementedError(f"keras.backend.cum{kind} needs tf.math.cum{kind}, which tfcompat lacks")


def var(x, axis=None, keepdims=False):
    if x.dtype is dtypes.bool_:
        x = math_ops.cast(x, backend.floatx())
    return reduction_ops.reduce_variance(x, axis=_axis(axis), keepdims=keepdims)


def std(x, axis=None, keepdims=False):
    if x.dtype is dtypes.bool_:
        x = math_ops.cast(x, backend.floatx())
    return reduction_ops.reduce_std(x, axis=_axis(axis), keepdims=keepdims)


def mean(x, axis=None, keepdims=False):
    if x.dtype is dtypes.bool_:
        x = math_ops.cast(x, backend.floatx())
    return reduction_ops.reduce_mean(x, _axis(axis), keepdims)


def any(x, axis=None, keepdims=False):  # noqa: A001
    return reduction_ops.reduce_any(math_ops.cast(x, dtypes.bool_), _axis(axis), keepdims)


def all(x, axis=None, keepdims=False):  # noqa: A001
    return reduction_ops.reduce_all(math_ops.cast(x, dtypes.bool_), _axis(axis), keepdims)


def argmax(x, axis=-1):
    return reduction_ops.argmax(x, axis)


def argmin(x, axis=-1):
    return reduction_ops.argmin(x, axis)


def square(x):
    return math_ops.square(x)


def abs(x):  # noqa: A001
    return math_ops.abs(x)


def sqrt(x):
    """Mirrors ``backend.sqrt``: negative inputs clip to 0."""
    zero = convert_to_tensor(0.0, dtype=x.dtype)
    inf = convert_to_tensor(np.inf, dtype=x.dtype)
    return math_ops.sqrt(math_ops.clip_by_value(x, zero, inf))


def exp(x):
    return math_ops.exp(x)


def log(x):
    return math_ops.log(x)


def logsumexp(x, axis=None, keepdims=False):
    return reduction_ops.reduce_logsumexp(x, _axis(axis), keepdims)


def round(x):  # noqa: A001
    return math_ops.round(x)


def sign(x):
    return math_ops.sign(x)


def pow(x, a):  # noqa: A001
    return math_ops.pow(x, a)


def clip(x, min_value, max_value):
    """Mirrors ``backend.clip`` (max below min is raised to min)."""
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and max_value < min_value:
        max_value = min_value
    if min_value is None:
        min_value = -np.inf
    if max_value is None:
        max_value = np.inf
    return math_ops.clip_by_value(x, min_value, max_value)


def equal(x, y):
    return math_ops.equal(x, y)


def not_equal(x, y):
    return math_ops.not_equal(x, y)


def greater(x, y):
    return math_ops.greater(x, y)


def greater_equal(x, y):
    return math_ops.greater_equal(x, y)


def less(x, y):
    return math_ops.less(x, y)


def less_equal(x, y):
    return math_ops.less_equal(x, y)


def maximum(x, y):
    return math_ops.maximum(x, y)


def minimum(x, y):
    return math_ops.minimum(x, y)


def sin(x):
    return math_ops.sin(x)


def cos(x):
    return math_ops.cos(x)


def concatenate(tensors, axis=-1):
    """Mirrors ``backend.concatenate`` (a negative axis counts from the first tensor's rank)."""
    if axis < 0:
        rank = tensors[0].shape.rank
        axis = axis % rank if rank else 0
    return array_ops.concat(list(tensors), axis)


def reshape(x, shape):
    return array_ops.reshape(x, shape)


def permute_dimensions(x, pattern):
    return array_ops.transpose(x, perm=pattern)


def repeat_elements(x, rep, axis):
    """Mirrors ``backend.repeat_elements``."""
    x_shape = x.shape.as_list()
    if dimension_value(x_shape[axis]) is not None:
        splits = array_ops.split(x, x_shape[axis], axis=axis)
        return array_ops.concat([s for s in splits for _ in range(rep)], axis)
    raise NotImplementedError("repeat_elements along an unknown dimension is not supported")


def repeat(x, n):
    return array_ops.tile(array_ops.expand_dims(x, 1), [1, n, 1])


def arange(start, stop=None, step=1, dtype="int32"):
    if stop is None and start < 0:
        start = 0
    return math_ops.cast(array_ops.range(start, stop, step), dtype) if stop is not None else \
        math_ops.cast(array_ops.range(start, delta=step), dtype)


def tile(x, n):
    if isinstance(n, int):
        n = [n]
    return array_ops.tile(x, n)


def flatten(x):
    return array_ops.reshape(x, [-1])


def batch_flatten(x):
    return array_ops.reshape(x, array_ops.stack([-1, reduction_ops.reduce_prod(array_ops.shape(x)[1:])]))


def expand_dims(x, axis=-1):
    return array_ops.expand_dims(x, axis)


def squeeze(x, axis):
    return array_ops.squeeze(x, [axis])


def stack(x, axis=0):
    return array_ops.stack(x, axis=axis)


def one_hot(indices, num_classes):
    return array_ops.one_hot(indices, depth=num_classes, axis=-1)


def reverse(x, axes):
    if isinstance(axes, int):
        axes = [axes]
    return array_ops.reverse(x, axes)


def stop_gradient(variables):
    if isinstance(variables, (list, tuple)):
        return [array_ops.stop_gradient(v) for v in variables]
    return array_ops.stop_gradient(variables)


def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    from tfcompat._src.keras import activations
    return activations.relu(x, alpha=alpha, max_value=max_value, threshold=threshold)


def elu(x, alpha=1.0):
    res = nn_ops.elu(x)
    if alpha == 1:
        return res
    return array_ops.where(x > 0, res, alpha * res)


def softmax(x, axis=-1):
    return nn_ops.softmax(x, axis=axis)


def softplus(x):
    return nn_ops.softplus(x)


def softsign(x):
    return nn_ops.softsign(x)


def sigmoid(x):
    return math_ops.sigmoid(x)


def hard_sigmoid(x):
    from tfcompat._src.keras import activations
    return activations.hard_sigmoid(x)


def tanh(x):
    return math_ops.tanh(x)


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    from tfcompat._src.keras import loss_functions
    return loss_functions.backend_categorical_crossentropy(target, output, from_logits, axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1, ignore_class=None):
    from tfcompat._src.keras import loss_functions
    return loss_functions.backend_sparse_categorical_crossentropy(target, output, from_logits, axis, ignore_class)


def binary_crossentropy(target, output, from_logits=False):
    from tfcompat._src.keras import loss_functions
    return loss_functions.backend_binary_crossentropy(target, output, from_logits)


def l2_normalize(x, axis=None):
    from tfcompat._src.keras import loss_functions
    return loss_functions.l2_normalize(x, axis=axis)


def _op_seed(seed):
    # tf-keras's backend random functions: no seed means an explicit op seed from numpy's global generator (so
    # the numbers follow np.random.seed, and TF's own op-seed sequence is not advanced).
    return np.random.randint(10e6) if seed is None else seed


def dropout(x, level, noise_shape=None, seed=None):
    """Mirrors ``tf.keras.backend.dropout`` (seeding: ``_op_seed``)."""
    return nn_ops.dropout_v2(x, rate=level, noise_shape=noise_shape, seed=_op_seed(seed))


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Mirrors ``tf.keras.backend.random_normal`` (seeding: ``_op_seed``)."""
    return random_ops.random_normal(shape, mean=mean, stddev=stddev, dtype=dtype or backend.floatx(),
                                    seed=_op_seed(seed))


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Mirrors ``tf.keras.backend.random_uniform`` (seeding: ``_op_seed``)."""
    return random_ops.random_uniform(shape, minval=minval, maxval=maxval, dtype=dtype or backend.floatx(),
                                     seed=_op_seed(seed))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Mirrors ``tf.keras.backend.truncated_normal`` (seeding: ``_op_seed``)."""
    return random_ops.truncated_normal(shape, mean, stddev, dtype=dtype or backend.floatx(), seed=_op_seed(seed))


def switch(condition, then_expression, else_expression):
    """Mirrors ``backend.switch`` for a scalar condition (``smart_cond``) or an elementwise one (``where``)."""
    if isinstance(condition, Tensor) and condition.dtype is not dtypes.bool_:
        condition = math_ops.cast(condition, dtypes.bool_)
    if isinstance(condition, Tensor) and condition.shape.rank not in (0, None):
        then_t = then_expression() if callable(then_expression) else then_expression
        else_t = else_expression() if callable(else_expression) else else_expression
        return array_ops.where(condition, then_t, else_t)
    then_fn = then_expression if callable(then_expression) else (lambda: then_expression)
    else_fn = else_expression if callable(else_expression) else (lambda: else_expression)
    return control_flow_util.smart_cond(condition, then_fn, else_fn)


def in_train_phase(x, alt, training=None):
    """Mirrors ``backend.in_train_phase``."""
    if training is None:
        training = backend.learning_phase()
    if training == 1 or training is True:
        return x() if callable(x) else x
    if training == 0 or training is False:
        return alt() if callable(alt) else alt
    return switch(training, x, alt)


def in_test_phase(x, alt, training=None):
    return in_train_phase(alt, x, training=training)


def gradients(loss, variables):
    """Mirrors ``backend.gradients`` (``tf.gradients``, graph mode)."""
    from tfcompat._src.autodiff.gradients import gradients as tf_gradients
    return tf_gradients(loss, variables, colocate_gradients_with_ops=True)


def map_fn(fn, elems, name=None, dtype=None):
    from tfcompat._src.ops.functional_ops import map_fn as tf_map_fn
    return tf_map_fn(fn, elems, name=name, dtype=dtype)


class GraphExecutionFunction:
    """Mirrors ``backend.function`` in TF1 graph mode: runs ``outputs`` (and ``updates``) in Keras' session with
    the inputs fed."""

    def __init__(self, inputs, outputs, updates=None, name=None, **session_kwargs):
        from tfcompat._src.ops import control_flow_ops
        self.inputs = list(inputs)
        self._outputs_structure = outputs
        self.outputs = list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]
        update_ops = []
        for u in updates or []:
            if isinstance(u, tuple):
                update_ops.append(u[0].assign(u[1]))
            else:
                update_ops.append(u)
        self.updates_op = control_flow_ops.group(*update_ops) if update_ops else None
        self.name = name

    def __call__(self, inputs):
        session = backend.get_session()
        feed = {}
        for tensor, value in zip(self.inputs, inputs):
            feed[tensor] = value
        fetches = self.outputs + ([self.updates_op] if self.updates_op is not None else [])
        results = session.run(fetches, feed_dict=feed)
        return results[:len(self.outputs)]


class EagerExecutionFunction:
    """``backend.function`` when executing eagerly: calls the Keras model graph's computation on the inputs."""

    def __init__(self, inputs, outputs, updates=None, name=None):
        self._model = hooks.get("functional_model")(inputs, outputs)
        self._single = not isinstance(outputs, (list, tuple))

    def __call__(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            inputs = [inputs]
        out = self._model(list(inputs) if len(inputs) > 1 else inputs[0])
        out = [out] if self._single else list(out)
        return [o.numpy() for o in out]


def function(inputs, outputs, updates=None, name=None, **kwargs):
    """Mirrors ``backend.function``."""
    if ctx_lib.executing_eagerly():
        return EagerExecutionFunction(inputs, outputs, updates=updates, name=name)
    return GraphExecutionFunction(inputs, outputs, updates=updates, name=name, **kwargs)


def is_symbolic(x) -> bool:
    return isinstance(x, SymbolicTensor)
