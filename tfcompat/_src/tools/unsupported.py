"""TF 2.21 APIs tfcompat does not provide, each with the reason, and the one ``__getattr__`` the public modules use.

``UNSUPPORTED`` is the single table: a TF path (a namespace stands for everything under it, and a
``tf.compat.v1.``/``tf.compat.v2.`` path falls back to the ``tf.`` entry) -> why tfcompat does not provide it.
``migration_guide/unsupported.md`` is generated from it (``python -m tfcompat._src.tools.unsupported --write``;
a test checks the page is current).

Every public module ends with ``__getattr__ = unsupported.module_getattr("tf.math")``. Looking up a name there:

- a submodule of the package not imported yet is imported and returned (so a namespace another module adds
  appears without a stale answer);
- a listed name raises ``UnsupportedAPIError`` naming the ``tensorflow`` path the script used and the reason; a
  listed TF namespace (``tf.tpu``) is returned as a placeholder whose attributes raise the same way
  (``tf.tpu.experimental.initialize_tpu_system`` is named in full);
- a name TF 2.21 has (``tf_api_2_21.json``) that tfcompat does not implement raises ``UnsupportedAPIError`` saying
  so;
- any other name gets Python's ordinary ``AttributeError`` worded with TF's module name and no "Did you mean" hint
  (the hint would offer tfcompat's private names).

``UnsupportedAPIError`` is both a ``NotImplementedError`` (``except NotImplementedError`` catches it) and an
``AttributeError``, so ``hasattr(tf, name)`` stays False and ``getattr(tf, name, default)`` returns the default:
feature detection in scripts keeps working. Nothing is cached: every lookup reads the table and the module."""
from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import os
import sys
import types

__all__ = ["UNSUPPORTED", "UnsupportedAPIError", "UnsupportedNamespace", "reason_for", "missing_reason",
           "module_getattr", "render_markdown", "GUIDE_PATH"]

GUIDE_PATH = "migration_guide/unsupported.md"

_NO_TPU = "TPUs and their embedding/partitioning APIs have no PyTorch counterpart in tfcompat (CPU/GPU only)"
_NO_DIST = ("multi-worker and parameter-server training are not emulated; run one process and use "
            "torch.distributed directly")
_NO_QUANT = "quantized dtypes and quantized kernels have no torch counterpart in tfcompat"
_NO_COMPILER = "tfcompat runs eagerly on torch; TF's compiler stack (XLA/MLIR/TensorRT/TFLite) is not emulated"
_NO_NATIVE = "TF's C++ runtime, build flags and custom-op libraries do not exist under tfcompat"
_NO_SESSION_HANDLES = ("TF1's persistent session tensor handles (session_ops) are not emulated; keep the value in a "
                       "tf.Variable")
_NO_BOOSTED_TREES = ("gradient-boosted trees (TF's BoostedTrees* resource kernels) are not emulated; train them with "
                     "a tree library such as XGBoost, LightGBM or scikit-learn's HistGradientBoosting*")
_NO_SEQUENCE_FC = ("sequence feature columns (for SequenceFeatures and the RNN estimators) are not emulated; "
                   "pad the sequences and use numeric/categorical columns, or Keras preprocessing layers")
_NO_LOWBIT = ("TF's experimental float8/float4/int4/int2 dtypes are not emulated (tfcompat's dtypes are torch's "
              "standard ones)")

# TF path -> reason. Keep the entries sorted by path; one line of reason each.
UNSUPPORTED: dict[str, str] = {
    "tf.check_pinned": "pinned host memory is a CUDA notion; TF's CPU kernel only raises 'not pinned'",
    "tf.compat.v1.CXX11_ABI_FLAG": _NO_NATIVE,
    "tf.compat.v1.CXX_VERSION": _NO_NATIVE,
    "tf.compat.v1.LMDBReader": "LMDB databases are not read: no LMDB library is among tfcompat's dependencies",
    "tf.compat.v1.MONOLITHIC_BUILD": _NO_NATIVE,
    "tf.compat.v1.delete_session_tensor": _NO_SESSION_HANDLES,
    "tf.compat.v1.dequantize": _NO_QUANT,
    "tf.compat.v1.get_session_handle": _NO_SESSION_HANDLES,
    "tf.compat.v1.get_session_tensor": _NO_SESSION_HANDLES,
    "tf.compat.v1.load_file_system_library": _NO_NATIVE,
    "tf.compat.v1.quantize": _NO_QUANT,
    "tf.compat.v1.quantize_v2": _NO_QUANT,
    "tf.compat.v1.quantized_concat": _NO_QUANT,
    "tf.compat.v1.user_ops": _NO_NATIVE,
    "tf.compat.v1.tpu": _NO_TPU,
    "tf.contrib.eager.Network": "TF 1.x's tfe.Network (deprecated in TF 1.15) is not provided: subclass "
                                "tf.keras.Model, which tracks layers assigned as attributes the same way",
    "tf.debugging.experimental": "tfdbg v2's debug-info dumps (for TensorBoard's Debugger V2) are not written; "
                                 "use tf.debugging.check_numerics or torch.autograd.detect_anomaly",
    "tf.distribute.ParameterServerStrategy": _NO_DIST,
    "tf.distribute.TPUStrategy": _NO_TPU,
    "tf.distribute.coordinator": _NO_DIST,
    "tf.distribute.experimental.coordinator": _NO_DIST,
    "tf.distribute.experimental.rpc": _NO_DIST,
    "tf.distribute.experimental.TPUStrategy": _NO_TPU,
    "tf.distribute.experimental.ParameterServerStrategy": _NO_DIST,
    "tf.dtypes.experimental": "TF's experimental float8/int4/int2 dtypes are not emulated",
    "tf.dtensor": "DTensor (layout-based SPMD) is not emulated; use torch.distributed.tensor",
    "tf.estimator.BoostedTreesClassifier": _NO_BOOSTED_TREES,
    "tf.estimator.BoostedTreesEstimator": _NO_BOOSTED_TREES,
    "tf.estimator.BoostedTreesRegressor": _NO_BOOSTED_TREES,
    "tf.experimental.dtensor": "DTensor (layout-based SPMD) is not emulated; use torch.distributed.tensor",
    "tf.experimental.float4_e2m1fn": _NO_LOWBIT,
    "tf.experimental.float8_e4m3b11fnuz": _NO_LOWBIT,
    "tf.experimental.float8_e4m3fn": _NO_LOWBIT,
    "tf.experimental.float8_e4m3fnuz": _NO_LOWBIT,
    "tf.experimental.float8_e5m2": _NO_LOWBIT,
    "tf.experimental.float8_e5m2fnuz": _NO_LOWBIT,
    "tf.experimental.int2": _NO_LOWBIT,
    "tf.experimental.int4": _NO_LOWBIT,
    "tf.experimental.register_filesystem_plugin": _NO_NATIVE,
    "tf.experimental.tensorrt": _NO_COMPILER,
    "tf.experimental.uint2": _NO_LOWBIT,
    "tf.experimental.uint4": _NO_LOWBIT,
    "tf.feature_column.sequence_categorical_column_with_hash_bucket": _NO_SEQUENCE_FC,
    "tf.feature_column.sequence_categorical_column_with_identity": _NO_SEQUENCE_FC,
    "tf.feature_column.sequence_categorical_column_with_vocabulary_file": _NO_SEQUENCE_FC,
    "tf.feature_column.sequence_categorical_column_with_vocabulary_list": _NO_SEQUENCE_FC,
    "tf.feature_column.sequence_numeric_column": _NO_SEQUENCE_FC,
    "tf.feature_column.shared_embeddings": "TF 2.21 runs it only in graph mode through DenseFeatures; use "
                                           "tf.compat.v1.feature_column.shared_embedding_columns with input_layer",
    "tf.lite": _NO_COMPILER,
    "tf.load_library": _NO_NATIVE,
    "tf.load_op_library": _NO_NATIVE,
    "tf.mlir": _NO_COMPILER,
    "tf.mul": "a TF 0.x name, removed in TF 1.0 (TF 1.15 and 2.21 have no tf.mul): use tf.multiply",
    "tf.neg": "a TF 0.x name, removed in TF 1.0 (TF 1.15 and 2.21 have no tf.neg): use tf.negative",
    "tf.nn.rnn": "a TF 0.x name, removed in TF 1.0 (TF 1.15 and 2.21 have no tf.nn.rnn): use "
                 "tf.compat.v1.nn.static_rnn (same arguments)",
    "tf.nn.seq2seq": "TF 0.x's seq2seq module, moved in TF 1.0 to tf.contrib.legacy_seq2seq (TF 1.15 and 2.21 have "
                     "no tf.nn.seq2seq): use tf.compat.v1.contrib.legacy_seq2seq (sequence_loss_by_example, "
                     "rnn_decoder, model_with_buckets, embedding_attention_seq2seq, ...)",
    "tf.compat.v1.ragged.placeholder": "ragged placeholders are not fed yet; feed a flat_values and a row_splits "
                                       "placeholder and build tf.RaggedTensor.from_row_splits",
    "tf.quantization.dequantize": _NO_QUANT,
    "tf.quantization.quantize": _NO_QUANT,
    "tf.quantization.quantized_concat": _NO_QUANT,
    "tf.sub": "a TF 0.x name, removed in TF 1.0 (TF 1.15 and 2.21 have no tf.sub): use tf.subtract",
    "tf.strings.unicode_script": "ICU's script codes (UScriptCode) need ICU's script table; Python's unicodedata "
                                "has no script property, so exact values cannot be given",
    "tf.sysconfig.CXX11_ABI_FLAG": _NO_NATIVE,
    "tf.sysconfig.CXX_VERSION": _NO_NATIVE,
    "tf.sysconfig.get_compile_flags": _NO_NATIVE,
    "tf.sysconfig.get_include": _NO_NATIVE,
    "tf.sysconfig.get_lib": _NO_NATIVE,
    "tf.sysconfig.get_link_flags": _NO_NATIVE,
    "tf.test.create_local_cluster": _NO_DIST + " (tf.train.Server is in-process only)",
    "tf.tpu": _NO_TPU,
    "tf.xla": _NO_COMPILER,
}


class UnsupportedAPIError(AttributeError, NotImplementedError):
    """Raised when a script uses a TF API that tfcompat does not provide: one listed in ``UNSUPPORTED`` (``listed``
    True) or one TF 2.21 has that tfcompat does not implement yet (``listed`` False). An ``AttributeError`` too,
    so ``hasattr``/``getattr(..., default)`` treat the name as absent."""

    def __init__(self, path: str, reason: str, listed: bool = True):
        super().__init__(f"{path} is not supported by tfcompat: {reason} (see {GUIDE_PATH})")
        self.path = path
        self.reason = reason
        self.listed = listed


def missing_reason(path: str) -> str:
    """The reason given for a name TF 2.21 has and tfcompat neither implements nor lists."""
    return f"TensorFlow 2.21 has {path}; tfcompat does not implement it"


def _candidates(path: str):
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        yield ".".join(parts[:n])


def reason_for(path: str) -> str | None:
    """The reason ``path`` (a TF path such as ``tf.tpu.experimental.embedding``) is unsupported, or None."""
    for candidate in _candidates(path):
        if candidate in UNSUPPORTED:
            return UNSUPPORTED[candidate]
    for prefix in ("tf.compat.v1.", "tf.compat.v2."):
        if path.startswith(prefix):
            return reason_for("tf." + path[len(prefix):])
    return None


@functools.lru_cache(maxsize=1)
def _tf_kinds() -> dict:
    """TF's recorded public names (see api_coverage): {namespace: {name: kind}}."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_api_2_21.json")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _is_tf_namespace(path: str) -> bool:
    ns, _, name = path.rpartition(".")
    return _tf_kinds().get(ns, {}).get(name) == "module"


def _in_tf_api(path: str) -> bool:
    ns, _, name = path.rpartition(".")
    return name in _tf_kinds().get(ns, {})


class UnsupportedNamespace(types.ModuleType):
    """Stands for an unsupported TF namespace (``tf.tpu``), or a missing one with listed entries under it
    (``tf.distribute``, ``listed`` False): a TF sub-namespace is another placeholder, any other attribute raises
    ``UnsupportedAPIError`` naming the full path the script used and its own reason where it has one."""

    def __init__(self, path: str, reason: str, listed: bool = True):
        super().__init__(path.replace("tf.", "tensorflow.", 1), f"{path}: not supported by tfcompat")
        self._tf_path = path
        self._reason = reason
        self._listed = listed

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        path = f"{self._tf_path}.{name}"
        own = reason_for(path)
        listed = own is not None or self._listed
        reason = own or (self._reason if self._listed else missing_reason(path))
        if _is_tf_namespace(path):
            return UnsupportedNamespace(path, reason, listed)
        raise UnsupportedAPIError(path, reason, listed)

    def __call__(self, *args, **kwargs):
        raise UnsupportedAPIError(self._tf_path, self._reason)

    def __repr__(self):
        return f"<unsupported TF namespace {self._tf_path!r}>"


def _tf_module_name(tf_path: str) -> str:
    return "tensorflow" + tf_path[2:]


def _submodule(module_name: str, name: str):
    """The submodule ``module_name.name`` imported, or None when the package has no such file."""
    package = sys.modules.get(module_name)
    if package is None or not hasattr(package, "__path__"):
        return None
    full = f"{module_name}.{name}"
    if importlib.util.find_spec(full) is None:
        return None
    return importlib.import_module(full)


def module_getattr(tf_path: str, module_name: str | None = None):
    """The module-level ``__getattr__`` of the public module that mirrors TF namespace ``tf_path`` (pass
    ``__name__`` as ``module_name`` so that submodules not imported yet are found)."""
    def __getattr__(name: str):
        if not name.startswith("_"):
            if module_name is not None:
                sub = _submodule(module_name, name)
                if sub is not None:
                    return sub
            path = f"{tf_path}.{name}"
            reason = reason_for(path)
            if reason is not None:
                if _is_tf_namespace(path):
                    return UnsupportedNamespace(path, reason)
                raise UnsupportedAPIError(path, reason)
            if _in_tf_api(path):
                if _is_tf_namespace(path) and any(k.startswith(path + ".") for k in UNSUPPORTED):
                    return UnsupportedNamespace(path, missing_reason(path), listed=False)
                raise UnsupportedAPIError(path, missing_reason(path), listed=False)
        # Raised without name=/obj=, so Python adds no "Did you mean" hint naming tfcompat's private names.
        raise AttributeError(f"module {_tf_module_name(tf_path)!r} has no attribute {name!r}")
    return __getattr__


def render_markdown() -> str:
    """The text of ``migration_guide/unsupported.md`` (generated from ``UNSUPPORTED``)."""
    lines = [
        "# TensorFlow APIs tfcompat does not support",
        "",
        "<!-- Generated by `python -m tfcompat._src.tools.unsupported --write` from "
        "tfcompat/_src/tools/unsupported.py; do not edit by hand. -->",
        "",
        "Using one of these raises `NotImplementedError` naming the `tensorflow` path the script used and the "
        "reason. A namespace stands for everything under it; `tf.compat.v1.X` falls back to the entry for `tf.X`. "
        "A name TensorFlow 2.21 has that tfcompat does not implement yet (and is not listed here) raises the same "
        "error saying so. The error is also an `AttributeError`, so `hasattr(tf, name)` is False and "
        "`getattr(tf, name, default)` gives the default, as feature detection expects. A name TensorFlow does "
        "not have at all gets Python's ordinary `AttributeError` (usually a typo). "
        "`python -m tfcompat._src.tools.api_coverage` prints what is implemented, per namespace.",
        "",
        "| TensorFlow API | Why it is not supported |",
        "|---|---|",
    ]
    for path in sorted(UNSUPPORTED):
        lines.append(f"| `{path}` | {UNSUPPORTED[path]} |")
    return "\n".join(lines) + "\n"


def _main(argv) -> int:
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    target = os.path.join(root, GUIDE_PATH)
    if argv[1:] == ["--write"]:
        with open(target, "w", encoding="utf-8") as f:
            f.write(render_markdown())
        print(f"wrote {target}")
        return 0
    sys.stdout.write(render_markdown())
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv))
