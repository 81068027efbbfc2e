"""``tf.compat.v1.train.warm_start`` against TF 2.21 (expected values: TF's, through the oracle): a checkpoint
written by each side's own Saver, then fresh graphs warm-started by regex, by a list of names (global variables
too), with renames, with vocabulary remapping along rows (OOV buckets, a truncated old vocabulary, a backup
initializer) and columns, and TF's errors."""
from __future__ import annotations

import os
import tempfile

import pytest


def _checkpoint(tf, d):
    v1 = tf.compat.v1
    with open(os.path.join(d, "old.txt"), "w") as f:
        f.write("a\nb\nc\n")
    with open(os.path.join(d, "new.txt"), "w") as f:
        f.write("c\nx\na\n")
    with tf.Graph().as_default():
        v1.get_variable("w", initializer=tf.constant([[1.0, 2.0], [3.0, 4.0]]))
        v1.get_variable("emb", initializer=tf.constant([[1.0, 1.5], [2.0, 2.5], [3.0, 3.5]]))
        v1.get_variable("cols", initializer=tf.constant([[1.0, 2.0, 3.0]]))
        v1.get_variable("b", initializer=tf.constant([5.0]), trainable=False)
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return v1.train.Saver().save(s, os.path.join(d, "model.ckpt"))


def _vocab(v1, d, size, oov, **kw):
    return v1.train.VocabInfo(os.path.join(d, "new.txt"), size, oov, os.path.join(d, "old.txt"), **kw)


CASES = {
    "regex_all_trainable": lambda v1, d: dict(),    # 'cols' has another shape: TF's ValueError
    "name_list_with_global": lambda v1, d: dict(vars_to_warm_start=["b", "w"]),
    "regex_one": lambda v1, d: dict(vars_to_warm_start="w"),
    "rename": lambda v1, d: dict(vars_to_warm_start="new_w", var_name_to_prev_var_name={"new_w": "w"}),
    "vocab_rows_oov": lambda v1, d: dict(vars_to_warm_start="new_emb", var_name_to_prev_var_name={"new_emb": "emb"},
                                         var_name_to_vocab_info={"new_emb": _vocab(v1, d, 3, 1)}),
    "vocab_rows_backup": lambda v1, d: dict(
        vars_to_warm_start="new_emb", var_name_to_prev_var_name={"new_emb": "emb"},
        var_name_to_vocab_info={"new_emb": _vocab(v1, d, 3, 1, old_vocab_size=2,
                                                  backup_initializer=v1.ones_initializer())}),
    "vocab_cols": lambda v1, d: dict(vars_to_warm_start="cols",
                                     var_name_to_vocab_info={"cols": _vocab(v1, d, 3, 1, axis=1)}),
    "unused_rename": lambda v1, d: dict(vars_to_warm_start="w", var_name_to_prev_var_name={"zzz": "w"}),
    "unused_vocab": lambda v1, d: dict(vars_to_warm_start="w", var_name_to_vocab_info={"zzz": _vocab(v1, d, 3, 0)}),
    "bad_list": lambda v1, d: dict(vars_to_warm_start=[1]),
    "bad_type": lambda v1, d: dict(vars_to_warm_start=3),
}


def _program(case):
    def prog(tf):
        v1 = tf.compat.v1
        d = tempfile.mkdtemp()
        path = _checkpoint(tf, d)
        with tf.Graph().as_default():
            made = [v1.get_variable("w", shape=[2, 2], initializer=v1.zeros_initializer()),
                    v1.get_variable("new_w", shape=[2, 2], initializer=v1.zeros_initializer()),
                    v1.get_variable("new_emb", shape=[4, 2], initializer=v1.zeros_initializer()),
                    v1.get_variable("cols", shape=[1, 4], initializer=v1.zeros_initializer()),
                    v1.get_variable("b", shape=[1], initializer=v1.zeros_initializer(), trainable=False)]
            v1.train.warm_start(path, **CASES[case](v1, d))
            with v1.Session() as s:
                s.run(v1.global_variables_initializer())
                return s.run(made)
    return prog


@pytest.mark.parametrize("case", sorted(CASES))
def test_warm_start(oracle, case):
    message = {"unused_rename": "were not used", "unused_vocab": "were not used", "bad_list": "must be all",
               "bad_type": "must be a `list` or `str`"}.get(case)
    oracle.check(_program(case), match_message=message)
