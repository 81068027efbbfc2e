"""``tf.function``'s tracing rules and ConcreteFunction (runtime/function.py, runtime/concrete_function.py,
runtime/function_types.py), run under real TF 2.21 and tfcompat with the oracle harness: trace counts, what is
printed when tracing and when running, signatures as TF prints them, values and TF's errors."""
from __future__ import annotations

import collections

import pytest

from tests.autograph.output_capture import run_and_capture

Pair = collections.namedtuple("Pair", "a b")


def _traced(tf, **options):
    """A tf.function that prints its arguments when traced, and a list counting its traces."""
    traces = []

    @tf.function(**options)
    def f(x, n=1):
        traces.append(1)
        print("tracing", x, n)
        return x * n
    return f, traces


# ------------------------------------------------------------------------------------------------
# retracing
# ------------------------------------------------------------------------------------------------
def test_retracing_on_python_values_dtypes_and_shapes(oracle):
    def prog(tf):
        f, traces = _traced(tf)
        counts = []
        for call in [lambda: f(tf.constant(1.)), lambda: f(tf.constant(2.)),      # same signature: one trace
                     lambda: f(tf.constant([1.])), lambda: f(tf.constant([1., 2.])),  # new shapes
                     lambda: f(tf.constant(1.), 2), lambda: f(tf.constant(1.), n=2),  # bound like f(x, 2)
                     lambda: f(x=tf.constant(1.), n=2), lambda: f(tf.constant(1.), 3),
                     lambda: f(tf.constant(1, tf.int32)), lambda: f(2.0), lambda: f(3.0),
                     lambda: f(1), lambda: f(True), lambda: f(1.0)]:                 # 1 == True == 1.0
            call()
            counts.append(len(traces))
        return counts, f.experimental_get_tracing_count()
    oracle.check(lambda tf: run_and_capture(prog, tf))


def test_retracing_on_structures(oracle):
    def prog(tf):
        f, traces = _traced(tf)
        f([tf.constant(1.), tf.constant(2.)])
        f([tf.constant(3.), tf.constant(4.)])
        f((tf.constant(1.), tf.constant(2.)))
        f({"b": tf.constant(1.), "a": 2})
        f({"a": 2, "b": tf.constant(5.)})
        f(Pair(1, tf.constant([2.])))
        f(None)
        return len(traces), f.pretty_printed_concrete_signatures()
    oracle.check(lambda tf: run_and_capture(prog, tf))


def test_reduce_retracing_relaxes_shapes(oracle):
    def prog(tf):
        f, traces = _traced(tf, reduce_retracing=True)
        counts = []
        for shape in ([1], [2], [3], [2, 2], [3, 3], [4]):
            f(tf.zeros(shape))
            counts.append(len(traces))
        return counts, f.pretty_printed_concrete_signatures()
    oracle.check(lambda tf: run_and_capture(prog, tf))


def test_concrete_function_with_none_dimension_is_reused(oracle):
    def prog(tf):
        f, traces = _traced(tf)
        f.get_concrete_function(tf.TensorSpec([None], tf.float32))
        f(tf.zeros([3]))
        f(tf.zeros([4]))
        f(tf.zeros([2, 2]))
        return len(traces), f.experimental_get_tracing_count()
    oracle.check(lambda tf: run_and_capture(prog, tf))


def test_frequent_retracing_warning(oracle):
    """TF counts retracing per code object and warns at most twice per code object per process: the function has
    its own code here, so the warnings do not depend on which tests ran before."""
    def prog(tf):
        traces = []

        @tf.function
        def retraced(x, n):
            traces.append(1)
            return x * n
        for n in range(8):
            retraced(tf.constant(1.), n)
        return len(traces)
    oracle.check(lambda tf: run_and_capture(prog, tf))


# ------------------------------------------------------------------------------------------------
# input_signature
# ------------------------------------------------------------------------------------------------
def test_input_signature(oracle):
    def prog(tf):
        traces = []

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)])
        def g(x, n):
            traces.append(1)
            return tf.reduce_sum(x) * tf.cast(n, tf.float32)
        return (g(tf.constant([1., 2.]), tf.constant(2)), g(tf.constant([1., 2., 3.]), 3), g([1., 2.], n=1),
                g(x=tf.constant([4.]), n=tf.constant(1)), len(traces), str(g.input_signature),
                g.pretty_printed_concrete_signatures())
    oracle.check(prog)


@pytest.mark.parametrize("bad", ["dtype", "rank", "too_many", "missing", "unexpected_kw", "python_str"])
def test_input_signature_errors(oracle, bad):
    def prog(tf):
        g = tf.function(lambda x, n: x, input_signature=[tf.TensorSpec([None], tf.float32),
                                                         tf.TensorSpec([], tf.int32)])
        x = tf.constant([1.])
        return {"dtype": lambda: g(tf.constant([1, 2]), 1), "rank": lambda: g(tf.constant([[1.]]), 1),
                "too_many": lambda: g(x, 1, 2), "missing": lambda: g(x), "unexpected_kw": lambda: g(x, 1, z=3),
                "python_str": lambda: g(x, "a")}[bad]()
    message = {"dtype": "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(2,), "
                        "dtype=tf.int32, name=None) to TensorSpec(shape=(None,), dtype=tf.float32, name=None)`",
               "rank": "`Can not cast TensorSpec(shape=(1, 1), dtype=tf.float32, name=None) to TensorSpec(shape="
                       "(None,), dtype=tf.float32, name=None)`",
               "too_many": "Binding inputs to tf.function failed due to `too many positional arguments`",
               "missing": "failed due to `missing a required argument: 'n'`",
               "unexpected_kw": "failed due to `got an unexpected keyword argument 'z'`",
               "python_str": "Binding inputs to tf.function failed due to `Cannot convert 'a' to EagerTensor of "
                             "dtype int32`"}[bad]
    got = oracle.check(prog, match_message=message)
    assert got.type == "TypeError"


@pytest.mark.parametrize("bad", ["missing", "too_many", "unexpected_kw", "multiple"])
def test_binding_errors(oracle, bad):
    def prog(tf):
        @tf.function
        def t(x, y):
            return x
        return {"missing": lambda: t(1), "too_many": lambda: t(1, 2, 3), "unexpected_kw": lambda: t(1, 2, z=3),
                "multiple": lambda: t(1, x=2)}[bad]()
    message = {"missing": "Binding inputs to tf.function failed due to `missing a required argument: 'y'`. "
                          "Received args: (1,) and kwargs: {} for signature: (x, y).",
               "too_many": "failed due to `too many positional arguments`. Received args: (1, 2, 3) and kwargs: {} "
                           "for signature: (x, y).",
               "unexpected_kw": "failed due to `got an unexpected keyword argument 'z'`. Received args: (1, 2) "
                                "and kwargs: {'z': 3} for signature: (x, y).",
               "multiple": "failed due to `multiple values for argument 'x'`. Received args: (1,) and kwargs: "
                           "{'x': 2} for signature: (x, y)."}[bad]
    got = oracle.check(prog, match_message=message)
    assert got.type == "TypeError"


# ------------------------------------------------------------------------------------------------
# ConcreteFunction
# ------------------------------------------------------------------------------------------------
def test_concrete_function(oracle):
    def prog(tf):
        @tf.function
        def f(x, y=2):
            return x * y
        cf = f.get_concrete_function(tf.TensorSpec([None], tf.int32))
        return (cf(tf.constant([1, 2])), cf(x=tf.constant([3])), cf([4, 5]), str(cf),
                cf.pretty_printed_signature(), str(cf.function_type), repr(cf.structured_input_signature),
                str(cf.structured_outputs), repr(cf).split(" at 0x")[0], cf.output_dtypes,
                str(cf.output_shapes), [t.name for t in cf.inputs], [t.name for t in cf.outputs])
    oracle.check(prog)


def test_concrete_function_python_parameters(oracle):
    def prog(tf):
        @tf.function
        def pow_(a, b):
            return a ** b
        square = pow_.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
        return square(tf.constant(10.)), square(tf.constant(3.), b=2), str(square)
    oracle.check(prog)


@pytest.mark.parametrize("bad", ["literal", "dtype"])
def test_concrete_function_errors(oracle, bad):
    def prog(tf):
        @tf.function
        def pow_(a, b):
            return a ** b
        square = pow_.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
        if bad == "literal":
            return square(tf.constant(10.), b=3)
        return square(tf.constant(1))
    error, message = {"literal": ("TypeError", "Binding inputs to tf.function failed due to `Can not cast 3 to "
                                               "Literal[2]`"),
                      "dtype": ("InvalidArgumentError", "as input #0(zero-based) was expected to be a float tensor "
                                                        "but is a int32 tensor")}[bad]
    got = oracle.check(prog, match_message=message)
    assert got.type == error


def test_nested_outputs_and_signatures(oracle):
    def prog(tf):
        @tf.function
        def outs(x):
            return {"a": x, "b": (x * 2, [x + 1])}, 3, None, 2.5

        @tf.function
        def nothing(x):
            x * 2
        cf = outs.get_concrete_function(tf.constant([1., 2.]))
        return (outs(tf.constant([1., 2.])), nothing(tf.constant(1.)), cf.pretty_printed_signature(),
                str(cf.structured_outputs), nothing.pretty_printed_concrete_signatures())
    oracle.check(prog)


def test_function_spec_and_python_function(oracle):
    def prog(tf):
        def f(a, b=2, *args, c=3, **kwargs):
            return a
        g = tf.function(f, input_signature=None)
        spec = g.function_spec
        return str(spec.fullargspec), spec.input_signature, g.python_function is f, g.__name__
    oracle.check(prog)


def test_non_tensor_output_is_an_error(oracle):
    def prog(tf):
        @tf.function
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
            return x, t
        return f(tf.constant(1.))
    got = oracle.check(prog, match_message="To be compatible with tf.function, Python functions must return zero "
                                           "or more Tensors or ExtensionTypes or None values")
    assert got.type == "TypeError"


# ------------------------------------------------------------------------------------------------
# side effects and variables
# ------------------------------------------------------------------------------------------------
def test_python_side_effects_at_trace_time_only(oracle):
    def prog(tf):
        external = []

        @tf.function
        def f(x):
            print("Traced with", x)
            tf.print("Executed with", x)
            external.append(x)

        f(1)
        f(1)
        f(2)
        f(tf.constant(3))
        f(tf.constant(4))
        return len(external)
    oracle.check(lambda tf: run_and_capture(prog, tf))


def test_print_order_with_variable_updates(oracle):
    def prog(tf):
        v = tf.Variable(0.)

        @tf.function
        def f():
            tf.print("start", v)
            v.assign(1.)
            tf.print("after assign", v)
            v.assign_add(2.)
            tf.print("after add", v.read_value())
            tf.print("end")
            return v.read_value()
        return f(), f(), v.read_value()
    oracle.check(lambda tf: run_and_capture(prog, tf))


def test_variables_created_on_first_call_only(oracle):
    def prog(tf):
        class Count(tf.Module):
            def __init__(self):
                self.count = None

            @tf.function
            def __call__(self):
                print("tracing")
                if self.count is None:
                    self.count = tf.Variable(0)
                return self.count.assign_add(1)
        c = Count()
        return c(), c(), c(), c.__call__.experimental_get_tracing_count()
    oracle.check(lambda tf: run_and_capture(prog, tf))


@pytest.mark.parametrize("case", ["every_call", "non_first_call"])
def test_variable_creation_errors(oracle, case):
    def prog(tf):
        if case == "every_call":
            @tf.function
            def f(x):
                return x * tf.Variable(1.)
            return f(tf.constant(1.))

        @tf.function
        def g(x):
            if x.shape[0] == 2:
                tf.Variable(1.)
            return x
        g(tf.zeros([1]))
        return g(tf.zeros([2]))
    message = {"every_call": "tf.function only supports singleton tf.Variables created on the first call. Make "
                             "sure the tf.Variable is only created once or created outside tf.function.",
               "non_first_call": "Creating variables on a non-first call to a function decorated with "
                                 "tf.function."}[case]
    got = oracle.check(prog, match_message=message)
    assert got.type == "ValueError"


def test_lazy_variable_creation_with_retrace(oracle):
    def prog(tf):
        class Lazy:
            w = None

            @tf.function
            def __call__(self, x):
                if self.w is None:
                    self.w = tf.Variable(tf.ones([x.shape[-1], 2]))
                return x @ self.w
        lazy = Lazy()
        return lazy(tf.ones([1, 3])), lazy(tf.ones([2, 3])), lazy.__call__.experimental_get_tracing_count()
    oracle.check(prog)


def test_methods_trace_per_instance(oracle):
    def prog(tf):
        class C:
            def __init__(self, k):
                self.k = k
                self.n = 0

            @tf.function
            def m(self, x):
                self.n += 1
                return x * self.k
        a, b = C(2.), C(3.)
        return a.m(tf.constant(1.)), b.m(tf.constant(1.)), a.m(tf.constant(2.)), a.n, b.n
    oracle.check(prog)


def test_run_functions_eagerly(oracle):
    def prog(tf):
        @tf.function
        def f(x):
            print("calling", x.numpy() if hasattr(x, "numpy") and tf.executing_eagerly() else "symbolic")
            return x * 2
        tf.config.run_functions_eagerly(True)
        try:
            a, b = f(tf.constant(1)), f(tf.constant(2))
            eager = tf.config.functions_run_eagerly()
        finally:
            tf.config.run_functions_eagerly(False)
        return a, b, eager, f(tf.constant(3)), f(tf.constant(4)), tf.config.functions_run_eagerly()
    oracle.check(lambda tf: run_and_capture(prog, tf))


def test_autograph_off(oracle):
    def prog(tf):
        @tf.function(autograph=False)
        def f(x, flag):
            if flag:              # python values are fine without AutoGraph
                return tf.cond(x > 0, lambda: x, lambda: -x)
            return x
        return f(tf.constant(-2.), True), f(tf.constant(-2.), False)
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# gradients and training steps
# ------------------------------------------------------------------------------------------------
def test_gradients_flow_through_function(oracle):
    def prog(tf):
        v = tf.Variable(2.)

        @tf.function
        def h(x):
            return x * x * v
        x = tf.constant(3.)
        with tf.GradientTape() as t:
            t.watch(x)
            y = h(x)
        with tf.GradientTape(watch_accessed_variables=False) as t2:
            t2.watch(x)
            y2 = h(x)
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y4 = h(x)
            d1 = inner.gradient(y4, x)
        return t.gradient(y, [x, v]), t2.gradient(y2, [x, v]), d1, outer.gradient(d1, x)
    oracle.check(prog)


def test_training_step_keras_free(oracle):
    def prog(tf):
        w = tf.Variable([[1.], [-1.]])
        b = tf.Variable(0.)
        xs = tf.constant([[1., 2.], [3., 4.], [0., 1.]])
        ys = tf.constant([[1.], [2.], [0.5]])

        @tf.function
        def step(x, y, lr):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean((x @ w + b - y) ** 2)
            gw, gb = tape.gradient(loss, [w, b])
            w.assign_sub(lr * gw)
            b.assign_sub(lr * gb)
            return loss
        losses = [step(xs, ys, 0.05) for _ in range(5)]
        return losses, w.read_value(), b.read_value(), step.experimental_get_tracing_count()
    oracle.check(prog, rtol=1e-5)


def test_training_step_with_optimizer_and_loop(oracle):
    def prog(tf):
        w = tf.Variable(2.)
        opt = tf.keras.optimizers.SGD(learning_rate=0.1)

        @tf.function
        def train(x, y, steps):
            loss = tf.constant(0.)
            for _ in tf.range(steps):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(tf.square(w * x - y))
                grads = tape.gradient(loss, [w])
                opt.apply_gradients(zip(grads, [w]))
            return loss
        return train(tf.constant([-1.]), tf.constant([2.]), tf.constant(4)), w.read_value()
    oracle.check(prog, rtol=1e-5)


def test_python_list_accumulation(oracle):
    def prog(tf):
        @tf.function
        def f(x):
            parts = []
            for i in range(3):            # range over a python int: unrolled
                parts.append(x[i] * 2.)
            total = tf.add_n(parts)
            return tf.stack(parts), total
        return f(tf.constant([1., 2., 3.]))
    oracle.check(prog)


def test_variable_arguments(oracle):
    """Values with variable arguments match TF; the trace counts differ (deviation function-variable-arguments):
    TF reuses one trace for variables of one VariableSpec, tfcompat traces per variable."""
    def prog(tf):
        v1, v2, v3 = tf.Variable(1.), tf.Variable(2.), tf.Variable([1., 2.])

        @tf.function
        def f(v, x):
            v.assign_add(x)
            return v * 2.
        return f(v1, 1.), f(v2, 1.), f(v1, 2.), f(v3, 1.), v1.read_value(), v2.read_value(), v3.read_value()
    oracle.check(prog)


def test_variable_arguments_trace_per_variable(tfc):
    # Hand-derived (deviation function-variable-arguments): one trace per distinct variable, reused for it.
    traces = []

    @tfc.function
    def f(v):
        traces.append(1)
        return v * 2.
    v1, v2 = tfc.Variable(1.), tfc.Variable(2.)
    assert [float(f(v)) for v in (v1, v2, v1, v2)] == [2., 4., 2., 4.]
    assert len(traces) == 2 and f.experimental_get_tracing_count() == 2


def test_sparse_tensor_argument_traced_as_its_spec(oracle):
    """A SparseTensor argument is traced as its SparseTensorSpec (placeholders for its components): one trace
    for equal specs, another for a different dense shape."""
    def prog(tf):
        @tf.function
        def total(s):
            return tf.sparse.reduce_sum(s, axis=1) * 2.0
        a = tf.sparse.SparseTensor([[0, 0], [1, 3]], [1.0, 2.0], [2, 4])
        b = tf.sparse.SparseTensor([[0, 1], [1, 0]], [3.0, -1.0], [2, 4])
        c = tf.sparse.SparseTensor([[2, 1]], [5.0], [3, 4])
        out = [total(a), total(b)]
        count = total.experimental_get_tracing_count()
        out.append(total(c))
        return out, count, total.experimental_get_tracing_count(), total.pretty_printed_concrete_signatures()
    oracle.check(prog)
