"""``tf.compat.v1.train.AdagradDAOptimizer`` against TF 2.21 (expected values: TF's, through the oracle): four
graph-mode steps with a global step, dense and IndexedSlices (gather) gradients, with and without l1/l2, the slot
values and names, and the constructor's check."""
from __future__ import annotations

import pytest


def _trajectory(l1, l2, sparse):
    def prog(v1):
        tf = v1
        gs = v1.train.get_or_create_global_step()
        w = v1.get_variable("w", initializer=tf.constant([[1.0, -2.0], [0.5, 3.0], [2.0, 1.0]]))
        if sparse:   # rows 0 (twice) and 2: duplicates summed, row 1 untouched
            loss = tf.reduce_sum(tf.square(tf.gather(w, [0, 2, 0])) * tf.constant([[1.0, 2.0]]))
        else:
            loss = tf.reduce_sum(tf.square(w - tf.constant([[0.3, 0.2]])) * tf.constant([[1.0, 3.0]]))
        opt = v1.train.AdagradDAOptimizer(0.5, gs, initial_gradient_squared_accumulator_value=0.2,
                                          l1_regularization_strength=l1, l2_regularization_strength=l2)
        train = opt.minimize(loss, global_step=gs)
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            steps = []
            for _ in range(4):
                s.run(train)
                steps.append(s.run(w))
            slots = s.run([opt.get_slot(w, "gradient_accumulator"), opt.get_slot(w, "gradient_squared_accumulator"),
                           gs])
            return steps, slots, opt.get_slot_names(), sorted(v.name for v in opt.variables())
    return prog


CASES = {
    "dense": (0.0, 0.0, False),
    "dense_l1_l2": (0.3, 0.1, False),
    "sparse_l2": (0.0, 0.2, True),
    "sparse_l1": (0.4, 0.0, True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_adagrad_da_trajectory(oracle, case):
    oracle.check_v1(_trajectory(*CASES[case]), rtol=1e-5, atol=1e-6)


def test_adagrad_da_eager(oracle):
    def prog(tf):
        gs = tf.Variable(0, dtype=tf.int64)
        w = tf.Variable([1.0, -2.0])
        opt = tf.compat.v1.train.AdagradDAOptimizer(0.1, gs, l1_regularization_strength=0.05)
        out = []
        for _ in range(3):
            opt.minimize(lambda: tf.reduce_sum(w * w * tf.constant([1.0, 4.0])), var_list=[w], global_step=gs)
            out.append(w.numpy())
        return out, gs.numpy()
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_adagrad_da_rejects_non_positive_initial_value(oracle):
    oracle.check(lambda tf: tf.compat.v1.train.AdagradDAOptimizer(
        0.1, None, initial_gradient_squared_accumulator_value=0.0), match_message="must be positive")
