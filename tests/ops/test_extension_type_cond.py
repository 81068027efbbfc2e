"""ExtensionType values as the results of ``tf.cond`` / ``tf.switch_case`` / ``tf.case`` branches and of an
AutoGraph ``if`` on a tensor (ops/control_flow_ops.py ``build_branches``): eagerly, in a tf.function and in a TF1
graph; gradients through the branch taken; TF's errors for branches whose results differ. Expected values and
errors are TF's (the oracle); the classes are defined inside each program so each side builds its own."""
# No `from __future__ import annotations`: the field annotations must be evaluated where the classes are defined.

from tests.ops.test_extension_type_control_flow import _masked_tensor as _guide_masked_tensor

_STRUCTURE_ERROR = "true_fn and false_fn arguments to tf.cond must have the same number, type, and overall structure"


def _classes(tf):
    class MaskedTensor(tf.experimental.ExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

    class Pair(tf.experimental.ExtensionType):
        a: tf.Tensor
        b: tf.Tensor
    return MaskedTensor, Pair


def _mt(m):
    return [type(m).__name__, m.values, m.mask]


def test_cond_in_tf_function_shapes_relaxed(oracle):
    # The guide's example: the branches' MaskedTensors have different shapes; the result's spec is their most
    # specific common supertype (shape (None,)), and each call gives the taken branch's values.
    def prog(tf):
        MaskedTensor, _ = _classes(tf)
        a = MaskedTensor(tf.constant([1., 2, 3]), tf.constant([True, False, True]))
        b = MaskedTensor(tf.constant([22., 33, 108, 55]), tf.constant([True, True, True, False]))
        f = tf.function(lambda c: tf.cond(c, lambda: a, lambda: b))
        out = f.get_concrete_function(tf.TensorSpec([], tf.bool)).structured_outputs
        return [_mt(f(tf.constant(True))), _mt(f(tf.constant(False))), out.values.shape.as_list(),
                out.mask.shape.as_list(), type(out).__name__]
    oracle.check(prog)


def test_cond_rank_change_and_nest_with_tensors(oracle):
    def prog(tf):
        MaskedTensor, _ = _classes(tf)

        @tf.function
        def nested(c, x):
            return tf.cond(c, lambda: {"m": MaskedTensor(x, x > 1), "t": x * 2},
                           lambda: {"m": MaskedTensor(x + 1, x > 0), "t": x})

        @tf.function
        def rank(c, x):
            y = tf.reshape(x, [1, 2])
            return tf.cond(c, lambda: MaskedTensor(x, x > 1), lambda: MaskedTensor(y, y > 1))
        x = tf.constant([1., 2.])
        r = nested(tf.constant(False), x)
        return [_mt(r["m"]), r["t"], sorted(r), _mt(rank(tf.constant(False), x)),
                _mt(rank(tf.constant(True), x))]
    oracle.check(prog)


def test_cond_eager_returns_the_branch_value(oracle):
    def prog(tf):
        MaskedTensor, _ = _classes(tf)
        a = MaskedTensor(tf.constant([1., 2, 3]), tf.constant([True, False, True]))
        b = MaskedTensor(tf.constant([22., 33]), tf.constant([True, False]))
        return [_mt(tf.cond(tf.constant(True), lambda: a, lambda: b)),
                _mt(tf.cond(tf.constant(False), lambda: a, lambda: b)),
                tf.cond(tf.constant(False), lambda: a, lambda: 3.0)]   # eagerly nothing is compared
    oracle.check(prog)


def test_cond_tf1_graph(oracle):
    def prog(v1):
        MaskedTensor, _ = _classes(v1)
        p = v1.placeholder(v1.bool, [])
        x = v1.placeholder(v1.float32, [None])
        r = v1.cond(p, lambda: MaskedTensor(x * 2.0, x > 1.0), lambda: MaskedTensor(-x, x < 2.0))
        with v1.Session() as sess:
            feed = {x: [0.5, 1.5, 3.0]}
            t = sess.run([r.values, r.mask], {p: True, **feed})
            f = sess.run([r.values, r.mask], {p: False, **feed})
        return [type(r).__name__, r.values.shape.as_list(), t, f]
    oracle.check_v1(prog)


def test_cond_gradient_through_taken_branch(oracle):
    def prog(tf):
        MaskedTensor, _ = _classes(tf)
        x = tf.Variable([1., 2., 3.])

        def grad(c):
            with tf.GradientTape() as tape:
                r = tf.cond(c, lambda: MaskedTensor(x * x, x > 1), lambda: MaskedTensor(x * 3., x > 2))
                loss = tf.reduce_sum(tf.where(r.mask, r.values, 0.))
            return tape.gradient(loss, x)
        graph = tf.function(grad)
        return [grad(tf.constant(True)), graph(tf.constant(True)), graph(tf.constant(False))]
    oracle.check(prog)


def test_switch_case_and_case(oracle):
    def prog(tf):
        MaskedTensor, _ = _classes(tf)

        @tf.function
        def switch(i, x):
            xx = tf.concat([x, x], 0)
            return tf.switch_case(i, [lambda: MaskedTensor(x, x > 1), lambda: MaskedTensor(x * 2, x > 0),
                                      lambda: MaskedTensor(xx, xx > 1)])

        @tf.function
        def case(i, x):
            return tf.case([(i > 0, lambda: MaskedTensor(x, x > 1))], default=lambda: MaskedTensor(x * 2, x > 0))
        x = tf.constant([1., 2.])
        return [_mt(switch(tf.constant(1), x)), _mt(switch(tf.constant(2), x)), _mt(switch(tf.constant(7), x)),
                _mt(case(tf.constant(1), x)), _mt(case(tf.constant(0), x))]
    oracle.check(prog)


def test_autograph_if_on_a_tensor(oracle):
    # test_extension_type_control_flow's guide example runs its `if` on a python bool; here the condition is a
    # tensor, so the `if` is a tf.cond whose branches give the MaskedTensor (the else branch its value before).
    def prog(tf):
        MaskedTensor = _guide_masked_tensor(tf)

        @tf.function
        def fn(x, b):
            m = MaskedTensor(x, tf.greater(x, 0))
            if b:
                m = m.with_values(m.values * 2)
            for _ in tf.range(tf.where(b, 2, 3)):
                m = m.with_values(m.values + 1)
            return m
        x = tf.constant([1., -2, 3])
        return [_mt(fn(x, tf.constant(True))), _mt(fn(x, tf.constant(False)))]
    oracle.check(prog)


def test_branch_results_that_differ_raise(oracle):
    def prog(tf):
        MaskedTensor, Pair = _classes(tf)
        x = tf.constant([1., 2.])
        out = []
        for other in (lambda: x, lambda: Pair(x, x > 1), lambda: MaskedTensor(tf.cast(x, tf.int32), x > 1)):
            f = tf.function(lambda c, other=other: tf.cond(c, lambda: MaskedTensor(x, x > 1), other))
            try:
                f(tf.constant(False))
                out.append("no error")
            except Exception as e:   # noqa: BLE001 - the error is the result
                msg = str(e)
                out.append([type(e).__name__, _STRUCTURE_ERROR in msg, "is a sequence, while substructure" in msg,
                            "Incompatible CompositeTensor TypeSpecs" in msg])
        return out
    oracle.check(prog)


def test_autograph_if_structure_error(oracle):
    def prog(tf):
        MaskedTensor, _ = _classes(tf)

        @tf.function
        def fn(x, b):
            if b:
                y = MaskedTensor(x, tf.less(x, 0))
            else:
                y = x
            return y
        fn(tf.constant([1., -2, 3]), tf.constant(True))
    oracle.check(prog, match_message="'y' must have the same nested structure in the main and else branches")


def test_switch_case_branches_that_differ_raise(oracle):
    def prog(tf):
        MaskedTensor, Pair = _classes(tf)
        x = tf.constant([1., 2.])
        f = tf.function(lambda i: tf.switch_case(i, [lambda: MaskedTensor(x, x > 1), lambda: Pair(x, x > 1)]))
        f(tf.constant(0))
    oracle.check(prog, match_message="branches[0] and branches[1] arguments to tf.switch_case must have the same "
                                      "number, type, and overall structure of return values.")
