"""``tf.image``: re-exports only."""
from tfcompat._src.ops.image_boxes import (
    crop_and_resize, draw_bounding_boxes, non_max_suppression, non_max_suppression_overlaps,
    non_max_suppression_padded, non_max_suppression_with_scores,
    sample_distorted_bounding_box_v2 as sample_distorted_bounding_box,
)
from tfcompat._src.ops.image_codecs import (
    adjust_jpeg_quality, decode_and_crop_jpeg, decode_bmp, decode_gif, decode_image, decode_jpeg, decode_png,
    encode_jpeg, encode_png, extract_jpeg_shape, is_jpeg,
)
from tfcompat._src.ops.image_color import (
    adjust_hue, adjust_saturation, hsv_to_rgb, rgb_to_hsv, rgb_to_yiq, rgb_to_yuv, yiq_to_rgb, yuv_to_rgb,
)
from tfcompat._src.ops.image_metrics import image_gradients, psnr, sobel_edges, ssim, ssim_multiscale, total_variation
from tfcompat._src.ops.image_ops import (
    adjust_brightness, adjust_contrast, adjust_gamma, central_crop, convert_image_dtype, crop_to_bounding_box,
    extract_patches, flip_left_right, flip_up_down, grayscale_to_rgb, pad_to_bounding_box, per_image_standardization,
    resize_with_crop_or_pad, rot90, transpose,
)
from tfcompat._src.ops.image_random import (
    random_brightness, random_contrast, random_crop, random_flip_left_right, random_flip_up_down, random_hue,
    random_jpeg_quality, random_saturation,
)
from tfcompat._src.ops.image_resize import ResizeMethod, resize, resize_with_pad
from tfcompat._src.ops.nn_extra_ops import rgb_to_grayscale

__all__ = [
    "ResizeMethod", "adjust_brightness", "adjust_contrast", "adjust_gamma", "adjust_hue", "adjust_jpeg_quality",
    "adjust_saturation", "central_crop", "convert_image_dtype", "crop_and_resize", "crop_to_bounding_box",
    "decode_and_crop_jpeg", "decode_bmp", "decode_gif", "decode_image", "decode_jpeg", "decode_png",
    "draw_bounding_boxes", "encode_jpeg", "encode_png", "extract_jpeg_shape", "extract_patches", "flip_left_right",
    "flip_up_down", "grayscale_to_rgb", "hsv_to_rgb", "image_gradients", "is_jpeg", "non_max_suppression",
    "non_max_suppression_overlaps", "non_max_suppression_padded", "non_max_suppression_with_scores",
    "pad_to_bounding_box", "per_image_standardization", "psnr", "random_brightness", "random_contrast",
    "random_crop", "random_flip_left_right", "random_flip_up_down", "random_hue", "random_jpeg_quality",
    "random_saturation", "resize", "resize_with_crop_or_pad", "resize_with_pad", "rgb_to_grayscale", "rgb_to_hsv",
    "rgb_to_yiq", "rgb_to_yuv", "rot90", "sample_distorted_bounding_box", "sobel_edges", "ssim", "ssim_multiscale",
    "total_variation", "transpose", "yiq_to_rgb", "yuv_to_rgb",
]

# --- stateless random image ops (RANDSIG) --------------------------------------------------------------------
from tfcompat._src.ops.image_stateless_random import (  # noqa: E402
    stateless_random_brightness, stateless_random_contrast, stateless_random_crop, stateless_random_flip_left_right,
    stateless_random_flip_up_down, stateless_random_hue, stateless_random_jpeg_quality, stateless_random_saturation,
)

__all__ += ["stateless_random_brightness", "stateless_random_contrast", "stateless_random_crop",
            "stateless_random_flip_left_right", "stateless_random_flip_up_down", "stateless_random_hue",
            "stateless_random_jpeg_quality", "stateless_random_saturation"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.image", __name__)
