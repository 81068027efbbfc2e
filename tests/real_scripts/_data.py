"""Small synthetic stand-ins for the data sets the real scripts download (no network in tests).

Each stub has the shapes, dtypes and value ranges of the real data set, is generated deterministically (fixed
numpy seeds, independent of call order) and is learnable, so training loops show falling losses. Sizes are a
tenth of the real ones or less, so scripts run in seconds. A patched script imports what it needs from here,
e.g. ``mnist = input_data.read_data_sets(_data.mnist_dir(), one_hot=True)  # tfcompat-patch: ...``.

- ``mnist_dir``: MNIST's four idx files (what TF 1.x's ``input_data.read_data_sets`` downloads), written into a
  folder under the working directory; the script's own ``input_data`` (tfcompat's, or under real TF the one
  ``runner.py`` provides) reads them.
- ``keras_datasets``: ``load_data()`` of ``tf.keras.datasets.{mnist,fashion_mnist,cifar10,imdb,boston_housing}``.
- ``write_mnist_npz``: ``mnist.npz`` as ``tf.keras.utils.get_file`` downloads it (``x_train`` ... ``y_test``).
- ``write_titanic_csv``: tflearn's ``titanic_dataset.csv`` (header and columns as the real file, synthetic rows).
- ``text8_words`` / ``write_text8_zip``: a Zipf-distributed word corpus in place of text8.
- ``photo_uint8`` / ``write_jpeg``: a smooth synthetic colour photo (gradients, discs, a little noise) in place of a
  downloaded picture; ``write_flowers17_tgz``: Oxford 17 flowers' ``17flowers.tgz`` (``jpg/image_NNNN.jpg``).
- ``write_flower_photos``: the extracted ``flower_photos.tgz`` (five class folders of JPEGs); ``write_imagenet_labels``:
  ``ImageNetLabels.txt`` (1001 names); ``write_higgs_csv_gz``: UCI's ``HIGGS.csv.gz`` (label and 28 features a row).
- ``write_aclimdb``: the IMDB review text files of ``aclImdb_v1.tar.gz`` (``aclImdb/{train,test}/{pos,neg}/*.txt``).
- ``write_auto_mpg``: UCI's ``auto-mpg.data``; ``write_iris_csv``: TF's ``iris_training.csv``/``iris_test.csv``;
  ``write_heart_csv``: TF's ``heart.csv``; ``write_petfinder_csv``: ``petfinder-mini.csv`` as
  ``petfinder-mini.zip`` unpacks it (tables of the real files' layout with synthetic rows).
- ``write_wdbc``: UCI's breast cancer ``wdbc.data`` (id, M/B diagnosis, 30 features a row, no header).
- ``write_abalone_csv``, ``write_titanic_train_csv`` (tf-datasets' ``titanic/train.csv``),
  ``write_traffic_csv_gz`` (UCI's ``Metro_Interstate_Traffic_Volume.csv.gz``), ``write_fonts_csvs`` (the extracted
  ``fonts.zip``: one CSV a font with 20x20 glyph pixels a row): the tables ``tutorials/load_data/csv`` reads.
- ``write_speech_commands``: the extracted ``mini_speech_commands.zip`` (eight word folders of 16 kHz mono WAVs).
- ``_data_images`` (a module of its own): class-folder image archives, pix2pix image pairs, ImageNet class names.
"""
from __future__ import annotations

import gzip
import os
import struct
import types
import zipfile

import numpy as np

__all__ = ["keras_datasets", "mnist_dir", "mnist_uint8", "photo_uint8", "text8_words", "write_flowers17_tgz",
           "write_aclimdb", "write_flower_photos", "write_higgs_csv_gz", "write_imagenet_labels", "write_jpeg",
           "write_mnist_npz", "write_text8_zip", "write_titanic_csv", "write_auto_mpg", "write_iris_csv",
           "write_heart_csv", "write_petfinder_csv", "write_speech_commands", "write_wdbc", "write_abalone_csv", "write_titanic_train_csv",
           "write_traffic_csv_gz", "write_fonts_csvs"]

_MNIST_SIZES = {"train": 5500, "validation": 5000, "test": 1000}
_SPLIT_SEEDS = {"train": 11, "validation": 12, "test": 13, "keras_train": 14, "keras_test": 15}


def _prototypes(num_classes: int, shape: tuple, seed: int) -> np.ndarray:
    """One random sparse pattern per class in [0, 1]: the 'digit' every sample of that class is built on."""
    rng = np.random.RandomState(seed)
    protos = (rng.rand(num_classes, *shape) < 0.22).astype(np.float64)
    return protos * rng.uniform(0.7, 1.0, size=protos.shape)


def _pattern_images(n: int, shape: tuple, num_classes: int, split_seed: int, proto_seed: int = 1):
    """(uint8 images [n, *shape], int labels [n]): class prototype, scaled, plus salt noise."""
    protos = _prototypes(num_classes, shape, proto_seed)
    rng = np.random.RandomState(split_seed)
    labels = rng.permutation(np.arange(n) % num_classes)
    scale = rng.uniform(0.6, 1.0, size=(n,) + (1,) * len(shape))
    noise = (rng.rand(n, *shape) < 0.05) * rng.rand(n, *shape)
    images = np.clip(protos[labels] * scale + noise, 0.0, 1.0)
    return np.round(images * 255).astype(np.uint8), labels


def mnist_uint8(split: str, n: int | None = None):
    """(uint8 [n, 28, 28], uint8 labels [n]) for one split of the synthetic MNIST."""
    n = n if n is not None else _MNIST_SIZES.get(split, 1000)
    images, labels = _pattern_images(n, (28, 28), 10, _SPLIT_SEEDS[split])
    return images, labels.astype(np.uint8)


# ----------------------------------------------------------------------------------------------------------
# MNIST idx files for tensorflow.examples.tutorials.mnist.input_data (TF 1.x)
# ----------------------------------------------------------------------------------------------------------
_IDX_FILES = {"train-images-idx3-ubyte.gz": ("train", 2051), "train-labels-idx1-ubyte.gz": ("train", 2049),
              "t10k-images-idx3-ubyte.gz": ("test", 2051), "t10k-labels-idx1-ubyte.gz": ("test", 2049)}


def mnist_dir(folder: str = "MNIST_data") -> str:
    """``folder`` (relative to the working directory, so printed paths are the same wherever a script runs)
    holding the four MNIST files in MNIST's idx format, written unless present: the synthetic training split
    (``read_data_sets``'s default ``validation_size`` of 5000 taken first, then 5500 for training) and test split.
    A patched script passes it to the real ``input_data.read_data_sets``, which then finds the files instead of
    downloading them."""
    os.makedirs(folder, exist_ok=True)
    splits = {"train": mnist_uint8("train", _MNIST_SIZES["validation"] + _MNIST_SIZES["train"]),
              "test": mnist_uint8("test")}
    for name, (split, magic) in _IDX_FILES.items():
        path = os.path.join(folder, name)
        if os.path.exists(path):
            continue
        images, labels = splits[split]
        if magic == 2051:
            payload = struct.pack(">IIII", magic, *images.shape) + images.tobytes()
        else:
            payload = struct.pack(">II", magic, len(labels)) + labels.tobytes()
        with gzip.open(path, "wb", compresslevel=1) as f:
            f.write(payload)
    return folder


# ----------------------------------------------------------------------------------------------------------
# tf.keras.datasets.*.load_data
# ----------------------------------------------------------------------------------------------------------
def _keras_mnist(n_train=6000, n_test=1000, proto_seed=1):
    def load_data(path=None):
        x_train, y_train = _pattern_images(n_train, (28, 28), 10, _SPLIT_SEEDS["keras_train"], proto_seed)
        x_test, y_test = _pattern_images(n_test, (28, 28), 10, _SPLIT_SEEDS["keras_test"], proto_seed)
        return (x_train, y_train.astype(np.uint8)), (x_test, y_test.astype(np.uint8))
    return types.SimpleNamespace(load_data=load_data)


def _keras_cifar10(n_train=2000, n_test=500):
    def load_data():
        x_train, y_train = _pattern_images(n_train, (32, 32, 3), 10, 21, 3)
        x_test, y_test = _pattern_images(n_test, (32, 32, 3), 10, 22, 3)
        return (x_train, y_train.reshape(-1, 1).astype(np.uint8)), (x_test, y_test.reshape(-1, 1).astype(np.uint8))
    return types.SimpleNamespace(load_data=load_data)


def _keras_imdb(n_train=1000, n_test=500, vocab=5000):
    def load_data(path="imdb.npz", num_words=None, skip_top=0, maxlen=None, seed=113, start_char=1, oov_char=2,
                  index_from=3, **kwargs):
        top = min(num_words or vocab, vocab)

        def split(n, s):
            rng = np.random.RandomState(s)
            labels = rng.randint(0, 2, size=n)
            seqs = []
            for label in labels:
                length = int(rng.randint(20, 200))
                # Positive reviews lean on the lower half of the vocabulary, negative ones on the upper half.
                centre = top * (0.3 if label else 0.7)
                words = np.clip(rng.normal(centre, top * 0.2, size=length), index_from + 1, top - 1).astype(int)
                seqs.append([start_char] + [int(w) for w in words])
            if maxlen is not None:
                keep = [i for i, s in enumerate(seqs) if len(s) < maxlen]
                seqs, labels = [seqs[i] for i in keep], labels[keep]
            return np.array(seqs, dtype=object), labels.astype(np.int64)

        return split(n_train, 31), split(n_test, 32)

    def get_word_index(path="imdb_word_index.json"):
        return {f"word{i}": i for i in range(1, vocab)}

    return types.SimpleNamespace(load_data=load_data, get_word_index=get_word_index)


def _keras_boston_housing(n_train=404, n_test=102):
    def load_data(path="boston_housing.npz", test_split=0.2, seed=113):
        rng = np.random.RandomState(41)
        x = rng.rand(n_train + n_test, 13) * np.linspace(1, 100, 13)
        w = np.linspace(-1, 1, 13)
        y = (x / np.linspace(1, 100, 13)) @ w * 10 + 22 + rng.randn(n_train + n_test)
        return (x[:n_train], y[:n_train]), (x[n_train:], y[n_train:])
    return types.SimpleNamespace(load_data=load_data)


keras_datasets = types.SimpleNamespace(
    mnist=_keras_mnist(), fashion_mnist=_keras_mnist(proto_seed=2), cifar10=_keras_cifar10(),
    imdb=_keras_imdb(), boston_housing=_keras_boston_housing())


def write_mnist_npz(path: str = "mnist.npz") -> str:
    """Writes ``keras_datasets.mnist.load_data()`` as Keras's ``mnist.npz`` (arrays ``x_train``, ``y_train``,
    ``x_test``, ``y_test``) and returns ``path``."""
    (x_train, y_train), (x_test, y_test) = keras_datasets.mnist.load_data()
    np.savez(path, x_train=x_train, y_train=y_train, x_test=x_test, y_test=y_test)
    return path


# ----------------------------------------------------------------------------------------------------------
# titanic (tflearn's csv)
# ----------------------------------------------------------------------------------------------------------
_TITANIC_NAMES = ("Allen, Miss. Elisabeth Walton", "Andrews, Mr. Thomas Jr", "Baxter, Mrs. James (Helene)",
                  "Carter, Master. William Thornton II", "Dodge, Dr. Washington", "Evans, Miss. Edith Corse",
                  "Fortune, Mr. Charles Alexander", "Goldsmith, Mrs. Frank John (Emily Alice Brown)")


def write_titanic_csv(path: str = "titanic_dataset.csv", n: int = 200) -> str:
    """Writes a titanic CSV with the real file's header (``survived,pclass,name,sex,age,sibsp,parch,ticket,fare``)
    and ``n`` synthetic rows (names quoted, as they contain commas); returns ``path``."""
    rng = np.random.RandomState(7)
    rows = ["survived,pclass,name,sex,age,sibsp,parch,ticket,fare"]
    for i in range(n):
        pclass = int(rng.randint(1, 4))
        sex = "female" if rng.rand() < 0.36 else "male"
        survived = int(rng.rand() < (0.75 if sex == "female" else 0.2) + (0.1 if pclass == 1 else 0.0))
        name = _TITANIC_NAMES[i % len(_TITANIC_NAMES)]
        age = round(float(rng.uniform(1, 70)), 1)
        fare = round(float(rng.uniform(5, 80) * (4 - pclass)), 4)
        rows.append(f'{survived},{pclass},"{name}",{sex},{age},{int(rng.randint(0, 3))},{int(rng.randint(0, 3))},'
                    f'{int(rng.randint(10000, 400000))},{fare}')
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


# ----------------------------------------------------------------------------------------------------------
# text8
# ----------------------------------------------------------------------------------------------------------
_COMMON = ("the of and one in a to zero nine two is as eight for s five three was by that four six seven with "
           "on are it from or his an be this which at he also not have were has but first one other their "
           "going hardware american britain").split()


def text8_words(n_words: int = 60000, vocab: int = 600, seed: int = 5) -> list[str]:
    """A Zipf-distributed word list (text8's shape: lower-case words, no punctuation)."""
    rng = np.random.RandomState(seed)
    names = list(dict.fromkeys(_COMMON)) + [f"w{i}" for i in range(vocab)]
    names = names[:vocab]
    ranks = np.arange(1, vocab + 1)
    p = 1.0 / ranks
    p /= p.sum()
    return [names[i] for i in rng.choice(vocab, size=n_words, p=p)]


def write_text8_zip(path: str = "text8.zip", **kwargs) -> str:
    """Writes text8_words() as text8.zip (one member, 'text8', space-separated) and returns ``path``."""
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("text8", " ".join(text8_words(**kwargs)))
    return path


# ----------------------------------------------------------------------------------------------------------
# photos (downloaded pictures) and Oxford 17 flowers
# ----------------------------------------------------------------------------------------------------------
def photo_uint8(height: int = 120, width: int = 160, seed: int = 3) -> np.ndarray:
    """A uint8 RGB image [height, width, 3]: colour gradients, a few soft-edged discs and a little noise (photo-like
    low-rank structure, so SVD/compression and image ops behave as on a real picture)."""
    rng = np.random.RandomState(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    y, x = y / max(height - 1, 1), x / max(width - 1, 1)
    image = np.stack([0.2 + 0.6 * x, 0.3 + 0.4 * y, 0.8 - 0.5 * x * y], axis=-1)
    for _ in range(4):
        cy, cx, r = rng.uniform(0.2, 0.8), rng.uniform(0.2, 0.8), rng.uniform(0.08, 0.25)
        disc = np.clip((r - np.hypot(y - cy, x - cx)) * 20, 0, 1)[..., None]
        image = image * (1 - disc) + rng.uniform(0, 1, size=3) * disc
    image += rng.normal(0, 0.02, size=image.shape)
    return np.round(np.clip(image, 0, 1) * 255).astype(np.uint8)


def write_jpeg(path: str, height: int = 120, width: int = 160, seed: int = 3) -> str:
    """Writes ``photo_uint8(height, width, seed)`` as a JPEG file (needs pillow) and returns ``path``."""
    from PIL import Image
    Image.fromarray(photo_uint8(height, width, seed)).save(path, format="JPEG", quality=90)
    return path


def write_flowers17_tgz(path: str = "17flowers.tgz", n: int = 1360, size: int = 24) -> str:
    """Writes ``17flowers.tgz`` as the Oxford 17 flowers archive is laid out (``jpg/image_0001.jpg`` ...
    ``jpg/image_1360.jpg``), with small synthetic photos of ``size`` x ``size`` pixels; returns ``path``."""
    import io
    import tarfile
    from PIL import Image
    with tarfile.open(path, "w:gz", compresslevel=1) as tar:
        for i in range(n):
            buffer = io.BytesIO()
            Image.fromarray(photo_uint8(size, size, seed=100 + i)).save(buffer, format="JPEG", quality=85)
            info = tarfile.TarInfo(f"jpg/image_{i + 1:04d}.jpg")
            info.size = buffer.tell()
            buffer.seek(0)
            tar.addfile(info, buffer)
    return path


_FLOWER_CLASSES = ("daisy", "dandelion", "roses", "sunflowers", "tulips")


def write_flower_photos(folder: str = "flower_photos", per_class: int = 30, size: int = 48) -> str:
    """Writes the extracted ``flower_photos.tgz`` layout (``FOLDER/<class>/<n>.jpg`` for TF's five flower
    classes), small synthetic photos whose colours depend on the class; returns ``folder``."""
    from _data_images import write_class_folders
    return write_class_folders(folder, _FLOWER_CLASSES, per_class, size)


def write_imagenet_labels(path: str = "ImageNetLabels.txt") -> str:
    """Writes ``ImageNetLabels.txt`` as TF's example file is laid out (``background`` and then one name per
    ImageNet class, 1001 lines), with made-up class names; returns ``path``."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(["background"] + [f"class {i:04d}" for i in range(1000)]) + "\n")
    return path


def write_higgs_csv_gz(path: str = "HIGGS.csv.gz", n: int = 1500, seed: int = 71) -> str:
    """Writes ``HIGGS.csv.gz`` as UCI's file is laid out (no header; per row the 0/1 label, then 28 features, in
    ``%.18e``), with features whose distribution shifts a little with the label; returns ``path``."""
    rng = np.random.RandomState(seed)
    labels = rng.randint(0, 2, size=n).astype(np.float64)
    features = np.abs(rng.randn(n, 28) + 0.4 * labels[:, None] * np.linspace(-1, 1, 28))
    with gzip.open(path, "wt", compresslevel=1) as f:
        np.savetxt(f, np.column_stack([labels, features]), fmt="%.18e", delimiter=",")
    return path


# ----------------------------------------------------------------------------------------------------------
# IMDB reviews as text files (aclImdb_v1.tar.gz)
# ----------------------------------------------------------------------------------------------------------
def _review(rng, positive: bool, vocab: int) -> str:
    """A review of 20-120 words: filler words drawn from ``vocab`` (the positive ones lean on the first half),
    sentiment words, punctuation and IMDB's ``<br />`` line breaks."""
    centre = vocab * (0.3 if positive else 0.7)
    ids = np.clip(rng.normal(centre, vocab * 0.2, size=int(rng.randint(20, 120))), 0, vocab - 1).astype(int)
    words = [f"word{i}" for i in ids]
    mood = ("great", "wonderful", "loved") if positive else ("terrible", "boring", "awful")
    for at in rng.randint(0, len(words), size=3):
        words[at] = mood[int(rng.randint(3))]
    text = " ".join(words)
    return "The movie was " + text[:len(text) // 2] + ". <br /><br />" + text[len(text) // 2:] + "!"


def write_aclimdb(folder: str = "aclImdb_v1", n_train: int = 200, n_test: int = 100, vocab: int = 2000) -> str:
    """Writes the IMDB review folders as ``aclImdb_v1.tar.gz`` unpacks them (``folder/aclImdb/{train,test}/
    {pos,neg}/<id>_<rating>.txt`` and ``train/unsup/``), ``n_train``/``n_test`` reviews per split, half of them
    positive, over ``vocab`` filler words; ``train/pos/1181_9.txt`` exists (the tutorial prints it). Returns
    ``folder``."""
    rng = np.random.RandomState(23)
    for split, n in (("train", n_train), ("test", n_test)):
        for label, positive in (("pos", True), ("neg", False)):
            path = os.path.join(folder, "aclImdb", split, label)
            os.makedirs(path, exist_ok=True)
            for i in range(n // 2):
                rating = int(rng.randint(7, 11)) if positive else int(rng.randint(1, 5))
                name = "1181_9.txt" if (split, label, i) == ("train", "pos", 0) else f"{i + 2000}_{rating}.txt"
                with open(os.path.join(path, name), "w", encoding="utf-8") as f:
                    f.write(_review(rng, positive, vocab))
    unsup = os.path.join(folder, "aclImdb", "train", "unsup")
    os.makedirs(unsup, exist_ok=True)
    for i in range(5):
        with open(os.path.join(unsup, f"{i}_0.txt"), "w", encoding="utf-8") as f:
            f.write(_review(rng, bool(i % 2), vocab))
    return folder


# ----------------------------------------------------------------------------------------------------------
# small tables (UCI auto-mpg, TF's iris/heart csvs, petfinder-mini)
# ----------------------------------------------------------------------------------------------------------
def write_auto_mpg(path: str = "auto-mpg.data", n: int = 120, seed: int = 81) -> str:
    """Writes UCI's ``auto-mpg.data`` layout (no header; space-aligned MPG, Cylinders, Displacement, Horsepower,
    Weight, Acceleration, Model Year, Origin, then a tab and the quoted car name; ``?`` for a few missing
    horsepowers), ``n`` synthetic cars whose MPG falls with weight and horsepower; returns ``path``."""
    rng = np.random.RandomState(seed)
    lines = []
    for i in range(n):
        cylinders = int(rng.choice([4, 6, 8], p=[0.5, 0.2, 0.3]))
        displacement = cylinders * rng.uniform(20, 45)
        horsepower = displacement * rng.uniform(0.35, 0.6) + 20
        weight = 1500 + displacement * rng.uniform(6, 9)
        acceleration = rng.uniform(10, 22)
        year, origin = int(rng.randint(70, 83)), int(rng.choice([1, 2, 3], p=[0.6, 0.2, 0.2]))
        mpg = max(9.0, 55 - weight / 150 - horsepower / 20 + (year - 70) * 0.6 + rng.randn())
        hp = "?" if i % 40 == 7 else f"{horsepower:.1f}"
        lines.append(f"{mpg:4.1f}   {cylinders}   {displacement:5.1f}      {hp:>5}      {weight:5.0f}.      "
                     f"{acceleration:4.1f}   {year}  {origin}\t\"car {i}\"")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return path


def write_iris_csv(path: str, n: int = 120, seed: int = 91) -> str:
    """Writes TF's ``iris_training.csv``/``iris_test.csv`` layout (a header ``N,4,setosa,versicolor,virginica``,
    then four measurements and the 0/1/2 species a row), ``n`` synthetic flowers around the three species'
    means; returns ``path``."""
    rng = np.random.RandomState(seed)
    means = np.array([[5.0, 3.4, 1.5, 0.2], [5.9, 2.8, 4.3, 1.3], [6.6, 3.0, 5.6, 2.0]])
    species = rng.randint(0, 3, size=n)
    x = means[species] + rng.randn(n, 4) * 0.3
    rows = [f"{n},4,setosa,versicolor,virginica"]
    rows += [",".join(f"{v:.1f}" for v in np.abs(x[i])) + f",{species[i]}" for i in range(n)]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


def write_heart_csv(path: str = "heart.csv", n: int = 150, seed: int = 101) -> str:
    """Writes TF's ``heart.csv`` layout (header ``age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,
    slope,ca,thal,target``; ints, ``oldpeak`` a float, ``thal`` one of ``fixed``/``normal``/``reversible``),
    ``n`` synthetic patients; returns ``path``."""
    rng = np.random.RandomState(seed)
    rows = ["age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,target"]
    for _ in range(n):
        target = int(rng.rand() < 0.3)
        age, cp = int(rng.randint(30, 77)), int(rng.randint(0, 5))
        thal = ("fixed", "normal", "reversible")[int(rng.choice(3, p=[0.1, 0.6, 0.3] if not target else
                                                                  [0.1, 0.2, 0.7]))]
        rows.append(f"{age},{int(rng.randint(0, 2))},{cp},{int(rng.randint(94, 200))},{int(rng.randint(126, 400))},"
                    f"{int(rng.rand() < 0.15)},{int(rng.randint(0, 3))},{int(rng.randint(90, 200) - 20 * target)},"
                    f"{int(rng.rand() < 0.3 + 0.3 * target)},{rng.uniform(0, 4) + target:.1f},{int(rng.randint(1, 4))},"
                    f"{int(rng.randint(0, 4))},{thal},{target}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


_PET_COLUMNS = ("Type,Age,Breed1,Gender,Color1,Color2,MaturitySize,FurLength,Vaccinated,Sterilized,Health,Fee,"
                "Description,PhotoAmt,AdoptionSpeed")
_PET_CHOICES = {"Type": ("Cat", "Dog"), "Breed1": ("Tabby", "Mixed Breed", "Domestic Short Hair", "Terrier"),
                "Gender": ("Male", "Female"), "Color1": ("Black", "Brown", "White", "Golden", "Cream"),
                "Color2": ("No Color", "White", "Brown", "Black"), "MaturitySize": ("Small", "Medium", "Large"),
                "FurLength": ("Short", "Medium", "Long"), "Vaccinated": ("No", "Yes", "Not Sure"),
                "Sterilized": ("No", "Yes", "Not Sure"), "Health": ("Healthy", "Minor Injury")}


def write_petfinder_csv(path: str = "datasets/petfinder-mini/petfinder-mini.csv", n: int = 200,
                        seed: int = 111) -> str:
    """Writes ``petfinder-mini.csv`` as ``petfinder-mini.zip`` unpacks it (the real header; string categories,
    int ``Age``/``Fee``/``PhotoAmt``, a quoted free-text ``Description``, ``AdoptionSpeed`` 0-4), ``n`` synthetic
    pets; makes the folder; returns ``path``."""
    rng = np.random.RandomState(seed)
    rows = [_PET_COLUMNS]
    for i in range(n):
        pick = {k: v[int(rng.randint(len(v)))] for k, v in _PET_CHOICES.items()}
        speed = int(rng.randint(0, 5))
        rows.append(f"{pick['Type']},{int(rng.randint(1, 36))},{pick['Breed1']},{pick['Gender']},{pick['Color1']},"
                    f"{pick['Color2']},{pick['MaturitySize']},{pick['FurLength']},{pick['Vaccinated']},"
                    f"{pick['Sterilized']},{pick['Health']},{int(rng.choice([0, 0, 50, 100, 200]))},"
                    f"\"A friendly pet, number {i}, looking for a home.\",{int(rng.randint(0, 8))},{speed}")
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


_COMMANDS = ("down", "go", "left", "no", "right", "stop", "up", "yes")


def write_speech_commands(folder: str = "data/mini_speech_commands", per_class: int = 42, seed: int = 121) -> str:
    """Writes ``mini_speech_commands.zip`` as it unpacks (``FOLDER/<word>/<id>_nohash_<n>.wav`` for its eight
    words, and a ``README.md``): 16-bit mono 16 kHz WAVs of up to one second (a few shorter, as in the real set),
    each a word-specific pair of tones under a fading envelope plus noise; ``no/01bb6a2a_nohash_0.wav`` exists
    (the tutorial plays it). Returns ``folder``."""
    import wave
    rng = np.random.RandomState(seed)
    t = np.arange(16000) / 16000.0
    for c, word in enumerate(_COMMANDS):
        os.makedirs(os.path.join(folder, word), exist_ok=True)
        for i in range(per_class):
            n = 16000 if i % 5 else int(rng.randint(9000, 16000))
            tone = np.sin(2 * np.pi * (300 + 150 * c) * t[:n]) + 0.5 * np.sin(2 * np.pi * (900 + 220 * c) * t[:n])
            envelope = np.exp(-((t[:n] - rng.uniform(0.3, 0.6)) ** 2) / 0.02)
            samples = 0.3 * tone * envelope + 0.02 * rng.randn(n)
            name = "01bb6a2a_nohash_0.wav" if (word, i) == ("no", 0) else f"{c:02x}{i:06x}_nohash_{i % 3}.wav"
            with wave.open(os.path.join(folder, word, name), "wb") as f:
                f.setnchannels(1)
                f.setsampwidth(2)
                f.setframerate(16000)
                f.writeframes((np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes())
    with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as f:
        f.write("Synthetic stand-in for mini_speech_commands (tests/real_scripts/_data.py).\n")
    return folder


def write_wdbc(path: str = "wdbc.data", n: int = 200, seed: int = 131) -> str:
    """Writes UCI's ``wdbc.data`` layout (no header; an int id, ``M``/``B``, then 30 positive features: ten
    measurements' mean, standard error and largest value), ``n`` synthetic tumours whose malignant ones are
    larger; returns ``path``."""
    rng = np.random.RandomState(seed)
    scale = np.array([14, 19, 92, 650, 0.1, 0.1, 0.09, 0.05, 0.18, 0.06])
    rows = []
    for i in range(n):
        malignant = rng.rand() < 0.37
        mean = scale * (1.3 if malignant else 0.9) * rng.uniform(0.8, 1.2, size=10)
        values = np.concatenate([mean, mean * rng.uniform(0.03, 0.1, size=10), mean * rng.uniform(1.1, 1.4, size=10)])
        rows.append(f"{842302 + 17 * i},{'M' if malignant else 'B'}," + ",".join(f"{v:.5g}" for v in values))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


def write_abalone_csv(path: str = "abalone_train.csv", n: int = 300, seed: int = 141) -> str:
    """Writes TF's ``abalone_train.csv`` layout (no header; seven float measurements and the int age a row), ``n``
    synthetic shells whose age grows with size; returns ``path``."""
    rng = np.random.RandomState(seed)
    size = rng.uniform(0.2, 0.75, size=n)
    rows = []
    for s in size:
        weights = s ** 3 * np.array([3.5, 1.5, 0.75, 1.0]) * rng.uniform(0.8, 1.2, size=4)
        age = int(round(4 + 14 * s + rng.randn()))
        rows.append(",".join(f"{v:.4f}" for v in (s, s * 0.8, s * 0.27, *weights)) + f",{max(age, 1)}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


def write_titanic_train_csv(path: str = "train.csv", n: int = 200, seed: int = 151) -> str:
    """Writes tf-datasets' ``titanic/train.csv`` layout (header ``survived,sex,age,n_siblings_spouses,parch,fare,
    class,deck,embark_town,alone``), ``n`` synthetic passengers; returns ``path``."""
    rng = np.random.RandomState(seed)
    rows = ["survived,sex,age,n_siblings_spouses,parch,fare,class,deck,embark_town,alone"]
    for _ in range(n):
        sex = "female" if rng.rand() < 0.36 else "male"
        pclass = int(rng.randint(1, 4))
        survived = int(rng.rand() < (0.7 if sex == "female" else 0.2) + (0.1 if pclass == 1 else 0.0))
        siblings, parch = int(rng.randint(0, 3)), int(rng.randint(0, 3))
        deck = "unknown" if rng.rand() < 0.7 else "ABCDEFG"[int(rng.randint(7))]
        town = ("Southampton", "Cherbourg", "Queenstown", "unknown")[int(rng.choice(4, p=[0.7, 0.18, 0.1, 0.02]))]
        age = rng.uniform(1, 70)
        fare = rng.uniform(5, 80) * (4 - pclass)
        rows.append(f"{survived},{sex},{age:.1f},{siblings},{parch},{fare:.4f},"
                    f"{('First', 'Second', 'Third')[pclass - 1]},{deck},{town},{'y' if siblings + parch == 0 else 'n'}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


def write_traffic_csv_gz(path: str = "traffic/Metro_Interstate_Traffic_Volume.csv.gz", n: int = 600,
                         seed: int = 161) -> str:
    """Writes UCI's ``Metro_Interstate_Traffic_Volume.csv.gz`` layout (header ``holiday,temp,rain_1h,snow_1h,
    clouds_all,weather_main,weather_description,date_time,traffic_volume``), ``n`` synthetic hours; makes the
    folder; returns ``path``."""
    rng = np.random.RandomState(seed)
    rows = ["holiday,temp,rain_1h,snow_1h,clouds_all,weather_main,weather_description,date_time,traffic_volume"]
    weather = (("Clouds", "scattered clouds"), ("Clear", "sky is clear"), ("Rain", "light rain"), ("Snow", "snow"))
    for i in range(n):
        main, description = weather[int(rng.randint(len(weather)))]
        hour = i % 24
        volume = int(800 + 4500 * np.exp(-((hour - 8) ** 2) / 8) + 4000 * np.exp(-((hour - 17) ** 2) / 8)
                     + rng.randint(0, 300))
        rows.append(f"{'None' if i % 97 else 'Columbus Day'},{rng.uniform(250, 300):.2f},"
                    f"{rng.uniform(0, 2) if main == 'Rain' else 0.0:.2f},0.0,{int(rng.randint(0, 100))},{main},"
                    f"{description},2012-10-{2 + i // 24:02d} {hour:02d}:00:00,{volume}")
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with gzip.open(path, "wt", compresslevel=1) as f:
        f.write("\n".join(rows) + "\n")
    return path


def write_fonts_csvs(folder: str = "fonts", fonts=("AGENCY", "ARIAL", "BAITI"), per_font: int = 40,
                     seed: int = 171) -> str:
    """Writes the extracted ``fonts.zip`` layout (``FOLDER/<FONT>.csv``, header ``font,fontVariant,m_label,
    strength,italic,orientation,m_top,m_left,originalH,originalW,h,w,r0c0,...,r19c19``), ``per_font`` synthetic
    glyphs a font (pixels 1-255); returns ``folder``."""
    rng = np.random.RandomState(seed)
    os.makedirs(folder, exist_ok=True)
    pixels = [f"r{r}c{c}" for r in range(20) for c in range(20)]
    header = "font,fontVariant,m_label,strength,italic,orientation,m_top,m_left,originalH,originalW,h,w," + \
        ",".join(pixels)
    for font in fonts:
        rows = [header]
        for i in range(per_font):
            glyph = np.clip(_prototypes(1, (20, 20), seed + i)[0] * 255 + 1, 1, 255).astype(int)
            rows.append(f"{font},{font.lower()} scanned,{33 + i},{0.4 if i % 2 else 0.7},{i % 2},0.0,"
                        f"{int(rng.randint(20, 60))},{int(rng.randint(10, 40))},{int(rng.randint(20, 80))},"
                        f"{int(rng.randint(10, 60))},20,20," + ",".join(str(v) for v in glyph.ravel()))
        with open(os.path.join(folder, font + ".csv"), "w", encoding="utf-8") as f:
            f.write("\n".join(rows) + "\n")
    return folder
