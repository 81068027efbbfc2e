"""tf.compat.v1.estimator.inputs.numpy_input_fn / pandas_input_fn. TF 2.21 has no tf.estimator; the expected
batches are by hand from tensorflow_estimator 2.15's ``numpy_io.py`` and ``feeding_functions.py``: with
shuffle=False the feeding queue holds rows 0..n-1 repeated ``num_epochs`` times, dequeued ``batch_size`` at a time
(``dequeue_up_to``: the last batch may be short and the batch dimension is unknown; ``dequeue_many`` when
``num_epochs`` is None: full batches of static size). tfcompat reads them through tf.data (known deviation
``estimator-numpy-input-queue``)."""
from __future__ import annotations

from tests.known_deviations import DEVIATIONS

import numpy as np
import pytest

import tfcompat as tf

v1 = tf.compat.v1
numpy_input_fn = v1.estimator.inputs.numpy_input_fn


def _batches(input_fn, n=None):
    out = []
    with tf.Graph().as_default():
        result = input_fn()
        with v1.train.MonitoredSession() as sess:
            while not sess.should_stop() and (n is None or len(out) < n):
                out.append(sess.run(result))
    return out, result


def test_dict_features_and_target_in_order():
    x = {"b": np.arange(5, dtype=np.float64), "a": np.arange(10, 15)}
    y = np.arange(-5, 0, dtype=np.float32)
    batches, (features, target) = _batches(numpy_input_fn(x, y, batch_size=2, num_epochs=2, shuffle=False))
    rows = [0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
    want = [rows[i:i + 2] for i in range(0, 10, 2)]
    assert [list(b[0]["b"].astype(int)) for b in batches] == want
    assert [list(b[0]["a"] - 10) for b in batches] == want
    assert [list(b[1].astype(int) + 5) for b in batches] == want
    assert (features["b"].dtype, features["a"].dtype, target.dtype) == (tf.float64, tf.int64, tf.float32)
    assert features["a"].shape.as_list() == [None] and target.shape.as_list() == [None]


def test_no_feeding_queue_known_deviation():
    """The batches come from a tf.data iterator, not a queue: no QueueRunner in the graph."""
    assert "queue" in DEVIATIONS["estimator-numpy-input-queue"]
    with tf.Graph().as_default() as g:
        features = numpy_input_fn(np.arange(3), batch_size=2, shuffle=False)()
        assert features.op.type == "IteratorGetNext"
        assert g.get_collection(v1.GraphKeys.QUEUE_RUNNERS) == []


def test_last_batch_is_short_with_num_epochs():
    batches, _ = _batches(numpy_input_fn(np.arange(7), batch_size=3, num_epochs=1, shuffle=False))
    assert [list(b) for b in batches] == [[0, 1, 2], [3, 4, 5], [6]]


def test_forever_batches_cross_epoch_boundaries():
    x = np.arange(10).reshape(5, 2)
    batches, features = _batches(numpy_input_fn(x, batch_size=3, num_epochs=None, shuffle=False), n=4)
    rows = [0, 1, 2, 3, 4] * 3
    assert [b[:, 0].tolist() for b in batches] == [[2 * r for r in rows[i:i + 3]] for i in range(0, 12, 3)]
    assert features.shape.as_list() == [3, 2]


def test_dict_target():
    x = {"x": np.arange(3)}
    y = {"t2": np.arange(3) * 2, "t1": np.arange(3) * 3}
    batches, (_, target) = _batches(numpy_input_fn(x, y, batch_size=3, shuffle=False))
    assert sorted(target) == ["t1", "t2"]
    assert batches[0][1]["t1"].tolist() == [0, 3, 6]


def test_shuffle_gives_every_row_once_per_epoch():
    x = np.arange(20)
    batches, _ = _batches(numpy_input_fn(x, batch_size=6, num_epochs=1, shuffle=True))
    assert sorted(np.concatenate(batches).tolist()) == list(range(20))


@pytest.mark.parametrize("args,kwargs,error,message", [
    ((np.arange(3),), {}, ValueError, "shuffle must be provided and explicitly set as boolean"),
    (({},), {"shuffle": False}, ValueError, "x cannot be an empty dict"),
    ((np.zeros([0]),), {"shuffle": False}, ValueError, "x cannot be an empty array"),
    (([1, 2],), {"shuffle": False}, TypeError, "x must be a dict or array; got list"),
    (({"a": np.arange(3)}, np.arange(4)), {"shuffle": False}, ValueError,
     "Length of tensors in x and y is mismatched."),
    (({"a": np.arange(3)}, {"a": np.arange(3)}), {"shuffle": False}, ValueError,
     "1 duplicate keys are found in both x and y"),
    (({"a": np.arange(3)}, {}), {"shuffle": False}, ValueError, "y cannot be empty dict, use None instead."),
])
def test_errors(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        with tf.Graph().as_default():
            numpy_input_fn(*args, **kwargs)()


def test_drives_an_estimator(tmp_path):
    """numpy_input_fn feeding Estimator.train/evaluate/predict (predict stops after one epoch)."""
    def model_fn(features, labels, mode):
        w = v1.get_variable("w", [], initializer=v1.zeros_initializer(), dtype=tf.float64)
        pred = features["x"] * w
        if mode == tf.estimator.ModeKeys.PREDICT:
            return tf.estimator.EstimatorSpec(mode, predictions=pred)
        loss = tf.reduce_mean(tf.square(pred - labels))
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=v1.train.GradientDescentOptimizer(0.1).minimize(
            loss, global_step=v1.train.get_global_step()))

    x = {"x": np.arange(6, dtype=np.float64) / 6}
    y = np.arange(6, dtype=np.float64) / 3
    est = tf.estimator.Estimator(model_fn, model_dir=str(tmp_path))
    est.train(numpy_input_fn(x, y, batch_size=2, num_epochs=None, shuffle=False), steps=4)
    assert est.get_variable_value("global_step") == 4
    assert est.evaluate(numpy_input_fn(x, y, batch_size=4, shuffle=False))["global_step"] == 4
    preds = list(est.predict(numpy_input_fn(x, batch_size=4, shuffle=False)))
    assert len(preds) == 6
    np.testing.assert_allclose(preds, x["x"] * est.get_variable_value("w"))


def test_pandas_input_fn_without_pandas():
    try:
        import pandas  # noqa: F401
        pytest.skip("pandas is installed")
    except ImportError:
        pass
    with pytest.raises(TypeError, match="pandas_input_fn should not be called without pandas installed"):
        v1.estimator.inputs.pandas_input_fn(None, shuffle=False)
