"""``tf.keras.preprocessing.image.apply_affine_transform`` without SciPy.

tf-keras resamples each channel with ``scipy.ndimage.affine_transform``; tfcompat does not depend on SciPy, so
this module reproduces that resampling in numpy for the interpolation orders tf-keras users pick (0: nearest
sample, 1: bilinear, the default) and the four fill modes tf-keras documents. The boundary rules are SciPy's
(>= 1.6), which are not the textbook ones:

- ``constant``: a sample whose source coordinate lies outside ``[0, n - 1]`` on any axis is ``cval``; no
  interpolation towards ``cval`` happens near the edge.
- ``nearest``: the source coordinate is clamped to ``[0, n - 1]``.
- ``reflect``: half-sample symmetric (``d c b a | a b c d | d c b a``) for coordinates and neighbour indices.
- ``wrap``: SciPy's legacy wrap, whose period is ``n - 1`` (not ``n``): first and last sample coincide.

Order 0 picks ``floor(c + 0.5)``; order 1 weights ``floor(c)`` and ``floor(c) + 1`` by ``1 - f`` and ``f``.
Values are computed in float64 and cast back to the input's dtype, as SciPy does.
"""
from __future__ import annotations

import numpy as np

__all__ = ["apply_affine_transform", "transform_matrix_offset_center", "affine_resample_2d"]

_FILL_MODES = ("constant", "nearest", "reflect", "wrap")


def _map_coordinates_into_range(coords: np.ndarray, size: int, mode: str) -> np.ndarray:
    """SciPy's ``map_coordinate``: source coordinates folded into the input's extent (NaN marks ``cval``)."""
    last = size - 1
    out = coords.copy()
    low, high = coords < 0, coords > last
    if mode == "nearest":
        out[low], out[high] = 0.0, float(last)
    elif mode == "constant":
        out[low | high] = np.nan
    elif size <= 1:
        out[low | high] = 0.0
    elif mode == "reflect":
        period = 2 * size
        c = coords[low]
        c = np.where(c < -period, period * np.trunc(-c / period) + c, c)
        out[low] = np.where(c < -size, c + period, -c - 1)
        c = coords[high]
        c = c - period * np.trunc(c / period)
        out[high] = np.where(c >= size, period - c - 1, c)
    elif mode == "wrap":
        period = size - 1
        c = coords[low]
        out[low] = c + period * (np.trunc(-c / period) + 1)
        c = coords[high]
        out[high] = c - period * np.trunc(c / period)
    return out


def _neighbour_index(index: np.ndarray, size: int, mode: str) -> np.ndarray:
    """Index of a neighbour sample that may fall one step outside the input (its weight is then 0 unless the
    mode reflects)."""
    if mode == "reflect":
        index = np.where(index < 0, -index - 1, index)
        index = np.where(index >= size, 2 * size - index - 1, index)
    return np.clip(index, 0, size - 1)


def affine_resample_2d(image: np.ndarray, matrix: np.ndarray, offset: np.ndarray, order: int = 1,
                       mode: str = "nearest", cval: float = 0.0) -> np.ndarray:
    """``scipy.ndimage.affine_transform(image, matrix, offset, order, mode=mode, cval=cval)`` for a 2-D image:
    ``out[i, j] = image[matrix @ (i, j) + offset]`` resampled as the module docstring describes."""
    if order not in (0, 1):
        raise NotImplementedError(f"Interpolation order {order} is not supported by tfcompat's affine transform "
                                  "(tf-keras uses SciPy's spline orders; tfcompat implements order 0 and 1).")
    if mode not in _FILL_MODES:
        raise RuntimeError("boundary mode not supported")
    rows, cols = image.shape
    ii, jj = np.meshgrid(np.arange(rows, dtype=np.float64), np.arange(cols, dtype=np.float64), indexing="ij")
    src = [matrix[0, 0] * ii + matrix[0, 1] * jj + offset[0], matrix[1, 0] * ii + matrix[1, 1] * jj + offset[1]]
    src = [_map_coordinates_into_range(c, n, mode) for c, n in zip(src, (rows, cols))]
    outside = np.isnan(src[0]) | np.isnan(src[1])
    src = [np.where(outside, 0.0, c) for c in src]
    values = image.astype(np.float64)
    if order == 0:
        idx = [_neighbour_index(np.floor(c + 0.5).astype(np.int64), n, mode) for c, n in zip(src, (rows, cols))]
        out = values[idx[0], idx[1]]
    else:
        base = [np.floor(c).astype(np.int64) for c in src]
        frac = [c - b for c, b in zip(src, base)]
        r0, r1 = (_neighbour_index(base[0] + k, rows, mode) for k in (0, 1))
        c0, c1 = (_neighbour_index(base[1] + k, cols, mode) for k in (0, 1))
        fr, fc = frac
        # SciPy's summation order (value * row weight * column weight, column index fastest), so that
        # roundings match bit for bit.
        out = values[r0, c0] * (1 - fr) * (1 - fc)
        out = out + values[r0, c1] * (1 - fr) * fc
        out = out + values[r1, c0] * fr * (1 - fc)
        out = out + values[r1, c1] * fr * fc
    out = np.where(outside, cval, out)
    if np.issubdtype(image.dtype, np.integer):     # SciPy rounds half away from zero into integer outputs
        out = np.trunc(np.where(out > 0, out + 0.5, out - 0.5))
    return out.astype(image.dtype)


def transform_matrix_offset_center(matrix: np.ndarray, x: float, y: float) -> np.ndarray:
    """tf-keras's helper: ``matrix`` conjugated so it acts about the image centre ``(x / 2 - 0.5, y / 2 - 0.5)``."""
    o_x, o_y = float(x) / 2 - 0.5, float(y) / 2 - 0.5
    offset_matrix = np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    reset_matrix = np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    return np.dot(np.dot(offset_matrix, matrix), reset_matrix)


def _compose(current, step):
    return step if current is None else np.dot(current, step)


def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1, row_axis=1, col_axis=2, channel_axis=0,
                           fill_mode="nearest", cval=0.0, order=1):
    """Mirrors ``tf.keras.preprocessing.image.apply_affine_transform``: rotate by ``theta`` degrees, shift by
    (``tx``, ``ty``) pixels, shear by ``shear`` degrees and zoom by (``zx``, ``zy``) about the image centre, in
    that order, resampling each channel. Difference: numpy instead of SciPy, and only ``order`` 0 and 1
    (others raise ``NotImplementedError``); the numbers are SciPy's for those orders.

    Raises:
      ValueError: the axes are not a permutation of 0, 1, 2, the channel axis is not first or last, or ``x``
        is not rank 3.
    """
    if np.unique([row_axis, col_axis, channel_axis]).size != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct")
    actual = {row_axis, col_axis, channel_axis}
    if actual != {0, 1, 2}:
        raise ValueError(f"Invalid axis' indices: {actual - {0, 1, 2}}")
    if x.ndim != 3:
        raise ValueError("Input arrays must be multi-channel 2D images.")
    if channel_axis not in (0, 2):
        raise ValueError("Channels are allowed and the first and last dimensions.")
    transform = None
    if theta != 0:
        t = np.deg2rad(theta)
        transform = np.array([[np.cos(t), -np.sin(t), 0], [np.sin(t), np.cos(t), 0], [0, 0, 1]])
    if tx != 0 or ty != 0:
        transform = _compose(transform, np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
    if shear != 0:
        s = np.deg2rad(shear)
        transform = _compose(transform, np.array([[1, -np.sin(s), 0], [0, np.cos(s), 0], [0, 0, 1]]))
    if zx != 1 or zy != 1:
        transform = _compose(transform, np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
    if transform is None:
        return x
    h, w = x.shape[row_axis], x.shape[col_axis]
    transform = transform_matrix_offset_center(transform, h, w)
    x = np.rollaxis(x, channel_axis, 0)
    if col_axis > row_axis:
        transform[:, [0, 1]] = transform[:, [1, 0]]
        transform[[0, 1]] = transform[[1, 0]]
    matrix, offset = transform[:2, :2], transform[:2, 2]
    channels = [affine_resample_2d(channel, matrix, offset, order=order, mode=fill_mode, cval=cval)
                for channel in x]
    return np.rollaxis(np.stack(channels, axis=0), 0, channel_axis + 1)
