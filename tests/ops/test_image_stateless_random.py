"""Oracle tests for ops/image_stateless_random.py: tf.image.stateless_random_* use TF's exact stateless draws, so
their results are compared exactly with TF's (live or recorded), eagerly and in a graph, with TF's errors."""
from __future__ import annotations

import numpy as np
import pytest

IMG = (np.arange(4 * 5 * 3, dtype=np.float32).reshape(4, 5, 3) % 11) / 11.0
BATCH = np.stack([IMG, IMG[::-1], IMG * 0.5, 1.0 - IMG])
IMG_U8 = (IMG * 255).astype(np.uint8)

SEEDS = [[1, 2], [3, 4], [-5, 6], [7, 7]]

CASES = {
    "flip_left_right": lambda tf: [tf.image.stateless_random_flip_left_right(IMG, s) for s in SEEDS],
    "flip_up_down": lambda tf: [tf.image.stateless_random_flip_up_down(IMG, s) for s in SEEDS],
    "flip_left_right_batch": lambda tf: [tf.image.stateless_random_flip_left_right(BATCH, s) for s in SEEDS],
    "flip_up_down_batch_uint8": lambda tf: tf.image.stateless_random_flip_up_down(np.stack([IMG_U8] * 3), [9, 9]),
    "brightness": lambda tf: [tf.image.stateless_random_brightness(IMG, 0.3, s) for s in SEEDS],
    "contrast": lambda tf: [tf.image.stateless_random_contrast(BATCH, 0.2, 1.8, s) for s in SEEDS],
    "saturation": lambda tf: [tf.image.stateless_random_saturation(IMG, 0.5, 1.5, s) for s in SEEDS],
    "hue": lambda tf: [tf.image.stateless_random_hue(IMG, 0.2, s) for s in SEEDS],
    "crop": lambda tf: [tf.image.stateless_random_crop(IMG, [2, 3, 3], s) for s in SEEDS],
    "crop_uint8": lambda tf: tf.image.stateless_random_crop(IMG_U8, [3, 2, 1], [11, 12]),
}

ERRORS = {
    "brightness_negative": lambda tf: tf.image.stateless_random_brightness(IMG, -0.1, [1, 2]),
    "contrast_reversed": lambda tf: tf.image.stateless_random_contrast(IMG, 1.0, 0.5, [1, 2]),
    "saturation_negative_lower": lambda tf: tf.image.stateless_random_saturation(IMG, -1.0, 0.5, [1, 2]),
    "hue_too_large": lambda tf: tf.image.stateless_random_hue(IMG, 0.6, [1, 2]),
    "jpeg_range": lambda tf: tf.image.stateless_random_jpeg_quality(IMG, 50, 120, [1, 2]),
    "jpeg_reversed": lambda tf: tf.image.stateless_random_jpeg_quality(IMG, 60, 50, [1, 2]),
    "flip_rank2": lambda tf: tf.image.stateless_random_flip_left_right(IMG[0], [1, 2]),
    "crop_too_big": lambda tf: tf.image.stateless_random_crop(IMG, [5, 5, 3], [1, 2]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_exact_values(oracle, case):
    oracle.check(CASES[case], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_errors(oracle, case):
    got = oracle.check(ERRORS[case])
    assert type(got).__name__ == "Raised", got


def test_in_graph_with_seed_placeholder(oracle):
    def prog(v1):
        seed = v1.placeholder(v1.int64, [2])
        a = v1.image.stateless_random_flip_left_right(IMG, seed)
        b = v1.image.stateless_random_brightness(BATCH, 0.5, seed)
        c = v1.image.stateless_random_crop(IMG, [3, 3, 2], seed)
        with v1.Session() as sess:
            return sess.run([a, b, c], {seed: [21, 22]}) + [c.shape.as_list()]
    oracle.check_v1(prog, rtol=1e-6, atol=1e-6)
