"""Bounding boxes in ``tf.image``: the non-max-suppression family, ``draw_bounding_boxes``, ``crop_and_resize``
and ``sample_distorted_bounding_box`` (mirrors TF's ``non_max_suppression_op.cc``, ``draw_bounding_box_op.cc``,
``crop_and_resize_op.cc``, ``sample_distorted_bounding_box_op.cc``).

NMS follows TF's greedy loop exactly (candidates by score, ties to the lower index; IOU in float32; soft-NMS with
``exp(-0.5 * iou^2 / sigma)`` and re-queued candidates). ``crop_and_resize`` samples with torch ops so that autograd
gives TF's gradients with respect to the image and the boxes."""
from __future__ import annotations

import heapq
import math
import random

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops._helpers import static_int_list, to_tensor

__all__ = ["non_max_suppression", "non_max_suppression_with_scores", "non_max_suppression_padded",
           "non_max_suppression_overlaps", "draw_bounding_boxes", "crop_and_resize", "crop_and_resize_v1",
           "sample_distorted_bounding_box", "sample_distorted_bounding_box_v2"]


# ------------------------------------------------------------------------------------------------
# non-max suppression
# ------------------------------------------------------------------------------------------------
def _iou(boxes, i, j):
    f = np.float32
    yi0, yi1 = sorted((f(boxes[i, 0]), f(boxes[i, 2])))
    xi0, xi1 = sorted((f(boxes[i, 1]), f(boxes[i, 3])))
    yj0, yj1 = sorted((f(boxes[j, 0]), f(boxes[j, 2])))
    xj0, xj1 = sorted((f(boxes[j, 1]), f(boxes[j, 3])))
    area_i, area_j = (yi1 - yi0) * (xi1 - xi0), (yj1 - yj0) * (xj1 - xj0)
    if area_i <= 0 or area_j <= 0:
        return f(0)
    inter = max(min(yi1, yj1) - max(yi0, yj0), f(0)) * max(min(xi1, xj1) - max(xi0, xj0), f(0))
    return f(inter / (area_i + area_j - inter))


def _nms(scores, n_boxes, max_out, threshold, score_threshold, sigma, similarity, pad=False):
    """TF's DoNonMaxSuppressionOp: (selected indices, selected scores, number valid)."""
    if max_out < 0:
        raise errors.InvalidArgumentError("output size must be non-negative")
    t = scores.dtype.type
    heap = [(-scores[i], i, scores[i], 0) for i in range(n_boxes) if scores[i] > score_threshold]
    heapq.heapify(heap)
    soft = sigma > 0
    scale = t(-0.5) / t(sigma) if soft else t(0)
    selected, selected_scores = [], []
    while len(selected) < max_out and heap:
        _, idx, score, begin = heapq.heappop(heap)
        original = score
        hard = False
        for j in range(len(selected) - 1, begin - 1, -1):
            sim = t(similarity(idx, selected[j]))
            weight = t(np.exp(scale * sim * sim))
            score = t(score * (weight if soft or sim <= threshold else t(0)))
            if not soft and sim > threshold:
                hard = True
                break
            if score <= score_threshold:
                break
        begin = len(selected)
        if hard:
            continue
        if score == original:
            selected.append(idx)
            selected_scores.append(score)
        elif score > score_threshold:
            heapq.heappush(heap, (-score, idx, score, begin))
    valid = len(selected)
    if pad:
        selected += [0] * (max_out - valid)
        selected_scores += [t(0)] * (max_out - valid)
    return selected, np.asarray(selected_scores, dtype=scores.dtype), valid


def _check_boxes(boxes, scores):
    if boxes.dim() != 2:
        raise errors.InvalidArgumentError(f"boxes must be 2-D{list(boxes.shape)} (Shape must be rank 2 but is rank "
                                          f"{boxes.dim()})")
    if boxes.shape[1] != 4:
        raise errors.InvalidArgumentError(f"boxes must have 4 columns (Dimension must be 4 but is {boxes.shape[1]})")
    if scores.dim() != 1:
        raise errors.InvalidArgumentError(f"scores must be 1-D{list(scores.shape)} (Shape must be rank 1 but is rank "
                                          f"{scores.dim()})")
    if scores.shape[0] != boxes.shape[0]:
        raise errors.InvalidArgumentError(f"scores has incompatible shape (Dimensions must be equal, but are "
                                          f"{boxes.shape[0]} and {scores.shape[0]})")


def _nms_shape(inputs, attrs):
    n = attrs.get("static_max")
    out = [(TensorShape([n if attrs.get("pad") else None]), dtypes.int32)]
    if attrs.get("with_scores"):
        out.append((TensorShape([n if attrs.get("pad") else None]), inputs[1].dtype))
    if attrs.get("pad"):
        out.append((TensorShape([]), dtypes.int32))
    return out


def _nms_outputs(attrs):
    return 1 + bool(attrs.get("with_scores")) + bool(attrs.get("pad"))


@register_op("NonMaxSuppressionV5", grad=NOT_DIFFERENTIABLE,
             inputs=("boxes", "scores", "max_output_size", "iou_threshold", "score_threshold", "soft_nms_sigma"),
             same_type=((0, 1),), num_outputs=_nms_outputs, shape_fn=_nms_shape)
def _nms_kernel(boxes, scores, max_output_size, iou_threshold, score_threshold, soft_nms_sigma, *, with_scores=False,
                pad=False, static_max=None):
    _check_boxes(boxes, scores)
    thr = float(iou_threshold)
    if not 0 <= thr <= 1:
        raise errors.InvalidArgumentError("iou_threshold must be in [0, 1]")
    sigma = float(soft_nms_sigma)
    if sigma < 0:
        raise errors.InvalidArgumentError("soft_nms_sigma must be non-negative")
    b = boxes.detach().cpu().numpy()
    s = scores.detach().cpu().numpy()
    t = s.dtype.type
    sel, sel_scores, valid = _nms(s, b.shape[0], int(max_output_size), t(thr), t(float(score_threshold)), t(sigma),
                                  lambda i, j: _iou(b, i, j), pad)
    outs = [torch.tensor(sel, dtype=torch.int32)]
    if with_scores:
        outs.append(torch.from_numpy(sel_scores.astype(s.dtype)))
    if pad:
        outs.append(torch.tensor(valid, dtype=torch.int32))
    return tuple(outs) if len(outs) > 1 else outs[0]


@register_op("NonMaxSuppressionWithOverlaps", grad=NOT_DIFFERENTIABLE,
             inputs=("overlaps", "scores", "max_output_size", "overlap_threshold", "score_threshold"),
             same_type=(), shape_fn=lambda inputs, attrs: [(TensorShape([None]), dtypes.int32)])
def _nms_overlaps_kernel(overlaps, scores, max_output_size, overlap_threshold, score_threshold):
    if overlaps.dim() != 2 or overlaps.shape[0] != overlaps.shape[1]:
        raise errors.InvalidArgumentError(f"overlaps must be square{list(overlaps.shape)}")
    o = overlaps.detach().cpu().numpy().astype(np.float32)
    s = scores.detach().cpu().numpy()
    t = s.dtype.type
    sel, _, _ = _nms(s, o.shape[0], int(max_output_size), t(float(overlap_threshold)), t(float(score_threshold)),
                     t(0), lambda i, j: o[i, j])
    return torch.tensor(sel, dtype=torch.int32)


def _nms_call(boxes, scores, max_output_size, iou_threshold, score_threshold, soft_nms_sigma, name, **attrs):
    b = to_tensor(boxes, name="boxes")
    s = to_tensor(scores, name="scores")
    if not b.dtype.is_floating:
        raise TypeError(f"Value passed to parameter 'boxes' has DataType {b.dtype.name} not in list of allowed "
                        f"values: float16, float32")
    m = static_int_list(max_output_size)
    attrs["static_max"] = m[0] if m else None
    args = [b, s, convert_to_tensor(max_output_size, dtype=dtypes.int32),
            convert_to_tensor(iou_threshold, dtype=b.dtype), convert_to_tensor(score_threshold, dtype=b.dtype),
            convert_to_tensor(soft_nms_sigma, dtype=b.dtype)]
    return apply_op("NonMaxSuppressionV5", args, attrs, name=name or "non_max_suppression")


def non_max_suppression(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float("-inf"),
                        name=None):
    """Mirrors ``tf.image.non_max_suppression``: indices (int32) of the greedily selected boxes, highest score
    first, dropping boxes whose IOU with a selected one exceeds ``iou_threshold``."""
    return _nms_call(boxes, scores, max_output_size, iou_threshold, score_threshold, 0.0, name)


def non_max_suppression_with_scores(boxes, scores, max_output_size, iou_threshold=0.5,
                                    score_threshold=float("-inf"), soft_nms_sigma=0.0, name=None):
    """Mirrors ``tf.image.non_max_suppression_with_scores``: (indices, scores); ``soft_nms_sigma > 0`` is
    Soft-NMS (scores decayed by ``exp(-0.5 iou^2 / sigma)``)."""
    idx, sc = _nms_call(boxes, scores, max_output_size, iou_threshold, score_threshold, soft_nms_sigma, name,
                        with_scores=True)
    return idx, sc


def non_max_suppression_padded(boxes, scores, max_output_size, iou_threshold=0.5, score_threshold=float("-inf"),
                               pad_to_max_output_size=False, name=None, sorted_input=False,
                               canonicalized_coordinates=False, tile_size=512):
    """Mirrors ``tf.image.non_max_suppression_padded`` for unbatched boxes: (indices, number valid), the
    indices padded with zeros to ``max_output_size`` when ``pad_to_max_output_size``."""
    b = to_tensor(boxes)
    if b.shape.rank is not None and b.shape.rank != 2:
        raise NotImplementedError("tfcompat's non_max_suppression_padded supports unbatched [num_boxes, 4] boxes.")
    idx, valid = _nms_call(boxes, scores, max_output_size, iou_threshold, score_threshold, 0.0, name, pad=True)
    if not pad_to_max_output_size:
        idx = idx[:valid]
    return idx, valid


def non_max_suppression_overlaps(overlaps, scores, max_output_size, overlap_threshold=0.5,
                                 score_threshold=float("-inf"), name=None):
    """Mirrors ``tf.image.non_max_suppression_overlaps``: NMS on a precomputed [n, n] overlap matrix."""
    o = to_tensor(overlaps, name="overlaps")
    s = to_tensor(scores, name="scores")
    return apply_op("NonMaxSuppressionWithOverlaps",
                    [o, s, convert_to_tensor(max_output_size, dtype=dtypes.int32),
                     convert_to_tensor(overlap_threshold, dtype=dtypes.float32),
                     convert_to_tensor(score_threshold, dtype=dtypes.float32)],
                    name=name or "non_max_suppression_overlaps")


# ------------------------------------------------------------------------------------------------
# draw_bounding_boxes
# ------------------------------------------------------------------------------------------------
_COLORS = [[1, 1, 0, 1], [0, 0, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1], [0.5, 0, 0.5, 1], [0.5, 0.5, 0, 1],
           [0.5, 0, 0, 1], [0, 0, 0.5, 1], [0, 1, 1, 1], [1, 0, 1, 1]]


@register_op("DrawBoundingBoxesV2", grad=NOT_DIFFERENTIABLE, inputs=("images", "boxes", "colors"), same_type=(),
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _draw_boxes(images, boxes, colors):
    if images.dim() != 4:
        raise errors.InvalidArgumentError("The rank of the images should be 4")
    if boxes.dim() != 3:
        raise errors.InvalidArgumentError("The rank of the boxes tensor should be 3")
    if images.shape[0] != boxes.shape[0]:
        raise errors.InvalidArgumentError("The batch sizes should be the same")
    batch, height, width, depth = images.shape
    if depth not in (1, 3, 4):
        raise errors.InvalidArgumentError("Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)")
    if boxes.shape[2] != 4:
        raise errors.InvalidArgumentError(f"The size of the third dimension of the box must be 4. Received: "
                                          f"{boxes.shape[2]}")
    if colors.numel():
        if colors.dim() != 2 or colors.shape[1] < depth:
            raise errors.InvalidArgumentError("colors must have equal or more channels than the image provided")
        table = colors[:, :depth].float().tolist()
    else:
        table = [([1] + c[1:]) if depth == 1 else c for c in _COLORS]
        table = [c[:depth] for c in table]
    canvas = images.detach().clone()
    bx = boxes.detach().float().cpu().numpy()
    for b in range(batch):
        for k in range(bx.shape[1]):
            color = torch.tensor(table[k % len(table)], dtype=canvas.dtype)
            r0 = int(np.float32(bx[b, k, 0]) * np.float32(height - 1))
            r1 = int(np.float32(bx[b, k, 2]) * np.float32(height - 1))
            c0 = int(np.float32(bx[b, k, 1]) * np.float32(width - 1))
            c1 = int(np.float32(bx[b, k, 3]) * np.float32(width - 1))
            if r0 > r1 or c0 > c1 or r0 >= height or r1 < 0 or c0 >= width or c1 < 0:
                continue  # TF logs a warning and skips inverted or outside boxes
            r0c, r1c, c0c, c1c = max(r0, 0), min(r1, height - 1), max(c0, 0), min(c1, width - 1)
            if r0 >= 0:
                canvas[b, r0, c0c:c1c + 1] = color
            if r1 < height:
                canvas[b, r1, c0c:c1c + 1] = color
            if c0 >= 0:
                canvas[b, r0c:r1c + 1, c0] = color
            if c1 < width:
                canvas[b, r0c:r1c + 1, c1] = color
    return canvas


def draw_bounding_boxes(images, boxes, colors, name=None):
    """Mirrors ``tf.image.draw_bounding_boxes``: 1-pixel box outlines (normalized [ymin, xmin, ymax, xmax]
    coordinates) in TF's colour table or ``colors``."""
    x = to_tensor(images, name="images")
    b = to_tensor(boxes, name="boxes", dtype=dtypes.float32)
    c = convert_to_tensor(colors if colors is not None else np.zeros([0, 0], np.float32), dtype=dtypes.float32)
    return apply_op("DrawBoundingBoxesV2", [x, b, c], name=name or "DrawBoundingBoxesV2")


def draw_bounding_boxes_v1(images, boxes, name=None, colors=None):
    """Mirrors ``tf.compat.v1.image.draw_bounding_boxes`` (TF1 argument order)."""
    return draw_bounding_boxes(images, boxes, colors, name)


# ------------------------------------------------------------------------------------------------
# crop_and_resize
# ------------------------------------------------------------------------------------------------
def _crop_shape(inputs, attrs):
    ch, cw = attrs["crop_size"]
    n = inputs[1].shape.as_list()[0] if inputs[1].shape.rank else None
    if n is None and inputs[2].shape.rank:
        n = inputs[2].shape.as_list()[0]
    d = inputs[0].shape.as_list()[3] if inputs[0].shape.rank == 4 else None
    return [(TensorShape([n, ch, cw, d]), dtypes.float32)]


@register_op("CropAndResize", grad=DIFFERENTIABLE, inputs=("image", "boxes", "box_ind"), same_type=(),
             shape_fn=_crop_shape)
def _crop_and_resize(image, boxes, box_ind, *, crop_size, method="bilinear", extrapolation_value=0.0):
    if image.dim() != 4:
        raise errors.InvalidArgumentError(f"input image must be 4-D{list(image.shape)}")
    if boxes.dim() != 2 or boxes.shape[1] != 4:
        raise errors.InvalidArgumentError(f"boxes must be 2-D with 4 columns{list(boxes.shape)}")
    if box_ind.dim() != 1 or box_ind.shape[0] != boxes.shape[0]:
        raise errors.InvalidArgumentError("box_index has incompatible shape")
    _, ih, iw, _ = image.shape
    if ih == 0 or iw == 0:
        raise errors.InvalidArgumentError("image dimensions must be positive")
    if bool(((box_ind < 0) | (box_ind >= image.shape[0])).any()):
        bad = int(box_ind[(box_ind < 0) | (box_ind >= image.shape[0])][0])
        raise errors.OutOfRangeError(f"box_index has values outside [0, batch_size): {bad}")
    ch, cw = crop_size
    img = image.float()[box_ind.long()]                                  # [n, ih, iw, d]
    bx = boxes.float()
    y1, x1, y2, x2 = bx[:, 0:1], bx[:, 1:2], bx[:, 2:3], bx[:, 3:4]

    def coords(a, b, size, out):
        if out > 1:
            step = (b - a) * (size - 1) / (out - 1)
            return a * (size - 1) + torch.arange(out, dtype=torch.float32, device=bx.device) * step
        return (0.5 * (a + b) * (size - 1)).expand(-1, 1)
    in_y, in_x = coords(y1, y2, ih, ch), coords(x1, x2, iw, cw)          # [n, ch], [n, cw]
    valid = ((in_y >= 0) & (in_y <= ih - 1))[:, :, None] & ((in_x >= 0) & (in_x <= iw - 1))[:, None, :]
    n = img.shape[0]
    rows = torch.arange(n, device=bx.device)[:, None, None]
    if method == "nearest":
        # TF: roundf (half away from zero); positions are within [0, size - 1] here
        yi = torch.floor(in_y.detach() + 0.5).clamp(0, ih - 1).long()
        xi = torch.floor(in_x.detach() + 0.5).clamp(0, iw - 1).long()
        out = img[rows, yi[:, :, None], xi[:, None, :]]
    else:
        top, left = torch.floor(in_y.detach()), torch.floor(in_x.detach())
        ty, by = top.clamp(0, ih - 1).long(), torch.ceil(in_y.detach()).clamp(0, ih - 1).long()
        lx, rx = left.clamp(0, iw - 1).long(), torch.ceil(in_x.detach()).clamp(0, iw - 1).long()
        ylerp = (in_y - top)[:, :, None, None]
        xlerp = (in_x - left)[:, None, :, None]
        tl = img[rows, ty[:, :, None], lx[:, None, :]]
        tr = img[rows, ty[:, :, None], rx[:, None, :]]
        bl = img[rows, by[:, :, None], lx[:, None, :]]
        br = img[rows, by[:, :, None], rx[:, None, :]]
        t = tl + (tr - tl) * xlerp
        b = bl + (br - bl) * xlerp
        out = t + (b - t) * ylerp
    return torch.where(valid[..., None], out, torch.full_like(out, float(extrapolation_value)))


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0.0, name=None):
    """Mirrors ``tf.image.crop_and_resize`` (v2 argument names): float32 crops of ``crop_size`` sampled bilinearly
    (or nearest) from normalized boxes; differentiable w.r.t. the image and the boxes, as in TF."""
    if method not in ("bilinear", "nearest"):
        raise ValueError("method must be 'bilinear' or 'nearest'")
    size = static_int_list(crop_size)
    if size is None or len(size) != 2:
        raise ValueError("crop_size must be a 1-D tensor of 2 elements known before running in tfcompat.")
    if size[0] <= 0 or size[1] <= 0:
        raise errors.InvalidArgumentError("crop dimensions must be positive")
    args = [to_tensor(image, name="image"), to_tensor(boxes, name="boxes", dtype=dtypes.float32),
            to_tensor(box_indices, name="box_ind", dtype=dtypes.int32)]
    return apply_op("CropAndResize", args, {"crop_size": tuple(size), "method": method,
                                            "extrapolation_value": float(extrapolation_value)},
                    name=name or "CropAndResize")


def crop_and_resize_v1(image, boxes, box_ind=None, crop_size=None, method="bilinear", extrapolation_value=0,
                       name=None, box_indices=None):
    """Mirrors ``tf.compat.v1.image.crop_and_resize`` (``box_ind`` is TF1's name of ``box_indices``)."""
    return crop_and_resize(image, boxes, box_ind if box_ind is not None else box_indices, crop_size, method,
                           extrapolation_value, name)


# ------------------------------------------------------------------------------------------------
# sample_distorted_bounding_box
# ------------------------------------------------------------------------------------------------
def _sample_box(h, w, boxes, rng, min_covered, aspect_range, area_range, max_attempts, use_image):
    """TF's SampleDistortedBoundingBox: a random crop covering ``min_covered`` of one of the boxes."""
    if not boxes:
        if not use_image:
            raise errors.InvalidArgumentError("No bounding boxes provided as input. One must enable "
                                              "use_image_if_no_bounding_boxes if you wish to not provide any "
                                              "bounding boxes.")
        boxes = [(0.0, 0.0, 1.0, 1.0)]
    rects = [(int(b[1] * w), int(b[0] * h), int(b[3] * w), int(b[2] * h)) for b in boxes]
    min_area, max_area = area_range[0] * h * w, area_range[1] * h * w
    for _ in range(max_attempts):
        rect = rects[rng.randrange(len(rects))]
        ratio = rng.uniform(aspect_range[0], aspect_range[1])
        min_height = int(math.ceil(math.sqrt(min_area / ratio)))
        max_height = int(math.floor(math.sqrt(max_area / ratio)))
        if max_height * ratio > w:
            max_height = int(w / ratio)
        max_height = min(max_height, h)
        if min_height > max_height:
            continue
        height = rng.randint(min_height, max_height)
        width = int(round(height * ratio))
        area = width * height
        if area < min_area or area > max_area or width > w or height > h or width <= 0 or height <= 0:
            continue
        y = rng.randint(0, h - height)
        x = rng.randint(0, w - width)
        rx0, ry0, rx1, ry1 = rect
        inter = max(0, min(x + width, rx1) - max(x, rx0)) * max(0, min(y + height, ry1) - max(y, ry0))
        rect_area = max((rx1 - rx0) * (ry1 - ry0), 1)
        if inter / rect_area < min_covered:
            continue
        return y, x, height, width
    return 0, 0, h, w  # TF falls back to the whole image


def _sdbb_shape(inputs, attrs):
    return [(TensorShape([3]), inputs[0].dtype), (TensorShape([3]), inputs[0].dtype),
            (TensorShape([1, 1, 4]), dtypes.float32)]


@register_op("SampleDistortedBoundingBoxV2", grad=NOT_DIFFERENTIABLE,
             inputs=("image_size", "bounding_boxes", "min_object_covered"), same_type=(), num_outputs=3,
             stateful=True, shape_fn=_sdbb_shape)
def _sample_distorted_bounding_box(image_size, bounding_boxes, min_object_covered, *, rng, aspect_ratio_range,
                                   area_range, max_attempts, use_image_if_no_bounding_boxes):
    size = image_size.tolist()
    if len(size) != 3:
        raise errors.InvalidArgumentError(f"image_size must be 1-dimensional with 3 elements")
    h, w, c = size
    boxes = bounding_boxes.reshape(-1, 4).tolist() if bounding_boxes.numel() else []
    y, x, height, width = _sample_box(h, w, boxes, rng, float(min_object_covered), aspect_ratio_range, area_range,
                                      max_attempts, use_image_if_no_bounding_boxes)
    begin = torch.tensor([y, x, 0], dtype=image_size.dtype)
    size_out = torch.tensor([height, width, -1], dtype=image_size.dtype)
    bbox = torch.tensor([[[y / h, x / w, (y + height) / h, (x + width) / w]]], dtype=torch.float32)
    return begin, size_out, bbox


def sample_distorted_bounding_box_v2(image_size, bounding_boxes, seed=0, min_object_covered=0.1,
                                     aspect_ratio_range=None, area_range=None, max_attempts=None,
                                     use_image_if_no_bounding_boxes=None, name=None):
    """Mirrors ``tf.image.sample_distorted_bounding_box``: (begin, size, bboxes) of a random crop covering at
    least ``min_object_covered`` of a given box. The draws come from Python's generator (deviation
    ``random-values``): the constraints and output structure are TF's, the crops are not. As TF, seed 0 runs
    unseeded without calling ``get_seed`` (the op-seed counter is not advanced)."""
    from tfcompat._src.ops import random_ops
    seeds = random_ops.get_seed(seed) if seed else (0, 0)
    return _sample_distorted(image_size, bounding_boxes, seeds, min_object_covered, aspect_ratio_range, area_range,
                             max_attempts, use_image_if_no_bounding_boxes, name)


def sample_distorted_bounding_box(image_size, bounding_boxes, seed=None, seed2=None, min_object_covered=0.1,
                                  aspect_ratio_range=None, area_range=None, max_attempts=None,
                                  use_image_if_no_bounding_boxes=None, name=None):
    """Mirrors ``tf.compat.v1.image.sample_distorted_bounding_box``: TF1's op seeds, used as given (TF does not
    combine them with the graph seed here); both 0 or None runs unseeded."""
    return _sample_distorted(image_size, bounding_boxes, (seed or 0, seed2 or 0), min_object_covered,
                             aspect_ratio_range, area_range, max_attempts, use_image_if_no_bounding_boxes, name)


def _sample_distorted(image_size, bounding_boxes, seeds, min_object_covered, aspect_ratio_range, area_range,
                      max_attempts, use_image_if_no_bounding_boxes, name):
    s1, s2 = seeds
    rng = random.Random(s1 * 1000003 + s2 if s1 or s2 else None)
    attrs = {"rng": rng, "aspect_ratio_range": tuple(aspect_ratio_range or (0.75, 1.33)),
             "area_range": tuple(area_range or (0.05, 1.0)), "max_attempts": int(max_attempts or 100),
             "use_image_if_no_bounding_boxes": bool(use_image_if_no_bounding_boxes)}
    size = to_tensor(image_size, name="image_size")
    boxes = to_tensor(bounding_boxes, name="bounding_boxes", dtype=dtypes.float32)
    cover = convert_to_tensor(min_object_covered, dtype=dtypes.float32)
    return tuple(apply_op("SampleDistortedBoundingBoxV2", [size, boxes, cover], attrs,
                          name=name or "sample_distorted_bounding_box"))
