"""More synthetic stand-ins for downloaded image data (see ``_data``'s docstring for the conventions).

- ``write_class_folders``: an extracted image-classification archive (``FOLDER/<class>/<n>.jpg``), class-coloured
  photos; ``_data.write_flower_photos`` and ``cats_and_dogs_filtered.zip``'s ``train``/``validation`` folders.
- ``write_pix2pix_pairs``: an extracted pix2pix archive (``facades.tar.gz``): ``train``/``test`` JPEGs holding an
  image and its label map side by side (width twice the height).
- ``decode_imagenet_predictions``: ``decode_predictions`` over made-up names for the 1000 ImageNet classes
  (the real one downloads ``imagenet_class_index.json``, checked against its hash, so no local stand-in is read).
"""
from __future__ import annotations

import os

import numpy as np

from _data import photo_uint8

__all__ = ["write_class_folders", "write_pix2pix_pairs", "decode_imagenet_predictions"]


def write_class_folders(folder: str, classes, per_class: int, size: int, names=None) -> str:
    """Writes ``FOLDER/<class>/<name>.jpg`` (``per_class`` square photos of ``size`` pixels a class, colours
    depending on the class; file names ``names(c, i)``, by default ``<c><i:04d>``); returns ``folder``."""
    from PIL import Image
    for c, name in enumerate(classes):
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        for i in range(per_class):
            image = photo_uint8(size, size, seed=1000 * (c + 1) + i).astype(np.int64)
            image[..., c % 3] = np.clip(image[..., c % 3] + 60 * (c + 1) // 2, 0, 255)
            file = names(c, i) if names else f"{c}{i:04d}"
            Image.fromarray(image.astype(np.uint8)).save(os.path.join(folder, name, f"{file}.jpg"),
                                                         format="JPEG", quality=85)
    return folder


def write_pix2pix_pairs(folder: str = "facades_extracted/facades", train=(1, 2, 3, 100), test=(1, 2),
                        size: int = 256) -> str:
    """Writes ``FOLDER/{train,test}/<n>.jpg`` for the numbers given: a ``size`` x ``2*size`` JPEG each, a photo on
    the left and its blocky 'label map' (the photo quantized to 4 colours per channel) on the right, as
    pix2pix's facades; returns the archive's path (``facades.tar.gz`` next to ``FOLDER``'s parent)."""
    from PIL import Image
    for split, numbers in (("train", train), ("test", test)):
        os.makedirs(os.path.join(folder, split), exist_ok=True)
        for n in numbers:
            photo = photo_uint8(size, size, seed=7000 + n + (0 if split == "train" else 500))
            labels = (photo // 64 * 64 + 32).astype(np.uint8)
            Image.fromarray(np.concatenate([photo, labels], axis=1)).save(
                os.path.join(folder, split, f"{n}.jpg"), format="JPEG", quality=90)
    return os.path.join(os.path.dirname(os.path.dirname(folder)) or ".", "facades.tar.gz")


def decode_imagenet_predictions(preds, top: int = 5) -> list:
    """``tf.keras.applications.imagenet_utils.decode_predictions`` with the class index ``('n%08d' % i,
    'class_%04d' % i)``: per sample, ``top`` (id, name, score) tuples, best first."""
    preds = np.asarray(preds)
    return [[(f"n{i:08d}", f"class_{i:04d}", float(p[i])) for i in np.argsort(p)[-top:][::-1]] for p in preds]
