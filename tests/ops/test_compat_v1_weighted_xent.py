"""``tf.compat.v1.nn.weighted_cross_entropy_with_logits``: TF1's signature (all arguments optional, ``targets`` the
deprecated alias of ``labels``), as nfmcclure's tensorflow_cookbook loss-function recipe calls it."""
import numpy as np


def test_targets_alias_gives_the_labels_result(oracle):
    def prog(v1):
        x = v1.constant(np.linspace(-3.0, 5.0, 7), v1.float32)
        t = v1.fill([7], 1.0)
        by_targets = v1.nn.weighted_cross_entropy_with_logits(logits=x, targets=t, pos_weight=v1.constant(0.5))
        by_labels = v1.nn.weighted_cross_entropy_with_logits(labels=t, logits=x, pos_weight=0.5)
        with v1.Session() as sess:
            return sess.run([by_targets, by_labels])
    oracle.check_v1(prog)


def test_targets_and_labels_together_raise(oracle):
    def prog(v1):
        x = v1.constant([1.0, -2.0])
        return v1.nn.weighted_cross_entropy_with_logits(labels=x, logits=x, pos_weight=2.0, targets=x)
    oracle.check_v1(prog)


def test_positional_call_keeps_tf2_argument_order(oracle):
    def prog(v1):
        x = v1.constant([[0.5, -1.5], [2.0, 0.0]])
        y = v1.constant([[1.0, 0.0], [0.0, 1.0]])
        with v1.Session() as sess:
            return sess.run(v1.nn.weighted_cross_entropy_with_logits(y, x, 3.0))
    oracle.check_v1(prog)
