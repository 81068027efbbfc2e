"""The op registry: every op declared once under its TF raw-op name, with its torch kernel and gradient status.

A kernel is ``kernel(*torch_inputs, **attrs) -> torch.Tensor | tuple[torch.Tensor, ...]``. Attributes are python
values fixed when the op is created (axes, shapes, flags); tensor-valued arguments are inputs. Ops that create
tensors take a ``device`` attribute, which dispatch fills in from the current ``tf.device`` scope."""
from __future__ import annotations

import dataclasses
from typing import Callable

__all__ = ["OpDef", "register_op", "REGISTRY", "GRADIENT_REGISTRY",
           "DIFFERENTIABLE", "NOT_DIFFERENTIABLE", "NO_GRADIENT"]

# Gradient statuses. There is no default: every op states one.
DIFFERENTIABLE = "differentiable"            # torch autograd differentiates the kernel
NOT_DIFFERENTIABLE = "not_differentiable"    # outputs are constants: gradients through them are None
NO_GRADIENT = "no_gradient"                  # LookupError when a gradient must flow through it
_STATUSES = (DIFFERENTIABLE, NOT_DIFFERENTIABLE, NO_GRADIENT)


@dataclasses.dataclass(eq=False)
class OpDef:
    name: str
    kernel: Callable
    grad: str
    input_names: tuple = ()
    same_type: tuple = ()            # groups of input indices that must share one dtype (TF's "T" attr)
    num_outputs: int | Callable = 1  # or a function of attrs (Split, Unpack)
    stateful: bool = False           # never pruned by constant folding, ordered after gradient nodes
    creates: bool = False            # kernel takes a ``device`` attribute
    shape_fn: Callable | None = None  # (inputs, attrs) -> [(TensorShape, DType)]; default: a meta run
    list_input: bool = False         # inputs[:N] is one list argument (AddN, ConcatV2, Pack)
    writes_variables: bool = False   # assigns variables: run after the run's gradients; always run in tf.function

    def n_outputs(self, attrs) -> int:
        return self.num_outputs(attrs) if callable(self.num_outputs) else self.num_outputs


REGISTRY: dict[str, OpDef] = {}
# TF-style gradient functions registered by the user with @tf.RegisterGradient (filled by autodiff).
GRADIENT_REGISTRY: dict[str, Callable] = {}


def register_op(name: str, *, grad: str, inputs=("x",), same_type=None, num_outputs=1, stateful=False,
                creates=False, shape_fn=None, list_input=False, writes_variables=False):
    """Declares op ``name`` (a TF raw-op name) with the decorated torch kernel."""
    if grad not in _STATUSES:
        raise ValueError(f"{name}: gradient status must be one of {_STATUSES}")
    if same_type is None:
        same_type = (tuple(range(len(inputs))),) if len(inputs) > 1 else ()

    def decorate(kernel):
        if name in REGISTRY:
            raise KeyError(f"op {name!r} is already registered")
        REGISTRY[name] = OpDef(name, kernel, grad, tuple(inputs), tuple(same_type), num_outputs, stateful,
                               creates, shape_fn, list_input, writes_variables)
        return kernel

    return decorate


def get(name: str) -> OpDef:
    try:
        return REGISTRY[name]
    except KeyError:
        raise NotImplementedError(f"tfcompat has no kernel for TF op {name!r} yet.") from None
