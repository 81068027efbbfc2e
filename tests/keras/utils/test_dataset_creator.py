"""tf.keras.utils.experimental.DatasetCreator (tfcompat._src.keras.utils.dataset_creator) against tf-keras 2.21:
calling it, its type checks, and Model.fit/evaluate with it (steps required; one iterator across epochs).
Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest


def test_call_and_type_errors(oracle):
    def prog(tf):
        creator = tf.keras.utils.experimental.DatasetCreator(lambda context: tf.data.Dataset.range(3))
        outcome = [list(creator(None).as_numpy_iterator()), creator.input_options]
        for bad in (lambda: tf.keras.utils.experimental.DatasetCreator(3),
                    lambda: tf.keras.utils.experimental.DatasetCreator(lambda c: None, input_options=1),
                    lambda: tf.keras.utils.experimental.DatasetCreator(lambda c: [1, 2])(None)):
            try:
                bad()
            except TypeError as error:
                outcome.append(str(error).split(".")[0])
        return outcome
    oracle.check(prog)


@pytest.mark.parametrize("steps", [2, None], ids=["steps", "no_steps"])
def test_fit_with_dataset_creator(oracle, steps):
    def prog(tf):
        tf.keras.backend.clear_session()

        def dataset_fn(context):
            x = np.arange(12, dtype="float32").reshape(6, 2) / 10
            return tf.data.Dataset.from_tensor_slices((x, 2 * x.sum(1, keepdims=True))).batch(2).repeat()
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones")])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
        history = model.fit(tf.keras.utils.experimental.DatasetCreator(dataset_fn), epochs=2, steps_per_epoch=steps,
                            verbose=0)
        return history.history["loss"], model.layers[0].kernel
    oracle.check(prog, rtol=1e-5)
