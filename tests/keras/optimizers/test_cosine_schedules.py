"""tf.keras.optimizers.schedules.CosineDecay (with warmup) and CosineDecayRestarts
(tfcompat._src.keras.optimizers.cosine_schedules) against tf-keras 2.21: values over steps, configs,
serialization, the tf.keras.experimental aliases, use as an optimizer's learning rate."""
from __future__ import annotations

import numpy as np

_STEPS = [0, 1, 3, 5, 8, 10, 12, 15, 30]


def test_cosine_decay_values_and_config(oracle):
    def prog(tf):
        schedules = tf.keras.optimizers.schedules
        plain = schedules.CosineDecay(0.1, 10, alpha=0.1)
        warm = schedules.CosineDecay(0.0, 10, warmup_target=0.1, warmup_steps=5)
        restarts = schedules.CosineDecayRestarts(0.1, 4, t_mul=2.0, m_mul=0.5, alpha=0.01)
        periodic = schedules.CosineDecayRestarts(0.2, 3, t_mul=1.0)
        values = [[s(step) for step in _STEPS] for s in (plain, warm, restarts, periodic)]
        configs = [s.get_config() for s in (plain, warm, restarts, periodic)]
        roundtrip = schedules.deserialize(schedules.serialize(restarts))
        return (values, configs, schedules.serialize(warm), type(roundtrip).__name__, roundtrip(tf.constant(6)),
                tf.keras.experimental.CosineDecay is schedules.CosineDecay,
                tf.keras.experimental.CosineDecayRestarts is schedules.CosineDecayRestarts,
                plain(tf.constant(4, tf.int64)).dtype.name, schedules.CosineDecay(np.float64(0.5), 4)(2).dtype.name)
    oracle.check(prog)


def test_cosine_decay_drives_an_optimizer(oracle):
    def prog(tf):
        v = tf.Variable([1.0, 2.0])
        opt = tf.keras.optimizers.SGD(learning_rate=tf.keras.optimizers.schedules.CosineDecay(0.5, 4))
        for _ in range(5):
            opt.apply_gradients([(tf.constant([1.0, -1.0]), v)])
        return v
    oracle.check(prog)
