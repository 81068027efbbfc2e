"""tf.keras.utils.StepsPerExecutionTuner (tfcompat._src.keras.utils.steps_per_execution_tuning) against tf-keras
2.21: start/stop of its thread, the steps_per_execution setter, and the tuning rule on fixed speed measurements
(driven through its measurement history, so no timing enters the result). Expected values: real TF."""
from __future__ import annotations


def test_tuning_rule(oracle):
    def prog(tf):
        optimizer = tf.keras.optimizers.SGD(0.1)
        spe = tf.Variable(8, dtype=tf.int64)
        tuner = tf.keras.utils.StepsPerExecutionTuner(optimizer, spe, interval=60, change_spe_interval=2)
        thread = tuner.start()
        same_thread = tuner.start() is thread
        tuner.stop()
        thread.join(10)
        values = [same_thread, thread.is_alive()]
        for speeds in ([10.0, 10.0], [20.0, 20.0], [5.0, 5.0], [5.2, 5.0], [1.0, 1.0]):
            tuner.rgsps = list(speeds)
            tuner._tune()
            values.append((int(spe.numpy()), tuner.spe_tune_last_action_add))
        tuner.steps_per_execution = 3
        values.append((int(tuner.steps_per_execution.numpy()), tuner.init_spe))
        return values
    oracle.check(prog)
