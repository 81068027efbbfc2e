"""tools/unsupported.py: what ``tf.<name>`` gives for names tfcompat does not provide, and the generated page
migration_guide/unsupported.md. Expected outcomes are by hand (TF's own behaviour is the AttributeError half:
``hasattr`` False for what a module lacks); the names used are looked up in the recorded TF API
(``tf_api_2_21.json``) so the tests follow tfcompat's growth."""
from __future__ import annotations

import os

import pytest

import tfcompat
from tfcompat._src.tools import api_coverage, unsupported
from tfcompat._src.tools.unsupported import UNSUPPORTED, UnsupportedAPIError, UnsupportedNamespace

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _missing(ns: str, kind: str | None = None) -> str:
    """A name TF 2.21 has in ``ns`` that tfcompat neither implements nor lists (skips when there is none)."""
    api = api_coverage.load_tf_api()
    names = [n for n in api_coverage.coverage(api, [ns])[ns]["missing"] if kind is None or api[ns][n] == kind]
    if not names:
        pytest.skip(f"tfcompat implements every {kind or 'name'} of {ns}")
    return names[0]


def _module(ns: str):
    obj = tfcompat
    for part in ns.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("ns", ["tf", "tf.compat.v1", "tf.math", "tf.train", "tf.image", "tf.compat.v1.train"])
def test_a_name_tf_has_raises_one_clear_error(ns):
    name = _missing(ns, "function")
    with pytest.raises(NotImplementedError) as info:
        getattr(_module(ns), name)
    err = info.value
    assert isinstance(err, UnsupportedAPIError) and isinstance(err, AttributeError)
    assert str(err) == (f"{ns}.{name} is not supported by tfcompat: TensorFlow 2.21 has {ns}.{name}; tfcompat "
                        f"does not implement it (see migration_guide/unsupported.md)")
    assert err.listed is False


@pytest.mark.parametrize("ns", ["tf", "tf.compat.v1", "tf.math"])
def test_feature_detection_sees_missing_names_as_absent(ns):
    module = _module(ns)
    name = _missing(ns)
    assert not hasattr(module, name)
    sentinel = object()
    assert getattr(module, name, sentinel) is sentinel
    # a name TF does not have at all: Python's ordinary AttributeError, worded with TF's module name
    with pytest.raises(AttributeError) as info:
        module.no_such_tf_name_xyz
    assert not isinstance(info.value, NotImplementedError)
    assert str(info.value) == (f"module {'tensorflow' + ns[2:]!r} has no attribute 'no_such_tf_name_xyz'")


@pytest.mark.parametrize("expr, path, reason_key", [
    ("tf.estimator.BoostedTreesClassifier", "tf.estimator.BoostedTreesClassifier",
     "tf.estimator.BoostedTreesClassifier"),
    ("tf.tpu.experimental.initialize_tpu_system", "tf.tpu.experimental.initialize_tpu_system", "tf.tpu"),
    ("tf.distribute.TPUStrategy", "tf.distribute.TPUStrategy", "tf.distribute.TPUStrategy"),
    ("tf.distribute.experimental.ParameterServerStrategy", "tf.distribute.experimental.ParameterServerStrategy",
     "tf.distribute.experimental.ParameterServerStrategy"),
    ("tf.lite.TFLiteConverter", "tf.lite.TFLiteConverter", "tf.lite"),
    ("tf.compat.v1.tpu.rewrite", "tf.compat.v1.tpu.rewrite", "tf.compat.v1.tpu"),
])
def test_listed_apis_name_the_path_and_the_reason(expr, path, reason_key):
    tf = tfcompat  # noqa: F841 - the expressions are written as scripts write them
    with pytest.raises(NotImplementedError) as info:
        eval(expr)  # noqa: S307 - fixed test expressions
    assert str(info.value) == (f"{path} is not supported by tfcompat: {UNSUPPORTED[reason_key]} "
                               f"(see migration_guide/unsupported.md)")
    assert info.value.listed is True


def test_listed_tf_namespace_is_a_placeholder_like_tf_has_it():
    """TF has tf.tpu, so hasattr is True; everything under it raises."""
    assert hasattr(tfcompat, "tpu")
    assert isinstance(tfcompat.tpu, UnsupportedNamespace)
    assert not hasattr(tfcompat.tpu, "XLAOptions")
    with pytest.raises(NotImplementedError):
        tfcompat.tpu()


def test_missing_namespace_with_listed_entries_names_each_member():
    """tf.distribute is missing with listed strategies under it: a placeholder whose unlisted members say TF has
    them."""
    api = api_coverage.load_tf_api()
    if not isinstance(getattr(tfcompat, "distribute", None), UnsupportedNamespace):
        pytest.skip("tfcompat implements tf.distribute now")
    name = next(n for n in sorted(api["tf.distribute"]) if unsupported.reason_for(f"tf.distribute.{n}") is None
                and api["tf.distribute"][n] == "function")
    with pytest.raises(NotImplementedError) as info:
        getattr(tfcompat.distribute, name)
    assert info.value.reason == f"TensorFlow 2.21 has tf.distribute.{name}; tfcompat does not implement it"
    assert info.value.listed is False


def test_submodules_not_imported_yet_are_found():
    """A public subpackage file that nothing imported yet is returned, never reported as unsupported."""
    import sys
    saved = sys.modules.pop("tfcompat.graph_util", None)
    had = "graph_util" in vars(tfcompat)
    value = vars(tfcompat).pop("graph_util", None)
    try:
        module = tfcompat.graph_util
        assert module.__name__ == "tfcompat.graph_util"
    finally:
        if saved is not None:
            sys.modules["tfcompat.graph_util"] = saved
        if had:
            tfcompat.graph_util = value


def test_a_name_that_appears_later_is_never_cached_as_unsupported(monkeypatch):
    name = _missing("tf", "function")
    assert not hasattr(tfcompat, name)
    monkeypatch.setattr(tfcompat, name, lambda: "now here", raising=False)
    assert getattr(tfcompat, name)() == "now here"
    monkeypatch.delattr(tfcompat, name)
    assert not hasattr(tfcompat, name)


def test_coverage_counts_missing_and_listed_names_apart():
    cov = api_coverage.coverage(namespaces=["tf", "tf.compat.v1"])
    for ns, parts in cov.items():
        for name in parts["unsupported"]:
            assert unsupported.reason_for(f"{ns}.{name}") is not None, f"{ns}.{name}"
        for name in parts["missing"]:
            assert unsupported.reason_for(f"{ns}.{name}") is None, f"{ns}.{name}"
    assert "boolean_mask" in cov["tf"]["implemented"] and "tpu" in cov["tf"]["unsupported"]


def test_every_public_module_has_the_one_getattr():
    """Each public module that mirrors a TF namespace answers missing names through module_getattr."""
    api = api_coverage.load_tf_api()
    for ns in ("tf", "tf.compat.v1", "tf.math", "tf.linalg", "tf.train", "tf.image", "tf.io", "tf.data",
               "tf.summary", "tf.config", "tf.compat.v1.train", "tf.compat.v1.losses"):
        module = _module(ns)
        getter = vars(module).get("__getattr__")
        assert getter is not None and getter.__qualname__.startswith("module_getattr"), ns
        assert ns in api


def test_the_guide_page_is_generated_from_the_table():
    with open(os.path.join(ROOT, unsupported.GUIDE_PATH), encoding="utf-8") as f:
        assert f.read() == unsupported.render_markdown(), (
            "migration_guide/unsupported.md is stale: python -m tfcompat._src.tools.unsupported --write")
    for path in UNSUPPORTED:
        assert path.startswith("tf."), path
