"""Assembles the text of an exported module: imports, copied helpers, the ``torch.nn.Module``, the optimizer and
``load_model``. The module imports only ``torch`` (and ``os``/``math``); its parameter values live in a ``.pt``
state dict next to it."""
from __future__ import annotations

from tfcompat._src.tools.export.helpers import helper_source
from tfcompat._src.tools.export.lowering import Lowered, dtype_src
from tfcompat._src.tools.export.optimizer_classes import class_source

__all__ = ["module_source"]


def _shape_list(shape) -> str:
    return repr([int(d) for d in shape])


def _init_lines(low: Lowered) -> list:
    lines = []
    for attr, (var, trainable) in low.params.items():
        shape, dtype = _shape_list(var.shape.as_list()), var.dtype
        empty = f"torch.empty({shape}, dtype={dtype_src(dtype)})"
        if trainable and (dtype.is_floating or dtype.is_complex):
            lines.append(f"self.{attr} = torch.nn.Parameter({empty})  # TF variable {var.name!r}")
        else:
            lines.append(f"self.register_buffer({attr!r}, {empty})  # TF variable {var.name!r} (not trained)")
    for attr, value in low.buffers.items():
        lines.append(f"self.register_buffer({attr!r}, torch.empty({_shape_list(value.shape)}, "
                     f"dtype={value.dtype}))  # TF constant")
    return lines


def _device_line(low: Lowered) -> list:
    if not any("device=device" in line for line in low.lines):
        return []
    if low.arg_names:
        return [f"device = {low.arg_names[0]}.device"]
    if low.params or low.buffers:
        first = next(iter(low.params), None) or next(iter(low.buffers))
        return [f"device = self.{first}.device"]
    return ["device = torch.device('cpu')"]


def module_source(low: Lowered, *, origin: str, fetch_names: list, state_file: str, optimizer=None,
                  optimizer_state_file: str | None = None, class_name: str = "Model") -> str:
    """The generated module's source (see the module docstring)."""
    args = ", ".join(["self"] + low.arg_names)
    results = low.result_exprs
    ret = results[0] if len(results) == 1 else "(" + ", ".join(results) + ("," if len(results) == 1 else "") + ")"
    out = [
        f'"""PyTorch module exported by tfcompat from {origin}.',
        "",
        "Plain PyTorch: this file does not import tfcompat or TensorFlow. The values of the TF variables are in the",
        f"state dict {state_file!r} next to this file.",
        "",
        "    model = load_model()",
        f"    outputs = model({', '.join(low.arg_names)})  # TF fetches {', '.join(fetch_names)}",
    ]
    if optimizer is not None:
        out += ["    optimizer = make_optimizer(model)  # the TF graph's optimizer, same update formulas"]
    out += ['"""', "import math", "import os", "", "import torch", "import torch.nn.functional as F", "",
            "_HERE = os.path.dirname(os.path.abspath(__file__))",
            f"STATE_DICT_PATH = os.path.join(_HERE, {state_file!r})",
            "OPTIMIZER_STATE_PATH = " + (f"os.path.join(_HERE, {optimizer_state_file!r})"
                                         if optimizer_state_file else "None"),
            "", ""]
    if low.helpers:
        out += [helper_source(low.helpers), "", ""]
    out += [f"class {class_name}(torch.nn.Module):",
            f'    """The TF graph from the feeds ({", ".join(low.arg_names) or "none"}) to the fetches '
            f'({", ".join(fetch_names)})."""',
            "",
            "    def __init__(self):",
            "        super().__init__()"]
    out += ["        " + line for line in _init_lines(low)]
    out += ["", f"    def forward({args}):"]
    body = _device_line(low) + low.lines + [f"return {ret}"]
    out += ["        " + line for line in body]
    out += ["", ""]
    if optimizer is not None:
        for name in optimizer.classes:
            out += [class_source(name).rstrip("\n"), "", ""]
        out += [optimizer.source, "", ""]
    out += ["def load_model(path=STATE_DICT_PATH):",
            f'    """A {class_name} with the exported variable values."""',
            f"    model = {class_name}()",
            "    model.load_state_dict(torch.load(path))",
            "    return model", ""]
    return "\n".join(out)
