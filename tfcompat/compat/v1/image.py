"""``tf.compat.v1.image``: re-exports only (TF1 ``resize_images``, integer ``ResizeMethod`` and TF1 names)."""
from tfcompat._src.ops.image_boxes import (
    crop_and_resize_v1 as crop_and_resize, draw_bounding_boxes_v1 as draw_bounding_boxes, non_max_suppression,
    non_max_suppression_overlaps, non_max_suppression_padded, non_max_suppression_with_scores,
    sample_distorted_bounding_box,
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
    extract_image_patches, extract_patches, flip_left_right, flip_up_down, grayscale_to_rgb, pad_to_bounding_box,
    per_image_standardization, resize_with_crop_or_pad as resize_image_with_crop_or_pad,
    resize_with_crop_or_pad, rot90, transpose, transpose as transpose_image,
)
from tfcompat._src.ops.image_random import (
    random_brightness, random_contrast, random_crop, random_flip_left_right, random_flip_up_down, random_hue,
    random_jpeg_quality, random_saturation,
)
from tfcompat._src.ops.image_resize import (
    ResizeMethodV1 as ResizeMethod, resize_area, resize_bicubic, resize_bilinear, resize_image_with_pad,
    resize_images, resize_images as resize, resize_nearest_neighbor,
)
from tfcompat._src.ops.nn_extra_ops import rgb_to_grayscale

__all__ = [
    "ResizeMethod", "adjust_brightness", "adjust_contrast", "adjust_gamma", "adjust_hue", "adjust_jpeg_quality",
    "adjust_saturation", "central_crop", "convert_image_dtype", "crop_and_resize", "crop_to_bounding_box",
    "decode_and_crop_jpeg", "decode_bmp", "decode_gif", "decode_image", "decode_jpeg", "decode_png",
    "draw_bounding_boxes", "encode_jpeg", "encode_png", "extract_image_patches", "extract_jpeg_shape",
    "extract_patches", "flip_left_right", "flip_up_down", "grayscale_to_rgb", "hsv_to_rgb", "image_gradients",
    "is_jpeg", "non_max_suppression", "non_max_suppression_overlaps", "non_max_suppression_padded",
    "non_max_suppression_with_scores", "pad_to_bounding_box", "per_image_standardization", "psnr",
    "random_brightness", "random_contrast", "random_crop", "random_flip_left_right", "random_flip_up_down",
    "random_hue", "random_jpeg_quality", "random_saturation", "resize", "resize_area", "resize_bicubic",
    "resize_bilinear", "resize_image_with_crop_or_pad", "resize_image_with_pad", "resize_images",
    "resize_nearest_neighbor", "resize_with_crop_or_pad", "rgb_to_grayscale", "rgb_to_hsv", "rgb_to_yiq",
    "rgb_to_yuv", "rot90", "sample_distorted_bounding_box", "sobel_edges", "ssim", "ssim_multiscale",
    "total_variation", "transpose", "transpose_image", "yiq_to_rgb", "yuv_to_rgb",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.image", __name__)
