"""``tf.estimator.RunConfig`` (mirrors tensorflow_estimator 2.15's ``run_config.py``): where an Estimator writes,
how often it saves checkpoints and summaries and logs, its seed and session config.

tfcompat runs one process: the cluster properties describe a single local chief (``TF_CONFIG``'s ``model_dir``
is honoured; a ``cluster`` in it is logged and ignored, see ``train_and_evaluate``)."""
from __future__ import annotations

import copy
import json
import os

from tfcompat._src.estimator.model_fn import fn_args
from tfcompat._src.ops.state_ops import ConfigProto
from tfcompat._src.runtime import tf_logging as logging

__all__ = ["RunConfig", "TaskType", "get_default_session_config"]

_USE_DEFAULT = object()
_SAVE_CKPT_ERR = "`save_checkpoints_steps` and `save_checkpoints_secs` cannot be both set."
_REPLACEABLE = [
    "model_dir", "tf_random_seed", "save_summary_steps", "save_checkpoints_steps", "save_checkpoints_secs",
    "session_config", "keep_checkpoint_max", "keep_checkpoint_every_n_hours", "log_step_count_steps",
    "train_distribute", "device_fn", "protocol", "eval_distribute", "experimental_distribute",
    "experimental_max_worker_delay_secs", "session_creation_timeout_secs", "checkpoint_save_graph_def",
]

# property -> (condition on a non-None value, TF's message when it fails)
_VALIDATIONS = [
    ("model_dir", lambda d: d, "model_dir should be non-empty"),
    ("save_summary_steps", lambda s: s >= 0, "save_summary_steps should be >= 0"),
    ("save_checkpoints_steps", lambda s: s >= 0, "save_checkpoints_steps should be >= 0"),
    ("save_checkpoints_secs", lambda s: s >= 0, "save_checkpoints_secs should be >= 0"),
    ("session_config", lambda c: isinstance(c, ConfigProto), "session_config must be instance of ConfigProto"),
    ("keep_checkpoint_max", lambda k: k >= 0, "keep_checkpoint_max should be >= 0"),
    ("keep_checkpoint_every_n_hours", lambda h: h > 0, "keep_checkpoint_every_n_hours should be > 0"),
    ("log_step_count_steps", lambda n: n > 0, "log_step_count_steps should be > 0"),
    ("tf_random_seed", lambda s: isinstance(s, int), "tf_random_seed must be integer."),
    ("experimental_max_worker_delay_secs", lambda d: isinstance(d, int),
     "experimental_max_worker_delay_secs must be an integer if set."),
    ("session_creation_timeout_secs", lambda t: t > 0, "session_creation_timeout_secs should be > 0"),
    ("device_fn", lambda f: callable(f) and set(fn_args(f)) == {"op"},
     'device_fn must be callable with exactly one argument "op".'),
    ("protocol", lambda p: p in (None, "grpc", "grpc+verbs"), "protocol should be grpc or grpc+verbs"),
]


class TaskType:
    """Mirrors ``tf.estimator.RunConfig``'s task types (``run_config.TaskType``)."""
    MASTER = "master"
    PS = "ps"
    WORKER = "worker"
    CHIEF = "chief"
    EVALUATOR = "evaluator"


def get_default_session_config() -> ConfigProto:
    """Mirrors ``run_config.get_default_session_config``: ``ConfigProto(allow_soft_placement=True)`` (TF's
    grappler rewrite options have no meaning on torch)."""
    return ConfigProto(allow_soft_placement=True)


def _path_to_str(path):
    return os.fspath(path) if hasattr(path, "__fspath__") else path


def _model_dir_from(tf_config: dict, model_dir):
    if model_dir == "":
        raise ValueError("model_dir should be non-empty.")
    in_config = tf_config.get("model_dir")
    if in_config == "":
        raise ValueError("model_dir in TF_CONFIG should be non-empty.")
    if in_config:
        if model_dir and in_config != model_dir:
            raise ValueError("`model_dir` provided in RunConfig construct, if set, must have the same value as the "
                             "model_dir in TF_CONFIG. model_dir: {}\nTF_CONFIG[\"model_dir\"]: {}.\n"
                             .format(model_dir, in_config))
        logging.info("Using model_dir in TF_CONFIG: %s", in_config)
    return model_dir or in_config


class RunConfig:
    """Mirrors ``tf.estimator.RunConfig``: the configuration of an Estimator run. Checkpoints default to every
    600 seconds when neither ``save_checkpoints_steps`` nor ``save_checkpoints_secs`` is given (as TF).

    Differences: single process only — ``cluster_spec`` is None, the task is the local chief ('worker', 0),
    ``train_distribute``/``eval_distribute`` are one-replica strategies (the Estimator trains/evaluates in their
    scope and replica context, see migration_guide/estimator.md).

    Raises:
      ValueError: both checkpoint intervals set, or a property out of range (TF's messages)."""

    def __init__(self, model_dir=None, tf_random_seed=None, save_summary_steps=100,
                 save_checkpoints_steps=_USE_DEFAULT, save_checkpoints_secs=_USE_DEFAULT, session_config=None,
                 keep_checkpoint_max=5, keep_checkpoint_every_n_hours=10000, log_step_count_steps=100,
                 train_distribute=None, device_fn=None, protocol=None, eval_distribute=None,
                 experimental_distribute=None, experimental_max_worker_delay_secs=None,
                 session_creation_timeout_secs=7200, checkpoint_save_graph_def=True):
        if save_checkpoints_steps is _USE_DEFAULT and save_checkpoints_secs is _USE_DEFAULT:
            save_checkpoints_steps, save_checkpoints_secs = None, 600
        elif save_checkpoints_secs is _USE_DEFAULT:
            save_checkpoints_secs = None
        elif save_checkpoints_steps is _USE_DEFAULT:
            save_checkpoints_steps = None
        elif save_checkpoints_steps is not None and save_checkpoints_secs is not None:
            raise ValueError(_SAVE_CKPT_ERR)
        tf_config = json.loads(os.environ.get("TF_CONFIG", "{}"))
        if tf_config:
            logging.info("TF_CONFIG environment variable: %s", tf_config)
        model_dir = _model_dir_from(tf_config, _path_to_str(model_dir))
        RunConfig._replace(self, model_dir=model_dir, tf_random_seed=tf_random_seed,
                           save_summary_steps=save_summary_steps, save_checkpoints_steps=save_checkpoints_steps,
                           save_checkpoints_secs=save_checkpoints_secs, session_config=session_config,
                           keep_checkpoint_max=keep_checkpoint_max,
                           keep_checkpoint_every_n_hours=keep_checkpoint_every_n_hours,
                           log_step_count_steps=log_step_count_steps, train_distribute=train_distribute,
                           device_fn=device_fn, protocol=protocol, eval_distribute=eval_distribute,
                           experimental_distribute=experimental_distribute,
                           experimental_max_worker_delay_secs=experimental_max_worker_delay_secs,
                           session_creation_timeout_secs=session_creation_timeout_secs,
                           checkpoint_save_graph_def=checkpoint_save_graph_def)
        # the single local task (TF's defaults without a cluster in TF_CONFIG)
        self._cluster_spec = None
        self._task_type = TaskType.WORKER
        self._task_id = 0
        self._master = ""
        self._evaluation_master = ""
        self._is_chief = True
        self._num_ps_replicas = 0
        self._num_worker_replicas = 1
        self._global_id_in_cluster = 0
        self._service = tf_config.get("service")

    def replace(self, **kwargs) -> "RunConfig":
        """Mirrors ``RunConfig.replace``: a copy with the given (replaceable) properties changed.

        Raises:
          ValueError: a property that cannot be replaced, or invalid values (as the constructor)."""
        return RunConfig._replace(copy.deepcopy(self), **kwargs)

    @staticmethod
    def _replace(config: "RunConfig", **kwargs) -> "RunConfig":
        for key, value in kwargs.items():
            if key not in _REPLACEABLE:
                raise ValueError("Replacing {} is not supported. Allowed properties are {}.".format(
                    key, _REPLACEABLE))
            setattr(config, "_" + key, value)
        steps, secs = config._save_checkpoints_steps, config._save_checkpoints_secs
        if "save_checkpoints_steps" in kwargs and "save_checkpoints_secs" in kwargs:
            if steps is not None and secs is not None:
                raise ValueError(_SAVE_CKPT_ERR)
        elif "save_checkpoints_steps" in kwargs and steps is not None:
            config._save_checkpoints_secs = None
        elif "save_checkpoints_secs" in kwargs and secs is not None:
            config._save_checkpoints_steps = None
        for name, condition, message in _VALIDATIONS:
            value = getattr(config, "_" + name)
            if value is not None and not condition(value):
                raise ValueError(message)
        return config

    def __deepcopy__(self, memo):
        # the session config and distribution objects are shared, not copied (they may hold live state)
        new = object.__new__(RunConfig)
        new.__dict__.update(self.__dict__)
        return new

    cluster_spec = property(lambda self: self._cluster_spec)
    device_fn = property(lambda self: self._device_fn)
    evaluation_master = property(lambda self: self._evaluation_master)
    is_chief = property(lambda self: self._is_chief)
    master = property(lambda self: self._master)
    num_ps_replicas = property(lambda self: self._num_ps_replicas)
    num_worker_replicas = property(lambda self: self._num_worker_replicas)
    task_id = property(lambda self: self._task_id)
    task_type = property(lambda self: self._task_type)
    global_id_in_cluster = property(lambda self: self._global_id_in_cluster)
    experimental_max_worker_delay_secs = property(lambda self: self._experimental_max_worker_delay_secs)
    tf_random_seed = property(lambda self: self._tf_random_seed)
    save_summary_steps = property(lambda self: self._save_summary_steps)
    save_checkpoints_secs = property(lambda self: self._save_checkpoints_secs)
    save_checkpoints_steps = property(lambda self: self._save_checkpoints_steps)
    session_config = property(lambda self: self._session_config)
    checkpoint_save_graph_def = property(lambda self: self._checkpoint_save_graph_def)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_every_n_hours = property(lambda self: self._keep_checkpoint_every_n_hours)
    session_creation_timeout_secs = property(lambda self: self._session_creation_timeout_secs)
    log_step_count_steps = property(lambda self: self._log_step_count_steps)
    model_dir = property(lambda self: self._model_dir)
    service = property(lambda self: self._service)
    train_distribute = property(lambda self: self._train_distribute)
    eval_distribute = property(lambda self: self._eval_distribute)
    protocol = property(lambda self: self._protocol)
