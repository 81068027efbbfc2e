"""TF's cluster messages ``tf.train.JobDef``, ``tf.train.ClusterDef`` (tensorflow/core/protobuf/cluster.proto) and
``tf.train.ServerDef`` (tensorflow_server.proto; its ``default_session_config`` and ``cluster_device_filters``
fields are left out: tfcompat's session config is not a proto)."""
from __future__ import annotations

from tfcompat._src.protos.schema import Field, ProtoFile

__all__ = ["JobDef", "ClusterDef", "ServerDef"]

CLUSTER_FILE = ProtoFile("tensorflow/core/protobuf/cluster.proto")
CLUSTER_FILE.message("JobDef", [Field("name", 1, "string"), Field("tasks", 2, map_of=("int32", "string"))])
CLUSTER_FILE.message("ClusterDef", [Field("job", 1, "JobDef", repeated=True)])

SERVER_FILE = ProtoFile("tensorflow/core/protobuf/tensorflow_server.proto", dependencies=[CLUSTER_FILE])
SERVER_FILE.message("ServerDef", [
    Field("cluster", 1, "ClusterDef"), Field("job_name", 2, "string"), Field("task_index", 3, "int32"),
    Field("protocol", 5, "string"), Field("port", 6, "int32"), Field("replica", 8, "int32"),
])

JobDef, ClusterDef = CLUSTER_FILE.build("JobDef", "ClusterDef")
ServerDef = SERVER_FILE.build("ServerDef")
