"""Every registered op states a gradient status and is exercised by at least one op_db entry."""
from __future__ import annotations

import numpy as np

import tfcompat
from tfcompat._src.framework import op_def
from tests.ops.op_db import CASES
from tests.ops.test_op_db import _build, _call

# Internal ops with no public function of their own; each is tested by the feature that creates it.
EXEMPT = {
    "Placeholder": "compat.v1.placeholder: used by every graph-mode op_db test",
    "Const": "constant conversion: used by every graph-mode op_db test",
    "NoOp": "tf.group / tf.no_op (control flow tests)",
    "PreventGradient": "internal (TF's array_ops.prevent_gradient), no public symbol",
    "VarHandleOp": "tf.Variable (tests/ops/test_variables*)",
    "ReadVariableOp": "tf.Variable reads",
    "AssignVariableOp": "tf.Variable.assign",
    "VarIsInitializedOp": "tf.compat.v1.is_variable_initialized",
    "InitializedValue": "tf.Variable.initialized_value",
    "Gradients": "tf.gradients (tests/autodiff)",
    "PrintV2": "tf.print has no value to compare: tests/ops/test_logging_ops.py",
    # op_db's inputs have fully known shapes, where TF's graph mode (and ours) builds a Const/Fill instead:
    "Size": "tf.size of a fully known shape is a Const in a graph; the op: tests/framework/test_graph_names.py",
    "Rank": "tf.rank of a known rank is a Const in a graph; the op: tests/framework/test_graph_names.py",
    "ZerosLike": "tf.zeros_like of a fully known shape is tf.zeros in a graph; partly known shapes: "
                 "tests/framework/test_graph_names.py",
    "OnesLike": "tf.ones_like of a fully known shape is a Fill in a graph; partly known shapes: "
                "tests/framework/test_graph_names.py",
}


def _covered_op_types():
    types = set()
    for case in CASES:
        g = tfcompat.compat.v1.Graph()
        with g.as_default():
            def convert(key, a):
                return tfcompat.compat.v1.placeholder(tfcompat.as_dtype(a.dtype), a.shape)
            args, kwargs = _build(case, convert)
            _call(tfcompat, case, args, kwargs)
        types.update(op.type for op in g.get_operations())
    return types


def test_every_op_has_a_valid_gradient_status():
    statuses = {op_def.DIFFERENTIABLE, op_def.NOT_DIFFERENTIABLE, op_def.NO_GRADIENT}
    bad = {name: d.grad for name, d in op_def.REGISTRY.items() if d.grad not in statuses}
    assert not bad


# Op-library modules whose ops must all appear in op_db. Ops registered elsewhere (variables, training
# update ops, autodiff) are tested by their own modules' tests; torch functions used directly as kernels
# (``torch.add``) belong to the op library.
_OP_LIBRARY = {f"tfcompat._src.ops.{m}" for m in ("math_ops", "array_ops", "nn_ops", "reduction_ops", "random_ops",
                                                   "image_ops", "functional_ops", "logging_ops", "slicing_ops",
                                                   "linalg_ops", "scatter_ops", "sort_ops", "nn_extra_ops")}


def _in_op_library(d) -> bool:
    module = getattr(d.kernel, "__module__", None) or ""
    return module in _OP_LIBRARY or not module.startswith("tfcompat")


def test_every_op_has_an_op_db_entry():
    covered = _covered_op_types()
    missing = sorted(name for name, d in op_def.REGISTRY.items()
                     if _in_op_library(d) and name not in covered and name not in EXEMPT)
    assert not missing, f"ops without an op_db entry (add one to tests/ops/op_db.py): {missing}"


def test_exemptions_are_registered_ops():
    # A stale exemption hides nothing; keep the list short and real.
    unknown = [n for n in EXEMPT if n not in op_def.REGISTRY]
    assert not unknown, unknown


def test_registry_names_are_tf_raw_op_names():
    for name in op_def.REGISTRY:
        assert name[:1].isupper() and name.replace("_", "").isalnum(), name


def test_op_db_inputs_are_small():
    # finite differences run the op twice per element: keep every differentiated input small.
    for case in CASES:
        for k in case.grad:
            v = case.args[k] if isinstance(k, int) else case.kwargs[k]
            assert isinstance(v, np.ndarray) and v.size <= 160, case.id
