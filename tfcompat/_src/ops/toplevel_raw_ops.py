"""Raw ops TF 2.21 exports at the top level of ``tf`` (and ``tf.compat.v1``): ``tf.conv``,
``tf.conv2d_backprop_filter_v2``, ``tf.conv2d_backprop_input_v2`` and ``tf.ragged_fill_empty_rows`` (+ its
gradient op), with TF's CPU behaviour: ``Conv`` has no gradient, the V2 backprop ops have no CPU kernel."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import NO_GRADIENT, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_more_ops, array_ops, math_more_ops, math_ops, reduction_ops, scan_ops, scatter_ops

__all__ = ["conv", "conv2d_backprop_filter_v2", "conv2d_backprop_input_v2", "ragged_fill_empty_rows",
           "ragged_fill_empty_rows_grad"]


def _explicit_pairs(explicit_paddings):
    flat = [int(v) for v in explicit_paddings]
    return [flat[i:i + 2] for i in range(0, len(flat), 2)]


def _conv_pads(x, w, strides, padding, explicit_paddings, dilations):
    """Per spatial dimension (before, after) padding of TF's ``SAME``/``VALID``/``EXPLICIT``."""
    n = x.dim() - 2
    if padding == "EXPLICIT":
        return [tuple(p) for p in _explicit_pairs(explicit_paddings)[1:-1]]
    if padding == "VALID":
        return [(0, 0)] * n
    pads = []
    for i in range(n):
        size, k = x.shape[1 + i], (w.shape[i] - 1) * dilations[i] + 1
        out = -(-size // strides[i])
        total = max((out - 1) * strides[i] + k - size, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def _conv_shape(inputs, attrs):
    return [(TensorShape(None), inputs[0].dtype)]


# TF's generic ``Conv`` op has a CPU kernel for 2 or 3 spatial dimensions (channels last) and no gradient.
@register_op("Conv", grad=NO_GRADIENT, inputs=("input", "filter"),
             types={"input": Arg("T", ("half", "bfloat16", "float", "double", "int32")),
                    "filter": Arg("T", ("half", "bfloat16", "float", "double", "int32"))},
             shape_fn=_conv_shape)
def _conv(x, w, *, strides, padding, explicit_paddings=(), data_format="CHANNELS_LAST", dilations=(),
          batch_dims=1, groups=1):
    n = x.dim() - 1 - batch_dims
    if n not in (2, 3):
        raise errors.InvalidArgumentError(f"The input must have 2 or 3 spatial dimensions but got {n}")
    if batch_dims != 1 or data_format != "CHANNELS_LAST":
        raise errors.UnimplementedError("Conv: tfcompat runs batch_dims=1 with data_format='CHANNELS_LAST' only")
    spatial_strides = list(strides)[1:-1]
    spatial_dilations = list(dilations)[1:-1] if dilations else [1] * n
    pads = _conv_pads(x, w, spatial_strides, padding, explicit_paddings, spatial_dilations)
    xt = x.movedim(-1, 1)
    flat = [p for pair in reversed(pads) for p in pair]
    if any(flat):
        xt = torch.nn.functional.pad(xt, flat)
    wt = w.permute(n + 1, n, *range(n))
    run = torch.nn.functional.conv2d if n == 2 else torch.nn.functional.conv3d
    return run(xt, wt, stride=spatial_strides, dilation=spatial_dilations, groups=groups).movedim(1, -1)


def conv(input, filter, strides, padding, explicit_paddings=(), data_format="CHANNELS_LAST",  # noqa: A002
         dilations=(), batch_dims=1, groups=1, name=None):
    """Mirrors ``tf.conv`` (the raw N-d ``Conv`` op): a 2-D or 3-D convolution of ``input``
    [batch, spatial..., channels] with ``filter`` [spatial..., in / groups, out]; ``strides`` and ``dilations``
    give one value per input dimension. As in TF, it has no gradient (LookupError) and other ranks raise
    InvalidArgumentError."""
    x = convert_to_tensor(input)
    w = convert_to_tensor(filter, dtype=x.dtype)
    attrs = {"strides": tuple(int(v) for v in strides), "padding": padding.upper(),
             "explicit_paddings": tuple(int(v) for v in explicit_paddings), "data_format": data_format,
             "dilations": tuple(int(v) for v in dilations), "batch_dims": int(batch_dims), "groups": int(groups)}
    return apply_op("Conv", [x, w], attrs, name=name)


def _list_text(values) -> str:
    return "[" + ", ".join(str(int(v)) for v in values) + "]"


def _no_cpu_kernel(op_type):
    def kernel(a, b, c, *, strides, padding, use_cudnn_on_gpu=True, explicit_paddings=(), data_format="NHWC",
               dilations=(1, 1, 1, 1)):
        raise errors.NotFoundError(
            f"Could not find device for node: {{{{node {op_type}}}}} = {op_type}[T={_TF_DT.get(a.dtype, a.dtype)}, "
            f"data_format=\"{data_format}\", dilations={_list_text(dilations)}, "
            f"explicit_paddings={_list_text(explicit_paddings)}, padding=\"{padding}\", "
            f"strides={_list_text(strides)}, use_cudnn_on_gpu={str(use_cudnn_on_gpu).lower()}]")
    return kernel


_TF_DT = {torch.float32: "DT_FLOAT", torch.float64: "DT_DOUBLE", torch.float16: "DT_HALF",
          torch.bfloat16: "DT_BFLOAT16", torch.int32: "DT_INT32"}

# TF 2.21 registers Conv2DBackpropFilterV2 / Conv2DBackpropInputV2 for GPU only: on CPU running them raises
# NotFoundError, and so do these kernels (graphs still build).
for _name, _index, _types in (("Conv2DBackpropFilterV2", 1, ("half", "bfloat16", "float", "double")),
                              ("Conv2DBackpropInputV2", 0, ("half", "bfloat16", "float", "double", "int32"))):
    register_op(_name, grad=NO_GRADIENT, inputs=("input", "filter", "out_backprop"),
                types={n: Arg("T", _types) for n in ("input", "filter", "out_backprop")},
                shape_fn=lambda inputs, attrs, i=_index: [(inputs[i].shape, inputs[i].dtype)])(_no_cpu_kernel(_name))


def _v2_attrs(strides, padding, use_cudnn_on_gpu, explicit_paddings, data_format, dilations):
    return {"strides": tuple(int(v) for v in strides), "padding": padding.upper(),
            "use_cudnn_on_gpu": bool(use_cudnn_on_gpu), "explicit_paddings": tuple(int(v) for v in explicit_paddings),
            "data_format": data_format, "dilations": tuple(int(v) for v in dilations)}


def conv2d_backprop_filter_v2(input, filter, out_backprop, strides, padding, use_cudnn_on_gpu=True,  # noqa: A002
                              explicit_paddings=(), data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """Mirrors ``tf.conv2d_backprop_filter_v2`` (op ``Conv2DBackpropFilterV2``). TF 2.21 has no CPU kernel for
    it: running it raises NotFoundError, as here (use ``tf.compat.v1.nn.conv2d_backprop_filter``)."""
    x = convert_to_tensor(input)
    ts = [x, convert_to_tensor(filter, dtype=x.dtype), convert_to_tensor(out_backprop, dtype=x.dtype)]
    return apply_op("Conv2DBackpropFilterV2", ts, _v2_attrs(strides, padding, use_cudnn_on_gpu, explicit_paddings,
                                                            data_format, dilations), name=name)


def conv2d_backprop_input_v2(input, filter, out_backprop, strides, padding, use_cudnn_on_gpu=True,  # noqa: A002
                             explicit_paddings=(), data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """Mirrors ``tf.conv2d_backprop_input_v2`` (op ``Conv2DBackpropInputV2``). TF 2.21 has no CPU kernel for
    it: running it raises NotFoundError, as here (use ``tf.compat.v1.nn.conv2d_backprop_input``)."""
    x = convert_to_tensor(input)
    ts = [x, convert_to_tensor(filter, dtype=x.dtype), convert_to_tensor(out_backprop, dtype=x.dtype)]
    return apply_op("Conv2DBackpropInputV2", ts, _v2_attrs(strides, padding, use_cudnn_on_gpu, explicit_paddings,
                                                           data_format, dilations), name=name)


def ragged_fill_empty_rows(value_rowids, values, nrows, default_value, name=None):
    """Mirrors ``tf.ragged_fill_empty_rows`` (op ``RaggedFillEmptyRows``): every empty row of the ragged tensor
    (``value_rowids``, ``values``, ``nrows``) gets one ``default_value``. Returns (output_value_rowids,
    output_values, empty_row_indicator, reverse_index_map), as TF.

    Raises:
      InvalidArgumentError: ``default_value`` is not a scalar (TF's message)."""
    with name_scope(name, "RaggedFillEmptyRows"):
        rowids = convert_to_tensor(value_rowids, dtype=dtypes.int64)
        values = convert_to_tensor(values)
        nrows = convert_to_tensor(nrows, dtype=dtypes.int64)
        default = convert_to_tensor(default_value, dtype=values.dtype)
        if default.shape.rank not in (None, 0):
            raise errors.InvalidArgumentError(f"default_value must be a scalar, saw: {default.shape.as_list()}")
        counts = math_more_ops.bincount(rowids, minlength=nrows, maxlength=nrows, dtype=dtypes.int64)
        empty = math_ops.equal(counts, 0)
        filled_counts = math_ops.maximum(counts, 1)
        # starts[r]: where row r begins in the output; a value moves by the empty rows before its row.
        starts = scan_ops.cumsum(filled_counts, exclusive=True)
        orig_starts = scan_ops.cumsum(counts, exclusive=True)
        reverse_index_map = array_ops.gather(starts, rowids) + (
            array_ops.range(array_ops.shape(rowids, out_type=dtypes.int64)[0], dtype=dtypes.int64)
            - array_ops.gather(orig_starts, rowids))
        total = reduction_ops.reduce_sum(filled_counts)
        out_rowids = array_more_ops.repeat(array_ops.range(nrows, dtype=dtypes.int64), filled_counts)
        filled = array_ops.fill(array_ops.reshape(total, [1]), default)
        out_values = scatter_ops.tensor_scatter_nd_update(
            filled, array_ops.expand_dims(reverse_index_map, -1), values)
        return out_rowids, out_values, empty, reverse_index_map


def ragged_fill_empty_rows_grad(reverse_index_map, grad_values, name=None):
    """Mirrors ``tf.ragged_fill_empty_rows_grad`` (op ``RaggedFillEmptyRowsGrad``): (the gradient of
    ``values``: ``grad_values`` gathered at ``reverse_index_map``, the gradient of ``default_value``: the sum
    of the rest)."""
    with name_scope(name, "RaggedFillEmptyRowsGrad"):
        grad_values = convert_to_tensor(grad_values)
        d_values = array_ops.gather(grad_values, reverse_index_map)
        d_default = reduction_ops.reduce_sum(grad_values) - reduction_ops.reduce_sum(d_values)
        return d_values, d_default


# The outputs of ``tf.nondifferentiable_batch_function`` (runtime/batch_function.py) pass through this op, which
# stands for TF's ``BatchFunction``: no gradient entry, so a gradient through it raises LookupError as in TF.
@register_op("BatchFunction", grad=NO_GRADIENT, inputs=("in_tensors",),
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _batch_function_output(t):
    return t


def batch_function_output(tensor, name=None):
    """One output of a batched function, marked as TF's ``BatchFunction`` op (not differentiable).

    Raises:
      FailedPreconditionError: the output has no batch dimension (TF's message)."""
    t = convert_to_tensor(tensor)
    if t.shape.rank == 0:
        raise errors.FailedPreconditionError(None, None, "Batched output tensor has 0 dimensions")
    return apply_op("BatchFunction", [t], {}, name=name)
