"""``tf.contrib.learn.ModeKeys`` (TF 1.15). Expected by hand from TF 1.15's learn/estimators/model_fn.py: the
values 'train', 'eval', 'infer'."""
from __future__ import annotations


def test_mode_keys_by_hand():
    import tfcompat.compat.v1 as tf
    keys = tf.contrib.learn.ModeKeys
    assert (keys.TRAIN, keys.EVAL, keys.INFER) == ("train", "eval", "infer")
