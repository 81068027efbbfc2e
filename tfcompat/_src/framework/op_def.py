"""The op registry: every op declared once, under its TF raw-op name, with everything tfcompat knows about it.

An ``OpDef`` is the single home of an op's behaviour: its torch kernel, gradient status and TF's gradient-registry
facts, the dtypes each argument accepts (TF's type attributes), statefulness and side effects, its static shape
function and shape checks, and the node kind the plan compiler emits. Nothing is patched onto an op after
registration and no other table is keyed by op name.

A kernel is ``kernel(*torch_inputs, **attrs) -> torch.Tensor | tuple[torch.Tensor, ...]``. Attributes are python
values fixed when the op is created (axes, shapes, flags); tensor-valued arguments are inputs. Ops that create
tensors take a ``device`` attribute, which dispatch fills in from the current ``tf.device`` scope.

This module also holds the legacy (TF1) argument aliases of the public op wrappers: one table, one function."""
from __future__ import annotations

import dataclasses
from typing import Callable, Mapping

from tfcompat._src.framework import string_kernels
from tfcompat._src.framework.op_types import Arg

__all__ = ["OpDef", "Arg", "register_op", "get", "REGISTRY", "GRADIENT_REGISTRY", "ShapeMismatch",
           "DIFFERENTIABLE", "NOT_DIFFERENTIABLE", "NO_GRADIENT",
           "TF_GRADIENT_REGISTERED", "TF_GRADIENT_NONE", "TF_GRADIENT_RAISING",
           "KIND_OP", "KIND_GRADIENTS", "KIND_CONTROL_FLOW", "KIND_CALL", "KIND_CONSTANT",
           "LEGACY_ARG_ALIASES", "resolve_legacy"]

# Gradient statuses. There is no default: every op states one.
DIFFERENTIABLE = "differentiable"            # torch autograd differentiates the kernel
NOT_DIFFERENTIABLE = "not_differentiable"    # outputs are constants: gradients through them are None
NO_GRADIENT = "no_gradient"                  # LookupError when a gradient must flow through it
_STATUSES = (DIFFERENTIABLE, NOT_DIFFERENTIABLE, NO_GRADIENT)

# What TF's own gradient registry holds for the op type (decides whether tf.RegisterGradient / tf.no_gradient
# may register it again): a gradient or NotDifferentiable entry, nothing at all, or a function that raises.
TF_GRADIENT_REGISTERED = "registered"
TF_GRADIENT_NONE = "none"
TF_GRADIENT_RAISING = "raising"
_TF_GRADIENT = (TF_GRADIENT_REGISTERED, TF_GRADIENT_NONE, TF_GRADIENT_RAISING)

# Node kinds for the plan compiler (it emits code per kind, never per op type).
KIND_OP = "op"                      # a kernel call
KIND_GRADIENTS = "gradients"        # a tf.gradients node
KIND_CONTROL_FLOW = "control_flow"  # calls sub-graph plans (cond, while_loop, ...)
KIND_CALL = "call"                  # calls a function's plan
KIND_CONSTANT = "constant"          # its ``value`` attribute, bound once when the plan is compiled (Const)
_KINDS = (KIND_OP, KIND_GRADIENTS, KIND_CONTROL_FLOW, KIND_CALL, KIND_CONSTANT)


class ShapeMismatch(Exception):
    """Raised by an op's ``shape_check``: the static shapes (or constant inputs) are invalid for the op.

    ``graph_message`` is TF's shape-function wording (dispatch adds the node and the input shapes, as TF's
    ``ValueError`` does while building a graph); ``eager_message`` is the kernel's wording TF raises as
    ``InvalidArgumentError`` when executing eagerly (defaults to ``graph_message``)."""

    def __init__(self, graph_message: str, eager_message: str | None = None, eager_only: bool = False):
        super().__init__(graph_message)
        self.graph_message = graph_message
        self.eager_message = eager_message if eager_message is not None else graph_message
        # TF's kernel rejects it, its shape function does not (the graph builds; Session.run fails).
        self.eager_only = eager_only


@dataclasses.dataclass(eq=False)
class OpDef:
    """One op's definition (see the module docstring). Built by ``register_op``; read-only afterwards."""
    name: str
    kernel: Callable
    grad: str
    input_names: tuple = ()
    same_type: tuple = ()            # groups of input indices that must share one dtype (from ``types``)
    num_outputs: int | Callable = 1  # or a function of attrs (Split, Unpack)
    stateful: bool = False           # never pruned by constant folding, ordered after gradient nodes
    creates: bool = False            # kernel takes a ``device`` attribute
    shape_fn: Callable | None = None  # (inputs, attrs) -> [(TensorShape, DType)]; default: a meta run
    list_input: bool = False         # inputs[:N] is one list argument (AddN, ConcatV2, Pack)
    writes_variables: bool = False   # assigns variables: run after the run's gradients; always run in tf.function
    types: Mapping[str, Arg] = dataclasses.field(default_factory=dict)  # argument name -> dtype rule
    side_effects: bool = False       # runs in tf.function even when nothing uses its outputs (print, summaries)
    tf_gradient: str = TF_GRADIENT_REGISTERED
    # (input shapes, attrs, constant input values or None) -> None; raises ShapeMismatch. Run when a graph op is
    # built (TF's shape functions) and, to word the error, when an eager kernel fails.
    shape_check: Callable | None = None
    kind: str = KIND_OP
    # Compiled from ``types``: the rule of each input position (a list argument's rule repeats), and the rules
    # of arguments passed as python attributes.
    input_rules: tuple = ()
    attr_rules: tuple = ()
    # Output indices (or ``string_kernels.ALL_OUTPUTS``) that are strings when the op runs on tf.string inputs
    # through integer ids (``string_kernels.py``); None: the kernel takes no string inputs that way.
    string_outputs: tuple | str | None = None

    def n_outputs(self, attrs) -> int:
        return self.num_outputs(attrs) if callable(self.num_outputs) else self.num_outputs

    def rule_of_input(self, position: int, n_inputs: int, attrs=None) -> tuple[str, Arg] | None:
        """(argument name, rule) of input ``position`` of an op with ``n_inputs`` inputs, or None. Inputs the
        wrapper passed as python attributes instead (``Arg.from_attr`` set in ``attrs``) are not counted."""
        rules = self.input_rules
        if not rules:
            return None
        if not self.list_input and n_inputs != len(rules) and attrs:
            rules = tuple(r for r in rules if r is None or r[1].from_attr is None
                          or attrs.get(r[1].from_attr) is None)
        if self.list_input:
            n_list = n_inputs - (len(rules) - 1)
            if attrs and isinstance(attrs.get("N"), int):
                n_list = attrs["N"]   # the list's length is known: trailing inputs past it are the other args
            if position < n_list:
                return rules[0]
            position -= n_list - 1
        return rules[position] if position < len(rules) else None


REGISTRY: dict[str, OpDef] = {}
# TF-style gradient functions registered by the user with @tf.RegisterGradient (filled by autodiff).
GRADIENT_REGISTRY: dict[str, Callable] = {}


def _same_type_groups(input_names, types) -> tuple:
    groups: dict[str, list[int]] = {}
    for i, name in enumerate(input_names):
        rule = types.get(name)
        if rule is not None and rule.attr is not None:
            groups.setdefault(rule.attr, []).append(i)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


def register_op(name: str, *, grad: str, inputs=("x",), same_type=None, num_outputs=1, stateful=False,
                creates=False, shape_fn=None, list_input=False, writes_variables=False,
                types: Mapping[str, Arg] | None = None, side_effects=False, tf_gradient=None, shape_check=None,
                kind=KIND_OP, strings=None):
    """Declares op ``name`` (a TF raw-op name) with the decorated torch kernel.

    Args:
      grad: the gradient status (no default): DIFFERENTIABLE, NOT_DIFFERENTIABLE or NO_GRADIENT.
      inputs: the names of the kernel's tensor inputs, TF's argument names where TF has them.
      types: argument name -> ``Arg`` (TF's type attribute and allowed dtypes). Inputs naming the same
        attribute must share a dtype. Without ``types``, ``same_type`` lists the index groups that must share
        one (default: all inputs, as TF's ``T``).
      side_effects: the op must run in a tf.function even when nothing consumes its outputs.
      tf_gradient: what TF's gradient registry holds for this type (default: an entry unless NO_GRADIENT).
      shape_check: a function ``(shapes, attrs, const_values)`` raising ``ShapeMismatch`` (TF's shape function).
      kind: the node kind the plan compiler emits (``KIND_*``).
      strings: the op moves elements of any dtype (TF's ``T: type``): it also runs on tf.string inputs, through
        integer ids (``string_kernels.py``); the output indices that are then strings, or ``ALL_OUTPUTS``.
    Other arguments: see the ``OpDef`` fields."""
    if grad not in _STATUSES:
        raise ValueError(f"{name}: gradient status must be one of {_STATUSES}")
    if tf_gradient is None:
        tf_gradient = TF_GRADIENT_NONE if grad is NO_GRADIENT else TF_GRADIENT_REGISTERED
    if tf_gradient not in _TF_GRADIENT:
        raise ValueError(f"{name}: tf_gradient must be one of {_TF_GRADIENT}")
    if kind not in _KINDS:
        raise ValueError(f"{name}: kind must be one of {_KINDS}")
    types = dict(types or {})
    for arg_name, rule in types.items():
        if not isinstance(rule, Arg):
            raise TypeError(f"{name}: types[{arg_name!r}] must be an Arg")
        if arg_name not in inputs and rule.from_attr is None:
            raise ValueError(f"{name}: typed argument {arg_name!r} is neither an input nor from_attr")
    if same_type is None:
        if types:
            same_type = _same_type_groups(inputs, types)
        else:
            same_type = (tuple(range(len(inputs))),) if len(inputs) > 1 else ()
    input_rules = tuple((n, types[n]) if n in types else None for n in inputs) if types else ()
    attr_rules = tuple((n, r) for n, r in types.items() if r.from_attr is not None)

    def decorate(kernel):
        if name in REGISTRY:
            raise KeyError(f"op {name!r} is already registered")
        run = kernel if strings is None else string_kernels.on_string_ids(kernel, strings)
        REGISTRY[name] = OpDef(name, run, grad, tuple(inputs), tuple(same_type), num_outputs, stateful,
                               creates, shape_fn, list_input, writes_variables, types, side_effects, tf_gradient,
                               shape_check, kind, input_rules, attr_rules, string_outputs=strings)
        return kernel

    return decorate


def get(name: str) -> OpDef:
    """The registered ``OpDef`` of op type ``name`` (NotImplementedError if tfcompat has no kernel for it)."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise NotImplementedError(f"tfcompat has no kernel for TF op {name!r} yet.") from None


# ------------------------------------------------------------------------------------------------
# legacy argument aliases of the public wrappers
# ------------------------------------------------------------------------------------------------
# TF1 argument names still found in legacy code -> the argument(s) each stands for (one table, one function).
LEGACY_ARG_ALIASES = {
    "keep_dims": ("keepdims",),
    "reduction_indices": ("axis",),
    "dim": ("axis",),
    "dimension": ("axis",),
    "squeeze_dims": ("axis",),
    "split_dim": ("axis",),
    "concat_dim": ("axis",),
    "input": ("value",),          # tf.compat.v1.nn.conv2d_transpose / pools: input= for value=
    "filter": ("filters",),       # tf.nn.conv2d(filters=) accepts TF1's filter=
    "filters": ("filter",),       # tf.compat.v1.nn.conv2d_transpose(filter=) accepts TF2's filters=
}


def resolve_legacy(name: str, value, **legacy):
    """The value of argument ``name`` given its TF1 aliases (``LEGACY_ARG_ALIASES``), e.g.
    ``resolve_legacy("axis", axis, reduction_indices=reduction_indices)``. ValueError if both are set, as TF's
    ``deprecated_argument_lookup``."""
    for alias, alias_value in legacy.items():
        if name not in LEGACY_ARG_ALIASES.get(alias, ()):
            raise KeyError(f"{alias!r} is not a legacy alias of {name!r} (see LEGACY_ARG_ALIASES)")
        if alias_value is None:
            continue
        if value is not None:
            raise ValueError(f"Cannot specify both '{name}' and '{alias}'.")
        value = alias_value
    return value
