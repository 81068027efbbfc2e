"""Graph-building fidelity of clipping and normalisation (continues test_graph_names.py): ``tf.clip_by_value``,
``tf.clip_by_norm``, ``tf.clip_by_global_norm``, ``tf.linalg.global_norm``, ``tf.clip_by_average_norm``,
``tf.nn.batch_normalization`` and ``tf.math.l2_normalize`` build TF 2.21's ops (names and types, in order) inside
TF's name scopes, python arguments converted by the op that uses them; values stay TF's (bit for bit where the
kernels allow)."""
import re

import numpy as np
import pytest

from tests.known_deviations import DEVIATIONS
from tfcompat._src.ops import clip_ops

# DEVIATIONS["graph-static-arguments-as-attributes"]: TF's Const inputs that tfcompat holds as attributes.
_STATIC_ARG_SUFFIXES = ("/reduction_indices", "/shape_as_tensor", "range/start", "range/delta")


def _ops(tf, renumber_consts=False):
    """The graph's (name, type) pairs, less TF's static-argument Consts (the known deviation): those named
    ``<op>/<argument>`` and the ``Const`` a reduction over all axes feeds its Sum. That last Const takes the name
    ``<scope>/Const`` in TF and so shifts later Consts' numbers: ``renumber_consts`` compares them unnumbered."""
    assert "reduction axes" in DEVIATIONS["graph-static-arguments-as-attributes"]
    out = []
    for op in tf.get_default_graph().get_operations():
        if op.type == "Const" and (op.name.endswith(_STATIC_ARG_SUFFIXES) or any(
                c.type == "Sum" and c.inputs[1] is op.outputs[0] for c in op.outputs[0].consumers())):
            continue
        name = re.sub(r"/Const_\d+$", "/Const", op.name) if renumber_consts else op.name
        out.append((name, op.type))
    return out


def _run(tf, outs, feed=None):
    with tf.Session() as s:
        return s.run(outs, feed)


_X = np.arange(-3, 3, dtype=np.float32).reshape(2, 3)


def _clip_by_value(tf, clip=None):
    clip = clip or tf.clip_by_value
    x = tf.placeholder(tf.float32, [2, 3], name="x")
    outs = [clip(x, 0.0, 1.0), clip(x, tf.constant(-1.0), tf.constant(1.0)), clip(x, -1, 1.5, name="c"),
            clip(x, 0.0, 1.0)]
    with tf.name_scope("outer"):
        outs.append(clip(x, -2.0, 2.0))
    return _ops(tf), [o.op.name for o in outs], _run(tf, outs, {x: _X})


def _clip_by_value_errors(tf, clip=None):
    clip = clip or tf.clip_by_value
    res = []
    for lo in (np.zeros([1, 2, 3], np.float32), -3.5):
        try:
            res.append(clip(tf.placeholder(tf.int32 if isinstance(lo, float) else tf.float32, [2, 3]), lo, 1.0).op.name)
        except Exception as e:  # noqa: BLE001 - the exception type is compared
            res.append(type(e).__name__)
    return res


def test_clip_by_value_builds_tfs_ops(oracle):
    oracle.check_v1(_clip_by_value, tfc_program=lambda tf: _clip_by_value(tf, clip_ops.clip_by_value))


def test_clip_by_value_errors(oracle):
    oracle.check_v1(_clip_by_value_errors, tfc_program=lambda tf: _clip_by_value_errors(tf, clip_ops.clip_by_value))


def test_public_clip_by_value_is_clip_ops(oracle):
    oracle.check_v1(_clip_by_value)


def _clip_by_norm(tf):
    x = tf.placeholder(tf.float32, [2, 3], name="x")
    outs = [tf.clip_by_norm(x, 1.0), tf.clip_by_norm(x, tf.constant(2.0), axes=[1]),
            tf.clip_by_norm(x, -1.0, name="neg"), tf.clip_by_norm(x, tf.constant(-1.0))]
    return _ops(tf, renumber_consts=True), [o.op.name for o in outs], _run(tf, outs, {x: _X})


def _global_norm(tf):
    x = tf.placeholder(tf.float32, [2, 3], name="x")
    y = tf.placeholder(tf.float32, [3], name="y")
    clipped, norm = tf.clip_by_global_norm([x, None, y], 1.5)
    clipped_2, _ = tf.clip_by_global_norm([x], tf.constant(2.0), use_norm=norm, name="mine")
    outs = [norm, tf.linalg.global_norm([y]), clipped[0], clipped[2], clipped_2[0]]
    return (_ops(tf, renumber_consts=True), [o.op.name for o in outs],
            _run(tf, outs, {x: _X, y: [1.0, 2.0, 3.0]}))


def _clip_by_average_norm(tf):
    x = tf.placeholder(tf.float32, [2, 3], name="x")
    outs = [tf.clip_by_average_norm(x, 0.1), tf.clip_by_average_norm(x, tf.constant(0.5), name="avg")]
    return _ops(tf), [o.op.name for o in outs], _run(tf, outs, {x: _X})


def _batch_normalization(tf):
    x = tf.placeholder(tf.float32, [2, 3], name="x")
    m, v, o, s = (tf.placeholder(tf.float32, [3]) for _ in range(4))
    outs = [tf.nn.batch_normalization(x, 0.5, 2.0, 0.1, 3.0, 1e-3),
            tf.nn.batch_normalization(x, 0.5, 2.0, None, None, 1e-3),
            tf.nn.batch_normalization(x, m, v, o, s, 1e-3),
            tf.nn.batch_normalization(x, m, v, None, None, 1e-3, name="bn"),
            tf.nn.batch_normalization(x, np.float32([0.5, 1, 2]), np.float32([2, 3, 4]), None, 2.0, 1e-2)]
    feed = {x: _X, m: [0.5, 1, 2], v: [2, 3, 4], o: [0.1, 0.2, 0.3], s: [3, 2, 1]}
    return _ops(tf), [t.op.name for t in outs], _run(tf, outs, feed)


def _l2_normalize(tf):
    x = tf.placeholder(tf.float32, [2, 3], name="x")
    d = tf.placeholder(tf.float64, [4])
    outs = [tf.math.l2_normalize(x, axis=1), tf.nn.l2_normalize(x, 0, name="nn"), tf.math.l2_normalize(d),
            tf.nn.l2_normalize(x, dim=1, epsilon=4.0)]
    return _ops(tf), [o.op.name for o in outs], _run(tf, outs, {x: _X, d: [0.0, 3.0, 4.0, 0.0]})


def test_clip_by_norm_builds_tfs_ops(oracle):
    # Values within 1 ulp: TF's RealDiv by a broadcast [1, 1] divisor rounds differently from torch's division
    # (unchanged by these graph names).
    oracle.check_v1(_clip_by_norm)


@pytest.mark.parametrize("program", [_global_norm, _clip_by_average_norm, _batch_normalization, _l2_normalize])
def test_graph_ops_match_tf(oracle, program):
    oracle.check_v1(program, rtol=0, atol=0)


def test_eager_values_match_tf(oracle):
    def prog(tf):
        x = tf.constant(_X)
        m, v = np.float32([0.5, 1, 2]), np.float32([2, 3, 4])
        return (tf.clip_by_value(x, -1, 1.5), tf.clip_by_norm(x, 2.0), tf.clip_by_norm(x, -1.0),
                tf.clip_by_global_norm([x, None, x * 2], 1.5), tf.linalg.global_norm([x]),
                tf.compat.v1.clip_by_average_norm(x, 0.1), tf.math.l2_normalize(x, 1),
                tf.nn.batch_normalization(x, m, v, None, None, 1e-3),
                tf.nn.batch_normalization(x, 0.5, 2.0, 0.1, 3.0, 1e-3))
    oracle.check(prog)   # within 1 ulp: TF's RealDiv by a broadcast scalar and its L2Loss round differently
