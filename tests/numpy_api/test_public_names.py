"""``tfcompat.experimental.numpy`` and ``tfcompat.experimental`` against TF 2.21's recorded public names
(tfcompat/_src/tools/tf_api_2_21.json, recorded from real TF): every TF NumPy name is provided, ``__all__`` lists
exactly those, and ``import tensorflow.experimental.numpy`` resolves under ``install()``."""
from __future__ import annotations

import importlib

import pytest

from tfcompat._src.tools.api_coverage import load_tf_api


@pytest.mark.parametrize("namespace,module", [("tf.experimental.numpy", "tfcompat.experimental.numpy"),
                                              ("tf.experimental.numpy.random", "tfcompat.experimental.numpy.random"),
                                              ("tf.experimental.extension_type",
                                               "tfcompat.experimental.extension_type")])
def test_every_tf_name_is_provided(namespace, module):
    names = set(load_tf_api()[namespace])
    mod = importlib.import_module(module)
    assert sorted(n for n in names if not hasattr(mod, n)) == []
    assert set(mod.__all__) == names


def test_experimental_names():
    import tfcompat as tf
    for name in ("ExtensionType", "BatchableExtensionType", "ExtensionTypeSpec", "Optional", "numpy",
                 "extension_type"):
        assert hasattr(tf.experimental, name), name
    with pytest.raises(NotImplementedError, match="tf.experimental.dtensor"):
        tf.experimental.dtensor.call_with_layout
    v1 = tf.compat.v1.experimental
    assert v1.ExtensionType is tf.experimental.ExtensionType and v1.async_scope is tf.experimental.async_scope
    assert set(v1.__all__) <= set(load_tf_api()["tf.compat.v1.experimental"])
    assert not hasattr(v1, "numpy")   # TF 2.21 has no tf.compat.v1.experimental.numpy


def test_install_maps_tensorflow_experimental_numpy():
    from tfcompat._src.runtime import install as install_lib
    install_lib.install("v2")
    try:
        tnp = importlib.import_module("tensorflow.experimental.numpy")
        rnd = importlib.import_module("tensorflow.experimental.numpy.random")
        import tfcompat.experimental.numpy as public
        assert tnp is public and rnd is public.random
    finally:
        install_lib.uninstall()
