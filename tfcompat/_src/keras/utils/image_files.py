"""Image file helpers of tf-keras 2.21 (``tf.keras.utils.{load_img,img_to_array,array_to_img,save_img}``, also
under ``tf.keras.preprocessing.image``). They need pillow: install tfcompat's ``image`` extra."""
from __future__ import annotations

import io
import pathlib
import warnings

import numpy as np

from tfcompat._src.keras import backend

__all__ = ["array_to_img", "img_to_array", "save_img", "load_img", "pil_image"]

_RESAMPLE_NAMES = {"nearest": "NEAREST", "bilinear": "BILINEAR", "bicubic": "BICUBIC", "hamming": "HAMMING",
                   "box": "BOX", "lanczos": "LANCZOS"}


def pil_image():
    """``PIL.Image``, imported on first use.

    Raises:
      ImportError: pillow is missing (it is tfcompat's ``image`` extra)."""
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError("Could not import PIL.Image. Keras image utilities need pillow: "
                          "`pip install tfcompat[image]` (or `pip install pillow`).") from e
    return Image


def _resample_methods():
    image = pil_image()
    resampling = getattr(image, "Resampling", image)
    return {name: getattr(resampling, attr) for name, attr in _RESAMPLE_NAMES.items()}


def array_to_img(x, data_format=None, scale=True, dtype=None):
    """Mirrors ``tf.keras.utils.array_to_img``: a PIL image (RGBA / RGB / L, or I for 1-channel values above
    255) from a rank-3 array, rescaled to [0, 255] when ``scale``."""
    data_format = data_format or backend.image_data_format()
    image = pil_image()
    x = np.asarray(x, dtype=dtype or backend.floatx())
    if x.ndim != 3:
        raise ValueError(f"Expected image array to have rank 3 (single image). Got array with shape: {x.shape}")
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(f"Invalid data_format: {data_format}")
    if data_format == "channels_first":
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        x_max = np.max(x)
        if x_max != 0:
            x /= x_max
        x *= 255
    channels = x.shape[2]
    if channels == 4:
        return image.fromarray(x.astype("uint8"), "RGBA")
    if channels == 3:
        return image.fromarray(x.astype("uint8"), "RGB")
    if channels == 1:
        if np.max(x) > 255:
            return image.fromarray(x[:, :, 0].astype("int32"), "I")
        return image.fromarray(x[:, :, 0].astype("uint8"), "L")
    raise ValueError(f"Unsupported channel number: {channels}")


def img_to_array(img, data_format=None, dtype=None):
    """Mirrors ``tf.keras.utils.img_to_array``: a rank-3 floatx array (a channel axis added to grayscale)."""
    data_format = data_format or backend.image_data_format()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(f"Unknown data_format: {data_format}")
    x = np.asarray(img, dtype=dtype or backend.floatx())
    if x.ndim == 3:
        if data_format == "channels_first":
            x = x.transpose(2, 0, 1)
    elif x.ndim == 2:
        x = x.reshape((1,) + x.shape if data_format == "channels_first" else x.shape + (1,))
    else:
        raise ValueError(f"Unsupported image shape: {x.shape}")
    return x


def save_img(path, x, data_format=None, file_format=None, scale=True, **kwargs):
    """Mirrors ``tf.keras.utils.save_img`` (RGBA is converted to RGB for JPEG, with a warning)."""
    img = array_to_img(x, data_format=data_format or backend.image_data_format(), scale=scale)
    if img.mode == "RGBA" and file_format in ("jpg", "jpeg"):
        warnings.warn("The JPG format does not support RGBA images, converting to RGB.")
        img = img.convert("RGB")
    img.save(path, format=file_format, **kwargs)


def load_img(path, grayscale=False, color_mode="rgb", target_size=None, interpolation="nearest",
             keep_aspect_ratio=False):
    """Mirrors ``tf.keras.utils.load_img``: a PIL image in ``color_mode``, resized to ``target_size``
    (height, width) with PIL's ``interpolation`` (centre-cropped first when ``keep_aspect_ratio``)."""
    if grayscale:
        warnings.warn('grayscale is deprecated. Please use color_mode = "grayscale"')
        color_mode = "grayscale"
    image = pil_image()
    if isinstance(path, io.BytesIO):
        img = image.open(path)
    elif isinstance(path, (pathlib.Path, bytes, str)):
        if isinstance(path, pathlib.Path):
            path = str(path.resolve())
        with open(path, "rb") as f:
            img = image.open(io.BytesIO(f.read()))
    else:
        raise TypeError(f"path should be path-like or io.BytesIO, not {type(path)}")
    wanted = {"grayscale": ("L", ("L", "I;16", "I")), "rgba": ("RGBA", ("RGBA",)), "rgb": ("RGB", ("RGB",))}
    if color_mode not in wanted:
        raise ValueError('color_mode must be "grayscale", "rgb", or "rgba"')
    mode, accepted = wanted[color_mode]
    if img.mode not in accepted:
        img = img.convert(mode)
    if target_size is not None:
        size = (target_size[1], target_size[0])
        if img.size != size:
            methods = _resample_methods()
            if interpolation not in methods:
                raise ValueError(f"Invalid interpolation method {interpolation} specified. Supported methods are "
                                 f"{', '.join(methods.keys())}")
            if keep_aspect_ratio:
                width, height = img.size
                crop_h = min(height, width * size[1] // size[0])
                crop_w = min(width, height * size[0] // size[1])
                top, left = (height - crop_h) // 2, (width - crop_w) // 2
                img = img.resize(size, methods[interpolation], box=[left, top, left + crop_w, top + crop_h])
            else:
                img = img.resize(size, methods[interpolation])
    return img
