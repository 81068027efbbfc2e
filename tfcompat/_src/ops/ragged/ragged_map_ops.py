"""``tf.map_fn`` over ``RaggedTensor`` elements or with a ``tf.RaggedTensorSpec`` result (mirrors the ragged
path of TF's ``map_fn.py``).

TF batches ``fn``'s per-row results with the composite ``_to_batched_tensor_list`` encoding; here the rows are
mapped in a Python loop and each result leaf is stacked: ``tf.ragged.stack`` where the leaf is ragged (a
``RaggedTensorSpec`` in ``fn_output_signature``, or, with no signature, a ragged ``elems`` leaf), ``tf.stack``
otherwise. In a graph with an unknown number of rows it is one ``while_loop`` (ragged result rows must then be
tensors)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes, nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged import ragged_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor, is_ragged
from tfcompat._src.ops.tensor_array import TensorArray
from tfcompat._src.ops.while_loop import while_loop

__all__ = ["check_dense_results", "is_ragged_spec", "involves_ragged", "map_fn_ragged"]


def is_ragged_spec(spec) -> bool:
    """Whether a ``fn_output_signature`` leaf is a ``tf.RaggedTensorSpec`` (duck-typed: the spec class lives in
    the runtime layer, above this one)."""
    return hasattr(spec, "ragged_rank") and hasattr(spec, "row_splits_dtype")


def involves_ragged(elems_flat, fn_output_signature) -> bool:
    """Whether ``map_fn`` takes the ragged path: a ragged element or a ragged result spec."""
    sig_flat = [] if fn_output_signature is None else nest.flatten(fn_output_signature)
    return any(is_ragged(e) for e in elems_flat) or any(is_ragged_spec(s) for s in sig_flat)


def _nrows(elems_flat) -> int:
    dims = [e.shape[0] if e.shape.rank else None for e in elems_flat]
    known = [d for d in dims if d is not None]
    if len(set(known)) > 1:
        raise ValueError(f"Dimensions {known[0]} and {known[1]} are not compatible")
    return known[0] if known else None


def map_fn_ragged(fn, elems, elems_flat, fn_output_signature):
    """The ragged path of ``tf.map_fn`` (``elems_flat`` already read from variables)."""
    elems_flat = [e if is_ragged(e) else convert_to_tensor(e, name="elem") for e in elems_flat]
    if any(e.shape.rank is not None and e.shape.rank < 1 for e in elems_flat):
        raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    n = _nrows(elems_flat)
    expected = fn_output_signature if fn_output_signature is not None else elems
    if fn_output_signature is not None:
        ragged_out = [is_ragged_spec(s) for s in nest.flatten(fn_output_signature)]
    else:
        ragged_out = [is_ragged(e) for e in elems_flat]
    out_dtypes = _out_dtypes(fn_output_signature, elems_flat)
    if n is None:
        return _map_symbolic(fn, elems, elems_flat, expected, ragged_out, out_dtypes)
    rows = [[] for _ in ragged_out]
    for i in range(n):
        value = fn(nest.pack_sequence_as(elems, [e[i] for e in elems_flat]))
        nest.assert_same_structure(expected, value)
        for acc, v in zip(rows, nest.flatten(value)):
            acc.append(v)
    results = []
    for acc, ragged, dtype in zip(rows, ragged_out, out_dtypes):
        if ragged:
            results.append(_stack_ragged(acc, dtype))
        else:
            check_dense_results(acc)
            results.append(array_ops.stack(acc) if acc else array_ops.zeros([0], dtype=dtype))
    return nest.pack_sequence_as(expected, results)


def _out_dtypes(signature, elems_flat) -> list:
    if signature is None:
        return [e.dtype for e in elems_flat]
    return [dtypes.as_dtype(getattr(s, "dtype", s)) for s in nest.flatten(signature)]


def _map_symbolic(fn, elems, elems_flat, expected, ragged_out, out_dtypes):
    """A graph with an unknown number of rows: one ``while_loop``; a ragged result leaf is two TensorArrays
    (each row's values, concatenated at the end, and its length), so its rows must be tensors, not ragged."""
    first = elems_flat[0]
    n = first.nrows(out_type=dtypes.int32) if is_ragged(first) else array_ops.shape(first)[0]
    tas = []
    for ragged, dt in zip(ragged_out, out_dtypes):
        tas += ([TensorArray(dt, size=n, infer_shape=False), TensorArray(dtypes.int64, size=n)] if ragged
                else [TensorArray(dt, size=n)])

    def body(i, flat):
        value = fn(nest.pack_sequence_as(elems, [e[i] for e in elems_flat]))
        nest.assert_same_structure(expected, value)
        out, k = [], 0
        for v, ragged in zip(nest.flatten(value), ragged_out):
            if not ragged:
                check_dense_results([v])
                out.append(flat[k].write(i, v))
                k += 1
                continue
            if is_ragged(v):
                raise NotImplementedError("tf.map_fn in a graph with an unknown number of rows supports ragged "
                                          "results whose rows are tensors, not RaggedTensors")
            v = convert_to_tensor(v)
            out += [flat[k].write(i, v), flat[k + 1].write(i, array_ops.shape(v, out_type=dtypes.int64)[0])]
            k += 2
        return i + 1, out

    _, flat = while_loop(lambda i, _: i < n, body, (array_ops.constant(0), tas), maximum_iterations=n)
    results, k = [], 0
    for ragged in ragged_out:
        if ragged:
            results.append(RaggedTensor.from_row_lengths(flat[k].concat(), flat[k + 1].stack()))
            k += 2
        else:
            results.append(flat[k].stack())
            k += 1
    return nest.pack_sequence_as(expected, results)


def check_dense_results(values) -> None:
    """Raises TF's ``ValueError`` when ``fn`` returned a RaggedTensor where the signature declares a tensor."""
    if any(is_ragged(v) for v in values):
        raise ValueError("fn returned a RaggedTensor where fn_output_signature declares a dense tensor; declare a "
                         "tf.RaggedTensorSpec")


def _stack_ragged(rows, dtype) -> RaggedTensor:
    if rows and any(is_ragged(r) for r in rows):
        return ragged_ops.stack(rows, axis=0)
    if rows:
        rows = [convert_to_tensor(r) for r in rows]
        lengths = array_ops.stack([array_ops.shape(r, out_type="int64")[0] for r in rows])
        return RaggedTensor.from_row_lengths(array_ops.concat(rows, 0), lengths)
    return RaggedTensor.from_row_splits(array_ops.zeros([0], dtype=dtype),
                                        array_ops.zeros([1], dtype="int64"))
