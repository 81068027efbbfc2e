"""ExtensionType values through ``tf.map_fn``, ``tf.while_loop`` and the branches of ``tf.cond``/``tf.case``/
``tf.switch_case`` (TF's extension_type guide): as TF passes a composite through these (``nest.flatten(...,
expand_composites=True)``), an ExtensionType goes in as the tuple of its component tensors
(``spec._to_components``) and comes out rebuilt (``spec._from_components``); ``assert_same_structure`` is TF's
``expand_composites`` structure check (an ExtensionType matches one whose spec is compatible).

The ops layer sits below runtime/extension_type.py, so values and specs are recognised by their protocol: an
ExtensionType has the ``_tf_extension_type_fields`` classmethod, its spec has ``_to_components``/
``_from_components``/``_component_specs`` (and ``_batch``/``_unbatch`` when batchable)."""
from __future__ import annotations

import collections.abc

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor

__all__ = ["is_extension_value", "is_extension_spec", "has_extensions", "template", "spec_template", "expand",
           "expand_specs", "rebuild", "map_specs", "assert_same_structure", "common_template"]


def is_extension_value(v) -> bool:
    """Whether ``v`` is an ExtensionType value."""
    return not isinstance(v, Tensor) and hasattr(type(v), "_tf_extension_type_fields")


def is_extension_spec(s) -> bool:
    """Whether ``s`` is an ExtensionTypeSpec."""
    return hasattr(s, "value_type") and hasattr(s, "_from_components") and hasattr(s, "_component_specs")


def has_extensions(structure) -> bool:
    """Whether ``structure`` holds an ExtensionType value or spec."""
    return any(is_extension_value(v) or is_extension_spec(v) for v in nest.flatten(structure))


def template(structure):
    """``structure`` with each ExtensionType as its spec and every other leaf None."""
    return nest.map_structure(lambda v: v._type_spec if is_extension_value(v) else None, structure)


def spec_template(structure):
    """``structure`` (of specs/dtypes) with each ExtensionTypeSpec kept and every other leaf None."""
    return nest.map_structure(lambda s: s if is_extension_spec(s) else None, structure)


def map_specs(fn, tmpl):
    """``fn`` applied to each ExtensionTypeSpec of a template."""
    return nest.map_structure(lambda s: fn(s) if s is not None else None, tmpl)


def expand(structure):
    """``structure`` with each ExtensionType value as the tuple of its components."""
    return nest.map_structure(
        lambda v: tuple(v._type_spec._to_components(v)) if is_extension_value(v) else v, structure)


def expand_specs(structure):
    """``structure`` with each ExtensionTypeSpec as the tuple of its component TensorSpecs."""
    return nest.map_structure(lambda s: tuple(s._component_specs) if is_extension_spec(s) else s, structure)


def rebuild(tmpl, value):
    """``value`` (``tmpl``'s structure with each ExtensionType expanded) with each ExtensionType rebuilt from its
    components by its template spec."""
    if tmpl is None:
        return value
    if is_extension_spec(tmpl):
        return tmpl._from_components(nest.flatten(value))
    if isinstance(tmpl, collections.abc.Mapping):
        return type(value)({k: rebuild(tmpl[k], value[k]) for k in value}) if type(value) is not dict else {
            k: rebuild(tmpl[k], value[k]) for k in value}
    items = [rebuild(t, v) for t, v in zip(tmpl, value)]
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*items)
    return type(value)(items) if isinstance(value, (list, tuple)) else items


def _describe(x) -> str:
    return f"type={type(x).__name__.rsplit('.', 1)[-1]} str={x}"


class _Dot:
    def __repr__(self):
        return "."


def _structure_mismatch(nest1, nest2, detail: str) -> ValueError:
    dot = _Dot()
    return ValueError(f"The two structures don't have the same nested structure.\n\nFirst structure: "
                      f"{_describe(nest1)}\n\nSecond structure: {_describe(nest2)}\n\nMore specifically: {detail}\n"
                      f"Entire first structure:\n{nest.map_structure(lambda _: dot, nest1)}\n"
                      f"Entire second structure:\n{nest.map_structure(lambda _: dot, nest2)}")


def assert_same_structure(nest1, nest2) -> None:
    """TF's ``nest.assert_same_structure(nest1, nest2, expand_composites=True)`` for structures holding
    ExtensionType values: an ExtensionType matches only an ExtensionType whose spec has a common supertype with
    its own (shapes may differ). Raises ValueError/TypeError with TF's wording."""
    nest.assert_same_structure(nest1, nest2)
    for x, y in zip(nest.flatten(nest1), nest.flatten(nest2)):
        ex, ey = is_extension_value(x), is_extension_value(y)
        if ex != ey:
            seq, other = (x, y) if ex else (y, x)
            raise _structure_mismatch(nest1, nest2, f'Substructure "{_describe(seq)}" is a sequence, while '
                                                    f'substructure "{_describe(other)}" is not')
        if ex and x._type_spec.most_specific_common_supertype([y._type_spec]) is None:
            raise _structure_mismatch(nest1, nest2, f"Incompatible CompositeTensor TypeSpecs: "
                                                    f"{_describe(x._type_spec)} vs. {_describe(y._type_spec)}")


def common_template(structures):
    """The template (see ``template``) of same-structured ``structures`` with each ExtensionType's spec the most
    specific common supertype of theirs (TF's cond_v2 ``_get_compatible_structured_output_specs``)."""
    def common(first, *others):
        if not is_extension_value(first):
            return None
        return first._type_spec.most_specific_common_supertype([o._type_spec for o in others])
    return nest.map_structure(common, *structures)
