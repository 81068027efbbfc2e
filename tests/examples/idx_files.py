"""Small MNIST-format (idx, gzipped) files for the loader tests, headers written by hand: images are magic 2051,
count, rows, cols (big-endian uint32) then the uint8 pixels; labels are magic 2049, count, then uint8 labels."""
from __future__ import annotations

import gzip
import os
import struct

import numpy as np

__all__ = ["FILES", "numbered_images", "write_idx_files", "write_split"]

FILES = {"train": ("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"),
         "test": ("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz")}


def numbered_images(n: int, first: int = 0) -> np.ndarray:
    """uint8 [n, 28, 28]: image i has pixel (0, 0) = first + i (its identity), then a ramp (i * 7 + k) % 256."""
    ramp = (np.arange(n)[:, None] * 7 + np.arange(28 * 28)[None, :]) % 256
    images = ramp.astype(np.uint8).reshape(n, 28, 28)
    images[:, 0, 0] = first + np.arange(n)
    return images


def write_split(folder: str, split: str, images: np.ndarray, labels: np.ndarray,
                image_magic: int = 2051, label_magic: int = 2049) -> None:
    images_file, labels_file = FILES[split]
    n, rows, cols = images.shape
    with gzip.open(os.path.join(folder, images_file), "wb") as f:
        f.write(struct.pack(">IIII", image_magic, n, rows, cols) + images.astype(np.uint8).tobytes())
    with gzip.open(os.path.join(folder, labels_file), "wb") as f:
        f.write(struct.pack(">II", label_magic, len(labels)) + np.asarray(labels, np.uint8).tobytes())


def write_idx_files(folder: str, n_train: int = 12, n_test: int = 5) -> str:
    """The four MNIST files in ``folder``: training images numbered 0.., test images numbered 100..; label of
    image i is i % 10. Returns ``folder``."""
    os.makedirs(folder, exist_ok=True)
    write_split(folder, "train", numbered_images(n_train), np.arange(n_train) % 10)
    write_split(folder, "test", numbered_images(n_test, 100), np.arange(n_test) % 10)
    return folder
