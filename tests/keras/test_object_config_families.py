"""The Keras object families' ``get``/``serialize`` (keras/object_config.py's ``get_object``/``serialize_object``,
shared by activations, constraints, initializers, losses, metrics, regularizers) against tf-keras 2.21: what None
gives, the errors for what is not an identifier, the UserWarning for objects of another type, and the legacy
format (``use_legacy_format=True``) of objects, functions and None."""
from __future__ import annotations

import warnings

import pytest

FAMILIES = ["activations", "constraints", "initializers", "losses", "metrics", "regularizers"]


@pytest.mark.parametrize("family", FAMILIES)
def test_get_of_non_identifiers(oracle, family):
    def prog(tf):
        module = getattr(tf.keras, family)
        out = []
        for identifier in (None, 1.5, [1]):
            try:
                got = module.get(identifier)
                out.append(getattr(got, "__name__", got))
            except Exception as e:  # noqa: BLE001 - the exception is the result compared
                out.append((type(e).__name__, str(e)))
        return out
    oracle.check(prog)


# family -> (an instance of its base class, a function it resolves; initializers have none: ``zeros`` is a class)
_OBJECTS = {
    "constraints": (lambda K: K.constraints.NonNeg(), lambda K: K.constraints.max_norm),
    "initializers": (lambda K: K.initializers.Zeros(), lambda K: None),
    "losses": (lambda K: K.losses.Huber(), lambda K: K.losses.mean_squared_error),
    "metrics": (lambda K: K.metrics.Mean(), lambda K: K.metrics.binary_accuracy),
    "regularizers": (lambda K: K.regularizers.L2(0.5), lambda K: K.regularizers.l2),
}


@pytest.mark.parametrize("family", sorted(_OBJECTS))
def test_serialize_warnings_and_legacy_format(oracle, family):
    make_base, make_function = _OBJECTS[family]

    def prog(tf):
        K = tf.keras
        module = getattr(K, family)

        class Other:
            def get_config(self):
                return {"a": 1}

        def other_fn(x):
            return x

        out = []
        for obj in (None, make_base(K), Other(), make_function(K), other_fn):
            for legacy in (False, True):
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    try:
                        got = module.serialize(obj, use_legacy_format=legacy)
                    except Exception as e:  # noqa: BLE001 - the exception is the result compared
                        got = (type(e).__name__, str(e))
                # (the type's repr names this test's module: the same on both sides, shortened)
                messages = [str(w.message).replace(repr(type(obj)), "<type>") for w in caught
                            if "serialize()" in str(w.message)]
                if isinstance(got, dict) and got.get("module") not in (None, "builtins") and \
                        not str(got.get("module")).startswith("keras"):
                    got = dict(got, module="<test module>")
                out.append((got, messages))
        return out
    oracle.check(prog)


@pytest.mark.parametrize("family", ["constraints", "initializers", "losses", "regularizers"])
def test_get_of_names_and_classes(oracle, family):
    names = {"constraints": ["max_norm", "NonNeg"], "initializers": ["zeros", "GlorotUniform"],
             "losses": ["mse", "Huber", "categorical_crossentropy"], "regularizers": ["l2", "L1L2"]}[family]

    def prog(tf):
        module = getattr(tf.keras, family)
        out = []
        for name in names:
            got = module.get(name)
            out.append((type(got).__name__, getattr(got, "__name__", None)))
        base = {"constraints": "Constraint", "initializers": "Initializer", "losses": "Loss",
                "regularizers": "Regularizer"}[family]
        cls = getattr(module, base)
        got = module.get(cls)
        out.append(("class", got is cls, type(got).__name__))
        return out
    oracle.check(prog)
