"""The ``serving_default`` signature ``tf.saved_model.save`` writes for a Keras model (tf-keras's
``saving_utils.trace_model_call`` and ``Model.save_spec``).

A model remembers its inputs as named ``TensorSpec``s: a functional model (or a Sequential with an input) from its
``Input`` layers, named after them ('input_1', 'feat', 'dense_input'); a subclassed model from its first call, named
after the inputs' dict keys or 'input_1', 'input_2', ... (tf-keras's pseudo input names). The signature calls the
model with ``training=False`` and returns a flat dict keyed by the output layers' names (functional) or the pseudo
output names ('output_1', ..., or the keys of a returned dict) of a subclassed model."""
from __future__ import annotations

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import extension_values as ext
from tfcompat._src.runtime.function import function
from tfcompat._src.runtime.function_types import TensorSpec

__all__ = ["pseudo_names", "input_specs", "record_call_spec", "default_signature", "call_function"]


def pseudo_names(structure, prefix: str) -> list:
    """tf-keras's ``compile_utils._create_pseudo_names``: a dict's keys (``key_1``, ``key_2`` for a key holding
    several tensors) or ``prefix`` + 1-based position for everything else."""
    def one(element, name):
        flat = nest.flatten(element)
        return [name] if len(flat) == 1 else [f"{name}_{i + 1}" for i in range(len(flat))]

    if isinstance(structure, dict):
        names = []
        for key in sorted(structure):
            names += one(structure[key], str(key))
        return names
    if isinstance(structure, (list, tuple)):
        names = []
        for i, element in enumerate(structure):
            names += one(element, f"{prefix}{i + 1}")
        return names
    return [f"{prefix}1"]


def _spec(tensor, name, dynamic_batch: bool):
    if ext.is_extension_value(tensor):   # an ExtensionType input (Input(type_spec=...)): its spec
        return tensor._type_spec
    if ext.is_extension_spec(tensor):
        return tensor
    shape = TensorShape(tensor.shape)
    if dynamic_batch and shape.rank:
        shape = TensorShape([None] + shape.as_list()[1:])
    return TensorSpec(shape, tensor.dtype, name)


def record_call_spec(model, inputs) -> None:
    """tf-keras's ``Model._set_save_spec`` on a subclassed model's first call: the inputs as named specs."""
    flat = nest.flatten(inputs)
    if not flat or not all(hasattr(t, "shape") and hasattr(t, "dtype") for t in flat):
        return
    names = pseudo_names(inputs, "input_")
    if len(names) != len(flat):
        names = [None] * len(flat)
    model._saved_model_inputs_spec = nest.pack_sequence_as(
        inputs, [_spec(t, n, dynamic_batch=False) for t, n in zip(flat, names)])


def input_specs(model, dynamic_batch: bool = True):
    """The model's input structure as named ``TensorSpec``s (batch dimension ``None`` with ``dynamic_batch``), or
    None when the model has not seen its inputs yet."""
    if getattr(model, "_is_graph_network", False):
        nested = model._nested_inputs
        names = list(model.input_names)
        return nest.pack_sequence_as(nested, [_spec(t, n, dynamic_batch) for t, n in
                                              zip(nest.flatten(nested), names)])
    recorded = getattr(model, "_saved_model_inputs_spec", None)
    if recorded is None:
        return None
    return nest.map_structure(lambda s: _spec(s, s.name, dynamic_batch), recorded)


def default_signature(model):
    """The concrete function ``tf.saved_model.save`` exports as ``serving_default`` for ``model`` (tf-keras's
    ``trace_model_call``), or None for a model whose inputs are unknown (not built by a call)."""
    specs = input_specs(model)
    if specs is None:
        return None

    def serve(inputs):
        outputs = model(inputs, training=False)
        names = model.output_names if getattr(model, "output_names", None) else pseudo_names(outputs, "output_")
        return dict(zip(names, nest.flatten(outputs)))

    if not ext.has_extensions(specs):
        return function(serve).get_concrete_function(specs)
    # TF's signature canonicalization: an ExtensionType input is taken as its component tensors, named 'args_0',
    # 'args_0_1', ... (flattened in field order), and rebuilt for the model.
    expanded = ext.expand_specs(specs)
    flat = nest.flatten(expanded)
    names = ["args_0"] + [f"args_0_{i}" for i in range(1, len(flat))]
    tmpl = ext.spec_template(specs)

    def serve_components(components):
        return serve(ext.rebuild(tmpl, nest.pack_sequence_as(expanded, list(components))))

    return function(serve_components).get_concrete_function(
        [TensorSpec(s.shape, s.dtype, n) for s, n in zip(flat, names)])


def call_function(model):
    """The ``__call__`` tf.function a SavedModel of ``model`` holds (tf-keras saves the model's call, so that
    ``tf.saved_model.load(path)(inputs)`` runs it): the model called with ``training=False`` on its input specs
    (ExtensionType inputs as their specs), traced once; None for a model whose inputs are unknown. (tf-keras also
    traces ``training=True`` and takes ``training``/``mask`` arguments: not here.)"""
    specs = input_specs(model)
    if specs is None:
        return None

    def call(inputs):
        return model(inputs, training=False)

    fn = function(call)
    fn.get_concrete_function(specs)
    return fn
