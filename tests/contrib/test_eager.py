"""``tf.contrib.eager`` (TF 1.15) against its TF 2.21 equivalent.

TF 2.21 has no contrib; ``tfe.implicit_value_and_gradients``/``implicit_gradients`` were (and still are, as
private API) ``tensorflow.python.eager.backprop.implicit_val_and_grad``/``implicit_grad``, which the TF-side
reference programs call; ``tfe.Iterator(ds)`` is ``iter(ds)``; ``tfe.Variable`` is ``tf.Variable``. tfcompat
runs ``tf.contrib.eager``. Compared: values, gradients, the (gradient, variable) pairing and the errors."""
from __future__ import annotations

import numpy as np
import pytest


def _tfe():
    import tfcompat.compat.v1 as v1
    return v1.contrib.eager


def _backprop():
    from tensorflow.python.eager import backprop
    return backprop.implicit_val_and_grad, backprop.implicit_grad


def _pairs(pairs):
    return [(g, v.name, v.numpy()) for g, v in pairs]


def _case(tf, make_var, val_and_grad, grad, kind):
    a = make_var(np.array([1.0, -2.0], np.float32), name="a")
    b = make_var(0.5, name="b")
    c = make_var(3.0, name="c")
    frozen = tf.Variable(4.0, trainable=False, name="frozen")
    if kind == "sum":
        f = lambda x: tf.reduce_sum(a * a * x) + b * frozen  # noqa: E731
    elif kind == "tuple":
        f = lambda x: (tf.reduce_sum(a) * x, c * b)  # noqa: E731
    elif kind == "none":
        f = lambda x: None  # noqa: E731
    else:
        f = lambda x: frozen * x  # noqa: E731
    value, pairs = val_and_grad(f)(tf.constant(2.0))
    return value, _pairs(pairs), _pairs(grad(f)(tf.constant(2.0)))


@pytest.mark.parametrize("kind", ["sum", "tuple", "none", "no_variables"])
def test_implicit_value_and_gradients(oracle, kind):
    def ref(tf):
        val_and_grad, grad = _backprop()
        return _case(tf, tf.Variable, val_and_grad, grad, kind)

    def tfc(tf):
        tfe = _tfe()
        return _case(tf, tfe.Variable, tfe.implicit_value_and_gradients, tfe.implicit_gradients, kind)

    oracle.check(ref, tfc, match_message="ccessed" if kind == "no_variables" else "returns None")


def test_iterator(oracle):
    def run(tf, make_iter):
        ds = tf.data.Dataset.from_tensor_slices(({"x": np.arange(6, dtype=np.float32).reshape(3, 2)},
                                                 np.array([1, 2, 3], np.int64))).batch(2)
        it = make_iter(ds)
        first = it.get_next()
        rest = [x for x in it]
        return first, rest

    oracle.check(lambda tf: run(tf, iter), lambda tf: run(tf, _tfe().Iterator))


def test_iterator_refuses_graph_mode_by_hand():
    """Expected by hand from TF 1.15's contrib/eager/python/datasets.py."""
    import tfcompat.compat.v1 as v1
    with v1.Graph().as_default():
        with pytest.raises(RuntimeError, match="only be used when eager execution is enabled"):
            v1.contrib.eager.Iterator(v1.data.Dataset.range(3))



def test_num_gpus_counts_visible_gpus_by_hand():
    """By hand: the GPUs tf.config lists (TF 2.21's tensorflow-cpu, the oracle, always lists none)."""
    import tfcompat
    assert _tfe().num_gpus() == len(tfcompat.config.list_physical_devices("GPU"))


def test_network_is_unsupported_by_hand():
    """Expected by hand: tfe.Network is not provided; the error names tf.keras.Model."""
    import pytest

    import tfcompat.compat.v1 as tf
    with pytest.raises(NotImplementedError, match="tf.keras.Model"):
        tf.contrib.eager.Network
