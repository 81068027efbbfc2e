"""tf.keras.utils load_img / img_to_array / array_to_img / save_img (tfcompat._src.keras.utils.image_files) against
tf-keras 2.21: PNG round trips in every colour mode, resizing with keep_aspect_ratio, scaling, channels_first.
Expected values: real TF (pillow in both)."""
from __future__ import annotations

import os
import tempfile

import numpy as np
import pytest

IMAGE = (np.arange(6 * 8 * 3).reshape(6, 8, 3) * 5 % 256).astype(np.float32)


@pytest.mark.parametrize("color_mode,target,keep", [("rgb", None, False), ("grayscale", (3, 4), False),
                                                    ("rgba", (4, 4), True), ("rgb", (5, 3), True)])
def test_save_load_round_trip(color_mode, target, keep, oracle):
    def prog(tf):
        utils = tf.keras.utils
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "img.png")
            utils.save_img(path, IMAGE, scale=False)
            img = utils.load_img(path, color_mode=color_mode, target_size=target, keep_aspect_ratio=keep,
                                 interpolation="bilinear")
            return img.mode, img.size, utils.img_to_array(img), utils.img_to_array(img, data_format="channels_first")
    oracle.check(prog)


def test_array_to_img_scaling_and_modes(oracle):
    def prog(tf):
        prep = tf.keras.preprocessing.image
        scaled = prep.array_to_img(IMAGE * 0.01 - 1)
        gray16 = prep.array_to_img(IMAGE[:, :, :1] * 10, scale=False)
        first = prep.array_to_img(np.transpose(IMAGE, (2, 0, 1)), data_format="channels_first", scale=False)
        return (scaled.mode, np.asarray(scaled), gray16.mode, np.asarray(gray16), np.asarray(first),
                prep.smart_resize(IMAGE, (4, 4)))
    oracle.check(prog, rtol=1e-5, atol=1e-3)


@pytest.mark.parametrize("case,message", [("rank", "rank 3"), ("channels", "Unsupported channel number"),
                                          ("mode", "color_mode must be")])
def test_errors(case, message, oracle):
    def prog(tf):
        utils = tf.keras.utils
        if case == "rank":
            return utils.array_to_img(IMAGE[0])
        if case == "channels":
            return utils.array_to_img(np.zeros((2, 2, 2)))
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "a.png")
            utils.save_img(path, IMAGE)
            return utils.load_img(path, color_mode="cmyk")
    oracle.check(prog, match_message=message)
