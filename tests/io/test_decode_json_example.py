"""``tf.io.decode_json_example`` (op ``DecodeJSONExample``, ops/decode_ops.py) against TF 2.21 through the oracle:
the binary ``tf.train.Example`` byte for byte (features in the JSON's order, unpacked values), eager and in a
graph, parsing the result, and the error for a field an Example does not have."""
from __future__ import annotations

import pytest

EXAMPLE = ('{"features": {"feature": {"a": {"floatList": {"value": [1.5, 2]}}, '
           '"b": {"int64List": {"value": ["3", "-4"]}}, "c": {"bytesList": {"value": ["aGk=", ""]}}}}}')
CASES = {
    "bytes": lambda tf: tf.io.decode_json_example([EXAMPLE, '{"features": {}}', "{}"]),
    "scalar": lambda tf: tf.io.decode_json_example(EXAMPLE),
    "parsed": lambda tf: tf.io.parse_single_example(
        tf.io.decode_json_example(EXAMPLE), {"a": tf.io.FixedLenFeature([2], tf.float32),
                                             "b": tf.io.FixedLenFeature([2], tf.int64),
                                             "c": tf.io.VarLenFeature(tf.string)}),
    "unknown_field": lambda tf: tf.io.decode_json_example(['{"x": 1}']),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_decode_json_example(oracle, name):
    oracle.check(CASES[name], match_message="Error while parsing JSON" if name == "unknown_field" else None)


def test_decode_json_example_graph(oracle):
    def prog(v1):
        x = v1.placeholder(v1.string, [None])
        out = v1.io.decode_json_example(x)
        with v1.Session() as sess:
            return out.shape.as_list(), sess.run(out, {x: [EXAMPLE]})
    oracle.check_v1(prog)
