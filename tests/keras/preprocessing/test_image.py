"""tf.keras.preprocessing.image: ImageDataGenerator, its iterators and the random_*/apply_* helpers
(tfcompat._src.keras.preprocessing.{image_data_generator,image_iterators,image_transforms}) against tf-keras 2.21.

Expected values: real TF (tf-keras 2.21). tf-keras needs SciPy for ImageDataGenerator, which the oracle
environment does not install: ``apply_affine_transform`` checks for SciPy before anything else (every
``apply_transform`` calls it, even with nothing to resample, and fails with NameError without SciPy). So:

- programs that resample (rotation/shift/shear/zoom) use TF's *recorded* results, which were recorded with SciPy
  1.17.1 importable (``PYTHONPATH=<scipy dir> python -m tests.oracle --record tests/keras/preprocessing/
  test_image.py``); when SciPy is importable they run live;
- programs that do not resample run live, with tf-keras's module-level ``scipy`` name set to a placeholder when
  SciPy is missing so its guard passes (nothing else of SciPy is touched on that path)."""
from __future__ import annotations

import os
import random

import numpy as np
import pytest


@pytest.fixture
def tf_keras_scipy(oracle, monkeypatch):
    """Call with ``resamples``: arranges the TF side as the module docstring says."""
    def arrange(resamples: bool):
        try:
            import scipy.ndimage  # noqa: F401
            return
        except ImportError:
            pass
        if resamples:
            oracle.live = False
        elif oracle.live:
            from tf_keras.src.preprocessing import image as tf_keras_image
            monkeypatch.setattr(tf_keras_image, "scipy", object(), raising=False)
    return arrange


def _images(n=4, h=5, w=6, c=3):
    return ((np.arange(n * h * w * c) * 7 % 31).astype(np.float32).reshape(n, h, w, c) * 1.5)


@pytest.mark.parametrize("kwargs", [
    {"rescale": 1 / 255.0},
    {"samplewise_center": True, "samplewise_std_normalization": True},
    {"featurewise_center": True, "featurewise_std_normalization": True, "rescale": 0.5},
    {"zca_whitening": True, "zca_epsilon": 0.1},
    {"horizontal_flip": True, "vertical_flip": True, "channel_shift_range": 5.0},
    {"brightness_range": (0.4, 1.3)},
    {"preprocessing_function": lambda x: x - 3.0, "data_format": "channels_first"},
])
def test_flow_standardize_and_deterministic_augmentation(kwargs, oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=False)
    def prog(tf):
        gen = tf.keras.preprocessing.image.ImageDataGenerator(**kwargs)
        x = _images()
        if kwargs.get("data_format") == "channels_first":
            x = x.transpose(0, 3, 1, 2)
        gen.fit(x)
        it = gen.flow(x, np.arange(4), batch_size=3, seed=11)
        batches = [it[0], it[1], next(it), next(it), next(it)]
        return batches, len(it), gen.mean, gen.std, gen.get_random_transform(x.shape[1:], seed=4)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_flow_shuffle_extras_weights_and_subsets(oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=False)
    def prog(tf):
        gen = tf.keras.preprocessing.image.ImageDataGenerator(validation_split=0.25)
        x, y = _images(8), np.array([0, 1, 0, 1, 1, 0, 1, 0])
        extra = np.arange(8) * 10
        train = gen.flow((x, [extra, -extra]), y, batch_size=3, sample_weight=np.arange(8) / 8.0, seed=2,
                         subset="training")
        val = gen.flow(x, y, batch_size=5, shuffle=False, subset="validation")
        plain = gen.flow(x, batch_size=4, seed=9)
        return [train[i] for i in range(len(train))], next(train), val[0], [next(plain) for _ in range(3)], train.n
    oracle.check(prog)


@pytest.mark.parametrize("case", ["rank3", "y_len", "weights_len", "extra_len", "subset", "class_split",
                                  "zoom", "brightness", "split", "data_format", "fit_rank", "index"])
def test_errors(case, oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=False)
    def prog(tf):
        image = tf.keras.preprocessing.image
        gen = image.ImageDataGenerator(validation_split=0.5)
        x = _images(4)
        calls = {"rank3": lambda: gen.flow(x[0]), "y_len": lambda: gen.flow(x, np.arange(3)),
                 "weights_len": lambda: gen.flow(x, np.arange(4), sample_weight=np.ones(2)),
                 "extra_len": lambda: gen.flow((x, np.arange(2))),
                 "subset": lambda: gen.flow(x, subset="test"),
                 "class_split": lambda: gen.flow(x, np.array([0, 0, 1, 1]), subset="training"),
                 "zoom": lambda: image.ImageDataGenerator(zoom_range=(0.1, 0.2, 0.3)),
                 "brightness": lambda: image.ImageDataGenerator(brightness_range=0.5),
                 "split": lambda: image.ImageDataGenerator(validation_split=1.5),
                 "data_format": lambda: image.ImageDataGenerator(data_format="channels_middle"),
                 "fit_rank": lambda: gen.fit(x[0]),
                 "index": lambda: gen.flow(x, batch_size=2)[2]}
        return calls[case]()
    oracle.check(prog, match_message="")


def test_unsupported_interpolation_order():
    """tfcompat-only (known deviation "image-affine-orders"; expected by hand): spline orders above 1 raise."""
    import numpy as np
    import tfcompat as tf
    with pytest.raises(NotImplementedError, match="order 2"):
        tf.keras.preprocessing.image.apply_affine_transform(np.zeros((3, 4, 4), np.float32), theta=10, order=2)


def test_channel_and_brightness_functions(oracle):
    def prog(tf):
        image = tf.keras.preprocessing.image
        x = _images(1)[0]
        np.random.seed(21)
        return (image.apply_channel_shift(x, 4.0, channel_axis=2), image.apply_channel_shift(x, -60.0),
                image.random_channel_shift(x, 9.0, channel_axis=2), image.apply_brightness_shift(x, 0.7),
                image.apply_brightness_shift(x * 10 - 50, 1.2, scale=False), image.random_brightness(x, (0.5, 0.9)),
                np.random.uniform())
    oracle.check(prog, rtol=1e-5, atol=1e-4)


def test_fit_on_flow(oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=False)
    def prog(tf):
        random.seed(0)
        np.random.seed(0)
        gen = tf.keras.preprocessing.image.ImageDataGenerator(rescale=1 / 50.0, horizontal_flip=True)
        x, y = _images(6), np.arange(6, dtype=np.float32) / 6
        model = tf.keras.Sequential([tf.keras.layers.Flatten(input_shape=(5, 6, 3)), tf.keras.layers.Dense(1)])
        model.set_weights([np.linspace(-0.05, 0.05, 90, dtype=np.float32).reshape(90, 1),
                           np.zeros(1, np.float32)])
        model.compile(tf.keras.optimizers.SGD(0.01), "mse")
        history = model.fit(gen.flow(x, y, batch_size=4, seed=3), epochs=3, verbose=0)
        return history.history, model.get_weights(), model.evaluate(gen.flow(x, y, shuffle=False), verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-6)


@pytest.fixture(scope="module")
def image_tree(tmp_path_factory):
    from PIL import Image
    root = tmp_path_factory.mktemp("flow_dirs")
    for c, name in enumerate(["cats", "dogs"]):
        os.makedirs(root / name / "nested")
        for i in range(3):
            pixels = (np.arange(6 * 8 * 3).reshape(6, 8, 3) * (i + 2 + c) % 256).astype(np.uint8)
            where = root / name / ("nested" if i == 2 else "") / f"{i}.png"
            Image.fromarray(pixels).save(str(where))
        (root / name / "notes.txt").write_text("not an image")
    return str(root)


@pytest.mark.parametrize("kwargs", [
    {"target_size": (3, 4), "batch_size": 4, "seed": 1},
    {"target_size": (6, 8), "class_mode": "binary", "shuffle": False, "color_mode": "grayscale"},
    {"target_size": (4, 4), "class_mode": "sparse", "keep_aspect_ratio": True, "subset": "validation",
     "interpolation": "bilinear", "shuffle": False},
    {"target_size": (2, 3), "class_mode": None, "classes": ["dogs"], "color_mode": "rgba", "shuffle": False},
    {"target_size": (2, 2), "class_mode": "input", "subset": "training", "shuffle": False},
])
def test_flow_from_directory(image_tree, kwargs, oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=False)

    def prog(tf):
        gen = tf.keras.preprocessing.image.ImageDataGenerator(rescale=1 / 255.0, validation_split=0.4)
        it = gen.flow_from_directory(image_tree, **kwargs)
        return ([it[i] for i in range(len(it))], it.class_indices, it.classes, it.filenames, it.samples,
                it.image_shape, [os.path.relpath(p, image_tree) for p in it.filepaths])
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_flow_from_directory_bad_arguments(image_tree, oracle):
    def prog(tf):
        gen = tf.keras.preprocessing.image.ImageDataGenerator()
        return gen.flow_from_directory(image_tree, class_mode="multi")
    oracle.check(prog, match_message="Invalid class_mode")


def test_flow_from_dataframe_names_pandas():
    """tfcompat-only: tf-keras reads a pandas DataFrame here; tfcompat raises UnsupportedAPIError naming pandas
    (expected by hand: known deviation "image-affine-orders")."""
    from tests.known_deviations import DEVIATIONS
    assert "flow_from_dataframe" in DEVIATIONS["image-affine-orders"]
    import tfcompat as tf
    with pytest.raises(NotImplementedError, match="pandas"):
        tf.keras.preprocessing.image.ImageDataGenerator().flow_from_dataframe(object())


_RESAMPLING = [
    {"rotation_range": 30},
    {"width_shift_range": 0.2, "height_shift_range": 0.3, "fill_mode": "constant", "cval": -1.0},
    {"width_shift_range": [1, 2], "height_shift_range": 2, "fill_mode": "wrap"},
    {"shear_range": 20, "fill_mode": "reflect"},
    {"zoom_range": [0.5, 1.5], "interpolation_order": 0},
    {"rotation_range": 40, "width_shift_range": 0.2, "height_shift_range": 0.2, "shear_range": 10,
     "zoom_range": 0.2, "horizontal_flip": True, "channel_shift_range": 10.0, "fill_mode": "nearest"},
    {"rotation_range": 40, "data_format": "channels_first", "fill_mode": "constant"},
]


@pytest.mark.parametrize("kwargs", _RESAMPLING)
def test_flow_with_affine_augmentation(kwargs, oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=True)

    def prog(tf):
        gen = tf.keras.preprocessing.image.ImageDataGenerator(**kwargs)
        x = _images(3, 7, 9)
        if kwargs.get("data_format") == "channels_first":
            x = x.transpose(0, 3, 1, 2)
        it = gen.flow(x, np.arange(3), batch_size=2, seed=5)
        params = gen.get_random_transform(x.shape[1:], seed=8)
        return it[0], next(it), params, gen.apply_transform(x[1], params), gen.random_transform(x[2], seed=1)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("mode", ["nearest", "constant", "reflect", "wrap"])
def test_affine_functions(mode, oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=True)

    def prog(tf):
        image = tf.keras.preprocessing.image
        x = _images(1, 6, 7)[0]
        chw = x.transpose(2, 0, 1)
        np.random.seed(17)
        kw = {"fill_mode": mode, "cval": 2.5}
        return (image.apply_affine_transform(x, theta=33, tx=1.5, ty=-2, shear=12, zx=0.8, zy=1.3,
                                             row_axis=0, col_axis=1, channel_axis=2, **kw),
                image.apply_affine_transform(chw, theta=-71, zx=1.7, order=0, **kw),
                image.apply_affine_transform(x.transpose(1, 0, 2), tx=2.25, row_axis=1, col_axis=0,
                                             channel_axis=2, **kw),
                image.random_rotation(chw, 50, **kw), image.random_shift(chw, 0.3, 0.2, **kw),
                image.random_shear(chw, 25, **kw), image.random_zoom(chw, (0.6, 1.2), **kw),
                image.random_zoom(chw, (1, 1)), np.random.uniform())
    oracle.check(prog, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case", ["same_axes", "bad_axes", "rank", "channel_axis", "zoom_pair"])
def test_affine_errors(case, oracle, tf_keras_scipy):
    tf_keras_scipy(resamples=True)

    def prog(tf):
        image = tf.keras.preprocessing.image
        x = _images(1)[0]
        calls = {"same_axes": lambda: image.apply_affine_transform(x, theta=3, row_axis=1, col_axis=1),
                 "bad_axes": lambda: image.apply_affine_transform(x, theta=3, row_axis=3),
                 "rank": lambda: image.apply_affine_transform(x[0], theta=3),
                 "channel_axis": lambda: image.apply_affine_transform(x, theta=3, row_axis=0, col_axis=2,
                                                                      channel_axis=1),
                 "zoom_pair": lambda: image.random_zoom(x, (0.5,))}
        return calls[case]()
    oracle.check(prog, match_message="")
