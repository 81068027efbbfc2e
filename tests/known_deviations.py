"""The reviewed list of known deviations from TensorFlow 2.21, one reason each.

Tests that hit one of these reference it by key; ``tests/test_known_deviations.py`` checks every entry has a
reason and that each referenced key exists."""

DEVIATIONS = {
    "random-values": "Random ops draw from torch generators: distributions, shapes, dtypes and reproducibility "
                     "under fixed seeds match TF, the sampled numbers do not.",
    "graph-cond-both-branches": "tf.cond in graph mode builds and runs both branches and selects the outputs; "
                                "values match for side-effect-free branches, and the unselected branch gets "
                                "zero (not None) gradients.",
    "graph-while-loop": "tf.while_loop is supported only when executing eagerly (Python loops inside "
                        "tf.function are unrolled at trace time).",
    "nested-tape-shared-graph": "Ops recorded only by an outer tape while an inner tape's recording is paused "
                                "share torch's single autograd graph; an inner tape can see such a path where "
                                "TF would not.",
    "variable-assign-rebinds": "Variable assignment binds a new torch tensor instead of writing in place, so "
                               "earlier reads stay snapshots as in TF; torch code holding the old tensor does "
                               "not see the update.",
    "gradient-tensor-names": "tf.gradients results are outputs of one 'Gradients' op under the name scope "
                             "('gradients/Gradients:0'), not TF's per-op '..._grad/...' tensors.",
    "hash-tensors": "Tensors are hashable in TF2 mode (TF raises TypeError); equality is elementwise as in TF2.",
}
