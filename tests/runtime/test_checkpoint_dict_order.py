"""The object graph of a ``tf.train.Checkpoint`` holding dicts (``runtime/training/checkpoint_graph.py``) against
TF 2.21: a dict's children keep their insertion order (node numbering, children lists and checkpoint keys), in a
Checkpoint argument, a Module attribute, a dict of Modules and a dict inside a list; a non-string key holding a
variable cannot be saved (TF's ValueError). Expected values: TF's, through the oracle."""
from __future__ import annotations

import os

import pytest

from tfcompat._src.protos.checkpoint import TrackableObjectGraph


def _graph(tf, tmp_path, **kwargs):
    """(children (local name, node id) and checkpoint keys) of each node of the saved object graph."""
    prefix = tf.train.Checkpoint(**kwargs).save(os.path.join(str(tmp_path), "ck"))
    graph = TrackableObjectGraph()
    graph.ParseFromString(tf.train.load_checkpoint(prefix).get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH"))
    return [([(c.local_name, c.node_id) for c in n.children], [a.checkpoint_key for a in n.attributes])
            for n in graph.nodes]


def _module(tf, **attrs):
    m = tf.Module()
    for k, v in attrs.items():
        setattr(m, k, v)
    return m


CASES = {
    "checkpoint_argument": lambda tf: {"x": {"z": tf.Variable(1.0), "a": tf.Variable(2.0), "m": tf.Variable(3.0)}},
    "module_attribute": lambda tf: {"model": _module(tf, d={"zeta": tf.Variable(1.0), "alpha": tf.Variable(2.0),
                                                            "10": tf.Variable(3.0), "2": tf.Variable(4.0)},
                                                     b_var=tf.Variable(5.0))},
    "dict_of_modules": lambda tf: {"m": _module(tf, mods={"zz": _module(tf, v=tf.Variable(1.0)),
                                                          "aa": _module(tf, v=tf.Variable(2.0))})},
    "nested": lambda tf: {"m": _module(tf, l=[{"q": tf.Variable(1.0), "c": tf.Variable(2.0)}],
                                       d={"y": {"k": tf.Variable(3.0), "b": tf.Variable(4.0)}, "b": tf.Variable(5.0)})},
    "non_trackable_values_skipped": lambda tf: {"x": {"s": "text", "z": tf.Variable(1.0), "n": 3,
                                                      "a": tf.Variable(2.0)}},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_dict_children_keep_insertion_order(oracle, tmp_path, case):
    oracle.check(lambda tf: _graph(tf, tmp_path / tf.__name__, **CASES[case](tf)))


def test_non_string_key_raises(oracle, tmp_path):
    oracle.check(lambda tf: _graph(tf, tmp_path, m=_module(tf, d={"z": tf.Variable(1.0), 3: tf.Variable(2.0)})),
                 match_message="The wrapped dictionary contains a non-string key")
