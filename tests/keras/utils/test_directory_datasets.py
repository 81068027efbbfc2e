"""tf.keras.utils image_dataset_from_directory / text_dataset_from_directory
(tfcompat._src.keras.utils.directory_datasets) against tf-keras 2.21 on a small generated directory: class
inference, seeded file shuffling, label modes, validation splits, decoded/resized images, text truncation.
Batches are compared without the in-dataset shuffle (``shuffle=False``, or ``batch_size=None`` on the validation
subset) because its order is a random stream. Expected values: real TF."""
from __future__ import annotations

import os

import numpy as np
import pytest

pytest.importorskip("PIL")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    from PIL import Image
    root = tmp_path_factory.mktemp("dirs")
    for c, name in enumerate(["cats", "dogs", "eels"]):
        os.makedirs(root / "img" / name)
        os.makedirs(root / "txt" / name)
        for i in range(3):
            pixels = (np.arange(6 * 8 * 3).reshape(6, 8, 3) * (i + 2 + c) % 256).astype(np.uint8)
            Image.fromarray(pixels).save(str(root / "img" / name / f"{i}.png"))
            (root / "txt" / name / f"{i}.txt").write_text(f"{name} review number {i} " * (i + 1))
    return str(root)


@pytest.mark.parametrize("kwargs", [
    # Small image_size everywhere (the default 256x256 would record megabytes of pixels).
    {"shuffle": False, "batch_size": 4, "image_size": (6, 8)}, {"shuffle": False, "label_mode": "categorical", "image_size": (3, 4)},
    {"shuffle": False, "color_mode": "rgba", "crop_to_aspect_ratio": True, "image_size": (4, 4)},
    {"seed": 3, "validation_split": 0.34, "subset": "validation", "batch_size": None, "image_size": (7, 5)},
    {"shuffle": False, "labels": None, "interpolation": "nearest", "image_size": (5, 5)}])
def test_image_dataset(tree, kwargs, oracle):
    def prog(tf):
        ds = tf.keras.utils.image_dataset_from_directory(os.path.join(tree, "img"), **kwargs)
        return list(ds.as_numpy_iterator()), ds.class_names, [os.path.basename(p) for p in ds.file_paths]
    oracle.check(prog, rtol=1e-5, atol=1e-3)


@pytest.mark.parametrize("kwargs", [{"shuffle": False, "batch_size": 2}, {"shuffle": False, "max_length": 10,
                                                                         "label_mode": "categorical"},
                                    {"seed": 5, "validation_split": 0.4, "subset": "both", "batch_size": None}])
def test_text_dataset(tree, kwargs, oracle):
    def prog(tf):
        ds = tf.keras.utils.text_dataset_from_directory(os.path.join(tree, "txt"), **kwargs)
        parts = ds if isinstance(ds, list) else [ds]
        return [(sorted(map(repr, d.as_numpy_iterator())) if kwargs.get("subset") == "both" and i == 0
                 else list(d.as_numpy_iterator())) for i, d in enumerate(parts)], parts[0].class_names
    oracle.check(prog)


@pytest.mark.parametrize("kwargs,message", [({"label_mode": "binary"}, "exactly 2 class_names"),
                                            ({"validation_split": 0.2}, "`validation_split` must be set"),
                                            ({"validation_split": 0.2, "subset": "training"}, "provide a `seed`")])
def test_errors(tree, kwargs, message, oracle):
    oracle.check(lambda tf: tf.keras.utils.image_dataset_from_directory(os.path.join(tree, "img"), **kwargs),
                 match_message=message)
