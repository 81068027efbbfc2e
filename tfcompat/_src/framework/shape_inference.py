"""Static shape inference of graph ops: the op's shape function, else its kernel run on the meta device; and
TF's shape-function checks raised when an op is built (``static_shape_check``).

Split from dispatch.py, which calls these from ``_graph_apply``."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import kernel_errors
from tfcompat._src.framework import meta_kernels
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework import string_kernels
from tfcompat._src.framework.dtype_checks import tf_type_name
from tfcompat._src.framework.op_def import ShapeMismatch
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor
from tfcompat._src.framework.tensor_shape import TensorShape, internal_v2_shapes

__all__ = ["constant_value", "static_shape_check", "infer_output_specs"]


def constant_value(tensor):
    """The torch value of a tensor known before running (eager value or graph Const), else None."""
    if isinstance(tensor, EagerTensor):
        return tensor._t
    if isinstance(tensor, SymbolicTensor):
        op = tensor.op
        if op.op_def.kind == op_def_lib.KIND_CONSTANT:
            return op.attrs["value"]
    return None


def static_shape_check(op_def, sym, attrs, op_name):
    """TF's shape function checks, run when the op is built: ValueError naming the node and input shapes."""
    try:
        with internal_v2_shapes():
            op_def.shape_check([x.shape for x in sym], attrs, [constant_value(x) for x in sym])
    except ShapeMismatch as m:
        if m.eager_only:
            return
        t = sym[0].dtype if sym else None
        node_attrs = f"[T=DT_{tf_type_name(t).upper()}]" if t is not None else ""
        args = ", ".join(x.name[:-2] if x.name.endswith(":0") else x.name for x in sym)
        shapes = ", ".join(kernel_errors.format_shape(x.shape) for x in sym)
        raise ValueError(f"{m.graph_message} for '{{{{node {op_name}}}}} = {op_def.name}{node_attrs}({args})' "
                         f"with input shapes: {shapes}.") from None


# ------------------------------------------------------------------------------------------------
# static shape inference

# Unknown dimensions run on the meta device as large primes, a different one per dimension, in two runs with
# different primes; an output dimension that changes between the runs depends on an unknown one.
_UNKNOWN = (8191, 8209, 8219, 8221, 8231, 8233, 8237, 8243, 8263, 8269, 8273, 8287)
_UNKNOWN_2 = (12289, 12301, 12323, 12329, 12343, 12347, 12373, 12377, 12379, 12391, 12401, 12409)


def infer_output_specs(op_def, inputs, attrs):
    n_out = op_def.n_outputs(attrs)
    if op_def.shape_fn is not None:
        with internal_v2_shapes():
            return op_def.shape_fn(inputs, attrs)
    for consts in (False, True):
        try:
            return _meta_specs_two_runs(op_def, inputs, attrs, consts)
        except Exception:  # noqa: BLE001 - any kernel failure on meta tensors means "not statically known"
            continue
    # Shapes unknown: the output dtypes still come from the kernel, run on scalars (a comparison of an
    # unknown-rank tensor is bool, not its input's dtype).
    try:
        specs = _meta_specs(op_def, inputs, attrs, False, _UNKNOWN[:1], scalar_unknown_rank=True)
        return [(TensorShape(None), dt) for _, dt in specs]
    except Exception:  # noqa: BLE001 - not even scalars: fall back to the first input's dtype
        dt = inputs[0].dtype if inputs else dtypes.float32
        return [(TensorShape(None), dt)] * n_out


def _meta_specs_two_runs(op_def, inputs, attrs, consts):
    """Output specs from meta-device runs. Unknown input dims run as large primes: the same one for every
    unknown dim (so unknown dims broadcast), then another, then (when the kernel accepts it) a different one
    per dim. An output dimension that changes between runs depends on an unknown dimension and is unknown (a
    single run cannot tell 8191 + 1 from a real 8192, nor 8191 - 8191 + 1 from a real 1)."""
    first = _meta_specs(op_def, inputs, attrs, consts, _UNKNOWN[:1])
    if all(x.shape.is_fully_defined() for x in inputs if x.shape.rank is not None):
        return first
    runs = [_meta_specs(op_def, inputs, attrs, consts, _UNKNOWN_2[:1])]
    try:
        runs.append(_meta_specs(op_def, inputs, attrs, consts, _UNKNOWN_2[1:]))
    except Exception:  # noqa: BLE001 - distinct unknown dims need not be valid for this kernel (broadcasting)
        pass
    out = []
    for i, (s1, dt) in enumerate(first):
        dims = s1.as_list()
        for run in runs:
            s2 = run[i][0]
            if s2.rank != len(dims):
                dims = None
                break
            dims = [a if a == b else None for a, b in zip(dims, s2.as_list())]
        out.append((TensorShape(dims), dt))
    return out


def _meta_specs(op_def, inputs, attrs, consts, unknown, scalar_unknown_rank=False):
    meta_kernels.prepare()
    args = []
    n_unknown = 0
    for x in inputs:
        cv = constant_value(x) if consts else None
        if cv is not None:
            args.append(cv.cpu())
            continue
        if x.shape.rank is None and not scalar_unknown_rank:
            raise ValueError("unknown rank")
        dims = []
        for d in (x.shape.as_list() if x.shape.rank is not None else ()):
            if d is None:
                d = unknown[n_unknown % len(unknown)]
                n_unknown += 1
            dims.append(d)
        torch_dtype = x.dtype.torch_dtype
        if x.dtype is dtypes.string and op_def.string_outputs is not None:
            torch_dtype = torch.int64   # the kernel runs on string ids (string_kernels.py)
        if torch_dtype is None:
            raise ValueError("no torch dtype")
        args.append(torch.empty(dims, dtype=torch_dtype, device="meta"))
    kattrs = dict(attrs)
    if op_def.creates:
        kattrs["device"] = torch.device("meta") if not consts else torch.device("cpu")
    with torch.no_grad():
        outs = op_def.kernel(*args, **kattrs)
    if isinstance(outs, torch.Tensor):
        outs = (outs,)
    specs = [(TensorShape(list(o.shape)), dtypes.from_torch(o.dtype)) for o in outs]
    strings = op_def.string_outputs
    if strings is not None and any(x.dtype is dtypes.string for x in inputs):
        specs = [(s, dtypes.string) if strings == string_kernels.ALL_OUTPUTS or i in strings else (s, dt)
                 for i, (s, dt) in enumerate(specs)]
    return specs
