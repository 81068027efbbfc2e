"""ExtensionType values as dataset elements (TF's extension_type guide, "Datasets"): inside a pipeline an
ExtensionType is the tuple of its component tensors (``ExtensionTypeSpec._to_components``), as TF's datasets
carry its flat tensor list; the dataset keeps a *template* (its element structure with each ExtensionType's
``ExtensionTypeSpec`` as a leaf, other leaves ``None``) from which the public ``element_spec`` and the elements
are rebuilt. Batching, unbatching and slicing act on the components; the rebuilt spec follows with
``BatchableExtensionTypeSpec._batch``/``_unbatch`` (the components' rank says which)."""
from __future__ import annotations

import collections.abc

from tfcompat._src.runtime.extension_type import (BatchableExtensionTypeSpec, ExtensionType, ExtensionTypeSpec,
                                                  _fields_of)
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.data import structure

__all__ = ["template_of_value", "template_of_spec", "expand_value", "expand_spec", "public_spec", "rebuild_value",
           "FunctionAdapter", "fits", "trace", "template_after", "is_ext_spec", "expanding_generator"]


def is_ext_spec(s) -> bool:
    """Whether ``s`` is an ExtensionTypeSpec."""
    return isinstance(s, ExtensionTypeSpec)


def template_of_value(element):
    """The template of an element (None when it holds no ExtensionType)."""
    flat = structure.flatten(element)
    if not any(isinstance(v, ExtensionType) for v in flat):
        return None
    return structure.pack(element, [v._type_spec if isinstance(v, ExtensionType) else None for v in flat])


def template_of_spec(spec):
    """The template of an element spec (None when it holds no ExtensionTypeSpec)."""
    flat = structure.flatten(spec)
    if not any(is_ext_spec(s) for s in flat):
        return None
    return structure.pack(spec, [s if is_ext_spec(s) else None for s in flat])


def expand_value(element):
    """``element`` with each ExtensionType as the tuple of its components."""
    return structure.map_structure(
        lambda v: tuple(v._type_spec._to_components(v)) if isinstance(v, ExtensionType) else v, element)


def expand_spec(spec):
    """``spec`` with each ExtensionTypeSpec as the tuple of its component specs."""
    return structure.map_structure(lambda s: tuple(s._component_specs) if is_ext_spec(s) else s, spec)


def _with_components(spec, comps: list):
    """``spec`` (a template leaf) fitted to the component specs a pipeline stage gives: batched or unbatched
    when the components gained or lost a leading dimension, then each TensorSpec field set to its component's."""
    old = spec._component_specs
    if isinstance(spec, BatchableExtensionTypeSpec) and old and comps:
        before, after = old[0].shape.rank, comps[0].shape.rank
        if before is not None and after is not None and after == before + 1:
            spec = spec._batch(comps[0].shape[0])
        elif before is not None and after is not None and after == before - 1:
            spec = spec._unbatch()
    it = iter(comps)

    def field(f):
        if isinstance(f, TensorSpec):
            c = next(it)
            return TensorSpec(c.shape, c.dtype)
        if isinstance(f, ExtensionTypeSpec):
            return _replace_fields(f, field)
        if isinstance(f, collections.abc.Mapping):
            return _map_mapping(f, field)
        if isinstance(f, tuple):
            return tuple(field(v) for v in f)
        return f
    return _replace_fields(spec, field)


def _map_mapping(f, field):
    new = {k: field(f[k]) for k in sorted(f)}     # components are in sorted-key order
    return type(f)((k, new[k]) for k in f)


def _replace_fields(spec, field):
    out = type(spec).__new__(type(spec))
    for name, _, _ in _fields_of(spec.value_type):
        out.__dict__[name] = field(spec.__dict__[name])
    return out


def public_spec(template, internal_spec):
    """The element_spec users see: ``internal_spec`` with each template ExtensionTypeSpec rebuilt."""
    parts = structure.flatten_up_to(template, internal_spec)
    flat_t = structure.flatten(template)
    return structure.pack(template, [_with_components(t, structure.flatten(p)) if t is not None else p
                                     for t, p in zip(flat_t, parts)])


def rebuild_value(public, internal_value):
    """An element as users see it: each ExtensionType made from its components (``_from_components``)."""
    parts = structure.flatten_up_to(public, internal_value)
    return structure.pack(public, [s._from_components(list(structure.flatten(p))) if is_ext_spec(s) else p
                                   for s, p in zip(structure.flatten(public), parts)])


class FunctionAdapter:
    """Adapts a dataset function written for elements of ``public_in`` to the expanded elements
    ``StructuredFunction`` passes (a tuple element as positional arguments): ``adapter(func)`` rebuilds its
    ExtensionType arguments and expands its ExtensionType results; ``out_template`` is the template of its result
    once traced (None without ExtensionTypes)."""

    def __init__(self, public_in):
        self.public_in = public_in
        self.in_template = template_of_spec(public_in)
        self.expanded_is_tuple = type(expand_spec(public_in)) is tuple
        self.out_template = None

    def __call__(self, func):
        if self.in_template is None:
            return lambda *args: self._out(func(*args))
        public_in = self.public_in

        def adapted(*args):
            element = rebuild_value(public_in, args if self.expanded_is_tuple else args[0])
            return self._out(func(*element) if type(public_in) is tuple else func(element))
        return adapted

    def _out(self, ret):
        if isinstance(ret, list):
            ret = tuple(ret)
        self.out_template = template_of_value(ret)
        return expand_value(ret) if self.out_template is not None else ret


def fits(template, internal_spec) -> bool:
    """Whether ``internal_spec`` has the structure of ``template`` with each ExtensionTypeSpec expanded."""
    try:
        parts = structure.flatten_up_to(template, internal_spec)
    except (TypeError, ValueError):
        return False
    return all(t is None or (type(p) is tuple and len(structure.flatten(p)) == len(t._component_specs))
               for t, p in zip(structure.flatten(template), parts))


def expanding_generator(generator):
    """``generator`` (of ``Dataset.from_generator``) yielding each ExtensionType as its components."""
    def gen(*args):
        for value in generator(*args):
            yield expand_value(value)
    return gen


def trace(structured_function, func, name: str, spec):
    """``structured_function(func, ...)`` (data/functions.py's StructuredFunction) traced for elements of
    ``spec`` as they run in the pipeline (ExtensionTypes expanded); its ``ext_template`` is its result's."""
    adapter = FunctionAdapter(spec)
    fn = structured_function(func, name, expand_spec(spec), adapt=adapter)
    fn.ext_template = adapter.out_template
    return fn


def template_after(template, node, map_fn=None, keeps_elements=False):
    """The template of ``node``'s elements, ``node`` made from a dataset of ``template``: a map's (``map_fn``)
    from what its function returned; otherwise ``template`` when ``node`` keeps its input's elements (batch,
    unbatch, shuffle, take, filter, ...) and their expanded structure."""
    if map_fn is not None:
        return getattr(map_fn, "ext_template", None)
    if template is None or not keeps_elements:
        return None
    return template if fits(template, node.element_spec) else None
