"""``tf.quantization``: the fake-quantization ops (re-exports only). Quantized dtypes and kernels
(``quantize``, ``dequantize``, ``quantized_concat``) are listed as unsupported."""
from __future__ import annotations

from tfcompat._src.ops.fake_quant_ops import (
    fake_quant_with_min_max_args, fake_quant_with_min_max_args_gradient, fake_quant_with_min_max_vars,
    fake_quant_with_min_max_vars_gradient, fake_quant_with_min_max_vars_per_channel,
    fake_quant_with_min_max_vars_per_channel_gradient,
)
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["fake_quant_with_min_max_args", "fake_quant_with_min_max_args_gradient", "fake_quant_with_min_max_vars",
           "fake_quant_with_min_max_vars_gradient", "fake_quant_with_min_max_vars_per_channel",
           "fake_quant_with_min_max_vars_per_channel_gradient"]

__getattr__ = _module_getattr("tf.quantization", __name__)
