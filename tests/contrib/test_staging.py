"""``tf.contrib.staging.StagingArea`` (TF 1.15) against TF 2.21's own ``StagingArea`` class
(``tensorflow.python.ops.data_flow_ops.StagingArea``: TF 2.21 still has it and its Stage/Unstage kernels, only not
under a public name). Compared: put/get/peek/size/clear results in a Session, static shapes, dict elements."""
from __future__ import annotations

import numpy as np


def _area_class(tf):
    if hasattr(tf, "contrib"):
        return tf.contrib.staging.StagingArea
    from tensorflow.python.ops import data_flow_ops
    return data_flow_ops.StagingArea


def test_put_get_peek_size_clear(oracle):
    def prog(tf):
        area = _area_class(tf)([tf.float32, tf.int32], shapes=[[2], []])
        x = tf.placeholder(tf.float32, [2])
        y = tf.placeholder(tf.int32, [])
        put, got, size, peek, clear = area.put([x, y]), area.get(), area.size(), area.peek(1), area.clear()
        named = _area_class(tf)([tf.float32], names=["v"])
        put_named, got_named = named.put({"v": x}), named.get()
        out = [put.type, [t.shape.as_list() for t in got], size.dtype.name]
        with tf.Session() as sess:
            for i in range(3):
                sess.run(put, {x: [i, i + 0.5], y: i})
            out += [sess.run(size), sess.run(peek), sess.run(got), sess.run(size), sess.run(got)]
            sess.run(clear)
            out.append(sess.run(size))
            sess.run(put_named, {x: [7, 8]})
            out.append(sess.run(got_named))
        return out

    oracle.check_v1(prog)


def test_put_errors_by_hand():
    """Expected by hand from TF's data_flow_ops.StagingArea: a dict put needs names, a named area needs a dict."""
    import pytest

    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        with pytest.raises(ValueError, match="must have names to enqueue a dictionary"):
            tf.contrib.staging.StagingArea([tf.float32]).put({"a": np.zeros(2, np.float32)})
        with pytest.raises(ValueError, match="must enqueue a dictionary"):
            tf.contrib.staging.StagingArea([tf.float32], names=["a"]).put([np.zeros(2, np.float32)])
