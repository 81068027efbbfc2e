"""``framework/shape_values.py`` on stacked shape vectors against TF 2.21: a ``tf.stack`` of fully known vectors
squeezed or reshaped back to a vector is a known shape (TF evaluates the constant subgraph), a partly known one is
not, and a stack of scalars keeps its known entries. Expected values: TF's, through the oracle."""
from __future__ import annotations


def test_stacked_shape_vectors(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [17])
        y = v1.placeholder(v1.float32, [None])
        known, partial = v1.stack([v1.shape(x), [5]]), v1.stack([v1.shape(y), [5]])
        return [str(t.shape) for t in (
            v1.random_normal(v1.squeeze(known)), v1.zeros(v1.reshape(known, [-1])),
            v1.random_normal(v1.squeeze(partial)), v1.zeros(v1.reshape(partial, [-1])),
            v1.zeros(v1.reshape(v1.shape(y), [-1])), v1.zeros(v1.stack([v1.shape(y)[0], 3])),
            v1.ones(v1.concat([v1.shape(x), [2]], 0)))]
    oracle.check_v1(prog)
