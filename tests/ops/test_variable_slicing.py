"""ops/variable_slicing.py (``variable[key].assign``), the ``_UnreadVariable`` an eager assign returns
(ops/variables.py), scalar reprs and ``ref()`` (framework/tensor.py) and ``enable/disable_tensor_equality``;
against TF 2.21."""
from __future__ import annotations

import pytest

SLICE_CASES = {
    "element": lambda tf, a: a[0, 0].assign(10),
    "columns": lambda tf, a: a[:, 1:].assign(tf.zeros([2, 2])),
    "row_broadcast_scalar": lambda tf, a: a[0].assign(5.0),
    "row_int_list": lambda tf, a: a[0].assign([1, 2, 3]),
    "reversed_strided": lambda tf, a: a[::-1, 0].assign([7.0, 8.0]),
    "tensor_index": lambda tf, a: a[tf.constant(1)].assign([3.0, 3.0, 3.0]),
    "ellipsis_newaxis_free": lambda tf, a: a[..., 2].assign(tf.constant([-1.0, -2.0])),
    "bad_broadcast": lambda tf, a: a[0].assign([1.0, 2.0]),
}


@pytest.mark.parametrize("case", sorted(SLICE_CASES))
def test_slice_assign_eager(oracle, case):
    def prog(tf):
        a = tf.Variable(tf.reshape(tf.range(6, dtype=tf.float32), [2, 3]))
        out = SLICE_CASES[case](tf, a)
        return repr(out), a.numpy()
    oracle.check(prog, match_message="Cannot broadcast input shape [2] into final shape [3]")


def test_slice_assign_in_tf_function_and_gradient_of_a_slice(oracle):
    def prog(tf):
        a = tf.Variable(tf.ones([2, 3]))

        @tf.function
        def f():
            return a[1, 1:].assign([4.0, 4.0])
        out = f()
        with tf.GradientTape() as t:
            y = tf.reduce_sum(a[0] * 2.0)
        return type(out).__name__, out, a.numpy(), t.gradient(y, a)
    oracle.check(prog)


def test_slice_assign_in_a_session(oracle):
    def prog(v1):
        a = v1.Variable(v1.ones([2, 3]))
        op = a[0, 1:].assign([5.0, 6.0])
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            s.run(op)
            return s.run(a)
    oracle.check_v1(prog)


def test_only_variable_slices_have_assign(oracle):
    def prog(tf):
        a = tf.Variable([1.0, 2.0])
        return hasattr(tf.constant(1.0), "assign"), hasattr(a[0], "assign"), hasattr(a.read_value()[0], "assign")
    oracle.check(prog)


def test_unread_variable(oracle):
    def prog(tf):
        v = tf.Variable([1.0, 2.0], name="w")
        u = v.assign([3.0, 4.0])
        first = (repr(u), u.name, type(u).__name__, isinstance(u, tf.Variable), u is v, u.trainable, u.shape)
        v.assign([5.0, 6.0])
        w = u.assign_add([1.0, 1.0])
        return (first, repr(u), repr(w), v.numpy(), u + 1, u.read_value(), repr(v.assign_sub([1.0, 1.0])),
                v.assign([1.0, 1.0], read_value=False))
    oracle.check(prog)


def test_gradient_through_an_assign_result(oracle):
    def prog(tf):
        v = tf.Variable([1.0, 2.0])
        with tf.GradientTape() as t:
            y = v.assign([2.0, 3.0]) * 2.0
        return y, t.gradient(y, v)
    oracle.check(prog)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float64", "complex64", "bool", "int8"])
def test_scalar_repr_and_str(oracle, dtype):
    values = {"bool": True, "int8": -3, "complex64": 0.1 + 2j}

    def prog(tf):
        t = tf.constant(values.get(dtype, 27.3), getattr(tf, dtype))
        return repr(t), str(t), repr(tf.Variable(t))
    oracle.check(prog)


def test_disable_and_enable_tensor_equality(oracle):
    def prog(tf):
        v1 = tf.compat.v1
        a, b = tf.constant(1.0), tf.constant(1.0)
        before = (a == b).numpy()
        v1.disable_tensor_equality()
        try:
            disabled = (a == b, a == a, a != b)
        finally:
            v1.enable_tensor_equality()
        return before, disabled, (a == b).numpy()
    oracle.check(prog)


def test_ref_keys(oracle):
    def prog(tf):
        v, t = tf.Variable(1.0), tf.constant(2.0)
        keys = {v.ref(): "v", t.ref(): "t"}
        return (repr(v.ref()), type(v.ref()).__name__, v.ref().deref() is v, v.ref() == v.ref(),
                keys[v.ref()], keys[t.ref()], t.ref() == tf.constant(2.0).ref())
    oracle.check(prog)
