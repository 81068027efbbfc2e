"""TF symbols that tfcompat provides with a known deviation from TensorFlow 2.21: what ``python -m tfcompat check``
reports as *partial*.

``PARTIAL`` maps a TF path to ``(deviation key, what it means for the user)``. The key names the reviewed entry in
``tests/known_deviations.py`` (the full reason lives there; a test checks every key exists). An entry matches a
symbol the script uses when the symbol resolves to the same tfcompat object (so aliases such as
``tf.compat.v1.random_normal`` / ``tf.random.normal`` match one entry), when it resolves through an entry's
namespace (``tf.compat.v1.layers.dense`` matches ``tf.compat.v1.layers``), or when it is a subclass of an entry's
class (``GradientDescentOptimizer`` matches ``tf.compat.v1.train.Optimizer``). Keep one line per entry.

Listed are the symbols whose deviation a user can meet in ordinary use (different random numbers, op names,
missing arguments or formats); edge cases of a kernel at extreme inputs (e.g. 'erf-float64-large') are not."""
from __future__ import annotations

__all__ = ["PARTIAL"]

_SEED_RESTART = ("eager-op-seed-restarts", "TF's Philox numbers; but in eager mode an explicit op seed repeats the "
                 "first draw at every call, where TF continues the stream")
_RANDOM = ("random-values", "draws from torch's generator: distribution, shape and dtype match TF, the sampled "
           "numbers do not")
_CANDIDATES = ("sampled-candidates", "candidate sampling draws from torch's generator: expected counts match TF, "
               "the sampled ids do not (pass sampled_values= for reproducible losses)")
_V1_OPTIMIZER = ("optimizer-one-update-op", "one fused update op for all variables: values match TF, the update "
                 "ops' names differ")
_TF2_SUMMARY = ("summary-v2-tensorboard", "written in TensorBoard 2.x's summary_v2 format; eager name scopes do "
                "not prefix the tag")
_IMAGE_CODEC = ("image-codecs", "encoded through Pillow: PNGs decode to TF's pixels, JPEG bytes and pixels may "
                "differ by a few grey levels")
_PY_FUNC = ("py-func-debugging", "exceptions from the Python function keep their own type (TF maps them to "
            "OpErrors in graphs); a tf.string Tout is unsupported")
_EXTRA_OPS = "extra-ops-subset"
_AT_K = ("v1-metrics-at-k-dense-labels", "labels must be a dense tensor (TF also takes a SparseTensor)")

# TF path -> (deviation key, consequence). Sorted by path.
PARTIAL: dict[str, tuple[str, str]] = {
    "tf.TensorArray": ("tensor-array-eager-flow", "an eager TensorArray's flow is None (TF: a placeholder tensor)"),
    "tf.argsort": (_EXTRA_OPS, "always a stable sort"),
    "tf.autograph.to_code": ("autograph-to-code-text", "returns tfcompat's generated code, not TF's text"),
    "tf.compat.v1.Print": ("print-python-stream", "writes to the Python stream (sys.stderr), not the process's "
                                                  "file descriptor"),
    "tf.compat.v1.glorot_normal_initializer": _RANDOM,
    "tf.compat.v1.glorot_uniform_initializer": _RANDOM,
    "tf.compat.v1.gradients": ("gradients-structural-none", "a gradient of a gradient that TF leaves unconnected "
                                                           "is zeros, not None"),
    "tf.compat.v1.layers": ("v1-layers-functional", "Dense/Conv2D/pooling/Dropout/Flatten/BatchNormalization with "
                                                    "TF1's names, without the Keras layer machinery"),
    "tf.compat.v1.metrics.average_precision_at_k": _AT_K,
    "tf.compat.v1.metrics.precision_at_k": _AT_K,
    "tf.compat.v1.metrics.precision_at_top_k": _AT_K,
    "tf.compat.v1.metrics.recall_at_k": _AT_K,
    "tf.compat.v1.metrics.recall_at_top_k": _AT_K,
    "tf.compat.v1.multinomial": _RANDOM,
    "tf.compat.v1.nn.ctc_loss": ("nn-ctc-merge-repeated", "ctc_merge_repeated=False raises UnimplementedError"),
    "tf.compat.v1.nn.rnn_cell": ("rnn-cells-plain-objects", "cells are plain objects with TF1's variable names, "
                                                           "not Keras layers"),
    "tf.compat.v1.py_func": _PY_FUNC,
    "tf.compat.v1.random_normal_initializer": _SEED_RESTART,
    "tf.compat.v1.random_uniform_initializer": _SEED_RESTART,
    "tf.compat.v1.summary.FileWriter": ("summary-no-graph-def", "add_run_metadata writes nothing; events are "
                                                               "written synchronously"),
    "tf.compat.v1.train.Optimizer": _V1_OPTIMIZER,
    "tf.compat.v1.truncated_normal_initializer": _RANDOM,
    "tf.config.experimental.set_memory_growth": ("config-visible-devices", "recorded, but torch's allocation "
                                                                          "does not change"),
    "tf.config.set_visible_devices": ("config-visible-devices", "recorded, but torch's placement does not change"),
    "tf.debugging.assert_shapes": ("py-func-debugging", "checks static shapes only"),
    "tf.eye": (_EXTRA_OPS, "needs python sizes"),
    "tf.hessians": ("gradients-structural-none", "returns zeros where TF's symbolic Hessian is unconnected "
                                                 "(TF raises ValueError)"),
    "tf.image.encode_jpeg": _IMAGE_CODEC,
    "tf.image.encode_png": _IMAGE_CODEC,
    "tf.image.random_crop": ("sampled-candidates", "the crop offsets are drawn from torch's generator"),
    "tf.io.decode_image": _IMAGE_CODEC,
    "tf.io.decode_jpeg": _IMAGE_CODEC,
    "tf.io.gfile": ("config-visible-devices", "local paths only (gs://, s3://, hdfs:// raise "
                                              "UnimplementedError)"),
    "tf.keras.initializers.GlorotNormal": _RANDOM,
    "tf.keras.initializers.GlorotUniform": _RANDOM,
    "tf.keras.initializers.HeNormal": _RANDOM,
    "tf.keras.initializers.HeUniform": _RANDOM,
    "tf.keras.initializers.RandomNormal": _RANDOM,
    "tf.keras.initializers.RandomUniform": _RANDOM,
    "tf.keras.initializers.TruncatedNormal": _RANDOM,
    "tf.keras.layers.Dropout": _RANDOM,
    "tf.linalg.diag": (_EXTRA_OPS, "only k=0"),
    "tf.linalg.diag_part": (_EXTRA_OPS, "only k=0"),
    "tf.linalg.eig": ("eig-order", "eigenvalues come in LAPACK's order, not TF's (sorted values agree)"),
    "tf.linalg.eigvals": ("eig-order", "eigenvalues come in LAPACK's order, not TF's (sorted values agree)"),
    "tf.math.top_k": (_EXTRA_OPS, "always sorted and stable"),
    "tf.math.unsorted_segment_sum": (_EXTRA_OPS, "needs a constant num_segments"),
    "tf.nn.dropout": _RANDOM,
    "tf.nn.fractional_avg_pool": ("nn-fractional-pool-sequences", "random pooling sequences follow TF's rules, "
                                                                  "not TF's draws"),
    "tf.nn.fractional_max_pool": ("nn-fractional-pool-sequences", "random pooling sequences follow TF's rules, "
                                                                  "not TF's draws"),
    "tf.nn.learned_unigram_candidate_sampler": _CANDIDATES,
    "tf.nn.nce_loss": _CANDIDATES,
    "tf.nn.sampled_softmax_loss": _CANDIDATES,
    "tf.nn.with_space_to_batch": ("nn-with-space-to-batch-static", "rates > 1 need statically known spatial "
                                                                   "sizes"),
    "tf.numpy_function": _PY_FUNC,
    "tf.print": ("print-python-stream", "writes to the Python stream (sys.stderr), not the process's file "
                                        "descriptor"),
    "tf.py_function": _PY_FUNC,
    "tf.random.categorical": _RANDOM,
    "tf.random.fixed_unigram_candidate_sampler": _CANDIDATES,
    "tf.random.log_uniform_candidate_sampler": _CANDIDATES,
    "tf.random.normal": _SEED_RESTART,
    "tf.random.shuffle": _RANDOM,
    "tf.random.truncated_normal": _SEED_RESTART,
    "tf.random.uniform": _SEED_RESTART,
    "tf.random.uniform_candidate_sampler": _CANDIDATES,
    "tf.saved_model.load": ("saved-model-subset", "no composite tensors in signatures, no tables/datasets; "
                                                  "restored functions run op by op"),
    "tf.saved_model.save": ("saved-model-subset", "writes traced functions, variables and TF1 serving nodes, "
                                                  "not assets or fingerprint.pb"),
    "tf.sort": (_EXTRA_OPS, "always a stable sort"),
    "tf.summary.histogram": _TF2_SUMMARY,
    "tf.summary.image": _TF2_SUMMARY,
    "tf.summary.scalar": _TF2_SUMMARY,
    "tf.summary.text": _TF2_SUMMARY,
    "tf.train.Checkpoint": ("object-checkpoint-format", "saves eager (TF2) variables only"),
}
