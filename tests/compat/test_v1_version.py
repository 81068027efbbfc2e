"""``tf.compat.v1``'s version attributes (TF 1.x notebooks print ``tf.__version__`` with ``tf`` the v1 module)."""


def test_v1_module_has_version_attributes(oracle):
    oracle.check_v1(lambda v1: (v1.__version__, v1.VERSION, v1.GIT_VERSION != "", v1.__version__ == v1.VERSION))


def test_v1_version_is_not_exported_by_star_import():
    # TF's compat.v1 __all__ lists VERSION but not __version__ (a star import takes the former only).
    import tfcompat.compat.v1 as v1
    assert "VERSION" in v1.__all__ and "__version__" not in v1.__all__
