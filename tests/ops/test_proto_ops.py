"""``tf.io.decode_proto`` / ``tf.io.encode_proto`` (``ops/proto_ops.py``) against real TF with
``descriptor_source="local://"`` and TF's own message types (known to both sides): sizes, padded values and
defaults, repeated/singular/submessage/oneof fields, text format, the encode round trip and its bytes, and the
unknown-type error. The serialized inputs are built with ``tf.train`` protos, which both sides have. Expected
values come from TF."""
from __future__ import annotations


def _features(tf):
    return [tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2, 3])).SerializeToString(),
            tf.train.Feature(float_list=tf.train.FloatList(value=[0.5])).SerializeToString(),
            tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"x", b"yz"])).SerializeToString()]


def test_decode_feature_oneof_submessages(oracle):
    def prog(tf):
        sizes, values = tf.io.decode_proto(_features(tf), "tensorflow.Feature",
                                           ["int64_list", "float_list", "bytes_list"],
                                           [tf.string, tf.string, tf.string])
        return sizes, values
    oracle.check(prog)


def test_decode_repeated_scalars_padded(oracle):
    def prog(tf):
        lists = [tf.train.Int64List(value=v).SerializeToString() for v in ([1, 2, 3], [], [-5])]
        sizes, (values,) = tf.io.decode_proto(tf.constant(lists), "tensorflow.Int64List", ["value"], [tf.int64])
        floats = [tf.train.FloatList(value=v).SerializeToString() for v in ([1.5], [])]
        fsizes, (fvalues,) = tf.io.decode_proto(tf.reshape(floats, [2, 1]), "tensorflow.FloatList", ["value"],
                                                [tf.float32])
        return sizes, values, fsizes, fvalues
    oracle.check(prog)


def test_decode_singular_fields_and_defaults(oracle):
    def prog(tf):
        msgs = ["dim { size: 3 name: 'a' } dim { size: -1 }", "unknown_rank: true", ""]
        sizes, values = tf.io.decode_proto(msgs, "tensorflow.TensorShapeProto", ["dim", "unknown_rank"],
                                           [tf.string, tf.bool], message_format="text")
        return sizes, values[1], tf.strings.length(values[0])
    oracle.check(prog)


def test_encode_round_trip_and_bytes(oracle):
    def prog(tf):
        sizes = tf.constant([[3], [1]], tf.int32)
        values = [tf.constant([[1, 2, 3], [9, 0, 0]], tf.int64)]
        encoded = tf.io.encode_proto(sizes, values, ["value"], "tensorflow.Int64List")
        back_sizes, (back,) = tf.io.decode_proto(encoded, "tensorflow.Int64List", ["value"], [tf.int64])
        return encoded, back_sizes, back
    oracle.check(prog)


def test_unknown_message_type(oracle):
    def prog(tf):
        return tf.io.decode_proto([""], "no.such.Message", ["x"], [tf.int32])
    oracle.check(prog)
