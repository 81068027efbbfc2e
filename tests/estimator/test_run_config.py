"""tf.estimator.RunConfig. TF 2.21 has no tf.estimator, so defaults and messages are by hand from
tensorflow_estimator 2.15's ``run_config.py``."""
from __future__ import annotations

import pytest

import tfcompat as tf

RunConfig = tf.estimator.RunConfig


def test_defaults():
    c = RunConfig()
    assert (c.model_dir, c.tf_random_seed, c.save_summary_steps, c.save_checkpoints_steps,
            c.save_checkpoints_secs, c.keep_checkpoint_max, c.keep_checkpoint_every_n_hours,
            c.log_step_count_steps, c.session_config) == (None, None, 100, None, 600, 5, 10000, 100, None)
    assert (c.is_chief, c.master, c.task_type, c.task_id, c.num_ps_replicas, c.num_worker_replicas) == \
        (True, "", "worker", 0, 0, 1)


def test_checkpoint_interval_choice():
    assert (RunConfig(save_checkpoints_steps=10).save_checkpoints_secs, RunConfig(save_checkpoints_secs=5)
            .save_checkpoints_steps) == (None, None)
    c = RunConfig(save_checkpoints_steps=10).replace(save_checkpoints_secs=30)
    assert (c.save_checkpoints_steps, c.save_checkpoints_secs) == (None, 30)
    with pytest.raises(ValueError, match="`save_checkpoints_steps` and `save_checkpoints_secs` cannot be both set."):
        RunConfig(save_checkpoints_steps=1, save_checkpoints_secs=1)


def test_replace_copies():
    c = RunConfig(model_dir="/tmp/a")
    d = c.replace(tf_random_seed=3, model_dir="/tmp/b")
    assert (c.tf_random_seed, c.model_dir, d.tf_random_seed, d.model_dir) == (None, "/tmp/a", 3, "/tmp/b")
    with pytest.raises(ValueError, match="Replacing is_chief is not supported. Allowed properties are"):
        c.replace(is_chief=False)


@pytest.mark.parametrize("kwargs,message", [
    ({"model_dir": ""}, "model_dir should be non-empty."),
    ({"save_summary_steps": -1}, "save_summary_steps should be >= 0"),
    ({"keep_checkpoint_max": -1}, "keep_checkpoint_max should be >= 0"),
    ({"keep_checkpoint_every_n_hours": 0}, "keep_checkpoint_every_n_hours should be > 0"),
    ({"log_step_count_steps": 0}, "log_step_count_steps should be > 0"),
    ({"tf_random_seed": 1.5}, "tf_random_seed must be integer."),
    ({"session_config": {}}, "session_config must be instance of ConfigProto"),
    ({"device_fn": lambda x: x}, 'device_fn must be callable with exactly one argument "op".'),
    ({"protocol": "http"}, "protocol should be grpc or grpc\\+verbs"),
])
def test_invalid_properties(kwargs, message):
    with pytest.raises(ValueError, match=message):
        RunConfig(**kwargs)


def test_model_dir_from_tf_config(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", '{"model_dir": "/tmp/from_env"}')
    assert RunConfig().model_dir == "/tmp/from_env"
    with pytest.raises(ValueError, match="must have the same value as the model_dir in TF_CONFIG"):
        RunConfig(model_dir="/tmp/other")
