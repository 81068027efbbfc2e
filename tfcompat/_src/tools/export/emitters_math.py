"""Export emitters of elementwise math, comparisons, reductions and matrix products.

Each emitter returns the torch expression of one op (see ``lowering.py``). Where torch's gradient differs from
TF's at some point, the expression is written so that torch autograd gives TF's gradient (``Maximum``/``Minimum``
as ``torch.where``: TF sends the gradient of a tie to ``x``)."""
from __future__ import annotations

from tfcompat._src.tools.export.lowering import dtype_src, emitter

__all__: list = []

_BINARY_OPERATORS = {"AddV2": "+", "Add": "+", "Sub": "-", "Mul": "*"}
_COMPARISONS = {"Equal": "torch.eq", "NotEqual": "torch.ne", "Less": "torch.lt", "LessEqual": "torch.le",
                "Greater": "torch.gt", "GreaterEqual": "torch.ge", "LogicalAnd": "torch.logical_and",
                "LogicalOr": "torch.logical_or"}
_UNARY = {"Neg": "torch.neg", "Square": "torch.square", "Sqrt": "torch.sqrt", "Rsqrt": "torch.rsqrt",
          "Exp": "torch.exp", "Log": "torch.log", "Log1p": "torch.log1p", "Tanh": "torch.tanh",
          "Sigmoid": "torch.sigmoid", "Relu": "torch.relu", "Abs": "torch.abs", "Reciprocal": "torch.reciprocal",
          "Floor": "torch.floor", "Ceil": "torch.ceil", "Sign": "torch.sign", "LogicalNot": "torch.logical_not",
          "Softplus": "F.softplus", "Elu": "F.elu", "Relu6": "F.relu6", "Softsign": "F.softsign",
          "Sin": "torch.sin", "Cos": "torch.cos", "Erf": "torch.erf"}


@emitter(*_BINARY_OPERATORS)
def _binary_operator(op, ins, lw):
    return f"{ins[0]} {_BINARY_OPERATORS[op.type]} {ins[1]}"


@emitter(*_COMPARISONS)
def _comparison(op, ins, lw):
    return f"{_COMPARISONS[op.type]}({ins[0]}, {ins[1]})"


@emitter(*_UNARY)
def _unary(op, ins, lw):
    return f"{_UNARY[op.type]}({ins[0]})"


@emitter("RealDiv", "Div")
def _div(op, ins, lw):
    if op.inputs[0].dtype.is_floating or op.inputs[0].dtype.is_complex:
        return f"{ins[0]} / {ins[1]}"
    return f"torch.div({ins[0]}, {ins[1]}, rounding_mode='trunc')  # TF's integer division truncates"


@emitter("FloorDiv")
def _floor_div(op, ins, lw):
    if op.inputs[0].dtype.is_floating:
        return f"torch.floor({ins[0]} / {ins[1]})"
    return f"torch.div({ins[0]}, {ins[1]}, rounding_mode='floor')"


@emitter("TruncateDiv")
def _truncate_div(op, ins, lw):
    if op.inputs[0].dtype.is_floating:
        return f"torch.trunc({ins[0]} / {ins[1]})"
    return f"torch.div({ins[0]}, {ins[1]}, rounding_mode='trunc')"


@emitter("FloorMod")
def _floor_mod(op, ins, lw):
    return f"torch.remainder({ins[0]}, {ins[1]})"


@emitter("SquaredDifference")
def _squared_difference(op, ins, lw):
    return f"torch.square({ins[0]} - {ins[1]})"


@emitter("Pow")
def _pow(op, ins, lw):
    return f"torch.pow({ins[0]}, {ins[1]})"


@emitter("Maximum")
def _maximum(op, ins, lw):
    return f"torch.where({ins[0]} >= {ins[1]}, {ins[0]}, {ins[1]})  # TF: a tie's gradient goes to x"


@emitter("Minimum")
def _minimum(op, ins, lw):
    return f"torch.where({ins[0]} <= {ins[1]}, {ins[0]}, {ins[1]})  # TF: a tie's gradient goes to x"


@emitter("Cast")
def _cast(op, ins, lw):
    return f"{ins[0]}.to({dtype_src(op.outputs[0].dtype)})"


@emitter("Identity", "Snapshot")
def _identity(op, ins, lw):
    return ins[0]


@emitter("StopGradient")
def _stop_gradient(op, ins, lw):
    return f"{ins[0]}.detach()"


@emitter("AddN")
def _add_n(op, ins, lw):
    return " + ".join(ins[:op.attrs.get("N", len(ins))])


# -- reductions ----------------------------------------------------------------------------------------------
_REDUCTIONS = {"Sum": "torch.sum", "Mean": "torch.mean", "Max": "torch.amax", "Min": "torch.amin",
               "Prod": "torch.prod", "All": "torch.all", "Any": "torch.any"}


def _reduction_axes(op, ins):
    """The ``dim=`` argument: a static tuple, or the run-time axis tensor; None for all axes."""
    if len(ins) > 1:
        return f"tuple({ins[1]}.reshape(-1).tolist())"
    axis = op.attrs.get("axis")
    if axis is None:
        return None
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    return repr(axes)


@emitter(*_REDUCTIONS)
def _reduction(op, ins, lw):
    fn, x = _REDUCTIONS[op.type], ins[0]
    keep = bool(op.attrs.get("keep_dims", False))
    dims = _reduction_axes(op, ins)
    dtype = op.inputs[0].dtype
    if op.type == "Mean" and not (dtype.is_floating or dtype.is_complex):
        raise_unsupported(op, "an integer Mean (TF truncates)")
    if op.type == "Prod":
        if dims is None:
            return f"torch.prod({x})" if not keep else f"torch.prod({x}).reshape([1] * {x}.dim())"
        axes = op.attrs.get("axis")
        axes = (axes,) if isinstance(axes, int) else axes
        if len(ins) > 1 or len(axes) != 1:
            raise_unsupported(op, "a product over several or run-time axes")
        return f"torch.prod({x}, dim={int(axes[0])}, keepdim={keep})"
    if op.type in ("All", "Any") and dims is not None:
        return f"{fn}({x}, dim={dims}, keepdim={keep})"
    if dims is None:
        if keep:
            return f"{fn}({x}, dim=tuple(range({x}.dim())), keepdim=True)"
        return f"{fn}({x})"
    extra = f", dtype={dtype_src(dtype)}" if op.type == "Sum" and dtype.is_integer else ""
    return f"{fn}({x}, dim={dims}, keepdim={keep}{extra})"


def raise_unsupported(op, what: str):
    from tfcompat._src.tools.export.lowering import UnsupportedOpError
    raise UnsupportedOpError([(f"{op.type} ({what})", op.name)])


@emitter("ArgMax", "ArgMin")
def _arg_reduction(op, ins, lw):
    fn = "torch.argmax" if op.type == "ArgMax" else "torch.argmin"
    axis = f"int({ins[1]})" if len(ins) > 1 else repr(int(op.attrs.get("axis", 0)))
    return f"{fn}({ins[0]}, dim={axis}).to({dtype_src(op.outputs[0].dtype)})"


# -- matrix products -------------------------------------------------------------------------------------------
@emitter("MatMul")
def _matmul(op, ins, lw):
    a = f"{ins[0]}.t()" if op.attrs.get("transpose_a") else ins[0]
    b = f"{ins[1]}.t()" if op.attrs.get("transpose_b") else ins[1]
    return f"torch.matmul({a}, {b})"


@emitter("BatchMatMulV2", "BatchMatMul", "BatchMatMulV3")
def _batch_matmul(op, ins, lw):
    a = f"{ins[0]}.transpose(-2, -1)" if op.attrs.get("adj_x") else ins[0]
    b = f"{ins[1]}.transpose(-2, -1)" if op.attrs.get("adj_y") else ins[1]
    return f"torch.matmul({a}, {b})"
