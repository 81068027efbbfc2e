"""``tf.compat.v1.train``: re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.training.global_step import (
    create_global_step, get_global_step, get_or_create_global_step, global_step,
)
from tfcompat._src.runtime.training.learning_rate import (
    exponential_decay, inverse_time_decay, piecewise_constant, polynomial_decay,
)
from tfcompat._src.runtime.training.training_loops_v1 import assert_global_step, basic_train_loop
from tfcompat._src.keras.optimizers.legacy_learning_rate_decay import (
    cosine_decay, cosine_decay_restarts, linear_cosine_decay, natural_exp_decay, noisy_linear_cosine_decay,
    piecewise_constant_decay,
)
from tfcompat._src.runtime.training.optimizer_v1 import Optimizer
from tfcompat._src.runtime.training.optimizers_v1 import (
    AdadeltaOptimizer, AdagradOptimizer, AdamOptimizer, FtrlOptimizer, GradientDescentOptimizer,
    MomentumOptimizer, ProximalAdagradOptimizer, ProximalGradientDescentOptimizer, RMSPropOptimizer,
)
from tfcompat._src.runtime.training.vocab_info import VocabInfo
from tfcompat._src.runtime.training.saver import (
    Saver, checkpoint_exists, get_checkpoint_state, latest_checkpoint,
)
from tfcompat._src.runtime.training.checkpoint import Checkpoint
from tfcompat._src.runtime.training.checkpoint_reader import (
    CheckpointReader as NewCheckpointReader, list_variables, load_checkpoint, load_variable,
)
from tfcompat._src.runtime.training.checkpoint_utils import init_from_checkpoint
from tfcompat._src.runtime.training.checkpoint_management import (
    generate_checkpoint_state_proto, get_checkpoint_mtimes, remove_checkpoint, update_checkpoint_state,
)
from tfcompat._src.runtime.training.checkpoint_manager import CheckpointManager
from tfcompat._src.runtime.training.moving_averages import ExponentialMovingAverage
from tfcompat._src.framework.graph_util import write_graph
from tfcompat._src.runtime.meta_graph import export_meta_graph, import_meta_graph
from tfcompat._src.runtime.summary.record import summary_iterator
from tfcompat._src.runtime.summary.writer_v1 import FileWriter as SummaryWriter  # TF 0.x name

__all__ = ["SummaryWriter", "export_meta_graph", "import_meta_graph", "summary_iterator", "write_graph"]
__all__ += [
    "AdadeltaOptimizer", "AdagradOptimizer", "AdamOptimizer", "FtrlOptimizer", "GradientDescentOptimizer",
    "MomentumOptimizer", "Optimizer", "RMSPropOptimizer", "Saver", "checkpoint_exists", "create_global_step",
    "exponential_decay", "get_checkpoint_state", "get_global_step", "get_or_create_global_step", "global_step",
    "inverse_time_decay", "latest_checkpoint", "piecewise_constant", "polynomial_decay",
]
__all__ += ["Checkpoint", "CheckpointManager", "ExponentialMovingAverage", "list_variables", "load_checkpoint"]
__all__ += ["assert_global_step", "basic_train_loop", "cosine_decay", "cosine_decay_restarts", "linear_cosine_decay",
            "natural_exp_decay", "noisy_linear_cosine_decay", "piecewise_constant_decay"]
__all__ += ["NewCheckpointReader", "generate_checkpoint_state_proto", "get_checkpoint_mtimes", "init_from_checkpoint",
            "load_variable", "remove_checkpoint", "update_checkpoint_state"]

# --- Example protos, queues, input pipelines, monitored sessions and hooks (INPUT) --------------------------
from tfcompat._src.protos.example import (  # noqa: E402
    BytesList, Example, Feature, FeatureList, FeatureLists, Features, FloatList, Int64List, SequenceExample,
)
from tfcompat._src.runtime.training import queue_runner  # noqa: E402
from tfcompat._src.runtime.training.basic_session_run_hooks import (  # noqa: E402
    CheckpointSaverHook, CheckpointSaverListener, FeedFnHook, FinalOpsHook, GlobalStepWaiterHook,
    LoggingTensorHook, NanLossDuringTrainingError, NanTensorHook, SecondOrStepTimer, StepCounterHook,
    StopAtStepHook, SummarySaverHook,
)
from tfcompat._src.runtime.training.coordinator import Coordinator, LooperThread  # noqa: E402
from tfcompat._src.runtime.training.input import (  # noqa: E402
    batch, batch_join, input_producer, limit_epochs, maybe_batch, maybe_shuffle_batch, range_input_producer,
    shuffle_batch, shuffle_batch_join, slice_input_producer, string_input_producer,
)
from tfcompat._src.runtime.training.monitored_session import (  # noqa: E402
    ChiefSessionCreator, MonitoredSession, MonitoredTrainingSession, Scaffold, SessionCreator,
    SingularMonitoredSession, WorkerSessionCreator,
)
from tfcompat._src.runtime.training.queue_runner import (  # noqa: E402
    QueueRunner, add_queue_runner, start_queue_runners,
)
from tfcompat._src.runtime.training.session_run_hook import (  # noqa: E402
    SessionRunArgs, SessionRunContext, SessionRunHook, SessionRunValues,
)

__all__ += [
    "BytesList", "CheckpointSaverHook", "CheckpointSaverListener", "ChiefSessionCreator", "Coordinator",
    "Example", "Feature", "FeatureList", "FeatureLists", "Features", "FeedFnHook", "FinalOpsHook", "FloatList",
    "GlobalStepWaiterHook", "Int64List", "LoggingTensorHook", "LooperThread", "MonitoredSession",
    "MonitoredTrainingSession", "NanLossDuringTrainingError", "NanTensorHook", "QueueRunner", "Scaffold",
    "SecondOrStepTimer", "SequenceExample", "SessionCreator", "SessionRunArgs", "SessionRunContext",
    "SessionRunHook", "SessionRunValues", "SingularMonitoredSession", "StepCounterHook", "StopAtStepHook",
    "SummarySaverHook", "WorkerSessionCreator", "add_queue_runner", "batch", "batch_join", "input_producer",
    "limit_epochs", "maybe_batch", "maybe_shuffle_batch", "queue_runner", "range_input_producer", "shuffle_batch",
    "shuffle_batch_join", "slice_input_producer", "start_queue_runners", "string_input_producer",
]

# --- cluster description, device setter, checkpoint waiting (FIXES15) --------------------------------------
from tfcompat._src.runtime.training.checkpoint_wait import CheckpointOptions, checkpoints_iterator  # noqa: E402
from tfcompat._src.runtime.training.server_lib import ClusterSpec, replica_device_setter  # noqa: E402

__all__ += ["CheckpointOptions", "ClusterSpec", "checkpoints_iterator", "replica_device_setter"]

# --- in-process Server, Supervisor, cluster protos (B15 wave 6) --------------------------------------------
from tfcompat._src.protos.cluster import ClusterDef, JobDef, ServerDef  # noqa: E402
from tfcompat._src.runtime.training.server_lib import Server  # noqa: E402
from tfcompat._src.runtime.training.supervisor import Supervisor  # noqa: E402

__all__ += ["ClusterDef", "JobDef", "Server", "ServerDef", "Supervisor"]

# --- SessionManager, tf.compat.v1.train.experimental (B15 wave 7) ----------------------------------------------
from tfcompat._src.runtime.training.session_manager import SessionManager  # noqa: E402
from tfcompat._src.runtime.training.input import match_filenames_once  # noqa: E402
from tfcompat._src.runtime.training.sync_replicas_optimizer import SyncReplicasOptimizer  # noqa: E402
from tfcompat.compat.v1.train import experimental  # noqa: E402

__all__ += ["SessionManager", "SyncReplicasOptimizer", "experimental", "match_filenames_once"]

# --- AdagradDA, warm_start, ProfilerHook, maybe_*_join, SaverDef (B15 wave 8) ------------------------------------
from tfcompat._src.runtime.training.adagrad_da import AdagradDAOptimizer  # noqa: E402
from tfcompat._src.runtime.training.input import maybe_batch_join, maybe_shuffle_batch_join  # noqa: E402
from tfcompat._src.runtime.training.profiler_hook import ProfilerHook  # noqa: E402
from tfcompat._src.runtime.training.warm_starting import warm_start  # noqa: E402
from tfcompat._src.protos.checkpoint import SaverDef  # noqa: E402

__all__ += ["AdagradDAOptimizer", "ProfilerHook", "SaverDef", "maybe_batch_join", "maybe_shuffle_batch_join",
            "warm_start"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.train", __name__)
__all__ += ["ProximalAdagradOptimizer", "ProximalGradientDescentOptimizer", "VocabInfo"]
