"""Layer.finalize_state after weights change (layer_weights.set_weights, saving/hdf5_format, saving/save,
saving/keras_v3_format) against tf-keras 2.21: an adapted Normalization uses the mean/variance it is given by
set_weights, load_weights (HDF5 and TF checkpoint) and load_model (.keras, .h5)."""
from __future__ import annotations

import numpy as np

_DATA = np.array([[1.0], [3.0], [5.0]], np.float32)
_PROBE = np.array([[2.0], [4.0]], np.float32)


def _model(tf, adapt):
    norm = tf.keras.layers.Normalization(axis=-1)
    if adapt:
        norm.adapt(_DATA)
    else:
        norm.build((None, 1))
    inputs = tf.keras.Input((1,))
    return tf.keras.Model(inputs, norm(inputs))


def test_set_weights_finalizes(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        norm = tf.keras.layers.Normalization()
        norm.adapt(_DATA)
        before = norm(_PROBE)
        norm.set_weights([np.array([10.0], np.float32), np.array([4.0], np.float32), np.array(7, np.int64)])
        model = _model(tf, adapt=True)
        model.set_weights([np.array([0.0], np.float32), np.array([1.0], np.float32), np.array(1, np.int64)])
        return before, norm(_PROBE), model(_PROBE)
    oracle.check(prog)


def test_load_weights_and_load_model_finalize(oracle):
    def prog(tf):
        import os
        import tempfile
        tf.keras.backend.clear_session()
        folder = tempfile.mkdtemp()
        source = _model(tf, adapt=True)
        source.save_weights(os.path.join(folder, "w.h5"))
        source.save_weights(os.path.join(folder, "ckpt"))
        source.save(os.path.join(folder, "m.keras"))
        source.save(os.path.join(folder, "m.h5"))
        results = [source(_PROBE)]
        for path in ("w.h5", "ckpt"):
            target = _model(tf, adapt=False)
            target.load_weights(os.path.join(folder, path))
            results.append(target(_PROBE))
        for path in ("m.keras", "m.h5"):
            results.append(tf.keras.models.load_model(os.path.join(folder, path))(_PROBE))
        return results
    oracle.check(prog)
