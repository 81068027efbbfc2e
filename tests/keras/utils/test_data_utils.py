"""tf.keras.utils.get_file (tfcompat._src.keras.utils.data_utils) against tf-keras 2.21: the cache is ~/.keras
whatever KERAS_HOME says (tf-keras reads KERAS_HOME only for keras.json), an explicit cache_dir wins, a cached file
with a matching hash is not downloaded. No network: files are pre-placed. Expected values: real TF."""
from __future__ import annotations

import hashlib
import os

import pytest


@pytest.fixture
def homes(monkeypatch, tmp_path):
    home, keras_home = tmp_path / "home", tmp_path / "keras_home"
    for directory in (home / ".keras" / "datasets", keras_home / "datasets", tmp_path / "explicit" / "data"):
        os.makedirs(directory)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("KERAS_HOME", str(keras_home))
    for path in (home / ".keras" / "datasets" / "a.txt", keras_home / "datasets" / "a.txt",
                 tmp_path / "explicit" / "data" / "a.txt"):
        path.write_text("cached")
    return tmp_path


def test_get_file_ignores_keras_home(oracle, homes):
    md5 = hashlib.md5(b"cached").hexdigest()

    def prog(tf):
        found = tf.keras.utils.get_file("a.txt", origin="http://127.0.0.1:9/a.txt", file_hash=md5)
        explicit = tf.keras.utils.get_file("a.txt", origin="http://127.0.0.1:9/a.txt",
                                           cache_dir=str(homes / "explicit"), cache_subdir="data")
        return os.path.relpath(found, homes), os.path.relpath(explicit, homes)
    oracle.check(prog)
