"""Image codecs (``ops/image_codecs.py``, Pillow): the same encoded bytes decoded by real TF and by tfcompat give
the same pixels (PNG/GIF/BMP exactly; JPEG within a few grey levels, since libjpeg builds differ), encoders round
trip, and errors match TF's types. Test images are made with Pillow from fixed arrays."""
from __future__ import annotations

import io

import numpy as np
import pytest

PIL = pytest.importorskip("PIL.Image")

RNG = np.random.RandomState(7)
RGB = RNG.randint(0, 256, (9, 11, 3)).astype(np.uint8)
RGBA = RNG.randint(0, 256, (6, 5, 4)).astype(np.uint8)
GRAY = RNG.randint(0, 256, (7, 4)).astype(np.uint8)
SMOOTH = (np.add.outer(np.arange(16), np.arange(20))[..., None] * np.array([3, 5, 7]) % 256).astype(np.uint8)


def _encode(arr, fmt, **kw):
    buf = io.BytesIO()
    PIL.fromarray(arr).save(buf, format=fmt, **kw)
    return buf.getvalue()


def _png16(arr16):
    buf = io.BytesIO()
    PIL.frombytes("I;16", (arr16.shape[1], arr16.shape[0]), arr16.astype("<u2").tobytes()).save(buf, format="PNG")
    return buf.getvalue()


def _gif():
    frames = [PIL.fromarray(RGB[..., 0]).convert("P"), PIL.fromarray(RGB[..., 1]).convert("P")]
    buf = io.BytesIO()
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:])
    return buf.getvalue()


PNG_RGB, PNG_RGBA, PNG_GRAY = _encode(RGB, "PNG"), _encode(RGBA, "PNG"), _encode(GRAY, "PNG")
PNG_16 = _png16(GRAY.astype(np.uint16) * 200)
BMP = _encode(RGB, "BMP")
JPEG = _encode(SMOOTH, "JPEG", quality=90)
GIF = _gif()

EXACT = {
    "png": lambda tf: tf.io.decode_png(PNG_RGB),
    "png-rgba": lambda tf: tf.io.decode_png(PNG_RGBA),
    "png-rgba-to-rgb": lambda tf: tf.io.decode_png(PNG_RGBA, channels=3),
    "png-gray-to-rgb": lambda tf: tf.io.decode_png(PNG_GRAY, channels=3),
    "png-gray-to-rgba": lambda tf: tf.io.decode_png(PNG_GRAY, channels=4),
    "png-uint16": lambda tf: tf.io.decode_png(PNG_RGB, dtype=tf.uint16),
    "png-16bit": lambda tf: tf.io.decode_png(PNG_16, dtype=tf.uint16),
    "bmp": lambda tf: tf.io.decode_bmp(BMP),
    "gif": lambda tf: tf.io.decode_gif(GIF),
    "image-png-float": lambda tf: tf.io.decode_image(PNG_RGB, dtype=tf.float32),
    "image-gif": lambda tf: tf.io.decode_image(GIF),
    "image-gif-first-frame": lambda tf: tf.io.decode_image(GIF, expand_animations=False),
    "image-bmp": lambda tf: tf.io.decode_image(BMP, channels=3),
    "png-round-trip": lambda tf: tf.io.decode_png(tf.io.encode_png(RGBA)),
    "png-round-trip-gray": lambda tf: tf.io.decode_png(tf.io.encode_png(GRAY[..., None]), channels=1),
    "is_jpeg": lambda tf: (tf.io.is_jpeg(JPEG), tf.io.is_jpeg(PNG_RGB)),
    "extract_jpeg_shape": lambda tf: tf.io.extract_jpeg_shape(JPEG),
}


@pytest.mark.parametrize("case", sorted(EXACT))
def test_decoders_exact(oracle, case):
    oracle.check(EXACT[case])


JPEG_CASES = {
    "jpeg": lambda tf: tf.io.decode_jpeg(JPEG),
    "jpeg-gray": lambda tf: tf.io.decode_jpeg(JPEG, channels=1),
    "image-jpeg": lambda tf: tf.io.decode_image(JPEG),
    "crop": lambda tf: tf.io.decode_and_crop_jpeg(JPEG, [2, 3, 5, 6]),
    "round-trip": lambda tf: tf.io.decode_jpeg(tf.io.encode_jpeg(SMOOTH, quality=95)),
    "round-trip-gray": lambda tf: tf.io.decode_jpeg(tf.io.encode_jpeg(SMOOTH[..., :1], quality=95)),
    "adjust_jpeg_quality": lambda tf: tf.image.adjust_jpeg_quality(tf.image.convert_image_dtype(SMOOTH, tf.float32),
                                                                   80) * 255.0,
}


@pytest.mark.parametrize("case", sorted(JPEG_CASES))
def test_jpeg_within_tolerance(oracle, case):
    """JPEG: libjpeg builds differ (deviation ``image-codecs``): pixels agree within 6 grey levels."""
    oracle.check(lambda tf: tf.cast(JPEG_CASES[case](tf), tf.float32), rtol=0, atol=6.0)


ERRORS = {
    "png-garbage": lambda tf: tf.io.decode_png(b"not an image"),
    "jpeg-garbage": lambda tf: tf.io.decode_jpeg(b"not an image"),
    "image-unknown": lambda tf: tf.io.decode_image(b"not an image"),
    "encode-png-float": lambda tf: tf.io.encode_png(np.zeros([2, 2, 3], np.float32)),
    "encode-jpeg-2d": lambda tf: tf.io.encode_jpeg(np.zeros([2, 2], np.uint8)),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_codec_errors(oracle, case):
    oracle.check(ERRORS[case])


def test_codecs_in_a_graph(oracle):
    def prog(v1):
        data = v1.placeholder(v1.string, [])
        img = v1.image.decode_png(data, channels=3)
        png = v1.image.encode_png(img)
        with v1.Session() as sess:
            pixels, encoded = sess.run([img, png], {data: PNG_RGB})
            again = sess.run(img, {data: encoded})
        return img.shape.as_list(), img.dtype, png.dtype, pixels, again
    oracle.check_v1(prog)


@pytest.mark.oracle
def test_encoded_files_cross_decode(tf):
    """Live only: PNGs written by tfcompat decode in real TF to the same pixels, and TF's in tfcompat."""
    import tfcompat
    ours = tfcompat.io.encode_png(RGBA).numpy()
    theirs = tf.io.encode_png(RGBA).numpy()
    np.testing.assert_array_equal(tf.io.decode_png(ours).numpy(), RGBA)
    np.testing.assert_array_equal(tfcompat.io.decode_png(theirs).numpy(), RGBA)


def test_decode_png_to_float_and_unsigned_division(oracle):
    """decode_image converts through convert_image_dtype, whose uint16 path divides (FloorDiv on uint16, which
    torch has no kernel for); TF 2.21 is the oracle."""
    def prog(tf):
        import numpy as np
        img = tf.constant(np.arange(48, dtype=np.uint8).reshape(4, 4, 3))
        png = tf.io.encode_png(img)
        wide = tf.constant([7, 9, 65535], tf.uint16)
        return (tf.io.decode_image(png), tf.io.decode_image(png, dtype=tf.float32),
                tf.image.convert_image_dtype(wide, tf.uint8), tf.math.floordiv(wide, tf.constant(2, tf.uint16)),
                tf.truncatediv(wide, tf.constant(4, tf.uint16)))
    oracle.check(prog)
