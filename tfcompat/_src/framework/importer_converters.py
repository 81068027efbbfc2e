"""Converters for imported nodes whose TF inputs are static attributes of tfcompat's kernels (``Split``'s
``split_dim``, ``Pad``'s ``paddings``, ``StridedSlice``'s ``begin``/``end``/``strides`` with TF's masks, ...).

Such an input must be a constant of the imported graph (TF writes them as ``Const`` nodes); otherwise the
converter raises NotImplementedError naming the node. Registered with :mod:`.importer` on import."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.importer import register_converter

__all__ = ["static_value"]


def static_value(ctx, tensor, what: str):
    """The python value (int or nested list) of a constant input of node ``ctx``.

    Raises:
      NotImplementedError: the input is computed at run time."""
    value = constant_value(tensor)
    if value is None:
        raise NotImplementedError(f"tf.import_graph_def: node '{ctx.name}' ({ctx.op_type}) takes its {what} from "
                                  f"'{tensor.name}', computed at run time; tfcompat needs a constant there.")
    return value.tolist() if isinstance(value, torch.Tensor) else value


@register_converter("Split")
def _split(ctx, inputs):
    axis = static_value(ctx, inputs[0], "split_dim")
    return apply_op("Split", [inputs[1]], {"axis": int(axis), "num_split": int(ctx.attrs["num_split"])},
                    name=ctx.name)


@register_converter("SplitV")
def _split_v(ctx, inputs):
    sizes = [int(s) for s in static_value(ctx, inputs[1], "size_splits")]
    axis = int(static_value(ctx, inputs[2], "split_dim"))
    if -1 in sizes:
        known = sum(s for s in sizes if s != -1)
        dim = inputs[0].shape[axis]
        if dim is None:
            raise NotImplementedError(f"tf.import_graph_def: node '{ctx.name}' (SplitV) infers a size (-1) along "
                                      f"a dimension unknown before running.")
        sizes[sizes.index(-1)] = dim - known
    return apply_op("SplitV", [inputs[0]], {"sizes": sizes, "axis": axis}, name=ctx.name)


@register_converter("Pad", "PadV2")
def _pad(ctx, inputs):
    paddings = static_value(ctx, inputs[1], "paddings")
    attrs = {"paddings": [list(map(int, p)) for p in paddings]}
    if ctx.op_type == "PadV2":
        attrs["constant_values"] = static_value(ctx, inputs[2], "constant_values")
    return apply_op("Pad", [inputs[0]], attrs, name=ctx.name)


@register_converter("Range")
def _range(ctx, inputs):
    # TF's Range has only its Tidx type attribute; tfcompat's kernel takes the output dtype as ``dtype``.
    return apply_op("Range", list(inputs), {"dtype": ctx.attrs["Tidx"]}, name=ctx.name)


@register_converter("MirrorPad")
def _mirror_pad(ctx, inputs):
    paddings = static_value(ctx, inputs[1], "paddings")
    return apply_op("MirrorPad", [inputs[0]], {"paddings": [list(map(int, p)) for p in paddings],
                                               "mode": ctx.attrs["mode"]}, name=ctx.name)


@register_converter("OneHot")
def _one_hot(ctx, inputs):
    depth = int(static_value(ctx, inputs[1], "depth"))
    return apply_op("OneHot", [inputs[0], inputs[2], inputs[3]], {"depth": depth, "axis": int(ctx.attrs["axis"])},
                    name=ctx.name)


@register_converter("GatherV2")
def _gather_v2(ctx, inputs):
    axis = int(static_value(ctx, inputs[2], "axis"))
    return apply_op("GatherV2", [inputs[0], inputs[1]], {"axis": axis,
                                                         "batch_dims": int(ctx.attrs.get("batch_dims", 0))},
                    name=ctx.name)


@register_converter("StridedSlice")
def _strided_slice(ctx, inputs):
    begin = static_value(ctx, inputs[1], "begin")
    end = static_value(ctx, inputs[2], "end")
    strides = static_value(ctx, inputs[3], "strides")
    masks = {k: int(ctx.attrs.get(k, 0)) for k in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                                    "shrink_axis_mask")}
    spec = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if masks["ellipsis_mask"] & bit:
            spec.append(("e",))
        elif masks["new_axis_mask"] & bit:
            spec.append(("n",))
        elif masks["shrink_axis_mask"] & bit:
            spec.append(("i", int(b)))
        else:
            spec.append(("s", None if masks["begin_mask"] & bit else int(b),
                         None if masks["end_mask"] & bit else int(e), int(s)))
    return apply_op("StridedSlice", [inputs[0]], {"spec": tuple(spec)}, name=ctx.name)


@register_converter("Squeeze")
def _squeeze(ctx, inputs):
    return apply_op("Squeeze", [inputs[0]], {"squeeze_dims": list(ctx.attrs.get("squeeze_dims", []))},
                    name=ctx.name)


@register_converter("Cast")
def _cast(ctx, inputs):
    return apply_op("Cast", [inputs[0]], {"DstT": ctx.attrs["DstT"], "SrcT": inputs[0].dtype}, name=ctx.name)


@register_converter("Shape", "Size", "Rank")
def _shape(ctx, inputs):
    attrs = {} if ctx.op_type == "Rank" else {"out_type": ctx.attrs.get("out_type", dtypes.int32)}
    return apply_op(ctx.op_type, [inputs[0]], attrs, name=ctx.name)


@register_converter("SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits")
def _softmax_xent(ctx, inputs):
    """TF's two outputs: the loss (tfcompat's op, with its gradient) and ``backprop``, the loss's gradient with
    respect to the logits (softmax minus the labels), which TF's gradient graphs consume."""
    features, labels = inputs
    loss = apply_op(ctx.op_type, [features, labels], {}, name=ctx.name)
    softmax = apply_op("Softmax", [features], {}, name=ctx.name + "/_softmax")
    if ctx.op_type == "SparseSoftmaxCrossEntropyWithLogits":
        depth = features.shape[-1]
        if depth is None:
            raise NotImplementedError(f"tf.import_graph_def: node '{ctx.name}' needs a known number of classes.")
        on = apply_op("Const", [], {"value": torch.ones((), dtype=features.dtype.torch_dtype),
                                    "dtype": features.dtype}, name=ctx.name + "/_on")
        off = apply_op("Const", [], {"value": torch.zeros((), dtype=features.dtype.torch_dtype),
                                     "dtype": features.dtype}, name=ctx.name + "/_off")
        labels = apply_op("OneHot", [labels, on, off], {"depth": int(depth), "axis": -1}, name=ctx.name + "/_one_hot")
    backprop = apply_op("Sub", [softmax, labels], {}, name=ctx.name + "/_backprop")
    return [loss, backprop]


@register_converter("ConcatV2")
def _concat(ctx, inputs):
    values, axis = list(inputs[:-1]), inputs[-1]
    static = constant_value(axis)
    if static is None:
        return apply_op("ConcatV2", values + [axis], {"N": len(values)}, name=ctx.name)
    return apply_op("ConcatV2", values, {"N": len(values), "axis": int(static)}, name=ctx.name)


@register_converter("ResizeBilinear", "ResizeNearestNeighbor", "ResizeBicubic", "ResizeArea")
def _resize(ctx, inputs):
    size = [int(s) for s in static_value(ctx, inputs[1], "size")]
    flags = ("align_corners",) if ctx.op_type == "ResizeArea" else ("align_corners", "half_pixel_centers")
    attrs = {k: bool(ctx.attrs[k]) for k in flags if k in ctx.attrs}
    return apply_op(ctx.op_type, [inputs[0]], dict(attrs, size=size), name=ctx.name)
