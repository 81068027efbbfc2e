"""tf.import_graph_def (framework/importer.py + runtime/graph_import.py): GraphDefs TF wrote run here, with
TF's names, input_map/return_elements, gradients through imported ops, and clear errors.

Programs import the same GraphDef bytes under real TF and tfcompat (oracle harness). Where TF writes the bytes
the test is live-only (``interop``): it needs real TF to build the graph."""
from __future__ import annotations

import numpy as np
import pytest

import tfcompat

RNG = np.random.RandomState(0)
X = RNG.randn(2, 8, 8, 3).astype(np.float32)


def _frozen_model(tf):
    """A TF-built conv net frozen to constants (TF's convert_variables_to_constants): GraphDef bytes."""
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, 8, 8, 3], name="x")
        init = tf.constant_initializer(np.linspace(-0.5, 0.5, 108).reshape(3, 3, 3, 4))
        h = tf.nn.relu(tf.nn.conv2d(x, v1.get_variable("k", [3, 3, 3, 4], initializer=init), 1, "SAME") + 0.1)
        h = tf.nn.max_pool2d(h, 2, 2, "VALID")
        h = tf.reshape(h, [-1, 4 * 4 * 4])
        w = v1.get_variable("w", [64, 3], initializer=tf.constant_initializer(np.linspace(-1, 1, 192)))
        logits = tf.matmul(h, w, name="logits")
        tf.nn.softmax(logits, name="prob")
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), ["prob"])
    return frozen.SerializeToString()


@pytest.mark.interop
def test_frozen_tf_graph_runs_with_gradients(oracle):
    data = _frozen_model(oracle.tf)

    def prog(tf):
        v1 = tf.compat.v1
        g = tf.Graph()
        with g.as_default():
            gd = v1.GraphDef.FromString(data)
            prob, logits = tf.import_graph_def(gd, return_elements=["prob:0", "logits:0"], name="net")
            x = g.get_tensor_by_name("net/x:0")
            grad = tf.gradients(tf.reduce_sum(prob[:, 0] * logits[:, 1]), x)[0]
            with v1.Session(graph=g) as s:
                return s.run([prob, grad], {x: X}), prob.name, g.get_operation_by_name("net/logits").type
    oracle.check(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.interop
def test_input_map_and_return_elements(oracle):
    data = _frozen_model(oracle.tf)

    def prog(tf):
        v1 = tf.compat.v1
        g = tf.Graph()
        with g.as_default():
            x = v1.placeholder(tf.float32, [None, 8, 8, 3], name="images")
            doubled = x * 2.0
            prob, logits_op = tf.import_graph_def(v1.GraphDef.FromString(data), input_map={"x:0": doubled},
                                                  return_elements=["prob:0", "logits"])
            with v1.Session(graph=g) as s:
                return s.run(prob, {x: X}), logits_op.name, prob.name
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def _small_graph_def(tf):
    g = tf.Graph()
    with g.as_default():
        a = tf.compat.v1.placeholder(tf.float32, [2], name="a")
        tf.identity(a * 3.0, name="out")
    return g.as_graph_def().SerializeToString()


def test_import_errors(oracle):
    def prog(tf):
        data = _small_graph_def(tf)
        out = {}
        for label in ("map", "return"):
            with tf.Graph().as_default():
                kwargs = {"input_map": {"nope:0": tf.constant([1.0, 2.0])}} if label == "map" else \
                    {"return_elements": ["missing:0"]}
                try:
                    tf.import_graph_def(tf.compat.v1.GraphDef.FromString(data), **kwargs)
                    out[label] = "ok"
                except ValueError as e:
                    out[label] = str(e)[:40]
        return out
    oracle.check(prog)


def test_names_scopes_and_repeated_imports(oracle):
    def prog(tf):
        data = _small_graph_def(tf)
        g = tf.Graph()
        with g.as_default():
            first = tf.import_graph_def(tf.compat.v1.GraphDef.FromString(data), return_elements=["out:0"])
            second = tf.import_graph_def(tf.compat.v1.GraphDef.FromString(data), return_elements=["out:0"])
            plain = tf.import_graph_def(tf.compat.v1.GraphDef.FromString(data), return_elements=["out:0"], name="")
            with tf.compat.v1.Session(graph=g) as s:
                value = s.run(second[0], {"import_1/a:0": [1.0, 2.0]})
            return first[0].name, second[0].name, plain[0].name, value
    oracle.check(prog)


def test_string_constants_import(oracle):
    """String Const nodes (a scalar and a vector) import as string constants that string ops consume."""
    def prog(tf):
        g = tf.Graph()
        with g.as_default():
            x = tf.compat.v1.placeholder(tf.string, [], name="x")
            tf.strings.join([x, tf.constant("-suffix")], name="joined")
            tf.identity(tf.constant(["a", "bc"]), name="vec")
        data = g.as_graph_def().SerializeToString()
        g2 = tf.Graph()
        with g2.as_default():
            joined, vec = tf.import_graph_def(tf.compat.v1.GraphDef.FromString(data),
                                              return_elements=["joined:0", "vec:0"], name="")
            with tf.compat.v1.Session(graph=g2) as s:
                return s.run([joined, vec], {"x:0": b"abc"}), joined.dtype, vec.shape
    oracle.check(prog)


def test_unsupported_op_type_is_named_at_run_time(tfc):
    """A node whose type tfcompat has no kernel for imports (so the rest of the graph works) and raises
    UnimplementedError naming the node and its type when it runs. (TF itself rejects a GraphDef naming an op it
    does not know, so there is nothing to compare with.)"""
    gd = tfcompat.compat.v1.GraphDef()
    a = gd.node.add(name="a", op="Const")
    a.attr["dtype"].type = 1
    a.attr["value"].tensor.CopyFrom(tfcompat.make_tensor_proto(2.0))
    b = gd.node.add(name="weird", op="FancyNewOp", input=["a"])
    b.attr["T"].type = 1
    g = tfc.Graph()
    with g.as_default():
        weird, a_t = tfc.import_graph_def(gd, return_elements=["weird:0", "a:0"], name="")
        with tfc.compat.v1.Session(graph=g) as s:
            assert s.run(a_t) == 2.0
            with pytest.raises(tfc.errors.UnimplementedError, match="'weird' .* op type 'FancyNewOp'"):
                s.run(weird)


def _control_flow_graph(tf, v1_control_flow):
    """TF builds nested conds and (with If/While ops) a while loop, and for the TF1 Switch/Merge graph its own
    tf.gradients through them: GraphDef bytes."""
    if v1_control_flow:
        tf.compat.v1.disable_control_flow_v2()
    try:
        g = tf.Graph()
        with g.as_default():
            x = tf.compat.v1.placeholder(tf.float32, [2], name="x")
            y = tf.cond(x[0] > 0, lambda: tf.cond(x[1] > 0, lambda: x * 2.0, lambda: x + 10.0),
                        lambda: -x * 3.0, name="c")
            if not v1_control_flow:
                _, y = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 1.5 + x), [0, y], name="w")
            out = tf.identity(tf.reduce_sum(y * y), name="out")
            # TF's gradient graph of If/While carries intermediates as variant Optionals and TensorLists, which
            # tfcompat does not import: TF's own gradient ops only in the TF1 control-flow graph.
            tf.identity(tf.gradients(out, x)[0] if v1_control_flow else out, name="tf_grad")
        return g.as_graph_def().SerializeToString()
    finally:
        tf.compat.v1.enable_control_flow_v2()


@pytest.mark.interop
@pytest.mark.parametrize("v1_control_flow", [True, False], ids=["switch_merge", "if_while"])
def test_imported_control_flow(oracle, v1_control_flow):
    """TF1 conds (Switch/Merge; both branches are computed here, deviation imported-v1-cond-both-branches) and
    functional If/While run here with TF's values and gradients (TF's own gradient graph, and tf.gradients
    through the imported ops)."""
    data = _control_flow_graph(oracle.tf, v1_control_flow)

    def prog(tf):
        g = tf.Graph()
        with g.as_default():
            tf.import_graph_def(tf.compat.v1.GraphDef.FromString(data), name="")
            x, out = g.get_tensor_by_name("x:0"), g.get_tensor_by_name("out:0")
            grad = tf.gradients(out, x)[0]
            with tf.compat.v1.Session(graph=g) as s:
                return [s.run([out, grad, "tf_grad:0"], {x: v}) for v in ([1.0, 2.0], [1.0, -2.0], [-1.0, 2.0])]
    oracle.check(prog)
