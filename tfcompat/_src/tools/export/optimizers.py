"""The training op of a TF1 graph as the ``make_optimizer(model)`` function of an exported module.

``train_op`` (what ``Optimizer.minimize`` returned) leads through control inputs to one update op per
``apply_gradients`` (``ResourceApply*``, see runtime/training/update_ops.py). Its hyperparameters must be
constants; its variables must be parameters of the exported model. Gradient descent and momentum become
``torch.optim.SGD`` (the same formulas: TF's ``accum = accum * momentum + grad; var -= lr * accum`` is torch's
``dampening=0`` momentum, and TF's Nesterov step ``var -= lr * (grad + momentum * accum)`` is torch's
``nesterov=True``); Adam and RMSProp become the TF-exact classes of ``optimizer_classes.py``. The slot values
(momentum accumulators, Adam's moments and powers) are exported too, so training continues where it stopped."""
from __future__ import annotations

import dataclasses

import numpy as np

from tfcompat._src.tools.export.lowering import UnsupportedOpError

__all__ = ["OptimizerExport", "export_optimizer"]

# update op type -> (optimizer kind, names of the hyperparameter inputs after the gradients, slot names)
_UPDATES = {
    "ResourceApplyGradientDescent": ("sgd", ("lr",), ()),
    "ResourceApplyMomentum": ("momentum", ("lr", "momentum"), ("momentum_buffer",)),
    "ResourceApplyAdam": ("adam", ("lr", "beta1_power", "beta2_power", "beta1", "beta2", "epsilon"), ("m", "v")),
    "ResourceApplyRMSProp": ("rmsprop", ("lr", "decay", "momentum", "epsilon"), ("ms", "mom")),
}


@dataclasses.dataclass
class OptimizerExport:
    """``classes``: names of optimizer classes to copy into the module; ``source``: the ``make_optimizer``
    function; ``state``: slot values keyed by parameter attribute (saved next to the module)."""
    classes: list
    source: str
    state: dict


def _update_ops(train_op) -> list:
    found, seen, stack = [], set(), [getattr(train_op, "op", train_op)]
    while stack:
        op = stack.pop()
        if id(op) in seen:
            continue
        seen.add(id(op))
        if op.type in _UPDATES:
            found.append(op)
        elif op.type.startswith("ResourceApply") or (op.type.startswith("Keras") and op.type.endswith("Update")):
            raise UnsupportedOpError([(f"{op.type} (no torch optimizer mapping)", op.name)])
        stack.extend(op.control_inputs)
        stack.extend(t.op for t in op.inputs if t.op.op_def.kind != "gradients")
    return sorted(found, key=lambda op: op._id)


class _Hyper(float):
    """A hyperparameter whose repr is the shortest one that round-trips in its dtype (float32: ``0.005``, not
    ``0.004999999888241291``), so the generated code shows the number the user wrote."""

    def __new__(cls, value, dtype):
        self = super().__new__(cls, float(value))
        self.text = str(np.float32(value)) if dtype == np.float32 else repr(float(value))
        return self

    def __repr__(self):
        return self.text


def _constant(tensor, what: str, read_variable) -> float:
    op = tensor.op
    if op.type == "Const":
        value = op.attrs["value"]
        value = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
        return _Hyper(value, value.dtype)
    if op.type in ("VarHandleOp", "ReadVariableOp"):
        value = np.asarray(read_variable(op.attrs["var"]).numpy())
        return _Hyper(value, value.dtype)
    raise UnsupportedOpError([(f"{op.type} (the optimizer's {what} must be a constant to export)", op.name)])


def export_optimizer(train_op, variable_attrs: dict, read_variable) -> OptimizerExport:
    """The optimizer of ``train_op`` for a model whose variables are ``variable_attrs`` (id -> attribute)."""
    updates = _update_ops(train_op)
    if not updates:
        raise ValueError(f"train_op {getattr(train_op, 'name', train_op)!r} applies no optimizer update "
                         f"(expected what Optimizer.minimize or apply_gradients returned).")
    if len(updates) > 1:
        raise UnsupportedOpError([(f"{op.type} (one optimizer update per export)", op.name) for op in updates])
    op = updates[0]
    kind, hyper_names, slot_names = _UPDATES[op.type]
    variables = op.attrs["variables"]
    n = len(variables)
    hyper = {name: _constant(t, name, read_variable) for name, t in zip(hyper_names, op.inputs[n:])}
    attrs = []
    for v in variables:
        attr = variable_attrs.get(id(v))
        if attr is None:
            raise ValueError(f"train_op updates variable {v.name!r}, which the exported fetches do not use; "
                             f"fetch the loss the optimizer minimizes.")
        attrs.append(attr)
    state = {}
    for attr, slot_vars in zip(attrs, zip(*op.attrs["slots"])) if slot_names else ():
        state[attr] = {name: read_variable(s) for name, s in zip(slot_names, slot_vars)}
    params = "[" + ", ".join(f"model.{a}" for a in attrs) + "]"
    classes = []
    if kind == "sgd":
        ctor = f"torch.optim.SGD({params}, lr={hyper['lr']!r})"
    elif kind == "momentum":
        ctor = (f"torch.optim.SGD({params}, lr={hyper['lr']!r}, momentum={hyper['momentum']!r}, dampening=0, "
                f"nesterov={bool(op.attrs.get('use_nesterov', False))})")
    elif kind == "adam":
        if op.attrs.get("use_nesterov"):
            raise UnsupportedOpError([("ResourceApplyAdam (use_nesterov)", op.name)])
        classes.append("TFAdam")
        ctor = (f"TFAdam({params}, lr={hyper['lr']!r}, beta1={hyper['beta1']!r}, beta2={hyper['beta2']!r}, "
                f"epsilon={hyper['epsilon']!r}, beta1_power={hyper['beta1_power']!r}, "
                f"beta2_power={hyper['beta2_power']!r})")
    else:
        if op.attrs.get("centered"):
            raise UnsupportedOpError([("ResourceApplyRMSProp (centered)", op.name)])
        classes.append("TFRMSProp")
        ctor = (f"TFRMSProp({params}, lr={hyper['lr']!r}, decay={hyper['decay']!r}, "
                f"momentum={hyper['momentum']!r}, epsilon={hyper['epsilon']!r})")
    source = "\n".join([
        "def make_optimizer(model, state_path=OPTIMIZER_STATE_PATH):",
        f'    """The optimizer of the TF graph ({op.type}); slot values from ``state_path`` when it exists."""',
        f"    optimizer = {ctor}",
        "    if state_path is not None and os.path.exists(state_path):",
        "        slots = torch.load(state_path)",
        "        for name, values in slots.items():",
        "            optimizer.state[getattr(model, name)].update({k: v.clone() for k, v in values.items()})",
        "    return optimizer",
    ])
    return OptimizerExport(classes, source, state)
