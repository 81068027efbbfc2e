"""Names of the Consts that op wrappers convert from python values (graph mode), as TF's wrappers give them.

TF's wrappers convert python arguments inside the op's name scope, so ``x * 2.0`` makes a Const ``mul/y``.
tfcompat converts before the op has a name: the Const is built under the placeholder name IMPLICIT, and the
consumer op renames it '<op>/<argument>' once its own name is known (``name_implicit_inputs``). Whether a
conversion is an op wrapper's (implicit) or the user's own ``tf.convert_to_tensor`` (named ``Const``) is told
by the calling frame's module (``const_name``)."""
from __future__ import annotations

import sys

__all__ = ["IMPLICIT", "const_name", "explicit_name", "name_implicit_inputs"]

# The name of a Const converted from a python value by an op wrapper (not by the user's tf.convert_to_tensor):
# its consumer names it '<op>/<argument>' as TF's wrappers, which convert inside the op's name scope, do.
IMPLICIT = "<implicit Const>"


def explicit_name(name):
    """``name``, or None where it is the IMPLICIT placeholder."""
    return None if name is IMPLICIT else name


def const_name(name, converted_for: int | None):
    """The name for a Const built from a converted value: IMPLICIT where it is unnamed and the frame
    ``converted_for`` levels above the caller is tfcompat's own code (an op wrapper), else ``name``."""
    if name is None and converted_for is not None and \
            sys._getframe(converted_for + 1).f_globals.get("__name__", "").startswith("tfcompat."):
        return IMPLICIT
    return name


def name_implicit_inputs(graph, op_def, op_name, sym, attrs):
    """Names the implicit Consts (see IMPLICIT) among an op's inputs '<op>/<argument>', as TF's op wrappers do
    (a list argument's items '<op>/<argument>_<i>')."""
    n = len(sym)
    names = op_def.input_names
    if op_def.list_input:
        n_list = attrs["N"] if isinstance(attrs.get("N"), int) else n - (len(names) - 1)
        names = [f"{names[0]}_{i}" for i in range(n_list)] + list(names[1:])
    elif n < len(names):   # the wrapper passed some arguments as python attributes (Reshape's shape ...)
        rules = op_def.input_rules or (None,) * len(names)
        names = [nm for nm, r in zip(names, rules) if attrs.get(nm) is None
                 and (r is None or r[1].from_attr is None or attrs.get(r[1].from_attr) is None)]
    if len(names) != n:
        return
    for x, arg in zip(sym, names):
        if x.op.type == "Const":
            graph._name_implicit_input(x.op, f"{op_name}/{arg}")
