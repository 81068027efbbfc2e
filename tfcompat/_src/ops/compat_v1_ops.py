"""TF1 top-level functions of ``tf.compat.v1`` that have no TF2 name: casts (``to_bfloat16``, ...), ``floor_div``,
``batch_gather``, ``setdiff1d``, ``sparse_matmul``, the behaviour toggles (control flow v2, resource variables),
scope helpers (``op_scope``, ``colocate_with``, ``container``), ``approx_top_k`` and the TF1 signature of
``nn.weighted_cross_entropy_with_logits``."""
from __future__ import annotations

import contextlib

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import Dimension, TensorShape
from tfcompat._src.ops import array_ops, control_flow_ops, debugging_ops, math_ops, nn_ops, reduction_ops
from tfcompat._src.ops._nn_args import either

__all__ = [
    "CriticalSection", "add_check_numerics_ops", "approx_top_k", "batch_gather", "colocate_with", "container", "control_flow_v2_enabled",
    "convert_to_tensor_or_indexed_slices", "dimension_at_index", "disable_control_flow_v2",
    "disable_resource_variables", "enable_control_flow_v2", "enable_resource_variables",
    "executing_eagerly_outside_functions", "floor_div", "no_regularizer", "op_scope", "resource_variables_enabled",
    "setdiff1d", "sparse_matmul", "to_bfloat16", "to_complex128", "to_complex64",
    "weighted_cross_entropy_with_logits_v1",
]


def floor_div(x, y, name=None):
    """Mirrors ``tf.compat.v1.floor_div`` (the raw ``FloorDiv`` op, the same as ``tf.math.floordiv``)."""
    return math_ops.floordiv(x, y, name=name)


def to_bfloat16(x, name="ToBFloat16"):
    """Mirrors ``tf.compat.v1.to_bfloat16``: ``tf.cast(x, tf.bfloat16)``."""
    return math_ops.cast(x, dtypes.bfloat16, name=name)


def to_complex64(x, name="ToComplex64"):
    """Mirrors ``tf.compat.v1.to_complex64``: ``tf.cast(x, tf.complex64)``."""
    return math_ops.cast(x, dtypes.complex64, name=name)


def to_complex128(x, name="ToComplex128"):
    """Mirrors ``tf.compat.v1.to_complex128``: ``tf.cast(x, tf.complex128)``."""
    return math_ops.cast(x, dtypes.complex128, name=name)


def batch_gather(params, indices, name=None):
    """Mirrors ``tf.compat.v1.batch_gather`` (deprecated in TF): row ``i`` of the result gathers from row ``i`` of
    ``params`` (the leading rank(indices) - 1 dimensions are batch dimensions). As TF, it gathers from the
    flattened batch with row offsets added to ``indices``, so an index past its row's end reads the next row.

    Raises:
      ValueError: ``indices`` has an unknown rank (TF needs it statically)."""
    with name_scope(name, "BatchGather", [params, indices]):
        indices = convert_to_tensor(indices, name="indices")
        params = convert_to_tensor(params, name="params")
        if indices.shape.rank is None:
            raise ValueError("batch_gather does not allow indices with unknown shape.")
        batch_dims = indices.shape.rank - 1
        if batch_dims <= 0:
            return array_ops.gather(params, indices)
        params_shape = array_ops.shape(params, out_type=indices.dtype)
        indices_shape = array_ops.shape(indices, out_type=indices.dtype)
        rows = reduction_ops.reduce_prod(params_shape[:batch_dims])
        offsets = math_ops.multiply(array_ops.range(rows, dtype=indices.dtype), params_shape[batch_dims])
        offsets = array_ops.reshape(offsets, array_ops.concat([indices_shape[:batch_dims], [1]], 0))
        flat_indices = array_ops.reshape(math_ops.add(indices, offsets), [-1])
        inner_shape = params_shape[batch_dims + 1:]
        flat_params = array_ops.reshape(params, array_ops.concat([[-1], inner_shape], 0))
        out = array_ops.gather(flat_params, flat_indices)
        return array_ops.reshape(out, array_ops.concat([indices_shape, inner_shape], 0))


def setdiff1d(x, y, index_dtype=dtypes.int32, name=None):
    """Mirrors ``tf.compat.v1.setdiff1d`` (op ``ListDiff``): the entries of 1-D ``x`` not in ``y``, in ``x``'s
    order, and their positions in ``x`` (``index_dtype``)."""
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    out, idx = apply_op("ListDiff", [x, y], {"out_idx": dtypes.as_dtype(index_dtype)}, name=name or "ListDiff")
    return out, idx


def sparse_matmul(a, b, transpose_a=False, transpose_b=False, a_is_sparse=False, b_is_sparse=False, name=None):
    """Mirrors ``tf.compat.v1.sparse_matmul`` (op ``SparseMatMul``): a float32 matmul of float32/bfloat16
    operands; the ``*_is_sparse`` hints change nothing but speed in TF and are ignored here.

    Raises:
      TypeError: an operand is neither float32 nor bfloat16 (as TF's op signature)."""
    a = convert_to_tensor(a, dtype=dtypes.float32) if not hasattr(a, "dtype") else convert_to_tensor(a)
    b = convert_to_tensor(b, dtype=dtypes.float32) if not hasattr(b, "dtype") else convert_to_tensor(b)
    for t, arg in ((a, "a"), (b, "b")):
        if t.dtype not in (dtypes.float32, dtypes.bfloat16):
            raise TypeError(f"Value passed to parameter '{arg}' has DataType {t.dtype.name} not in list of "
                            f"allowed values: float32, bfloat16")
    a = math_ops.cast(a, dtypes.float32) if a.dtype is dtypes.bfloat16 else a
    b = math_ops.cast(b, dtypes.float32) if b.dtype is dtypes.bfloat16 else b
    return math_ops.matmul(a, b, transpose_a=transpose_a, transpose_b=transpose_b, name=name or "SparseMatMul")


def convert_to_tensor_or_indexed_slices(value, dtype=None, name=None):
    """Mirrors ``tf.compat.v1.convert_to_tensor_or_indexed_slices``: IndexedSlices pass through (a ValueError if
    ``dtype`` does not match theirs), anything else goes through ``convert_to_tensor``."""
    if isinstance(value, IndexedSlices):
        if dtype is not None and not dtypes.as_dtype(dtype).is_compatible_with(value.dtype):
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for Tensor with "
                             f"dtype {value.dtype.name}: {value!r}")
        return value
    return convert_to_tensor(value, dtype=dtype, name=name)


def no_regularizer(_):
    """Mirrors ``tf.compat.v1.no_regularizer``: the regularizer that adds no loss (returns None)."""
    return None


def dimension_at_index(shape, index) -> Dimension:
    """Mirrors ``tf.compat.dimension_at_index``: ``shape[index]`` as a ``Dimension`` (unknown when the rank
    is unknown)."""
    shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
    if shape.rank is None:
        return Dimension(None)
    value = shape.as_list()[index]
    return value if isinstance(value, Dimension) else Dimension(value)


def executing_eagerly_outside_functions() -> bool:
    """Mirrors ``tf.compat.v1.executing_eagerly_outside_functions``: True in eager mode even while a
    ``tf.function`` is being traced; False under a TF1 graph (``Graph.as_default`` or graph mode)."""
    for graph in ctx_lib.context().graph_stack:
        if not graph.building_function:
            return False
    return ctx_lib.eager_mode_enabled()


# TF 2.21 always uses control flow v2 and resource variables; the toggles only flip what the queries report
# (tfcompat has one implementation of each, which gives the same values either way).
_toggles = {"control_flow_v2": True, "resource_variables": True}


def enable_control_flow_v2() -> None:
    """Mirrors ``tf.compat.v1.enable_control_flow_v2`` (control flow is always run-time Python here)."""
    _toggles["control_flow_v2"] = True


def disable_control_flow_v2() -> None:
    """Mirrors ``tf.compat.v1.disable_control_flow_v2``: only ``control_flow_v2_enabled()`` changes; the
    gradients of cond/while are the same as TF's v1 ones."""
    _toggles["control_flow_v2"] = False


def control_flow_v2_enabled() -> bool:
    """Mirrors ``tf.compat.v1.control_flow_v2_enabled``."""
    return _toggles["control_flow_v2"]


def enable_resource_variables() -> None:
    """Mirrors ``tf.compat.v1.enable_resource_variables`` (every tfcompat variable is a resource variable)."""
    _toggles["resource_variables"] = True


def disable_resource_variables() -> None:
    """Mirrors ``tf.compat.v1.disable_resource_variables``: only ``resource_variables_enabled()`` changes;
    variables keep resource semantics (reads after assigns see the new value, as TF2 does)."""
    _toggles["resource_variables"] = False


def resource_variables_enabled() -> bool:
    """Mirrors ``tf.compat.v1.resource_variables_enabled``."""
    return _toggles["resource_variables"]


@contextlib.contextmanager
def op_scope(values, name, default_name=None):
    """Mirrors ``tf.compat.v1.op_scope`` (deprecated): ``name_scope(name, default_name, values)``."""
    with name_scope(name, default_name=default_name, values=values) as scope:
        yield scope


@contextlib.contextmanager
def colocate_with(op, ignore_existing=False):
    """Mirrors ``tf.compat.v1.colocate_with``: a placement hint. tfcompat runs every op on the one torch device
    of its inputs, so the block runs unchanged."""
    yield


@contextlib.contextmanager
def container(container_name):
    """Mirrors ``tf.compat.v1.container``: a resource container name for stateful ops created in the block.
    Containers only matter to TF's distributed resource manager (``Session.reset``); here the block runs
    unchanged and yields the name, as TF's context manager does."""
    yield container_name


def approx_top_k(input, k, reduction_dimension=-1, recall_target=0.95, is_max_k=True,  # noqa: A002 - TF's name
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """Mirrors ``tf.approx_top_k`` (the raw ``ApproxTopK`` op): (values, indices) of the ``k`` largest
    (``is_max_k``) or smallest entries along ``reduction_dimension``. TF's CPU kernel (exact) exists only for
    the largest values along the last dimension; other settings raise NotFoundError as TF does."""
    attrs = {"k": int(k), "reduction_dimension": int(reduction_dimension), "recall_target": float(recall_target),
             "is_max_k": bool(is_max_k), "reduction_input_size_override": int(reduction_input_size_override),
             "aggregate_to_topk": bool(aggregate_to_topk)}
    values, indices = apply_op("ApproxTopK", [convert_to_tensor(input)], attrs, name=name)
    return values, indices


def add_check_numerics_ops():
    """Mirrors ``tf.compat.v1.add_check_numerics_ops``: a ``CheckNumerics`` op (message ``'<op>:<index>'``) for
    every half/float/double output in the default graph, chained by control dependencies; returns a group
    of the last one.

    Raises:
      RuntimeError: in eager mode (TF's message)."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        raise RuntimeError("add_check_numerics_ops() is not compatible with eager execution. To check for Inf's "
                           "and NaN's under eager execution, call tf.debugging.enable_check_numerics() once before "
                           "executing the checked operations.")
    checks: list = []
    for op in list(graph.get_operations()):
        for index, output in enumerate(op.outputs):
            if output.dtype in (dtypes.float16, dtypes.float32, dtypes.float64):
                with graph.control_dependencies(checks):
                    checks = [debugging_ops.check_numerics(output, message=f"{op.name}:{index}")]
    return control_flow_ops.group(*checks)


class CriticalSection:
    """Mirrors ``tf.CriticalSection``: runs functions one at a time. tfcompat runs a program's ops in one
    Python thread, so ``execute`` calls the function directly; its outputs are the function's."""

    _count = 0

    def __init__(self, name=None, shared_name=None, critical_section_def=None, import_scope=None):
        if critical_section_def is not None:
            raise NotImplementedError("CriticalSection(critical_section_def=...) (restoring from a proto) is not "
                                      "supported by tfcompat")
        if name is None:
            name = "CriticalSection" if CriticalSection._count == 0 else f"CriticalSection_{CriticalSection._count}"
            CriticalSection._count += 1
        self._name = name

    @property
    def name(self) -> str:
        """The section's name (graph mode; TF raises AttributeError for it in eager mode)."""
        if ctx_lib.graph_mode_graph() is None:
            raise AttributeError("Tensor.op is undefined when eager execution is enabled.")
        return self._name

    def execute(self, fn, exclusive_resource_access=True, name=None):
        """Mirrors ``CriticalSection.execute``: ``fn()``'s result."""
        with name_scope(name, "critical_section_execute"):
            return fn()


def weighted_cross_entropy_with_logits_v1(labels=None, logits=None, pos_weight=None, name=None, targets=None):
    """Mirrors ``tf.compat.v1.nn.weighted_cross_entropy_with_logits``: TF2's function with every argument
    optional and ``targets``, the deprecated alias of ``labels`` (TF 1.x scripts pass ``targets=``)."""
    return nn_ops.weighted_cross_entropy_with_logits(either("targets", targets, "labels", labels), logits,
                                                     pos_weight, name)
