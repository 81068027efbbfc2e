"""A stand-in for ``tensorflow_datasets`` (not installed in tests; the real one downloads): ``tfds.load`` of the
data sets the corpus's notebooks read, built from ``_data.py``'s synthetic data as ``tf.data.Dataset``s with the
real data sets' element structure, dtypes and split names (sizes a tenth or less of the real ones).

Only what the corpus's scripts touch exists: ``load(name, split=, as_supervised=, with_info=, shuffle_files=,
batch_size=)`` (``batch_size=-1``: the whole split as tensors)
(split names or ``Split.TRAIN``, lists of them and TFDS's slices ``'train[:20%]'``/``'train[10:]'``), the info's
``splits[NAME].num_examples`` and ``features`` (``features['label'].num_classes``/``names``/``int2str``), and
``as_dataframe`` (a plain text table, not a pandas DataFrame), ``disable_progress_bar``. Data sets: mnist,
fashion_mnist, penguins/processed, penguins/simple, tf_flowers, iris, cats_vs_dogs. ``import tensorflow`` happens inside ``load``, so a script
under ``python -m tfcompat run`` gets tfcompat's datasets and one under real TF gets TF's."""
from __future__ import annotations

import re

import numpy as np

import _data

__all__ = ["load", "as_dataframe", "disable_progress_bar", "Split", "__version__"]

__version__ = "4.9.0+tfcompat-test-stub"


class _Feature:
    def __init__(self, text: str, num_classes: int | None = None, names=None):
        self._text = text
        self.num_classes = num_classes
        self.names = list(names) if names is not None else None

    def int2str(self, index) -> str:
        """``ClassLabel.int2str``: the name of class ``index``."""
        return self.names[int(index)]

    def __repr__(self):
        return self._text


class _Features(dict):
    def __repr__(self):
        body = "\n".join(f"    '{k}': {v!r}," for k, v in self.items())
        return "FeaturesDict({\n" + body + "\n})"


class _SplitInfo:
    def __init__(self, name: str, num_examples: int):
        self.name = name
        self.num_examples = num_examples

    def __repr__(self):
        return f"<SplitInfo num_examples={self.num_examples}>"


class DatasetInfo:
    """``tfds.core.DatasetInfo``: ``name``, ``splits``, ``features``, ``supervised_keys``."""

    def __init__(self, name, splits, features, supervised_keys):
        self.name = name
        self.splits = {k: _SplitInfo(k, len(v[next(iter(v))])) for k, v in splits.items()}
        self.features = features
        self.supervised_keys = supervised_keys

    def __repr__(self):
        return f"tfds.core.DatasetInfo(name={self.name!r}, features={self.features!r})"


# -- the data sets: {split: {feature: numpy array}}, the features, the supervised keys ------------------------
def _mnist(proto_seed: int):
    def build():
        splits = {}
        for split, n in (("train", 1920), ("test", 384)):
            images, labels = _data._pattern_images(n, (28, 28), 10, _data._SPLIT_SEEDS[split], proto_seed)
            splits[split] = {"image": images[..., None], "label": labels.astype(np.int64)}
        features = _Features(image=_Feature("Image(shape=(28, 28, 1), dtype=uint8)"),
                             label=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=10)", 10,
                                            [str(i) for i in range(10)]))
        return splits, features, ("image", "label")
    return build


_PENGUIN_COLUMNS = ("culmen_length_mm", "culmen_depth_mm", "flipper_length_mm", "body_mass_g")
_PENGUIN_MEANS = np.array([[38.8, 18.3, 190.0, 3700.0], [48.8, 18.4, 196.0, 3733.0], [47.5, 15.0, 217.0, 5076.0]])
_PENGUIN_SDS = np.array([2.7, 1.2, 6.8, 460.0])
_SPECIES = ("Adelie", "Chinstrap", "Gentoo")


def _penguin_rows(n: int = 334, seed: int = 51):
    rng = np.random.RandomState(seed)
    species = rng.choice(3, size=n, p=[0.44, 0.2, 0.36])
    values = _PENGUIN_MEANS[species] + rng.randn(n, 4) * _PENGUIN_SDS
    island = np.where(species == 2, 0, np.where(species == 1, 1, rng.randint(0, 3, size=n)))
    return species.astype(np.int64), values, island.astype(np.int64), rng.randint(0, 2, size=n).astype(np.int64)


def _penguins_processed():
    species, values, _, _ = _penguin_rows()
    lo, hi = values.min(axis=0), values.max(axis=0)
    # TFDS's processed config: the four measurements scaled to [0, 1], body mass first.
    scaled = ((values - lo) / (hi - lo))[:, [3, 0, 1, 2]].astype(np.float32)
    features = _Features(features=_Feature("Tensor(shape=(4,), dtype=float32)"),
                         species=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=3)", 3, _SPECIES))
    return {"train": {"features": scaled, "species": species}}, features, ("features", "species")


def _penguins_simple():
    species, values, island, sex = _penguin_rows()
    columns = {"body_mass_g": values[:, 3], "culmen_depth_mm": values[:, 1], "culmen_length_mm": values[:, 0],
               "flipper_length_mm": values[:, 2]}
    split = {k: v.astype(np.float32) for k, v in columns.items()}
    split.update(island=island, sex=sex, species=species)
    features = _Features(
        body_mass_g=_Feature("float32"), culmen_depth_mm=_Feature("float32"), culmen_length_mm=_Feature("float32"),
        flipper_length_mm=_Feature("float32"),
        island=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=3)", 3, ("Biscoe", "Dream", "Torgersen")),
        sex=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=2)", 2, ("FEMALE", "MALE")),
        species=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=3)", 3, _SPECIES))
    return {"train": split}, features, ("features", "species")


def _tf_flowers(n: int = 40, height: int = 240, width: int = 320):
    # The real images differ in size (one shape here, so from_tensor_slices can hold them).
    rng = np.random.RandomState(61)
    labels = rng.randint(0, 5, size=n).astype(np.int64)
    images = np.stack([_data.photo_uint8(height, width, seed=2000 + i) for i in range(n)])
    images[..., 0] = np.clip(images[..., 0].astype(np.int64) + 30 * labels[:, None, None], 0, 255)
    names = ("dandelion", "daisy", "tulips", "sunflowers", "roses")
    features = _Features(image=_Feature("Image(shape=(None, None, 3), dtype=uint8)"),
                         label=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=5)", 5, names))
    return {"train": {"image": images, "label": labels}}, features, ("image", "label")


def _cats_vs_dogs(n: int = 50, height: int = 120, width: int = 160):
    # As tf_flowers: one image shape (the real ones differ); the class tints the red channel, so it is learnable.
    rng = np.random.RandomState(71)
    labels = rng.randint(0, 2, size=n).astype(np.int64)
    images = np.stack([_data.photo_uint8(height, width, seed=3000 + i) for i in range(n)])
    images[..., 0] = np.clip(images[..., 0].astype(np.int64) + 60 * labels[:, None, None], 0, 255)
    features = _Features(image=_Feature("Image(shape=(None, None, 3), dtype=uint8)"),
                         image_filename=_Feature("Text(shape=(), dtype=string)"),
                         label=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=2)", 2, ("cat", "dog")))
    filenames = np.array([f"{('cat', 'dog')[k]}.{i}.jpg".encode() for i, k in enumerate(labels)])
    return {"train": {"image": images, "image_filename": filenames, "label": labels}}, features, ("image", "label")


def _iris(n: int = 150, seed: int = 81):
    rng = np.random.RandomState(seed)
    labels = np.repeat(np.arange(3), n // 3)[rng.permutation(n)].astype(np.int64)
    means = np.array([[5.0, 3.4, 1.5, 0.2], [5.9, 2.8, 4.3, 1.3], [6.6, 3.0, 5.6, 2.0]])
    values = (means[labels] + rng.randn(n, 4) * [0.4, 0.3, 0.4, 0.2]).astype(np.float32)
    features = _Features(features=_Feature("Tensor(shape=(4,), dtype=float32)"),
                         label=_Feature("ClassLabel(shape=(), dtype=int64, num_classes=3)", 3,
                                        ("Iris-setosa", "Iris-versicolor", "Iris-virginica")))
    return {"train": {"features": values, "label": labels}}, features, ("features", "label")


_BUILDERS = {"mnist": _mnist(1), "fashion_mnist": _mnist(2), "penguins/processed": _penguins_processed,
             "penguins/simple": _penguins_simple, "tf_flowers": _tf_flowers, "iris": _iris,
             "cats_vs_dogs": _cats_vs_dogs}


def disable_progress_bar() -> None:
    """``tfds.disable_progress_bar``: the stub shows none."""


class Split:
    """``tfds.Split``: the standard split names."""
    TRAIN = "train"
    VALIDATION = "validation"
    TEST = "test"


_SLICE = re.compile(r"^(\w+)\[(-?\d*)(%?):(-?\d*)(%?)\]$")


def _slice(columns: dict, spec: str) -> dict:
    """``columns`` cut as TFDS's split slice ``spec`` (``train``, ``train[:20%]``, ``train[100:]``)."""
    match = _SLICE.match(spec)
    if not match:
        return columns
    n = len(next(iter(columns.values())))

    def bound(text, percent, default):
        if not text:
            return default
        value = int(text)
        return int(round(n * value / 100)) if percent else value

    start, stop = bound(match.group(2), match.group(3), 0), bound(match.group(4), match.group(5), n)
    return {k: v[start:stop] for k, v in columns.items()}


def load(name, split=None, data_dir=None, batch_size=None, shuffle_files=False, download=True,
         as_supervised=False, with_info=False, **kwargs):
    """``tfds.load``: a ``tf.data.Dataset`` per split (a dict of all splits when ``split`` is None, a list for a
    list), elements dicts of features or, with ``as_supervised``, ``(input, label)`` pairs. Files are never
    shuffled (the synthetic splits are already in random order)."""
    import tensorflow as tf
    if name not in _BUILDERS:
        raise KeyError(f"the test tensorflow_datasets stub has no data set {name!r}; it has {sorted(_BUILDERS)}")
    splits, features, supervised_keys = _BUILDERS[name]()

    def dataset(spec):
        columns = _slice(splits[spec.split("[")[0]], spec)
        if batch_size == -1:   # TFDS: the whole split as one batch of tensors
            if as_supervised:
                return tuple(tf.constant(columns[k]) for k in supervised_keys)
            return {k: tf.constant(v) for k, v in columns.items()}
        if as_supervised:
            ds = tf.data.Dataset.from_tensor_slices(tuple(columns[k] for k in supervised_keys))
        else:
            ds = tf.data.Dataset.from_tensor_slices(dict(columns))
        return ds.batch(batch_size) if batch_size else ds

    if split is None:
        result = {k: dataset(k) for k in splits}
    elif isinstance(split, (list, tuple)):
        result = [dataset(s) for s in split]
    else:
        result = dataset(split)
    if with_info:
        return result, DatasetInfo(name, splits, features, supervised_keys)
    return result


class _Table:
    def __init__(self, rows: list, columns: list):
        self.rows, self.columns = rows, columns

    def __repr__(self):
        widths = [max([len(c)] + [len(r[i]) for r in self.rows]) for i, c in enumerate(self.columns)]
        lines = ["   " + " ".join(c.rjust(w) for c, w in zip(self.columns, widths))]
        lines += [f"{n:<3d}" + " ".join(v.rjust(w) for v, w in zip(r, widths)) for n, r in enumerate(self.rows)]
        return "\n".join(lines)


def as_dataframe(ds, ds_info=None):
    """``tfds.as_dataframe``: the (small) dataset's elements as a table; without pandas, an object that prints
    the table (columns: the features, or the supervised pair's two parts)."""
    rows, columns = [], None
    for element in ds.as_numpy_iterator():
        if isinstance(element, dict):
            columns = columns or sorted(element)
            values = [element[c] for c in columns]
        else:
            columns = columns or list(ds_info.supervised_keys if ds_info is not None else range(len(element)))
            values = list(element)
        rows.append([np.array2string(np.asarray(v), precision=6) if np.ndim(v) else str(v) for v in values])
    return _Table(rows, [str(c) for c in columns or []])
