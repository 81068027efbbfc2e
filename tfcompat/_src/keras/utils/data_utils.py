"""``tf.keras.utils.get_file`` (a real download into ``~/.keras/<cache_subdir>``, with hash checks and archive
extraction) and ``tf.keras.utils.Sequence``."""
from __future__ import annotations

import hashlib
import os
import shutil
import tarfile
import urllib.request
import zipfile

__all__ = ["get_file", "Sequence", "validate_file", "hash_file"]


def _cache_dir(cache_dir):
    # tf-keras 2.21's get_file ignores KERAS_HOME (only its keras.json lookup reads it): the default is ~/.keras.
    if cache_dir is None:
        cache_dir = os.path.join(os.path.expanduser("~"), ".keras")
    return cache_dir


def hash_file(fpath, algorithm="sha256", chunk_size=65535) -> str:
    """Mirrors ``keras.utils.data_utils._hash_file``."""
    if algorithm == "auto":
        algorithm = "sha256"
    hasher = hashlib.sha256() if algorithm == "sha256" else hashlib.md5()
    with open(fpath, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def validate_file(fpath, file_hash, algorithm="auto", chunk_size=65535) -> bool:
    """Mirrors ``keras.utils.data_utils.validate_file``: 64 hex digits mean sha256, else md5 (``auto``)."""
    if algorithm == "sha256" or (algorithm == "auto" and len(file_hash) == 64):
        hasher = "sha256"
    else:
        hasher = "md5"
    return str(hash_file(fpath, hasher, chunk_size)) == str(file_hash)


def _extract_archive(file_path, path=".", archive_format="auto"):
    if archive_format is None:
        return False
    if archive_format == "auto":
        archive_format = ["tar", "zip"]
    if isinstance(archive_format, str):
        archive_format = [archive_format]
    for kind in archive_format:
        if kind == "tar" and tarfile.is_tarfile(file_path):
            with tarfile.open(file_path) as archive:
                archive.extractall(path, filter="data")
            return True
        if kind == "zip" and zipfile.is_zipfile(file_path):
            with zipfile.ZipFile(file_path) as archive:
                archive.extractall(path)
            return True
    return False


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None, cache_subdir="datasets",
             hash_algorithm="auto", extract=False, archive_format="auto", cache_dir=None):
    """Mirrors ``tf.keras.utils.get_file``: returns the cached file's path, downloading ``origin`` when the file
    is absent or fails its hash.

    Raises:
      ValueError: no origin. Exception: the download failed (with the URL in the message)."""
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download).')
    cache_dir = _cache_dir(cache_dir)
    if md5_hash is not None and file_hash is None:
        file_hash = md5_hash
        hash_algorithm = "md5"
    datadir_base = os.path.expanduser(cache_dir)
    if not os.access(datadir_base, os.W_OK):
        datadir_base = os.path.join("/tmp", ".keras")
    datadir = os.path.join(datadir_base, cache_subdir)
    os.makedirs(datadir, exist_ok=True)
    fname = os.fspath(fname) if fname is not None else None
    if not fname:
        fname = os.path.basename(urllib.request.urlparse(origin).path)
        if not fname:
            raise ValueError(f"Can't parse the file name from the origin provided: '{origin}'.Please specify the "
                             f"`fname` as the input param.")
    if untar:
        if fname.endswith(".tar.gz"):
            fname = fname[:-len(".tar.gz")]
        untar_fpath = os.path.join(datadir, fname)
        fpath = untar_fpath + ".tar.gz"
    else:
        fpath = os.path.join(datadir, fname)
    download = False
    if os.path.exists(fpath):
        if file_hash is not None and not validate_file(fpath, file_hash, algorithm=hash_algorithm):
            print(f"A local file was found, but it seems to be incomplete or outdated because the {hash_algorithm} "
                  f"file hash does not match the original value of {file_hash} so we will re-download the data.")
            download = True
    else:
        download = True
    if download:
        print(f"Downloading data from {origin}")
        error_msg = "URL fetch failure on {}: {} -- {}"
        try:
            try:
                with urllib.request.urlopen(origin) as response, open(fpath, "wb") as out:
                    shutil.copyfileobj(response, out)
            except urllib.error.HTTPError as e:
                raise Exception(error_msg.format(origin, e.code, e.msg)) from e
            except urllib.error.URLError as e:
                raise Exception(error_msg.format(origin, e.errno, e.reason)) from e
        except (Exception, KeyboardInterrupt):
            if os.path.exists(fpath):
                os.remove(fpath)
            raise
        if os.path.exists(fpath) and file_hash is not None and not validate_file(fpath, file_hash,
                                                                                 algorithm=hash_algorithm):
            raise ValueError(f"Incomplete or corrupted file detected. The {hash_algorithm} file hash does not match "
                             f"the provided value of {file_hash}.")
    if untar:
        if not os.path.exists(untar_fpath):
            _extract_archive(fpath, datadir, archive_format="tar")
        return untar_fpath
    if extract:
        _extract_archive(fpath, datadir, archive_format)
    return fpath


class Sequence:
    """Mirrors ``tf.keras.utils.Sequence``: a dataset of batches indexed by ``__getitem__``; ``fit`` takes it
    (iterated in order, ``on_epoch_end`` after each epoch)."""

    def __getitem__(self, index):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError

    def on_epoch_end(self):
        pass

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]
        self.on_epoch_end()
