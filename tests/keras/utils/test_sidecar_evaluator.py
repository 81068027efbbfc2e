"""tf.keras.utils.SidecarEvaluator (tfcompat._src.keras.utils.sidecar_evaluator) against tf-keras 2.21: it
evaluates a checkpoint written by tf.train.Checkpoint (model weights restored, metrics as after evaluate) and stops
at max_evaluations. Expected values: real TF."""
from __future__ import annotations

import numpy as np


def test_evaluates_latest_checkpoint(oracle, tmp_path):
    def prog(tf):
        tf.keras.backend.clear_session()
        directory = str(tmp_path / tf.__name__)

        def build():
            model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="zeros",
                                                               input_shape=(2,))])
            model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
            return model
        trained = build()
        trained.layers[0].kernel.assign([[1.0], [2.0]])
        checkpoint = tf.train.Checkpoint(model=trained, optimizer=trained.optimizer)
        checkpoint.save(directory + "/ckpt")      # ckpt-1
        evaluated = build()
        x = np.array([[1.0, 1.0], [2.0, 0.0]], "float32")
        data = tf.data.Dataset.from_tensor_slices((x, np.array([[3.0], [1.0]], "float32"))).batch(2)
        tf.keras.utils.SidecarEvaluator(evaluated, data, directory, max_evaluations=1).start()
        return evaluated.layers[0].kernel, [float(m.result()) for m in evaluated.metrics]
    oracle.check(prog)
