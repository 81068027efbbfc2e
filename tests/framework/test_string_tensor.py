"""String tensors (``framework/string_tensor.py``, ``ops/string_ops.py``) against real TF: constants and
conversion, eager printing, Session fetches and placeholder feeds, the core ``tf.strings`` ops, string
``Equal``/``Add``, string inputs to ``py_function``/``numpy_function``, TF's rejections, and ``None`` gradients."""
from __future__ import annotations

import sys

import numpy as np
import pytest

import tfcompat

# ------------------------------------------------------------------------------------------------
# eager: constants, conversion, printing
# ------------------------------------------------------------------------------------------------
EAGER = {
    "scalar": lambda tf: tf.constant("hello"),
    "bytes": lambda tf: tf.constant(b"\xc3\xa9x"),
    "unicode": lambda tf: tf.constant("é"),
    "list": lambda tf: tf.constant(["a", "bc"]),
    "nested": lambda tf: tf.constant([["a", "b"], ["c", "d"]]),
    "numpy_str": lambda tf: tf.constant(np.array(["x", "yz"])),
    "numpy_bytes": lambda tf: tf.constant(np.array([b"x", b"yz"])),
    "np_str_scalar": lambda tf: tf.constant(np.str_("ab")),
    "object_array": lambda tf: tf.constant(np.array([b"p", b"q"], dtype=object)),
    "empty": lambda tf: tf.constant([], dtype=tf.string),
    "fill_shape": lambda tf: tf.constant("a", shape=[2, 3]),
    "convert": lambda tf: tf.convert_to_tensor(["u", "v"]),
    "convert_dtype": lambda tf: tf.convert_to_tensor("u", dtype=tf.string),
    "dtype_shape": lambda tf: (tf.constant(["a"]).dtype, tf.constant([["a"]]).shape),
    "numpy": lambda tf: (tf.constant("hello").numpy(), tf.constant(["a", "b"]).numpy()),
    "repr_scalar": lambda tf: repr(tf.constant("hello")),
    "repr_vector": lambda tf: repr(tf.constant(["a", "b"])),
    "repr_matrix": lambda tf: repr(tf.constant([["a", "b"], ["c", "d"]])),
    "str_scalar": lambda tf: str(tf.constant("hello world")),
    "str_vector": lambda tf: str(tf.constant(["a", "b"])),
    "len_index": lambda tf: (len(tf.constant(["a", "b"])), tf.constant(["a", "b"])[1]),
    "identity": lambda tf: tf.identity(tf.constant(["a", "b"])),
    "bool": lambda tf: (bool(tf.constant("a")), bool(tf.constant(""))),
    # TF's rejections
    "wrong_count": lambda tf: tf.constant(["a", "b"], shape=[3]),
    "string_as_float": lambda tf: tf.constant("a", dtype=tf.float32),
    "int_as_string": lambda tf: tf.constant(1, dtype=tf.string),
    "mixed": lambda tf: tf.constant(["a", 1]),
    # an eager string tensor is an EagerTensor (issue 15)
    "is_eager_tensor_type": lambda tf: (isinstance(tf.constant("a"), type(tf.constant(0))),
                                        isinstance(tf.constant(["a"]), tf.Tensor), tf.is_tensor(tf.constant("a"))),
    "eager_name_raises": lambda tf: tf.constant("a").name,
    "iterate": lambda tf: [t for t in tf.constant(["a", "b"])],
    "deepcopy": lambda tf: __import__("copy").deepcopy(tf.constant(["a", "b"])),
    "pickle": lambda tf: __import__("pickle").loads(__import__("pickle").dumps(tf.constant(["p", "q"]))),
    "captured_by_function": lambda tf: tf.function(lambda x: tf.strings.join([x, _CAPTURED[tf]]))(
        tf.constant("q")),
    "captured_by_dataset_map": lambda tf: list(tf.data.Dataset.from_tensor_slices(["a", "b"]).map(
        lambda x: tf.strings.join([x, tf.constant("!")])).as_numpy_iterator()),
    "group_skips_eager_strings": lambda tf: tf.group(tf.constant("a")),
    # Cast to and from string: TF's UnimplementedError (issue 15)
    "cast_int_to_string": lambda tf: tf.cast(tf.constant(1), tf.string),
    "cast_float_to_string": lambda tf: tf.cast(tf.constant([1.5]), tf.string),
    "cast_bool_to_string": lambda tf: tf.cast(tf.constant(True), tf.string),
    "cast_string_to_int": lambda tf: tf.cast(tf.constant("1"), tf.int32),
    "cast_string_to_float": lambda tf: tf.cast(tf.constant(["1"]), tf.float32),
}


class _Captured(dict):
    """One eager string tensor per framework, made outside the traced function (so the trace captures it)."""

    def __missing__(self, tf):
        self[tf] = tf.constant("!")
        return self[tf]


_CAPTURED = _Captured()
_MESSAGES = {"cast_int_to_string": "Cast int32 to string is not supported",
             "cast_float_to_string": "Cast float to string is not supported",
             "cast_bool_to_string": "Cast bool to string is not supported",
             "cast_string_to_int": "Cast string to int32 is not supported",
             "cast_string_to_float": "Cast string to float is not supported"}


@pytest.mark.parametrize("key", sorted(EAGER))
def test_eager_string_tensors_match_tf(oracle, key):
    oracle.check(EAGER[key], match_message=_MESSAGES.get(key))


# ------------------------------------------------------------------------------------------------
# eager: ops
# ------------------------------------------------------------------------------------------------
OPS = {
    "equal": lambda tf: tf.equal("a", ["a", "b"]),
    "not_equal": lambda tf: tf.not_equal(tf.constant(["a", "b"]), "a"),
    "eq_operator": lambda tf: (tf.constant("a") == "a", tf.constant(["a", "b"]) != "b"),
    "eq_incompatible_operator": lambda tf: tf.constant(["a", "b"]) == tf.constant(["a", "b", "c"]),
    "equal_incompatible": lambda tf: tf.equal(["a", "b"], ["a", "b", "c"]),
    "equal_int": lambda tf: tf.equal(tf.constant("a"), 1),
    "add": lambda tf: tf.add("a", "b"),
    "add_broadcast": lambda tf: tf.add(["a", "c"], "b"),
    "add_operator": lambda tf: (tf.constant("x") + "y", "w" + tf.constant(["x", "y"])),
    "add_incompatible": lambda tf: tf.add(["a", "b"], ["c", "d", "e"]),
    "multiply_rejected": lambda tf: tf.multiply("a", "b"),
    "mul_operator_rejected": lambda tf: tf.constant("a") * "b",
    "subtract_rejected": lambda tf: tf.subtract("a", "b"),
    "less_rejected": lambda tf: tf.constant("a") < "b",
    "join": lambda tf: tf.strings.join(["a", ["b", "c"]], separator="-"),
    "join_plain": lambda tf: tf.strings.join([["a"], ["b"]]),
    "join_empty": lambda tf: tf.strings.join([]),
    "join_scalar_rank2": lambda tf: tf.strings.join(["a", [["b"]]]),
    "join_mismatch": lambda tf: tf.strings.join([["a", "b"], ["c", "d", "e"]]),
    "join_non_string": lambda tf: tf.strings.join([1, "b"]),
    "length": lambda tf: tf.strings.length([["ab"], ["é"]]),
    "length_utf8": lambda tf: tf.strings.length(["abc", "é", "日本"], unit="UTF8_CHAR"),
    "length_scalar": lambda tf: tf.strings.length("abc"),
    "length_non_string": lambda tf: tf.strings.length(1),
    "as_string_float": lambda tf: tf.strings.as_string([1.5, 2.0, -0.25]),
    "as_string_precision": lambda tf: tf.strings.as_string([1.5, 2.0], precision=2),
    "as_string_shortest": lambda tf: tf.strings.as_string([1.5, 1e-7, 123456789.0], shortest=True),
    "as_string_scientific": lambda tf: tf.strings.as_string([1.5], scientific=True),
    "as_string_int_width": lambda tf: tf.strings.as_string([1, -2], width=4, fill="0"),
    "as_string_left": lambda tf: tf.strings.as_string([1.5], width=10, fill="-"),
    "as_string_int64": lambda tf: tf.strings.as_string(np.array([2 ** 40], np.int64)),
    "as_string_uint8": lambda tf: tf.strings.as_string(np.array([3], np.uint8)),
    "as_string_bool": lambda tf: tf.strings.as_string([True, False]),
    "as_string_complex": lambda tf: tf.strings.as_string(tf.constant([1 + 2j], tf.complex64)),
    "as_string_string": lambda tf: tf.strings.as_string(["x"]),
    "as_string_top_level": lambda tf: tf.as_string(7),
    "as_string_int_precision": lambda tf: tf.strings.as_string([1], precision=2),
    "as_string_bad_fill": lambda tf: tf.strings.as_string([1.5], width=6, fill="x"),
    "as_string_both": lambda tf: tf.strings.as_string([1.5], shortest=True, scientific=True),
    "to_number": lambda tf: tf.strings.to_number(["1.5", "-2", " 3 ", "1e3", "inf", ".5", "+4"]),
    "to_number_float64": lambda tf: tf.strings.to_number(["0.1", "1e400"], tf.float64),
    "to_number_int32": lambda tf: tf.strings.to_number([" 12 ", "+3", "-7"], tf.int32),
    "to_number_int64": lambda tf: tf.strings.to_number(["9000000000"], tf.int64),
    "to_number_uint32": lambda tf: tf.strings.to_number("7", tf.uint32),
    "to_number_bad": lambda tf: tf.strings.to_number(["x"]),
    "to_number_underscore": lambda tf: tf.strings.to_number(["1_0"]),
    "to_number_int_overflow": lambda tf: tf.strings.to_number(["3000000000"], tf.int32),
    "to_number_int_of_float": lambda tf: tf.strings.to_number(["1.5"], tf.int32),
    "to_number_hex_int": lambda tf: tf.strings.to_number(["0x10"], tf.int64),
    "to_number_bad_type": lambda tf: tf.strings.to_number(["1"], tf.string),
    "format": lambda tf: tf.strings.format("x={} y={}", [1, tf.constant([1.5, 2.0])]),
    "format_string": lambda tf: tf.strings.format("x={}", tf.constant(["s", "t"])),
    "format_escaped": lambda tf: tf.strings.format("<>", [tf.constant('q"\n\x01é')], placeholder="<>"),
    "format_summarize": lambda tf: (tf.strings.format("{}", [tf.range(10)]),
                                    tf.strings.format("{}", [tf.range(10)], summarize=-1)),
    "format_matrix_bool": lambda tf: tf.strings.format("{} {}", [tf.constant([[1.0, 2.0], [3.0, 4.0]]),
                                                                 tf.constant([True, False])]),
    "format_count": lambda tf: tf.strings.format("{} and {}", [1]),
    "number_roundtrip": lambda tf: tf.strings.to_number(tf.strings.as_string(tf.constant([0.5, 3.25]))),
}


@pytest.mark.parametrize("key", sorted(OPS))
def test_eager_string_ops_match_tf(oracle, key):
    oracle.check(OPS[key])


def test_py_function_and_numpy_function_take_strings(oracle):
    def prog(tf):
        s = tf.constant(["a", "bcd"])
        lengths = tf.py_function(lambda t: tf.strings.length(t), [s], tf.int32)
        upper = tf.py_function(lambda t: tf.strings.join([t, "!"]), [s], tf.string)
        counted = tf.numpy_function(lambda a: np.array([len(v) for v in a], np.int32), [s], tf.int32)
        return lengths, upper, counted
    oracle.check(prog)


def test_strings_are_never_differentiable(oracle):
    def prog(tf):
        x = tf.constant([1.5, 2.0])
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = tf.strings.to_number(tf.strings.as_string(x)) * x   # the string path is a constant factor
            z = tf.reduce_sum(tf.strings.to_number(tf.strings.as_string(x)))
        return tape.gradient(y, x), tape.gradient(z, x)
    oracle.check(prog)


def test_tape_gradient_through_string_only_path_is_none(oracle):
    def prog(tf):
        x = tf.constant(2.0)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            s = tf.strings.as_string(x)
            y = tf.strings.to_number(s)
        return tape.gradient(y, x), tape.gradient(tf.strings.length(s), x)
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# graph mode: Const fetches, placeholder feeds, ops in a Session
# ------------------------------------------------------------------------------------------------
def _graph_constants(v1):
    h = v1.constant("Hello")
    hs = v1.constant([["a", "b"]])
    with v1.Session() as sess:
        return str(h), sess.run(h), sess.run(hs), sess.run(v1.constant("z", shape=[2]))


def _graph_feeds(v1):
    p = v1.placeholder(v1.string, [None])
    ps = v1.placeholder(v1.string)
    outs = [v1.strings.join([p, "x"], separator="_"), v1.strings.length(p), v1.equal(p, "a"), v1.add(p, "!"),
            v1.strings.format("v={}", [p]), v1.identity(ps), v1.strings.as_string(v1.strings.length(p))]
    with v1.Session() as sess:
        res = [sess.run(outs, {p: ["a", "b2"], ps: "s"})]
        for value in ("x", b"x", [["x", "y"]], np.array(["x", "y"]), np.array([b"x"], dtype=object)):
            res.append(sess.run(outs[5], {ps: value}))
        return res, [o.shape for o in outs], [o.dtype for o in outs]


def _graph_feed_errors(v1):
    ps = v1.placeholder(v1.string)
    with v1.Session() as sess:
        return sess.run(v1.identity(ps), {ps: 1})


def _graph_to_number_error(v1):
    p = v1.placeholder(v1.string, [None])
    with v1.Session() as sess:
        return sess.run(v1.strings.to_number(p), {p: ["1", "zz"]})


def _graph_multiply_rejected(v1):
    p = v1.placeholder(v1.string, [None])
    return v1.multiply(p, p)


def _graph_gradients_none(v1):
    x = v1.placeholder(v1.float32, [])
    y = v1.strings.to_number(v1.strings.as_string(x))
    with v1.Session() as sess:
        return v1.gradients(y, x), sess.run(y, {x: 1.5})


def _graph_py_functions(v1):
    p = v1.placeholder(v1.string, [None])
    pf = v1.py_function(lambda s: v1.strings.length(s), [p], v1.int32)
    nf = v1.numpy_function(lambda s: np.array([len(v) for v in s], np.int32), [p], v1.int32)
    sf = v1.py_func(lambda s: np.array([v + b"?" for v in s], dtype=object), [p], v1.string)
    with v1.Session() as sess:
        return sess.run([pf, nf, sf], {p: ["a", "bcd"]})


GRAPH = {
    "constants": _graph_constants,
    "feeds": _graph_feeds,
    "feed_errors": _graph_feed_errors,
    "to_number_error": _graph_to_number_error,
    "multiply_rejected": _graph_multiply_rejected,
    "gradients_none": _graph_gradients_none,
    "py_functions": _graph_py_functions,
}


@pytest.mark.parametrize("key", sorted(GRAPH))
def test_graph_string_tensors_match_tf(oracle, key):
    oracle.check_v1(GRAPH[key])


# ------------------------------------------------------------------------------------------------
# printing (the expected text is TF 2.21's output, copied from a run of the same calls)
# ------------------------------------------------------------------------------------------------
def test_tf_print_quotes_and_escapes_string_tensors(capfd):
    capfd.readouterr()
    tfcompat.print(tfcompat.constant(['q"\n', "é"]), 'lit"', tfcompat.constant("x"), tfcompat.constant(2.5),
                   output_stream=sys.stdout)
    sys.stdout.flush()
    assert capfd.readouterr().out == '["q\\"\\n" "é"] lit" "x" 2.5\n'


def test_v1_print_writes_string_tensors_escaped_unquoted(capfd):
    v1 = tfcompat.compat.v1
    g = v1.Graph()
    with g.as_default():
        p = v1.placeholder(v1.string, [None])
        out = v1.Print(v1.strings.length(p), [p, "lit", v1.constant([1.5, 2.0])], message="m: ")
        with v1.Session() as sess:
            capfd.readouterr()
            got = sess.run(out, {p: ['q"\n', "é", "\x01"]})
    np.testing.assert_array_equal(got, [3, 2, 1])
    assert capfd.readouterr().err == 'm: [q\\"\\n é \\001][lit][1.5 2]\n'
