"""TF's trackable containers (runtime/data_structures.py) as ``tf.Module`` attributes, against real TF: how a
list or dict attribute is wrapped and printed, how it compares, what later appends add to the module's variables
and to its checkpoint keys."""
from __future__ import annotations

import os
import tempfile


def test_list_and_dict_attributes_are_wrapped(oracle):
    def prog(tf):
        m = tf.Module()
        m.l, m.d, m.t, m.e, m.nested = [1, 2], {"a": 1}, (1, 2), [], [[1], {"x": [2]}]
        out = []
        for value in (m.l, m.d, m.t, m.e, m.nested, m.nested[0], m.nested[1], m.nested[1]["x"]):
            out.append([type(value).__name__, repr(value), isinstance(value, list), isinstance(value, dict)])
        plain = [3]
        m.p = plain
        out.append([m.p is plain, m.p == plain])
        return out
    oracle.check(prog)


def test_wrappers_compare_like_plain_containers(oracle):
    def prog(tf):
        m = tf.Module()
        m.l, m.d = [1, 2], {"a": 1}
        m.l.append([3])
        m.d["b"] = {"c": 4}
        return (m.l == [1, 2, [3]], [1, 2, [3]] == m.l, m.l != [1, 2], m.l < [1, 3], m.d == {"a": 1, "b": {"c": 4}},
                type(m.l[-1]).__name__, type(m.d["b"]).__name__, type(m.l + [4]).__name__,
                type(m.l[:1]).__name__, type(list(m.l)).__name__, type(m.d.copy()).__name__, len(m.l), sorted(m.d))
    oracle.check(prog)


def test_list_wrapper_is_unhashable(oracle):
    def prog(tf):
        m = tf.Module()
        m.l = [1]
        return hash(m.l)
    oracle.check(prog, match_message="unhashable type: 'ListWrapper'")


def test_variables_added_later_are_tracked(oracle):
    def prog(tf):
        m = tf.Module()
        m.layers, m.table = [], {}
        n0 = len(m.trainable_variables)
        m.layers.append(tf.Variable(1.0, name="a"))
        m.layers.extend([tf.Variable(2.0, name="b"), [tf.Variable(3.0, name="c")]])
        m.table["z"] = tf.Variable(4.0, name="z")
        m.table.update(y=tf.Variable(5.0, name="y", trainable=False))
        sub = tf.Module(name="sub")
        sub.w = tf.Variable(6.0, name="w")
        m.layers.append(sub)
        return (n0, [v.name for v in m.trainable_variables], [v.name for v in m.non_trainable_variables],
                [s.name for s in m.submodules])
    oracle.check(prog)


def test_checkpoint_keys_of_list_and_dict_attributes(oracle):
    def prog(tf):
        m = tf.Module()
        m.layers = [tf.Variable(1.0)]
        m.layers.append(tf.Variable(2.0))
        m.table = {"w": tf.Variable(3.0)}
        with tempfile.TemporaryDirectory() as d:
            path = tf.train.Checkpoint(model=m).save(os.path.join(d, "ckpt"))
            return sorted(name for name, _ in tf.train.list_variables(path) if "OBJECT_GRAPH" not in name)
    oracle.check(prog)


def test_replacing_a_tracked_element_refuses_to_save(oracle):
    def prog(tf):
        m = tf.Module()
        m.layers = [tf.Variable(1.0), tf.Variable(2.0)]
        m.layers[0] = tf.Variable(3.0)
        with tempfile.TemporaryDirectory() as d:
            tf.train.Checkpoint(model=m).save(os.path.join(d, "ckpt"))
    oracle.check(prog, match_message="A list element was replaced")


def test_mutating_plain_data_still_saves(oracle):
    def prog(tf):
        m = tf.Module()
        m.sizes = [3, 1, 2]
        m.sizes[0] = 5
        del m.sizes[1]
        m.sizes.insert(0, 7)
        m.layers = [tf.Variable(1.0)]
        with tempfile.TemporaryDirectory() as d:
            path = tf.train.Checkpoint(model=m).save(os.path.join(d, "ckpt"))
            return list(m.sizes), sorted(n for n, _ in tf.train.list_variables(path) if "OBJECT_GRAPH" not in n)
    oracle.check(prog)
