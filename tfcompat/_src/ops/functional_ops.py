"""``tf.map_fn``, ``tf.scan``, ``tf.foldl``, ``tf.foldr`` (mirrors TF's ``map_fn.py`` and ``functional_ops.py``).

As in TF, each is a ``while_loop`` over TensorArrays: the elements are unstacked into TensorArrays, the loop body
reads element ``i``, calls ``fn`` and writes its result, and the results are stacked at the end. Eagerly that is
a Python loop; in a graph it is one ``While`` op that runs at run time, so the leading dimension may be unknown
until then, and gradients flow through the iterations with torch autograd."""
from __future__ import annotations

import logging

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops
from tfcompat._src.ops import extension_values as ext
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.ops.ragged import ragged_map_ops
from tfcompat._src.ops.tensor_array import TensorArray
from tfcompat._src.ops.while_loop import while_loop

__all__ = ["map_fn", "scan", "foldl", "foldr"]

_logger = logging.getLogger("tensorflow")
_warned = {"parallel": False}


def _read_variables(structure):
    return nest.map_structure(lambda v: v.read_value() if isinstance(v, variables_lib.Variable) else v, structure)


def _leading_dim(elems_flat):
    """The static length of the elements' first dimension when known, else a run-time scalar tensor."""
    n = elems_flat[0].shape[0] if elems_flat[0].shape.rank else None
    return n if n is not None else array_ops.shape(elems_flat[0])[0]


def _static_leading(elems_flat):
    dims = [e.shape[0] if e.shape.rank else None for e in elems_flat]
    known = [d for d in dims if d is not None]
    if len(set(known)) > 1:
        raise ValueError(f"Dimensions {known[0]} and {known[1]} are not compatible")
    return known[0] if known else None


def _spec_of(d):
    """(dtype, element shape) of a ``fn_output_signature`` leaf: a DType or a TensorSpec-like object."""
    if isinstance(d, dtypes.DType) or isinstance(d, str):
        return dtypes.as_dtype(d), TensorShape(None)
    if hasattr(d, "dtype") and hasattr(d, "shape"):
        return dtypes.as_dtype(d.dtype), TensorShape(d.shape)
    return dtypes.as_dtype(d), TensorShape(None)


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    """Mirrors ``tf.map_fn``: ``fn`` applied to the slices of ``elems`` along axis 0, results stacked.

    ``elems`` is a tensor or a nested structure of tensors sharing their first dimension (unknown until run time
    is fine in a graph); ``fn`` gets one slice of each, in ``elems``'s structure. ``fn_output_signature`` (TF1:
    ``dtype``) gives the structure and dtypes of ``fn``'s result when it differs from ``elems``'s: dtypes or
    ``tf.TensorSpec``s (``tf.RaggedTensorSpec``s and ragged ``elems``: ``ragged_map_ops``). ``parallel_iterations``, ``swap_memory`` are accepted (iterations run in order).

    Raises:
      TypeError: ``fn`` is not callable. ValueError: no tensors in ``elems``, scalar elements, ``fn``'s result not
        in the expected structure."""
    if fn_output_signature is None:
        fn_output_signature = dtype
    if not callable(fn):
        raise TypeError(f"The provided function {fn.__name__} is not callable.fn must be callable.")  # TF's text
    in_graph_mode = ctx_lib.graph_mode_graph() is not None
    if in_graph_mode and not parallel_iterations:
        parallel_iterations = 10
    elif not in_graph_mode and parallel_iterations and parallel_iterations > 1:
        if not _warned["parallel"]:
            _warned["parallel"] = True
            _logger.warning("Setting parallel_iterations > 1 has no effect when executing eagerly. Consider calling "
                            "map_fn with tf.function to execute fn in parallel.")
        parallel_iterations = 1
    elif not parallel_iterations:
        parallel_iterations = 1
    elems = _read_variables(elems)
    if ext.has_extensions(elems) or ext.has_extensions(fn_output_signature):
        return _map_fn_extension_types(fn, elems, fn_output_signature, parallel_iterations, back_prop,
                                       swap_memory, infer_shape, name)
    elems_flat = nest.flatten(elems)
    if not elems_flat:
        raise ValueError(f"elems must be a Tensor or (possibly nested) sequence of Tensors. Got {elems}, which does "
                         f"not contain any Tensors.")
    if fn_output_signature is None:
        result_specs = None
    else:
        result_specs = [_spec_of(d) for d in nest.flatten(fn_output_signature)]
    if ragged_map_ops.involves_ragged(elems_flat, fn_output_signature):
        with name_scope(name, "map"):
            return ragged_map_ops.map_fn_ragged(fn, elems, elems_flat, fn_output_signature)
    with name_scope(name, "map"):
        elems_flat = [convert_to_tensor(t, name="elem") for t in elems_flat]
        first = elems_flat[0]
        if first.shape.rank is not None and first.shape.rank < 1:
            raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
        n_static = _static_leading(elems_flat)
        n = n_static if n_static is not None else array_ops.shape(first)[0]
        elems_ta = [TensorArray(dtype=t.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(t)
                    for t in elems_flat]
        if result_specs is None:
            result_specs = [(t.dtype, TensorShape(None)) for t in elems_flat]
        result_ta = [TensorArray(dtype=dt, size=n, dynamic_size=False, infer_shape=infer_shape, element_shape=shape)
                     for dt, shape in result_specs]
        expected = fn_output_signature if fn_output_signature is not None else elems

        def compute(i, tas):
            value = fn(nest.pack_sequence_as(elems, [ta.read(i) for ta in elems_ta]))
            nest.assert_same_structure(expected, value)
            ragged_map_ops.check_dense_results(nest.flatten(value))
            return i + 1, [ta.write(i, v) for ta, v in zip(tas, nest.flatten(value))]

        _, r_a = while_loop(lambda i, _: i < n, compute, (array_ops.constant(0), result_ta),
                            parallel_iterations=parallel_iterations, back_prop=back_prop, swap_memory=swap_memory,
                            maximum_iterations=n)
        results = [r.stack() for r in r_a]
        if in_graph_mode:
            for r in results:
                if r.shape.rank is not None:
                    r.set_shape(TensorShape([n_static]).concatenate(r.shape[1:]))
    return nest.pack_sequence_as(expected, results)


def _map_fn_extension_types(fn, elems, fn_output_signature, parallel_iterations, back_prop, swap_memory,
                            infer_shape, name):
    """``map_fn`` with ExtensionType elements or results (BatchableExtensionTypes, as TF requires): mapped as
    their components, ``fn`` given each slice rebuilt by the unbatched spec, the results rebuilt by the batched
    spec of ``fn_output_signature`` (the elements' when None)."""
    in_tmpl = ext.template(elems)
    slice_tmpl = ext.map_specs(lambda s: s._unbatch(), in_tmpl)
    out_tmpl = slice_tmpl if fn_output_signature is None else ext.spec_template(fn_output_signature)
    inner_sig = None if fn_output_signature is None else ext.expand_specs(fn_output_signature)
    expanded = ext.expand(elems)
    flat = [convert_to_tensor(t) for t in nest.flatten(expanded)]
    n = _static_leading(flat) if flat else None

    def inner(x):
        return ext.expand(fn(ext.rebuild(slice_tmpl, x)))
    result = map_fn(inner, expanded, parallel_iterations=parallel_iterations, back_prop=back_prop,
                    swap_memory=swap_memory, infer_shape=infer_shape, name=name, fn_output_signature=inner_sig)
    return ext.rebuild(ext.map_specs(lambda s: s._batch(n), out_tmpl), result)


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """Mirrors ``tf.foldl``: ``fn(fn(fn(init, e0), e1), ...)`` over the slices of ``elems`` along axis 0 (``init``
    is the first slice when ``initializer`` is None).

    Raises:
      TypeError: ``fn`` is not callable."""
    if not callable(fn):
        raise TypeError(f"{fn.__name__} is not callable. Please provide a callable function.")
    with name_scope(name, "foldl"):
        elems_flat = [convert_to_tensor(e, name="elem") for e in nest.flatten(elems)]
        n = _leading_dim(elems_flat)
        elems_ta = nest.pack_sequence_as(elems, [
            TensorArray(dtype=e.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(e) for e in elems_flat])
        if initializer is None:
            a = nest.map_structure(lambda ta: ta.read(0), elems_ta)
            i = array_ops.constant(1)
        else:
            a = initializer
            i = array_ops.constant(0)

        def compute(i, a):
            elem_i = nest.map_structure(lambda ta: ta.read(i), elems_ta)
            return [i + 1, fn(a, elem_i)]

        _, r_a = while_loop(lambda i, a: i < n, compute, [i, a], parallel_iterations=parallel_iterations,
                            back_prop=back_prop, swap_memory=swap_memory, maximum_iterations=n)
    return r_a


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """Mirrors ``tf.foldr``: ``foldl`` from the last slice of ``elems`` to the first.

    Raises:
      TypeError: ``fn`` is not callable."""
    if not callable(fn):
        raise TypeError(f"{fn.__name__} is not callable. Please provide a callable function.")
    with name_scope(name, "foldr"):
        elems_flat = [convert_to_tensor(e, name="elem") for e in nest.flatten(elems)]
        n = _leading_dim(elems_flat)
        elems_ta = nest.pack_sequence_as(elems, [
            TensorArray(dtype=e.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(e) for e in elems_flat])
        if initializer is None:
            i = n - 1
            a = nest.map_structure(lambda ta: ta.read(i), elems_ta)
        else:
            i = n
            a = initializer

        def compute(i, a):
            i -= 1
            elem = nest.map_structure(lambda ta: ta.read(i), elems_ta)
            return [i, fn(a, elem)]

        _, r_a = while_loop(lambda i, a: i > 0, compute, [i, a], parallel_iterations=parallel_iterations,
                            back_prop=back_prop, swap_memory=swap_memory, maximum_iterations=n)
    return r_a


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, infer_shape=True,
         reverse=False, name=None):
    """Mirrors ``tf.scan``: the stacked sequence of ``foldl`` accumulators (``foldr``'s with ``reverse``).

    Raises:
      TypeError: ``fn`` is not callable. ValueError: ``fn``'s result not in the accumulator's structure."""
    if not callable(fn):
        raise TypeError(f"{fn.__name__} is not callable. Please provide a callable function.")
    input_is_sequence = nest.is_nested(elems)

    def input_pack(x):
        return nest.pack_sequence_as(elems, x) if input_is_sequence else x[0]

    if initializer is None:
        output_is_sequence, output_template = input_is_sequence, elems
    else:
        output_is_sequence, output_template = nest.is_nested(initializer), initializer

    def output_flatten(x):
        return nest.flatten(x) if output_is_sequence else [x]

    def output_pack(x):
        return nest.pack_sequence_as(output_template, x) if output_is_sequence else x[0]

    elems_flat = nest.flatten(elems) if input_is_sequence else [elems]
    in_graph_mode = ctx_lib.graph_mode_graph() is not None
    with name_scope(name, "scan"):
        elems_flat = [convert_to_tensor(e, name="elem") for e in elems_flat]
        n = _leading_dim(elems_flat)
        elems_ta = [TensorArray(dtype=e.dtype, size=n, dynamic_size=False, element_shape=e.shape[1:],
                                infer_shape=True).unstack(e) for e in elems_flat]
        if initializer is None:
            a_flat = [ta.read(n - 1 if reverse else 0) for ta in elems_ta]
            i = 1
        else:
            a_flat = [convert_to_tensor(init) for init in output_flatten(initializer)]
            i = 0
        accs_ta = [TensorArray(dtype=init.dtype, size=n, element_shape=init.shape if infer_shape else None,
                               dynamic_size=False, infer_shape=infer_shape) for init in a_flat]
        if initializer is None:
            accs_ta = [ta.write(n - 1 if reverse else 0, a) for ta, a in zip(accs_ta, a_flat)]

        def compute(i, a_flat, tas):
            a_out = fn(output_pack(a_flat), input_pack([ta.read(i) for ta in elems_ta]))
            nest.assert_same_structure(elems if initializer is None else initializer, a_out)
            flat_a_out = output_flatten(a_out)
            tas = [ta.write(i, value) for ta, value in zip(tas, flat_a_out)]
            return (i - 1 if reverse else i + 1), flat_a_out, tas

        if reverse:
            initial_i = n - 1 - i

            def condition(i, _1, _2):
                return i >= 0
        else:
            initial_i = i

            def condition(i, _1, _2):
                return i < n
        _, _, r_a = while_loop(condition, compute, (initial_i, a_flat, accs_ta),
                               parallel_iterations=parallel_iterations, back_prop=back_prop,
                               swap_memory=swap_memory, maximum_iterations=n)
        results_flat = [r.stack() for r in r_a]
        if in_graph_mode:
            n_static = _static_leading(elems_flat)
            for r in results_flat:
                if r.shape.rank is not None:
                    r.set_shape(TensorShape([n_static]).concatenate(r.shape[1:]))
    return output_pack(results_flat)
